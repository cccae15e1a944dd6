// Solving from a program: each back-end runs in a worker (runners/workers/worker-process.ts, scheduled by
// runners/workers/scheduler.ts as for `solve`, `bench` and `serve`) under the same hard limits, so a run past
// its time is killed, not waited for. A Solver keeps its workers warm between puzzles; `solve` is one puzzle
// with a worker of its own.
import type { AnySolutionJson } from '../../encodings/solution.ts';
import type { Puzzle } from '../../encodings/grid.ts';
import type { Stats, Status } from '../../encodings/backend.ts';
import type { Certificate } from '../harness/solving/certificate.ts';
import { UsageError } from '../../encodings/errors.ts';
import { parseBackendSpec, specWithOptions } from '../../encodings/backend-spec.ts';
import { contractJson } from '../harness/solving/run-result.ts';
import { DEFAULT_LIMITS, type SolveMessage, type WorkerProcess, type WorkerRun } from '../workers/worker-process.ts';
import { couldNotStart, Scheduler, type Lane } from '../workers/scheduler.ts';
import { DEFAULT_SOLVE_BACKEND, DEFAULT_TIMEOUT_MS } from '../harness/plans/plan-defaults.ts';
import { checkedPuzzle, parsePuzzle } from './puzzles.ts';

export const DEFAULT_BACKEND = DEFAULT_SOLVE_BACKEND;
export { DEFAULT_TIMEOUT_MS };

/** What `solve --json` prints: the status, the verified loop, uniqueness, the back-end's own time and its stats. */
export interface SolveResult {
  status: Status;
  /** null unless uniqueness was asked for; then true when a second loop was proven not to exist. */
  unique: boolean | null;
  /** The loop, checked by the independent verifier, when status is solved. */
  solution: AnySolutionJson | null;
  backend: string;
  /** The back-end's engine and version, when it could tell. */
  version?: string;
  /** The back-end's own time (presolve, encode, solve, uniqueness) in ms: no worker start, no library load. */
  timeMs: number;
  stats: Stats;
  /** Why, when status is error, timeout or memout. */
  message?: string;
  /** True when the verifier rejected the back-end's answer (status is then error). */
  rejected?: boolean;
  /** With `certify`: whether the answer is certified by a proof the independent checker verified, or why not. */
  certificate?: Certificate;
}

/** How to solve: the back-end and its options, and the limits. */
export interface SolveOptions {
  /** A back-end ID (see listBackends), with options if any as the command line writes them (`cdcl-loop:core=typescript`); default auto. */
  backend?: string;
  /** More options of the back-end, as `solve --option key=value` gives them. */
  options?: Record<string, string>;
  /** Decide edges with this back-end's deduction first: `rules`, or with its options, `rules:trial=off`. */
  presolve?: string;
  /** Also prove or refute that the loop is unique. */
  unique?: boolean;
  /** Time limit for presolve, encode, solve and uniqueness, in ms (default 60,000); past it and a short grace the worker is killed. */
  timeoutMs?: number;
  /** Random seed for back-ends that take one (default 1). */
  seed?: number;
  /** Also certify a unique or no-loop answer with a proof checked by the independent checker (implies unique), where the back-end can. */
  certify?: boolean;
  /** Cancels the solve: the worker is stopped and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface SolverOptions {
  /** The back-end used when a solve names none (default auto). */
  backend?: string;
  options?: Record<string, string>;
  presolve?: string;
  /** Resident memory cap of a worker, in MB; past it the run is a memout. */
  memoryMb?: number;
}

/** A lane as a Solver asked for it, with the checks its worker made as it started. */
interface CheckedLane {
  lane: Lane;
  /** The back-end's options: from its spec and SolveOptions.options. */
  params: Readonly<Record<string, string>>;
  checked: Promise<void>;
  /** Set once the checks passed: a warm solve does not wait for them again. */
  passed: boolean;
  /** Made once per lane, not per solve: the answer when the worker could not start. */
  couldNotStart: (error: Error) => SolveResult;
}

/**
 * Keeps one warm worker per back-end (and presolve) for many solves; solves on one back-end run one after
 * another, on different back-ends side by side. `close()` stops the workers.
 */
export class Solver {
  /**
   * Each lane under two kinds of key: every spelling asked for (back-end spec, presolve, options), so that a warm
   * solve parses none of them again, and what they parse to, so that two spellings of one back-end share its
   * worker. A spelling holds a NUL character, which the parsed form (JSON) never does: the two never meet.
   */
  private readonly lanes = new Map<string, CheckedLane>();
  private readonly defaults: SolverOptions;
  /** The lane of the last solve that gave no options, and how it was asked for. */
  private last: { spec: string; presolve: string | undefined; lane: CheckedLane } | undefined;
  private closed = false;
  /** One worker per lane, and the caller awaits each answer: see WorkerProcess.pollsForAnswers. */
  private readonly workers: Scheduler;

  constructor(defaults: SolverOptions = {}) {
    this.defaults = { ...defaults };
    if (defaults.memoryMb !== undefined && !(Number.isFinite(defaults.memoryMb) && defaults.memoryMb > 0)) throw new UsageError(`memoryMb must be a positive number, got ${defaults.memoryMb}`);
    this.workers = new Scheduler({ limits: defaults.memoryMb ? { ...DEFAULT_LIMITS, memoryMb: defaults.memoryMb } : DEFAULT_LIMITS, pollsForAnswers: true });
  }

  /** Starts the worker of a back-end now, so that the first solve finds it loaded. */
  async warm(backend = this.defaults.backend ?? DEFAULT_BACKEND, options: Pick<SolveOptions, 'options' | 'presolve'> = {}): Promise<void> {
    const lane = this.lane(backend, options.presolve ?? this.defaults.presolve, options.options ?? this.defaults.options ?? {});
    await lane.checked;
    await this.workers.start(lane.lane);
  }

  /** Solves one puzzle (an object from parsePuzzle, or any text parsePuzzle reads). */
  solve(puzzle: Puzzle | string, options: SolveOptions = {}): Promise<SolveResult> {
    // Not an async function: a warm solve's promise is the worker's answer itself, with no turns of the event loop added on the way.
    try {
      return this.queue(puzzle, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private queue(puzzle: Puzzle | string, options: SolveOptions): Promise<SolveResult> {
    if (this.closed) throw new UsageError('this Solver is closed');
    const grid = typeof puzzle === 'string' ? parsePuzzle(puzzle) : checkedPuzzle(puzzle);
    const backend = options.backend ?? this.defaults.backend ?? DEFAULT_BACKEND;
    const params = options.options ?? this.defaults.options ?? NO_OPTIONS;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new UsageError(`timeoutMs must be a positive number, got ${timeoutMs}`);
    const seed = options.seed ?? 1;
    if (!Number.isInteger(seed)) throw new UsageError(`seed must be a whole number, got ${seed}`);
    const { signal } = options;
    signal?.throwIfAborted();
    const lane = this.lane(backend, options.presolve ?? this.defaults.presolve, params);
    const message: SolveMessage = { timeoutMs, unique: Boolean(options.unique), seed, params: lane.params };
    if (options.certify) message.certify = true;
    // Each solve waits for the lane's checks (until they passed once), then for its turn on the lane's worker;
    // a warm lane with nothing queued sends it to the worker now.
    const go = () => this.workers.run(lane.lane, (worker) => this.run(worker, lane, grid, message, signal));
    return lane.passed ? go() : lane.checked.then(go);
  }

  /** Stops every worker; solves still running end with status error, and later solves are refused. */
  close(): void {
    this.closed = true;
    this.workers.close(new UsageError('this Solver is closed'));
    this.lanes.clear();
    this.last = undefined;
  }

  private run(worker: WorkerProcess, lane: CheckedLane, puzzle: Puzzle, options: SolveMessage, signal?: AbortSignal): Promise<SolveResult> {
    // Cancelled while waiting its turn: the worker never sees it.
    if (signal?.aborted) return Promise.reject(signal.reason);
    const { couldNotStart } = lane;
    if (!signal) return worker.solve(puzzle, options).then(answer, couldNotStart);
    const stop = () => worker.kill();
    signal.addEventListener('abort', stop, { once: true });
    const stopped = () => {
      signal.removeEventListener('abort', stop);
      // The worker was stopped by the signal: its "died" answer is no answer.
      signal.throwIfAborted();
    };
    return worker.solve(puzzle, options).then(
      (run) => (stopped(), answer(run)),
      (error: Error) => (stopped(), couldNotStart(error)),
    );
  }

  private lane(spec: string, presolve: string | undefined, options: Readonly<Record<string, string>>): CheckedLane {
    // The usual warm solve asks for the same back-end as the last and gives no options: found with no spelling written.
    const last = this.last;
    if (last && options === NO_OPTIONS && last.spec === spec && last.presolve === presolve) return last.lane;
    if (typeof spec !== 'string' || !spec) throw new UsageError('backend must be a back-end ID (see listBackends), with options if any, e.g. cdcl-loop:core=typescript');
    if (typeof options !== 'object' || options === null || Object.values(options).some((v) => typeof v !== 'string')) throw new UsageError('options must be an object of strings, e.g. { trial: "off" }');
    const spelling = `${spec}\u0000${presolve ?? ''}${isEmpty(options) ? '' : `\u0000${JSON.stringify(options)}`}`;
    const known = this.lanes.get(spelling);
    if (known) return known;
    // The back-end as the command line names it (`cdcl-loop:core=typescript`), with `options` over its own.
    const { id: backend, params: merged } = specWithOptions(parseBackendSpec(spec, 'backend'), options);
    const params = Object.freeze(merged);
    const key = JSON.stringify([backend, presolve ?? '', Object.entries(params).sort()]);
    let lane = this.lanes.get(key);
    if (!lane) {
      const asked: Lane = { backend, presolve, params, key };
      // The same checks as `solve`, made by the worker as it loads the back-end (this thread loads none): an
      // unknown back-end or option, or one that cannot run here, is a UsageError. Any other failure to start
      // is the solve's answer (couldNotStart).
      const checked = this.workers.start(asked).catch((error: unknown) => {
        if (error instanceof UsageError) throw error;
      });
      const made: CheckedLane = {
        lane: asked,
        params,
        checked,
        passed: false,
        couldNotStart: (error) => answer(couldNotStart(backend, error)),
      };
      lane = made;
      checked.then(() => {
        made.passed = true;
      }, () => undefined);
      this.lanes.set(key, lane);
      // A lane whose checks failed is not kept: the next solve asks again (and fails the same way).
      checked.catch(() => {
        for (const [written, known] of this.lanes) if (known === lane) this.lanes.delete(written);
        if (this.last?.lane === lane) this.last = undefined;
      });
    }
    this.lanes.set(spelling, lane);
    if (options === NO_OPTIONS) this.last = { spec, presolve, lane };
    return lane;
  }
}

/** A solve's options when it gives none: one object, so that such a solve's lane is known by identity. */
const NO_OPTIONS: Readonly<Record<string, string>> = Object.freeze({});

function answer(run: WorkerRun): SolveResult {
  return contractJson(run.result) as unknown as SolveResult;
}

function isEmpty(options: object): boolean {
  for (const _ in options) return false;
  return true;
}

/** Solves one puzzle in a worker of its own, stopped afterwards. For many puzzles, a Solver keeps the worker warm. */
export async function solve(puzzle: Puzzle | string, options: SolveOptions = {}): Promise<SolveResult> {
  const solver = new Solver();
  try {
    return await solver.solve(puzzle, options);
  } finally {
    solver.close();
  }
}
