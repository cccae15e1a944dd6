// The grid's tables for both wasm cores (AssemblyScript), numbered as encodings/grid.ts documents and its
// buildFlatGrid writes them; test/encodings/wasm/grid.test.ts holds the three to the same tables. Why here: in a fresh
// process the same loop in JavaScript runs in V8's interpreter, about 0.3 ms of a 10x10's solve.

// The puzzle's graph as both cores hold it, once for both (auto's core holds one for its two stages): its counts,
// its four tables, the clues, and the pointers the wrapper writes them through. A core's setup allocates them
// (allocateGraph) beside its own arrays; on the square grid the core fills them (fillSquareGrid), elsewhere the
// wrapper writes them (encodings/wasm/graph-tables.ts).
export let vertexCount = 0;
export let edgeCount = 0;
export let cellCount = 0;
/** Slots per vertex in vertexEdges and per cell in cellEdges (-1 padding): 4 and 4 on the square grid, a graph's largest degrees elsewhere. */
export let vertexSlots = 4;
export let cellSlots = 4;
/** The square grid, whose corner rules and clauses hold only there (false: any planar graph). */
export let square = true;
export let vertexEdges = new StaticArray<i32>(0);
export let edgeEnds = new StaticArray<i32>(0);
export let edgeCells = new StaticArray<i32>(0);
export let cellEdges = new StaticArray<i32>(0);
/** Each cell's clue, -1 for none. */
export let clues = new StaticArray<i8>(0);

/** Room for a graph's tables and clues, `vSlots` edges per vertex and `cSlots` per cell. */
export function allocateGraph(vertices: i32, edges: i32, cells: i32, vSlots: i32, cSlots: i32, isSquare: bool): void {
  vertexCount = vertices;
  edgeCount = edges;
  cellCount = cells;
  vertexSlots = vSlots;
  cellSlots = cSlots;
  square = isSquare;
  vertexEdges = new StaticArray<i32>(vertices * vSlots);
  edgeEnds = new StaticArray<i32>(edges * 2);
  edgeCells = new StaticArray<i32>(edges * 2);
  cellEdges = new StaticArray<i32>(cells * cSlots);
  clues = new StaticArray<i8>(cells);
}

/** The tables of the R x C grid allocateGraph made room for. */
export function fillSquareGrid(R: i32, C: i32): void {
  fillGridTables(R, C, vertexEdges, edgeEnds, edgeCells, cellEdges);
}

// Where the wrapper writes the tables (Int32 views) and the clues (Int8).
export function vertexEdgesPointer(): usize { return changetype<usize>(vertexEdges); }
export function edgeEndsPointer(): usize { return changetype<usize>(edgeEnds); }
export function edgeCellsPointer(): usize { return changetype<usize>(edgeCells); }
export function cellEdgesPointer(): usize { return changetype<usize>(cellEdges); }
export function cluesPointer(): usize { return changetype<usize>(clues); }

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
