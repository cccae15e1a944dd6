// z3-lazy beyond the shared cases: its cut-set cuts hold on every solution and break the model they come
// from (the protocol's cuts are tested in protocol.test.ts), every cut family on janko puzzles, the time
// limit, and a clean process exit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { makePuzzle } from '../../../../encodings/grid.ts';
import { solutionFromJson } from '../../../../encodings/solution.ts';
import { verify } from '../../../../encodings/verify.ts';
import { cutHolds, cutsAgainst, rootVertices } from '../../../../encodings/backends/smt/z3-model.ts';
import { gridOf } from '../../../../encodings/grid.ts';
import { verticesOfEdges } from '../../../../encodings/solution.ts';
import { backendCases, run } from '../../../helpers/backend-cases.ts';
import { allLoops, smallCases } from '../../../helpers/small-grids.ts';

const edgesOn = (on: Uint8Array) => [...on.keys()].filter((e) => on[e] === 1);

test('z3-lazy root: every solution of a small puzzle meets the root vertices', () => {
  let rooted = 0;
  for (const c of smallCases(17, [[2, 2], [2, 3], [3, 3], [3, 4], [4, 4]], 40)) {
    const root = rootVertices(c.puzzle);
    if (root.length > 0) rooted++;
    for (const loop of c.solutions) {
      const onLoop = new Set(verticesOfEdges(gridOf(c.puzzle), edgesOn(loop)));
      assert.ok(root.length === 0 || root.some((v) => onLoop.has(v)), `${c.where}: root ${root} misses a solution`);
    }
  }
  assert.ok(rooted > 150, `only ${rooted} cases had a root`);
});

test('z3-lazy cuts (rooted, all pairs): each holds on every solution and breaks the model of disjoint loops it came from', () => {
  for (const [rows, cols] of [[3, 3], [3, 4], [4, 3]] as const) {
    const grid = gridOf({ rows, cols });
    const loops = allLoops(rows, cols).map(edgesOn);
    const vertexSets = loops.map((loop) => new Set(verticesOfEdges(grid, loop)));
    const models: number[][][] = [];
    for (let i = 0; i < loops.length; i++) {
      for (let j = i + 1; j < loops.length; j++) if (![...vertexSets[i]].some((v) => vertexSets[j].has(v))) models.push([loops[i], loops[j]]);
    }
    assert.ok(models.length > 0);
    for (const c of smallCases(rows * 10 + cols, [[rows, cols]], 30)) {
      for (const root of [rootVertices(c.puzzle), []]) {
        for (const model of models) {
          const on = new Uint8Array(grid.edgeCount);
          for (const e of model.flat()) on[e] = 1;
          for (const cut of cutsAgainst(grid, model, root)) {
            assert.equal(cutHolds(cut, on), false, `${c.where}: a cut the model ${JSON.stringify(model)} meets`);
            for (const solution of c.solutions) assert.ok(cutHolds(cut, solution), `${c.where}: root ${root}: a cut from ${JSON.stringify(model)} forbids a solution`);
          }
        }
      }
    }
  }
});

for (const cuts of ['rooted', 'cutset-any', 'cutset', 'loop']) {
  test(`z3-lazy cuts=${cuts}: the corner 4 beside a clueless region is solved and unique`, async () => {
    const r = await run('z3-lazy', parsePuzzle('3 5\n4....\n.....\n.....\n').puzzle, true, { cuts });
    assert.equal(r.status, 'solved');
    assert.equal(r.unique, true);
  });

  test(`z3-lazy cuts=${cuts}: janko puzzles`, async (t) => {
    await backendCases('z3-lazy', { cuts }).janko(t, ['103_10x10', '874_10x10', '515_10x10']);
  });
}

test('z3-lazy: a time limit too short for the model ends as timeout, not an error', async () => {
  const blank = makePuzzle(30, 30, new Array(900).fill(null));
  const { getBackend } = await import('../../../../encodings/registry.ts');
  const { solveWithBackend } = await import('../../../../runners/harness/solving/pipeline.ts');
  const backend = await getBackend('z3-lazy');
  await backend.prepare?.();
  const r = await solveWithBackend(backend, blank, { timeoutMs: 1, unique: true, seed: 1, params: {} });
  assert.equal(r.status, 'timeout');
  assert.equal(r.solution, null);
});

test('z3-lazy: the command-line process exits by itself after solving', () => {
  const bin = new URL('../../../../bin/slitherbench.js', import.meta.url).pathname;
  const out = spawnSync(process.execPath, [bin, 'solve', '5x5t0:3222b2a0c21a1d12b3', '--backend', 'z3-lazy', '--unique', '--json'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(out.signal, null, 'not killed by the test timeout');
  assert.equal(out.status, 0, out.stderr);
  const answer = JSON.parse(out.stdout);
  assert.equal(answer.status, 'solved');
  assert.equal(answer.unique, true);
  const puzzle = parsePuzzle('5x5t0:3222b2a0c21a1d12b3').puzzle;
  assert.deepEqual(verify(puzzle, solutionFromJson(answer.solution)), { valid: true });
});
