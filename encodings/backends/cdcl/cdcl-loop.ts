// cdcl-loop: our own CDCL solver over the edge variables, on the shared degree and clue CNF, with the
// single-loop rule as a propagator inside the search (sat-lazy's cuts, applied to partial assignments
// with reason clauses instead of after full models). Uniqueness: a blocking clause, then a second search
// that keeps everything learnt in the first.
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { flatGridOf, type Puzzle } from '../../grid.ts';
import { decideUniqueness, firstOutcome, type LoopAnswer } from '../../protocol.ts';
import type { Solution } from '../../solution.ts';
import { projectManifest } from '../../versions.ts';
import { degreeAndClueCnf } from '../sat/puzzle-cnf.ts';
import { LoopPropagator } from './loop-propagator.ts';
import { cornerClauses } from './corner-clauses.ts';
import { CdclSolver } from './solver.ts';

const backend: Backend = {
  name: 'cdcl-loop',
  description: 'own CDCL solver (watched literals, 1-UIP, VSIDS, restarts) on the degree + clue CNF, with a single-loop propagator inside the search',
  options: [
    { name: 'corners', description: 'on: add the corner rules of liu-wu-sun as clauses over pairs of edges (a clue cell\'s corner: both edges on or both off, or exactly one); off: the degree and clue CNF only', default: 'off', choices: ['on', 'off'] },
  ],
  async available() {
    return { available: true };
  },
  async version() {
    // Our own solver: its version is the project's.
    return `slitherbench ${projectManifest().version}`;
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = performance.now();
    const deadline = started + options.timeoutMs;
    const grid = flatGridOf(puzzle);
    const { cnf } = degreeAndClueCnf(puzzle);
    const extra = optionValue(backend, options, 'corners') === 'on' ? cornerClauses(puzzle) : [];
    const solver = new CdclSolver(grid.edgeCount, new LoopPropagator(grid, puzzle), options.seed);
    // DIMACS variable e + 1 is edge e; the solver's literal 2e is "edge e on", 2e + 1 "edge e off".
    const literal = (dimacs: number) => (dimacs > 0 ? 2 * (dimacs - 1) : 2 * (-dimacs - 1) + 1);
    for (const clause of cnf.clauses) solver.addClause(clause.map(literal));
    for (const clause of extra) solver.addClause(clause);
    const stats: Stats = { variables: grid.edgeCount, constraints: cnf.clauses.length + extra.length, cornerClauses: extra.length, encodeMs: performance.now() - started };
    let iterations = 0;
    const search = (): LoopAnswer => {
      iterations++;
      const answer = solver.solve(deadline);
      if (answer !== 'sat') return answer;
      const on = new Uint8Array(grid.edgeCount);
      for (let e = 0; e < grid.edgeCount; e++) on[e] = solver.assign[e] === 1 ? 1 : 0;
      return { rows: puzzle.rows, cols: puzzle.cols, on };
    };
    const finish = (outcome: Omit<SolveResult, 'stats'>): SolveResult => {
      const s = solver.stats;
      Object.assign(stats, {
        solverMs: performance.now() - started - (stats.encodeMs as number),
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
        // Every edge of the loop on makes that loop the whole answer, so "not all of them" excludes exactly it.
        const blocking: number[] = [];
        loop.on.forEach((bit, e) => bit && blocking.push(2 * e + 1));
        solver.addClause(blocking);
        return search();
      }),
    );
  },
};

export default backend;
