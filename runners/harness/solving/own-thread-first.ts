// A list of puzzles for a back-end that stops at its own time limit (worker-kind.ts): each puzzle is tried
// in the caller's own thread first, for a short share of its limit: a worker thread's start and end cost more
// than a list of small puzzles takes to solve, and each puzzle is spared a message there and back. The first
// puzzle that needs longer goes to the worker with the rest of its limit, and every later one with it (so
// does the first too large to try): the hard limits hold for all long work.
import type { Backend } from '../../../encodings/backend.ts';
import type { Puzzle } from '../../../encodings/grid.ts';
import { elapsedMs, now, roundMs } from '../../../encodings/clock.ts';
import { solveWithBackend } from './pipeline.ts';
import type { Presolver } from './presolver.ts';
import type { RunResult } from './run-result.ts';
import type { SolveMessage, WorkerRun } from '../../workers/worker-process.ts';

/**
 * How long a puzzle may run in the caller's thread, in ms. With auto here a Loopy 10x10 takes well under a
 * millisecond and a 40x35 about 3.5: only a hard puzzle ends its try, and the list loses this much once.
 */
export const FIRST_TRY_MS = 100;
/**
 * The largest puzzle tried here, in cells. The back-ends read the clock in their search, not while they set it
 * up, which grows with the grid: with a 5 ms limit, auto stopped after 40-65 ms on a 100x100 and 160-190 ms on a
 * 200x200 here. A 50x50 keeps that within a few ms, and its memory small; larger puzzles go to the worker.
 */
export const FIRST_TRY_CELLS = 2500;

/** What solves a list's puzzles one by one: a WorkerProcess (started when first asked), or this. */
export interface ListSolver {
  /** The back-end's ID, for the answer to a line that is not a puzzle. */
  readonly backend: string;
  solve(puzzle: Puzzle, options: SolveMessage): Promise<Pick<WorkerRun, 'result'>>;
}

export class OwnThreadFirst implements ListSolver {
  /** Each puzzle waits for the one before it to be answered here or sent on, so that the worker gets them in order. */
  private turn: Promise<unknown> = Promise.resolve();
  /** Once a puzzle has gone to the worker, every puzzle after it does (a certified one goes alone). */
  private handedOver = false;

  /** `backend` (and `presolver`) checked and prepared in this thread. */
  constructor(
    private readonly loaded: Backend,
    private readonly presolver: Presolver | undefined,
    private readonly worker: ListSolver,
    private readonly firstTry = { ms: FIRST_TRY_MS, cells: FIRST_TRY_CELLS },
  ) {}

  get backend(): string {
    return this.worker.backend;
  }

  /** Solves one puzzle; like WorkerProcess.solve, a run's own failures come back as statuses. */
  solve(puzzle: Puzzle, options: SolveMessage): Promise<{ result: RunResult }> {
    const sent = this.turn.then(() => this.take(puzzle, options));
    // The next puzzle waits until this one is answered here or handed on, not for the worker's answer.
    this.turn = sent.catch(() => undefined);
    return sent.then((taken) => taken.answer);
  }

  private async take(puzzle: Puzzle, options: SolveMessage): Promise<{ answer: Promise<{ result: RunResult }> }> {
    // Too large to try here (its set-up is not timed): this puzzle and every later one go to the worker.
    if (puzzle.rows * puzzle.cols > this.firstTry.cells && !options.certify) this.handedOver = true;
    // A certified run's proof check has no clock of its own: it stays under the worker's limit.
    if (this.handedOver || options.certify) return { answer: this.worker.solve(puzzle, options) };
    const started = now();
    const firstTryMs = Math.min(options.timeoutMs, this.firstTry.ms);
    const tried = await solveWithBackend(this.loaded, puzzle, { ...options, timeoutMs: firstTryMs, presolver: this.presolver?.backend, presolverParams: this.presolver?.params });
    // Within its try, or its whole limit spent: the answer stands.
    if (tried.status !== 'timeout' || firstTryMs >= options.timeoutMs) return { answer: Promise.resolve({ result: tried }) };
    this.handedOver = true;
    const spentMs = elapsedMs(started);
    const answer = this.worker.solve(puzzle, { ...options, timeoutMs: Math.max(1, options.timeoutMs - spentMs) }).then(({ result }) => {
      // The puzzle's own time includes its try here, which its limit counted too.
      result.timeMs = roundMs(result.timeMs + tried.timeMs);
      result.stats.firstTryMs = tried.timeMs;
      return { result };
    });
    return { answer };
  }
}
