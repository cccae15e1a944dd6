// A worker: loads one back-end once, then solves puzzles sent to it until told to stop. It runs as a child
// process (messages over IPC) or as a thread of the caller (messages over its port); worker-process.ts
// starts it and owns the limits (it kills the process or terminates the thread on timeout or memout).
import { parentPort, Worker, type MessagePort } from 'node:worker_threads';
import { elapsedMs, now } from '../../encodings/clock.ts';
import { getBackend } from '../../encodings/registry.ts';
import { isInputError } from '../../encodings/errors.ts';
import { solveWithBackend } from '../harness/solving/pipeline.ts';
import { puzzleFromWire, resultToWire, type WirePuzzle, type WireResult } from '../harness/solving/run-result.ts';
import type { Backend } from '../../encodings/backend.ts';
import type { Presolver } from '../harness/solving/presolver.ts';
import { preparedBackend } from '../harness/solving/solve-request.ts';
import { LookAhead } from './look-ahead.ts';

export type ToWorker =
  /** Loads a back-end's code ahead of its init (a guess made before the command line is read: an init for another back-end loads its own). */
  | { type: 'preload'; backend: string }
  | {
      type: 'init';
      backend: string;
      /** A presolver spec: `rules`, `rules:trial=off`. */
      presolver?: string;
      /** One puzzle, then exit: apply the back-end's oneShotV8Flags. */
      oneShot?: boolean;
      /** Options the runs will give: refused here, as the caller would refuse them, when the back-end does not declare them. */
      params?: Record<string, string>;
      /** A thread's channel for its answers (the caller can read it without sleeping); without it they go to the parent. */
      answers?: MessagePort;
    }
  | { type: 'solve'; id: number; puzzle: WirePuzzle; timeoutMs: number; unique: boolean; seed: number; params: Record<string, string>; certify?: boolean; proofFile?: string; freshCheck?: boolean };

export type FromWorker =
  | { type: 'ready'; prepareMs: number }
  /** peakRssMb: null from a thread, whose memory is its caller's process (the caller reads it when asked). */
  | { type: 'result'; id: number; result: WireResult; loop: Uint8Array | null; peakRssMb: number | null }
  /** usage: the caller's request was refused (an unknown back-end or option, one that cannot run here), not a fault. */
  | { type: 'failed'; message: string; usage?: boolean };

/** How often a process worker looks for its parent, in ms. */
const PARENT_WATCH_MS = 500;
/**
 * Ends this worker and every engine process it started: a process worker leads a process group of its own
 * (worker-process.ts starts it detached), so the group's kill reaches a native engine too, which would
 * otherwise run on, an orphan, to its own time limit. A worker that leads no group (none has its pid) ends alone.
 */
function endGroup(): void {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.kill(process.pid, 'SIGKILL');
  }
}
const PARENT_WATCH = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.parent) (${endGroup.toString()})();
}, workerData.everyMs);
`;

let backend: Backend | undefined;
let presolver: Presolver | undefined;
let v8Flags = '';

/** Where a thread's answers go: the channel its init gave, else its parent. */
let answers: MessagePort | undefined;
const send = (message: FromWorker) => {
  const port = answers ?? parentPort;
  if (port) port.postMessage(message);
  else process.send?.(message);
};

// One message at a time, in order: a solve sent while another runs (worker-process.ts sends the next puzzle
// ahead) waits for it, even where the back-end awaits inside its search.
let queue = Promise.resolve();
/** Messages taken but not yet begun. */
let queued = 0;
const take = (message: ToWorker) => {
  queued++;
  queue = queue
    .then(() => {
      queued--;
      return handle(message);
    })
    .catch((error: unknown) => {
      send({ type: 'failed', message: error instanceof Error ? error.message : String(error), usage: isInputError(error) });
    });
};
(parentPort ?? process).on('message', take);

/** After an answer with nothing queued, a thread worker looks for its next puzzle before it sleeps (look-ahead.ts). */
const lookAhead = new LookAhead();
function lookForNext(): void {
  if (!parentPort || queued > 0) return;
  // The oldest message not yet taken: with nothing queued here, the next one in order.
  const next = lookAhead.next(parentPort);
  if (next) take(next.message as ToWorker);
}
if (!parentPort) {
  process.on('disconnect', endGroup);
  // A search in synchronous code never hears its parent go: neither the IPC channel's close nor a signal
  // handler runs while the main thread is busy. A thread of this process is never blocked by it: it looks at
  // the parent's pid every half second (on Linux, a process whose parent died is given another parent at
  // once, whatever else it is doing) and then ends the worker's group, so that a killed run (a killed bench)
  // leaves neither a solver spinning nor an engine process running.
  new Worker(PARENT_WATCH, { eval: true, execArgv: [], workerData: { parent: process.ppid, everyMs: PARENT_WATCH_MS } }).unref();
}

async function handle(message: ToWorker): Promise<void> {
  if (message.type === 'preload') {
    // Whatever goes wrong here, the init says.
    await getBackend(message.backend).catch(() => undefined);
    return;
  }
  if (message.type === 'init') {
    const started = now();
    answers = message.answers;
    // Loaded for a one-shot worker only: node:v8 costs a warm worker's start a few ms.
    const oneShot = message.oneShot ? (await import('../harness/solving/one-shot-flags.ts')).applyOneShotFlags : undefined;
    // The checks the caller would make, made where the back-end is loaded anyway.
    ({ backend, presolver } = await preparedBackend(message.backend, message.params ?? {}, message.presolver, oneShot && ((loaded) => (v8Flags = oneShot(loaded)))));
    send({ type: 'ready', prepareMs: elapsedMs(started) });
    return;
  }
  if (!backend) throw new Error('worker was asked to solve before init');
  const puzzle = puzzleFromWire(message.puzzle);
  const result = await solveWithBackend(backend, puzzle, { timeoutMs: message.timeoutMs, unique: message.unique, seed: message.seed, params: message.params, certify: message.certify, proofFile: message.proofFile, ...(message.freshCheck ? { beforeCheck: (await import('../harness/solving/one-shot-flags.ts')).applyOneShotCheckFlags } : {}), presolver: presolver?.backend, presolverParams: presolver?.params });
  // The back-end's one-shot flags, then any the pipeline set for the check.
  if (v8Flags) result.stats.v8Flags = [v8Flags, result.stats.v8Flags].filter(Boolean).join(' ');
  const wire = resultToWire(result);
  send({ type: 'result', id: message.id, result: wire.result, loop: wire.loop, peakRssMb: parentPort ? null : Math.round(process.resourceUsage().maxRSS / 1024) });
  lookForNext();
}
