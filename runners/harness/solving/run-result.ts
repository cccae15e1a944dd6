// A run's result as the caller sees it, and its form between a worker and its caller: what a caller of a
// worker (solve, serve, the library) loads, without the pipeline's verifier and proof checker.
import type { Stats, Status } from '../../../encodings/backend.ts';
import { edgeCountOf, type Clue, type FixedEdge, type Puzzle, type Shape, type Tiling } from '../../../encodings/grid.ts';
import { loopOf, solutionToJson, type Solution, type AnySolutionJson } from '../../../encodings/solution.ts';
import { clueCharacter } from '../../../encodings/formats/characters.ts';
import type { Certificate } from './certificate.ts';

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
 * A Puzzle between a caller and its worker: the clues as text, one character per face (0-9, then A-Z for 10 and
 * more as Loopy writes them, '.' blank, '?'), which a message copies as one block where an array of faces costs
 * a value each.
 */
export interface WirePuzzle {
  rows: number;
  cols: number;
  clues: string;
  fixedEdges?: readonly FixedEdge[];
  tiling?: Tiling;
}

const clueTexts = new WeakMap<Puzzle, string>();

const wireCharacter = (clue: Clue): string => (clue === null ? '.' : clue === '?' ? '?' : clueCharacter(clue));

export function puzzleToWire(puzzle: Puzzle): WirePuzzle {
  // A warm caller solves the same frozen puzzles again and again: each is written once.
  let clues = clueTexts.get(puzzle);
  if (clues === undefined) {
    clues = puzzle.clues.map(wireCharacter).join('');
    if (Object.isFrozen(puzzle)) clueTexts.set(puzzle, clues);
  }
  const { rows, cols, fixedEdges, tiling } = puzzle;
  const wire: WirePuzzle = fixedEdges?.length ? { rows, cols, clues, fixedEdges } : { rows, cols, clues };
  if (tiling) wire.tiling = tiling;
  return wire;
}

/** The Puzzle again: the caller's was made and checked by makePuzzle, so it is frozen here, not checked twice. */
export function puzzleFromWire({ rows, cols, clues: text, fixedEdges, tiling }: WirePuzzle): Puzzle {
  const clues = new Array<Clue>(text.length);
  for (let cell = 0; cell < text.length; cell++) {
    const c = text.charCodeAt(cell);
    clues[cell] = c === 46 ? null : c === 63 ? '?' : c >= 65 ? c - 55 : c - 48;
  }
  Object.freeze(clues);
  const puzzle: { -readonly [K in keyof Puzzle]: Puzzle[K] } = fixedEdges?.length ? { rows, cols, clues, fixedEdges: Object.freeze(fixedEdges.map((edge) => Object.freeze({ ...edge }))) } : { rows, cols, clues };
  if (tiling) puzzle.tiling = Object.freeze({ ...tiling });
  return Object.freeze(puzzle);
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
export function resultFromWire(wire: WireResult, loop: Uint8Array | null, shape: Shape): RunResult {
  if (loop && !(loop instanceof Uint8Array && loop.length === edgeCountOf(shape))) throw new Error(`internal: the worker's loop does not fit the puzzle's grid (${shape.tiling?.type ?? 'square'} ${shape.rows}x${shape.cols})`);
  const result: RunResult = wire;
  result.solution = loop ? loopOf(shape, loop) : null;
  return result;
}

/** The `solve --json` object of the contract (`version` added), its fields in the contract's order. */
export function contractJson(result: RunResult): Record<string, unknown> & { solution: AnySolutionJson | null } {
  const { backendVersion, message, rejected, certificate } = result;
  // Built field by field: a warm caller makes one per answer, and spreads of optional parts cost more.
  const json: Record<string, unknown> & { solution: AnySolutionJson | null } = { status: result.status, unique: result.unique, solution: result.solution ? solutionToJson(result.solution) : null, backend: result.backend };
  if (backendVersion) json.version = backendVersion;
  json.timeMs = result.timeMs;
  json.stats = result.stats;
  if (message) json.message = message;
  if (rejected) json.rejected = rejected;
  if (certificate) json.certificate = certificate;
  return json;
}
