// The library's parts that need no Node: reading and writing puzzles, checking a loop, drawing it. They
// import nothing from node:, so the browser build bundles this module as it is; index.ts adds the parts
// that run workers, read files and benchmark.
import { FORMAT_NAMES, parsePuzzle as parseAny, writePuzzle, type FormatName } from '../../encodings/formats/index.ts';
import { makePuzzle, makeTiledPuzzle, type Clue, type Puzzle } from '../../encodings/grid.ts';
import { gridDrawing, renderSvg as drawSvg, renderText as drawText, type GridDrawing, type SvgOptions } from '../../encodings/render.ts';
import { solutionFromJson, solutionToJson, type Solution, type AnySolutionJson, type SolutionJson, type TiledSolutionJson } from '../../encodings/solution.ts';
import { verify as verifyLoop, type Verdict } from '../../encodings/verify.ts';
import { UsageError } from '../../encodings/errors.ts';

export { PuzzleError, UnknownBackendError, UsageError } from '../../encodings/errors.ts';
export type { AnySolutionJson, Clue, GridDrawing, Puzzle, SolutionJson, SvgOptions, TiledSolutionJson, Verdict };

/** The formats `formatPuzzle` writes and `parsePuzzle` reads. */
export const PUZZLE_FORMATS: readonly PuzzleFormat[] = FORMAT_NAMES;
export type PuzzleFormat = FormatName;

/**
 * Reads a puzzle from a puzz.link URL, a Loopy game ID, a text grid, pzprv3 or the JSON form, detected
 * from the text. Throws a PuzzleError (a UsageError) saying what is wrong and where, as the CLI does.
 */
export function parsePuzzle(text: string): Puzzle {
  return readPuzzle(text).puzzle;
}

/** As parsePuzzle, also saying which format the text was and the solution it carried (pzprv3 answer, JSON "solution"). */
export function readPuzzle(text: string): { puzzle: Puzzle; format: PuzzleFormat; solution: AnySolutionJson | null } {
  if (typeof text !== 'string') throw new UsageError(`a puzzle is read from text; got ${typeof text}`);
  const parsed = parseAny(text, 'puzzle');
  return { puzzle: remember(parsed.puzzle), format: parsed.format, solution: parsed.solution ? solutionToJson(parsed.solution) : null };
}

/** Writes a puzzle as `url`, `loopy`, `text`, `pzprv3` or `json` (the last two with the loop, when one is given). */
export function formatPuzzle(puzzle: Puzzle, format: PuzzleFormat, solution?: AnySolutionJson | null): string {
  if (!FORMAT_NAMES.includes(format)) throw new UsageError(`format must be one of ${FORMAT_NAMES.join(', ')}; got '${String(format)}'`);
  return writePuzzle(checkedPuzzle(puzzle), format, solution ? loopOf(solution) : undefined);
}

/** Whether the loop solves the puzzle: one closed loop, every clue satisfied; else the reason. */
export function verify(puzzle: Puzzle, solution: AnySolutionJson): Verdict {
  return verifyLoop(checkedPuzzle(puzzle), loopOf(solution));
}

/** An SVG picture of the puzzle, with its loop when one is given; self-contained (no CSS, no font files). */
export function renderSvg(puzzle: Puzzle, solution?: AnySolutionJson | null, options?: SvgOptions): string {
  return drawSvg(checkedPuzzle(puzzle), solution ? loopOf(solution) : null, options);
}

/** The puzzle as a text grid, with its loop drawn in when one is given. */
export function renderText(puzzle: Puzzle, solution?: AnySolutionJson | null): string {
  return drawText(checkedPuzzle(puzzle), solution ? loopOf(solution) : null);
}

/** What a page needs to show a puzzle: the square grid's rows of clues and its URL, or another grid's drawing and Loopy game ID. */
export type PuzzleDescription =
  | { rows: number; cols: number; clues: string[]; format: PuzzleFormat; url: string }
  | { grid: string; width: number; height: number; faces: number; rows: number; cols: number; format: PuzzleFormat; loopy: string; drawing: GridDrawing };

/** The description of a puzzle read as `format` (serve's POST /puzzle answers it; its page makes it when alone). */
export function describePuzzle(puzzle: Puzzle, format: PuzzleFormat): PuzzleDescription {
  const p = checkedPuzzle(puzzle);
  if (p.tiling) return { grid: p.tiling.type, width: p.tiling.width, height: p.tiling.height, faces: p.clues.length, rows: p.rows, cols: p.cols, format, loopy: writePuzzle(p, 'loopy'), drawing: gridDrawing(p) };
  const clues = Array.from({ length: p.rows }, (_, r) => p.clues.slice(r * p.cols, (r + 1) * p.cols).map((c) => (c === null ? '.' : String(c))).join(''));
  return { rows: p.rows, cols: p.cols, clues, format, url: writePuzzle(p, 'url') };
}

/** A puzzle from its size and its clues (row-major; null for a blank cell), checked as the readers check one. */
export function makeGrid(rows: number, cols: number, clues: readonly Clue[]): Puzzle {
  return remember(makePuzzle(rows, cols, clues));
}

/** The puzzle checked: a caller may hand over any object (from JSON, say); a malformed one is a UsageError, not a crash deep inside. */
export function checkedPuzzle(puzzle: Puzzle): Puzzle {
  // A puzzle this module made or checked is frozen, so it is still as checked: a warm Solver does not copy it again.
  if (checked.has(puzzle)) return puzzle;
  if (typeof puzzle !== 'object' || puzzle === null || !Array.isArray(puzzle.clues)) throw new UsageError('a puzzle is an object {rows, cols, clues} (see parsePuzzle)');
  // Another grid is rebuilt from its tiling (a square grid of the same rows and columns would be another puzzle).
  if (puzzle.tiling) return remember(makeTiledPuzzle(puzzle.tiling, puzzle.clues, puzzle.fixedEdges));
  return remember(makePuzzle(puzzle.rows, puzzle.cols, puzzle.clues, puzzle.fixedEdges));
}

const checked = new WeakSet<Puzzle>();
function remember(puzzle: Puzzle): Puzzle {
  if (Object.isFrozen(puzzle) && Object.isFrozen(puzzle.clues)) checked.add(puzzle);
  return puzzle;
}

/** The loop in the library's form (the contract's {rows, cols, h, v}) read into the internal one. */
export function loopOf(solution: AnySolutionJson): Solution {
  return solutionFromJson(solution, 'solution');
}
