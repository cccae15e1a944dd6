// A presolver spec: a back-end ID, optionally with its own options, e.g. `rules` or `rules:trial=off,rules=basic`.
// The spec string is what travels to workers and into labels; it is parsed and checked here.
import type { Backend } from '../../encodings/backend.ts';
import { getBackend } from '../../encodings/registry.ts';
import { UsageError } from '../../encodings/errors.ts';
import { checkParams, parseParams } from './values.ts';

export interface Presolver {
  readonly backend: Backend;
  /** The presolver's own options, checked against what it declares. */
  readonly params: Readonly<Record<string, string>>;
}

export function parsePresolverSpec(spec: string): { name: string; params: Record<string, string> } {
  const at = spec.indexOf(':');
  if (at < 0) return { name: spec.trim(), params: {} };
  const options = spec.slice(at + 1).trim();
  if (!options) throw new UsageError(`presolver '${spec}': options after ':' are empty (write e.g. rules:trial=off)`);
  return { name: spec.slice(0, at).trim(), params: parseParams(options.split(',')) };
}

export async function loadPresolver(spec: string): Promise<Presolver> {
  const { name, params } = parsePresolverSpec(spec);
  const backend = await getBackend(name);
  if (!backend.presolve) throw new UsageError(`back-end '${backend.name}' cannot presolve`);
  checkParams(backend, params);
  return { backend, params };
}
