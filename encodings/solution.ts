// A solution is the set of edges on the loop. In memory, and from a worker to its caller: one byte per edge
// (1 = on the loop). In result files: its key, the contract's h and v strings joined by '/' (on another
// tiling, the edge bits alone). On the command line: the contract's JSON form {rows, cols, h, v} (on another
// tiling, {grid, width, height, edges}).
import { gridOf, checkSize, edgeCountOf, sameShape, tilingName, type Grid, type Shape, type Tiling } from './grid.ts';
import { PuzzleError } from './errors.ts';

export interface Solution {
  readonly rows: number;
  readonly cols: number;
  /** Absent on the square grid. */
  readonly tiling?: Tiling;
  /** `on[edge]` is 1 when the edge is on the loop. */
  readonly on: Uint8Array;
}

/** The contract's form, on the square grid. */
export interface SolutionJson {
  rows: number;
  cols: number;
  h: string[];
  v: string[];
}

/** The form on another tiling: the edge bits in the grid's edge order (docs/grids.md). */
export interface TiledSolutionJson {
  grid: string;
  width: number;
  height: number;
  patch?: string;
  edges: string;
}

/** What `solutionToJson` gives: the contract's form on the square grid, the tiled form elsewhere. */
export type AnySolutionJson = SolutionJson | TiledSolutionJson;

/** A solution of this shape's grid with these edge bits (taken as they are, not copied). */
export function loopOf(shape: Shape, on: Uint8Array): Solution {
  return shape.tiling ? { rows: shape.rows, cols: shape.cols, tiling: shape.tiling, on } : { rows: shape.rows, cols: shape.cols, on };
}

export function solutionFromEdges(shape: Shape, onEdges: Iterable<number>): Solution {
  // The count alone: the proof checker builds loops of grids too large to build the lists of (500x500).
  const edgeCount = edgeCountOf(shape);
  const on = new Uint8Array(edgeCount);
  for (const e of onEdges) {
    if (!(e >= 0 && e < edgeCount)) throw new RangeError(`edge ${e} is outside ${shapeText(shape)}`);
    on[e] = 1;
  }
  return loopOf(shape, on);
}

/** A grid as a sentence names it: `a 5x5 grid`, `honeycomb 6x6`. */
export const shapeText = (shape: Shape): string => (shape.tiling ? tilingName(shape.tiling) : `a ${shape.rows}x${shape.cols} grid`);

export function onEdges(solution: Solution): number[] {
  const out: number[] = [];
  solution.on.forEach((bit, e) => {
    if (bit) out.push(e);
  });
  return out;
}

export function solutionToJson(solution: Solution): AnySolutionJson {
  const { rows: R, cols: C, on, tiling } = solution;
  if (tiling) {
    const json: TiledSolutionJson = { grid: tiling.type, width: tiling.width, height: tiling.height, edges: rowText(on, 0, on.length) };
    if (tiling.patch !== undefined) json.patch = tiling.patch;
    // The fields in the order a reader expects: the grid first, its bits last.
    return tiling.patch !== undefined ? { grid: json.grid, width: json.width, height: json.height, patch: json.patch, edges: json.edges } : json;
  }
  // Edge numbers as grid.ts gives them: row r's horizontal edges are r*C + c, then row r's vertical ones
  // follow all of those. Read straight, no grid: a warm caller turns every answer into this form.
  const horizontal = (R + 1) * C;
  const h: string[] = [];
  const v: string[] = [];
  for (let r = 0; r <= R; r++) h.push(rowText(on, r * C, C));
  for (let r = 0; r < R; r++) v.push(rowText(on, horizontal + r * (C + 1), C + 1));
  return { rows: R, cols: C, h, v };
}

/** The '0'/'1' text of every pattern of k bits (k = 0..8, high bit first), made on first use. */
let bitTexts: string[][] | undefined;

/** `width` edges from `from` as '0'/'1', eight edges to a table lookup rather than a string per edge. */
function rowText(on: Uint8Array, from: number, width: number): string {
  bitTexts ??= Array.from({ length: 9 }, (_, k) => Array.from({ length: 1 << k }, (_, bits) => bits.toString(2).padStart(k, '0')));
  let text = '';
  for (let e = from, end = from + width; e < end; e += 8) {
    const k = Math.min(8, end - e);
    let bits = 0;
    for (let i = 0; i < k; i++) bits = (bits << 1) | (on[e + i] ? 1 : 0);
    text += bitTexts[k][bits];
  }
  return text;
}

/**
 * The one text form of a solution, in result files and records: the contract's `h` rows, then
 * `/`, then its `v` rows, each run together (edge index order: horizontal edges, then vertical ones).
 */
export function solutionToKey(solution: Solution): string {
  if (solution.tiling) return rowText(solution.on, 0, solution.on.length);
  const grid = gridOf(solution);
  let key = '';
  for (let e = 0; e < grid.edgeCount; e++) {
    if (e === grid.horizontalEdgeCount) key += '/';
    key += solution.on[e] ? '1' : '0';
  }
  return key;
}

/** Reads a solution key back; throws PuzzleError when it does not fit the grid. */
export function solutionFromKey(shape: Shape, key: string): Solution {
  const grid = gridOf(shape);
  if (shape.tiling) {
    if (key.length !== grid.edgeCount || !/^[01]*$/.test(key)) throw new PuzzleError(`solution key of ${key.length} characters does not fit ${shapeText(shape)}`);
    const on = new Uint8Array(grid.edgeCount);
    for (let e = 0; e < grid.edgeCount; e++) on[e] = key.charCodeAt(e) === 49 ? 1 : 0;
    return loopOf(shape, on);
  }
  const slash = key.indexOf('/');
  const h = key.slice(0, slash);
  const v = key.slice(slash + 1);
  if (slash < 0 || h.length !== grid.horizontalEdgeCount || v.length !== grid.edgeCount - grid.horizontalEdgeCount || !/^[01]*$/.test(h + v)) {
    throw new PuzzleError(`solution key of ${key.length} characters does not fit a ${shape.rows}x${shape.cols} grid`);
  }
  const on = new Uint8Array(grid.edgeCount);
  for (let e = 0; e < grid.edgeCount; e++) on[e] = (e < h.length ? h.charCodeAt(e) : v.charCodeAt(e - h.length)) === 49 ? 1 : 0;
  return { rows: shape.rows, cols: shape.cols, on };
}

/** Whether two solutions put the same edges on the loop. */
export function sameSolution(a: Solution, b: Solution): boolean {
  return sameShape(a, b) && a.on.length === b.on.length && a.on.every((bit, i) => bit === b.on[i]);
}

/** Reads the contract's solution JSON; throws PuzzleError saying what is wrong and where. */
export function solutionFromJson(value: unknown, where = 'solution'): Solution {
  if (typeof value !== 'object' || value === null) throw new PuzzleError(`${where}: expected a JSON object {rows, cols, h, v}`);
  const o = value as Record<string, unknown>;
  if ('grid' in o || 'edges' in o) return tiledSolutionFromJson(o, where);
  const rows = o.rows;
  const cols = o.cols;
  if (typeof rows !== 'number' || typeof cols !== 'number') throw new PuzzleError(`${where}: "rows" and "cols" must be numbers`);
  checkSize(rows, cols, where);
  const grid = gridOf({ rows, cols });
  const on = new Uint8Array(grid.edgeCount);
  const readLines = (key: 'h' | 'v', count: number, width: number, edgeAt: (r: number, c: number) => number) => {
    const lines = o[key];
    if (!Array.isArray(lines) || lines.length !== count) throw new PuzzleError(`${where}: "${key}" must be an array of ${count} strings`);
    lines.forEach((line, r) => {
      if (typeof line !== 'string' || line.length !== width) throw new PuzzleError(`${where}: ${key}[${r}] must be a string of ${width} characters '0'/'1'`);
      for (let c = 0; c < width; c++) {
        const ch = line[c];
        if (ch !== '0' && ch !== '1') throw new PuzzleError(`${where}: ${key}[${r}][${c}] is '${ch}', expected '0' or '1'`);
        if (ch === '1') on[edgeAt(r, c)] = 1;
      }
    });
  };
  readLines('h', rows + 1, cols, grid.horizontalEdge);
  readLines('v', rows, cols + 1, grid.verticalEdge);
  return { rows, cols, on };
}

/**
 * Splits a set of on-edges into its connected pieces (each a list of edges), following shared vertices.
 * Lazy back-ends use it to find the loops of a model that satisfies only degree and clue constraints.
 */
export function edgeComponents(grid: Grid, isOn: (edge: number) => boolean): number[][] {
  const seen = new Uint8Array(grid.edgeCount);
  const components: number[][] = [];
  for (let start = 0; start < grid.edgeCount; start++) {
    if (seen[start] || !isOn(start)) continue;
    const component: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const e = stack.pop()!;
      component.push(e);
      for (const f of grid.edgesTouchingEdge(e)) {
        if (!seen[f] && isOn(f)) {
          seen[f] = 1;
          stack.push(f);
        }
      }
    }
    components.push(component);
  }
  return components;
}

/**
 * The edges between inside and outside cells of a region (the grid's border counts as outside): the loop
 * of a shading, as in janko's published solutions and the generator's random regions.
 */
export function regionBoundary(grid: Grid, inside: Uint8Array): number[] {
  const edges: number[] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const cells = grid.cellsBesideEdge(e);
    const a = inside[cells[0]];
    const b = cells.length > 1 ? inside[cells[1]] : 0;
    if (a !== b) edges.push(e);
  }
  return edges;
}

/** The vertices touched by a set of edges. */
export function verticesOfEdges(grid: Grid, edges: readonly number[]): number[] {
  const set = new Set<number>();
  for (const e of edges) for (const v of grid.verticesOfEdge(e)) set.add(v);
  return [...set];
}

/** Edges with exactly one end vertex in the set: the cut around a vertex set. */
export function edgesLeaving(grid: Grid, vertices: Iterable<number>): number[] {
  const inside = new Set(vertices);
  const out: number[] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    if (inside.has(a) !== inside.has(b)) out.push(e);
  }
  return out;
}

/** Reads the tiled form {grid, width, height, patch?, edges}; throws PuzzleError saying what is wrong. */
function tiledSolutionFromJson(o: Record<string, unknown>, where: string): Solution {
  const { grid: type, width, height, patch, edges } = o;
  if (typeof type !== 'string' || typeof width !== 'number' || typeof height !== 'number') throw new PuzzleError(`${where}: "grid" must be a grid name and "width" and "height" numbers`);
  if (patch !== undefined && typeof patch !== 'string') throw new PuzzleError(`${where}: "patch" must be a string`);
  const tiling: Tiling = Object.freeze(patch === undefined ? { type, width, height } : { type, width, height, patch });
  const shape: Shape = { rows: height, cols: width, tiling };
  const count = gridOf(shape).edgeCount;
  if (typeof edges !== 'string' || edges.length !== count) throw new PuzzleError(`${where}: "edges" must be a string of ${count} characters '0'/'1' (the edges of ${tilingName(tiling)})`);
  const on = new Uint8Array(count);
  for (let e = 0; e < count; e++) {
    const ch = edges[e];
    if (ch !== '0' && ch !== '1') throw new PuzzleError(`${where}: edges[${e}] is '${ch}', expected '0' or '1'`);
    on[e] = ch === '1' ? 1 : 0;
  }
  return loopOf(shape, on);
}
