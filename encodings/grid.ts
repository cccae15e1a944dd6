// The puzzle IR: a planar graph of vertices, edges and faces (cells), and the clues on the faces. The square
// R x C grid is one generator of it, and any tiling of encodings/tilings/ another; back-ends see a puzzle only
// through this module, in the words face (cell), edge and vertex, whatever the grid.
import { PuzzleError } from './errors.ts';
import { graphFromFaces, type PlanarGraph } from './planar-graph.ts';
import { tilingBuilder } from './tilings/index.ts';
//
// Square-grid indices are stable and documented, so that files, DIMACS comments and stats can name them:
//   vertex (r, c), 0 <= r <= R, 0 <= c <= C:   r * (C + 1) + c
//   cell (r, c),   0 <= r < R,  0 <= c < C:    r * C + c
//   horizontal edge (r, c) from vertex (r, c) to (r, c + 1):  r * C + c                 [0, (R + 1) C)
//   vertical edge (r, c) from vertex (r, c) to (r + 1, c):    (R + 1) C + r (C + 1) + c  [(R + 1) C, E)

//
// On another tiling, vertices, faces and edges are numbered as planar-graph.ts says (edges in order of first
// appearance around the faces, faces in the tiling's order: Loopy's, the order of a game ID's clues).

/**
 * A face's clue: 0 to the number of its edges (0-4 on the square grid), `null` for a blank face, `'?'` for a
 * face known to hold an unknown number.
 */
export type Clue = number | '?' | null;

/**
 * The grid a puzzle is drawn on when it is not the square grid: a tiling of encodings/tilings/ by name (as
 * Loopy's grid.h names them), its size (Loopy's width and height) and, for the Penrose tilings, the patch.
 */
export interface Tiling {
  readonly type: string;
  readonly width: number;
  readonly height: number;
  /** The part of the tiling used, as Loopy writes it in a game ID (Penrose tilings only). */
  readonly patch?: string;
}

/** What gives a grid: a size, and the tiling unless it is the square grid. */
export interface Shape {
  readonly rows: number;
  readonly cols: number;
  readonly tiling?: Tiling;
}

/** An edge decided before encoding (by a presolver); back-ends must honour it. */
export interface FixedEdge {
  readonly edge: number;
  readonly on: boolean;
}

export interface Puzzle {
  /** Rows of cells; on another tiling, its height. */
  readonly rows: number;
  /** Columns of cells; on another tiling, its width. */
  readonly cols: number;
  /** One per face: row-major, `rows * cols` entries on the square grid. */
  readonly clues: readonly Clue[];
  /** Edges decided in advance; empty or absent for an untouched puzzle. */
  readonly fixedEdges?: readonly FixedEdge[];
  /** Absent for the square grid. */
  readonly tiling?: Tiling;
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
  return frozenPuzzle({ rows, cols }, clues, fixedEdges);
}

/** Builds a puzzle on a tiling, one clue per face in the tiling's order; checks the size, the count and each clue against its face. */
export function makeTiledPuzzle(tiling: Tiling, clues: readonly Clue[], fixedEdges?: readonly FixedEdge[]): Puzzle {
  const shape: Shape = { rows: tiling.height, cols: tiling.width, tiling: Object.freeze({ ...tiling }) };
  const grid = gridOf(shape);
  if (clues.length !== grid.faceCount) throw new PuzzleError(`expected ${grid.faceCount} faces for ${tilingName(tiling)}, got ${clues.length}`);
  clues.forEach((clue, face) => {
    const most = grid.edgesOfFace(face).length;
    if (!(clue === null || clue === '?' || (Number.isInteger(clue) && clue >= 0 && clue <= most))) {
      throw new PuzzleError(`face ${face} of ${tilingName(tiling)}: clue ${String(clue)} is not 0-${most}, blank or '?'`);
    }
  });
  return frozenPuzzle(shape, clues, fixedEdges);
}

function frozenPuzzle(shape: Shape, clues: readonly Clue[], fixedEdges?: readonly FixedEdge[]): Puzzle {
  const puzzle: { -readonly [K in keyof Puzzle]: Puzzle[K] } = { rows: shape.rows, cols: shape.cols, clues: Object.freeze([...clues]) };
  if (fixedEdges && fixedEdges.length > 0) puzzle.fixedEdges = Object.freeze(fixedEdges.map((f) => Object.freeze({ ...f })));
  if (shape.tiling) puzzle.tiling = shape.tiling;
  return Object.freeze(puzzle);
}

/** A tiling and its size as people write it, e.g. `honeycomb 10x10`. */
export function tilingName(tiling: Tiling): string {
  return `${tiling.type} ${tiling.width}x${tiling.height}`;
}

/** The name of a puzzle's grid: `square`, or the tiling's type. */
export const gridName = (shape: Shape): string => shape.tiling?.type ?? 'square';

/** Whether two shapes give the same grid. */
export function sameShape(a: Shape, b: Shape): boolean {
  if (a.rows !== b.rows || a.cols !== b.cols) return false;
  if (!a.tiling || !b.tiling) return !a.tiling && !b.tiling;
  return a.tiling.type === b.tiling.type && a.tiling.width === b.tiling.width && a.tiling.height === b.tiling.height && a.tiling.patch === b.tiling.patch;
}

/** The same grid with other clues (one per face), and the same edges fixed. */
export function withClues(puzzle: Puzzle, clues: readonly Clue[]): Puzzle {
  if (puzzle.tiling) return makeTiledPuzzle(puzzle.tiling, clues, puzzle.fixedEdges);
  return makePuzzle(puzzle.rows, puzzle.cols, clues, puzzle.fixedEdges);
}

/** The same puzzle with more edges fixed. */
export function withFixedEdges(puzzle: Puzzle, fixed: readonly FixedEdge[]): Puzzle {
  if (puzzle.tiling) return makeTiledPuzzle(puzzle.tiling, puzzle.clues, [...(puzzle.fixedEdges ?? []), ...fixed]);
  return makePuzzle(puzzle.rows, puzzle.cols, puzzle.clues, [...(puzzle.fixedEdges ?? []), ...fixed]);
}

export function clueCount(puzzle: Puzzle): number {
  let n = 0;
  for (const clue of puzzle.clues) if (typeof clue === 'number') n++;
  return n;
}

/**
 * The shape of a grid: counts and the adjacency lookups, shared by all puzzles of that grid. Faces are the
 * cells; every method but the last group works on every grid.
 */
export interface Grid {
  /** Rows of cells; on another tiling, its height. */
  readonly rows: number;
  /** Columns of cells; on another tiling, its width. */
  readonly cols: number;
  /** Absent for the square grid. */
  readonly tiling?: Tiling;
  /** The square grid: square-only speed-ups (the corner rules, tables laid out by rows) are chosen by this. */
  readonly isSquare: boolean;
  readonly faceCount: number;
  /** The same as faceCount. */
  readonly cellCount: number;
  readonly vertexCount: number;
  readonly edgeCount: number;
  /** Square grid: horizontal edges are 0 .. horizontalEdgeCount - 1, vertical ones follow. Another tiling: edgeCount. */
  readonly horizontalEdgeCount: number;
  /** A face's edges: on the square grid top, bottom, left, right; on another tiling in order around it. */
  edgesOfFace(face: number): readonly number[];
  /** The same as edgesOfFace. */
  edgesOfCell(cell: number): readonly number[];
  /** A face's vertices in order around it (clockwise on screen, from its top left corner on the square grid). */
  verticesOfFace(face: number): readonly number[];
  /** The edges meeting at a vertex, in increasing order. */
  edgesAtVertex(vertex: number): readonly number[];
  /** The two end vertices of an edge (left/top first on the square grid). */
  verticesOfEdge(edge: number): readonly [number, number];
  /** The one or two faces an edge borders. */
  facesBesideEdge(edge: number): readonly number[];
  /** The same as facesBesideEdge. */
  cellsBesideEdge(edge: number): readonly number[];
  /** The other edges sharing a vertex with this edge. */
  edgesTouchingEdge(edge: number): readonly number[];
  /** Where a vertex is drawn, x to the right and y down (the square grid: its column and row). */
  vertexPoint(vertex: number): readonly [number, number];
  /** Where a face's clue is drawn: the mean of its vertices. */
  facePoint(face: number): readonly [number, number];
  // The square grid only (they throw on another tiling): positions by row and column.
  cell(r: number, c: number): number;
  vertex(r: number, c: number): number;
  horizontalEdge(r: number, c: number): number;
  verticalEdge(r: number, c: number): number;
  cellPosition(cell: number): readonly [number, number];
  vertexPosition(vertex: number): readonly [number, number];
  /** `['h' | 'v', r, c]` for an edge index. */
  edgePosition(edge: number): readonly ['h' | 'v', number, number];
}

/** `build` once per key: the last 64 are kept (a run meets few grids, a fuzz run many). */
function cachedBy<A, T>(keyOf: (a: A) => string, build: (a: A) => T): (a: A) => T {
  const cache = new Map<string, T>();
  return (a) => {
    const key = keyOf(a);
    let value = cache.get(key);
    if (value === undefined) {
      value = build(a);
      if (cache.size > 64) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

const tilingKey = (tiling: Tiling): string => `${tiling.type}:${tiling.width}x${tiling.height}:${tiling.patch ?? ''}`;

/** A table of the square grid's builder and another tiling's, built once per grid. */
const cachedByShape = <T>(square: (rows: number, cols: number) => T, tiled: (tiling: Tiling) => T): ((shape: Shape) => T) =>
  cachedBy((shape: Shape) => (shape.tiling ? tilingKey(shape.tiling) : `${shape.rows}x${shape.cols}`), (shape) => (shape.tiling ? tiled(shape.tiling) : square(shape.rows, shape.cols)));

/** The planar graph of a tiling, built once per tiling and size (both grid forms read it). */
const tilingGraphOf = cachedBy(tilingKey, (tiling: Tiling): PlanarGraph => {
  checkSize(tiling.height, tiling.width, tiling.type);
  const raw = tilingBuilder(tiling.type)(tiling.width, tiling.height, tiling.patch);
  const graph = graphFromFaces(raw.dots, raw.faces, tilingName(tiling));
  if (graph.faceCount > MAX_CELLS) throw new PuzzleError(`${tilingName(tiling)} is too large (${graph.faceCount} faces; at most ${MAX_CELLS})`);
  return graph;
});

/** The planar graph of a puzzle on another grid than the square one (cached), for cores that take the graph as arrays. */
export function planarGraphOf(shape: Shape): PlanarGraph {
  if (!shape.tiling) throw new Error('internal: the square grid is built by its own generator; ask gridOf or flatGridOf');
  return tilingGraphOf(shape.tiling);
}

/** The grid of a puzzle (or of a shape); built once per grid and cached. */
export const gridOf: (shape: Shape) => Grid = cachedByShape(buildGrid, (tiling) => tiledGrid(tiling, tilingGraphOf(tiling)));

const squareOnly = (what: string) => (): never => {
  throw new Error(`internal: ${what} is a square-grid lookup, asked of another tiling`);
};

/** The Grid of a tiling's planar graph. */
function tiledGrid(tiling: Tiling, graph: PlanarGraph): Grid {
  return Object.freeze({
    rows: tiling.height,
    cols: tiling.width,
    tiling,
    isSquare: false,
    faceCount: graph.faceCount,
    cellCount: graph.faceCount,
    vertexCount: graph.vertexCount,
    edgeCount: graph.edgeCount,
    horizontalEdgeCount: graph.edgeCount,
    edgesOfFace: (face: number) => graph.faceEdges[face],
    edgesOfCell: (face: number) => graph.faceEdges[face],
    verticesOfFace: (face: number) => graph.faceVertices[face],
    edgesAtVertex: (vertex: number) => graph.vertexEdges[vertex],
    verticesOfEdge: (edge: number) => graph.edgeEnds[edge],
    facesBesideEdge: (edge: number) => graph.edgeFaces[edge],
    cellsBesideEdge: (edge: number) => graph.edgeFaces[edge],
    edgesTouchingEdge: (edge: number) => graph.edgesTouching[edge],
    vertexPoint: (vertex: number) => graph.points[vertex],
    facePoint: (face: number) => graph.faceCentres[face],
    cell: squareOnly('cell(r, c)'),
    vertex: squareOnly('vertex(r, c)'),
    horizontalEdge: squareOnly('horizontalEdge'),
    verticalEdge: squareOnly('verticalEdge'),
    cellPosition: squareOnly('cellPosition'),
    vertexPosition: squareOnly('vertexPosition'),
    edgePosition: squareOnly('edgePosition'),
  });
}

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

  // Made on first use: only pictures and the general back-ends' helpers ask for them.
  let cellVertices: (readonly number[])[] | undefined;
  const verticesOfFace = (cell: number): readonly number[] => {
    cellVertices ??= Array.from({ length: cellCount }, (_, k) => {
      const a = vx(Math.floor(k / C), k % C);
      return Object.freeze([a, a + 1, a + C + 2, a + C + 1]);
    });
    return cellVertices[cell];
  };
  return Object.freeze({
    rows: R,
    cols: C,
    isSquare: true,
    faceCount: cellCount,
    cellCount,
    vertexCount,
    edgeCount,
    horizontalEdgeCount,
    edgesOfFace: (cell: number) => cellEdges[cell],
    edgesOfCell: (cell: number) => cellEdges[cell],
    verticesOfFace,
    edgesAtVertex: (vertex: number) => frozenVertexEdges[vertex],
    verticesOfEdge: (edge: number) => edgeVertices[edge],
    facesBesideEdge: (edge: number) => frozenEdgeCells[edge],
    cellsBesideEdge: (edge: number) => frozenEdgeCells[edge],
    edgesTouchingEdge: (edge: number) => frozenTouching[edge],
    vertexPoint: (vertex: number) => [vertex % (C + 1), Math.floor(vertex / (C + 1))] as const,
    facePoint: (cell: number) => [(cell % C) + 0.5, Math.floor(cell / C) + 0.5] as const,
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
  /** Slots per vertex in `vertexEdges`: 4 on the square grid, the largest vertex degree elsewhere. */
  readonly vertexSlots: number;
  /** Slots per face in `cellEdges`: 4 on the square grid, the largest face degree elsewhere. */
  readonly cellSlots: number;
  /** `vertexSlots` per vertex: on the square grid the edge going [up, down, left, right]; -1 where there is none. */
  readonly vertexEdges: Int32Array;
  /** `cellSlots` per face: its edges as `edgesOfFace` lists them, -1 after the last. */
  readonly cellEdges: Int32Array;
  /** 2 per edge: its end vertices, as `verticesOfEdge`. */
  readonly edgeEnds: Int32Array;
  /** 2 per edge: the faces beside it, in `facesBesideEdge` order, -1 for none. */
  readonly edgeCells: Int32Array;
}

/** The number of edges of a grid, without building the square grid's tables (a solve's first lines in a fresh process). */
export const edgeCountOf = (shape: Shape): number => (shape.tiling ? tilingGraphOf(shape.tiling).edgeCount : (shape.rows + 1) * shape.cols + shape.rows * (shape.cols + 1));


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

/** The typed-array tables of a puzzle's grid (or of a shape); built once per grid and cached. */
export const flatGridOf: (shape: Shape) => FlatGrid = cachedByShape(buildFlatGrid, (tiling) => tiledFlatGrid(tiling, tilingGraphOf(tiling)));

/** A tiling's tables, each vertex's and face's list padded with -1 to the largest degree. */
function tiledFlatGrid(tiling: Tiling, graph: PlanarGraph): FlatGrid {
  const vertexSlots = graph.maxVertexDegree;
  const cellSlots = graph.maxFaceDegree;
  const padded = (lists: readonly (readonly number[])[], slots: number) => {
    const table = new Int32Array(lists.length * slots).fill(-1);
    lists.forEach((list, k) => table.set(list, k * slots));
    return table;
  };
  return {
    rows: tiling.height,
    cols: tiling.width,
    vertexCount: graph.vertexCount,
    edgeCount: graph.edgeCount,
    cellCount: graph.faceCount,
    vertexSlots,
    cellSlots,
    vertexEdges: padded(graph.vertexEdges, vertexSlots),
    cellEdges: padded(graph.faceEdges, cellSlots),
    edgeEnds: padded(graph.edgeEnds, 2),
    edgeCells: padded(graph.edgeFaces, 2),
  };
}

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
  return { rows: R, cols: C, vertexCount, edgeCount, cellCount, vertexSlots: 4, cellSlots: 4, vertexEdges, cellEdges, edgeEnds, edgeCells };
}

/** Clued cells as `[cell, clue]` pairs, skipping blanks and `?`. */
export function cluedCells(puzzle: Puzzle): [number, number][] {
  const out: [number, number][] = [];
  puzzle.clues.forEach((clue, cell) => {
    if (typeof clue === 'number') out.push([cell, clue]);
  });
  return out;
}

export function samePuzzle(a: Puzzle, b: Puzzle): boolean {
  return sameShape(a, b) && a.clues.length === b.clues.length && a.clues.every((clue, i) => clue === b.clues[i]);
}
