// The closure by repeated squaring (sat-closure's first form, `--option closure=squaring`): a "connected"
// relation between vertices, the transitive closure of adjacency along on-edges, required between every two
// on-loop vertices.
//
// Well founded, unlike slitherlinky's recursion: r0(u, v) is an on-edge between u and v; r(k+1)(u, v) ->
// rk(u, v) or some w with rk(u, w) and rk(w, v). So r(k)(u, v) means a path of at most 2^k on-edges.
// Exactness: on a loop of L <= V vertices any two are within L / 2 steps, so K = ceil(log2(V / 2)) levels do.
// Pairs farther apart than 2^k (Manhattan) cannot be joined at level k and get no variable.
// Size: up to K * V^2 / 2 relation variables and K * V^3 / 2 "via w" variables, V = (R + 1)(C + 1):
// it grows as (RC)^3 log(RC), so it runs out of room early (memout past ~8x8 in logic-solver).
import type { Stats } from '../../backend.ts';
import type { PuzzleCnf } from './puzzle-cnf.ts';

const MAX_CLAUSES = 6_000_000;

/** On the square grid, steps between two vertices: their Manhattan distance. */
function latticeDistance(grid: PuzzleCnf['grid']): (u: number, v: number) => number {
  return (u, v) => {
    const [a, b] = grid.vertexPosition(u);
    const [c, d] = grid.vertexPosition(v);
    return Math.abs(a - c) + Math.abs(b - d);
  };
}

/** On any grid, steps between two vertices along edges (breadth first from each; the grids this closure fits are small). */
function hopDistance(grid: PuzzleCnf['grid']): (u: number, v: number) => number {
  const V = grid.vertexCount;
  const distance = new Int32Array(V * V).fill(-1);
  for (let source = 0; source < V; source++) {
    const queue = [source];
    distance[source * V + source] = 0;
    for (let i = 0; i < queue.length; i++) {
      const u = queue[i];
      for (const e of grid.edgesAtVertex(u)) {
        const [a, b] = grid.verticesOfEdge(e);
        const w = a === u ? b : a;
        if (distance[source * V + w] < 0) {
          distance[source * V + w] = distance[source * V + u] + 1;
          queue.push(w);
        }
      }
    }
  }
  return (u, v) => distance[u * V + v];
}

export function squaringClosure({ cnf, grid, edge }: PuzzleCnf): Stats {
  const V = grid.vertexCount;
  const levels = Math.max(1, Math.ceil(Math.log2(Math.max(2, V / 2))));
  const manhattan = grid.isSquare ? latticeDistance(grid) : hopDistance(grid);
  // Estimate before building: refuse (as memout) what cannot fit.
  let estimate = 0;
  for (let k = 1, reach = 2; k <= levels; k++, reach *= 2) {
    for (let u = 0; u < V; u++) for (let v = u + 1; v < V; v++) if (manhattan(u, v) <= reach) estimate += 2 * Math.min(V, (reach + 1) * (reach + 1));
    if (estimate > MAX_CLAUSES) throw new RangeError(`about ${estimate} closure clauses for ${V} vertices and ${levels} levels (limit ${MAX_CLAUSES})`);
  }
  const key = (u: number, v: number) => (u < v ? u * V + v : v * V + u);
  let current = new Map<number, number>();
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    current.set(key(a, b), edge(e));
  }
  let relationVariables = 0;
  let viaVariables = 0;
  for (let k = 1, reach = 2; k <= levels; k++, reach *= 2) {
    const next = new Map<number, number>();
    for (let u = 0; u < V; u++) {
      for (let v = u + 1; v < V; v++) {
        if (manhattan(u, v) > reach) continue;
        const supports: number[] = [];
        const direct = current.get(key(u, v));
        if (direct !== undefined) supports.push(direct);
        for (let w = 0; w < V; w++) {
          if (w === u || w === v) continue;
          const left = current.get(key(u, w));
          const right = current.get(key(w, v));
          if (left === undefined || right === undefined) continue;
          const via = cnf.newVariable();
          viaVariables++;
          cnf.add([-via, left]);
          cnf.add([-via, right]);
          supports.push(via);
        }
        if (supports.length === 0) continue;
        const r = cnf.newVariable();
        relationVariables++;
        cnf.add([-r, ...supports]);
        next.set(key(u, v), r);
      }
    }
    current = next;
  }
  // Every two on-loop vertices are connected.
  const onLoop = cnf.newGroup('vertex-on-loop', V);
  for (let v = 0; v < V; v++) cnf.defineOr(onLoop + v, grid.edgesAtVertex(v).map(edge));
  for (let u = 0; u < V; u++) {
    for (let v = u + 1; v < V; v++) {
      const r = current.get(key(u, v));
      cnf.add(r === undefined ? [-(onLoop + u), -(onLoop + v)] : [-(onLoop + u), -(onLoop + v), r]);
    }
  }
  return { levels, relationVariables, viaVariables, sizeFormula: 'K = ceil(log2(V/2)) levels, <= K V^2/2 relation vars and K V^3/2 via vars, V = (R+1)(C+1)' };
}
