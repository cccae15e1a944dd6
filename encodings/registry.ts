// Back-ends are discovered: every module in encodings/backends/ whose default export is a Backend.
// Adding a back-end is adding one file there. Modules must load their solver libraries lazily
// (in prepare/solve), so that listing back-ends stays cheap.
import { existsSync, readdirSync } from 'node:fs';
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
    const files = (existsSync(directory) ? readdirSync(directory) : []).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('_')).sort();
    const backends: Backend[] = [];
    for (const file of files) {
      const module = (await import(new URL(file, directory).href)) as { default?: unknown };
      if (isBackend(module.default)) backends.push(module.default);
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
