// sat-lazy (seed 004): degree and clue CNF only; solve, split the model into loops, forbid the extra loops,
// solve again on the same incremental engine.
import { satBackend, type SatEncoding } from '../cnf/sat-backend.ts';

export const encoding: SatEncoding = {
  name: 'sat-lazy',
  description: 'pure SAT, degree + clue CNF, extra loops cut lazily and re-solved incrementally (seed 004)',
  cuts({ cnf, grid, edge }, loops) {
    // A loop L whose edges are all on is, in any valid solution, the whole loop: a simple cycle contains no
    // other cycle. So "all of L on" forbids every edge outside L; that removes this multi-loop model and no
    // solution (when L alone satisfies the clues it stays allowed). all(L) -> a_L, a_L -> not f for f outside L.
    const clauses: number[][] = [];
    for (const loop of loops) {
      const inLoop = new Set(loop);
      const all = cnf.newVariable();
      clauses.push([all, ...loop.map((e) => -edge(e))]);
      for (let f = 0; f < grid.edgeCount; f++) if (!inLoop.has(f)) clauses.push([-all, -edge(f)]);
    }
    return clauses;
  },
};

export default satBackend(encoding);
