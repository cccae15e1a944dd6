// sat-reach (hakerh400, method 1, "cellular automaton"): reachability spreads from the start edge one
// generation at a time along adjacent on-edges; after enough generations every on-edge must be reached.
//
// Soundness: reached(t, e) -> e on, and reached(t, e) -> reached(t-1, e) or some on-neighbour reached at
// t-1, so a reached edge is joined to the start. Exactness: on a loop of L edges every edge is within
// floor(L / 2) steps of the start, and L <= V (a simple cycle visits a vertex once), so T = floor(V / 2)
// generations lose no solution.
// Size: T * E reach variables with E = 2RC + R + C, V = (R + 1)(C + 1): about RC * (R + 1)(C + 1).
import type { Stats } from '../../backend.ts';
import { satBackend, type SatEncoding } from './sat-backend.ts';
import { startEdge } from './puzzle-cnf.ts';

export const encoding: SatEncoding = {
  name: 'sat-reach',
  grids: 'any',
  description: 'pure SAT, connectivity as a reachability front spreading from the start edge generation by generation (hakerh400, method 1)',
  connect(model): Stats {
    const { cnf, grid, edge } = model;
    const start = startEdge(model);
    const generations = Math.max(1, Math.floor(grid.vertexCount / 2));
    if (generations * grid.edgeCount > 20_000_000) throw new RangeError(`${generations} generations x ${grid.edgeCount} edges`);
    let previous = -1;
    for (let t = 0; t <= generations; t++) {
      const reached = cnf.newGroup(`reached@${t}`, grid.edgeCount);
      for (let e = 0; e < grid.edgeCount; e++) {
        const r = reached + e;
        if (t === 0) cnf.add([-r, start(e)]);
        else {
          cnf.add([-r, edge(e)]);
          cnf.add([-r, previous + e, ...grid.edgesTouchingEdge(e).map((f) => previous + f)]);
        }
        if (t === generations) cnf.add([-edge(e), r]);
      }
      previous = reached;
    }
    return { generations, sizeFormula: 'reach vars = (floor(V/2)+1) E, E = 2RC+R+C, V = (R+1)(C+1)' };
  },
};

export default satBackend(encoding);
