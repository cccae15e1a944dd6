// The fuzzer's puzzles: each case is drawn from (seed, index) alone, so a run can be resumed, extended or
// reproduced one case at a time. Kinds cover what an unsound encoding gets wrong: unsat, unique and
// several-solution grids, loops with clues removed, no clues, all zeros, one-row and one-column strips.
import { gridOf, makePuzzle, makeTiledPuzzle, type Clue, type Puzzle, type Tiling } from '../../../encodings/grid.ts';
import type { Solution } from '../../../encodings/solution.ts';
import { fullClues, Random, randomLoop, withPatch } from '../../../datasets/generator.ts';
import { TILINGS } from '../../../encodings/tilings/index.ts';

export const CASE_KINDS = ['random-clues', 'loop-clues', 'strip', 'no-clues', 'all-zeros', 'large'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export interface SizeRange {
  minRows: number;
  maxRows: number;
  minCols: number;
  maxCols: number;
}

export interface CaseOptions {
  seed: number;
  /** Sizes of the small cases (checked against the exact oracle). */
  sizes: SizeRange;
  /** Sizes of the large cases (back-ends checked against each other), e.g. the generator's 6x6 to 10x10. */
  largeSizes: SizeRange;
  /** Share of large cases, 0 to 1. */
  largeShare: number;
  /**
   * The grids drawn from, each case one of them: `square` and Loopy's other grids by name (absent: the square
   * grid alone, drawn as before, so that a seed gives the same square puzzles as it did).
   */
  grids?: readonly string[];
}

export interface FuzzCase {
  index: number;
  kind: CaseKind;
  puzzle: Puzzle;
  /** The loop the clues were read from, when there is one: the puzzle is known to be solvable. */
  loop?: Solution;
}

/** Reads `RxC..RxC` (or one `RxC`) into a range of sizes. */
export function parseSizeRange(text: string, what: string): SizeRange {
  const m = /^\s*(\d+)x(\d+)\s*(?:\.\.\s*(\d+)x(\d+)\s*)?$/i.exec(text);
  if (!m) throw new RangeError(`${what} must be RxC..RxC (e.g. 1x1..5x5) or one RxC; got '${text}'`);
  const [minRows, minCols] = [Number(m[1]), Number(m[2])];
  const [maxRows, maxCols] = m[3] ? [Number(m[3]), Number(m[4])] : [minRows, minCols];
  if (minRows < 1 || minCols < 1) throw new RangeError(`${what} ${text}: rows and columns must be at least 1`);
  if (maxRows < minRows || maxCols < minCols) throw new RangeError(`${what} ${text}: the second size must be at least the first`);
  if (maxRows * maxCols > 2500) throw new RangeError(`${what} ${text}: at most 2500 cells`);
  return { minRows, maxRows, minCols, maxCols };
}

export const formatSizeRange = (s: SizeRange) => `${s.minRows}x${s.minCols}..${s.maxRows}x${s.maxCols}`;

/** Cumulative weights of the small kinds, out of 100. */
const SMALL_KINDS: readonly [CaseKind, number][] = [
  ['random-clues', 45],
  ['loop-clues', 35],
  ['strip', 12],
  ['no-clues', 4],
  ['all-zeros', 4],
];

export function makeCase(options: CaseOptions, index: number): FuzzCase {
  const random = new Random(options.seed, index, 0x66757a7a);
  const grids = options.grids ?? ['square'];
  const grid = grids.length === 1 ? grids[0] : grids[random.int(0, grids.length - 1)];
  if (grid !== 'square') return makeTiledCase(options, index, random, grid);
  if (random.int(0, 9999) < Math.round(options.largeShare * 10000)) {
    const [rows, cols] = drawSize(random, options.largeSizes);
    const loop = randomLoop(rows, cols, random);
    return { index, kind: 'large', puzzle: removeClues(fullClues(loop), rows, cols, random), loop };
  }
  let roll = random.int(0, 99);
  let kind: CaseKind = 'random-clues';
  for (const [k, weight] of SMALL_KINDS) {
    if (roll < weight) {
      kind = k;
      break;
    }
    roll -= weight;
  }
  let [rows, cols] = drawSize(random, options.sizes);
  if (kind === 'strip') {
    const long = random.int(Math.max(options.sizes.minCols, options.sizes.minRows, 2), Math.max(options.sizes.maxCols, options.sizes.maxRows, 2));
    [rows, cols] = random.int(0, 1) === 0 ? [1, long] : [long, 1];
    if (random.int(0, 1) === 0) return { index, kind, puzzle: makePuzzle(rows, cols, randomClues(rows * cols, random)) };
  }
  switch (kind) {
    case 'random-clues':
      return { index, kind, puzzle: makePuzzle(rows, cols, randomClues(rows * cols, random)) };
    case 'no-clues':
      return { index, kind, puzzle: makePuzzle(rows, cols, new Array<Clue>(rows * cols).fill(null)) };
    case 'all-zeros':
      return { index, kind, puzzle: makePuzzle(rows, cols, new Array<Clue>(rows * cols).fill(0)) };
    default: {
      const loop = randomLoop(rows, cols, random);
      const puzzle = removeClues(fullClues(loop), rows, cols, random);
      // Now and then one clue is changed: the puzzle may then have no solution, and the loop proves nothing.
      if (random.int(0, 5) !== 0) return { index, kind, puzzle, loop };
      const clues = [...puzzle.clues];
      clues[random.int(0, clues.length - 1)] = random.int(0, 3) as Clue;
      return { index, kind, puzzle: makePuzzle(rows, cols, clues) };
    }
  }
}

/**
 * A case on another grid: the same kinds but strips (a grid of one row is the square grid's), its size drawn as
 * Loopy's width x height from the same ranges and raised to the grid's least, Penrose patches drawn.
 */
function makeTiledCase(options: CaseOptions, index: number, random: Random, type: string): FuzzCase {
  const entry = TILINGS[type];
  const large = random.int(0, 9999) < Math.round(options.largeShare * 10000);
  const [height, width] = drawSize(random, large ? options.largeSizes : options.sizes);
  const sized = { width: Math.max(width, entry.least), height: Math.max(height, entry.least) };
  if (sized.width < entry.oneAtLeast && sized.height < entry.oneAtLeast) sized.width = entry.oneAtLeast;
  const tiling: Tiling = withPatch({ type, ...sized }, random);
  const faces = gridOf({ rows: tiling.height, cols: tiling.width, tiling });
  const kinds: CaseKind[] = ['random-clues', 'loop-clues', 'loop-clues', 'random-clues', 'no-clues', 'all-zeros'];
  const kind: CaseKind = large ? 'large' : kinds[random.int(0, kinds.length - 1)];
  const puzzle = (clues: Clue[]) => ({ index, kind, puzzle: makeTiledPuzzle(tiling, clues) });
  if (kind === 'no-clues') return puzzle(new Array<Clue>(faces.faceCount).fill(null));
  if (kind === 'all-zeros') return puzzle(new Array<Clue>(faces.faceCount).fill(0));
  if (kind === 'random-clues') {
    // As randomClues, each value a share of the face's own number of edges.
    const density = random.int(5, 70);
    return puzzle(Array.from({ length: faces.faceCount }, (_, f) => (random.int(0, 99) >= density ? null : (random.int(0, faces.edgesOfFace(f).length) as Clue))));
  }
  const loop = randomLoop(tiling.height, tiling.width, random, tiling);
  const keep = random.int(10, 90);
  const clues = fullClues(loop).map((c) => (random.int(0, 99) < keep ? c : null));
  if (kind === 'large' || random.int(0, 5) !== 0) return { ...puzzle(clues), loop };
  const face = random.int(0, clues.length - 1);
  clues[face] = random.int(0, faces.edgesOfFace(face).length) as Clue;
  return puzzle(clues);
}

function drawSize(random: Random, range: SizeRange): [number, number] {
  return [random.int(range.minRows, range.maxRows), random.int(range.minCols, range.maxCols)];
}

/**
 * A random clue grid. Dense random clues are almost always unsat, sparse ones almost always have several
 * solutions: the density is drawn per puzzle, and values lean to 1-3, so that all three outcomes are common.
 */
function randomClues(cells: number, random: Random): Clue[] {
  const density = random.int(5, 70);
  return Array.from({ length: cells }, () => {
    if (random.int(0, 99) >= density) return null;
    const v = random.int(0, 9);
    return (v === 0 ? 0 : v <= 3 ? 1 : v <= 6 ? 2 : v <= 8 ? 3 : 4) as Clue;
  });
}

/** Clues read off a loop, each kept with a probability drawn per puzzle. */
function removeClues(clues: Clue[], rows: number, cols: number, random: Random): Puzzle {
  const keep = random.int(10, 90);
  return makePuzzle(rows, cols, clues.map((c) => (random.int(0, 99) < keep ? c : null)));
}
