// Where a worker starts from, and how this process's workers started (run.json's `workerStarts`).
import { REPOSITORY, startPath, useCompiled } from '../harness/start-up/compiled.ts';

/** The worker's entry and the Node flags it needs: compiled JS when dist/ is up to date, else the source through tsx. */
export function workerEntry(): { path: string; execArgv: string[] } {
  if (useCompiled()) return { path: startPath('worker'), execArgv: [] };
  return { path: `${REPOSITORY}runners/workers/worker.ts`, execArgv: ['--import', import.meta.resolve('tsx')] };
}

export interface WorkerStart {
  backend: string;
  /** From fork to the worker's ready message: process start, module load and the back-end's prepare. */
  startMs: number;
  /** The back-end's load and prepare alone, as the worker measured it. */
  prepareMs: number;
}
const startsHere: WorkerStart[] = [];
/** The Node and V8 flags of the last worker process started (tsx's loader left out), for run.json. */
let lastNodeFlags: string[] = [];

/** Notes a worker's start once it is ready. */
export function recordStart(start: WorkerStart): void {
  startsHere.push(start);
}

/** Notes the Node and V8 flags a worker process was started with. */
export function recordNodeFlags(flags: string[]): void {
  lastNodeFlags = flags;
}

/** How this process's workers started, by back-end (run.json's `workerStarts`): what each run did not pay inside its own time. */
export function workerStartSummary(): { from: 'dist' | 'tsx'; nodeFlags: string[]; oneShotV8Flags: 'not applied (workers stay warm)'; backends: Record<string, { starts: number; medianStartMs: number; maxStartMs: number; medianPrepareMs: number }> } {
  const backends: Record<string, { starts: number; medianStartMs: number; maxStartMs: number; medianPrepareMs: number }> = {};
  for (const backend of [...new Set(startsHere.map((s) => s.backend))].sort()) {
    const mine = startsHere.filter((s) => s.backend === backend);
    const middle = (values: number[]) => Math.round(values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]);
    backends[backend] = { starts: mine.length, medianStartMs: middle(mine.map((s) => s.startMs)), maxStartMs: Math.round(Math.max(...mine.map((s) => s.startMs))), medianPrepareMs: middle(mine.map((s) => s.prepareMs)) };
  }
  return { from: useCompiled() ? 'dist' : 'tsx', nodeFlags: lastNodeFlags, oneShotV8Flags: 'not applied (workers stay warm)', backends };
}
