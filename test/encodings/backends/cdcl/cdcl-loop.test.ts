// cdcl-loop and auto: the shared back-end cases, every loop of small grids found (none lost by the blocking
// clauses of the uniqueness search), and agreement with rules on built-in and janko puzzles.
import { existsSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { builtinDatasetNames } from '../../../../datasets/builtin.ts';
import { loadDataset } from '../../../../datasets/load.ts';
import { readJankoPuzzles } from '../../../../encodings/formats/index.ts';
import { makePuzzle, type Puzzle } from '../../../../encodings/grid.ts';
import { backendCases, JANKO, run } from '../../../helpers/backend-cases.ts';
import { allLoops, mix, smallCases } from '../../../helpers/small-grids.ts';
import { enumerateLoops } from '../../../helpers/cdcl-loops.ts';
import { CONNECTIVITY, type Connectivity } from '../../../../encodings/backends/cdcl/loop-propagator.ts';

const VARIANTS: [string, Record<string, string>][] = [
  ['cdcl-loop', {}],
  ['cdcl-loop', { corners: 'on', connectivity: 'components' }],
  ['auto', {}],
  ['auto', { presolve: 'off' }],
];

for (const [id, params] of VARIANTS) {
  test(`${id} ${JSON.stringify(params)}: the shared back-end cases`, async () => {
    const cases = backendCases(id, params);
    await cases.oneByOne();
    await cases.noLoopIsNoSolution();
    await cases.severalSolutions();
    await cases.uniqueLoop();
    await cases.fixedEdges();
  });
}

const enumerate = (puzzle: Puzzle, corners: boolean, connectivity: Connectivity) => enumerateLoops(puzzle, { corners, connectivity, seed: 7, core: 'typescript' });

test('cdcl-loop finds every loop of blank grids up to 4x4, each once', () => {
  for (const [rows, cols] of [[1, 2], [2, 2], [2, 3], [3, 3], [3, 4], [4, 4]] as const) {
    const expected = allLoops(rows, cols).map((l) => l.join('')).sort();
    const blank = makePuzzle(rows, cols, new Array(rows * cols).fill(null));
    for (const connectivity of CONNECTIVITY) assert.deepEqual(enumerate(blank, false, connectivity), expected, `${rows}x${cols} connectivity=${connectivity}`);
  }
});

test('cdcl-loop finds exactly the loops of clued small grids (none, one, several solutions)', () => {
  const cases = smallCases(24, [[2, 2], [2, 3], [3, 3], [3, 4], [4, 4]], 40);
  const seen = mix(cases);
  assert.ok(seen.none > 10 && seen.one > 10 && seen.several > 10, JSON.stringify(seen));
  for (const { puzzle, solutions, where } of cases) {
    const expected = solutions.map((l) => l.join('')).sort();
    for (const corners of [false, true]) {
      for (const connectivity of CONNECTIVITY) assert.deepEqual(enumerate(puzzle, corners, connectivity), expected, `${where} corners=${corners} connectivity=${connectivity}`);
    }
  }
});

test('cdcl-loop and auto agree with rules on the built-in sets (a sample)', async () => {
  for (const set of ['gen-10x10-minimal', 'loopy-10x10-hard', 'gen-15x15']) {
    for (const { id, puzzle } of loadDataset(set, { sample: 3, seed: 24 }).instances) {
      const reference = await run('rules', puzzle);
      for (const [backend, params] of [VARIANTS[0], VARIANTS[2]]) {
        const r = await run(backend, puzzle, true, params);
        assert.equal(r.status, reference.status, `${set} ${id} ${backend}`);
        assert.equal(r.unique, reference.unique, `${set} ${id} ${backend}`);
      }
    }
  }
});

test('cdcl-loop and auto: no loop on the unsat set, a second loop on the multi set', async (t) => {
  const sets = ['unsat', 'multi'].filter((set) => builtinDatasetNames().includes(set));
  if (sets.length < 2) t.diagnostic('the unsat or multi set is not built here: only the ones present are tested');
  for (const set of sets) {
    for (const { id, puzzle } of loadDataset(set).instances) {
      for (const [backend, params] of [VARIANTS[0], VARIANTS[2]]) {
        const r = await run(backend, puzzle, true, params);
        if (set === 'unsat') assert.equal(r.status, 'unsat', `${set} ${id} ${backend}`);
        else assert.deepEqual([r.status, r.unique, r.message ?? ''], ['solved', false, ''], `${set} ${id} ${backend}`);
      }
    }
  }
});

test('cdcl-loop and auto solve a janko sample uniquely', async (t) => {
  if (!existsSync(JANKO)) {
    t.skip('../shared/datasets is absent: janko puzzles not tested');
    return;
  }
  const all = readJankoPuzzles(readFileSync(JANKO, 'utf8'));
  // Every 40th entry: a spread of sizes, a few seconds in all.
  const sample = all.filter((_, i) => i % 40 === 0).map((e) => e.id);
  assert.ok(sample.length >= 5);
  await backendCases('cdcl-loop').janko(t, sample);
  await backendCases('auto').janko(t, sample);
});
