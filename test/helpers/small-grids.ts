// Small grids whose every loop can be listed: an independent oracle for a back-end's unsat / unique / several.
import { Random } from '../../datasets/generator.ts';
import { gridOf, makePuzzle, type Clue, type Puzzle } from '../../encodings/grid.ts';
import { regionBoundary, solutionFromEdges } from '../../encodings/solution.ts';
import { verify } from '../../encodings/verify.ts';

/** Every single loop of an empty rows x cols grid: the boundary of each cell set that is one loop. */
export function allLoops(rows: number, cols: number): Uint8Array[] {
  const grid = gridOf({ rows, cols });
  const blank = makePuzzle(rows, cols, new Array(rows * cols).fill(null));
  const loops: Uint8Array[] = [];
  for (let set = 1; set < 1 << (rows * cols); set++) {
    const inside = Uint8Array.from({ length: rows * cols }, (_, cell) => (set >> cell) & 1);
    const solution = solutionFromEdges({ rows, cols }, regionBoundary(grid, inside));
    if (verify(blank, solution).valid) loops.push(solution.on);
  }
  return loops;
}

/** Does this loop meet every clue of the puzzle? */
export function meetsClues(loop: Uint8Array, puzzle: Puzzle): boolean {
  const grid = gridOf(puzzle);
  return puzzle.clues.every((clue, cell) => typeof clue !== 'number' || grid.edgesOfCell(cell).filter((e) => loop[e]).length === clue);
}

export interface SmallCase {
  readonly puzzle: Puzzle;
  /** Every loop that solves it. */
  readonly solutions: Uint8Array[];
  readonly where: string;
}

/** Puzzles with clues read off a random loop, some dropped and some changed: a mix of none, one and several solutions. */
export function smallCases(seed: number, sizes: readonly (readonly [number, number])[], perSize: number): SmallCase[] {
  const random = new Random(seed, 1);
  const cases: SmallCase[] = [];
  for (const [rows, cols] of sizes) {
    const loops = allLoops(rows, cols);
    const grid = gridOf({ rows, cols });
    for (let i = 0; i < perSize; i++) {
      const loop = loops[random.int(0, loops.length - 1)];
      const clues: Clue[] = [];
      for (let cell = 0; cell < rows * cols; cell++) {
        const roll = random.int(0, 9);
        const count = grid.edgesOfCell(cell).filter((e) => loop[e]).length as Clue;
        clues.push(roll < 4 ? null : roll === 9 ? (random.int(0, 3) as Clue) : count);
      }
      const puzzle = makePuzzle(rows, cols, clues);
      cases.push({ puzzle, solutions: loops.filter((l) => meetsClues(l, puzzle)), where: `${rows}x${cols} ${JSON.stringify(clues)}` });
    }
  }
  return cases;
}

/** How many cases have no, one and several solutions. */
export function mix(cases: readonly SmallCase[]): { none: number; one: number; several: number } {
  const seen = { none: 0, one: 0, several: 0 };
  for (const c of cases) seen[c.solutions.length === 0 ? 'none' : c.solutions.length === 1 ? 'one' : 'several']++;
  return seen;
}
