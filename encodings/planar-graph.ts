// The puzzle model of every grid but the square one: a planar graph built from its faces, as Loopy's grid.c
// builds every grid (dots, and faces listing their dots in order; edges follow from the faces).
import { PuzzleError } from './errors.ts';

/** A grid as its builder gives it: the dots (x to the right, y down) and each face's dots in order around it. */
export interface RawTiling {
  readonly dots: readonly (readonly [number, number])[];
  readonly faces: readonly (readonly number[])[];
}

/**
 * Vertices are the dots, faces the faces, both in the builder's order. Edges are numbered in order of first
 * appearance, walking the faces in order and each face's dots in order (the edge from its last dot back to its
 * first comes last): that is a solution's edge order on such a grid.
 */
export interface PlanarGraph {
  readonly vertexCount: number;
  readonly edgeCount: number;
  readonly faceCount: number;
  readonly maxVertexDegree: number;
  readonly maxFaceDegree: number;
  readonly points: readonly (readonly [number, number])[];
  /** The face's dots in order, and its edges in the same order (edge k joins vertex k and k + 1). */
  readonly faceVertices: readonly (readonly number[])[];
  readonly faceEdges: readonly (readonly number[])[];
  /** The mean of each face's dots: where its clue is drawn. */
  readonly faceCentres: readonly (readonly [number, number])[];
  /** Each vertex's edges, in increasing order. */
  readonly vertexEdges: readonly (readonly number[])[];
  /** Each edge's ends, in the order the first face that has it walks it. */
  readonly edgeEnds: readonly (readonly [number, number])[];
  /** The one or two faces beside each edge, the first face that has it first. */
  readonly edgeFaces: readonly (readonly number[])[];
  /** The other edges at each edge's two ends. */
  readonly edgesTouching: readonly (readonly number[])[];
}

/** The graph of a grid given by its faces; refuses faces that no planar grid has. `what` names the grid in errors. */
export function graphFromFaces(dots: RawTiling['dots'], faces: RawTiling['faces'], what: string): PlanarGraph {
  const vertexCount = dots.length;
  const edgeOf = new Map<number, number>();
  const edgeEnds: [number, number][] = [];
  const edgeFaces: number[][] = [];
  const faceEdges: number[][] = [];
  const used = new Uint8Array(vertexCount);
  faces.forEach((face, f) => {
    if (face.length < 3) throw new PuzzleError(`${what}: face ${f} has ${face.length} dots (a face needs at least 3)`);
    if (new Set(face).size !== face.length) throw new PuzzleError(`${what}: face ${f} visits a dot twice`);
    const edges: number[] = [];
    face.forEach((a, k) => {
      const b = face[(k + 1) % face.length];
      if (!(Number.isInteger(a) && a >= 0 && a < vertexCount)) throw new PuzzleError(`${what}: face ${f} names dot ${a}, not one of the ${vertexCount} dots`);
      used[a] = 1;
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      let edge = edgeOf.get(key);
      if (edge === undefined) {
        edge = edgeEnds.length;
        edgeOf.set(key, edge);
        edgeEnds.push([a, b]);
        edgeFaces.push([]);
      }
      if (edgeFaces[edge].length === 2) throw new PuzzleError(`${what}: the edge between dots ${a} and ${b} borders more than two faces`);
      edgeFaces[edge].push(f);
      edges.push(edge);
    });
    faceEdges.push(edges);
  });
  const unused = used.indexOf(0);
  if (unused >= 0) throw new PuzzleError(`${what}: dot ${unused} is on no face`);
  const vertexEdges: number[][] = Array.from({ length: vertexCount }, () => []);
  edgeEnds.forEach(([a, b], edge) => {
    vertexEdges[a].push(edge);
    vertexEdges[b].push(edge);
  });
  const edgesTouching = edgeEnds.map(([a, b], edge) => Object.freeze([...vertexEdges[a], ...vertexEdges[b]].filter((other) => other !== edge)));
  const faceCentres = faces.map((face) => {
    let x = 0;
    let y = 0;
    for (const dot of face) {
      x += dots[dot][0];
      y += dots[dot][1];
    }
    return Object.freeze([x / face.length, y / face.length] as const);
  });
  const frozen = <T>(lists: T[][]): readonly (readonly T[])[] => Object.freeze(lists.map((list) => Object.freeze(list)));
  return Object.freeze({
    vertexCount,
    edgeCount: edgeEnds.length,
    faceCount: faces.length,
    maxVertexDegree: Math.max(0, ...vertexEdges.map((list) => list.length)),
    maxFaceDegree: Math.max(0, ...faces.map((face) => face.length)),
    points: Object.freeze(dots.map(([x, y]) => Object.freeze([x, y] as const))),
    faceVertices: frozen(faces.map((face) => [...face])),
    faceEdges: frozen(faceEdges),
    faceCentres: Object.freeze(faceCentres),
    vertexEdges: frozen(vertexEdges),
    edgeEnds: Object.freeze(edgeEnds.map((ends) => Object.freeze(ends))) as readonly (readonly [number, number])[],
    edgeFaces: frozen(edgeFaces),
    edgesTouching: Object.freeze(edgesTouching),
  });
}
