// The flat typed-array tables the rules solver reads must say exactly what the IR's lookups say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flatGridOf, gridOf } from '../../../encodings/grid.ts';

for (const [rows, cols] of [[1, 1], [1, 4], [3, 1], [2, 3], [5, 5], [7, 4]]) {
  test(`flat tables of a ${rows}x${cols} grid match the IR's lookups`, () => {
    const grid = gridOf({ rows, cols });
    const flat = flatGridOf({ rows, cols });
    assert.equal(flat.edgeCount, grid.edgeCount);
    assert.equal(flat.vertexCount, grid.vertexCount);
    for (let cell = 0; cell < grid.cellCount; cell++) assert.deepEqual([...flat.cellEdges.subarray(cell * 4, cell * 4 + 4)], [...grid.edgesOfCell(cell)]);
    for (let e = 0; e < grid.edgeCount; e++) {
      assert.deepEqual([...flat.edgeEnds.subarray(e * 2, e * 2 + 2)], [...grid.verticesOfEdge(e)]);
      assert.deepEqual([...flat.edgeCells.subarray(e * 2, e * 2 + 2)].filter((c) => c >= 0), [...grid.cellsBesideEdge(e)]);
    }
    for (let v = 0; v < grid.vertexCount; v++) {
      const [r, c] = grid.vertexPosition(v);
      const expected = [r > 0 ? grid.verticalEdge(r - 1, c) : -1, r < rows ? grid.verticalEdge(r, c) : -1, c > 0 ? grid.horizontalEdge(r, c - 1) : -1, c < cols ? grid.horizontalEdge(r, c) : -1];
      assert.deepEqual([...flat.vertexEdges.subarray(v * 4, v * 4 + 4)], expected);
    }
  });
}

// Both wasm cores fill the same tables themselves (encodings/wasm/grid.ts): they must be flatGridOf's, entry for entry.
interface GridCore {
  memory: WebAssembly.Memory;
  vertexEdgesPointer(): number;
  edgeEndsPointer(): number;
  edgeCellsPointer(): number;
  cellEdgesPointer(): number;
}
const cores: [string, string, (core: any, rows: number, cols: number) => void][] = [
  ['cdcl-loop', '../../../encodings/backends/cdcl/wasm/core.wasm.ts', (core, rows, cols) => core.setupGrid(rows, cols, 1, 2)],
  ['rules', '../../../encodings/backends/rules/wasm/core.wasm.ts', (core, rows, cols) => core.setupGrid(rows, cols, 1)],
];
for (const [name, path, setupGrid] of cores) {
  test(`the ${name} wasm core's own grid tables are flatGridOf's`, async () => {
    const bytes = Object.values(await import(path))[0] as string;
    const env = { now: () => performance.now(), abort: () => assert.fail('core aborted') };
    for (const [rows, cols] of [[1, 1], [1, 4], [3, 1], [2, 3], [5, 5], [7, 4], [10, 10], [13, 29]]) {
      const core = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(bytes, 'base64')), { env }).exports as unknown as GridCore;
      setupGrid(core, rows, cols);
      const flat = flatGridOf({ rows, cols });
      const read = (at: number, length: number) => [...new Int32Array(core.memory.buffer, at, length)];
      assert.deepEqual(read(core.vertexEdgesPointer(), flat.vertexCount * 4), [...flat.vertexEdges], `${rows}x${cols} vertexEdges`);
      assert.deepEqual(read(core.edgeEndsPointer(), flat.edgeCount * 2), [...flat.edgeEnds], `${rows}x${cols} edgeEnds`);
      assert.deepEqual(read(core.edgeCellsPointer(), flat.edgeCount * 2), [...flat.edgeCells], `${rows}x${cols} edgeCells`);
      assert.deepEqual(read(core.cellEdgesPointer(), flat.cellCount * 4), [...flat.cellEdges], `${rows}x${cols} cellEdges`);
    }
  });
}
