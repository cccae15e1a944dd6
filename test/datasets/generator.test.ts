// The generator: same seed, same puzzles; every puzzle unique, proven by two different back-ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultStrategy, generatePuzzle, randomLoop, Random, fullClues, withPatch, type UniquenessOracle } from '../../datasets/generator.ts';
import { TILINGS } from '../../encodings/tilings/index.ts';
import { gridOf, makePuzzle, makeTiledPuzzle, type Puzzle } from '../../encodings/grid.ts';
import { listBackends } from '../../encodings/registry.ts';
import { verify } from '../../encodings/verify.ts';
import { solveWithBackend } from '../../runners/harness/solving/pipeline.ts';
import type { Backend } from '../../encodings/backend.ts';

async function availableBackends(names: string[]): Promise<Backend[]> {
  const all = await listBackends();
  const out: Backend[] = [];
  for (const name of names) {
    const b = all.find((x) => x.name === name);
    if (b && (await b.available()).available) out.push(b);
  }
  return out;
}

function oracleOf(backend: Backend): UniquenessOracle {
  return async (puzzle: Puzzle) => {
    const r = await solveWithBackend(backend, puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params: {} });
    assert.equal(r.status, 'solved', `${backend.name}: ${r.message ?? ''}`);
    return { unique: r.unique === true, level: (r.stats.level as never) ?? undefined };
  };
}

test('random loops are single loops with all clues satisfied, at 1x1, 1xN, Nx1 and NxN', () => {
  for (const [rows, cols] of [[1, 1], [1, 7], [6, 1], [2, 2], [8, 8], [9, 4]]) {
    for (let i = 0; i < 5; i++) {
      const loop = randomLoop(rows, cols, new Random(3, rows, cols, i));
      const puzzle = makePuzzle(rows, cols, fullClues(loop));
      assert.deepEqual(verify(puzzle, loop), { valid: true }, `${rows}x${cols} #${i}`);
    }
  }
});

test('the same seed gives the same loop; another seed another', () => {
  const a = randomLoop(10, 10, new Random(5, 10, 10, 0));
  const b = randomLoop(10, 10, new Random(5, 10, 10, 0));
  const c = randomLoop(10, 10, new Random(6, 10, 10, 0));
  assert.deepEqual([...a.on], [...b.on]);
  assert.notDeepEqual([...a.on], [...c.on]);
});

test('generated puzzles are unique by two different back-ends and deterministic', async (t) => {
  const backends = await availableBackends(['rules', 'sat-lazy', 'cpsat-circuit']);
  if (backends.length < 2) {
    t.skip(`needs two back-ends to cross-check uniqueness; available: ${backends.map((b) => b.name).join(', ') || 'none'}`);
    return;
  }
  const [first, second] = backends;
  await first.prepare?.();
  await second.prepare?.();
  for (const [rows, cols] of [[1, 4], [4, 1], [3, 3], [6, 6]]) {
    const one = await generatePuzzle({ rows, cols, seed: 11, index: 0 }, oracleOf(first));
    const again = await generatePuzzle({ rows, cols, seed: 11, index: 0 }, oracleOf(first));
    assert.deepEqual(one.puzzle.clues, again.puzzle.clues, `${rows}x${cols}: same seed, same puzzle`);
    for (const backend of [first, second]) {
      const r = await solveWithBackend(backend, one.puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params: {} });
      assert.equal(r.status, 'solved');
      assert.equal(r.unique, true, `${rows}x${cols} unique by ${backend.name}`);
    }
    // Minimal: every remaining clue is needed.
    const grid = gridOf(one.puzzle);
    for (let cell = 0; cell < grid.cellCount; cell++) {
      if (one.puzzle.clues[cell] === null) continue;
      const fewer = [...one.puzzle.clues];
      fewer[cell] = null;
      const r = await solveWithBackend(second, makePuzzle(rows, cols, fewer), { timeoutMs: 60_000, unique: true, seed: 1, params: {} });
      assert.equal(r.unique, false, `${rows}x${cols}: clue at cell ${cell} is needed`);
    }
  }
});

test('on every other grid, random loops are single loops: every clue of the loop met, and the loop the verifier accepts', () => {
  for (const type of Object.keys(TILINGS)) {
    for (const size of [3, 5]) {
      for (let i = 0; i < 4; i++) {
        const random = new Random(3, size, size, i);
        const tiling = withPatch({ type, width: size, height: size }, random);
        const loop = randomLoop(size, size, random, tiling);
        const puzzle = makeTiledPuzzle(tiling, fullClues(loop));
        assert.deepEqual(verify(puzzle, loop), { valid: true }, `${type} ${size}x${size} #${i}`);
        assert.ok(loop.on.some((bit) => bit === 1), `${type} ${size}x${size} #${i}: a loop of at least one edge`);
      }
    }
  }
});

test('puzzles of other grids are unique by two different back-ends, the same for the same seed, and each Penrose puzzle has its own patch', async (t) => {
  const backends = await availableBackends(['auto', 'sat-lazy', 'cpsat-circuit']);
  if (backends.length < 2) return t.skip(`needs two back-ends to cross-check uniqueness; available: ${backends.map((b) => b.name).join(', ') || 'none'}`);
  const [first, second] = backends;
  await first.prepare?.();
  await second.prepare?.();
  for (const type of ['honeycomb', 'triangular', 'dodecagonal', 'penrose_p3_thick']) {
    const options = { rows: 5, cols: 5, tiling: { type, width: 5, height: 5 }, seed: 11, index: 0 };
    const one = await generatePuzzle(options, oracleOf(first));
    const again = await generatePuzzle(options, oracleOf(first));
    assert.deepEqual(one.puzzle.clues, again.puzzle.clues, `${type}: same seed, same puzzle`);
    assert.equal(one.puzzle.tiling?.type, type);
    assert.ok(one.puzzle.clues.some((c) => c === null), `${type}: clues were removed`);
    for (const backend of [first, second]) {
      const r = await solveWithBackend(backend, one.puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params: {} });
      assert.equal(r.status, 'solved', `${type} by ${backend.name}`);
      assert.equal(r.unique, true, `${type} by ${backend.name}`);
    }
    if (type.startsWith('penrose')) {
      const other = await generatePuzzle({ ...options, index: 1 }, oracleOf(first));
      assert.notEqual(other.puzzle.tiling?.patch, one.puzzle.tiling?.patch, 'a patch drawn for each puzzle');
    }
  }
});

test('generate\'s default strategy: local from 60x60 on the square grid, from 400 faces on the others', () => {
  assert.equal(defaultStrategy(59 * 60, true), 'batch');
  assert.equal(defaultStrategy(60 * 60, true), 'local');
  const honeycomb = gridOf({ rows: 23, cols: 23, tiling: { type: 'honeycomb', width: 23, height: 23 } }).faceCount;
  assert.equal(honeycomb, 529);
  assert.equal(defaultStrategy(honeycomb, false), 'local');
  assert.equal(defaultStrategy(399, false), 'batch');
  assert.equal(defaultStrategy(honeycomb, true), 'batch');
});
