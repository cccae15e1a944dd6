// What `backends --json` prints and `serve` answers at GET /backends: each back-end with its description,
// whether it can run here (and why not), its options, whether it can presolve, whether it certifies, and the
// grids it solves.
import { listBackends } from '../../../encodings/registry.ts';
import type { BackendOption } from '../../../encodings/backend.ts';

export interface BackendRow {
  name: string;
  description: string;
  available: boolean;
  detail?: string;
  reason?: string;
  options: readonly BackendOption[];
  presolver: boolean;
  /** Whether it certifies its unique and no-loop answers (`--certify`) with its default options. */
  certifies: boolean;
  /** Whether, with its default options, bench and serve certify its answers by default when uniqueness is asked (its proof costs little). */
  certifiesByDefault: boolean;
  /** `square` (the square grid only) or `any` (every grid of encodings/tilings/ too). */
  grids: 'square' | 'any';
  version?: string;
}

export async function backendRows(withVersions = false): Promise<BackendRow[]> {
  const backends = await listBackends();
  return Promise.all(
    backends.map(async (b) => {
      const availability = await b.available().catch((error: Error) => ({ available: false as const, reason: error.message }));
      return {
        name: b.name,
        description: b.description,
        available: availability.available,
        ...(availability.available ? (availability.detail ? { detail: availability.detail } : {}) : { reason: availability.reason }),
        options: b.options ?? [],
        presolver: typeof b.presolve === 'function',
        certifies: b.certifies?.({}) === true,
        certifiesByDefault: b.certifiesByDefault?.({}) === true,
        grids: b.grids ?? 'square',
        ...(withVersions && availability.available ? { version: await b.version().catch((error: Error) => `unknown (${error.message})`) } : {}),
      };
    }),
  );
}
