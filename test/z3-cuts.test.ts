// z3-lazy beyond the shared cases: the cuts are sound (a model's loops never cut off a real solution, even
// when the real loop is one of the model's loops), janko puzzles, the time limit, and a clean process exit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parsePuzzle } from '../encodings/formats/index.ts';
import { gridOf, makePuzzle, type Grid } from '../encodings/grid.ts';
import { edgeComponents, solutionFromJson } from '../encodings/solution.ts';
import { verify } from '../encodings/verify.ts';
import { loopCuts, type LoopCut } from '../encodings/backends/z3-lazy.ts';
import { backendCases, run } from './backend-cases.ts';

const holds = (grid: Grid, c: LoopCut, on: Uint8Array) => {
  const vertexOn = (v: number) => grid.edgesAtVertex(v).some((e) => on[e] === 1);
  if (c.kind === 'loop') return !c.allOn.every((e) => on[e] === 1) || !c.verticesOff.some(vertexOn);
  return !vertexOn(c.u) || !vertexOn(c.w) || c.crossing.some((e) => on[e] === 1);
};

test('z3-lazy cuts: the one solution beside an extra loop is cut off by neither family, the extra loop model is', () => {
  // 3x5, a 4 in the top-left corner: the unit square there is the only loop. Its degree+clue models
  // include that square plus any loop in the clueless rest, e.g. around the bottom-right cell.
  const puzzle = parsePuzzle('3 5\n4....\n.....\n.....\n').puzzle;
  const grid = gridOf(puzzle);
  const square = (row: number, col: number) => grid.edgesOfCell(row * puzzle.cols + col);
  const solution = new Uint8Array(grid.edgeCount);
  for (const e of square(0, 0)) solution[e] = 1;
  assert.deepEqual(verify(puzzle, { rows: 3, cols: 5, on: solution }), { valid: true });
  const model = Uint8Array.from(solution);
  for (const e of square(2, 4)) model[e] = 1;
  const loops = edgeComponents(grid, (e) => model[e] === 1);
  assert.equal(loops.length, 2);
  // A naive "forbid each loop" cut (not all of its edges on) would exclude the only solution:
  const naiveExcludesSolution = loops.some((loop) => loop.every((e) => solution[e] === 1));
  assert.ok(naiveExcludesSolution, 'the test puzzle is one where a naive loop cut is unsound');
  for (const kind of ['loop', 'cutset']) {
    const cuts = loopCuts(grid, loops, kind);
    assert.equal(cuts.length, 2);
    for (const c of cuts) {
      assert.equal(c.kind, kind);
      assert.ok(holds(grid, c, solution), `${kind} cut keeps the solution`);
      assert.ok(!holds(grid, c, model), `${kind} cut excludes the two-loop model`);
    }
  }
});

test('z3-lazy cuts from a four-loop model of a blank 4x4 grid keep every single loop of that grid', () => {
  // Every single loop of a blank 4x4 grid must satisfy the cuts made from a model with four small loops.
  const blank = makePuzzle(4, 4, new Array(16).fill(null));
  const grid = gridOf(blank);
  const model = new Uint8Array(grid.edgeCount);
  for (const cell of [0, 2, 8, 10]) for (const e of grid.edgesOfCell(cell)) model[e] = 1;
  const loops = edgeComponents(grid, (e) => model[e] === 1);
  assert.equal(loops.length, 4);
  // Candidate single loops: every cell's unit square and the 2x2 block squares, and the outer ring.
  const candidates: Uint8Array[] = [];
  for (let cell = 0; cell < 16; cell++) {
    const on = new Uint8Array(grid.edgeCount);
    for (const e of grid.edgesOfCell(cell)) on[e] = 1;
    candidates.push(on);
  }
  const ring = new Uint8Array(grid.edgeCount);
  for (let c = 0; c < 4; c++) ring[grid.horizontalEdge(0, c)] = ring[grid.horizontalEdge(4, c)] = 1;
  for (let r = 0; r < 4; r++) ring[grid.verticalEdge(r, 0)] = ring[grid.verticalEdge(r, 4)] = 1;
  candidates.push(ring);
  for (const on of candidates) assert.deepEqual(verify(blank, { rows: 4, cols: 4, on }), { valid: true });
  for (const kind of ['loop', 'cutset']) {
    for (const c of loopCuts(grid, loops, kind)) {
      assert.ok(!holds(grid, c, model), `${kind} cut excludes the model`);
      for (const on of candidates) assert.ok(holds(grid, c, on), `${kind} cut keeps every single loop`);
    }
  }
});

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
  const { solveWithBackend } = await import('../runners/pipeline.ts');
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
