// cdcl-loop's WebAssembly core against its TypeScript reference: the same answers (status, the verified loop,
// uniqueness) from cdcl-loop and auto on every built-in puzzle; every loop of small grids found by both, each
// once; the shared back-end cases on the reference; and the committed core is what its source compiles to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { builtinDatasetNames } from '../../../../../datasets/builtin.ts';
import { loadDataset } from '../../../../../datasets/load.ts';
import type { Core } from '../../../../../encodings/backends/cdcl/loop-search.ts';
import { CONNECTIVITY, type Connectivity } from '../../../../../encodings/backends/cdcl/loop-propagator.ts';
import { makePuzzle, type Puzzle } from '../../../../../encodings/grid.ts';
import { backendCases, run } from '../../../../helpers/backend-cases.ts';
import { allLoops, smallCases } from '../../../../helpers/small-grids.ts';
import { enumerateLoops } from '../../../../helpers/cdcl-loops.ts';

test('the committed wasm core is what cdcl/wasm/core.ts compiles to', () => {
  execFileSync(process.execPath, [new URL('../../../../../encodings/backends/build-wasm-core.mjs', import.meta.url).pathname, 'cdcl', '--check'], { stdio: 'pipe' });
});

const MAX_REFERENCE_CELLS = 40 * 40;

test('wasm core = TypeScript reference on every built-in puzzle up to 40x40: status, verified loop and uniqueness, for cdcl-loop and auto', async () => {
  let n = 0;
  for (const name of builtinDatasetNames()) {
    for (const { id, puzzle } of loadDataset(name).instances) {
      // The gen-60x60 and larger sets take the TypeScript reference minutes a puzzle: bench:scale compares those.
      // Both cores read the square grid only (the built-in sets of Loopy's other grids are not theirs).
      if (puzzle.rows * puzzle.cols > MAX_REFERENCE_CELLS || puzzle.tiling) continue;
      for (const backend of ['cdcl-loop', 'auto']) {
        const reference = await run(backend, puzzle, true, { core: 'typescript' });
        const core = await run(backend, puzzle, true, { core: 'wasm' });
        const where = `${name} ${id} ${backend}`;
        assert.notEqual(reference.status, 'timeout', where);
        assert.equal(core.status, reference.status, where);
        assert.equal(core.unique, reference.unique, where);
        // run() has verified both loops; a unique puzzle has one loop, so both cores must give it.
        if (reference.unique) assert.deepEqual(core.solution?.on, reference.solution?.on, where);
      }
      n++;
    }
  }
  assert.ok(n > 100, `${n} puzzles`);
});

const enumerate = (puzzle: Puzzle, core: Core, connectivity: Connectivity) => enumerateLoops(puzzle, { corners: true, connectivity, seed: 3, core });

test('both cores list the same loops of small grids (blank, none, one or several solutions), each once', () => {
  const blanks = ([[2, 2], [3, 3], [3, 4]] as const).map(([r, c]) => ({ puzzle: makePuzzle(r, c, new Array(r * c).fill(null)), where: `blank ${r}x${c}`, solutions: allLoops(r, c) }));
  for (const c of [...blanks, ...smallCases(28, [[2, 3], [3, 3], [3, 4], [4, 4]], 30)]) {
    for (const connectivity of CONNECTIVITY) {
      const reference = enumerate(c.puzzle, 'typescript', connectivity);
      assert.deepEqual(enumerate(c.puzzle, 'wasm', connectivity), reference, `${c.where} connectivity=${connectivity}`);
      assert.deepEqual(reference, c.solutions.map((l) => l.join('')).sort(), c.where);
    }
  }
});

test('cdcl-loop and auto core=typescript still pass the cases every back-end passes', async () => {
  for (const id of ['cdcl-loop', 'auto']) {
    const cases = backendCases(id, { core: 'typescript' });
    await cases.oneByOne();
    await cases.noLoopIsNoSolution();
    await cases.severalSolutions();
    await cases.uniqueLoop();
    await cases.fixedEdges();
  }
});
