// JSON puzzles: {"rows": R, "cols": C, "clues": [[0-4 | null | "?", ...], ...]} (rows of cells),
// optionally with "solution": the contract's solution object. On another grid: {"grid": TYPE, "width": W,
// "height": H, ("patch": Loopy's grid description,) "clues": [one per face, in the grid's order]}, the solution
// in its form for that grid ({grid, width, height, edges}).
import { makePuzzle, makeTiledPuzzle, type Clue, type Puzzle, checkSizeAt } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import { solutionFromJson, solutionToJson, type Solution } from '../solution.ts';

export interface PuzzleJson {
  rows: number;
  cols: number;
  clues: (number | null | '?')[][];
  solution?: ReturnType<typeof solutionToJson>;
}

export function readJsonPuzzle(value: unknown, where = 'input'): { puzzle: Puzzle; solution?: Solution } {
  if (typeof value !== 'object' || value === null) throw new PuzzleError(`${where}: expected a JSON object with rows, cols, clues`);
  const o = value as Record<string, unknown>;
  if ('grid' in o) return readTiledJson(o, where);
  if (typeof o.rows !== 'number' || typeof o.cols !== 'number') throw new PuzzleError(`${where}: "rows" and "cols" must be numbers`);
  checkSizeAt(where, o.rows, o.cols, `${o.rows}x${o.cols} (rows x cols)`);
  if (!Array.isArray(o.clues)) throw new PuzzleError(`${where}: "clues" must be an array of ${o.rows} rows`);
  const rows = o.rows;
  const cols = o.cols;
  if (o.clues.length !== rows) throw new PuzzleError(`${where}: "clues" has ${o.clues.length} rows, expected ${rows}`);
  const clues: Clue[] = [];
  o.clues.forEach((row: unknown, r: number) => {
    if (!Array.isArray(row) || row.length !== cols) throw new PuzzleError(`${where}: clues[${r}] must be an array of ${cols} cells`);
    row.forEach((cell: unknown, c: number) => {
      if (cell === null || cell === '?' || (typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell <= 4)) clues.push(cell as Clue);
      else throw new PuzzleError(`${where}: clues[${r}][${c}] is ${JSON.stringify(cell)}, expected 0-4, null or "?"`);
    });
  });
  const puzzle = makePuzzle(rows, cols, clues);
  const solution = o.solution === undefined ? undefined : solutionFromJson(o.solution, `${where}: solution`);
  return solution ? { puzzle, solution } : { puzzle };
}

function readTiledJson(o: Record<string, unknown>, where: string): { puzzle: Puzzle; solution?: Solution } {
  const { grid: type, width, height, patch, clues } = o;
  if (typeof type !== 'string' || typeof width !== 'number' || typeof height !== 'number') throw new PuzzleError(`${where}: "grid" must be a grid name and "width" and "height" numbers`);
  if (patch !== undefined && typeof patch !== 'string') throw new PuzzleError(`${where}: "patch" must be a string`);
  checkSizeAt(where, height, width, `${width}x${height} (width x height)`);
  if (!Array.isArray(clues)) throw new PuzzleError(`${where}: "clues" must be an array with one clue per face`);
  clues.forEach((clue: unknown, face: number) => {
    if (!(clue === null || clue === '?' || (typeof clue === 'number' && Number.isInteger(clue) && clue >= 0))) throw new PuzzleError(`${where}: clues[${face}] is ${JSON.stringify(clue)}, expected a whole number, null or "?"`);
  });
  const puzzle = makeTiledPuzzle(patch === undefined ? { type, width, height } : { type, width, height, patch }, clues as Clue[]);
  const solution = o.solution === undefined ? undefined : solutionFromJson(o.solution, `${where}: solution`);
  return solution ? { puzzle, solution } : { puzzle };
}

export function writeJsonPuzzle(puzzle: Puzzle, solution?: Solution): string {
  if (puzzle.tiling) {
    const { type, width, height, patch } = puzzle.tiling;
    const tiled: Record<string, unknown> = patch === undefined ? { grid: type, width, height } : { grid: type, width, height, patch };
    tiled.clues = puzzle.clues;
    if (solution) tiled.solution = solutionToJson(solution);
    return JSON.stringify(tiled) + '\n';
  }
  const clues: (number | null | '?')[][] = [];
  for (let r = 0; r < puzzle.rows; r++) clues.push(puzzle.clues.slice(r * puzzle.cols, (r + 1) * puzzle.cols) as (number | null | '?')[]);
  const out: PuzzleJson = { rows: puzzle.rows, cols: puzzle.cols, clues };
  if (solution) out.solution = solutionToJson(solution);
  return JSON.stringify(out) + '\n';
}
