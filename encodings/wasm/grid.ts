// The grid's tables for both wasm cores (AssemblyScript), numbered as encodings/grid.ts documents and its
// buildFlatGrid writes them; test/encodings/wasm/grid.test.ts holds the three to the same tables. Why here: in a fresh
// process the same loop in JavaScript runs in V8's interpreter, about 0.3 ms of a 10x10's solve.

/** The vertices and edges of an R x C grid (encodings/grid.ts's counts). */
export function gridVertexCount(R: i32, C: i32): i32 { return (R + 1) * (C + 1); }
export function gridEdgeCount(R: i32, C: i32): i32 { return (R + 1) * C + R * (C + 1); }

/** Fills the four tables of an R x C grid (the arrays sized as encodings/grid.ts sizes them). */
export function fillGridTables(R: i32, C: i32, vertexEdges: StaticArray<i32>, edgeEnds: StaticArray<i32>, edgeCells: StaticArray<i32>, cellEdges: StaticArray<i32>): void {
  const horizontal = (R + 1) * C;
  for (let i = 0; i < vertexEdges.length; i++) unchecked((vertexEdges[i] = -1));
  for (let i = 0; i < edgeCells.length; i++) unchecked((edgeCells[i] = -1));
  for (let r = 0; r <= R; r++) {
    for (let c = 0; c < C; c++) {
      const e = r * C + c;
      const a = r * (C + 1) + c;
      unchecked((edgeEnds[e * 2] = a));
      unchecked((edgeEnds[e * 2 + 1] = a + 1));
      unchecked((vertexEdges[a * 4 + 3] = e));
      unchecked((vertexEdges[(a + 1) * 4 + 2] = e));
      let k = e * 2;
      if (r > 0) unchecked((edgeCells[k++] = (r - 1) * C + c));
      if (r < R) unchecked((edgeCells[k] = r * C + c));
    }
  }
  for (let r = 0; r < R; r++) {
    for (let c = 0; c <= C; c++) {
      const e = horizontal + r * (C + 1) + c;
      const a = r * (C + 1) + c;
      unchecked((edgeEnds[e * 2] = a));
      unchecked((edgeEnds[e * 2 + 1] = a + C + 1));
      unchecked((vertexEdges[a * 4 + 1] = e));
      unchecked((vertexEdges[(a + C + 1) * 4] = e));
      let k = e * 2;
      if (c > 0) unchecked((edgeCells[k++] = r * C + c - 1));
      if (c < C) unchecked((edgeCells[k] = r * C + c));
    }
  }
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const cell = r * C + c;
      unchecked((cellEdges[cell * 4] = r * C + c));
      unchecked((cellEdges[cell * 4 + 1] = (r + 1) * C + c));
      unchecked((cellEdges[cell * 4 + 2] = horizontal + r * (C + 1) + c));
      unchecked((cellEdges[cell * 4 + 3] = horizontal + r * (C + 1) + c + 1));
    }
  }
}
