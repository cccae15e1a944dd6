// The supervisor of a worker (a process, or a thread: worker-thread.ts) with limits that hold: it runs one
// back-end, is reused across puzzles, and is killed and replaced when a run overruns its time (timeout), its
// memory cap (memout) or dies (error). Which worker a solve goes to is the scheduler's (scheduler.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Puzzle } from '../../encodings/grid.ts';
import { elapsedMs, now } from '../../encodings/clock.ts';
import { puzzleToWire, resultFromWire, type RunResult } from '../harness/solving/run-result.ts';
import { UsageError } from '../../encodings/errors.ts';
import type { FromWorker, ToWorker } from './worker.ts';
import { DEFAULT_LIMITS, type WorkerLimits } from '../harness/plans/plan-defaults.ts';
import { workerHeapMb } from '../harness/start-up/early-thread.ts';
import type { WorkerKind } from './worker-kind.ts';
import { LookAhead } from './look-ahead.ts';
import { ThreadRun, WorkerThread } from './worker-thread.ts';
import { recordNodeFlags, recordStart, workerEntry } from './worker-starts.ts';

export { DEFAULT_LIMITS, type WorkerLimits };

/** How long a certified run's proof check may take, as a multiple of the run's time limit. */
const CHECK_SHARE = 10;
/** How often a run's worker has its memory read, in ms. */
const POLL_MS = 50;

export interface WorkerRun {
  result: RunResult;
  /** Wall time seen from this side, from sending the puzzle to receiving the answer. */
  wallMs: number;
  peakRssMb: number | null;
}

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** A solve sent to a worker, for the worker's listeners and its watchdog. */
interface Pending {
  id: number;
  /** The worker it was sent to. */
  child: ChildProcess | WorkerThread;
  puzzle: Puzzle;
  options: SolveMessage;
  /** When the worker began it; null while it waits behind the solve before it (the watchdog leaves it alone). */
  started: number | null;
  /** Time for a certified run's proof check, past its own time limit. */
  checkMs: number;
  /** Past this many ms from started (time limit, check, grace) the worker is killed. */
  limitMs: number;
  /** The highest resident memory the watchdog read, in MB. */
  peak: number;
  resolve(run: WorkerRun): void;
}

/** What a solve takes besides its puzzle; freshCheck: its proof is checked by a process that exits after it (solve), see one-shot-flags.ts. */
export type SolveMessage = { timeoutMs: number; unique: boolean; seed: number; params: Record<string, string>; certify?: boolean; proofFile?: string; freshCheck?: boolean };

export class WorkerProcess {
  private child: ChildProcess | WorkerThread | undefined;
  private ready: Promise<void> | undefined;
  /** The child whose start finished: a solve sent to it need not wait for `ready`. */
  private live: ChildProcess | WorkerThread | undefined;
  private nextId = 1;
  /**
   * One watchdog per worker, not one timer per solve: it reads the memory of the solves under way every
   * 50 ms and kills at the limit. A solve that ends leaves it armed (unreferenced while none is under way)
   * for the next one, so that a warm worker's many short solves neither set nor clear a timer.
   */
  private watchdog: NodeJS.Timeout | undefined;
  private watchdogDue = 0;
  /** The end of the worker's stderr since the solve under way began (since the start while it starts). */
  private stderr = '';
  /** The solves sent, by id: the worker's listeners, attached once per worker, pass its messages and exit on. */
  private readonly pending = new Map<number, Pending>();
  /** The solve the worker is on, and those sent to the same worker behind it, in order (their clocks not started). */
  private underWay: Pending | undefined;
  private behind: Pending[] = [];
  /** Time the last start took (library load, wasm start), in ms. */
  prepareMs = 0;
  starts = 0;
  /**
   * Set by a caller that waits for each answer and has nothing else to do meanwhile (a Solver): while a
   * thread worker's only solve is under way, this thread looks for its answer before it sleeps (look-ahead.ts).
   */
  pollsForAnswers = false;
  private readonly lookAhead = new LookAhead();

  /**
   * oneShot: the worker answers one puzzle and is killed (`solve`), so the back-end's oneShotV8Flags apply.
   * params: the options its runs will give, checked by the worker as it loads the back-end: a start refused
   * (unknown back-end or option, cannot run here) rejects with the UsageError that checkedBackend would throw.
   */
  constructor(readonly backend: string, readonly presolver: string | undefined, readonly limits: WorkerLimits = DEFAULT_LIMITS, readonly kind: WorkerKind = 'process', readonly oneShot = false, readonly params?: Readonly<Record<string, string>>) {}

  /** Starts the worker now (solve starts it when needed), so that its start overlaps the caller's own work. */
  start(): Promise<void> {
    if (this.ready) return this.ready;
    this.starts++;
    const entry = workerEntry();
    const forked = now();
    const nodeFlags = [`--max-old-space-size=${workerHeapMb(this.limits.memoryMb)}`];
    if (this.kind === 'process') recordNodeFlags(nodeFlags);
    const child =
      this.kind === 'thread'
        ? new WorkerThread(entry.path, this.limits.memoryMb)
        : fork(entry.path, [], {
            execArgv: [...entry.execArgv, ...nodeFlags],
            stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
            // Messages carry typed arrays (the loop's bytes), which JSON would turn into objects.
            serialization: 'advanced',
            env: { ...process.env },
            // The leader of a process group of its own, which also holds the engine processes it starts (native
            // SAT solvers): a kill of the group ends them with it (killProcess; worker.ts when its parent dies).
            detached: true,
          });
    this.child = child;
    this.stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (this.child === child) this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    // Each worker speaks for the runs sent to it only (a killed one's late answer is not its successor's).
    const runsHere = () => [...this.pending].filter(([, run]) => run.child === child);
    child.on('message', (message: FromWorker) => {
      if (message.type === 'result') {
        const run = this.pending.get(message.id);
        if (run?.child !== child) return;
        const result = resultFromWire(message.result, message.loop, run.puzzle);
        const wallMs = run.started === null ? 0 : elapsedMs(run.started);
        this.settle(message.id, message.peakRssMb === null ? new ThreadRun(result, wallMs) : { result, wallMs, peakRssMb: message.peakRssMb });
      } else if (message.type === 'failed') {
        // The solve under way failed; those behind it have not run.
        this.stopFor(child);
        for (const [id, run] of runsHere()) this.settle(id, this.failure(run, 'error', message.message));
      }
    });
    child.on('exit', (code: number | null, signal: string | null) => {
      // A worker that died by itself may leave engine processes behind in its group.
      if (!(child instanceof WorkerThread)) killProcess(child);
      const stderr = this.stderr;
      if (this.child === child) {
        // It died by itself (nobody killed it): the solves waiting behind the one it died in go to the next worker.
        this.child = undefined;
        this.ready = undefined;
        this.resend(child);
      }
      const oom = /heap out of memory|Out of memory|Cannot enlarge memory|RangeError: WebAssembly/i.test(stderr);
      for (const [id, run] of runsHere()) this.settle(id, this.failure(run, oom ? 'memout' : 'error', `worker died (${signal ?? `exit code ${code}`})${stderr ? `: ${lastLine(stderr)}` : ''}`));
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.type === 'ready') {
          this.prepareMs = message.prepareMs;
          this.live = child;
          if (child instanceof WorkerThread) child.started();
          recordStart({ backend: this.backend, startMs: elapsedMs(forked), prepareMs: message.prepareMs });
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve();
        } else if (message.type === 'failed') {
          child.off('exit', onExit);
          this.kill();
          // A refusal of the request (unknown back-end or option, cannot run here) reads as the caller's own check would.
          reject(message.usage ? new UsageError(message.message) : new Error(message.message));
        }
      };
      const onExit = (code: number | null, signal: string | null) => {
        reject(new Error(`worker for ${this.backend} exited while starting (${signal ?? `code ${code}`}): ${lastLine(this.stderr)}`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ type: 'init', backend: this.backend, presolver: this.presolver, oneShot: this.oneShot, params: this.params } satisfies ToWorker);
    });
    this.ready.catch(() => {
      this.child = undefined;
      this.ready = undefined;
    });
    return this.ready;
  }

  /** Solves one puzzle; never throws for the run's own failures, which come back as statuses. */
  solve(puzzle: Puzzle, options: SolveMessage): Promise<WorkerRun> {
    // A warm worker takes the puzzle at once; a cold one starts (or finishes starting) first.
    if (this.child && this.child === this.live) return this.send(this.child, puzzle, options);
    return this.started().then(() => {
      // Killed (a stop) between its start and this run: the run never began.
      if (!this.child) return { result: { status: 'error', unique: null, solution: null, backend: this.backend, timeMs: 0, stats: {}, message: 'the worker was stopped before this run began' }, wallMs: 0, peakRssMb: null };
      return this.send(this.child, puzzle, options);
    });
  }

  private async started(): Promise<void> {
    if (!this.child || !this.ready) await this.start();
    else await this.ready;
  }

  /**
   * Sends a solve at once, even while the worker is busy: the worker takes its solves one at a time, in
   * order, so that the next puzzle is already there when one ends. A solve's time limit counts from when
   * the one before it ended.
   */
  private send(child: ChildProcess | WorkerThread, puzzle: Puzzle, options: SolveMessage): Promise<WorkerRun> {
    const id = this.nextId++;
    // A certified run checks its proof after the back-end's time is up: the checker gets up to ten times that.
    const checkMs = options.certify && !options.proofFile ? CHECK_SHARE * options.timeoutMs : 0;
    return new Promise<WorkerRun>((resolve) => {
      const run: Pending = { id, child, puzzle, options, started: null, checkMs, limitMs: options.timeoutMs + checkMs + this.limits.graceMs, peak: 0, resolve };
      this.pending.set(id, run);
      if (this.underWay?.child === child) this.behind.push(run);
      else this.begin(run);
      child.send({ type: 'solve', id, puzzle: puzzleToWire(puzzle), ...options } satisfies ToWorker);
      // After the caller's own code of this turn (it may send to other workers first).
      if (this.pollsForAnswers && child instanceof WorkerThread && this.underWay === run) {
        queueMicrotask(() => {
          // Still the only solve under way (nothing sent behind it meanwhile).
          if (this.underWay === run && this.behind.length === 0) child.lookForAnswer(this.lookAhead);
        });
      }
    });
  }

  /** The worker is on this run now: its clock starts, and the watchdog looks at it. */
  private begin(run: Pending): void {
    this.stderr = '';
    const started = now();
    run.started = started;
    this.underWay = run;
    this.watch(run, started);
  }

  /** Ends a run once (a late message or exit for a run already ended is ignored); the next one sent to a live worker begins. */
  private settle(id: number, run: WorkerRun): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (pending === this.underWay) {
      this.underWay = undefined;
      const next = this.child === pending.child ? this.behind.shift() : undefined;
      if (next) this.begin(next);
    } else {
      const at = this.behind.indexOf(pending);
      if (at >= 0) this.behind.splice(at, 1);
    }
    if (this.pending.size === 0) this.watchdog?.unref();
    pending.resolve(run);
  }

  /** Kills the worker for the sake of the solve under way (its limit, its failure); the solves behind it go to the next worker. */
  private stopFor(child: ChildProcess | WorkerThread): void {
    this.kill();
    this.resend(child);
  }

  /**
   * After a worker was killed for another solve's sake (its limit, its failure) or died: the solves it had
   * not begun go to the next worker, as if sent now.
   */
  private resend(child: ChildProcess | WorkerThread): void {
    const waiting = this.behind.filter((run) => run.child === child);
    this.behind = this.behind.filter((run) => run.child !== child);
    for (const run of waiting) {
      this.pending.delete(run.id);
      void this.solve(run.puzzle, run.options).then(run.resolve);
    }
  }

  private failure(run: Pending, status: RunResult['status'], message: string): WorkerRun {
    const wallMs = run.started === null ? 0 : elapsedMs(run.started);
    return { result: { status, unique: null, solution: null, backend: this.backend, timeMs: wallMs, stats: {}, message }, wallMs, peakRssMb: run.peak || null };
  }

  /** Makes sure the watchdog looks at a new run by its first poll (or its limit, when that comes sooner). */
  private watch(run: Pending, started: number): void {
    const due = started + Math.min(POLL_MS, run.limitMs);
    if (this.watchdog && this.watchdogDue <= due) {
      this.watchdog.ref();
      return;
    }
    if (this.watchdog) clearTimeout(this.watchdog);
    this.arm(due);
  }

  private arm(due: number): void {
    this.watchdogDue = due;
    this.watchdog = setTimeout(() => this.patrol(), Math.max(0, due - now()));
  }

  /** Every 50 ms while runs are under way: reads each one's worker memory, and kills a worker past its cap or its run's limit. */
  private patrol(): void {
    this.watchdog = undefined;
    let due = Infinity;
    for (const [id, run] of [...this.pending]) {
      if (run.started === null) continue;
      const rss = run.child.pid ? rssMb(run.child.pid) : null;
      if (rss !== null) run.peak = Math.max(run.peak, rss);
      const wall = elapsedMs(run.started);
      if (rss !== null && rss > this.limits.memoryMb) {
        this.stopFor(run.child);
        this.settle(id, this.failure(run, 'memout', `killed at ${Math.round(rss)} MB resident (cap ${this.limits.memoryMb} MB)`));
      } else if (wall >= run.limitMs) {
        this.stopFor(run.child);
        this.settle(id, this.failure(run, 'timeout', `killed after ${Math.round(wall)} ms (time limit ${run.options.timeoutMs} ms${run.checkMs ? ` + ${run.checkMs} ms for the proof's check` : ''} + ${this.limits.graceMs} ms grace)`));
      } else due = Math.min(due, now() + Math.min(POLL_MS, run.limitMs - wall));
    }
    if (due < Infinity) this.arm(due);
  }

  /** True while a worker is started or starting; false after it died or was killed. */
  get running(): boolean {
    return this.ready !== undefined;
  }

  kill(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    if (child instanceof WorkerThread) child.kill();
    else killProcess(child);
  }
}

/** Kills a process worker and its group (the engine processes it started); the worker alone when it leads none. */
function killProcess(child: ChildProcess): void {
  try {
    if (child.pid && process.kill(-child.pid, 'SIGKILL')) return;
  } catch {
    // No such group (it ended with its last process): the worker alone, if it still runs.
  }
  child.kill('SIGKILL');
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n').filter((l) => l.trim() && !/^\s+at /.test(l));
  return (lines.at(-1) ?? '').slice(0, 300);
}
