// The service's workers: the one scheduler (runners/workers/scheduler.ts) with a few warm workers per back-end
// (and presolver), each running one puzzle at a time under bench's limits, and started again at once after a
// kill. A request waits in its back-end's queue for a free worker; past `maxPending` requests in all it is
// refused at once (the caller answers 503), so that a burst never queues more work than the machine can finish.
import type { Puzzle } from '../../encodings/grid.ts';
import { DEFAULT_LIMITS, type WorkerLimits, type WorkerRun } from '../workers/worker-process.ts';
import { Scheduler } from '../workers/scheduler.ts';

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

export class WorkerPool {
  private readonly workers: Scheduler;
  private pending = 0;
  solved = 0;
  readonly options: PoolOptions;

  constructor(options: Partial<PoolOptions> = {}) {
    this.options = { workersPerBackend: 2, maxPending: 32, limits: DEFAULT_LIMITS, ...options };
    this.workers = new Scheduler({ limits: this.options.limits, perLane: this.options.workersPerBackend, restartAtOnce: true });
  }

  get inFlight(): number {
    return this.pending;
  }

  /** Runs after which a worker had died or was killed (timeout, memout, crash) and was started again. */
  get restarts(): number {
    return this.workers.restarts;
  }

  /** Starts a back-end's workers now, so that its first request finds them loaded. */
  warm(backend: string, presolve?: string): Promise<void> {
    return this.workers.start({ backend, presolve });
  }

  /** Solves on a free worker of the request's back-end. `gone`: the caller no longer wants the answer; a request still queued then leaves the queue (rejected with LeftQueueError). */
  async solve(request: PoolRequest, gone?: AbortSignal): Promise<WorkerRun> {
    if (this.pending >= this.options.maxPending) throw new PoolFullError(`${this.pending} requests are queued or running (limit ${this.options.maxPending})`);
    this.pending++;
    try {
      const { backend, presolve, puzzle, timeoutMs, unique, seed, params, certify } = request;
      const run = await this.workers.solve({ backend, presolve }, puzzle, { timeoutMs, unique, seed, params, ...(certify ? { certify } : {}) }, gone);
      this.solved++;
      return run;
    } finally {
      this.pending--;
    }
  }

  /** What each lane holds, for GET /health. */
  describe(): ReturnType<Scheduler['describe']> {
    return this.workers.describe();
  }

  close(): void {
    this.workers.close();
  }
}
