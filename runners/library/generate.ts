// Generating puzzles from a program: the generator of `generate`, with the same uniqueness oracle (rules
// deduction, then auto), so that the same size, seed and difficulty give the same puzzles as the command.
import { defaultStrategy, DIFFICULTIES, generateSet, type Difficulty } from '../../datasets/generator.ts';
import { writeUrl } from '../../encodings/formats/url.ts';
import { clueCount, parseGridSize, type Puzzle } from '../../encodings/grid.ts';
import { UsageError } from '../../encodings/errors.ts';
import { backendOracle, pickOracleBackend } from '../harness/solving/oracle.ts';
import { MAX_GENERATED_CELLS } from '../cli/commands/generate.ts';

export interface GenerateOptions {
  /** Rows x columns, `RxC` (e.g. `10x10`) or `{ rows, cols }`. */
  size: string | { rows: number; cols: number };
  /** How many puzzles (default 1). */
  count?: number;
  /** Random seed (default 1): the same seed gives the same puzzles. */
  seed?: number;
  /** any (default), easy, medium or hard, graded by the rules back-end's deduction levels. */
  difficulty?: Difficulty;
  /** Time limit of one uniqueness check, in ms (default 60,000); past it the clue is kept. */
  checkTimeoutMs?: number;
}

export interface GeneratedPuzzle {
  puzzle: Puzzle;
  /** The puzz.link URL, as `generate` writes it. */
  url: string;
  difficulty: Exclude<Difficulty, 'any'>;
  clues: number;
}

/** Puzzles with exactly one solution, each proven unique by the generator's oracle. Runs in this thread. */
export async function generate(options: GenerateOptions): Promise<GeneratedPuzzle[]> {
  const { rows, cols } = typeof options.size === 'string' ? parseGridSize(options.size, 'size') : options.size ?? {};
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) throw new UsageError('size must be RxC, e.g. 10x10, or { rows, cols } of whole numbers');
  if (rows * cols > MAX_GENERATED_CELLS) throw new UsageError(`size ${rows}x${cols}: at most ${MAX_GENERATED_CELLS} cells for the generator`);
  const count = options.count ?? 1;
  const seed = options.seed ?? 1;
  const difficulty = options.difficulty ?? 'any';
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`count must be a whole number of at least 1, got ${count}`);
  if (!Number.isInteger(seed)) throw new UsageError(`seed must be a whole number, got ${seed}`);
  if (!DIFFICULTIES.includes(difficulty)) throw new UsageError(`difficulty must be one of ${DIFFICULTIES.join(', ')}; got '${String(difficulty)}'`);
  const checkTimeoutMs = options.checkTimeoutMs ?? 60_000;
  if (!(checkTimeoutMs > 0)) throw new UsageError(`checkTimeoutMs must be a positive number, got ${checkTimeoutMs}`);
  const backend = await pickOracleBackend().catch((error: Error) => {
    throw new UsageError(error.message);
  });
  const oracle = await backendOracle(backend, checkTimeoutMs, { calls: 0, timeouts: 0 }, { deduction: true });
  const strategy = defaultStrategy(rows * cols, true);
  const made = await generateSet({ rows, cols, count, seed, difficulty, oracle, strategy });
  return made.map(({ generated, difficulty: graded }) => ({
    puzzle: generated.puzzle,
    url: writeUrl(generated.puzzle),
    difficulty: graded as Exclude<Difficulty, 'any'>,
    clues: clueCount(generated.puzzle),
  }));
}
