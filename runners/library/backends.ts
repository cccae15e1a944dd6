// The back-ends a program can name, as `backends --json` lists them.
import type { BackendOption } from '../../encodings/backend.ts';
import { backendRows } from '../harness/solving/backend-rows.ts';

export interface BackendInfo {
  name: string;
  description: string;
  /** Whether it can run here; when not, `reason` says why (a missing engine, an unsupported platform). */
  available: boolean;
  reason?: string;
  detail?: string;
  /** Its options (SolveOptions.options), each with its choices and default. */
  options: readonly BackendOption[];
  /** Whether it can presolve for another back-end (SolveOptions.presolve). */
  presolver: boolean;
  /** The engine and version, with `{ versions: true }` (loads every engine: seconds). */
  version?: string;
}

/** Every back-end with its description, whether it can run here and its options. */
export async function listBackends(options: { versions?: boolean } = {}): Promise<BackendInfo[]> {
  return backendRows(Boolean(options.versions));
}
