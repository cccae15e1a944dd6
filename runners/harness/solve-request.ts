// What `solve` and `serve` both do before a puzzle reaches a worker: find the back-end, refuse unknown
// options and a back-end that cannot run here (the same errors, so that the CLI and the HTTP service say
// the same line); where its worker runs is worker-kind.ts's.
import type { Backend } from '../../encodings/backend.ts';
import { requireAvailable, resolveBackendSpec } from '../../encodings/backend-spec.ts';

/** The back-end, checked: known (UnknownBackendError), its options declared (UsageError), runnable here (UsageError). */
export async function checkedBackend(id: string, params: Readonly<Record<string, string>>, availability = (b: Backend) => b.available()): Promise<Backend> {
  const { backend } = await resolveBackendSpec({ id, params });
  await requireAvailable(backend, () => availability(backend));
  return backend;
}
