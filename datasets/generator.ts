// The seeded puzzle generator: draw a random single loop as the boundary of a random simply-connected
// region of cells, write every clue, then remove clues while the puzzle keeps exactly one solution.
// Pure apart from the uniqueness oracle it is given; the same seed and a correct oracle give the same
// puzzles on any machine (pure-rand's xoroshiro128+ is specified bit for bit).
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { clueCount, gridOf, makePuzzle, type Clue, type Puzzle } from '../encodings/grid.ts';
import { regionBoundary, solutionFromEdges, type Solution } from '../encodings/solution.ts';
import { verify } from '../encodings/verify.ts';
import { LEVELS, type Level } from '../encodings/backends/rules/levels.ts';

export interface OracleAnswer {
  /** True when the puzzle has exactly one solution. */
  unique: boolean;
  /** The weakest deduction level that solves it, when the oracle can tell. */
  level?: Level;
}

/**
 * Decides uniqueness (and, if it can, the level) of a puzzle. Must be exact: a wrong 'unique' breaks the set.
 * Given `maxLevel`, it may answer `unique: false` for a puzzle it cannot settle within that level: the
 * generator only needs to know whether to accept.
 */
export type UniquenessOracle = (puzzle: Puzzle, maxLevel?: Level) => Promise<OracleAnswer>;

export interface GenerateOptions {
  rows: number;
  cols: number;
  seed: number;
  /** Which puzzle of the sequence (0-based); each index has its own random stream. */
  index: number;
  /** The highest level accepted while removing clues (undefined: any level). */
  maxLevel?: Level;
}

export interface GeneratedPuzzle {
  puzzle: Puzzle;
  solution: Solution;
  level?: Level;
  /** Oracle calls made. */
  checks: number;
}

/** A small random source with the few draws the generator needs. */
export class Random {
  private readonly generator: RandomGenerator;
  /** Several seeds (seed, rows, cols, index) are hashed into one, so each puzzle has its own stream. */
  constructor(...seeds: number[]) {
    let h = 0x2545f491;
    for (const s of seeds) {
      h = Math.imul(h ^ (s | 0), 0x9e3779b1);
      h ^= h >>> 15;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
    }
    this.generator = xoroshiro128plus(h | 0);
  }
  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return uniformInt(this.generator, min, max);
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

/** The edges between inside and outside cells (the grid's border counts as outside). */
export function boundaryEdges(rows: number, cols: number, inside: Uint8Array): number[] {
  return regionBoundary(gridOf({ rows, cols }), inside);
}

/**
 * Grows a random region from one cell, adding neighbouring cells while its boundary stays one simple loop
 * (no hole, no two cells touching only at a corner). Returns the loop as a solution.
 */
export function randomLoop(rows: number, cols: number, random: Random): Solution {
  const grid = gridOf({ rows, cols });
  const blank = makePuzzle(rows, cols, new Array<Clue>(grid.cellCount).fill(null));
  const inside = new Uint8Array(grid.cellCount);
  inside[random.int(0, grid.cellCount - 1)] = 1;
  if (grid.cellCount === 1) return solutionFromEdges(blank, boundaryEdges(rows, cols, inside));
  // Aim for 30-65% of the cells inside (at least one cell, never all of a grid wider than one cell).
  const target = Math.max(1, Math.min(grid.cellCount - 1, Math.round((grid.cellCount * random.int(30, 65)) / 100)));
  let size = 1;
  let stalled = 0;
  const neighbours = (cell: number): number[] => {
    const [r, c] = grid.cellPosition(cell);
    const out: number[] = [];
    if (r > 0) out.push(grid.cell(r - 1, c));
    if (r < rows - 1) out.push(grid.cell(r + 1, c));
    if (c > 0) out.push(grid.cell(r, c - 1));
    if (c < cols - 1) out.push(grid.cell(r, c + 1));
    return out;
  };
  while (size < target && stalled < 4) {
    const frontier: number[] = [];
    for (let cell = 0; cell < grid.cellCount; cell++) {
      if (!inside[cell] && neighbours(cell).some((n) => inside[n])) frontier.push(cell);
    }
    random.shuffle(frontier);
    // Prefer cells touching the region on one side only: the region grows arms, the loop winds.
    const touching = (cell: number) => neighbours(cell).filter((n) => inside[n]).length;
    frontier.sort((a, b) => Math.min(touching(a), 2) - Math.min(touching(b), 2));
    let added = 0;
    for (const cell of frontier) {
      if (size >= target) break;
      inside[cell] = 1;
      if (verify(blank, solutionFromEdges(blank, boundaryEdges(rows, cols, inside))).valid) {
        size++;
        added++;
        if (random.int(0, 3) === 0) break; // re-draw the frontier now and then so the region grows unevenly
      } else {
        inside[cell] = 0;
      }
    }
    stalled = added === 0 ? stalled + 1 : 0;
  }
  return solutionFromEdges(blank, boundaryEdges(rows, cols, inside));
}

/** Every cell's clue for a loop. */
export function fullClues(solution: Solution): Clue[] {
  const grid = gridOf(solution);
  const clues: Clue[] = [];
  for (let cell = 0; cell < grid.cellCount; cell++) {
    let count = 0;
    for (const e of grid.edgesOfCell(cell)) count += solution.on[e];
    clues.push(count as Clue);
  }
  return clues;
}

const levelRank = (level: Level | undefined) => (level === undefined ? LEVELS.length : LEVELS.indexOf(level));

/**
 * Generates one puzzle: a random loop, all clues, then clues removed in a random order while the oracle
 * says the puzzle stays unique (and no harder than maxLevel). Removal goes in batches that double after a
 * success and halve after a failure; a single clue whose removal fails is kept. The result is minimal
 * for that order: no remaining clue can be removed alone.
 */
export async function generatePuzzle(options: GenerateOptions, oracle: UniquenessOracle): Promise<GeneratedPuzzle> {
  const { rows, cols } = options;
  const random = new Random(options.seed, rows, cols, options.index);
  const solution = randomLoop(rows, cols, random);
  const clues = fullClues(solution);
  const order = random.shuffle([...clues.keys()]);
  let checks = 0;
  let level: Level | undefined;

  const accepts = async (candidate: Clue[]): Promise<OracleAnswer | null> => {
    checks++;
    const answer = await oracle(makePuzzle(rows, cols, candidate), options.maxLevel);
    if (!answer.unique) return null;
    if (options.maxLevel && levelRank(answer.level) > levelRank(options.maxLevel)) return null;
    return answer;
  };
  const first = await accepts(clues);
  if (!first) throw new Error(`internal: the fully clued ${rows}x${cols} puzzle was not accepted by the oracle`);
  level = first.level;

  let batch = Math.max(1, Math.floor(order.length / 8));
  let at = 0;
  while (at < order.length) {
    const take = order.slice(at, at + batch);
    const candidate = [...clues];
    for (const cell of take) candidate[cell] = null;
    const answer = await accepts(candidate);
    if (answer) {
      for (const cell of take) clues[cell] = null;
      level = answer.level;
      at += take.length;
      batch = Math.min(batch * 2, Math.max(1, order.length - at));
    } else if (take.length > 1) {
      batch = Math.max(1, Math.floor(take.length / 2));
    } else {
      at += 1; // this clue stays
    }
  }
  return { puzzle: makePuzzle(rows, cols, clues), solution, level, checks };
}

export type Difficulty = 'any' | 'easy' | 'medium' | 'hard';
export const DIFFICULTIES: readonly Difficulty[] = ['any', 'easy', 'medium', 'hard'];

/**
 * Difficulty by deduction level (needs an oracle that reports one, i.e. the rules back-end):
 * easy = basic rules suffice, medium = corner rules needed, hard = trial or search needed.
 * Without levels, by clue density of the minimal puzzle: easy >= 45%, medium 33-45%, hard < 33% of cells clued.
 */
export function difficultyOf(generated: GeneratedPuzzle): Exclude<Difficulty, 'any'> {
  const level = generated.level;
  if (level) return level === 'basic' ? 'easy' : level === 'corners' ? 'medium' : 'hard';
  const density = clueCount(generated.puzzle) / (generated.puzzle.rows * generated.puzzle.cols);
  return density >= 0.45 ? 'easy' : density >= 0.33 ? 'medium' : 'hard';
}

export interface GenerateRun {
  rows: number;
  cols: number;
  count: number;
  seed: number;
  difficulty: Difficulty;
  oracle: UniquenessOracle;
  /** Attempts per puzzle to reach the asked difficulty before taking the last one. */
  attempts?: number;
  onPuzzle?: (index: number, generated: GeneratedPuzzle, difficulty: string) => void;
}

export async function generateSet(run: GenerateRun): Promise<{ generated: GeneratedPuzzle; difficulty: string; attempts: number }[]> {
  const out: { generated: GeneratedPuzzle; difficulty: string; attempts: number }[] = [];
  const maxLevel: Level | undefined = run.difficulty === 'easy' ? 'basic' : run.difficulty === 'medium' ? 'corners' : undefined;
  const attempts = run.difficulty === 'any' ? 1 : (run.attempts ?? 12);
  for (let index = 0; index < run.count; index++) {
    let generated: GeneratedPuzzle | undefined;
    let difficulty = '';
    let tried = 0;
    // Attempt k of puzzle i uses stream index i + k * 1_000_003, so puzzle i never depends on --count.
    while (tried < attempts) {
      generated = await generatePuzzle({ rows: run.rows, cols: run.cols, seed: run.seed, index: index + tried * 1_000_003, maxLevel }, run.oracle);
      tried++;
      difficulty = difficultyOf(generated);
      if (run.difficulty === 'any' || difficulty === run.difficulty) break;
    }
    run.onPuzzle?.(index, generated!, difficulty);
    out.push({ generated: generated!, difficulty, attempts: tried });
  }
  return out;
}
