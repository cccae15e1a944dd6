// The one-puzzle settings (solve's flags, and the scripts that solve one puzzle at a time) as a back-end's
// SolveOptions, read the same way wherever they are typed.
import type { BackendChoice } from '../../encodings/backend-spec.ts';
import type { SolveOptions } from '../../encodings/backend.ts';

export interface SolveFlags {
  /** The time limit, in ms. */
  timeout: number;
  unique?: boolean;
  certify?: boolean;
  seed: number;
  option?: Record<string, string>;
  presolve?: string;
  satEngine?: string;
}

/** The solve options of the flags: the back-end's own options (`--backend id:k=v`), and --option or --sat-engine over them. */
export function solveOptionsFrom(flags: SolveFlags, backend?: BackendChoice): SolveOptions {
  const params = { ...backend?.params, ...flags.option, ...(flags.satEngine ? { engine: flags.satEngine } : {}) };
  return { timeoutMs: flags.timeout, unique: Boolean(flags.unique || flags.certify), seed: flags.seed, params, ...(flags.certify ? { certify: true } : {}) };
}
