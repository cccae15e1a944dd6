// The one task runner of bench, fuzz, generate, the search sweep and reproduce: job slots that take the
// next task in order, each keeping its worker process while consecutive tasks share a back-end (the worker
// kills a run past its time or memory limit and is replaced), every finished task appended to the run's log
// before the next starts, and Ctrl-C stopping it all with every finished task kept.
import { DEFAULT_LIMITS, WorkerProcess, type WorkerLimits } from './worker-process.ts';
import type { RunLog } from './run-log.ts';

/** Set when the run should stop (Ctrl-C): slots take no new task and running workers are killed. */
export interface StopSignal {
  stopped: boolean;
}

/** The worker a task needs: tasks of one lane share a worker. */
export interface Lane {
  backend: string;
  presolve?: string;
  /** Tells apart lanes of one back-end (a label with options); default: back-end and presolver. */
  key?: string;
}

/** One job slot: runs its tasks one at a time, in a worker it keeps while the lane stays the same. */
export class Slot {
  private current: WorkerProcess | undefined;
  private lane = '';
  constructor(readonly index: number, private readonly limits: WorkerLimits) {}

  /** The slot's worker for this lane, started anew when the lane changed (or on first use). */
  worker(lane: Lane): WorkerProcess {
    const key = lane.key ?? `${lane.backend}\u0000${lane.presolve ?? ''}`;
    if (!this.current || this.lane !== key) {
      this.current?.kill();
      this.current = new WorkerProcess(lane.backend, lane.presolve, this.limits);
      this.lane = key;
    }
    return this.current;
  }

  kill(): void {
    this.current?.kill();
  }
}

export interface Execution<T, R> {
  /** The tasks still to do, in the order the slots take them. */
  tasks: readonly T[];
  jobs: number;
  signal: StopSignal;
  limits?: WorkerLimits;
  /** Runs one task. undefined: it was cut short by the stop and has no result. */
  run(task: T, slot: Slot): Promise<R | undefined>;
  /** A result that stands although the run was stopped meanwhile (the stop kills workers: a timeout or error then is the kill's, not the task's). */
  answered(result: R): boolean;
  /** Where each result goes first; none: the caller keeps it. */
  log?: Pick<RunLog<R>, 'append' | 'close'>;
  /** After the result is in the log: counters and progress. */
  done?(task: T, result: R): void;
}

/** Runs the tasks; returns how many finished and whether the run was stopped before the end. */
export async function execute<T, R>(execution: Execution<T, R>): Promise<{ finished: number; stopped: boolean }> {
  const { tasks, signal } = execution;
  const limits = execution.limits ?? DEFAULT_LIMITS;
  const slots = Array.from({ length: Math.max(1, Math.min(execution.jobs, tasks.length || 1)) }, (_, i) => new Slot(i, limits));
  let next = 0;
  let finished = 0;
  let failed = false;
  const work = async (slot: Slot) => {
    try {
      while (!signal.stopped && !failed && next < tasks.length) {
        const task = tasks[next++];
        let result: R | undefined;
        try {
          result = await execution.run(task, slot);
        } catch (error) {
          // A worker killed by the stop while it started fails its task: that is the stop, not an error.
          if (signal.stopped) break;
          throw error;
        }
        if (result === undefined || (signal.stopped && !execution.answered(result))) break;
        execution.log?.append(result);
        finished++;
        execution.done?.(task, result);
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      slot.kill();
    }
  };
  const watcher = setInterval(() => {
    if (signal.stopped) for (const slot of slots) slot.kill();
  }, 100);
  try {
    await Promise.all(slots.map(work));
  } finally {
    clearInterval(watcher);
    for (const slot of slots) slot.kill();
    execution.log?.close();
  }
  return { finished, stopped: signal.stopped };
}

/**
 * A stop signal set by the first Ctrl-C (or SIGTERM), with `note` on stderr; a second Ctrl-C quits at once
 * (exit 130: what is in the log is kept). `release` removes the handlers.
 */
export function stopOnInterrupt(note?: string): { signal: StopSignal; release(): void } {
  const signal: StopSignal = { stopped: false };
  const onSignal = () => {
    if (signal.stopped) process.exit(130);
    signal.stopped = true;
    if (note) process.stderr.write(`\n${note}\n`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal,
    release: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
