// sat-lazy (optilog): degree and clue CNF only; solve, split the model into loops, forbid the extra loops,
// solve again on the same incremental engine.
import { loopCuts } from '../../protocol.ts';
import { satBackend, type SatEncoding } from './sat-backend.ts';

export const encoding: SatEncoding = {
  name: 'sat-lazy',
  grids: 'any',
  description: 'pure SAT, degree + clue CNF, extra loops cut lazily and re-solved incrementally (optilog)',
  options: [{ name: 'resolve', description: 'incremental: cuts go to the same solver, which keeps what it learnt (logic-solver; the native engines always start over); scratch: a new solver for every solve', default: 'incremental', choices: ['incremental', 'scratch'] }],
  certifies: true,
  cuts({ cnf, grid, edge }, loops, certify) {
    // The shared loop cut: all of L on -> every vertex off L is off. With no vertex variables, "vertex off"
    // is "its edges off"; a fresh literal stands for "all of L on". When certifying, no fresh literal: one
    // clause per edge (not all of L on, or the edge off), each a cycle lemma the proof checker tests.
    const clauses: number[][] = [];
    for (const cut of loopCuts(grid, loops, 'loop')) {
      if (cut.kind !== 'loop') continue;
      const notAllOn = cut.loop.map((e) => -edge(e));
      const off = new Set<number>();
      for (const v of cut.verticesOff) for (const e of grid.edgesAtVertex(v)) off.add(e);
      if (certify) {
        for (const e of off) clauses.push([...notAllOn, -edge(e)]);
        continue;
      }
      const allOn = cnf.newVariable();
      clauses.push([allOn, ...notAllOn]);
      for (const e of off) clauses.push([-allOn, -edge(e)]);
    }
    return clauses;
  },
};

export default satBackend(encoding);
