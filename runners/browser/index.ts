// The browser build's one module (`npm run build:browser` bundles it): the puzzle formats, the independent
// verifier, SVG pictures and the back-ends that are plain WebAssembly (rules, cdcl-loop, auto), with nothing
// from Node. A solve runs the same pipeline as `solve` (back-end, then the verifier) in the calling thread;
// `WorkerSolver` runs it in a Web Worker, which a page needs so that a long search never freezes it.
import { checkParams, type Backend, type Params, type Stats, type Status } from '../../encodings/backend.ts';
import auto from '../../encodings/backends/auto/auto.ts';
import cdclLoop from '../../encodings/backends/cdcl/cdcl-loop.ts';
import rules from '../../encodings/backends/rules/rules.ts';
import { PuzzleError, UsageError, UnknownBackendError } from '../../encodings/errors.ts';
import { FORMAT_NAMES, parsePuzzle, writePuzzle, type FormatName } from '../../encodings/formats/index.ts';
import type { Puzzle } from '../../encodings/grid.ts';
import { renderSvg, renderText, type SvgOptions } from '../../encodings/render.ts';
import { solutionFromJson, solutionToJson, type Solution, type SolutionJson } from '../../encodings/solution.ts';
import { verify, type Verdict } from '../../encodings/verify.ts';
import { contractJson, solveWithBackend } from '../harness/pipeline.ts';
// Written by the build from the registry: the back-ends that need Node and its libraries or binaries.
import { SERVER_BACKENDS } from 'slitherbench:server-backends';

export { FORMAT_NAMES, parsePuzzle, renderSvg, renderText, solutionFromJson, solutionToJson, verify, PuzzleError, UsageError, UnknownBackendError };
export type { FormatName, Puzzle, Solution, SolutionJson, SvgOptions, Verdict };

/** The back-ends this module runs, by ID. */
const BACKENDS: Readonly<Record<string, Backend>> = { auto, 'cdcl-loop': cdclLoop, rules };

/** A puzzle in the given format (`url`, `loopy`, `text`, `pzprv3`, `json`), as `convert --to` writes it. */
export function formatPuzzle(puzzle: Puzzle, format: FormatName): string {
  if (!FORMAT_NAMES.includes(format)) throw new UsageError(`unknown format '${format}' (known: ${FORMAT_NAMES.join(', ')})`);
  return writePuzzle(puzzle, format);
}

export interface BackendRow {
  name: string;
  description: string;
  /** True for the back-ends in this module; the others run only under Node (`slitherbench serve`). */
  inBrowser: boolean;
}

/** Every back-end of slitherbench: those this module runs, then those that need the server. */
export function listBackends(): BackendRow[] {
  const here = Object.values(BACKENDS).map((b) => ({ name: b.name, description: b.description, inBrowser: true }));
  return [...here, ...SERVER_BACKENDS.map((b) => ({ ...b, inBrowser: false }))];
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
}

/** What `solve --json` prints: status, the verified loop, uniqueness, the back-end's own time and its stats. */
export interface SolveAnswer {
  status: Status;
  unique: boolean | null;
  solution: SolutionJson | null;
  backend: string;
  /** The back-end's version (the project's, for these three). */
  version?: string;
  /** The back-end's own time: encode, solve and uniqueness, not loading. */
  timeMs: number;
  stats: Stats;
  message?: string;
  /** True when the verifier rejected the back-end's answer (status is then error). */
  rejected?: boolean;
}

const prepared = new Map<string, Promise<void>>();

/** The back-end, loaded once (its wasm core compiled), and checked as `solve` checks it. */
async function backendFor(id: string, params: Params): Promise<Backend> {
  if (!Object.hasOwn(BACKENDS, id)) {
    const server = SERVER_BACKENDS.find((b) => b.name === id);
    if (server) throw new UsageError(`back-end '${id}' cannot run in the browser: it needs Node (run it with slitherbench serve or solve)`);
    throw new UnknownBackendError(`unknown back-end '${id}' (known: ${listBackends().map((b) => b.name).sort().join(', ')})`);
  }
  const backend = BACKENDS[id];
  checkParams(backend, params);
  // Loading is outside the solve's time, as in a warm worker of the harness.
  if (!prepared.has(id)) prepared.set(id, Promise.resolve(backend.prepare?.()));
  await prepared.get(id);
  return backend;
}

/** Reads a puzzle given as text (any supported format); a Puzzle is taken as it is. */
function puzzleOf(puzzle: Puzzle | string): Puzzle {
  return typeof puzzle === 'string' ? parsePuzzle(puzzle, 'puzzle').puzzle : puzzle;
}

/** Solves in this thread; every answer is checked by the verifier before it is returned. Bad input throws PuzzleError or UsageError. */
export async function solve(puzzle: Puzzle | string, request: SolveRequest = {}): Promise<SolveAnswer> {
  const params = request.options ?? {};
  const backend = await backendFor(request.backend ?? 'auto', params);
  const timeoutMs = request.timeoutMs ?? 60_000;
  if (!(timeoutMs > 0)) throw new UsageError(`the time limit must be a positive number of ms, got ${timeoutMs}`);
  const run = await solveWithBackend(backend, puzzleOf(puzzle), { timeoutMs, unique: request.unique === true, seed: request.seed ?? 1, params });
  // contractJson writes exactly these fields (its own type is looser, for records of any back-end).
  return contractJson(run) as unknown as SolveAnswer;
}

/** The name a worker is started with to answer solves (see `answerSolves`). */
export const SOLVER_WORKER_NAME = 'slitherbench-solver';

/** What a page posts to its solver worker, and what comes back. */
type ToSolver = { id: number; puzzle: Puzzle | string } & SolveRequest;
type FromSolver = { id: number; answer: SolveAnswer } | { id: number; error: { name: string; message: string } };

/** The parts of a worker's global scope that answering uses. */
interface SolverScope {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Answers solve requests posted to `scope` (a worker's global scope), one at a time, in order. */
export function answerSolves(scope: SolverScope): void {
  let queue = Promise.resolve();
  scope.onmessage = (event) => {
    const { id, puzzle, ...request } = event.data as ToSolver;
    queue = queue.then(async () => {
      try {
        scope.postMessage({ id, answer: await solve(puzzle, request) } satisfies FromSolver);
      } catch (error) {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        scope.postMessage({ id, error: { name, message } } satisfies FromSolver);
      }
    });
  };
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

  solve(puzzle: Puzzle | string, request: SolveRequest = {}): Promise<SolveAnswer> {
    const run = this.queue.then(() => this.run(puzzle, request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }

  private run(puzzle: Puzzle | string, request: SolveRequest): Promise<SolveAnswer> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    const limitMs = request.timeoutMs ?? 60_000;
    return new Promise<SolveAnswer>((resolve, reject) => {
      const stop = setTimeout(() => {
        // Terminated even inside a wasm loop; the next request starts a fresh worker.
        this.close();
        resolve({ status: 'timeout', unique: null, solution: null, backend: request.backend ?? 'auto', timeMs: limitMs, stats: {}, message: `stopped after ${limitMs + GRACE_MS} ms (time limit ${limitMs} ms + ${GRACE_MS} ms grace)` });
      }, limitMs + GRACE_MS);
      worker.onmessage = (event) => {
        const reply = event.data as FromSolver;
        if (reply.id !== id) return;
        clearTimeout(stop);
        if ('answer' in reply) return resolve(reply.answer);
        const error = reply.error.name === 'PuzzleError' ? new PuzzleError(reply.error.message) : reply.error.name === 'UsageError' ? new UsageError(reply.error.message) : new Error(reply.error.message);
        reject(error);
      };
      worker.onerror = (event) => {
        // The worker's script failed to load or threw outside a solve: nothing will answer.
        clearTimeout(stop);
        this.close();
        reject(new Error(`the solver worker failed: ${event.message || 'its script did not load'}`));
      };
      worker.postMessage({ id, puzzle, ...request } satisfies ToSolver);
    });
  }
}

// Loaded as the solver worker (a worker started with that name): answer the page's solves.
const scope = globalThis as unknown as Partial<SolverScope> & { name?: unknown; WorkerGlobalScope?: unknown };
if (scope.WorkerGlobalScope !== undefined && scope.name === SOLVER_WORKER_NAME) answerSolves(scope as SolverScope);
