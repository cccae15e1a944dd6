// The slot tables the wasm cores read for any graph must list each vertex's and face's edges exactly as the
// graph does, padded with -1 to the graph's largest degrees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphFromFaces } from '../../../encodings/planar-graph.ts';
import { csrOfGraph, slotTablesOf } from '../../../encodings/wasm/graph-tables.ts';

// Drawn by hand: a triangle, a square and two pentagons, each sharing an edge with another.
const dots: [number, number][] = [[0, 0], [2, 0], [1, -1], [0, 2], [2, 2], [3, 1], [4, 2], [3, 3], [1, 4], [-1, 3], [-1, 1]];
const faces = [[0, 2, 1], [0, 1, 4, 3], [1, 5, 6, 7, 4], [0, 3, 8, 9, 10]];

test('slot tables of a graph mixing faces of 3, 4 and 5 edges list its edges with -1 padding', () => {
  const graph = graphFromFaces(dots, faces, 'hand-drawn');
  const tables = slotTablesOf(csrOfGraph(graph));
  assert.equal(tables.faceSlots, 5);
  assert.equal(tables.vertexSlots, graph.maxVertexDegree);
  for (let f = 0; f < graph.faceCount; f++) {
    const row = [...tables.faceEdges.subarray(f * 5, f * 5 + 5)];
    assert.deepEqual(row.filter((e) => e >= 0), [...graph.faceEdges[f]]);
    assert.deepEqual(row.slice(graph.faceEdges[f].length), new Array(5 - graph.faceEdges[f].length).fill(-1));
  }
  for (let v = 0; v < graph.vertexCount; v++) {
    const row = [...tables.vertexEdges.subarray(v * tables.vertexSlots, (v + 1) * tables.vertexSlots)];
    assert.deepEqual(row.filter((e) => e >= 0), [...graph.vertexEdges[v]]);
  }
  for (let e = 0; e < graph.edgeCount; e++) {
    assert.deepEqual([...tables.edgeEnds.subarray(e * 2, e * 2 + 2)], [...graph.edgeEnds[e]]);
    const beside = [...tables.edgeFaces.subarray(e * 2, e * 2 + 2)];
    assert.deepEqual(beside.filter((f) => f >= 0), [...graph.edgeFaces[e]]);
    assert.equal(beside.filter((f) => f < 0).length, 2 - graph.edgeFaces[e].length);
  }
});
