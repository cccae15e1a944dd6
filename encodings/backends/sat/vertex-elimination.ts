// Vertex elimination (Rankooh and Rintanen, "Propositional Encodings of Acyclicity and Reachability by using
// Vertex Elimination", AAAI 2021): eliminate the vertices of an undirected graph one by one, joining the
// remaining neighbours of each into a clique. The graph with all those fill edges is chordal; its largest
// clique, less one, is the elimination width, and the acyclicity CNF built on it has one clause per ordered
// pair of a vertex's later neighbours, so its size follows the width, not V^2 or V^3.
import type { Cnf, Literal } from './cnf.ts';

export interface Elimination {
  /** Vertices in the order they are eliminated. */
  readonly order: readonly number[];
  /** For each vertex, its neighbours still present when it is eliminated (in the filled graph). */
  readonly later: readonly (readonly number[])[];
  /** The largest number of later neighbours: the elimination width (an upper bound on treewidth). */
  readonly width: number;
  /** Edges of the filled (chordal) graph, original ones included. */
  readonly filledEdges: number;
  /** Sum over vertices of d(d - 1), d = later neighbours: the number of transitivity clauses. */
  readonly triangles: number;
}

/** Eliminates in the given order; `adjacency[v]` lists v's neighbours (undirected). */
export function eliminate(adjacency: readonly (readonly number[])[], order: readonly number[]): Elimination {
  const n = adjacency.length;
  if (order.length !== n || new Set(order).size !== n) throw new Error('an elimination order names every vertex once');
  const neighbours = adjacency.map((list) => new Set(list));
  const later: number[][] = new Array(n);
  let width = 0;
  let filledEdges = 0;
  let triangles = 0;
  for (const v of order) {
    const rest = [...neighbours[v]].sort((a, b) => a - b);
    later[v] = rest;
    width = Math.max(width, rest.length);
    filledEdges += rest.length;
    triangles += rest.length * (rest.length - 1);
    for (const u of rest) {
      neighbours[u].delete(v);
      for (const w of rest) if (w !== u) neighbours[u].add(w);
    }
    neighbours[v].clear();
  }
  return { order, later, width, filledEdges, triangles };
}

/**
 * Minimum degree: eliminate next a vertex of fewest remaining neighbours (ties: fewest fill edges it would
 * add, then lowest index). The classic heuristic for sparse elimination; on grids it finds a
 * dissection-like order by itself.
 */
export function minimumDegreeOrder(adjacency: readonly (readonly number[])[]): number[] {
  const n = adjacency.length;
  const neighbours = adjacency.map((list) => new Set(list));
  const gone = new Uint8Array(n);
  const order: number[] = [];
  const fillOf = (v: number) => {
    const rest = [...neighbours[v]];
    let missing = 0;
    for (let i = 0; i < rest.length; i++) for (let j = i + 1; j < rest.length; j++) if (!neighbours[rest[i]].has(rest[j])) missing++;
    return missing;
  };
  for (let step = 0; step < n; step++) {
    let best = -1;
    let bestDegree = Infinity;
    let bestFill = Infinity;
    for (let v = 0; v < n; v++) {
      if (gone[v]) continue;
      const degree = neighbours[v].size;
      if (degree > bestDegree) continue;
      const fill = fillOf(v);
      if (degree < bestDegree || fill < bestFill) {
        best = v;
        bestDegree = degree;
        bestFill = fill;
      }
    }
    order.push(best);
    gone[best] = 1;
    const rest = [...neighbours[best]];
    for (const u of rest) {
      neighbours[u].delete(best);
      for (const w of rest) if (w !== u) neighbours[u].add(w);
    }
  }
  return order;
}

/**
 * Nested dissection of a rows x cols lattice of points (point (r, c) is r * cols + c): split the longer
 * side by its middle line, order both halves first (recursively) and the separating line last. Fill stays
 * inside each half until the separators, so the width is about the longer side.
 */
export function nestedDissectionOrder(rows: number, cols: number): number[] {
  const order: number[] = [];
  const visit = (r0: number, r1: number, c0: number, c1: number) => {
    // Half-open ranges [r0, r1) x [c0, c1).
    const h = r1 - r0;
    const w = c1 - c0;
    if (h <= 0 || w <= 0) return;
    if (h <= 2 && w <= 2) {
      for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) order.push(r * cols + c);
      return;
    }
    if (h >= w) {
      const m = r0 + (h >> 1);
      visit(r0, m, c0, c1);
      visit(m + 1, r1, c0, c1);
      for (let c = c0; c < c1; c++) order.push(m * cols + c);
    } else {
      const m = c0 + (w >> 1);
      visit(r0, r1, c0, m);
      visit(r0, r1, m + 1, c1);
      for (let r = r0; r < r1; r++) order.push(r * cols + m);
    }
  };
  visit(0, rows, 0, cols);
  return order;
}

export interface ClosureStats {
  /** Variables of the closure: one per direction of each filled edge. */
  closureVariables: number;
  /** One per ordered pair of a vertex's later neighbours. */
  transitivityClauses: number;
  /** One per filled edge. */
  twoCycleClauses: number;
  /** With `exact`: one "through v" variable per ordered pair of v's later neighbours. */
  throughVariables: number;
}

/**
 * The vertex-elimination closure of a directed graph whose arcs run along the edges of `elimination`'s
 * graph, in either direction; `arc(u, v)` is the literal of arc u -> v for a graph edge (undefined: no such
 * arc). x(u, w) is defined for both directions of every filled edge:
 * - lower bound: arc(u, w) -> x(u, w); for each eliminated v and ordered pair (u, w) of its later
 *   neighbours, x(u, v) and x(v, w) -> x(u, w);
 * - acyclicity: not both x(u, w) and x(w, u).
 * Exact for acyclicity: if the arcs are acyclic, x = reachability satisfies every clause. If they hold a
 * cycle, its first-eliminated vertex v has cycle neighbours u, w, both later, so x(u, w) holds and the cycle
 * shortens by v; repeating ends in a two-cycle x(u, w), x(w, u) on a filled edge, which a clause forbids.
 * With `exact`, also the upper bound x(u, w) -> arc(u, w) or some earlier v with x(u, v) and x(v, w): well
 * founded (v is eliminated before u and w), so x(u, w) is exactly "a path from u to w whose inner vertices
 * are all eliminated before u and w" and unit propagation can also show that a vertex is not reached.
 */
export function eliminationClosure(cnf: Cnf, elimination: Elimination, arc: (u: number, v: number) => Literal | undefined, exact: boolean): { x: (u: number, v: number) => Literal; stats: ClosureStats } {
  const n = elimination.later.length;
  const literals = new Map<number, Literal>();
  const through = new Map<number, Literal[]>();
  let closureVariables = 0;
  let throughVariables = 0;
  const x = (u: number, v: number): Literal => {
    const key = u * n + v;
    let literal = literals.get(key);
    if (literal === undefined) {
      literal = cnf.newVariable();
      closureVariables++;
      literals.set(key, literal);
      const direct = arc(u, v);
      if (direct !== undefined) cnf.add([-direct, literal]);
      if (exact) through.set(key, direct === undefined ? [] : [direct]);
    }
    return literal;
  };
  let transitivityClauses = 0;
  let twoCycleClauses = 0;
  for (const v of elimination.order) {
    const rest = elimination.later[v];
    for (const u of rest) {
      cnf.add([-x(u, v), -x(v, u)]);
      twoCycleClauses++;
    }
    for (const u of rest) {
      for (const w of rest) {
        if (u === w) continue;
        cnf.add([-x(u, v), -x(v, w), x(u, w)]);
        transitivityClauses++;
        if (exact) {
          const via = cnf.newVariable();
          throughVariables++;
          cnf.add([-via, x(u, v)]);
          cnf.add([-via, x(v, w)]);
          through.get(u * n + w)!.push(via);
        }
      }
    }
  }
  // Edges of the graph that no elimination reached (isolated pairs) still get their variables above.
  if (exact) for (const [key, supports] of through) cnf.add([-literals.get(key)!, ...supports]);
  return { x, stats: { closureVariables, transitivityClauses, twoCycleClauses, throughVariables } };
}
