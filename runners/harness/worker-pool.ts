// Warm workers for a long-running caller (`serve`): per back-end (and presolver), a few WorkerProcess
// instances that stay loaded between puzzles, each running one puzzle at a time under bench's limits. A
// request waits in its back-end's queue for a free worker; past `maxPending` requests in all it is refused
// at once (the caller answers 503), so that a burst never queues more work than the machine can finish.
import type { Puzzle } from '../../encodings/grid.ts';
import { DEFAULT_LIMITS, WorkerProcess, type WorkerLimits, type WorkerRun } from './worker-process.ts';
import { workerKindFor } from './worker-kind.ts';

export interface PoolOptions {
  /** Workers per back-end: puzzles of one back-end solved at the same time. */
  workersPerBackend: number;
  /** Requests queued or running, over all back-ends, before new ones are refused. */
  maxPending: number;
  limits: WorkerLimits;
}

export interface PoolRequest {
  backend: string;
  presolve?: string;
  puzzle: Puzzle;
  timeoutMs: number;
  unique: boolean;
  seed: number;
  params: Record<string, string>;
  /** Certify the answer (the result carries its certificate). */
  certify?: boolean;
}

/** Thrown by `solve` when the pool is full: the caller should come back later. */
export class PoolFullError extends Error {
  override name = 'PoolFullError';
}

/** Thrown by `solve` when its caller left while the request was still queued: no worker ran it. */
export class PoolLeftError extends Error {
  override name = 'PoolLeftError';
}

interface Lane {
  workers: WorkerProcess[];
  idle: WorkerProcess[];
  waiting: ((worker: WorkerProcess) => void)[];
}

export class WorkerPool {
  private readonly lanes = new Map<string, Lane>();
  private pending = 0;
  /** Runs after which a worker had died or was killed (timeout, memout, crash) and was started again. */
  restarts = 0;
  solved = 0;
  readonly options: PoolOptions;

  constructor(options: Partial<PoolOptions> = {}) {
    this.options = { workersPerBackend: 2, maxPending: 32, limits: DEFAULT_LIMITS, ...options };
  }

  get inFlight(): number {
    return this.pending;
  }

  /** Starts a back-end's workers now, so that its first request finds them loaded. */
  async warm(backend: string, presolve?: string): Promise<void> {
    const lane = this.lane(backend, presolve);
    await Promise.all(lane.workers.map((w) => w.start()));
  }

  /** Solves on a free worker of the request's back-end. `gone`: the caller no longer wants the answer; a request still queued then leaves the queue (rejected with PoolLeftError). */
  async solve(request: PoolRequest, gone?: AbortSignal): Promise<WorkerRun> {
    if (this.pending >= this.options.maxPending) throw new PoolFullError(`${this.pending} requests are queued or running (limit ${this.options.maxPending})`);
    this.pending++;
    const lane = this.lane(request.backend, request.presolve);
    let worker: WorkerProcess;
    try {
      worker = lane.idle.pop() ?? (await this.queue(lane, gone));
    } catch (error) {
      this.pending--;
      throw error;
    }
    try {
      const { puzzle, timeoutMs, unique, seed, params, certify } = request;
      const run = await worker.solve(puzzle, { timeoutMs, unique, seed, params, ...(certify ? { certify } : {}) }).catch((error: Error): WorkerRun => ({
        // The worker could not even start (its engine failed to load): the request answers error.
        result: { status: 'error', unique: null, solution: null, backend: request.backend, timeMs: 0, stats: {}, message: error.message },
        wallMs: 0,
        peakRssMb: null,
      }));
      if (run.result.status === 'error' || run.result.status === 'timeout' || run.result.status === 'memout') {
        // A worker killed or dead is started again at once, so that the next request finds it warm.
        if (!worker.running) {
          this.restarts++;
          void worker.start().catch(() => undefined);
        }
      }
      this.solved++;
      return run;
    } finally {
      this.pending--;
      const next = lane.waiting.shift();
      if (next) next(worker);
      else lane.idle.push(worker);
    }
  }

  private queue(lane: Lane, gone?: AbortSignal): Promise<WorkerProcess> {
    return new Promise<WorkerProcess>((resolve, reject) => {
      const leave = () => {
        lane.waiting.splice(lane.waiting.indexOf(take), 1);
        reject(new PoolLeftError('the client left before a worker was free'));
      };
      const take = (worker: WorkerProcess) => {
        gone?.removeEventListener('abort', leave);
        resolve(worker);
      };
      if (gone?.aborted) return reject(new PoolLeftError('the client left before a worker was free'));
      gone?.addEventListener('abort', leave, { once: true });
      lane.waiting.push(take);
    });
  }

  /** What each lane holds, for GET /health. */
  describe(): { backend: string; workers: number; idle: number; waiting: number; starts: number }[] {
    return [...this.lanes].map(([key, lane]) => ({ backend: key, workers: lane.workers.length, idle: lane.idle.length, waiting: lane.waiting.length, starts: lane.workers.reduce((n, w) => n + w.starts, 0) }));
  }

  close(): void {
    for (const lane of this.lanes.values()) for (const w of lane.workers) w.kill();
    this.lanes.clear();
  }

  private lane(backend: string, presolve?: string): Lane {
    const key = presolve ? `${backend}+${presolve}` : backend;
    let lane = this.lanes.get(key);
    if (!lane) {
      const kind = workerKindFor(backend, presolve);
      const workers = Array.from({ length: this.options.workersPerBackend }, () => new WorkerProcess(backend, presolve, this.options.limits, kind));
      lane = { workers, idle: [...workers], waiting: [] };
      this.lanes.set(key, lane);
    }
    return lane;
  }
}
