// Small puzzles on grids other than the square one, drawn by hand for the wasm cores' tests, and an independent
// count of their loops by plain backtracking over the edges (no deduction shared with any core).
import { graphFromFaces, type PlanarGraph } from '../../../encodings/planar-graph.ts';
import { csrOfGraph, type GraphPuzzle } from '../../../encodings/wasm/graph-tables.ts';

function build(faces: number[][], name: string): PlanarGraph {
  const count = 1 + Math.max(...faces.flat());
  return graphFromFaces(Array.from({ length: count }, (): [number, number] => [0, 0]), faces, name);
}

/** Faces given by named dots (any key): numbered in order of first appearance. */
function facesOf(named: string[][]): number[][] {
  const index = new Map<string, number>();
  return named.map((face) => face.map((dot) => {
    if (!index.has(dot)) index.set(dot, index.size);
    return index.get(dot)!;
  }));
}

/** A honeycomb patch laid as a brick wall (each brick a hexagon: 2 corners and a middle dot top and bottom). */
export function honeycomb(rows: number, bricks: number): PlanarGraph {
  const named: string[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < bricks; k++) {
      const x = 2 * k + (r % 2);
      named.push([`${x},${r}`, `${x + 1},${r}`, `${x + 2},${r}`, `${x + 2},${r + 1}`, `${x + 1},${r + 1}`, `${x},${r + 1}`]);
    }
  }
  return build(facesOf(named), 'honeycomb patch');
}

/** A strip of triangles, alternately pointing up and down. */
export function triangleStrip(triangles: number): PlanarGraph {
  const named: string[][] = [];
  for (let i = 0; i < triangles; i++) {
    const k = i >> 1;
    named.push(i % 2 === 0 ? [`b${k}`, `b${k + 1}`, `t${k}`] : [`t${k}`, `b${k + 1}`, `t${k + 1}`]);
  }
  return build(facesOf(named), 'triangle strip');
}

/** A triangle, then faces of 4, 5, 6, 7 and 8 edges, each sharing a side with the next. */
export function mixedStrip(): PlanarGraph {
  const named: string[][] = [['apex', 'b0', 't0']];
  for (let i = 0; i < 5; i++) {
    const top = Array.from({ length: i }, (_, j) => `m${i},${j}`);
    named.push([`t${i}`, `b${i}`, `b${i + 1}`, `t${i + 1}`, ...top.reverse()]);
  }
  return build(facesOf(named), 'mixed strip');
}

/** The puzzle whose clues count, on every face, the edges of the boundary of `inside` (blank where `blank`). */
export function puzzleAround(graph: PlanarGraph, inside: number[], blank: number[] = []): GraphPuzzle {
  const within = new Set(inside);
  const on = graph.edgeFaces.map((faces) => (faces.filter((f) => within.has(f)).length === 1 ? 1 : 0));
  const clueCodes = Int8Array.from(graph.faceEdges.map((edges, f) => (blank.includes(f) ? -1 : edges.filter((e) => on[e]).length)));
  return { graph: csrOfGraph(graph), clueCodes };
}

/** The puzzle with one clue, `clue` on `face`, and every other face blank. */
export function oneClue(graph: PlanarGraph, face: number, clue: number): GraphPuzzle {
  const clueCodes = new Int8Array(graph.faceCount).fill(-1);
  clueCodes[face] = clue;
  return { graph: csrOfGraph(graph), clueCodes };
}

/** Every loop meeting the clues, by backtracking edge by edge (at most `limit`). */
export function loopsOf(graph: PlanarGraph, clueCodes: Int8Array, limit = 1000): Uint8Array[] {
  const E = graph.edgeCount;
  const lastEdgeOfVertex = graph.vertexEdges.map((edges) => Math.max(...edges));
  const lastEdgeOfFace = graph.faceEdges.map((edges) => Math.max(...edges));
  const degree = new Int32Array(graph.vertexCount);
  const lines = new Int32Array(graph.faceCount);
  const on = new Uint8Array(E);
  const found: Uint8Array[] = [];
  const fits = (e: number): boolean => {
    for (const v of graph.edgeEnds[e]) if (degree[v] > 2 || (lastEdgeOfVertex[v] === e && degree[v] === 1)) return false;
    for (const f of graph.edgeFaces[e]) {
      if (clueCodes[f] < 0) continue;
      if (lines[f] > clueCodes[f] || (lastEdgeOfFace[f] === e && lines[f] !== clueCodes[f])) return false;
    }
    return true;
  };
  const walk = (e: number): void => {
    if (found.length >= limit) return;
    if (e === E) {
      if (isOneLoop(graph, on)) found.push(on.slice());
      return;
    }
    for (const value of [0, 1]) {
      on[e] = value;
      for (const v of graph.edgeEnds[e]) degree[v] += value;
      for (const f of graph.edgeFaces[e]) lines[f] += value;
      if (fits(e)) walk(e + 1);
      for (const v of graph.edgeEnds[e]) degree[v] -= value;
      for (const f of graph.edgeFaces[e]) lines[f] -= value;
    }
    on[e] = 0;
  };
  walk(0);
  return found;
}

/** True when the edges that are on form one loop: each vertex has 0 or 2 of them and a walk meets them all. */
export function isOneLoop(graph: PlanarGraph, on: ArrayLike<number>): boolean {
  const lit = graph.edgeEnds.map((_, e) => e).filter((e) => on[e]);
  if (lit.length === 0) return false;
  for (const edges of graph.vertexEdges) {
    const d = edges.filter((e) => on[e]).length;
    if (d !== 0 && d !== 2) return false;
  }
  let previous = lit[0];
  let at = graph.edgeEnds[previous][1];
  let walked = 1;
  while (at !== graph.edgeEnds[lit[0]][0]) {
    const next = graph.vertexEdges[at].find((e) => on[e] && e !== previous)!;
    at = graph.edgeEnds[next][0] === at ? graph.edgeEnds[next][1] : graph.edgeEnds[next][0];
    previous = next;
    walked++;
  }
  return walked === lit.length;
}

/** True when every clued face has as many edges on as its clue. */
export function meetsClues(graph: PlanarGraph, clueCodes: Int8Array, on: ArrayLike<number>): boolean {
  return graph.faceEdges.every((edges, f) => clueCodes[f] < 0 || edges.filter((e) => on[e]).length === clueCodes[f]);
}
