// cdcl-loop: our own CDCL solver over the edge variables, on the shared degree and clue CNF, with the
// single-loop rule as a propagator inside the search (sat-lazy's cuts, applied to partial assignments
// with reason clauses instead of after full models). Uniqueness: a blocking clause, then a second search
// that keeps everything learnt in the first.
import { elapsedMs, now } from '../../clock.ts';
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { flatGridOf, type FlatGrid, type Puzzle } from '../../grid.ts';
import { decideUniqueness, firstOutcome, type LoopAnswer } from '../../protocol.ts';
import type { Solution } from '../../solution.ts';
import { projectManifest } from '../../versions.ts';
import { degreeAndClueCnf } from '../sat/puzzle-cnf.ts';
import { LoopPropagator } from './loop-propagator.ts';
import { cornerClauses } from './corner-clauses.ts';
import { CdclSolver } from './solver.ts';

export interface LoopSolverOptions {
  corners: boolean;
  connectivity: boolean;
  seed: number;
}

/** The solver with the puzzle's clauses and the loop propagator; `solve` then finds one loop at a time. */
export function loopSolver(puzzle: Puzzle, options: LoopSolverOptions): { solver: CdclSolver; grid: FlatGrid; clauses: number; cornerCount: number } {
  const grid = flatGridOf(puzzle);
  const { cnf } = degreeAndClueCnf(puzzle);
  const extra = options.corners ? cornerClauses(puzzle) : [];
  const solver = new CdclSolver(grid.edgeCount, new LoopPropagator(grid, puzzle, options.connectivity), options.seed);
  // DIMACS variable e + 1 is edge e; the solver's literal 2e is "edge e on", 2e + 1 "edge e off".
  const literal = (dimacs: number) => (dimacs > 0 ? 2 * (dimacs - 1) : 2 * (-dimacs - 1) + 1);
  for (const clause of cnf.clauses) solver.addClause(clause.map(literal));
  for (const clause of extra) solver.addClause(clause);
  return { solver, grid, clauses: cnf.clauses.length + extra.length, cornerCount: extra.length };
}

/** The on-edges of the solver's model (edges it left unassigned are off). */
export function modelEdges(solver: CdclSolver, edgeCount: number): Uint8Array {
  const on = new Uint8Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) on[e] = solver.assign[e] === 1 ? 1 : 0;
  return on;
}

/** Every edge of the loop on makes that loop the whole answer, so "not all of them" excludes exactly it. */
export function blockingClause(loop: Uint8Array): number[] {
  const clause: number[] = [];
  loop.forEach((bit, e) => bit && clause.push(2 * e + 1));
  return clause;
}

const backend: Backend = {
  name: 'cdcl-loop',
  description: 'own CDCL solver (watched literals, 1-UIP, VSIDS, restarts) on the degree + clue CNF, with a single-loop propagator inside the search',
  options: [
    { name: 'connectivity', description: 'on: also split the graph of edges not off into components after each fixpoint (two holding on-edges: conflict; one without: its edges off); off: the path rules only', default: 'off', choices: ['on', 'off'] },
    { name: 'corners', description: 'on: add the corner rules of liu-wu-sun as clauses over pairs of edges (a clue cell\'s corner: both edges on or both off, or exactly one); off: the degree and clue CNF only', default: 'on', choices: ['on', 'off'] },
  ],
  async available() {
    return { available: true };
  },
  async version() {
    // Our own solver: its version is the project's.
    return `slitherbench ${projectManifest().version}`;
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = now();
    const deadline = started + options.timeoutMs;
    const { solver, grid, clauses, cornerCount } = loopSolver(puzzle, {
      corners: optionValue(backend, options, 'corners') === 'on',
      connectivity: optionValue(backend, options, 'connectivity') === 'on',
      seed: options.seed,
    });
    const stats: Stats = { variables: grid.edgeCount, constraints: clauses, cornerClauses: cornerCount, encodeMs: elapsedMs(started) };
    let iterations = 0;
    const search = (): LoopAnswer => {
      iterations++;
      const answer = solver.solve(deadline);
      return answer === 'sat' ? { rows: puzzle.rows, cols: puzzle.cols, on: modelEdges(solver, grid.edgeCount) } : answer;
    };
    const finish = (outcome: Omit<SolveResult, 'stats'>): SolveResult => {
      const s = solver.stats;
      Object.assign(stats, {
        solverMs: elapsedMs(started) - (stats.encodeMs as number),
        iterations,
        conflicts: s.conflicts,
        decisions: s.decisions,
        propagations: s.propagations,
        learnedClauses: s.learnedClauses,
        deletedClauses: s.deletedClauses,
        restarts: s.restarts,
        loopPropagations: s.theoryPropagations,
        loopConflicts: s.theoryConflicts,
      });
      return { ...outcome, stats };
    };
    const first = search();
    if (typeof first === 'string' || !options.unique) return finish(firstOutcome(first));
    return finish(
      await decideUniqueness(first, async (loop: Solution) => {
        solver.addClause(blockingClause(loop.on));
        return search();
      }),
    );
  },
};

export default backend;
