// The slot tables the wasm cores read for a grid other than the square one (issue 46): each vertex's edges and
// each face's edges in fixed-size slots padded with -1, so a core indexes them as it indexes the square grid's
// 4 + 4 (encodings/wasm/grid.ts), with the graph's largest degrees as the strides.
import { clueCodesOf, planarGraphOf, type Puzzle } from '../grid.ts';
import type { PlanarGraph } from '../planar-graph.ts';

/** A planar graph as flat arrays (CSR): what the cores' bindings take. */
export interface GraphCsr {
  readonly vertexCount: number;
  readonly edgeCount: number;
  readonly faceCount: number;
  /** Two vertices per edge. */
  readonly edgeEnds: Int32Array;
  /** Two faces per edge, -1 where the edge is on the outside. */
  readonly edgeFaces: Int32Array;
  /** Face f's edges, in order around it, are faceEdges[faceEdgeStart[f] .. faceEdgeStart[f + 1]). */
  readonly faceEdgeStart: Int32Array;
  readonly faceEdges: Int32Array;
  /** Vertex v's edges are vertexEdges[vertexEdgeStart[v] .. vertexEdgeStart[v + 1]). */
  readonly vertexEdgeStart: Int32Array;
  readonly vertexEdges: Int32Array;
}

/** The tables a core reads: `vertexSlots` edges per vertex and `faceSlots` per face, -1 padding. */
export interface SlotTables {
  readonly vertexCount: number;
  readonly edgeCount: number;
  readonly faceCount: number;
  readonly vertexSlots: number;
  readonly faceSlots: number;
  readonly vertexEdges: Int32Array;
  readonly faceEdges: Int32Array;
  readonly edgeEnds: Int32Array;
  readonly edgeFaces: Int32Array;
}

// A grid's tables are built once (its graph is cached by tiling, grid.ts) and only read: every solve on that grid
// writes the same ones into its core.
const csrs = new WeakMap<PlanarGraph, GraphCsr>();
const slotTables = new WeakMap<GraphCsr, SlotTables>();

/** The CSR arrays of the puzzle model's graph (the one place that knows both shapes); built once per graph. */
export function csrOfGraph(graph: PlanarGraph): GraphCsr {
  let csr = csrs.get(graph);
  if (!csr) csrs.set(graph, (csr = buildCsr(graph)));
  return csr;
}

function buildCsr(graph: PlanarGraph): GraphCsr {
  const flatten = (lists: readonly (readonly number[])[]): [Int32Array, Int32Array] => {
    const start = new Int32Array(lists.length + 1);
    lists.forEach((list, i) => (start[i + 1] = start[i] + list.length));
    const items = new Int32Array(start[lists.length]);
    lists.forEach((list, i) => items.set(list, start[i]));
    return [start, items];
  };
  const [faceEdgeStart, faceEdges] = flatten(graph.faceEdges);
  const [vertexEdgeStart, vertexEdges] = flatten(graph.vertexEdges);
  const edgeEnds = new Int32Array(graph.edgeCount * 2);
  const edgeFaces = new Int32Array(graph.edgeCount * 2).fill(-1);
  for (let e = 0; e < graph.edgeCount; e++) {
    edgeEnds.set(graph.edgeEnds[e], e * 2);
    edgeFaces.set(graph.edgeFaces[e], e * 2);
  }
  return { vertexCount: graph.vertexCount, edgeCount: graph.edgeCount, faceCount: graph.faceCount, edgeEnds, edgeFaces, faceEdgeStart, faceEdges, vertexEdgeStart, vertexEdges };
}

/** The slot tables of a graph given as CSR; the strides are its largest vertex and face degrees. Built once per graph. */
export function slotTablesOf(graph: GraphCsr): SlotTables {
  let tables = slotTables.get(graph);
  if (!tables) slotTables.set(graph, (tables = buildSlotTables(graph)));
  return tables;
}

function buildSlotTables(graph: GraphCsr): SlotTables {
  const { vertexCount, edgeCount, faceCount } = graph;
  const widest = (start: Int32Array, count: number): number => {
    let most = 0;
    for (let i = 0; i < count; i++) most = Math.max(most, start[i + 1] - start[i]);
    return most;
  };
  const vertexSlots = widest(graph.vertexEdgeStart, vertexCount);
  const faceSlots = widest(graph.faceEdgeStart, faceCount);
  const slots = (start: Int32Array, items: Int32Array, count: number, width: number): Int32Array => {
    const table = new Int32Array(count * width).fill(-1);
    for (let i = 0; i < count; i++) table.set(items.subarray(start[i], start[i + 1]), i * width);
    return table;
  };
  return {
    vertexCount,
    edgeCount,
    faceCount,
    vertexSlots,
    faceSlots,
    vertexEdges: slots(graph.vertexEdgeStart, graph.vertexEdges, vertexCount, vertexSlots),
    faceEdges: slots(graph.faceEdgeStart, graph.faceEdges, faceCount, faceSlots),
    edgeEnds: graph.edgeEnds.slice(),
    edgeFaces: graph.edgeFaces.slice(),
  };
}

/** A puzzle on any planar graph as the cores' bindings take it: the graph and each face's clue (-1 blank). */
export interface GraphPuzzle {
  readonly graph: GraphCsr;
  readonly clueCodes: Int8Array;
  /** Edges known before solving, as a square puzzle's fixedEdges. */
  readonly fixedEdges?: readonly { readonly edge: number; readonly on: boolean }[];
}

/** A puzzle on another grid than the square one, as the cores take it: the graph's arrays and a clue per face. */
export function graphPuzzleOf(puzzle: Puzzle): GraphPuzzle {
  return { graph: csrOfGraph(planarGraphOf(puzzle)), clueCodes: clueCodesOf(puzzle), fixedEdges: puzzle.fixedEdges };
}

/** Where a core wants its tables written (each an address in its memory). */
export interface TablePointers {
  memory: WebAssembly.Memory;
  vertexEdgesPointer(): number;
  cellEdgesPointer(): number;
  edgeEndsPointer(): number;
  edgeCellsPointer(): number;
  cluesPointer(): number;
}

/** Writes a graph puzzle's slot tables and clues into a core set up for its counts and slot sizes. */
export function writeGraphTables(core: TablePointers, tables: SlotTables, clueCodes: Int8Array): void {
  const buffer = core.memory.buffer;
  new Int32Array(buffer, core.vertexEdgesPointer(), tables.vertexEdges.length).set(tables.vertexEdges);
  new Int32Array(buffer, core.cellEdgesPointer(), tables.faceEdges.length).set(tables.faceEdges);
  new Int32Array(buffer, core.edgeEndsPointer(), tables.edgeEnds.length).set(tables.edgeEnds);
  new Int32Array(buffer, core.edgeCellsPointer(), tables.edgeFaces.length).set(tables.edgeFaces);
  new Int8Array(buffer, core.cluesPointer(), tables.faceCount).set(clueCodes);
}
