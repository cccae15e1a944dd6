// A worker thread started by the bin before the command line loads: a thread's own Node start (about 20 ms here)
// then runs beside the command line's load and the reading of the puzzles, not after them. It loads the
// worker module and waits for its back-end; the first thread worker that asks for the same entry and heap
// takes it over. Shared by the bin and the bundled start path as one module (runners/start-bundle.ts).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { startPath } from './compiled.ts';
import { DEFAULT_LIMITS, DEFAULT_SOLVE_BACKEND } from '../plans/plan-defaults.ts';
import { selfTimed, workerKindFor } from '../../workers/worker-kind.ts';
import { isPuzzleLine, listVerdict } from '../../../encodings/formats/puzzle-lines.ts';
import type { ToWorker } from '../../workers/worker.ts';

/** A worker's old-generation cap (a thread's resource limit, a process's --max-old-space-size) for its memory cap: the rest of the cap is its wasm and buffers. */
export const workerHeapMb = (memoryMb: number): number => Math.max(256, Math.floor(memoryMb * 0.75));

let early: { worker: Worker; entry: string; heapMb: number; ended: boolean } | undefined;

/** Starts a worker thread (the compiled worker, under the default limits) unless one is waiting already; returns the one waiting. */
export function startEarlyThread(entry = startPath('worker'), heapMb = workerHeapMb(DEFAULT_LIMITS.memoryMb)): Worker {
  if (early && !early.ended) return early.worker;
  const worker = new Worker(entry, { stderr: true, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  // Unused (a back-end that runs in a process, an error in the flags), it must not keep the process alive.
  worker.unref();
  const slot = { worker, entry, heapMb, ended: false };
  const end = () => {
    slot.ended = true;
  };
  worker.once('error', end);
  worker.once('exit', end);
  early = slot;
  return worker;
}

/** The waiting thread, when it runs `entry` with this heap cap and is still alive; each thread is taken once. */
export function takeEarlyThread(entry: string, heapMb: number): Worker | undefined {
  const slot = early;
  if (!slot || slot.ended || slot.entry !== entry || slot.heapMb !== heapMb) return undefined;
  early = undefined;
  slot.worker.removeAllListeners('error');
  slot.worker.removeAllListeners('exit');
  return slot.worker;
}

/**
 * For `solve ARGS` (the bin's call): the thread, with solve's default back-end loaded ahead unless ARGS name
 * one; none when the back-end named runs in a process, or for --help. None either for a list when the
 * back-end stops at its own time limit: such a list starts in the command's own thread (own-thread-first.ts),
 * where a thread started for it would cost its start and its end (5-15 ms measured). Only a guess, made before
 * the command line is read: an init for another back-end loads its own, and a worker starts when needed.
 */
export function startSolveThread(args: readonly string[], stdinIsPipe = isPipe(0)): void {
  if (args.some((arg) => arg === '--in-process' || arg === '--help' || arg === '-h')) return;
  const named = flagValue(args, '--backend');
  const backend = named?.split(':')[0] ?? DEFAULT_SOLVE_BACKEND;
  const presolve = flagValue(args, '--presolve');
  if (workerKindFor(backend, presolve) === 'process') return;
  if (!args.includes('--certify') && selfTimed(backend, presolve) && args.some((arg) => (arg === '-' ? stdinIsPipe || holdsList(0) : !arg.startsWith('-') && holdsList(arg)))) return;
  const worker = startEarlyThread();
  if (named === undefined) worker.postMessage({ type: 'preload', backend: DEFAULT_SOLVE_BACKEND } satisfies ToWorker);
}

/** The value of `--flag VALUE` or `--flag=VALUE` in ARGS, as the command line will read it (the last one given). */
function flagValue(args: readonly string[], flag: string): string | undefined {
  let value: string | undefined;
  args.forEach((arg, i) => {
    if (arg === flag) value = args[i + 1] ?? '';
    else if (arg.startsWith(`${flag}=`)) value = arg.slice(flag.length + 1);
  });
  return value;
}

/**
 * Whether a file (a path, or standard input when it is a file) holds a list, as `solve` will tell
 * (listVerdict), from its first 64 KB read in place; anything else (a URL, a terminal, a missing file) is not.
 */
function holdsList(file: string | number): boolean {
  let fd: number | undefined;
  try {
    fd = typeof file === 'number' ? file : openSync(file, 'r');
    if (!fstatSync(fd).isFile()) return false;
    const head = Buffer.alloc(65536);
    // At position 0, so that standard input is still read whole by the command.
    const text = head.toString('utf8', 0, readSync(fd, head, 0, head.length, 0));
    return listVerdict(text.split('\n').filter(isPuzzleLine)) === true;
  } catch {
    return false;
  } finally {
    if (typeof file === 'string' && fd !== undefined) closeSync(fd);
  }
}

/** Whether a file descriptor is a pipe or socket (what a script writes to), not a file or terminal. */
function isPipe(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/** Ends the waiting thread unused (the bin found dist/ stale: the sources run, and their workers start from them). */
export function dropEarlyThread(): void {
  void early?.worker.terminate();
  early = undefined;
}
