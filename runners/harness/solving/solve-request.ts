// What `solve` and `serve` both do before a puzzle reaches a worker: find the back-end, refuse unknown
// options and a back-end that cannot run here (the same errors, so that the CLI and the HTTP service say
// the same line); where its worker runs is runners/workers/worker-kind.ts's. And what loads a back-end where it will run.
import type { Backend, Params } from '../../../encodings/backend.ts';
import { requireAvailable, resolveBackendSpec } from '../../../encodings/backend-spec.ts';
import { loadPresolver, type Presolver } from './presolver.ts';

/** The back-end, checked: known (UnknownBackendError), its options declared (UsageError), runnable here (UsageError). */
export async function checkedBackend(id: string, params: Readonly<Record<string, string>>, availability = (b: Backend) => b.available()): Promise<Backend> {
  const { backend } = await resolveBackendSpec({ id, params });
  await requireAvailable(backend, () => availability(backend));
  return backend;
}

/**
 * The back-end (and its presolver spec) checked and prepared in this thread, where it will run: a worker's
 * init, or `solve`'s own thread. `beforePrepare` sees the back-end first (to set one-shot V8 flags).
 */
export async function preparedBackend(id: string, params: Params, presolve: string | undefined, beforePrepare?: (backend: Backend) => void): Promise<{ backend: Backend; presolver?: Presolver }> {
  const backend = await checkedBackend(id, params);
  const presolver = presolve ? await loadPresolver(presolve) : undefined;
  beforePrepare?.(backend);
  await backend.prepare?.();
  await presolver?.backend.prepare?.();
  return { backend, presolver };
}
