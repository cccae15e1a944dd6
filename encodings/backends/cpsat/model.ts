// The circuit model of a puzzle for CP-SAT, built from the IR alone. A Boolean per edge, two arc literals per
// edge whose sum is the edge, a self-loop literal per vertex true exactly when the vertex is off the loop, and
// AddCircuit over all arcs: the active arcs form one circuit through every vertex on the loop.
//
// Two encodings of the same model. `cpsat-chapter` is the design source's own text (the CP-SAT chapter): clue
// sums, and degree 0 or 2 as linear constraints under the self-loop literal. `clauses` (default) says the same
// in CP-SAT's SAT vocabulary, which it loads and propagates several times faster with presolve off:
//   - the edge/arc link f + b = e is ExactlyOne(not e, f, b);
//   - a clue is "exactly k of the cell's open edges" as ExactlyOne or clauses;
//   - at a vertex only "no degree 1" and "at most 2" are written: the circuit already makes the self-loop
//     true exactly when no arc, hence no edge, touches the vertex;
//   - edges decided before search (clue 0 and 4, presolved) are constants folded into the clauses: an edge
//     fixed off gets no arcs, and a vertex with no edge left leaves the circuit;
//   - the loop's direction is fixed at one clued cell (see `fixDirection`), so each loop is one solution.
import { cluedCells, gridOf, type Grid, type Puzzle } from '../../grid.ts';

export type CpSat = typeof import('or-tools-wasm/cp-sat');
type CpModel = import('or-tools-wasm/cp-sat').CpModel;
type BoolVar = import('or-tools-wasm/cp-sat').BoolVar;
type NotBoolVar = import('or-tools-wasm/cp-sat').NotBoolVar;

export type CircuitEncoding = 'clauses' | 'cpsat-chapter';
export const ENCODINGS: readonly CircuitEncoding[] = ['clauses', 'cpsat-chapter'];

/** An edge in the model: a Boolean while open, a constant once decided (clue 0 or 4, presolved). */
export type EdgeTerm = BoolVar | boolean;
type Term = BoolVar | NotBoolVar | boolean;

export interface CircuitModel {
  readonly model: CpModel;
  /** The edges by edge index: Booleans, or constants for edges decided before search. */
  readonly edges: readonly EdgeTerm[];
  readonly variables: number;
  readonly constraints: number;
}

/** The model and its edge literals, built from the IR alone. */
export function buildCircuitModel(lib: CpSat, puzzle: Puzzle, encoding: CircuitEncoding = 'clauses'): CircuitModel {
  const grid = gridOf(puzzle);
  const model = new lib.CpModel();
  let edges: EdgeTerm[];
  if (encoding === 'cpsat-chapter') {
    const vars = Array.from({ length: grid.edgeCount }, (_, e) => model.newBoolVar(`edge${e}`));
    addChapterConstraints(lib, model, grid, puzzle, vars);
    edges = vars;
  } else edges = addClauseConstraints(model, grid, puzzle);
  const proto = model.proto();
  return { model, edges, variables: proto.variables?.length ?? 0, constraints: proto.constraints?.length ?? 0 };
}

/** The CP-SAT chapter's model as written there: linear sums over edge Booleans. */
function addChapterConstraints(lib: CpSat, model: CpModel, grid: Grid, puzzle: Puzzle, edges: BoolVar[]): void {
  for (const [cell, clue] of cluedCells(puzzle)) {
    const around = grid.edgesOfCell(cell);
    // A clue of 0 or of all its edges decides every edge: fixed values instead of a sum.
    if (clue === 0 || clue === around.length) for (const e of around) model.addBoolAnd([clue === 0 ? edges[e].not() : edges[e]]);
    else model.addLinearConstraint(lib.LinearExpr.sum(around.map((e) => edges[e])), clue, clue);
  }
  for (const f of puzzle.fixedEdges ?? []) model.addBoolAnd([f.on ? edges[f.edge] : edges[f.edge].not()]);
  const arcs: [number, number, BoolVar][] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    const forward = model.newBoolVar();
    const backward = model.newBoolVar();
    model.addEquality(lib.LinearExpr.sum([forward, backward]), edges[e]);
    arcs.push([a, b, forward], [b, a, backward]);
  }
  for (let vertex = 0; vertex < grid.vertexCount; vertex++) {
    const degree = lib.LinearExpr.sum(grid.edgesAtVertex(vertex).map((e) => edges[e]));
    const off = model.newBoolVar();
    model.addEquality(degree, 0).onlyEnforceIf(off);
    model.addEquality(degree, 2).onlyEnforceIf(off.not());
    arcs.push([vertex, vertex, off]);
  }
  model.addCircuit(arcs);
  // Without this, every vertex taking its self-loop is a "circuit" with no edge at all.
  model.addBoolOr(edges);
}

const OFF = 0;
const ON = 1;
const OPEN = 2;

const negate = (t: EdgeTerm): Term => (typeof t === 'boolean' ? !t : t.not());

/** A clause with its constants folded: dropped when one is true, false ones left out (none left: no solution). */
export function addClause(model: CpModel, terms: readonly Term[]): void {
  if (terms.some((t) => t === true)) return;
  model.addBoolOr(terms.filter((t): t is BoolVar | NotBoolVar => t !== false));
}

function addClauseConstraints(model: CpModel, grid: Grid, puzzle: Puzzle): EdgeTerm[] {
  // Edges decided before search: faces whose clue is 0 or all their edges, and presolved edges. They become constants, not Booleans.
  const state = new Uint8Array(grid.edgeCount).fill(OPEN);
  let contradiction = false;
  const decide = (e: number, value: typeof OFF | typeof ON) => {
    if (state[e] === OPEN) state[e] = value;
    else if (state[e] !== value) contradiction = true;
  };
  const clued = cluedCells(puzzle);
  const full = (cell: number, clue: number) => clue === grid.edgesOfFace(cell).length;
  for (const [cell, clue] of clued) if (clue === 0 || full(cell, clue)) for (const e of grid.edgesOfFace(cell)) decide(e, clue === 0 ? OFF : ON);
  for (const f of puzzle.fixedEdges ?? []) decide(f.edge, f.on ? ON : OFF);
  if (contradiction) model.addBoolOr([]);
  const edges: EdgeTerm[] = Array.from(state, (s, e) => (s === OPEN ? model.newBoolVar(`edge${e}`) : s === ON));

  for (const [cell, clue] of clued) {
    if (clue === 0 || full(cell, clue)) continue;
    const around = grid.edgesOfFace(cell);
    const on = around.filter((e) => state[e] === ON).length;
    addExactly(model, around.filter((e) => state[e] === OPEN).map((e) => edges[e] as BoolVar), clue - on);
  }

  const forward: (BoolVar | undefined)[] = new Array(grid.edgeCount);
  const backward: (BoolVar | undefined)[] = new Array(grid.edgeCount);
  const arcs: [number, number, BoolVar][] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    if (state[e] === OFF) continue;
    const [a, b] = grid.verticesOfEdge(e);
    const f = (forward[e] = model.newBoolVar());
    const r = (backward[e] = model.newBoolVar());
    const edge = edges[e];
    model.addExactlyOne(edge === true ? [f, r] : [(edge as BoolVar).not(), f, r]);
    arcs.push([a, b, f], [b, a, r]);
  }
  for (let vertex = 0; vertex < grid.vertexCount; vertex++) {
    const at = grid.edgesAtVertex(vertex).filter((e) => state[e] !== OFF).map((e) => edges[e]);
    if (at.length === 0) continue; // no arc touches it: the circuit ignores it
    // No degree 1: each edge at the vertex needs another. By position, since two constants are equal as values.
    at.forEach((e, i) => addClause(model, [negate(e), ...at.filter((_, j) => j !== i)]));
    // At most 2: no three edges at the vertex together.
    for (const three of subsets(at, 3)) addClause(model, three.map(negate));
    // Every vertex keeps its self-loop, even one with an edge fixed on: without them CP-SAT searched a minute
    // without finding a loop on a sparse 9x11 presolved by rules (test/encodings/backends/cpsat/model.test.ts).
    arcs.push([vertex, vertex, model.newBoolVar()]);
  }
  fixDirection(model, grid, clued, forward, backward);
  // With every edge off there is no arc; the empty clause below then says there is no loop.
  if (arcs.length) model.addCircuit(arcs);
  // At least one edge: all self-loops alone would satisfy the circuit.
  addClause(model, edges);
  return edges;
}

/**
 * The circuit meets each loop twice, once per direction. Around any one face every loop edge on its boundary
 * runs the same way (with the face's order of vertices when the face is inside the loop, against it when
 * outside), so banning the arcs against that order on one face with a clue of 1 or more keeps one direction of
 * every loop.
 */
function fixDirection(model: CpModel, grid: Grid, clued: [number, number][], forward: (BoolVar | undefined)[], backward: (BoolVar | undefined)[]): void {
  // The face with the most edges on the loop, short of all of them (those are constants already), bites earliest:
  // on the square grid a 3, then 2, 1 and 4.
  const rank = ([cell, clue]: [number, number]) => (clue === grid.edgesOfFace(cell).length ? 0 : -clue);
  const cell = clued.filter(([, clue]) => clue > 0).sort((x, y) => rank(x) - rank(y))[0]?.[0];
  if (cell === undefined) return;
  // Walking the face's vertices in order (clockwise on screen on the square grid: top, right, bottom, left), an
  // edge walked from its second vertex to its first runs against its forward arc.
  const corners = grid.verticesOfFace(cell);
  const against = corners.map((from, k) => {
    const to = corners[(k + 1) % corners.length];
    const edge = grid.edgesOfFace(cell).find((e) => grid.verticesOfEdge(e).includes(from) && grid.verticesOfEdge(e).includes(to))!;
    return grid.verticesOfEdge(edge)[0] === from ? backward[edge] : forward[edge];
  });
  const counterClockwise = against.filter((arc) => arc !== undefined);
  if (counterClockwise.length) model.addBoolAnd(counterClockwise.map((arc) => arc.not()));
}

/** Exactly `count` of `literals` true, as ExactlyOne where it fits, else clauses. */
function addExactly(model: CpModel, literals: BoolVar[], count: number): void {
  const n = literals.length;
  if (count < 0 || count > n) model.addBoolOr([]);
  else if (count === 0) { if (n) model.addBoolAnd(literals.map((l) => l.not())); }
  else if (count === n) model.addBoolAnd(literals);
  else if (count === 1) model.addExactlyOne(literals);
  else if (count === n - 1) model.addExactlyOne(literals.map((l) => l.not()));
  else {
    // At least `count`: any n - count + 1 of them hold a true one; at most `count`: any count + 1 hold a false one.
    for (const some of subsets(literals, n - count + 1)) model.addBoolOr(some);
    for (const some of subsets(literals, count + 1)) model.addBoolOr(some.map((l) => l.not()));
  }
}

function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, size - 1).map((s) => [first, ...s]), ...subsets(rest, size)];
}
