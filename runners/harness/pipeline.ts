// The solve pipeline: (presolve) -> back-end -> independent verifier -> a checked result. Runs in the
// calling process; runners/harness/worker.ts puts it behind a process boundary for hard limits.
import type { Backend, Params, SolveOptions, SolveResult, Stats, Status } from '../../encodings/backend.ts';
import { edgeCountOf, withFixedEdges, type Clue, type FixedEdge, type Puzzle } from '../../encodings/grid.ts';
import { sameSolution, solutionToJson, solutionToKey, type Solution, type SolutionJson } from '../../encodings/solution.ts';
import { verify } from '../../encodings/verify.ts';
import { elapsedMs, now, roundMs } from '../../encodings/clock.ts';
import { certificateOf, certifyBlocker, type Certificate } from './certificate.ts';

/** A run's answer after the verifier: what `solve` prints and `bench` records. */
export interface RunResult {
  status: Status;
  unique: boolean | null;
  /** The verified loop, when status is solved. */
  solution: Solution | null;
  backend: string;
  /** The back-end's engine and version (`Backend.version`), when it could tell. */
  backendVersion?: string;
  /** The back-end's own time: presolve + encode + solve + uniqueness, no process start or library load. */
  timeMs: number;
  stats: Stats;
  /** Why the status is error (verifier rejection, exception), when it is. */
  message?: string;
  /** True when the verifier rejected an answer the back-end gave. */
  rejected?: boolean;
  /** When uniqueness was refuted: the verified second loop (in this process only; not sent between processes). */
  secondSolution?: Solution;
  /** With `certify`: whether the answer is certified, and its proof's size and check time. */
  certificate?: Certificate;
}

/**
 * A Puzzle between a caller and its worker: the clues as text, one character per cell (0-4, '.' blank, '?'),
 * which a message copies as one block where an array of cells costs a value each.
 */
export interface WirePuzzle {
  rows: number;
  cols: number;
  clues: string;
  fixedEdges?: readonly FixedEdge[];
}

const clueTexts = new WeakMap<Puzzle, string>();

export function puzzleToWire(puzzle: Puzzle): WirePuzzle {
  // A warm caller solves the same frozen puzzles again and again: each is written once.
  let clues = clueTexts.get(puzzle);
  if (clues === undefined) {
    clues = puzzle.clues.map((clue) => (clue === null ? '.' : String(clue))).join('');
    if (Object.isFrozen(puzzle)) clueTexts.set(puzzle, clues);
  }
  const { rows, cols, fixedEdges } = puzzle;
  return fixedEdges?.length ? { rows, cols, clues, fixedEdges } : { rows, cols, clues };
}

/** The Puzzle again: the caller's was made and checked by makePuzzle, so it is frozen here, not checked twice. */
export function puzzleFromWire({ rows, cols, clues: text, fixedEdges }: WirePuzzle): Puzzle {
  const clues = new Array<Clue>(text.length);
  for (let cell = 0; cell < text.length; cell++) {
    const c = text.charCodeAt(cell);
    clues[cell] = c === 46 ? null : c === 63 ? '?' : ((c - 48) as Clue);
  }
  Object.freeze(clues);
  return Object.freeze(fixedEdges?.length ? { rows, cols, clues, fixedEdges: Object.freeze(fixedEdges.map((edge) => Object.freeze({ ...edge }))) } : { rows, cols, clues });
}

/**
 * A RunResult between a worker and its caller, with its loop beside it as the loop's bytes (Solution.on, one
 * per edge), which a message copies as one block and the caller takes as it is, with no text to write and parse again.
 */
export type WireResult = Omit<RunResult, 'solution' | 'secondSolution'> & { solution: null };

/** The worker's result, ready to send, and its loop: changed in place, not copied (the worker drops it once sent). */
export function resultToWire(result: RunResult): { result: WireResult; loop: Uint8Array | null } {
  const { solution } = result;
  // A view into a larger buffer (a wasm core's memory) would be copied whole: send the loop's bytes alone.
  const loop = solution && solution.on.byteLength !== solution.on.buffer.byteLength ? solution.on.slice() : (solution?.on ?? null);
  // The second loop stays in the worker (RunResult says so); rare, so its property is deleted only when there is one.
  if (result.secondSolution) delete result.secondSolution;
  result.solution = null;
  return { result: result as WireResult, loop };
}

/** The RunResult again, in place: the message's copy is the caller's own. */
export function resultFromWire(wire: WireResult, loop: Uint8Array | null, shape: { rows: number; cols: number }): RunResult {
  if (loop && !(loop instanceof Uint8Array && loop.length === edgeCountOf(shape))) throw new Error(`internal: the worker's loop does not fit a ${shape.rows}x${shape.cols} grid`);
  const result: RunResult = wire;
  result.solution = loop ? { rows: shape.rows, cols: shape.cols, on: loop } : null;
  return result;
}

/** The `solve --json` object of the contract (`version` added), its fields in the contract's order. */
export function contractJson(result: RunResult): Record<string, unknown> & { solution: SolutionJson | null } {
  const { backendVersion, message, rejected, certificate } = result;
  // Built field by field: a warm caller makes one per answer, and spreads of optional parts cost more.
  const json: Record<string, unknown> & { solution: SolutionJson | null } = { status: result.status, unique: result.unique, solution: result.solution ? solutionToJson(result.solution) : null, backend: result.backend };
  if (backendVersion) json.version = backendVersion;
  json.timeMs = result.timeMs;
  json.stats = result.stats;
  if (message) json.message = message;
  if (rejected) json.rejected = rejected;
  if (certificate) json.certificate = certificate;
  return json;
}

export interface PipelineOptions extends SolveOptions {
  /** A back-end whose `presolve` decides edges first. */
  readonly presolver?: Backend;
  /** The presolver's own options (not the solving back-end's). */
  readonly presolverParams?: Params;
  /** With `certify`: write the proof here instead of checking it. */
  readonly proofFile?: string;
}

const versions = new Map<string, string>();
const versionKey = (backend: Backend, params: Params) => (isEmpty(params) ? backend.name : `${backend.name}\u0000${JSON.stringify(params)}`);

function isEmpty(params: Params): boolean {
  for (const _ in params) return false;
  return true;
}

/** The back-end's version for these options, asked once per process (it may load the engine). */
async function versionOf(backend: Backend, params: Params): Promise<string | undefined> {
  const key = versionKey(backend, params);
  if (!versions.has(key)) {
    try {
      versions.set(key, await backend.version(params));
    } catch (error) {
      versions.set(key, `unknown (${(error as Error).message})`);
    }
  }
  return versions.get(key);
}

export async function solveWithBackend(backend: Backend, puzzle: Puzzle, asked: PipelineOptions): Promise<RunResult> {
  // Known after a worker's first solve: a warm solve does not wait a turn of the event loop for it.
  const backendVersion = versions.get(versionKey(backend, asked.params)) ?? (await versionOf(backend, asked.params));
  const started = now();
  const stats: Stats = {};
  let solvedMs: number | undefined;
  // A certified answer is about uniqueness too; a run that cannot be certified says why, and runs as asked.
  const blocker = asked.certify ? certifyBlocker(backend, asked.params, puzzle, asked.presolver !== undefined) : null;
  const certify = asked.certify === true && !blocker;
  const options: PipelineOptions = asked.certify ? { ...asked, unique: true, certify } : asked;
  try {
    let presolved = puzzle;
    if (options.presolver) {
      if (!options.presolver.presolve) throw new Error(`back-end '${options.presolver.name}' cannot presolve`);
      const pre = await options.presolver.presolve(puzzle, { ...options, params: options.presolverParams ?? {} });
      stats.presolver = options.presolver.name;
      stats.presolveMs = roundMs(elapsedMs(started));
      stats.presolveFixedEdges = pre.fixed.length;
      for (const [k, v] of Object.entries(pre.stats)) if (v !== undefined) stats[`presolve.${k}`] = v;
      if (pre.contradiction) return finish('unsat', null, null);
      presolved = withFixedEdges(puzzle, pre.fixed);
    }
    const remaining = Math.max(1, options.timeoutMs - elapsedMs(started));
    const result: SolveResult = await backend.solve(presolved, { ...options, timeoutMs: remaining });
    // timeMs is the back-end's own time (the contract): it stops here, before the verifier's checks.
    solvedMs = roundMs(elapsedMs(started));
    Object.assign(stats, result.stats);
    const checkStarted = now();
    const run = check(result);
    stats.verifyMs = roundMs(elapsedMs(checkStarted));
    if (certify) run.certificate = certificateOf(puzzle, result, run.status, run.unique, options.proofFile);
    return run;
  } catch (error) {
    return finish('error', null, null, error instanceof Error ? error.message : String(error));
  }

  function check(result: SolveResult): RunResult {
    if (result.status !== 'solved') return finish(result.status, null, null, result.message);
    if (!result.solution) return finish('error', null, null, 'back-end said solved but gave no solution', true);
    // Verified against the puzzle as given, not as presolved: a wrong presolve shows here too.
    const verdict = verify(puzzle, result.solution);
    if (!verdict.valid) {
      // The rejected answer stays in the stats (its key), so that a report can draw what was wrong.
      stats.rejectedAnswer = solutionToKey(result.solution);
      return finish('error', null, null, `verifier rejected the answer: ${verdict.reason}`, true);
    }
    const unique = options.unique ? result.unique : null;
    if (options.unique && unique === null) return finish('timeout', null, null, result.message ?? 'a solution was found but uniqueness was not decided within the time limit');
    if (unique === false && result.secondSolution) {
      const second = verify(puzzle, result.secondSolution);
      if (!second.valid) return finish('error', null, null, `verifier rejected the second solution: ${second.reason}`, true);
      if (sameSolution(result.solution, result.secondSolution)) return finish('error', null, null, 'the second solution equals the first', true);
      return { ...finish('solved', result.solution, unique, result.message), secondSolution: result.secondSolution };
    }
    return finish('solved', result.solution, unique, result.message);
  }

  function finish(status: Status, solution: Solution | null, unique: boolean | null, message?: string, rejected?: boolean): RunResult {
    const run: RunResult = { status, unique, solution, backend: backend.name, timeMs: solvedMs ?? roundMs(elapsedMs(started)), stats };
    if (backendVersion) run.backendVersion = backendVersion;
    if (asked.certify) run.certificate = blocker ?? { certified: 'no', reason: `no answer (${status})` };
    if (message) run.message = message;
    if (rejected) run.rejected = true;
    return run;
  }
}
