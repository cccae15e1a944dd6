// The puzzle's rules as clauses over the edge literals (2e: edge e on, 2e + 1: off), written flat, each clause
// as [size, literals...], so that a core takes them all in one call and a fresh process spends no time on
// clause objects:
// - degree 0 or 2 at every vertex and each clue's count, in the direct encoding (every forbidden assignment
//   of the 2-4 edges is one clause, as hakerh400 writes it); at least one edge on; the fixed edges;
// - with `corners`, clauses the rules imply but unit propagation on the direct encoding does not find: a
//   clue's count over pairs of its edges (1: no two on; 3: no two off; 0 and 4: every edge decided), and the
//   corner rules of liu-wu-sun: at a corner of a 1 or a 3 whose outside edges are off, the vertex has degree
//   0 or 2, so a 1 has both corner edges off and a 3 both on.
import { flatGridOf, type Puzzle } from '../../grid.ts';

export interface LoopClauses {
  flat: Int32Array;
  count: number;
  cornerCount: number;
}

const on = (edge: number) => 2 * edge;
const off = (edge: number) => 2 * edge + 1;

export function loopClauses(puzzle: Puzzle, corners: boolean): LoopClauses {
  const grid = flatGridOf(puzzle);
  const { vertexEdges, cellEdges, edgeEnds } = grid;
  // At most 9 clauses of 4 at a vertex; 15 of 4, 6 pairs and 8 corner clauses of 3 at a cell.
  const bound = grid.vertexCount * 45 + grid.cellCount * 133 + grid.edgeCount + 1 + 2 * (puzzle.fixedEdges?.length ?? 0);
  const flat = new Int32Array(bound);
  let top = 0;
  let count = 0;
  const clause = (...literals: number[]) => {
    flat[top++] = literals.length;
    for (const lit of literals) flat[top++] = lit;
    count++;
  };
  const edges: number[] = [];
  /** Every assignment of `edges` whose number of on-edges is not allowed, forbidden by one clause. */
  const countIn = (allowed: (ones: number) => boolean) => {
    const n = edges.length;
    for (let mask = 0; mask < 1 << n; mask++) {
      let ones = 0;
      for (let i = 0; i < n; i++) ones += (mask >> i) & 1;
      if (allowed(ones)) continue;
      flat[top++] = n;
      for (let i = 0; i < n; i++) flat[top++] = (mask >> i) & 1 ? off(edges[i]) : on(edges[i]);
      count++;
    }
  };
  for (let v = 0; v < grid.vertexCount; v++) {
    edges.length = 0;
    for (let k = 0; k < 4; k++) if (vertexEdges[4 * v + k] >= 0) edges.push(vertexEdges[4 * v + k]);
    countIn((ones) => ones === 0 || ones === 2);
  }
  for (let cell = 0; cell < grid.cellCount; cell++) {
    const clue = puzzle.clues[cell];
    if (typeof clue !== 'number') continue;
    edges.length = 0;
    for (let k = 0; k < 4; k++) edges.push(cellEdges[4 * cell + k]);
    countIn((ones) => ones === clue);
  }
  flat[top++] = grid.edgeCount;
  for (let e = 0; e < grid.edgeCount; e++) flat[top++] = on(e);
  count++;
  for (const f of puzzle.fixedEdges ?? []) clause(f.on ? on(f.edge) : off(f.edge));
  const before = count;
  if (corners) {
    for (let cell = 0; cell < grid.cellCount; cell++) {
      const clue = puzzle.clues[cell];
      if (typeof clue !== 'number') continue;
      const [top_, bottom, left, right] = cellEdges.subarray(4 * cell, 4 * cell + 4);
      const side = [top_, bottom, left, right];
      if (clue === 0 || clue === 4) {
        for (const e of side) clause(clue === 0 ? off(e) : on(e));
        continue;
      }
      if (clue === 1 || clue === 3) {
        for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) clause(clue === 1 ? off(side[i]) : on(side[i]), clue === 1 ? off(side[j]) : on(side[j]));
      }
      if (clue !== 1 && clue !== 3) continue;
      for (const [a, b] of [[top_, left], [top_, right], [bottom, left], [bottom, right]]) {
        // The corner: the vertex the two edges share.
        const vertex = edgeEnds[2 * a] === edgeEnds[2 * b] || edgeEnds[2 * a] === edgeEnds[2 * b + 1] ? edgeEnds[2 * a] : edgeEnds[2 * a + 1];
        const outside: number[] = [];
        for (let k = 0; k < 4; k++) {
          const e = vertexEdges[4 * vertex + k];
          if (e >= 0 && e !== a && e !== b) outside.push(on(e));
        }
        // Some outside edge on, or the corner is decided by the clue.
        const decided = clue === 1 ? off : on;
        clause(...outside, decided(a));
        clause(...outside, decided(b));
      }
    }
  }
  return { flat: flat.subarray(0, top), count, cornerCount: count - before };
}
