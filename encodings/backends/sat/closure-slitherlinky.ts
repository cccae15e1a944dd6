// slitherlinky's "connected" relation taken literally (`--option closure=seed`): c(i, j) for every ordered
// pair of distinct edges; for touching edges c(i, j) <-> e(i) and e(j); otherwise
// c(i, j) <-> e(i) and e(j) and some neighbour k of i with e(k) and c(k, j); every two on-edges connected.
//
// UNSOUND ALONE: the recursion is not well founded. For i on one loop and j on another, c(k, j) = true for
// every k on i's loop supports itself around that loop, so two or more loops satisfy the formula. A run can
// therefore answer with several loops, which the verifier rejects (status error): that is what
// `reproduce slitherlinky` shows. Since c(k, j) implies e(k), "e(k) and c(k, j)" is c(k, j): same models,
// no auxiliary variable.
// Size: E(E - 1) relation variables, E = 2RC + R + C; about 9 clauses per non-touching pair.
import type { Stats } from '../../backend.ts';
import type { PuzzleCnf } from './puzzle-cnf.ts';

const MAX_CLAUSES = 8_000_000;

export function slitherlinkyClosure({ cnf, grid, edge }: PuzzleCnf): Stats {
  const E = grid.edgeCount;
  if (9 * E * E > MAX_CLAUSES) throw new RangeError(`about ${9 * E * E} relation clauses for ${E} edges (limit ${MAX_CLAUSES})`);
  const first = cnf.newGroup('connected-edge-pair', E * E);
  // c(i, i) is never used (a neighbour k of i is never j when i and j do not touch); it stays free.
  const connected = (i: number, j: number) => first + i * E + j;
  for (let i = 0; i < E; i++) {
    const touching = new Set(grid.edgesTouchingEdge(i));
    for (let j = 0; j < E; j++) {
      if (j === i) continue;
      const c = connected(i, j);
      if (touching.has(j)) cnf.defineAnd(c, [edge(i), edge(j)]);
      else {
        const via = grid.edgesTouchingEdge(i).map((k) => connected(k, j));
        cnf.add([-c, edge(i)]);
        cnf.add([-c, edge(j)]);
        cnf.add([-c, ...via]);
        for (const k of via) cnf.add([c, -edge(i), -edge(j), -k]);
      }
      // Every two on-edges are connected.
      cnf.add([-edge(i), -edge(j), c]);
    }
  }
  return { relationVariables: E * E, sizeFormula: 'E^2 relation vars, E = 2RC+R+C; ~9 clauses per ordered pair' };
}
