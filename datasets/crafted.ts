// Crafted built-in sets, where encodings differ for reasons other than deduction strength:
// - lazy-trap-N: strips where solve-and-cut back-ends need about N / 2 rounds (lazyTrapPuzzles);
// - unsat: unique puzzles given one more clue that their only loop does not meet (no solution);
// - multi: fully minimal puzzles less one clue (every clue was needed, so two or more solutions).
// Each answer is checked by an exact back-end (CP-SAT) and the verifier before a puzzle is kept.
import { getBackend } from '../encodings/registry.ts';
import { defaultSolveOptions } from '../encodings/backend.ts';
import { gridOf, makePuzzle, type Clue, type Puzzle } from '../encodings/grid.ts';
import type { Solution } from '../encodings/solution.ts';
import { verify } from '../encodings/verify.ts';
import { Random } from './generator.ts';

/**
 * lazy-trap-N: a 1 x N strip with a 3 in both end cells and nothing between (and the same strip standing
 * up, N x 1). The only loop is the whole strip. But every pair "a box from the left end to column k, a box
 * from column j >= k + 2 to the right end" meets every clue and the vertex rule, and a lazy back-end's cut
 * forbids one loop at a time: proving uniqueness cuts one left and one right box per round, so it needs at
 * least (N - 3) / 2 rounds (any order of models), while an exact encoding refutes them all at once.
 */
export function lazyTrapPuzzles(n: number): { id: string; puzzle: Puzzle }[] {
  if (!Number.isInteger(n) || n < 3) throw new RangeError(`lazy-trap needs N >= 3, got ${n}`);
  const strip: Clue[] = Array.from({ length: n }, (_, i) => (i === 0 || i === n - 1 ? 3 : null));
  return [
    { id: `lazy-trap-${n}-row`, puzzle: makePuzzle(1, n, strip) },
    { id: `lazy-trap-${n}-column`, puzzle: makePuzzle(n, 1, strip) },
  ];
}

type Decided = { status: 'solved' | 'unsat'; solution: Solution | null; unique: boolean | null };

/** CP-SAT's answer with uniqueness, each loop it gives checked by the verifier. */
export async function decide(puzzle: Puzzle, timeoutMs = 120_000): Promise<Decided> {
  const backend = await getBackend('cpsat-circuit');
  await backend.prepare?.();
  const result = await backend.solve(puzzle, { ...defaultSolveOptions, timeoutMs, unique: true });
  if (result.status !== 'solved' && result.status !== 'unsat') throw new Error(`cpsat-circuit could not decide a crafted puzzle: ${result.status} ${result.message ?? ''}`);
  for (const loop of [result.solution, result.secondSolution]) {
    if (loop && !verify(puzzle, loop).valid) throw new Error('cpsat-circuit gave a loop the verifier rejects');
  }
  return { status: result.status, solution: result.solution, unique: result.unique };
}

const countOn = (puzzle: Puzzle, solution: Solution, cell: number) => gridOf(puzzle).edgesOfCell(cell).filter((e) => solution.on[e]).length;

/**
 * No solution: a blank cell of a unique puzzle gets a clue its only loop does not meet. The contradiction is
 * not local: only the whole loop shows it. The cell and the wrong count are drawn from `seed`.
 */
export async function unsatVariant(puzzle: Puzzle, seed: number): Promise<Puzzle> {
  const { status, solution, unique } = await decide(puzzle);
  if (status !== 'solved' || unique !== true || !solution) throw new Error('unsatVariant needs a puzzle with exactly one solution');
  const random = new Random(seed, puzzle.rows, puzzle.cols);
  const blanks = random.shuffle(puzzle.clues.flatMap((clue, cell) => (clue === null ? [cell] : [])));
  for (const cell of blanks) {
    const right = countOn(puzzle, solution, cell);
    // A wrong count that a 0 or a 3 would not give away next to the loop at once: the nearest other count.
    const wrong = (right === 0 ? 1 : right === 3 ? 2 : right + (random.int(0, 1) ? 1 : -1)) as Clue;
    const clues = puzzle.clues.slice();
    clues[cell] = wrong;
    const variant = makePuzzle(puzzle.rows, puzzle.cols, clues);
    if ((await decide(variant)).status === 'unsat') return variant;
  }
  throw new Error('no blank cell gives an unsat variant');
}

/** Two or more solutions: a fully minimal puzzle less one clue (drawn from `seed`), checked by CP-SAT. */
export async function multiVariant(puzzle: Puzzle, seed: number): Promise<Puzzle> {
  const random = new Random(seed, puzzle.rows, puzzle.cols);
  const clued = random.shuffle(puzzle.clues.flatMap((clue, cell) => (clue === null ? [] : [cell])));
  for (const cell of clued) {
    const clues = puzzle.clues.slice();
    clues[cell] = null;
    const variant = makePuzzle(puzzle.rows, puzzle.cols, clues);
    const answer = await decide(variant);
    if (answer.status === 'solved' && answer.unique === false) return variant;
  }
  throw new Error('every clue can go: the puzzle was not minimal');
}
