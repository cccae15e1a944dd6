// The crafted built-in sets (unsat, multi, lazy-trap-N): what each claims about its puzzles holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { builtinManifest, builtinPuzzlesPath, readPuzzleLines } from '../../datasets/builtin.ts';
import { lazyTrapPuzzles } from '../../datasets/crafted.ts';
import { parsePuzzle } from '../../encodings/formats/index.ts';
import { samePuzzle } from '../../encodings/grid.ts';
import { run } from '../helpers/backend-cases.ts';
import { allLoops, meetsClues } from '../helpers/small-grids.ts';

const puzzlesOf = (set: string) => {
  const path = builtinPuzzlesPath(set);
  assert.ok(path, `built-in set ${set}`);
  return readPuzzleLines(readFileSync(path, 'utf8')).map((e) => ({ id: e.id, puzzle: parsePuzzle(e.puzzle).puzzle }));
};

test('each crafted set has a manifest that says how it was made and counts its puzzles', () => {
  for (const set of ['unsat', 'multi', 'lazy-trap-8', 'lazy-trap-16', 'lazy-trap-32', 'lazy-trap-64']) {
    const manifest = builtinManifest(set);
    assert.equal(manifest.name, set);
    assert.match(manifest.command, /datasets:build/);
    assert.equal(manifest.count, puzzlesOf(set).length, set);
  }
});

test('lazy-trap-N holds exactly the strips lazyTrapPuzzles(N) makes', () => {
  for (const n of [8, 16, 32, 64]) {
    const stored = puzzlesOf(`lazy-trap-${n}`);
    const made = lazyTrapPuzzles(n);
    assert.deepEqual(stored.map((s) => s.id), made.map((m) => m.id));
    stored.forEach((s, i) => assert.ok(samePuzzle(s.puzzle, made[i].puzzle), s.id));
  }
});

test('a lazy trap has one loop, and proving it unique takes sat-lazy at least (N - 3) / 2 rounds', async () => {
  const [row] = lazyTrapPuzzles(9);
  assert.equal(allLoops(1, 9).filter((loop) => meetsClues(loop, row.puzzle)).length, 1, 'only the whole strip');
  for (const n of [9, 17]) {
    const r = await run('sat-lazy', lazyTrapPuzzles(n)[0].puzzle);
    assert.equal(r.status, 'solved');
    assert.equal(r.unique, true);
    assert.ok((r.stats.iterations as number) >= (n - 3) / 2, `N=${n}: ${r.stats.iterations} rounds`);
  }
  // An exact encoding needs no rounds: one solve, one uniqueness check.
  const exact = await run('sat-closure', lazyTrapPuzzles(17)[0].puzzle);
  assert.equal(exact.unique, true);
  assert.equal(exact.stats.iterations, 2);
});

test('the unsat set has no solution and the multi set several (the 7x7 ones, by sat-closure)', async () => {
  for (const { id, puzzle } of puzzlesOf('unsat').filter((p) => p.puzzle.rows === 7)) assert.equal((await run('sat-closure', puzzle)).status, 'unsat', id);
  for (const { id, puzzle } of puzzlesOf('multi').filter((p) => p.puzzle.rows === 7)) {
    const r = await run('sat-closure', puzzle);
    assert.equal(r.status, 'solved', id);
    assert.equal(r.unique, false, id);
  }
});
