// One loop by vertex-elimination acyclicity (Rankooh and Rintanen, AAAI 2021): sat-closure's default.
//
// Formulation: every on-edge is oriented (one arc variable per direction), and every on-loop vertex has
// exactly one incoming and one outgoing arc, so each loop is a directed cycle. The root is the lowest-index
// on-loop vertex (a linear prefix chain). The arcs, less those entering the root, must be acyclic, stated
// by the vertex-elimination CNF over the vertex lattice (vertex-elimination.ts).
// Exact: one loop, oriented either way, is a cycle through the root; without the root's incoming arc it is
// a path, so acyclic. With two or more loops, a loop that avoids the root keeps all its arcs: a cycle,
// refused. The root's loop edges go right and down (no lower vertex is on the loop), so fixing the arc to
// the right as outgoing keeps exactly one orientation of each loop and loses no loop.
// Size: 2E arcs, 2E acyclicity arcs, V on-loop, prefix and root variables, two shortcut variables per fill
// edge, and sum over vertices of d(d - 1) transitivity clauses (d: later neighbours, at most the width).
import type { Stats } from '../../backend.ts';
import { cluedCells, type Grid, type Puzzle } from '../../grid.ts';
import type { PuzzleCnf } from './puzzle-cnf.ts';
import { acyclicity, eliminate, minimumDegreeOrder, nestedDissectionOrder, type Elimination } from './vertex-elimination.ts';

export const ELIMINATION_ORDERS = ['min-degree', 'nested-dissection'] as const;
export type EliminationOrder = (typeof ELIMINATION_ORDERS)[number];
export const ORIENTATIONS = ['inside', 'free'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

const MAX_CLAUSES = 20_000_000;

/** The vertex lattice's adjacency: vertices joined by an edge of the grid. */
function vertexAdjacency(grid: Grid): number[][] {
  const adjacency: number[][] = Array.from({ length: grid.vertexCount }, () => []);
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    adjacency[a].push(b);
    adjacency[b].push(a);
  }
  return adjacency;
}

/**
 * The order that picks the root: vertices the clues put on the loop first (the corners of a 3 or 4 clue,
 * the ends of a fixed on-edge), then the rest row by row. When the first is surely on, the root is fixed
 * before search and every other loop's arcs are in the acyclicity graph from the start.
 */
export function rootOrder(grid: Grid, puzzle: Puzzle): { vertices: number[]; surelyOn: number[] } {
  const surelyOn = new Set<number>();
  for (const [cell, clue] of cluedCells(puzzle)) {
    // Any three sides of a square touch all four corners.
    if (clue >= 3) for (const e of grid.edgesOfCell(cell)) for (const v of grid.verticesOfEdge(e)) surelyOn.add(v);
  }
  for (const f of puzzle.fixedEdges ?? []) if (f.on) for (const v of grid.verticesOfEdge(f.edge)) surelyOn.add(v);
  const first = [...surelyOn].sort((a, b) => a - b);
  const rest = Array.from({ length: grid.vertexCount }, (_, v) => v).filter((v) => !surelyOn.has(v));
  return { vertices: [...first, ...rest], surelyOn: first };
}

// The order depends only on the grid's size and the heuristic: computed once per process.
const eliminations = new Map<string, Elimination>();

export function gridElimination(grid: Grid, order: EliminationOrder): Elimination {
  const key = `${grid.rows}x${grid.cols}/${order}`;
  let elimination = eliminations.get(key);
  if (!elimination) {
    const adjacency = vertexAdjacency(grid);
    const sequence = order === 'min-degree' ? minimumDegreeOrder(adjacency) : nestedDissectionOrder(grid.rows + 1, grid.cols + 1);
    elimination = eliminate(adjacency, sequence);
    if (eliminations.size > 16) eliminations.clear();
    eliminations.set(key, elimination);
  }
  return elimination;
}

export function eliminationClosure(model: PuzzleCnf, puzzle: Puzzle, heuristic: EliminationOrder, orientation: Orientation): Stats {
  const { cnf, grid, edge } = model;
  const elimination = gridElimination(grid, heuristic);
  if (elimination.triangles > MAX_CLAUSES) throw new RangeError(`${elimination.triangles} transitivity clauses (width ${elimination.width}; limit ${MAX_CLAUSES})`);
  const V = grid.vertexCount;
  const E = grid.edgeCount;

  // An arc is a conjunction of literals: arc(e, forward) holds when the edge is on and runs from its
  // first vertex (left/top) to its second.
  const arcs = orientation === 'inside' ? insideOrientation(model) : freeOrientation(model);
  // The root: the first on-loop vertex in `rootOrder`. onLoop(v) = some edge at v; prefix = some vertex up
  // to this one in the order is on.
  const order = rootOrder(grid, puzzle);
  const onLoop = cnf.newGroup('vertex-on-loop', V);
  const prefix = cnf.newGroup('prefix', V);
  const root = cnf.newGroup('root', V);
  order.surelyOn.forEach((v) => cnf.add([onLoop + v]));
  order.vertices.forEach((v, i) => {
    const before = i === 0 ? undefined : prefix + order.vertices[i - 1];
    cnf.defineOr(onLoop + v, grid.edgesAtVertex(v).map(edge));
    cnf.defineOr(prefix + v, before === undefined ? [onLoop + v] : [before, onLoop + v]);
    cnf.defineAnd(root + v, before === undefined ? [onLoop + v] : [onLoop + v, -before]);
    // Free orientation: one per loop, of the root's two on-edges the lower-numbered one leaves it.
    if (arcs.rootClauses) for (const clause of arcs.rootClauses(root + v, v)) cnf.add(clause);
  });
  // Acyclicity arcs: an arc not entering the root. Each is only implied, so it can stand for reachability.
  const acyclicArc = cnf.newGroup('acyclic-arc', 2 * E);
  const arcLiteral = new Map<number, number>();
  for (let e = 0; e < E; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    const forward = arcs.arc(e, true);
    const backward = arcs.arc(e, false);
    if (forward) cnf.add([...forward.map((l) => -l), root + b, acyclicArc + 2 * e]);
    if (backward) cnf.add([...backward.map((l) => -l), root + a, acyclicArc + 2 * e + 1]);
    arcLiteral.set(a * V + b, acyclicArc + 2 * e);
    arcLiteral.set(b * V + a, acyclicArc + 2 * e + 1);
  }
  const sizes = acyclicity(cnf, elimination, (u, v) => arcLiteral.get(u * V + v));
  return {
    eliminationOrder: heuristic,
    orientation,
    surelyOnVertices: order.surelyOn.length,
    eliminationWidth: elimination.width,
    filledEdges: elimination.filledEdges,
    ...sizes,
    sizeFormula: 'vars = 4E + 3V + 2(F - E) shortcuts, F filled edges; transitivity clauses = sum_v d_v(d_v - 1) <= V w(w - 1), w = elimination width (~1.5 sqrt(V) on grids, min-degree)',
  };
}

interface Arcs {
  /** The literals whose conjunction is "edge e is on and runs forward (first vertex to second)" or backward; null: never. */
  arc(e: number, forward: boolean): number[] | null;
  /** Clauses that keep one orientation of the root's loop, when the orientation is otherwise free. */
  rootClauses?(root: number, v: number): number[][];
}

/** One variable per direction of each edge; one arc in and one out at every on-loop vertex. */
function freeOrientation({ cnf, grid, edge }: PuzzleCnf): Arcs {
  const E = grid.edgeCount;
  const forward = cnf.newGroup('arc-forward', E);
  const backward = cnf.newGroup('arc-backward', E);
  const arcsInto = Array.from({ length: grid.vertexCount }, (): number[] => []);
  const arcsOut = Array.from({ length: grid.vertexCount }, (): number[] => []);
  for (let e = 0; e < E; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    cnf.add([-(forward + e), edge(e)]);
    cnf.add([-(backward + e), edge(e)]);
    cnf.add([-edge(e), forward + e, backward + e]);
    cnf.add([-(forward + e), -(backward + e)]);
    arcsOut[a].push(forward + e);
    arcsInto[b].push(forward + e);
    arcsOut[b].push(backward + e);
    arcsInto[a].push(backward + e);
  }
  // At most one arc in and one out at each vertex: with degree 0 or 2, an on-loop vertex has one of each.
  for (let v = 0; v < grid.vertexCount; v++) {
    for (const list of [arcsInto[v], arcsOut[v]]) {
      for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) cnf.add([-list[i], -list[j]]);
    }
  }
  const arcOut = (e: number, v: number) => (grid.verticesOfEdge(e)[0] === v ? forward + e : backward + e);
  return {
    arc: (e, isForward) => [isForward ? forward + e : backward + e],
    rootClauses(root, v) {
      const at = grid.edgesAtVertex(v);
      const clauses: number[][] = [];
      for (let i = 0; i < at.length; i++) for (let j = i + 1; j < at.length; j++) clauses.push([-root, -edge(at[i]), -edge(at[j]), arcOut(at[i], v)]);
      return clauses;
    },
  };
}

/**
 * Orientation by the inside: a variable per cell says whether it is inside the loops, an edge is on exactly
 * when the cells on its two sides differ (outside the grid counts as outside), and every loop runs with
 * the inside on its left. On a planar grid the edges fix the colouring (the border is outside), so the
 * orientation costs no choice.
 */
function insideOrientation({ cnf, grid, edge }: PuzzleCnf): Arcs {
  const inside = cnf.newGroup('cell-inside', grid.cellCount);
  // 0 stands for "outside the grid" (always outside).
  const sides = (e: number): [left: number, right: number] => {
    // Walking from the edge's first vertex to its second: left of a horizontal edge is the cell above, left
    // of a vertical edge (walking down) is the cell to the east.
    const [kind, r, c] = grid.edgePosition(e);
    const at = (row: number, col: number) => (row >= 0 && row < grid.rows && col >= 0 && col < grid.cols ? inside + grid.cell(row, col) : 0);
    return kind === 'h' ? [at(r - 1, c), at(r, c)] : [at(r, c), at(r, c - 1)];
  };
  const sideLiterals: [number, number][] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [left, right] = sides(e);
    sideLiterals.push([left, right]);
    const x = edge(e);
    // x <-> left xor right
    if (left === 0 || right === 0) {
      const cell = left || right;
      cnf.add([-x, cell]);
      cnf.add([x, -cell]);
    } else {
      cnf.add([-x, left, right]);
      cnf.add([-x, -left, -right]);
      cnf.add([x, -left, right]);
      cnf.add([x, left, -right]);
    }
  }
  return {
    arc(e, isForward) {
      const [left, right] = sideLiterals[e];
      const [inner, outer] = isForward ? [left, right] : [right, left];
      // inner inside and outer outside; a missing side is outside.
      if (inner === 0) return null;
      return outer === 0 ? [inner] : [inner, -outer];
    },
  };
}
