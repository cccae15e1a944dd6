// Where a back-end's worker runs. A module of its own, with no imports, so that the bin's early thread
// (early-thread.ts) can ask before the command line loads.

/**
 * Where a worker runs. `process`: a child process, for engines in wasm or native code (its memory is
 * watched and it is killed outright). `thread`: a thread of this process, for back-ends in plain
 * JavaScript: no second Node start, and `terminate()` stops it as surely as a kill.
 */
export type WorkerKind = 'process' | 'thread';

/**
 * Back-ends in JavaScript or wasm run in a thread of the caller (no second Node start, and messages that
 * stay in the process), still under the hard limits: a thread is terminated even inside a wasm loop.
 * Native engines (and Z3's and clingo's own worker threads) keep a worker process.
 */
const THREAD_BACKENDS = new Set(['rules', 'cdcl-loop', 'auto', 'cpsat-circuit']);

/**
 * Back-ends whose search stops itself at its time limit (it reads the clock inside its loops, every few
 * hundred steps; their set-up, which grows with the grid, does not) and whose memory grows only with that
 * search. A list tries each small puzzle in the caller's own thread first, for a short share of its limit
 * (own-thread-first.ts): no thread to start, no message per puzzle.
 */
const SELF_TIMED_BACKENDS = new Set(['rules', 'cdcl-loop', 'auto']);

/** Where a back-end (and its presolver spec, `rules:trial=off`) runs: a thread when both can. */
export function workerKindFor(backend: string, presolve?: string): WorkerKind {
  return bothIn(THREAD_BACKENDS, backend, presolve) ? 'thread' : 'process';
}

/** Whether a back-end (and its presolver spec) stops at its own time limit: a list may start on it in the caller's thread. */
export function selfTimed(backend: string, presolve?: string): boolean {
  return bothIn(SELF_TIMED_BACKENDS, backend, presolve);
}

const bothIn = (set: ReadonlySet<string>, backend: string, presolve?: string) => set.has(backend) && (!presolve || set.has(presolve.split(':')[0]));
