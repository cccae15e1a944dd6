// What the back-ends share, written once: the lazy-cut loop (solve, split the model into loops, cut the
// extra ones, solve again), the uniqueness ending (forbid the loop found, solve again), and the cuts
// themselves as plain data that each back-end states in its own solver's words.
import type { Outcome } from './backend.ts';
import { gridOf, type Grid } from './grid.ts';
import { edgeComponents, loopOf, edgesLeaving, verticesOfEdges, type Solution } from './solution.ts';

/** The message of a solve whose first loop was found but whose uniqueness was not decided in time. */
export const UNIQUENESS_UNDECIDED = 'uniqueness not decided within the time limit';

/** How a search for a loop can end without one. */
export type NoLoop = 'unsat' | 'timeout' | 'memout';
export type LoopAnswer = Solution | NoLoop;

/** One solver call: the on-edges (1 = on) of a model of the degree and clue constraints, or why there is none. */
export type SolveStep = (timeLeftMs: number) => Promise<Uint8Array | NoLoop>;
/** Adds constraints that forbid these loops together (two or more); returns how many it added (0: none possible). */
export type CutsFor = (loops: number[][]) => number;

export interface LoopCounts {
  iterations: number;
  cuts: number;
  /** Loops in the first model (degree and clue constraints only, before any cut). */
  firstModelLoops?: number;
}

/**
 * Solves, and while the model's edges form several loops, cuts them off and solves again, until one loop
 * remains, the model is unsat, or `deadline` (a performance.now() time) passes.
 */
export async function findSingleLoop(shape: { rows: number; cols: number }, solveStep: SolveStep, cutsFor: CutsFor, deadline: number, counts: LoopCounts): Promise<LoopAnswer> {
  const grid = gridOf(shape);
  for (;;) {
    const left = deadline - performance.now();
    if (left <= 1) return 'timeout';
    counts.iterations++;
    const on = await solveStep(left);
    if (typeof on === 'string') return on;
    const loops = edgeComponents(grid, (e) => on[e] === 1);
    counts.firstModelLoops ??= loops.length;
    if (loops.length > 1) {
      const added = cutsFor(loops);
      counts.cuts += added;
      // No cut possible: the model goes to the verifier as it is.
      if (added > 0) continue;
    }
    return loopOf(shape, on);
  }
}

/** The outcome of a first search that found no loop, or found one and was not asked about uniqueness. */
export function firstOutcome(first: LoopAnswer): Outcome {
  return typeof first === 'string' ? { status: first, solution: null, unique: null } : { status: 'solved', solution: first, unique: null };
}

/**
 * With a first loop in hand, looks for another: none means unique, one refutes uniqueness, running out of
 * time or memory leaves it undecided. `solveExcluding` forbids `first` and searches again.
 */
export async function decideUniqueness(first: Solution, solveExcluding: (first: Solution) => Promise<LoopAnswer>): Promise<Outcome> {
  return uniquenessOutcome(first, await solveExcluding(first));
}

/** decideUniqueness's ending, for a caller that already searched again with `first` forbidden. */
export function uniquenessOutcome(first: Solution, second: LoopAnswer): Outcome {
  if (second === 'unsat') return { status: 'solved', solution: first, unique: true };
  if (typeof second === 'string') return { status: 'solved', solution: first, unique: null, message: second === 'timeout' ? UNIQUENESS_UNDECIDED : `uniqueness not decided (${second})` };
  return { status: 'solved', solution: first, unique: false, secondSolution: second };
}

/** The edges a second loop must differ on: any other loop uses an edge this one leaves off. */
export function edgesOff(first: Solution): number[] {
  const out: number[] = [];
  first.on.forEach((bit, e) => {
    if (!bit) out.push(e);
  });
  return out;
}

export type CutKind = 'cutset' | 'loop';
export const CUT_KINDS: readonly CutKind[] = ['cutset', 'loop'];

/**
 * A cut against a model whose edges form several loops, in the puzzle's terms.
 * - `loop`: if every edge of `loop` is on, every vertex in `verticesOff` is off. A simple cycle holds no
 *   other cycle, so in a solution with all of L on, L is the whole loop. (Forbidding L outright would be
 *   unsound: L may be the one solution, met here beside an extra loop.) `witness` is one vertex of another
 *   loop of this model, for solvers that state the cut on one vertex.
 * - `cutset`: if `inside` and `outside` are both on the loop, some edge of `crossing` (the cut around the
 *   vertex set S of a loop, `inside` in S, `outside` not) is on: a single loop through both leaves S.
 *   False in this model, where S's loop is closed.
 */
export type LoopCut =
  | { kind: 'loop'; loop: readonly number[]; verticesOff: readonly number[]; witness: number }
  | { kind: 'cutset'; inside: number; outside: number; crossing: readonly number[] };

/** One cut per loop of a model whose on-edges form `loops` (two or more closed loops). */
export function loopCuts(grid: Grid, loops: readonly (readonly number[])[], kind: CutKind): LoopCut[] {
  return loops.map((loop, i) => {
    const inside = verticesOfEdges(grid, loop);
    const witness = verticesOfEdges(grid, loops[(i + 1) % loops.length])[0];
    if (kind === 'loop') {
      const onLoop = new Set(inside);
      const verticesOff: number[] = [];
      for (let v = 0; v < grid.vertexCount; v++) if (!onLoop.has(v)) verticesOff.push(v);
      return { kind: 'loop', loop, verticesOff, witness };
    }
    return { kind: 'cutset', inside: inside[0], outside: witness, crossing: edgesLeaving(grid, inside) };
  });
}
