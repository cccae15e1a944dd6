// A presolver spec: a back-end ID, optionally with its own options, in the back-end spec grammar, e.g. `rules`,
// `rules:trial=off:rules=basic` or the older `rules:trial=off,rules=basic`. The spec string is what travels to
// workers and into labels; it is parsed and checked here.
import type { Backend } from '../../../encodings/backend.ts';
import { parseBackendSpec, resolveBackendSpec } from '../../../encodings/backend-spec.ts';
import { UsageError } from '../../../encodings/errors.ts';

export interface Presolver {
  readonly backend: Backend;
  /** The presolver's own options, checked against what it declares. */
  readonly params: Readonly<Record<string, string>>;
}

export function parsePresolverSpec(spec: string): { name: string; params: Record<string, string> } {
  const { id, params } = parseBackendSpec(spec, `presolver '${spec}'`);
  return { name: id, params: { ...params } };
}

export async function loadPresolver(spec: string): Promise<Presolver> {
  const { backend, params } = await resolveBackendSpec(parseBackendSpec(spec, `presolver '${spec}'`));
  if (!backend.presolve) throw new UsageError(`back-end '${backend.name}' cannot presolve`);
  return { backend, params };
}
