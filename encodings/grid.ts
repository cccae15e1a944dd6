// The puzzle IR: an R x C grid of cells, its lattice vertices and edges, and the clues.
// Everything here is plain, immutable data; back-ends see a puzzle only through this module.
import { PuzzleError } from './errors.ts';
//
// Indices are stable and documented, so that files, DIMACS comments and stats can name them:
//   vertex (r, c), 0 <= r <= R, 0 <= c <= C:   r * (C + 1) + c
//   cell (r, c),   0 <= r < R,  0 <= c < C:    r * C + c
//   horizontal edge (r, c) from vertex (r, c) to (r, c + 1):  r * C + c                 [0, (R + 1) C)
//   vertical edge (r, c) from vertex (r, c) to (r + 1, c):    (R + 1) C + r (C + 1) + c  [(R + 1) C, E)

/** A cell's clue: 0-4, `null` for a blank cell, `'?'` for a cell known to hold an unknown number. */
export type Clue = 0 | 1 | 2 | 3 | 4 | '?' | null;

/** An edge decided before encoding (by a presolver); back-ends must honour it. */
export interface FixedEdge {
  readonly edge: number;
  readonly on: boolean;
}

export interface Puzzle {
  readonly rows: number;
  readonly cols: number;
  /** Row-major, `rows * cols` entries. */
  readonly clues: readonly Clue[];
  /** Edges decided in advance; empty or absent for an untouched puzzle. */
  readonly fixedEdges?: readonly FixedEdge[];
}

/** Largest side and cell count accepted: past these a grid is refused before anything is allocated. */
export const MAX_SIDE = 1000;
export const MAX_CELLS = 250_000;

/** What is wrong with a grid size, as the rest of a sentence about it, or null: the limits every reader and builder applies. */
function sizeProblem(rows: number, cols: number): string | null {
  if (!Number.isInteger(rows) || !Number.isInteger(cols)) return ' is not a pair of whole numbers';
  if (rows < 1 || cols < 1) return ': rows and columns must be at least 1';
  if (rows > MAX_SIDE || cols > MAX_SIDE || rows * cols > MAX_CELLS) return ` is too large (at most ${MAX_SIDE} per side and ${MAX_CELLS} cells)`;
  return null;
}

export function checkSize(rows: number, cols: number, where = ''): void {
  const problem = sizeProblem(rows, cols);
  if (problem) throw new PuzzleError(`grid size ${rows}x${cols}${problem}${where ? ` (${where})` : ''}`);
}

/**
 * The same limits as `checkSize`, worded for a reader of a format: the place first, then the size in the
 * notation of the input (`shown`, e.g. "0/5 (COLS/ROWS)").
 */
export function checkSizeAt(where: string, rows: number, cols: number, shown: string): void {
  const problem = sizeProblem(rows, cols);
  if (problem) throw new PuzzleError(`${where}: size ${shown}${problem}`);
}

/** A grid size written `RxC` (rows x columns, e.g. 30x25), as every command and experiment file takes it. */
export function parseGridSize(text: string, what = 'a size'): { rows: number; cols: number } {
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(text);
  if (!m) throw new PuzzleError(`${what} must be RxC (rows x columns), e.g. 10x10; got '${text}'`);
  const rows = Number(m[1]);
  const cols = Number(m[2]);
  if (rows < 1 || cols < 1) throw new PuzzleError(`${what} ${text.trim()}: rows and columns must be at least 1`);
  return { rows, cols };
}

/** The `RxC` name of a puzzle's size class. */
export const sizeName = (shape: { rows: number; cols: number }): string => `${shape.rows}x${shape.cols}`;

/** Builds a puzzle, checking sizes and clue values. */
export function makePuzzle(rows: number, cols: number, clues: readonly Clue[], fixedEdges?: readonly FixedEdge[]): Puzzle {
  checkSize(rows, cols);
  if (clues.length !== rows * cols) throw new PuzzleError(`expected ${rows * cols} cells for ${rows}x${cols}, got ${clues.length}`);
  clues.forEach((clue, cell) => {
    if (!(clue === null || clue === '?' || (Number.isInteger(clue) && clue >= 0 && clue <= 4))) {
      throw new PuzzleError(`cell (${Math.floor(cell / cols)}, ${cell % cols}): clue ${String(clue)} is not 0-4, blank or '?'`);
    }
  });
  const puzzle: Puzzle = fixedEdges && fixedEdges.length > 0
    ? { rows, cols, clues: Object.freeze([...clues]), fixedEdges: Object.freeze(fixedEdges.map((f) => Object.freeze({ ...f }))) }
    : { rows, cols, clues: Object.freeze([...clues]) };
  return Object.freeze(puzzle);
}

/** The same puzzle with more edges fixed. */
export function withFixedEdges(puzzle: Puzzle, fixed: readonly FixedEdge[]): Puzzle {
  return makePuzzle(puzzle.rows, puzzle.cols, puzzle.clues, [...(puzzle.fixedEdges ?? []), ...fixed]);
}

export function clueCount(puzzle: Puzzle): number {
  let n = 0;
  for (const clue of puzzle.clues) if (typeof clue === 'number') n++;
  return n;
}

/** The shape of a grid: counts and the adjacency lookups, shared by all puzzles of that size. */
export interface Grid {
  readonly rows: number;
  readonly cols: number;
  readonly cellCount: number;
  readonly vertexCount: number;
  readonly edgeCount: number;
  /** Horizontal edges are 0 .. horizontalEdgeCount - 1; vertical ones follow. */
  readonly horizontalEdgeCount: number;
  /** Top, bottom, left, right edge of a cell. */
  edgesOfCell(cell: number): readonly [number, number, number, number];
  /** The 2 to 4 edges meeting at a vertex. */
  edgesAtVertex(vertex: number): readonly number[];
  /** The two end vertices of an edge (left/top first). */
  verticesOfEdge(edge: number): readonly [number, number];
  /** The one or two cells an edge borders. */
  cellsBesideEdge(edge: number): readonly number[];
  /** The other edges sharing a vertex with this edge. */
  edgesTouchingEdge(edge: number): readonly number[];
  cell(r: number, c: number): number;
  vertex(r: number, c: number): number;
  horizontalEdge(r: number, c: number): number;
  verticalEdge(r: number, c: number): number;
  cellPosition(cell: number): readonly [number, number];
  vertexPosition(vertex: number): readonly [number, number];
  /** `['h' | 'v', r, c]` for an edge index. */
  edgePosition(edge: number): readonly ['h' | 'v', number, number];
}

/** `build` once per grid size: the last 64 sizes are kept (a run meets few sizes, a fuzz run many). */
function cachedBySize<T>(build: (rows: number, cols: number) => T): (shape: { readonly rows: number; readonly cols: number }) => T {
  const cache = new Map<string, T>();
  return (shape) => {
    const key = `${shape.rows}x${shape.cols}`;
    let value = cache.get(key);
    if (value === undefined) {
      value = build(shape.rows, shape.cols);
      if (cache.size > 64) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

/** The grid of a puzzle (or of a size); built once per size and cached. */
export const gridOf: (shape: { readonly rows: number; readonly cols: number }) => Grid = cachedBySize(buildGrid);

function buildGrid(rows: number, cols: number): Grid {
  checkSize(rows, cols);
  const R = rows;
  const C = cols;
  const horizontalEdgeCount = (R + 1) * C;
  const edgeCount = horizontalEdgeCount + R * (C + 1);
  const vertexCount = (R + 1) * (C + 1);
  const cellCount = R * C;
  const h = (r: number, c: number) => r * C + c;
  const v = (r: number, c: number) => horizontalEdgeCount + r * (C + 1) + c;
  const vx = (r: number, c: number) => r * (C + 1) + c;

  const cellEdges: (readonly [number, number, number, number])[] = new Array(cellCount);
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) cellEdges[r * C + c] = Object.freeze([h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)] as const);
  }
  const vertexEdges: number[][] = Array.from({ length: vertexCount }, () => []);
  const edgeVertices: (readonly [number, number])[] = new Array(edgeCount);
  const edgeCells: number[][] = Array.from({ length: edgeCount }, () => []);
  for (let r = 0; r <= R; r++) {
    for (let c = 0; c < C; c++) {
      const e = h(r, c);
      edgeVertices[e] = [vx(r, c), vx(r, c + 1)];
      if (r > 0) edgeCells[e].push((r - 1) * C + c);
      if (r < R) edgeCells[e].push(r * C + c);
    }
  }
  for (let r = 0; r < R; r++) {
    for (let c = 0; c <= C; c++) {
      const e = v(r, c);
      edgeVertices[e] = [vx(r, c), vx(r + 1, c)];
      if (c > 0) edgeCells[e].push(r * C + c - 1);
      if (c < C) edgeCells[e].push(r * C + c);
    }
  }
  edgeVertices.forEach(([a, b], e) => {
    vertexEdges[a].push(e);
    vertexEdges[b].push(e);
  });
  for (const list of vertexEdges) list.sort((x, y) => x - y);
  const touching: number[][] = edgeVertices.map(([a, b], e) => [...vertexEdges[a], ...vertexEdges[b]].filter((f) => f !== e));

  const freeze = <T>(arrays: T[][]): readonly (readonly T[])[] => Object.freeze(arrays.map((a) => Object.freeze(a)));
  const frozenVertexEdges = freeze(vertexEdges);
  const frozenEdgeCells = freeze(edgeCells);
  const frozenTouching = freeze(touching);
  Object.freeze(cellEdges);
  edgeVertices.forEach((pair) => Object.freeze(pair));

  return Object.freeze({
    rows: R,
    cols: C,
    cellCount,
    vertexCount,
    edgeCount,
    horizontalEdgeCount,
    edgesOfCell: (cell: number) => cellEdges[cell],
    edgesAtVertex: (vertex: number) => frozenVertexEdges[vertex],
    verticesOfEdge: (edge: number) => edgeVertices[edge],
    cellsBesideEdge: (edge: number) => frozenEdgeCells[edge],
    edgesTouchingEdge: (edge: number) => frozenTouching[edge],
    cell: (r: number, c: number) => r * C + c,
    vertex: vx,
    horizontalEdge: h,
    verticalEdge: v,
    cellPosition: (cell: number) => [Math.floor(cell / C), cell % C] as const,
    vertexPosition: (vertex: number) => [Math.floor(vertex / (C + 1)), vertex % (C + 1)] as const,
    edgePosition: (edge: number) => {
      if (edge < horizontalEdgeCount) return ['h', Math.floor(edge / C), edge % C] as const;
      const k = edge - horizontalEdgeCount;
      return ['v', Math.floor(k / (C + 1)), k % (C + 1)] as const;
    },
  });
}

/**
 * The grid's adjacency as flat typed arrays, for solvers whose hot loops index arrays. Built with plain
 * loops (no per-element arrays or closures), so that a fresh process pays little for it; cached per size
 * and shared, so callers must not write to it.
 */
export interface FlatGrid {
  readonly rows: number;
  readonly cols: number;
  readonly vertexCount: number;
  readonly edgeCount: number;
  readonly cellCount: number;
  /** 4 per vertex: the edge going [up, down, left, right], -1 where the border has none. */
  readonly vertexEdges: Int32Array;
  /** 4 per cell: [top, bottom, left, right], as `edgesOfCell`. */
  readonly cellEdges: Int32Array;
  /** 2 per edge: its end vertices, left/top first, as `verticesOfEdge`. */
  readonly edgeEnds: Int32Array;
  /** 2 per edge: the cells beside it, in `cellsBesideEdge` order, -1 for none. */
  readonly edgeCells: Int32Array;
}

/** The number of edges of an R x C grid, without building its tables (a solve's first lines in a fresh process). */
export const edgeCountOf = (shape: { readonly rows: number; readonly cols: number }): number => (shape.rows + 1) * shape.cols + shape.rows * (shape.cols + 1);

const clueCodes = new WeakMap<Puzzle, Int8Array>();

/** The clues as the wasm cores read them, one byte per cell (-1: blank or '?'); made once per puzzle (auto loads it into two cores). */
export function clueCodesOf(puzzle: Puzzle): Int8Array {
  let codes = clueCodes.get(puzzle);
  if (!codes) {
    // A plain loop: Int8Array.from with a mapping function costs a warm 10x10 solve about 10 us.
    const { clues } = puzzle;
    codes = new Int8Array(clues.length);
    for (let cell = 0; cell < clues.length; cell++) {
      const clue = clues[cell];
      codes[cell] = typeof clue === 'number' ? clue : -1;
    }
    clueCodes.set(puzzle, codes);
  }
  return codes;
}

/** The typed-array tables of a puzzle's grid (or of a size); built once per size and cached. */
export const flatGridOf: (shape: { readonly rows: number; readonly cols: number }) => FlatGrid = cachedBySize(buildFlatGrid);

function buildFlatGrid(R: number, C: number): FlatGrid {
  checkSize(R, C);
  const horizontalEdgeCount = (R + 1) * C;
  const edgeCount = horizontalEdgeCount + R * (C + 1);
  const vertexCount = (R + 1) * (C + 1);
  const cellCount = R * C;
  const vertexEdges = new Int32Array(vertexCount * 4).fill(-1);
  const cellEdges = new Int32Array(cellCount * 4);
  const edgeEnds = new Int32Array(edgeCount * 2);
  const edgeCells = new Int32Array(edgeCount * 2).fill(-1);
  for (let r = 0; r <= R; r++) {
    for (let c = 0; c < C; c++) {
      const e = r * C + c;
      const a = r * (C + 1) + c;
      edgeEnds[e * 2] = a;
      edgeEnds[e * 2 + 1] = a + 1;
      vertexEdges[a * 4 + 3] = e;
      vertexEdges[(a + 1) * 4 + 2] = e;
      let k = e * 2;
      if (r > 0) edgeCells[k++] = (r - 1) * C + c;
      if (r < R) edgeCells[k] = r * C + c;
    }
  }
  for (let r = 0; r < R; r++) {
    for (let c = 0; c <= C; c++) {
      const e = horizontalEdgeCount + r * (C + 1) + c;
      const a = r * (C + 1) + c;
      edgeEnds[e * 2] = a;
      edgeEnds[e * 2 + 1] = a + C + 1;
      vertexEdges[a * 4 + 1] = e;
      vertexEdges[(a + C + 1) * 4] = e;
      let k = e * 2;
      if (c > 0) edgeCells[k++] = r * C + c - 1;
      if (c < C) edgeCells[k] = r * C + c;
    }
  }
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const cell = r * C + c;
      cellEdges[cell * 4] = r * C + c;
      cellEdges[cell * 4 + 1] = (r + 1) * C + c;
      cellEdges[cell * 4 + 2] = horizontalEdgeCount + r * (C + 1) + c;
      cellEdges[cell * 4 + 3] = horizontalEdgeCount + r * (C + 1) + c + 1;
    }
  }
  return { rows: R, cols: C, vertexCount, edgeCount, cellCount, vertexEdges, cellEdges, edgeEnds, edgeCells };
}

/** Clued cells as `[cell, clue]` pairs, skipping blanks and `?`. */
export function cluedCells(puzzle: Puzzle): [number, 0 | 1 | 2 | 3 | 4][] {
  const out: [number, 0 | 1 | 2 | 3 | 4][] = [];
  puzzle.clues.forEach((clue, cell) => {
    if (typeof clue === 'number') out.push([cell, clue]);
  });
  return out;
}

export function samePuzzle(a: Puzzle, b: Puzzle): boolean {
  return a.rows === b.rows && a.cols === b.cols && a.clues.every((clue, i) => clue === b.clues[i]);
}
