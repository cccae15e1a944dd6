// One loop by vertex-elimination closure (Rankooh and Rintanen, AAAI 2021): sat-closure's default.
//
// Formulation: cells are coloured inside/outside, an edge is on when its two sides differ, and every loop
// runs with the inside on its left, so each loop is a directed cycle with no orientation to choose
// (`orient=free` gives each arc a variable instead). The root is the first on-loop vertex in a fixed
// order that starts with vertices the clues put on the loop (a linear prefix chain). An apex vertex A has
// one arc, to the root. On the vertex lattice plus A, the vertex-elimination closure x (vertex-elimination.ts)
// states: (1) the arcs, less those entering the root, are acyclic; (2) with `reach=apex`, every on-loop
// vertex is reached from A, through an exactly defined (well-founded) closure, A eliminated last.
// Exact: one loop is a cycle through the root; less the root's incoming arc it is a path from the root,
// acyclic, and every vertex on it is reached from A. With two loops, one avoids the root and keeps all its
// arcs: a cycle, refused by (1) (and its vertices are not reached, refused by (2)).
// Why (2): acyclicity alone refutes a second loop only once it closes; reachability lets unit propagation
// switch off a whole region that cannot reach the root (a walled-off blank area), as lazy cuts do.
// Size: sum over vertices of d(d - 1) transitivity clauses, d = later neighbours <= w, the elimination width;
// reach=apex adds as many "through" variables (3 clauses each) and V reach variables.
import type { Stats } from '../../backend.ts';
import { cluedCells, type Grid, type Puzzle } from '../../grid.ts';
import type { PuzzleCnf } from './puzzle-cnf.ts';
import { eliminate, eliminationClosure as closureOver, minimumDegreeOrder, nestedDissectionOrder, type Elimination } from './vertex-elimination.ts';

export const ELIMINATION_ORDERS = ['min-degree', 'nested-dissection'] as const;
export type EliminationOrder = (typeof ELIMINATION_ORDERS)[number];
export const ORIENTATIONS = ['inside', 'free'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
export const REACH = ['apex', 'none'] as const;
export type Reach = (typeof REACH)[number];

const MAX_CLAUSES = 20_000_000;

/** The vertex lattice's adjacency (vertices joined by an edge of the grid), plus the apex V joined to all. */
function vertexAdjacency(grid: Grid): number[][] {
  const V = grid.vertexCount;
  const adjacency: number[][] = Array.from({ length: V + 1 }, () => []);
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    adjacency[a].push(b);
    adjacency[b].push(a);
  }
  for (let v = 0; v < V; v++) {
    adjacency[v].push(V);
    adjacency[V].push(v);
  }
  return adjacency;
}

/**
 * The order that picks the root: vertices the clues put on the loop first (the corners of a face with all its
 * edges but at most one on the loop, a 3 or 4 on the square grid; the ends of a fixed on-edge), then the rest
 * in vertex order (row by row on the square grid). When the first is surely on, the root is fixed
 * before search and every other loop's arcs are in the acyclicity graph from the start.
 */
export function rootOrder(grid: Grid, puzzle: Puzzle): { vertices: number[]; surelyOn: number[] } {
  const surelyOn = new Set<number>();
  for (const [cell, clue] of cluedCells(puzzle)) {
    // All of a face's edges but one touch all its corners.
    if (clue >= grid.edgesOfFace(cell).length - 1) for (const e of grid.edgesOfFace(cell)) for (const v of grid.verticesOfEdge(e)) surelyOn.add(v);
  }
  for (const f of puzzle.fixedEdges ?? []) if (f.on) for (const v of grid.verticesOfEdge(f.edge)) surelyOn.add(v);
  const first = [...surelyOn].sort((a, b) => a - b);
  const rest = Array.from({ length: grid.vertexCount }, (_, v) => v).filter((v) => !surelyOn.has(v));
  return { vertices: [...first, ...rest], surelyOn: first };
}

// The order depends only on the grid's size and the heuristic: computed once per process.
const eliminations = new Map<string, Elimination>();

export function gridElimination(grid: Grid, order: EliminationOrder): Elimination {
  const key = `${grid.tiling ? `${grid.tiling.type}:${grid.tiling.patch ?? ''}:` : ''}${grid.rows}x${grid.cols}/${order}`;
  let elimination = eliminations.get(key);
  if (!elimination) {
    const adjacency = vertexAdjacency(grid);
    // The apex is eliminated last, so that reach from it can be stated over later neighbours only.
    if (order === 'nested-dissection' && !grid.isSquare) throw new Error('order=nested-dissection splits the square grid by rows and columns; use order=min-degree on other grids');
    const lattice = order === 'min-degree' ? minimumDegreeOrder(adjacency.slice(0, -1).map((list) => list.slice(0, -1))) : nestedDissectionOrder(grid.rows + 1, grid.cols + 1);
    const sequence = [...lattice, grid.vertexCount];
    elimination = eliminate(adjacency, sequence);
    if (eliminations.size > 16) eliminations.clear();
    eliminations.set(key, elimination);
  }
  return elimination;
}

export function eliminationClosure(model: PuzzleCnf, puzzle: Puzzle, heuristic: EliminationOrder, orientation: Orientation, reach: Reach): Stats {
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
  // Closure arcs: an arc not entering the root, exactly defined; and from the apex, the arc to the root.
  const closureArc = cnf.newGroup('closure-arc', 2 * E);
  const arcLiteral = new Map<number, number>();
  const never = cnf.newVariable();
  cnf.add([-never]);
  for (let e = 0; e < E; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    for (const [from, to, literal] of [[a, b, closureArc + 2 * e], [b, a, closureArc + 2 * e + 1]] as const) {
      const conditions = arcs.arc(e, from === a);
      cnf.defineAnd(literal, conditions ? [...conditions, -(root + to)] : [never]);
      arcLiteral.set(from * (V + 1) + to, literal);
    }
  }
  for (let v = 0; v < V; v++) arcLiteral.set(V * (V + 1) + v, root + v);
  const { x, stats } = closureOver(cnf, elimination, (u, v) => arcLiteral.get(u * (V + 1) + v), reach === 'apex');
  if (reach === 'apex') {
    // reached(v) -> some later neighbour u with reached(u) and x(u, v); the apex is reached. Well founded:
    // it only looks at later vertices. Complete with the apex last: on a path from the apex to v, the last
    // vertex before v among those eliminated after v is joined to v through earlier vertices only.
    const reached = cnf.newGroup('reached', V);
    for (const v of [...elimination.order].reverse()) {
      if (v === V) continue;
      const supports: number[] = [];
      for (const u of elimination.later[v]) {
        if (u === V) {
          supports.push(x(V, v));
          continue;
        }
        const via = cnf.newVariable();
        cnf.add([-via, reached + u]);
        cnf.add([-via, x(u, v)]);
        supports.push(via);
      }
      cnf.add([-(reached + v), ...supports]);
      cnf.add([-(onLoop + v), reached + v]);
    }
  }
  return {
    eliminationOrder: heuristic,
    orientation,
    reach,
    surelyOnVertices: order.surelyOn.length,
    eliminationWidth: elimination.width,
    filledEdges: elimination.filledEdges,
    ...stats,
    sizeFormula: 'transitivity clauses = sum_v d_v(d_v - 1) <= (V+1) w(w - 1), w = elimination width (~1.5 sqrt(V) on grids, min-degree), d_v = later neighbours (apex included); closure vars = 2F, F filled edges; reach=apex: + sum_v d_v(d_v - 1) through vars (3 clauses each) + V reach vars',
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
 * The faces on the left and right of an edge walked from its first vertex to its second (undefined: outside),
 * on screen (y down): a face whose corners run clockwise lies right of each of its edges walked its way.
 */
function facesBeside(grid: Grid, e: number): [left: number | undefined, right: number | undefined] {
  const [a, b] = grid.verticesOfEdge(e);
  const out: [number | undefined, number | undefined] = [undefined, undefined];
  for (const face of grid.facesBesideEdge(e)) {
    const corners = grid.verticesOfFace(face);
    const k = corners.indexOf(a);
    const walksAToB = corners[(k + 1) % corners.length] === b;
    let area = 0;
    corners.forEach((v, i) => {
      const [x0, y0] = grid.vertexPoint(v);
      const [x1, y1] = grid.vertexPoint(corners[(i + 1) % corners.length]);
      area += x0 * y1 - x1 * y0;
    });
    // With y down, a positive shoelace sum is clockwise on screen.
    out[walksAToB === area > 0 ? 1 : 0] = face;
  }
  return out;
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
  const at = (face: number | undefined) => (face === undefined ? 0 : inside + face);
  const sides = (e: number): [left: number, right: number] => {
    if (grid.isSquare) {
      // Walking from the edge's first vertex to its second: left of a horizontal edge is the cell above, left
      // of a vertical edge (walking down) is the cell to the east.
      const [kind, r, c] = grid.edgePosition(e);
      const cell = (row: number, col: number) => at(row >= 0 && row < grid.rows && col >= 0 && col < grid.cols ? grid.cell(row, col) : undefined);
      return kind === 'h' ? [cell(r - 1, c), cell(r, c)] : [cell(r, c), cell(r, c - 1)];
    }
    const [left, right] = facesBeside(grid, e);
    return [at(left), at(right)];
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
