// The one task runner of bench, fuzz, generate, the search sweep and reproduce: job slots that take the
// next task in order, their solves on one scheduler of workers (runners/workers/scheduler.ts) with one
// worker process per slot, kept warm while tasks share a back-end (the worker kills a run past its time or
// memory limit and is replaced), every finished task appended to the run's log before the next starts, and
// Ctrl-C stopping it all with every finished task kept.
import { DEFAULT_LIMITS, type WorkerLimits } from '../../workers/worker-process.ts';
import { Scheduler } from '../../workers/scheduler.ts';
import type { RunLog } from '../results/run-log.ts';

/** Set when the run should stop (Ctrl-C): slots take no new task and running workers are killed. */
export interface StopSignal {
  stopped: boolean;
}

export interface Execution<T, R> {
  /** The tasks still to do, in the order the slots take them. */
  tasks: readonly T[];
  jobs: number;
  signal: StopSignal;
  limits?: WorkerLimits;
  /** Runs one task, its solves on `workers`. undefined: it was cut short by the stop and has no result. */
  run(task: T, workers: Scheduler): Promise<R | undefined>;
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
  const slots = Math.max(1, Math.min(execution.jobs, tasks.length || 1));
  // One worker per slot (in a process, whose memory is its own to measure): a slot whose task needs another
  // back-end stops the worker idle longest.
  const workers = new Scheduler({ limits: execution.limits ?? DEFAULT_LIMITS, kind: 'process', perLane: slots, total: slots });
  let next = 0;
  let finished = 0;
  let failed = false;
  const work = async () => {
    try {
      while (!signal.stopped && !failed && next < tasks.length) {
        const task = tasks[next++];
        let result: R | undefined;
        try {
          result = await execution.run(task, workers);
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
    }
  };
  const watcher = setInterval(() => {
    if (signal.stopped) workers.close();
  }, 100);
  try {
    await Promise.all(Array.from({ length: slots }, work));
  } finally {
    clearInterval(watcher);
    workers.close();
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
