// ILP separation (glpk-cuts, highs-cuts with separation=lp): the minimum cut is a minimum cut, every valid
// inequality holds at every loop that meets the clues, and the cut-set cuts found at a point cut it off
// while keeping every single loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gridOf, makePuzzle, type Clue } from '../../../../encodings/grid.ts';
import { FlowNetwork } from '../../../../encodings/backends/ilp/max-flow.ts';
import { cellColumn, cutRow, insideFormulation, validInequalityRows, type IlpRow } from '../../../../encodings/backends/ilp/model.ts';
import { violatedCutsets } from '../../../../encodings/backends/ilp/separation.ts';
import { verticesOfEdges } from '../../../../encodings/solution.ts';
import { allLoops } from '../../../helpers/small-grids.ts';
import { backendCases } from '../../../helpers/backend-cases.ts';

/** The value of a row at the 0/1 point of a loop given by its on-edges. */
function holds(row: IlpRow, grid: ReturnType<typeof gridOf>, on: Uint8Array): boolean {
  const edges = [...on.keys()].filter((e) => on[e]);
  const onVertex = new Set(verticesOfEdges(grid, edges));
  const value = (name: string) => (name[0] === 'x' ? on[Number(name.slice(1))] : onVertex.has(Number(name.slice(1))) ? 1 : 0);
  const sum = row.terms.reduce((s, [name, c]) => s + c * value(name), 0);
  return (row.lo === undefined || sum >= row.lo - 1e-9) && (row.hi === undefined || sum <= row.hi + 1e-9);
}

test('minimum cut: two triangles joined by a thin bridge are cut at the bridge', () => {
  const network = new FlowNetwork(6);
  for (const [a, b] of [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3]]) network.addEdge(a, b, 1);
  network.addEdge(2, 3, 0.25);
  network.addEdge(1, 4, 0.5);
  const { value, sourceSide } = network.minCut(0, 5);
  assert.ok(Math.abs(value - 0.75) < 1e-9, `value ${value}`);
  assert.deepEqual([...sourceSide], [1, 1, 1, 0, 0, 0]);
});

test('valid inequalities hold at every loop of the 3x3 and 2x4 grids, clued by the loop itself', () => {
  for (const [rows, cols] of [[3, 3], [2, 4]] as const) {
    const grid = gridOf({ rows, cols });
    for (const on of allLoops(rows, cols)) {
      // Every cell clued with its count on this loop: every corner rule gets exercised.
      const clues = Array.from({ length: rows * cols }, (_, c): Clue => grid.edgesOfCell(c).filter((e) => on[e]).length as Clue);
      const rowsOf = validInequalityRows(makePuzzle(rows, cols, clues), grid);
      for (const row of rowsOf) assert.ok(holds(row, grid, on), `${rows}x${cols}: ${row.name} removes a loop`);
    }
  }
});

test('the inside formulation holds at every loop of the 3x3 and 2x4 grids with its inside cells, and only there', () => {
  for (const [rows, cols] of [[3, 3], [2, 4]] as const) {
    const grid = gridOf({ rows, cols });
    for (const on of allLoops(rows, cols)) {
      const clues = Array.from({ length: rows * cols }, (_, c): Clue => grid.edgesOfCell(c).filter((e) => on[e]).length as Clue);
      const { columns, rows: cellRows } = insideFormulation(makePuzzle(rows, cols, clues), grid);
      assert.equal(columns.length, rows * cols);
      // A cell is inside when an odd number of loop edges lie above it in its column.
      const inside = Array.from({ length: rows * cols }, (_, cell) => {
        const [r, c] = grid.cellPosition(cell);
        let crossings = 0;
        for (let k = 0; k <= r; k++) crossings += on[grid.horizontalEdge(k, c)];
        return crossings % 2;
      });
      const holdsWith = (row: IlpRow, cells: number[]) => {
        const cellValue = new Map(cells.map((v, cell) => [cellColumn(cell), v]));
        const sum = row.terms.reduce((total, [name, coef]) => total + coef * (cellValue.get(name) ?? on[Number(name.slice(1))]), 0);
        return (row.lo === undefined || sum >= row.lo - 1e-9) && (row.hi === undefined || sum <= row.hi + 1e-9);
      };
      for (const row of cellRows) assert.ok(holdsWith(row, inside), `${rows}x${cols}: ${row.name} removes a loop`);
      // Any one cell on the other side breaks an edge row: the loop fixes its cells.
      for (let cell = 0; cell < rows * cols; cell++) {
        const flipped = inside.map((v, i) => (i === cell ? 1 - v : v));
        assert.ok(cellRows.some((row) => !holdsWith(row, flipped)), `${rows}x${cols}: cell ${cell} could change sides`);
      }
    }
  }
});

test('the 2 in a corner fixes the border edges beside it', () => {
  const grid = gridOf({ rows: 3, cols: 3 });
  const rows = validInequalityRows(makePuzzle(3, 3, [2, null, null, null, null, null, null, null, null]), grid);
  const fixed = rows.filter((r) => r.name.startsWith('two')).map((r) => Number(r.terms[0][0].slice(1))).sort((a, b) => a - b);
  assert.deepEqual(fixed, [grid.horizontalEdge(0, 1), grid.verticalEdge(1, 0)].sort((a, b) => a - b));
});

test('cut-set separation: two half loops are cut off, and no single loop of the 2x4 grid is', () => {
  const grid = gridOf({ rows: 2, cols: 4 });
  // A fractional point: the boundary of the left 2x2 block on (the root, highest y, is there), that of the
  // right block at 3/4; they share the middle edges (at 3/4), so the support is connected and flows decide.
  const x = new Float64Array(grid.edgeCount);
  const y = new Float64Array(grid.vertexCount);
  const block = (c0: number) => [grid.horizontalEdge(0, c0), grid.horizontalEdge(0, c0 + 1), grid.horizontalEdge(2, c0), grid.horizontalEdge(2, c0 + 1), grid.verticalEdge(0, c0), grid.verticalEdge(1, c0), grid.verticalEdge(0, c0 + 2), grid.verticalEdge(1, c0 + 2)];
  for (const e of block(0)) x[e] = 1;
  for (const e of block(2)) x[e] = 0.75;
  for (let v = 0; v < grid.vertexCount; v++) y[v] = grid.edgesAtVertex(v).reduce((s, e) => s + x[e], 0) / 2;
  const cuts = violatedCutsets(grid, x, y);
  assert.ok(cuts.length >= 1, 'a violated cut is found');
  const loops = allLoops(2, 4);
  for (const cut of cuts) {
    const row = cutRow(cut, 'lp');
    const at = row.terms.reduce((s, [name, c]) => s + c * (name[0] === 'x' ? x[Number(name.slice(1))] : y[Number(name.slice(1))]), 0);
    assert.ok(at < row.lo! - 1e-3, `${row.name} is violated at the point (${at} >= ${row.lo})`);
    for (const on of loops) assert.ok(holds(row, grid, on), 'the cut keeps every single loop');
  }
});

test('cut-set separation finds nothing at a single loop', () => {
  const grid = gridOf({ rows: 3, cols: 3 });
  for (const on of allLoops(3, 3).slice(0, 40)) {
    const x = Float64Array.from(on);
    const y = new Float64Array(grid.vertexCount);
    for (let v = 0; v < grid.vertexCount; v++) y[v] = grid.edgesAtVertex(v).reduce((s, e) => s + x[e], 0) / 2;
    assert.deepEqual(violatedCutsets(grid, x, y), []);
  }
});

for (const [backend, engine] of [['glpk-cuts', 'glpk.js'], ['highs-cuts', undefined]] as const) {
  test(`${backend}${engine ? ` engine=${engine}` : ''} separation=lp records its rounds and cuts`, async () => {
    const r = await backendCases(backend, { separation: 'lp', ...(engine ? { engine } : {}) }).uniqueLoop();
    assert.ok((r.stats.rounds as number) >= 1, `rounds ${r.stats.rounds}`);
    assert.equal(typeof r.stats.lpCuts, 'number');
    assert.equal(typeof r.stats.cuts, 'number');
  });
}

test('glpk-cuts engine=glpk-wasm separation=lp separates inside its tree (no rounds before it) and records its cuts', async () => {
  const r = await backendCases('glpk-cuts', { separation: 'lp' }).uniqueLoop();
  assert.equal(r.stats.rounds, 0);
  assert.equal(r.stats.trees, 1, 'one tree for the first loop and the uniqueness proof');
  assert.equal(typeof r.stats.firstLoopMs, 'number');
  assert.ok((r.stats.lpCuts as number) >= 1, `lpCuts ${r.stats.lpCuts}`);
  assert.equal(typeof r.stats.nodes, 'number');
  // A heuristic's point would prune that tree: with one on, the searches stay apart.
  const apart = await backendCases('glpk-cuts', { separation: 'lp', sr_heur: 'on' }).uniqueLoop();
  assert.equal(apart.stats.trees, 2, 'a first search and a uniqueness search');
});
