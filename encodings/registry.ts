// Every back-end, by ID: one line each. A module is imported only when its back-end is asked for, and
// modules load their solver libraries lazily (in prepare/solve), so that listing back-ends stays cheap.
// SLITHERBENCH_BACKENDS_DIR adds a folder of back-end modules (the tests' fixture back-ends use it).
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Backend } from './backend.ts';
import { UnknownBackendError } from './errors.ts';

type BackendModule = { default?: unknown };

const BACKENDS: Readonly<Record<string, () => Promise<BackendModule>>> = {
  'asp-closure': () => import('./backends/asp/asp-closure.ts'),
  'asp-reach': () => import('./backends/asp/asp-reach.ts'),
  auto: () => import('./backends/auto/auto.ts'),
  'cdcl-loop': () => import('./backends/cdcl/cdcl-loop.ts'),
  'cpsat-circuit': () => import('./backends/cpsat/cpsat-circuit.ts'),
  'glpk-cuts': () => import('./backends/ilp/glpk-cuts.ts'),
  'highs-cuts': () => import('./backends/ilp/highs-cuts.ts'),
  rules: () => import('./backends/rules/rules.ts'),
  'sat-closure': () => import('./backends/sat/sat-closure.ts'),
  'sat-distance': () => import('./backends/sat/sat-distance.ts'),
  'sat-lazy': () => import('./backends/sat/sat-lazy.ts'),
  'sat-reach': () => import('./backends/sat/sat-reach.ts'),
  'z3-lazy': () => import('./backends/smt/z3-lazy.ts'),
};

function isBackend(value: unknown): value is Backend {
  const b = value as Backend;
  return typeof b === 'object' && b !== null && typeof b.name === 'string' && typeof b.solve === 'function' && typeof b.available === 'function' && typeof b.version === 'function';
}

function fromModule(id: string, module: BackendModule): Backend {
  if (!isBackend(module.default) || module.default.name !== id) throw new Error(`internal: the module registered as '${id}' does not export that back-end`);
  return module.default;
}

let extras: Promise<Backend[]> | undefined;

/** Back-end modules in SLITHERBENCH_BACKENDS_DIR: every file whose default export is a Backend. */
function extraBackends(): Promise<Backend[]> {
  extras ??= (async () => {
    const dir = process.env.SLITHERBENCH_BACKENDS_DIR;
    if (!dir || !existsSync(dir)) return [];
    const base = pathToFileURL(dir.replace(/\/?$/, '/'));
    const out: Backend[] = [];
    const files = readdirSync(base).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
    // Compiled (dist/), this process has no TypeScript loader: TypeScript back-end modules bring tsx in.
    if (import.meta.url.endsWith('.js') && files.some((f) => f.endsWith('.ts'))) ((await import('tsx/esm/api')) as { register(): void }).register();
    for (const file of files) {
      const module = (await import(new URL(file, base).href)) as BackendModule;
      if (isBackend(module.default)) out.push(module.default);
    }
    return out;
  })();
  return extras;
}

/** The IDs of the built-in back-ends, sorted; no module is loaded. */
export const BACKEND_IDS: readonly string[] = Object.keys(BACKENDS).sort();

/** All back-ends, sorted by name. */
export async function listBackends(): Promise<Backend[]> {
  const builtin = await Promise.all(BACKEND_IDS.map(async (id) => fromModule(id, await BACKENDS[id]())));
  return [...builtin, ...(await extraBackends())].sort((a, b) => a.name.localeCompare(b.name));
}

export async function getBackend(name: string): Promise<Backend> {
  const load = Object.hasOwn(BACKENDS, name) ? BACKENDS[name] : undefined;
  if (load) return fromModule(name, await load());
  const extra = (await extraBackends()).find((b) => b.name === name);
  if (extra) return extra;
  const known = [...BACKEND_IDS, ...(await extraBackends()).map((b) => b.name)].sort();
  throw new UnknownBackendError(`unknown back-end '${name}' (known: ${known.join(', ')})`);
}
