// A hard time limit for a back-end that runs in this process, so that `solve` need not start a second
// process for it. A small thread waits out the limit; if the run is still going, it stops the main
// thread's JavaScript through the inspector (Runtime.terminateExecution), which ends even a loop that
// never yields, as killing a worker would. The thread starts alongside the run and costs it nothing.
import { Worker } from 'node:worker_threads';

const RUNNING = 0;
const DONE = 1;
const FIRING = 2;
const FIRED = 3;

// CommonJS, evaluated: the thread loads no module of ours (and needs no TypeScript loader).
const THREAD = `
const { workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
setTimeout(() => {
  if (Atomics.compareExchange(state, 0, ${RUNNING}, ${FIRING}) !== ${RUNNING}) return;
  const session = new (require('node:inspector').Session)();
  session.connectToMainThread();
  session.post('Runtime.terminateExecution', () => Atomics.store(state, 0, ${FIRED}));
}, workerData.limitMs);
`;

/**
 * Runs `run` with a hard limit of `limitMs`: its value when it finishes in time, else `overrun(elapsedMs)`.
 * A run stopped this way never settles; what it left half done is the caller's to abandon (solve exits).
 */
export function withWatchdog<T>(limitMs: number, run: () => Promise<T>, overrun: (elapsedMs: number) => T): Promise<T> {
  const started = performance.now();
  const state = new Int32Array(new SharedArrayBuffer(4));
  const thread = new Worker(THREAD, { eval: true, workerData: { state: state.buffer, limitMs } });
  thread.unref();
  return new Promise<T>((resolve, reject) => {
    // The stop may land on the next callback instead of the run (when the main thread was idle): polling
    // survives that, and sees FIRED only after the stop has been spent.
    const poll = setInterval(() => {
      if (Atomics.load(state, 0) !== FIRED) return;
      clearInterval(poll);
      resolve(overrun(performance.now() - started));
    }, 20);
    const settle = (finish: () => void) => {
      if (Atomics.compareExchange(state, 0, RUNNING, DONE) !== RUNNING) return; // the watchdog won: its answer stands
      clearInterval(poll);
      void thread.terminate();
      finish();
    };
    // Started from a callback of its own, so that a stop ends that callback, not the caller's.
    setImmediate(() => {
      run().then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(error)),
      );
    });
  });
}
