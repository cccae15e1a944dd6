// The z3-lazy model as SMT-LIB text: one Boolean per edge, the degree and clue rules (as clauses or as
// pseudo-Boolean equalities), and the cuts of the solve-and-cut loop. Text goes to Z3 in one parse
// (`solver.fromString`), which costs far less than several wasm calls per term through the JS API.
// No vertex Booleans: "vertex v is on the loop" is the disjunction of its edges, which the degree rule
// makes exact.
import { cluedCells, gridOf, type Grid, type Puzzle } from '../../grid.ts';
import type { LoopCut } from '../../protocol.ts';
import { verticesOfEdges } from '../../solution.ts';

/** How the degree and clue counts are stated: clauses (at most k, at least k), or Z3's pseudo-Boolean `pbeq`. */
export type CountForm = 'clauses' | 'pb';
export const COUNT_FORMS: readonly CountForm[] = ['clauses', 'pb'];

export const edgeName = (e: number) => `e${e}`;
const not = (term: string) => `(not ${term})`;
/** A disjunction; of no terms, false. */
export const or = (terms: readonly string[]) => (terms.length === 0 ? 'false' : terms.length === 1 ? terms[0] : `(or ${terms.join(' ')})`);
const and = (terms: readonly string[]) => (terms.length === 0 ? 'true' : terms.length === 1 ? terms[0] : `(and ${terms.join(' ')})`);
export const assert = (term: string) => `(assert ${term})`;

/** The edge declarations; the solver keeps them for every later `fromString` on it. */
export function declarations(grid: Grid): string {
  return Array.from({ length: grid.edgeCount }, (_, e) => `(declare-const ${edgeName(e)} Bool)`).join('\n');
}

/** Every `size`-subset of `items`. */
function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (size > items.length) return [];
  const [head, ...rest] = items;
  return [...subsets(rest, size - 1).map((s) => [head, ...s]), ...subsets(rest, size)];
}

/** At most k of `names` true: no k+1 of them together. At least k: no n-k+1 of them all false. */
const atMost = (names: readonly string[], k: number) => subsets(names, k + 1).map((s) => assert(or(s.map(not))));
const atLeast = (names: readonly string[], k: number) => (k <= 0 ? [] : subsets(names, names.length - k + 1).map((s) => assert(or(s))));
const pbEq = (names: readonly string[], k: number) => `((_ pbeq ${k}${' 1'.repeat(names.length)}) ${names.join(' ')})`;

/** n choose k, for the number of clauses a count takes. */
function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/**
 * The most clauses one count is written as. A clue of 7 on a 14-edge face (Loopy's hats) would take 6,435, and
 * a 20x20 hat puzzle's 34 MB of such clauses makes Z3's wasm fail with "memory access out of bounds"; a count
 * past this is stated as one pbeq instead. Square and most other grids never reach it.
 */
export const MOST_CLAUSES_PER_COUNT = 256;
const clausesOfCount = (n: number, k: number) => choose(n, k + 1) + (k <= 0 ? 0 : choose(n, n - k + 1));

/** The degree and clue rules, at least one edge, and the puzzle's fixed edges; returns the text and how many assertions. */
export function puzzleAssertions(puzzle: Puzzle, form: CountForm): { text: string; count: number } {
  const grid = gridOf(puzzle);
  const lines: string[] = [];
  for (let v = 0; v < grid.vertexCount; v++) {
    const at = grid.edgesAtVertex(v).map(edgeName);
    // Degree 0 or 2: at most two edges, and an edge on has a partner on.
    if (form === 'pb') lines.push(assert(`(=> ${or(at)} ${pbEq(at, 2)})`));
    else {
      lines.push(...atMost(at, 2));
      for (const e of at) lines.push(assert(or([not(e), ...at.filter((f) => f !== e)])));
    }
  }
  for (const [cell, clue] of cluedCells(puzzle)) {
    const around = grid.edgesOfCell(cell).map(edgeName);
    if (form === 'pb' || clausesOfCount(around.length, clue) > MOST_CLAUSES_PER_COUNT) lines.push(assert(pbEq(around, clue)));
    else lines.push(...atMost(around, clue), ...atLeast(around, clue));
  }
  lines.push(assert(or(Array.from({ length: grid.edgeCount }, (_, e) => edgeName(e)))));
  for (const f of puzzle.fixedEdges ?? []) lines.push(assert(f.on ? edgeName(f.edge) : not(edgeName(f.edge))));
  return { text: lines.join('\n'), count: lines.length };
}

/** Vertex v is on the loop: one of its edges is. */
const vertexOn = (grid: Grid, v: number) => or(grid.edgesAtVertex(v).map(edgeName));

/** A cut of the shared protocol (encodings/protocol.ts) as one assertion. */
export function cutAssertion(grid: Grid, cut: LoopCut): string {
  if (cut.kind === 'loop') {
    // The loop's edges all on: it is the whole loop, so every other edge is off.
    const inLoop = new Set(cut.loop);
    const others: string[] = [];
    for (let e = 0; e < grid.edgeCount; e++) if (!inLoop.has(e)) others.push(edgeName(e));
    return assert(or([not(and(cut.loop.map(edgeName))), not(or(others))]));
  }
  return assert(or([not(vertexOn(grid, cut.inside)), not(vertexOn(grid, cut.outside)), ...cut.crossing.map(edgeName)]));
}

/**
 * A cut over edges: if each group of `ifSomeOnIn` has an edge on, some edge of `thenSomeOn` is on. The
 * cut-set cuts below all take this form.
 */
export interface EdgeCut {
  readonly ifSomeOnIn: readonly (readonly number[])[];
  readonly thenSomeOn: readonly number[];
}

export function cutHolds(cut: EdgeCut, on: Uint8Array): boolean {
  return !cut.ifSomeOnIn.every((group) => group.some((e) => on[e] === 1)) || cut.thenSomeOn.some((e) => on[e] === 1);
}

export function edgeCutAssertion(cut: EdgeCut): string {
  return assert(or([...cut.ifSomeOnIn.map((group) => not(or(group.map(edgeName)))), ...cut.thenSomeOn.map(edgeName)]));
}

/** The edges with both ends in `inside`, with no end there, and with one (the cut around it). */
function edgesAround(grid: Grid, inside: ReadonlySet<number>): { within: number[]; away: number[]; crossing: number[] } {
  const within: number[] = [];
  const away: number[] = [];
  const crossing: number[] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    const ends = (inside.has(a) ? 1 : 0) + (inside.has(b) ? 1 : 0);
    (ends === 2 ? within : ends === 0 ? away : crossing).push(e);
  }
  return { within, away, crossing };
}

/**
 * Vertices of which the loop of every solution holds at least one, if the clues name some: one corner of a
 * 3-clue cell (three sides of a square touch all four corners), an end of an edge fixed on, or two opposite
 * corners of a cell with clue 1 or 2 (every side of the square touches one of them).
 */
export function rootVertices(puzzle: Puzzle): number[] {
  const grid = gridOf(puzzle);
  if (!grid.isSquare) return rootVerticesOnAnyGrid(puzzle, grid);
  const corners = (cell: number) => {
    const [top, bottom] = grid.edgesOfCell(cell);
    return [grid.verticesOfEdge(top)[0], grid.verticesOfEdge(bottom)[1]];
  };
  const clued = cluedCells(puzzle);
  const three = clued.find(([, clue]) => clue === 3);
  if (three) return corners(three[0]).slice(0, 1);
  const fixed = puzzle.fixedEdges?.find((f) => f.on);
  if (fixed) return [grid.verticesOfEdge(fixed.edge)[0]];
  const some = clued.find(([, clue]) => clue === 1 || clue === 2);
  return some ? corners(some[0]) : [];
}

/**
 * rootVertices on any grid. A face with clue c of d edges, c >= d - 1 (and c >= 1): at most one of its edges is
 * off, so at each of its vertices one of the face's two edges is on: one vertex is enough. Else an end of an
 * edge fixed on, else every other vertex around a face with a clue of at least 1 (each of its edges touches
 * one of them, and one of its edges is on).
 */
function rootVerticesOnAnyGrid(puzzle: Puzzle, grid: Grid): number[] {
  const clued = cluedCells(puzzle).filter(([, clue]) => clue >= 1);
  const nearlyFull = clued.find(([face, clue]) => clue >= grid.edgesOfFace(face).length - 1);
  if (nearlyFull) return [grid.verticesOfFace(nearlyFull[0])[0]];
  const fixed = puzzle.fixedEdges?.find((f) => f.on);
  if (fixed) return [grid.verticesOfEdge(fixed.edge)[0]];
  if (clued.length === 0) return [];
  return grid.verticesOfFace(clued[0][0]).filter((_, i) => i % 2 === 0);
}

/**
 * The cut-set cut against a root R (rootVertices: a set that every solution's loop meets), for a vertex set
 * S disjoint from R: if an edge with both ends in S is on, the loop through it also reaches R, outside S, so
 * an edge of the cut around S is on. Its size is that of S's edges only.
 */
export function rootedCut(grid: Grid, inside: ReadonlySet<number>): EdgeCut {
  const { within, crossing } = edgesAround(grid, inside);
  return { ifSomeOnIn: [within], thenSomeOn: crossing };
}

/**
 * The cut-set cut for every pair at once: if an edge with both ends in S and an edge with no end in S are
 * both on, a single loop holds both, so it has vertices inside and outside S and crosses the cut around S.
 * It implies the pair form (`cutset`) for all |S| x |V - S| pairs.
 */
export function allPairsCut(grid: Grid, inside: ReadonlySet<number>): EdgeCut {
  const { within, away, crossing } = edgesAround(grid, inside);
  return { ifSomeOnIn: [within, away], thenSomeOn: crossing };
}

/**
 * Cuts against a model whose edges form `loops` (two or more), each S below being closed in that model (its
 * loops share no vertex, so no cut edge is on), which breaks each cut. A loop that misses the root R is cut
 * against R (a small cut); a loop that holds all of R has everything off it cut against R; any other loop
 * (every loop, without a root) gets the all-pairs cut.
 */
export function cutsAgainst(grid: Grid, loops: readonly (readonly number[])[], root: readonly number[]): EdgeCut[] {
  return loops.map((loop) => {
    const inside = new Set(verticesOfEdges(grid, loop));
    if (root.length > 0 && root.every((r) => !inside.has(r))) return rootedCut(grid, inside);
    if (root.length > 0 && root.every((r) => inside.has(r))) {
      const off = new Set<number>();
      for (let v = 0; v < grid.vertexCount; v++) if (!inside.has(v)) off.add(v);
      return rootedCut(grid, off);
    }
    return allPairsCut(grid, inside);
  });
}
