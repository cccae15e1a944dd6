// Defaults that code without the settings table needs (a worker's limits, the browser build's time limit).
// A module of its own, so that a worker or the browser bundle does not load the table and its readers.
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

/** The time limit of a run when none is given (the table's `timeout` default). */
export const DEFAULT_TIMEOUT_MS = 60_000;
