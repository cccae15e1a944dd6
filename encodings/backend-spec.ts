// The one way a user names back-ends with options, on every command line, in experiment files and in the
// library: `cdcl-loop:core=typescript,rules`. A comma separates back-ends, a colon separates a back-end from
// its options, and several options follow as `id:k=v:k=v`; a `k=v` after a comma belongs to the back-end
// before it, so the older presolver form `rules:trial=off,rules=basic` reads the same. Every option is checked
// against what the back-end declares, and "cannot run here" is said in one place.
import { checkParams, type Backend } from './backend.ts';
import { UnknownBackendError, UsageError } from './errors.ts';
import { getBackend } from './registry.ts';

// Checked where the options are declared (backend.ts), so that the browser build needs no registry.
export { checkParams };

/** A back-end ID with the options given for it, as written (not yet checked against the registry). */
export interface BackendChoice {
  readonly id: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Parses a comma-separated list of back-end specs; `where` (a flag or a file position) starts every error. */
export function parseBackendList(text: string, where = '--backends'): BackendChoice[] {
  const specs: { id: string; params: Record<string, string> }[] = [];
  for (const raw of text.split(',')) {
    const piece = raw.trim();
    if (!piece) continue;
    const colon = piece.indexOf(':');
    if (colon < 0 && piece.includes('=')) {
      const last = specs.at(-1);
      if (!last) throw new UsageError(`${where}: '${piece}' comes before any back-end; write it after one, e.g. rules:${piece}`);
      addPair(last, piece, where);
      continue;
    }
    const id = (colon < 0 ? piece : piece.slice(0, colon)).trim();
    if (!/^[A-Za-z0-9][\w.-]*$/.test(id)) throw new UsageError(`${where}: '${id}' is not a back-end ID (in '${piece}')`);
    const spec = { id, params: {} as Record<string, string> };
    if (colon >= 0) {
      const pairs = piece.slice(colon + 1).split(':');
      if (pairs.every((p) => !p.trim())) throw new UsageError(`${where}: options after '${id}:' are empty (write e.g. ${id}:key=value)`);
      for (const pair of pairs) addPair(spec, pair, where);
    }
    specs.push(spec);
  }
  if (specs.length === 0) throw new UsageError(`${where}: no back-end given`);
  return specs;
}

/** Parses exactly one back-end spec, e.g. `rules:trial=off` for --presolve. */
export function parseBackendSpec(text: string, where: string): BackendChoice {
  const specs = parseBackendList(text, where);
  if (specs.length > 1) throw new UsageError(`${where}: one back-end expected, got ${specs.length} (${specs.map((s) => s.id).join(', ')})`);
  return specs[0];
}

/**
 * The spec with options given beside it (the library's and serve's `options`), which add to its own or override
 * them: `cdcl-loop:core=typescript` with `{ core: 'wasm' }` is cdcl-loop with core=wasm.
 */
export function specWithOptions(spec: BackendChoice, options: Readonly<Record<string, string>>): BackendChoice {
  return { id: spec.id, params: { ...spec.params, ...options } };
}

/** Parses `key=value` pairs, as the repeatable `--option key=value` gives them; a key given twice keeps the last value. */
export function parseOptionPairs(pairs: readonly string[], where = '--option'): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`${where} takes key=value, got '${pair}'`);
    params[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return params;
}

function addPair(spec: { id: string; params: Record<string, string> }, pair: string, where: string): void {
  const text = pair.trim();
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`${where}: an option of '${spec.id}' is key=value, got '${text}'`);
  const key = text.slice(0, at).trim();
  const value = text.slice(at + 1).trim();
  if (!value) throw new UsageError(`${where}: option '${key}' of '${spec.id}' has no value`);
  if (Object.hasOwn(spec.params, key)) throw new UsageError(`${where}: option '${key}' of '${spec.id}' is given twice`);
  spec.params[key] = value;
}

/** The spec as written canonically: `id`, or `id:k=v:k=v` in the order given. */
export function formatBackendSpec(spec: BackendChoice): string {
  return [spec.id, ...Object.entries(spec.params).map(([k, v]) => `${k}=${v}`)].join(':');
}

/** The name a back-end with options (and a presolver) has in results, e.g. `sat-closure[closure=squaring]+rules`. */
export function backendLabel(id: string, params: Readonly<Record<string, string>>, presolve?: string): string {
  const own = Object.entries(params);
  return `${id}${own.length ? `[${own.map(([k, v]) => `${k}=${v}`).join(',')}]` : ''}${presolve ? `+${presolve}` : ''}`;
}

/** The back-end a spec names, its options checked; an unknown ID is an UnknownBackendError naming the known ones. */
export async function resolveBackendSpec(spec: BackendChoice, where?: string): Promise<{ backend: Backend; params: Record<string, string> }> {
  let backend: Backend;
  try {
    backend = await getBackend(spec.id);
  } catch (error) {
    if (where && error instanceof UnknownBackendError) throw new UnknownBackendError(`${where}: ${error.message}`);
    throw error;
  }
  checkParams(backend, spec.params, where);
  return { backend, params: { ...spec.params } };
}

/** Throws a UsageError when the back-end cannot run on this machine: the one place that says so. */
export async function requireAvailable(backend: Backend, availability = () => backend.available()): Promise<void> {
  const can = await availability();
  if (!can.available) throw new UsageError(`back-end '${backend.name}' cannot run here: ${can.reason}`);
}

/** The back-ends that can run here, and the others as `id (why not)`, for commands that take what they can. */
export async function splitAvailable(backends: readonly Backend[]): Promise<{ usable: Backend[]; skipped: string[] }> {
  const usable: Backend[] = [];
  const skipped: string[] = [];
  for (const backend of backends) {
    const can = await backend.available();
    if (can.available) usable.push(backend);
    else skipped.push(`${backend.name} (${can.reason})`);
  }
  return { usable, skipped };
}
