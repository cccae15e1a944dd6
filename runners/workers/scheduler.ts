// The one scheduler of workers, under bench and fuzz (the executor), the library's Solver, `solve` and `serve`:
// lanes keyed by back-end spec, each holding warm workers (WorkerProcess: it enforces the time and memory
// limits, and starts a killed or dead worker again when next asked) that its solves take in the order they asked.
import type { Puzzle } from '../../encodings/grid.ts';
import { DEFAULT_LIMITS, WorkerProcess, type SolveMessage, type WorkerLimits, type WorkerRun } from './worker-process.ts';
import { workerKindFor, type WorkerKind } from './worker-kind.ts';

/** The worker a solve needs: solves of one lane share its workers. */
export interface Lane {
  backend: string;
  /** A presolver spec: `rules`, `rules:trial=off`. */
  presolve?: string;
  /** The back-end's options, checked by the worker as it starts (an undeclared one is refused as a UsageError). */
  params?: Readonly<Record<string, string>>;
  /** Tells lanes apart (a label); default: the back-end, its options and the presolver. */
  key?: string;
}

/** A lane's name: its key, else `backend+presolve` (serve's /health shows it), with its options when it has any. */
export function laneKey(lane: Lane): string {
  if (lane.key !== undefined) return lane.key;
  const spec = lane.presolve ? `${lane.backend}+${lane.presolve}` : lane.backend;
  const options = Object.entries(lane.params ?? {});
  return options.length === 0 ? spec : JSON.stringify([spec, options.sort()]);
}

/** The answer of a solve whose worker could not start (its engine failed to load): status error, with why. */
export function couldNotStart(backend: string, error: Error): WorkerRun {
  return { result: { status: 'error', unique: null, solution: null, backend, timeMs: 0, stats: {}, message: `worker could not start: ${error.message}` }, wallMs: 0, peakRssMb: null };
}

/** Thrown to a solve whose caller left (its signal aborted) while it waited for a free worker: no worker ran it. */
export class LeftQueueError extends Error {
  override name = 'LeftQueueError';
}

export interface SchedulerOptions {
  limits: WorkerLimits;
  /** Where every worker runs; default: by back-end (workerKindFor), a thread for those in JavaScript or wasm. */
  kind?: WorkerKind;
  /** Workers of one lane: solves of one back-end at the same time. */
  perLane: number;
  /** Workers in all: a lane that needs one more stops an idle worker of another lane (the executor's job slots). */
  total: number;
  /**
   * A solve goes to the lane's worker even while it is busy, and waits inside it (its clock starts when it
   * begins), so that the next puzzle is there when one ends (solve's lists). Otherwise a solve waits here
   * for a free worker, and one that is cancelled meanwhile never reaches a worker.
   */
  sendAhead: boolean;
  /** A worker killed or dead after a solve starts again at once (serve), so that the next one finds it warm. */
  restartAtOnce: boolean;
  /** Each worker answers one puzzle and is killed (solve), so the back-end's one-shot V8 flags apply. */
  oneShot: boolean;
  /** The caller awaits each answer and has nothing else to do meanwhile (a Solver): see WorkerProcess.pollsForAnswers. */
  pollsForAnswers: boolean;
}

interface Waiter {
  take(worker: WorkerProcess): void;
  fail(error: Error): void;
}

interface LaneState {
  lane: Lane;
  workers: WorkerProcess[];
  /** Free workers; the last freed is taken first (the warmest). */
  idle: WorkerProcess[];
  waiting: Waiter[];
}

export class Scheduler {
  readonly options: SchedulerOptions;
  /** Solves after which a worker had died or was killed (timeout, memout, crash) and was started again at once. */
  restarts = 0;
  private readonly lanes = new Map<string, LaneState>();
  private count = 0;
  /** When each idle worker was freed: the one idle longest makes room for another lane. */
  private readonly freed = new Map<WorkerProcess, number>();
  private clock = 0;
  private closed: Error | undefined;

  constructor(options: Partial<SchedulerOptions> = {}) {
    this.options = { limits: DEFAULT_LIMITS, perLane: 1, total: Infinity, sendAhead: false, restartAtOnce: false, oneShot: false, pollsForAnswers: false, ...options };
  }

  /** Starts the lane's workers now, so that its first solve finds them loaded; rejects as a start does (a refused back-end: UsageError). */
  async start(lane: Lane): Promise<void> {
    if (this.closed) throw this.closed;
    const state = this.state(lane);
    while (state.workers.length < this.options.perLane && this.room()) {
      const worker = this.add(state);
      state.idle.push(worker);
      if (this.options.total !== Infinity) this.freed.set(worker, this.clock++);
    }
    await Promise.all(state.workers.map((worker) => worker.start()));
  }

  /** Solves on a free worker of the lane; a worker that could not start answers error (couldNotStart). */
  solve(lane: Lane, puzzle: Puzzle, message: SolveMessage, gone?: AbortSignal): Promise<WorkerRun> {
    return this.run(lane, (worker) => worker.solve(puzzle, message).catch((error: Error) => couldNotStart(lane.backend, error)), gone);
  }

  /**
   * Runs `use` on a free worker of the lane: at once when one is idle or may be started (the promise is then
   * `use`'s own), else when one is freed, in the order asked. `gone`: the caller left; a solve still waiting
   * then leaves the queue (rejected with LeftQueueError).
   */
  run<T>(lane: Lane, use: (worker: WorkerProcess) => Promise<T>, gone?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    const state = this.state(lane);
    const worker = this.free(state);
    if (worker) return this.using(state, worker, use);
    return this.wait(state, gone).then((taken) => this.using(state, taken, use));
  }

  /** Stops every worker; solves still running end with status error, those waiting and later ones are rejected with `reason`. */
  close(reason: Error = new Error('the workers were stopped')): void {
    this.closed = reason;
    for (const state of this.lanes.values()) {
      for (const worker of state.workers) worker.kill();
      for (const waiter of state.waiting.splice(0)) waiter.fail(reason);
    }
    this.lanes.clear();
    this.freed.clear();
    this.count = 0;
  }

  /** What each lane holds, for serve's GET /health. */
  describe(): { backend: string; workers: number; idle: number; waiting: number; starts: number }[] {
    return [...this.lanes].map(([key, state]) => ({ backend: key, workers: state.workers.length, idle: state.idle.length, waiting: state.waiting.length, starts: state.workers.reduce((n, w) => n + w.starts, 0) }));
  }

  private state(lane: Lane): LaneState {
    const key = laneKey(lane);
    let state = this.lanes.get(key);
    if (!state) this.lanes.set(key, (state = { lane, workers: [], idle: [], waiting: [] }));
    return state;
  }

  private add(state: LaneState): WorkerProcess {
    const { backend, presolve, params } = state.lane;
    const worker = new WorkerProcess(backend, presolve, this.options.limits, this.options.kind ?? workerKindFor(backend, presolve), this.options.oneShot, params);
    worker.pollsForAnswers = this.options.pollsForAnswers;
    state.workers.push(worker);
    this.count++;
    return worker;
  }

  /** A worker for a solve of this lane now, or none: it waits its turn. */
  private free(state: LaneState): WorkerProcess | undefined {
    if (this.options.sendAhead) return state.workers[0] ?? this.add(state);
    // Those waiting go first.
    if (state.waiting.length > 0) return undefined;
    const idle = state.idle.pop();
    if (idle) {
      if (this.options.total !== Infinity) this.freed.delete(idle);
      return idle;
    }
    return state.workers.length < this.options.perLane && this.room() ? this.add(state) : undefined;
  }

  /** Whether one more worker may start: under the total, or after the worker idle longest (of another lane) is stopped. */
  private room(): boolean {
    if (this.count < this.options.total) return true;
    let oldest: WorkerProcess | undefined;
    for (const [worker, at] of this.freed) if (!oldest || at < this.freed.get(oldest)!) oldest = worker;
    if (!oldest) return false;
    for (const state of this.lanes.values()) {
      if (!state.workers.includes(oldest)) continue;
      state.workers.splice(state.workers.indexOf(oldest), 1);
      state.idle.splice(state.idle.indexOf(oldest), 1);
    }
    this.freed.delete(oldest);
    oldest.kill();
    this.count--;
    return true;
  }

  private using<T>(state: LaneState, worker: WorkerProcess, use: (worker: WorkerProcess) => Promise<T>): Promise<T> {
    let done: Promise<T>;
    try {
      done = use(worker);
    } catch (error) {
      done = Promise.reject(error);
    }
    if (this.options.sendAhead) return done;
    // Freed before the caller hears the answer: a caller that solves again at once finds the worker idle.
    const release = () => this.release(state, worker);
    done.then(release, release);
    return done;
  }

  private release(state: LaneState, worker: WorkerProcess): void {
    // Stopped meanwhile (close, or it made room for another lane).
    if (this.closed || !state.workers.includes(worker)) return;
    if (this.options.restartAtOnce && !worker.running) {
      this.restarts++;
      void worker.start().catch(() => undefined);
    }
    const next = state.waiting.shift();
    if (next) return next.take(worker);
    state.idle.push(worker);
    // Without a total, no worker is ever stopped for room: none of this is needed.
    if (this.options.total === Infinity) return;
    this.freed.set(worker, this.clock++);
    // A lane waiting for room (all workers in use) may now stop this idle one for a worker of its own.
    for (const other of this.lanes.values()) {
      while (other.waiting.length > 0 && other.workers.length < this.options.perLane && this.room()) other.waiting.shift()!.take(this.add(other));
    }
  }

  private wait(state: LaneState, gone?: AbortSignal): Promise<WorkerProcess> {
    return new Promise<WorkerProcess>((resolve, reject) => {
      if (gone?.aborted) return reject(new LeftQueueError('the client left before a worker was free'));
      const leave = () => {
        state.waiting.splice(state.waiting.indexOf(waiter), 1);
        reject(new LeftQueueError('the client left before a worker was free'));
      };
      const waiter: Waiter = {
        take: (worker) => {
          gone?.removeEventListener('abort', leave);
          resolve(worker);
        },
        fail: (error) => {
          gone?.removeEventListener('abort', leave);
          reject(error);
        },
      };
      gone?.addEventListener('abort', leave, { once: true });
      state.waiting.push(waiter);
    });
  }
}
