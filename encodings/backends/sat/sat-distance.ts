// sat-distance (hakerh400, method 2, "path distance"): every on-edge carries a distance as a bit-vector;
// the start edge has distance 0 and every other on-edge has an on-neighbour whose distance is one less.
//
// Soundness: distances strictly fall along the chosen neighbours and the increment may not overflow, so
// every chain ends at distance 0, which only the start edge has: every on-edge is joined to the start.
// Exactness: along a loop of L <= E edges, distances 0..L-1 fit in B = ceil(log2(E + 1)) bits.
// Size: E * B distance bits plus, per ordered pair of touching edges (<= 6E), B carry bits: about 7 E B.
import type { Stats } from '../../backend.ts';
import { satBackend, type SatEncoding } from './sat-backend.ts';
import { startEdge } from './puzzle-cnf.ts';

export const encoding: SatEncoding = {
  name: 'sat-distance',
  grids: 'any',
  description: 'pure SAT, connectivity as bit-vector distances to the start edge, each on-edge one more than a neighbour (hakerh400, method 2)',
  connect(model): Stats {
    const { cnf, grid, edge } = model;
    const start = startEdge(model);
    const bits = Math.max(1, Math.ceil(Math.log2(grid.edgeCount + 1)));
    const distance = cnf.newGroup('distance-bits', grid.edgeCount * bits);
    const bit = (e: number, i: number) => distance + e * bits + i;
    let steps = 0;
    for (let e = 0; e < grid.edgeCount; e++) {
      for (let i = 0; i < bits; i++) cnf.add([-start(e), -bit(e, i)]);
      const choices: number[] = [];
      for (const f of grid.edgesTouchingEdge(e)) {
        // step -> f on and distance(e) = distance(f) + 1 with no overflow (ripple carry, carry-in 1).
        const step = cnf.newVariable();
        steps++;
        choices.push(step);
        cnf.add([-step, edge(f)]);
        let carry = 0; // 0 stands for the constant true carry-in
        for (let i = 0; i < bits; i++) {
          const a = bit(f, i);
          const sum = bit(e, i);
          if (carry === 0) {
            // sum = not a; next carry = a
            cnf.add([-step, sum, a]);
            cnf.add([-step, -sum, -a]);
            carry = a;
          } else {
            // sum = a xor carry; next carry = a and carry
            cnf.add([-step, -sum, a, carry]);
            cnf.add([-step, -sum, -a, -carry]);
            cnf.add([-step, sum, -a, carry]);
            cnf.add([-step, sum, a, -carry]);
            const next = cnf.newVariable();
            cnf.defineAnd(next, [a, carry]);
            carry = next;
          }
        }
        cnf.add([-step, -carry]); // no overflow
      }
      cnf.add([-edge(e), start(e), ...choices]);
    }
    return { distanceBits: bits, steps, sizeFormula: 'distance vars = E B, B = ceil(log2(E+1)); step vars <= 6E with B-1 carries each' };
  },
};

export default satBackend(encoding);
