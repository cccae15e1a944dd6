// z3-lazy beyond the shared cases (the cuts themselves are tested in protocol.test.ts): both cut families
// on janko puzzles, the time limit, and a clean process exit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parsePuzzle } from '../encodings/formats/index.ts';
import { makePuzzle } from '../encodings/grid.ts';
import { solutionFromJson } from '../encodings/solution.ts';
import { verify } from '../encodings/verify.ts';
import { backendCases, run } from './backend-cases.ts';

for (const cuts of ['cutset', 'loop']) {
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
  const { getBackend } = await import('../encodings/registry.ts');
  const { solveWithBackend } = await import('../runners/harness/pipeline.ts');
  const backend = await getBackend('z3-lazy');
  await backend.prepare?.();
  const r = await solveWithBackend(backend, blank, { timeoutMs: 1, unique: true, seed: 1, params: {} });
  assert.equal(r.status, 'timeout');
  assert.equal(r.solution, null);
});

test('z3-lazy: the command-line process exits by itself after solving', () => {
  const bin = new URL('../bin/slitherbench.js', import.meta.url).pathname;
  const out = spawnSync(process.execPath, [bin, 'solve', '5x5t0:3222b2a0c21a1d12b3', '--backend', 'z3-lazy', '--unique', '--json'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(out.signal, null, 'not killed by the test timeout');
  assert.equal(out.status, 0, out.stderr);
  const answer = JSON.parse(out.stdout);
  assert.equal(answer.status, 'solved');
  assert.equal(answer.unique, true);
  const puzzle = parsePuzzle('5x5t0:3222b2a0c21a1d12b3').puzzle;
  assert.deepEqual(verify(puzzle, solutionFromJson(answer.solution)), { valid: true });
});
