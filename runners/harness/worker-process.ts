// A worker process with limits that hold: it runs one back-end, is reused across puzzles, and is killed
// and replaced when a run overruns its time (timeout), its memory cap (memout) or dies (error).
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Puzzle } from '../../encodings/grid.ts';
import { elapsedMs, now } from '../../encodings/clock.ts';
import { puzzleToWire, resultFromWire, type RunResult } from './pipeline.ts';
import type { FromWorker, ToWorker } from './worker.ts';
import { compiledPath, REPOSITORY, useCompiled } from './compiled.ts';
import { DEFAULT_LIMITS, type WorkerLimits } from './plan-defaults.ts';

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

/** The worker's entry and the Node flags it needs: compiled JS when dist/ is up to date, else the source through tsx. */
function workerEntry(): { path: string; execArgv: string[] } {
  if (useCompiled()) return { path: compiledPath('runners/harness/worker.ts'), execArgv: [] };
  return { path: `${REPOSITORY}runners/harness/worker.ts`, execArgv: ['--import', import.meta.resolve('tsx')] };
}

/**
 * Where a worker runs. `process`: a child process, for engines in wasm or native code (its memory is
 * watched and it is killed outright). `thread`: a thread of this process, for back-ends in plain
 * JavaScript: no second Node start, and `terminate()` stops it as surely as a kill.
 */
export type WorkerKind = 'process' | 'thread';

/** A worker thread dressed as the child process the supervisor below expects (send, kill, exit, stderr). */
class WorkerThread extends EventEmitter {
  // The memory cap holds for the whole process, where the thread's buffers live too.
  readonly pid = process.pid;
  readonly stderr = new PassThrough();
  exitCode: number | null = null;
  signalCode: string | null = null;
  private readonly thread: Worker;

  constructor(entry: string, memoryMb: number) {
    super();
    const options = { stderr: true, resourceLimits: { maxOldGenerationSizeMb: Math.max(256, Math.floor(memoryMb * 0.75)) } };
    // Threads take no --import: from the sources, the thread registers tsx itself before loading the worker.
    this.thread = entry.endsWith('.ts')
      ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`, { ...options, eval: true })
      : new Worker(entry, options);
    this.thread.unref();
    this.thread.stderr.pipe(this.stderr);
    this.thread.on('message', (message) => this.emit('message', message));
    this.thread.on('error', (error: Error) => this.stderr.write(`${error.name}: ${error.message}\n`));
    this.thread.on('exit', (code) => {
      this.exitCode = code;
      // The stderr listeners see the error before the exit is reported.
      setImmediate(() => this.emit('exit', this.signalCode ? null : code, this.signalCode));
    });
  }

  send(message: ToWorker): void {
    this.thread.postMessage(message);
  }

  kill(): void {
    this.signalCode = 'terminated';
    void this.thread.terminate();
  }
}

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

interface WorkerStart {
  backend: string;
  /** From fork to the worker's ready message: process start, module load and the back-end's prepare. */
  startMs: number;
  /** The back-end's load and prepare alone, as the worker measured it. */
  prepareMs: number;
}
const startsHere: WorkerStart[] = [];
/** The Node and V8 flags of the last worker process started (tsx's loader left out), for run.json. */
let lastNodeFlags: string[] = [];

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

/** A solve under way: what the worker's listeners hand on to it. */
interface Pending {
  /** The worker it was sent to. */
  child: ChildProcess | WorkerThread;
  answered(message: Extract<FromWorker, { type: 'result' }>): void;
  failed(message: string): void;
  exited(code: number | null, signal: string | null): void;
}

export class WorkerProcess {
  private child: ChildProcess | WorkerThread | undefined;
  private ready: Promise<void> | undefined;
  private nextId = 1;
  /** The end of the worker's stderr since the solve under way began (since the start while it starts). */
  private stderr = '';
  /** The solves under way, by id: the worker's listeners, attached once per worker, pass its messages and exit on. */
  private readonly pending = new Map<number, Pending>();
  /** Time the last start took (library load, wasm start), in ms. */
  prepareMs = 0;
  starts = 0;

  /** oneShot: the worker answers one puzzle and is killed (`solve`), so the back-end's oneShotV8Flags apply. */
  constructor(readonly backend: string, readonly presolver: string | undefined, readonly limits: WorkerLimits = DEFAULT_LIMITS, readonly kind: WorkerKind = 'process', readonly oneShot = false) {}

  /** Starts the worker now (solve starts it when needed), so that its start overlaps the caller's own work. */
  start(): Promise<void> {
    if (this.ready) return this.ready;
    this.starts++;
    const entry = workerEntry();
    const forked = now();
    const nodeFlags = [`--max-old-space-size=${Math.max(256, Math.floor(this.limits.memoryMb * 0.75))}`];
    if (this.kind === 'process') lastNodeFlags = nodeFlags;
    const child =
      this.kind === 'thread'
        ? new WorkerThread(entry.path, this.limits.memoryMb)
        : fork(entry.path, [], {
            execArgv: [...entry.execArgv, ...nodeFlags],
            stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
            // Messages carry typed arrays (the loop's bytes), which JSON would turn into objects.
            serialization: 'advanced',
            env: { ...process.env },
          });
    this.child = child;
    this.stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (this.child === child) this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    // Each worker speaks for the runs sent to it only (a killed one's late answer is not its successor's).
    const runsHere = () => [...this.pending.values()].filter((run) => run.child === child);
    child.on('message', (message: FromWorker) => {
      if (message.type === 'result') {
        const run = this.pending.get(message.id);
        if (run?.child === child) run.answered(message);
      } else if (message.type === 'failed') for (const run of runsHere()) run.failed(message.message);
    });
    child.on('exit', (code: number | null, signal: string | null) => {
      for (const run of runsHere()) run.exited(code, signal);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.type === 'ready') {
          this.prepareMs = message.prepareMs;
          startsHere.push({ backend: this.backend, startMs: elapsedMs(forked), prepareMs: message.prepareMs });
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve();
        } else if (message.type === 'failed') {
          child.off('exit', onExit);
          this.kill();
          reject(new Error(message.message));
        }
      };
      const onExit = (code: number | null, signal: string | null) => {
        reject(new Error(`worker for ${this.backend} exited while starting (${signal ?? `code ${code}`}): ${lastLine(this.stderr)}`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ type: 'init', backend: this.backend, presolver: this.presolver, oneShot: this.oneShot } satisfies ToWorker);
    });
    this.ready.catch(() => {
      this.child = undefined;
      this.ready = undefined;
    });
    return this.ready;
  }

  /** Solves one puzzle; never throws for the run's own failures, which come back as statuses. */
  async solve(puzzle: Puzzle, options: { timeoutMs: number; unique: boolean; seed: number; params: Record<string, string>; certify?: boolean; proofFile?: string }): Promise<WorkerRun> {
    if (!this.child || !this.ready) await this.start();
    else await this.ready;
    const child = this.child!;
    const id = this.nextId++;
    const started = now();
    const wall = () => elapsedMs(started);
    this.stderr = '';
    return new Promise<WorkerRun>((resolve) => {
      let peak = 0;
      let settled = false;
      const finish = (run: WorkerRun) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(run);
      };
      const failed = (status: RunResult['status'], message: string): WorkerRun => ({
        result: { status, unique: null, solution: null, backend: this.backend, timeMs: wall(), stats: {}, message },
        wallMs: wall(),
        peakRssMb: peak || null,
      });
      this.pending.set(id, {
        child,
        answered: (message) => finish({ result: resultFromWire(message.result, puzzle), wallMs: wall(), peakRssMb: message.peakRssMb }),
        failed: (message) => {
          this.kill();
          finish(failed('error', message));
        },
        exited: (code, signal) => {
          const stderr = this.stderr;
          if (this.child === child) {
            this.child = undefined;
            this.ready = undefined;
          }
          const oom = /heap out of memory|Out of memory|Cannot enlarge memory|RangeError: WebAssembly/i.test(stderr);
          finish(failed(oom ? 'memout' : 'error', `worker died (${signal ?? `exit code ${code}`})${stderr ? `: ${lastLine(stderr)}` : ''}`));
        },
      });
      // A certified run checks its proof after the back-end's time is up: the checker gets up to ten times that.
      const checkMs = options.certify && !options.proofFile ? CHECK_SHARE * options.timeoutMs : 0;
      const limitMs = options.timeoutMs + checkMs + this.limits.graceMs;
      // One timer per run: every 50 ms it reads the worker's memory, and at the limit it kills the worker.
      const tick = () => {
        const rss = child.pid ? rssMb(child.pid) : null;
        if (rss !== null) peak = Math.max(peak, rss);
        if (rss !== null && rss > this.limits.memoryMb) {
          this.kill();
          finish(failed('memout', `killed at ${Math.round(rss)} MB resident (cap ${this.limits.memoryMb} MB)`));
        } else if (wall() >= limitMs) {
          this.kill();
          finish(failed('timeout', `killed after ${Math.round(wall())} ms (time limit ${options.timeoutMs} ms${checkMs ? ` + ${checkMs} ms for the proof's check` : ''} + ${this.limits.graceMs} ms grace)`));
        } else timer = setTimeout(tick, Math.min(POLL_MS, limitMs - wall()));
      };
      let timer = setTimeout(tick, Math.min(POLL_MS, limitMs));
      child.send({ type: 'solve', id, puzzle: puzzleToWire(puzzle), ...options } satisfies ToWorker);
    });
  }

  /** True while a worker is started or starting; false after it died or was killed. */
  get running(): boolean {
    return this.ready !== undefined;
  }

  kill(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n').filter((l) => l.trim() && !/^\s+at /.test(l));
  return (lines.at(-1) ?? '').slice(0, 300);
}
