// Optional clauses implied by the rules, which unit propagation on the direct clue encoding does not find:
// a clue's count over pairs of its edges (1: no two on; 3: no two off; 0 and 4: every edge decided), and
// the corner rules of liu-wu-sun: at a corner of a clued cell whose two outside edges are off, the vertex
// has degree 0 or 2, so a 1 has both corner edges off and a 3 both on.
import { cluedCells, gridOf, type Puzzle } from '../../grid.ts';

const on = (edge: number) => 2 * edge;
const off = (edge: number) => 2 * edge + 1;

/** Clauses in the solver's literals (2e: edge e on, 2e + 1: off). */
export function cornerClauses(puzzle: Puzzle): number[][] {
  const grid = gridOf(puzzle);
  const clauses: number[][] = [];
  for (const [cell, clue] of cluedCells(puzzle)) {
    const edges = grid.edgesOfCell(cell);
    if (clue === 0 || clue === 4) {
      for (const e of edges) clauses.push([clue === 0 ? off(e) : on(e)]);
      continue;
    }
    if (clue === 1 || clue === 3) {
      for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) clauses.push(clue === 1 ? [off(edges[i]), off(edges[j])] : [on(edges[i]), on(edges[j])]);
    }
    const [top, bottom, left, right] = edges;
    const [r, c] = grid.cellPosition(cell);
    const corners: [number, number, number][] = [
      [grid.vertex(r, c), top, left],
      [grid.vertex(r, c + 1), top, right],
      [grid.vertex(r + 1, c), bottom, left],
      [grid.vertex(r + 1, c + 1), bottom, right],
    ];
    for (const [vertex, a, b] of corners) {
      const outside = grid.edgesAtVertex(vertex).filter((e) => e !== a && e !== b);
      // Some outside edge on, or the corner is decided by the clue.
      if (clue === 1) clauses.push([...outside.map(on), off(a)], [...outside.map(on), off(b)]);
      if (clue === 3) clauses.push([...outside.map(on), on(a)], [...outside.map(on), on(b)]);
    }
  }
  return clauses;
}
