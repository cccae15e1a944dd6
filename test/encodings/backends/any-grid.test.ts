// Every back-end that declares `grids: 'any'` on puzzles of Loopy's other grids: each answer passes the
// verifier, is unique, and is the loop every other such back-end finds; those that solve square grids only
// are refused before they run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listBackends } from '../../../encodings/registry.ts';
import { gridRefusal } from '../../../encodings/backend.ts';
import { readLoopy } from '../../../encodings/formats/loopy.ts';
import { verify } from '../../../encodings/verify.ts';
import { solutionToKey } from '../../../encodings/solution.ts';
import { gridOf, makeTiledPuzzle } from '../../../encodings/grid.ts';

// Made by Loopy 20230122 (`sgt-loopy --generate 1 4x4tTdn#slitherbench-test`; the Penrose ones 5x5 at de), one of
// each grid type but the square one; unique by Loopy's account.
const IDS = [
  '4x4t1:0_c0a1a21b2d022b020c212c1a2',
  '4x4t2:0b42a5a31a23c',
  '4x4t3:a1221322e212a0a2a102a12c112221b2a',
  '4x4t4:3a343a24c3b4a23d00',
  '4x4t5:a3a0a21b00a20c21a3b21b2b2222f52a0a3c1d2b1d44c',
  '4x4t6:0a2a2a0b5b63a3a3c3150',
  '4x4t7:e2a2c2e211a23a1a212b2121123a10b2a3c2a33a1b112d2a232c1a023d32a3312b1a3a23',
  '4x4t8:3b44d430a3a4d2d3a1a3b2e4a4c3b32f3a44e4a3c24b4c4e',
  '4x4t9:b0c02a05b6209b20a0dAa828aB',
  '4x4t10:Aa7d3a194a3337b32b5a1a1a3a3a64a23161b3b5cAa322b1a323b0b',
  '5x5t11:G603,2827,108_02d3a2a',
  '5x5t12:G445,2265,108_3a0b3a2',
  '4x4t13:93a1a55b1a24a4a3d23e33a2a8b32a2c0d532b231a9c4c11b25b2a2c2a544332c01b4b3a84311293a23a15b3d3',
  '4x4t14:a2d3c24d0a151b00c2a2b1a2b02a13125',
  '4x4t15:d039b2a1a1a210d20a6a2a21a2c1b200b6a0b3d0aAAa4a',
];

const backends = (await listBackends()).filter((b) => b.grids === 'any');
// The back-ends run in this process, without a worker's kill: a solve stuck in wasm (seen once under heavy load,
// Z3 aborting at its 2 GB heap, its promise never settled) fails its test here instead of holding up the suite.
const STUCK = { timeout: 10 * 60_000 };

test('the back-ends that solve any grid are those whose models speak only of faces, edges and vertices (and rules, cdcl-loop and auto, whose wasm cores take any graph)', () => {
  assert.deepEqual(backends.map((b) => b.name).sort(), ['asp-closure', 'asp-reach', 'auto', 'cdcl-loop', 'cpsat-circuit', 'glpk-cuts', 'highs-cuts', 'rules', 'sat-closure', 'sat-distance', 'sat-lazy', 'sat-reach', 'z3-lazy']);
});

for (const backend of backends) {
  test(`${backend.name}: one verified, unique loop on each of Loopy's other grids, the same as every other back-end's`, STUCK, async (t) => {
    const availability = await backend.available();
    if (!availability.available) return t.skip(availability.reason);
    await backend.prepare?.();
    for (const id of IDS) {
      const puzzle = readLoopy(id);
      // asp-closure's transitive closure grows with the cube of the vertices: the larger grids take it tens of
      // seconds each, and test nothing the smaller ones do not.
      if (backend.name === 'asp-closure' && gridOf(puzzle).edgeCount > 150) continue;
      const result = await backend.solve(puzzle, { timeoutMs: 30_000, unique: true, seed: 1, params: {} });
      assert.equal(result.status, 'solved', `${id}: ${result.message ?? ''}`);
      assert.deepEqual(verify(puzzle, result.solution!), { valid: true }, id);
      assert.equal(result.unique, true, id);
      const key = solutionToKey(result.solution!);
      answers.set(id, [...(answers.get(id) ?? []), key]);
      assert.equal(new Set(answers.get(id)).size, 1, `${id}: ${backend.name} found another loop than the back-ends before it`);
    }
  });
}
const answers = new Map<string, string[]>();

test('a puzzle with no loop on another grid is unsat, and one with two loops not unique', STUCK, async () => {
  const honeycomb = { type: 'honeycomb', width: 3, height: 3 };
  const faces = gridOf({ rows: 3, cols: 3, tiling: honeycomb }).faceCount;
  // Every hexagon with all six edges on: no vertex can have degree 2 where two such hexagons meet.
  const none = makeTiledPuzzle(honeycomb, new Array(faces).fill(6));
  // No clue at all: every hexagon's own loop, and more.
  const many = makeTiledPuzzle(honeycomb, new Array(faces).fill(null));
  for (const backend of backends) {
    if (!(await backend.available()).available) continue;
    const unsat = await backend.solve(none, { timeoutMs: 30_000, unique: true, seed: 1, params: {} });
    assert.equal(unsat.status, 'unsat', backend.name);
    const two = await backend.solve(many, { timeoutMs: 30_000, unique: true, seed: 1, params: {} });
    assert.equal(two.status, 'solved', backend.name);
    assert.equal(two.unique, false, backend.name);
    assert.deepEqual(verify(many, two.secondSolution!), { valid: true }, backend.name);
  }
});

test('a back-end of the square grid only is refused a puzzle of another grid, by name', async () => {
  const puzzle = readLoopy(IDS[1]);
  const all = await listBackends();
  // Every back-end here solves any grid today; one declared for the square grid alone stands for those to come.
  for (const backend of [...all, { ...all[0], name: 'square-only', grids: undefined }]) {
    const refusal = gridRefusal(backend, puzzle);
    if (backend.grids === 'any') assert.equal(refusal, null);
    else assert.match(refusal ?? '', new RegExp(`'${backend.name}' solves square grids only, not a honeycomb grid`));
  }
  assert.equal(gridRefusal({ ...all[0], grids: undefined }, readLoopy('3x3:a2b3a2a1')), null, 'the square grid is every back-end\'s');
});
