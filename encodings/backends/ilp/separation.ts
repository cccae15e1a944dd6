// Exact separation of the cut-set inequalities x(delta(S)) >= 2 (y_i + y_j - 1), i in S, j not in S, at a
// fractional point of the LP relaxation. For a vertex set S the strongest choice is i = the highest y in S
// and j = the highest y outside it; with r the vertex of highest y overall, one of S and its complement
// holds r and delta is the same for both, so every violated inequality shows as one with j = r. For each
// other vertex i, the minimum r-i cut under capacities x is then the least x(delta(S)) over the S holding i:
// one maximum flow per vertex finds a violated inequality whenever one exists.
import type { Grid } from '../../grid.ts';
import type { LoopCut } from '../../protocol.ts';
import { FlowNetwork } from './max-flow.ts';

/** Values below this count as zero in the support graph. */
const SUPPORT = 1e-6;

/**
 * Violated cut-set cuts at the point (edge values `x`, vertex values `y`), each violated by more than
 * `tolerance`, one per distinct vertex set; none when the point satisfies them all. With `flows` false, only
 * the cheap part: the cuts around the support graph's other components (none may be found where flows would);
 * with a number, at most that many minimum cuts, for the vertices of highest y (again none may be missed
 * only when the flows all ran).
 */
export function violatedCutsets(grid: Grid, x: Float64Array, y: Float64Array, tolerance = 1e-3, flows: boolean | number = true): LoopCut[] {
  let root = 0;
  for (let v = 1; v < grid.vertexCount; v++) if (y[v] > y[root]) root = v;
  // A violated inequality needs y_i + y_r > 1.
  if (y[root] <= 0.5 + tolerance / 2) return [];
  const cuts: LoopCut[] = [];
  const seen = new Set<string>();
  const tryVertexSet = (inS: (v: number) => boolean) => {
    let inside = -1;
    for (let v = 0; v < grid.vertexCount; v++) if (inS(v) && (inside < 0 || y[v] > y[inside])) inside = v;
    const crossing: number[] = [];
    let value = 0;
    for (let e = 0; e < grid.edgeCount; e++) {
      const [a, b] = grid.verticesOfEdge(e);
      if (inS(a) !== inS(b)) {
        crossing.push(e);
        value += x[e];
      }
    }
    if (inside < 0 || value >= 2 * (y[inside] + y[root] - 1) - tolerance) return false;
    const key = crossing.join(',');
    if (!seen.has(key)) {
      seen.add(key);
      cuts.push({ kind: 'cutset', inside, outside: root, crossing });
    }
    return true;
  };

  // Components of the support graph apart from the root's: their cut is (near) zero, no flow needed.
  const component = supportComponents(grid, x);
  const others = new Map<number, number>();
  for (let v = 0; v < grid.vertexCount; v++) {
    const c = component[v];
    if (c !== component[root] && y[v] + y[root] - 1 > tolerance / 2 && !others.has(c)) others.set(c, v);
  }
  for (const c of others.keys()) tryVertexSet((v) => component[v] === c);
  // The same around the components of the edges at 1/2 and above (and the complement of the root's), the
  // heuristic of TSP codes: a cut through edges below 1/2 only is cheap to find and often violated.
  if (cuts.length === 0) {
    const strong = supportComponents(grid, x, 0.5);
    const seenComponents = new Set<number>();
    for (let v = 0; v < grid.vertexCount; v++) {
      const c = strong[v];
      if (c === strong[root] || seenComponents.has(c)) continue;
      seenComponents.add(c);
      tryVertexSet((w) => strong[w] === c);
    }
    if (seenComponents.size > 1) tryVertexSet((w) => strong[w] !== strong[root]);
  }
  // Cuts found without flow are enough for this round: the flows run once the support graph is connected
  // (or its other components violate nothing), so no violated inequality is missed when none is returned.
  if (cuts.length > 0 || !flows) return cuts;

  // Inside the root's component: a minimum cut between the root and each vertex, highest y first. A vertex
  // already on the far side of a cut found violated for it needs no flow of its own.
  const network = new FlowNetwork(grid.vertexCount);
  for (let e = 0; e < grid.edgeCount; e++) {
    if (x[e] <= SUPPORT) continue;
    const [a, b] = grid.verticesOfEdge(e);
    if (component[a] === component[root]) network.addEdge(a, b, x[e]);
  }
  const candidates: number[] = [];
  for (let v = 0; v < grid.vertexCount; v++) if (v !== root && component[v] === component[root] && y[v] + y[root] - 1 > tolerance / 2) candidates.push(v);
  candidates.sort((a, b) => y[b] - y[a] || a - b);
  const covered = new Uint8Array(grid.vertexCount);
  let flowsLeft = flows === true ? Infinity : flows;
  for (const i of candidates) {
    if (covered[i]) continue;
    if (flowsLeft-- <= 0) break;
    const { value, sourceSide } = network.minCut(root, i);
    if (value >= 2 * (y[i] + y[root] - 1) - tolerance) continue;
    const inS = (v: number) => component[v] === component[root] && !sourceSide[v];
    if (tryVertexSet(inS)) for (let v = 0; v < grid.vertexCount; v++) if (inS(v) && value < 2 * (y[v] + y[root] - 1) - tolerance) covered[v] = 1;
  }
  return cuts;
}

/** The component of each vertex in the graph of edges with a value above `threshold` (by default, zero). */
function supportComponents(grid: Grid, x: Float64Array, threshold = SUPPORT): Int32Array {
  const component = new Int32Array(grid.vertexCount).fill(-1);
  const stack: number[] = [];
  let count = 0;
  for (let start = 0; start < grid.vertexCount; start++) {
    if (component[start] >= 0) continue;
    component[start] = count;
    stack.push(start);
    while (stack.length) {
      const v = stack.pop()!;
      for (const e of grid.edgesAtVertex(v)) {
        if (x[e] <= threshold) continue;
        const [a, b] = grid.verticesOfEdge(e);
        const w = a === v ? b : a;
        if (component[w] < 0) {
          component[w] = count;
          stack.push(w);
        }
      }
    }
    count++;
  }
  return component;
}
