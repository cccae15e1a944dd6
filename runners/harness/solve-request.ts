// What `solve` and `serve` both do before a puzzle reaches a worker: find the back-end, refuse unknown
// options and a back-end that cannot run here (the same errors, so that the CLI and the HTTP service say
// the same line), and choose where its worker runs.
import type { Backend } from '../../encodings/backend.ts';
import { requireAvailable, resolveBackendSpec } from '../../encodings/backend-spec.ts';
import type { WorkerKind } from './worker-process.ts';

/**
 * Back-ends in JavaScript or wasm run in a thread of the caller (no second Node start, and messages that
 * stay in the process), still under the hard limits: a thread is terminated even inside a wasm loop.
 * Native engines (and Z3's and clingo's own worker threads) keep a worker process.
 */
const THREAD_BACKENDS = new Set(['rules', 'cdcl-loop', 'auto', 'cpsat-circuit']);

/** Where a back-end (and its presolver spec, `rules:trial=off`) runs: a thread when both can. */
export function workerKindFor(backend: string, presolve?: string): WorkerKind {
  return THREAD_BACKENDS.has(backend) && (!presolve || THREAD_BACKENDS.has(presolve.split(':')[0])) ? 'thread' : 'process';
}

/** The back-end, checked: known (UnknownBackendError), its options declared (UsageError), runnable here (UsageError). */
export async function checkedBackend(id: string, params: Readonly<Record<string, string>>, availability = (b: Backend) => b.available()): Promise<Backend> {
  const { backend } = await resolveBackendSpec({ id, params });
  await requireAvailable(backend, () => availability(backend));
  return backend;
}
