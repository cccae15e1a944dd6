// The defaults of a plan when neither a flag nor the experiment file sets a value. A module of its own, so
// that the flag table (read by every command) does not load the experiment-file reader (yaml and zod) with them.
export interface WorkerLimits {
  /** Resident memory cap per worker process, in MB. */
  memoryMb: number;
  /** Extra time past the run's timeout before the process is killed, in ms. */
  graceMs: number;
}

/** A worker's limits unless told otherwise (here rather than in worker-process.ts, which loads the pipeline). */
export const DEFAULT_LIMITS: WorkerLimits = { memoryMb: 4096, graceMs: 2000 };

/** The back-end that solve, serve and the library run when none is named. */
export const DEFAULT_SOLVE_BACKEND = 'auto';

export const PLAN_DEFAULTS = Object.freeze({
  dataset: 'quick',
  timeout: 60,
  unique: false,
  certify: false,
  repeat: 1,
  seed: 1,
  memoryMb: DEFAULT_LIMITS.memoryMb,
});
