// The browser build's one module (`npm run build:browser` bundles it): the library's parts that need no Node
// (reading, writing, checking and drawing puzzles: runners/library/puzzles.ts) and the back-ends that are
// plain WebAssembly (rules, cdcl-loop, auto), under the library's names. A solve runs the same pipeline as
// `solve` (back-end, then the verifier) in the calling thread; `WorkerSolver` runs it in a Web Worker, which a
// page needs so that a long search never freezes it.
import { checkParams, type Backend, type Params } from '../../encodings/backend.ts';
import auto from '../../encodings/backends/auto/auto.ts';
import cdclLoop from '../../encodings/backends/cdcl/cdcl-loop.ts';
import rules from '../../encodings/backends/rules/rules.ts';
import { PuzzleError, UsageError, UnknownBackendError } from '../../encodings/errors.ts';
import type { Puzzle } from '../../encodings/grid.ts';
import { solveWithBackend } from '../harness/solving/pipeline.ts';
import { contractJson } from '../harness/solving/run-result.ts';
import type { BrowserBackend } from './backend-names.ts';
import type { BackendInfo } from '../library/backends.ts';
import { checkedPuzzle, parsePuzzle } from '../library/puzzles.ts';
import type { SolveResult } from '../library/solver.ts';
import { DEFAULT_SOLVE_BACKEND, DEFAULT_TIMEOUT_MS } from '../harness/plans/plan-defaults.ts';
// Written by the build from the registry: the back-ends that need Node, with their options.
import { SERVER_BACKENDS } from 'slitherbench:server-backends';

export * from '../library/puzzles.ts';
export type { SolveResult };

/** The back-ends this module runs, by ID (exactly BROWSER_BACKENDS: the type says so). */
const BACKENDS: Readonly<Record<BrowserBackend, Backend>> = { auto, 'cdcl-loop': cdclLoop, rules };
const NEEDS_NODE = 'needs Node: run it with slitherbench serve or solve';

/** Every back-end, as the library lists them: those this module runs are available; the others need Node. */
export async function listBackends(): Promise<BackendInfo[]> {
  const here = Object.values(BACKENDS).map((b) => ({ name: b.name, description: b.description, available: true, options: b.options ?? [], presolver: typeof b.presolve === 'function' }));
  return [...here, ...SERVER_BACKENDS.map((b) => ({ ...b, available: false, reason: NEEDS_NODE }))].sort((a, b) => a.name.localeCompare(b.name));
}

export interface SolveRequest {
  /** Back-end ID; `auto` when not given. */
  backend?: string;
  /** Also prove or refute that the loop is the only one. */
  unique?: boolean;
  /** Time limit for the back-end, in ms (60 s when not given). */
  timeoutMs?: number;
  /** The back-end's options, by name, as `solve --option key=value`. */
  options?: Record<string, string>;
  seed?: number;
  /** With WorkerSolver: cancels the solve; the worker is stopped and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

const prepared = new Map<string, Promise<void>>();

/** The back-end, loaded once (its wasm core compiled), and checked as `solve` checks it. */
async function backendFor(id: string, params: Params): Promise<Backend> {
  if (!Object.hasOwn(BACKENDS, id)) {
    const server = SERVER_BACKENDS.find((b) => b.name === id);
    if (server) throw new UsageError(`back-end '${id}' cannot run in the browser: it ${NEEDS_NODE}`);
    throw new UnknownBackendError(`unknown back-end '${id}' (known: ${[...Object.keys(BACKENDS), ...SERVER_BACKENDS.map((b) => b.name)].sort().join(', ')})`);
  }
  const backend = BACKENDS[id as BrowserBackend];
  checkParams(backend, params);
  // Loading is outside the solve's time, as in a warm worker of the harness.
  if (!prepared.has(id)) prepared.set(id, Promise.resolve(backend.prepare?.()));
  await prepared.get(id);
  return backend;
}

/** Reads a puzzle given as text (any supported format); a Puzzle object is checked as the library checks one. */
function puzzleOf(puzzle: Puzzle | string): Puzzle {
  return typeof puzzle === 'string' ? parsePuzzle(puzzle) : checkedPuzzle(puzzle);
}

/** The request's time limit in ms: 60 s when not given. */
function timeLimitOf(request: SolveRequest): number {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) throw new UsageError(`the time limit must be a positive number of ms, got ${String(timeoutMs)}`);
  return timeoutMs;
}

/** Solves in this thread; every answer is checked by the verifier before it is returned. Bad input throws PuzzleError or UsageError. */
export async function solve(puzzle: Puzzle | string, request: SolveRequest = {}): Promise<SolveResult> {
  // In this thread a search cannot be stopped midway: a signal is read before it starts (WorkerSolver stops its worker).
  request.signal?.throwIfAborted();
  const params = request.options ?? {};
  const backend = await backendFor(request.backend ?? DEFAULT_SOLVE_BACKEND, params);
  const timeoutMs = timeLimitOf(request);
  const run = await solveWithBackend(backend, puzzleOf(puzzle), { timeoutMs, unique: request.unique === true, seed: request.seed ?? 1, params });
  // contractJson writes exactly these fields (its own type is looser, for records of any back-end).
  return contractJson(run) as unknown as SolveResult;
}

/** The name a worker is started with to answer solves (see `answerSolves`). */
export const SOLVER_WORKER_NAME = 'slitherbench-solver';

/** What a page posts to its solver worker (a puzzle to solve, or back-ends to load; with the id its reply carries), and what comes back. */
type SolverMessage = ({ puzzle: Puzzle | string } & Omit<SolveRequest, 'signal'>) | { warm: string[] };
type ToSolver = SolverMessage & { id: number };
type FromSolver = { id: number; answer: SolveResult | null } | { id: number; error: { name: string; message: string } };

/** The parts of a worker's global scope that answering uses. */
interface SolverScope {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Answers solve requests posted to `scope` (a worker's global scope), one at a time, in order. */
export function answerSolves(scope: SolverScope): void {
  let queue = Promise.resolve();
  scope.onmessage = (event) => {
    const message = event.data as ToSolver;
    const { id } = message;
    queue = queue.then(async () => {
      try {
        if ('warm' in message) {
          for (const backend of message.warm) await backendFor(backend, {});
          scope.postMessage({ id, answer: null } satisfies FromSolver);
          return;
        }
        const { puzzle, id: _, ...request } = message;
        scope.postMessage({ id, answer: await solve(puzzle, request) } satisfies FromSolver);
      } catch (error) {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        scope.postMessage({ id, error: { name, message } } satisfies FromSolver);
      }
    });
  };
}

/** The error as the worker threw it, by class, so that `instanceof UsageError` holds on this side too. */
function errorOf(error: { name: string; message: string }): Error {
  const classes: Record<string, new (message: string) => Error> = { PuzzleError, UsageError, UnknownBackendError };
  return new (classes[error.name] ?? Error)(error.message);
}

/** A hard limit past the back-end's own: a worker still busy this long after its time limit is stopped. */
const GRACE_MS = 2000;

/**
 * Solves in a Web Worker made by `start` (started again after a hard stop), one request at a time. The worker
 * runs this module: `new Worker(url, { type: 'module', name: SOLVER_WORKER_NAME })` from a server, or a
 * classic worker from a blob of the bundle where module workers cannot load (a page opened from file://).
 */
export class WorkerSolver {
  private worker: Worker | undefined;
  private next = 1;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly start: () => Worker) {}

  solve(puzzle: Puzzle | string, request: SolveRequest = {}): Promise<SolveResult> {
    return this.inTurn(() => this.run(puzzle, request));
  }

  /** Starts the worker and loads these back-ends in it (their wasm compiled), so that the first solve finds them ready. */
  warm(backends: readonly string[] = [DEFAULT_SOLVE_BACKEND]): Promise<void> {
    return this.inTurn(() => this.post<void>({ warm: [...backends] }));
  }

  close(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }

  /** One request at a time: each starts when the one before has ended, however it ended. */
  private inTurn<T>(request: () => Promise<T>): Promise<T> {
    const run = this.queue.then(request);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(puzzle: Puzzle | string, { signal, ...request }: SolveRequest): Promise<SolveResult> {
    const limitMs = timeLimitOf(request);
    signal?.throwIfAborted();
    return this.post<SolveResult>({ puzzle, ...request }, (resolve, reject) => {
      const cancel = () => {
        clearTimeout(stop);
        this.close();
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      const stop = setTimeout(() => {
        signal?.removeEventListener('abort', cancel);
        // Terminated even inside a wasm loop; the next request starts a fresh worker.
        this.close();
        resolve({ status: 'timeout', unique: null, solution: null, backend: request.backend ?? DEFAULT_SOLVE_BACKEND, timeMs: limitMs, stats: {}, message: `stopped after ${limitMs + GRACE_MS} ms (time limit ${limitMs} ms + ${GRACE_MS} ms grace)` });
      }, limitMs + GRACE_MS);
      return () => {
        clearTimeout(stop);
        signal?.removeEventListener('abort', cancel);
      };
    });
  }

  /**
   * Posts a request to the worker (started if need be) and settles with its reply. `watch` may settle first (a
   * time limit, a signal); what it returns is undone once the reply comes or the worker fails.
   */
  private post<T>(request: SolverMessage, watch?: (resolve: (value: T) => void, reject: (reason: unknown) => void) => () => void): Promise<T> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const unwatch = watch?.(resolve, reject);
      worker.onmessage = (event) => {
        const reply = event.data as FromSolver;
        if (reply.id !== id) return;
        unwatch?.();
        // A warm's answer is null, which its caller reads as done.
        if ('answer' in reply) return resolve((reply.answer ?? undefined) as T);
        reject(errorOf(reply.error));
      };
      worker.onerror = (event) => {
        // The worker's script failed to load or threw outside a solve: nothing will answer.
        unwatch?.();
        this.close();
        reject(new Error(`the solver worker failed: ${event.message || 'its script did not load'}`));
      };
      worker.postMessage({ id, ...request } satisfies ToSolver);
    });
  }
}

// Loaded as the solver worker (a worker started with that name): answer the page's solves.
const scope = globalThis as unknown as Partial<SolverScope> & { name?: unknown; WorkerGlobalScope?: unknown };
if (scope.WorkerGlobalScope !== undefined && scope.name === SOLVER_WORKER_NAME) answerSolves(scope as SolverScope);
