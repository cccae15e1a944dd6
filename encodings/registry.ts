// Back-ends are discovered: every module in encodings/backends/ whose default export is a Backend.
// Adding a back-end is adding one file there. Modules must load their solver libraries lazily
// (in prepare/solve), so that listing back-ends stays cheap.
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Backend } from './backend.ts';

const directory = new URL('./backends/', import.meta.url);
let cache: Promise<Backend[]> | undefined;

function isBackend(value: unknown): value is Backend {
  const b = value as Backend;
  return typeof b === 'object' && b !== null && typeof b.name === 'string' && typeof b.solve === 'function' && typeof b.available === 'function';
}

/** All back-ends, sorted by name. */
export function listBackends(): Promise<Backend[]> {
  cache ??= (async () => {
    // SLITHERBENCH_BACKENDS_DIR adds a folder of back-end modules (the tests' fixture back-ends use it).
    const extra = process.env.SLITHERBENCH_BACKENDS_DIR ? pathToFileURL(process.env.SLITHERBENCH_BACKENDS_DIR.replace(/\/?$/, '/')) : undefined;
    const backends: Backend[] = [];
    for (const dir of extra ? [directory, extra] : [directory]) {
      const files = (existsSync(dir) ? readdirSync(dir) : []).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('_')).sort();
      for (const file of files) {
        const module = (await import(new URL(file, dir).href)) as { default?: unknown };
        if (isBackend(module.default)) backends.push(module.default);
      }
    }
    return backends.sort((a, b) => a.name.localeCompare(b.name));
  })();
  return cache;
}

export class UnknownBackendError extends Error {
  override name = 'UnknownBackendError';
}

export async function getBackend(name: string): Promise<Backend> {
  const all = await listBackends();
  const found = all.find((b) => b.name === name);
  if (!found) throw new UnknownBackendError(`unknown back-end '${name}' (known: ${all.map((b) => b.name).join(', ') || 'none'})`);
  return found;
}
