// A worker in a thread of the caller (back-ends in JavaScript or wasm: worker-kind.ts), dressed as the child
// process that the supervisor (worker-process.ts) starts for the others, so that one supervisor holds both.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { RunResult } from '../harness/solving/run-result.ts';
import { takeEarlyThread, workerHeapMb } from '../harness/start-up/early-thread.ts';
import type { ToWorker } from './worker.ts';
import { LookAhead } from './look-ahead.ts';

/** A worker thread dressed as the child process the supervisor (worker-process.ts) expects (send, kill, exit, stderr). */
export class WorkerThread extends EventEmitter {
  // The memory cap holds for the whole process, where the thread's buffers live too.
  readonly pid = process.pid;
  readonly stderr = new PassThrough();
  exitCode: number | null = null;
  signalCode: string | null = null;
  private readonly thread: Worker;
  /** The worker's answers come back on a channel of their own, which this thread can also read synchronously (lookForAnswer). */
  private readonly answers: MessagePort;
  private readonly answersThere: MessagePort;

  constructor(entry: string, memoryMb: number) {
    super();
    const heapMb = workerHeapMb(memoryMb);
    const options = { stderr: true, resourceLimits: { maxOldGenerationSizeMb: heapMb } };
    // Threads take no --import: from the sources, the thread registers tsx itself before loading the worker.
    this.thread = entry.endsWith('.ts')
      ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`, { ...options, eval: true })
      : (takeEarlyThread(entry, heapMb) ?? new Worker(entry, options));
    this.thread.on('message', (message) => this.emit('message', message));
    ({ port1: this.answers, port2: this.answersThere } = new MessageChannel());
    this.answers.on('message', (message) => this.emit('message', message));
    this.thread.on('error', (error: Error) => this.stderr.write(`${error.name}: ${error.message}\n`));
    this.thread.on('exit', (code) => {
      this.exitCode = code;
      this.answers.close();
      // What the thread wrote to stderr is read only once it ended: Node keeps running while a thread's
      // captured stream is being read, whatever the thread's unref() says.
      for (let chunk; (chunk = this.thread.stderr.read() as Buffer | null) !== null; ) this.stderr.write(chunk);
      // The stderr listeners see the error before the exit is reported.
      setImmediate(() => this.emit('exit', this.signalCode ? null : code, this.signalCode));
    });
  }

  send(message: ToWorker): void {
    // The init gives the worker the channel its answers go back on.
    if (message.type === 'init') this.thread.postMessage({ ...message, answers: this.answersThere }, [this.answersThere]);
    else this.thread.postMessage(message);
  }

  /**
   * Once started, a thread no longer keeps the process alive by itself (a child process does, until killed):
   * only its runs do, through the watchdog's timer. While it starts, its caller awaits it.
   */
  started(): void {
    // After the 'message' listeners: adding one refs the port again.
    this.thread.unref();
    this.answers.unref();
  }

  /** Looks for an answer this turn (see LookAhead), without sleeping; one found is passed on now. */
  lookForAnswer(look: LookAhead): void {
    const answer = look.next(this.answers);
    if (answer) this.emit('message', answer.message);
  }

  kill(): void {
    this.signalCode = 'terminated';
    this.answers.close();
    void this.thread.terminate();
  }
}

/** A thread's answer: its memory is this process's, whose peak is read when asked, off the answer's way back. */
export class ThreadRun {
  constructor(
    readonly result: RunResult,
    readonly wallMs: number,
  ) {}

  get peakRssMb(): number {
    return Math.round(process.resourceUsage().maxRSS / 1024);
  }
}
