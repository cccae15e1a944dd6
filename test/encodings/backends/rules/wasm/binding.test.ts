// The rules solver's WebAssembly core against its TypeScript reference: the same solutions, levels and stats
// on every built-in puzzle, on small puzzles with none, one or several solutions, with fixed edges, and as a
// presolver; and the committed core is what its source compiles to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinDatasetNames, builtinPuzzlesPath, readPuzzleLines } from '../../../../../datasets/builtin.ts';
import { parsePuzzle } from '../../../../../encodings/formats/index.ts';
import { withFixedEdges, type Puzzle } from '../../../../../encodings/grid.ts';
import { presolveWithRules, solveWithRules, type RulesOutcome } from '../../../../../encodings/backends/rules/search.ts';
import { presolveWithRulesCore, solveWithRulesCore } from '../../../../../encodings/backends/rules/wasm/binding.ts';
import { smallCases } from '../../../../helpers/small-grids.ts';
import { backendCases } from '../../../../helpers/backend-cases.ts';

const shown = (o: RulesOutcome) => ({ ...o, solutions: o.solutions.map((s) => [...s].join('')) });

function same(puzzle: Puzzle, corners: boolean, trial: boolean, maxSolutions: number, where: string): void {
  const options = { corners, trial, maxSolutions, deadline: performance.now() + 30_000 };
  const reference = solveWithRules(puzzle, options);
  const core = solveWithRulesCore(puzzle, { ...options, deadline: performance.now() + 30_000 });
  assert.notEqual(reference.status, 'timeout', where);
  assert.deepEqual(shown(core), shown(reference), where);
}

test('the committed wasm core is what wasm/core.ts compiles to', () => {
  execFileSync(process.execPath, [new URL('../../../../../encodings/backends/build-wasm-core.mjs', import.meta.url).pathname, 'rules', '--check'], { stdio: 'pipe' });
});

// The fully minimal 15x15 and 20x20 sets need minutes of depth-first search from either core (6 million
// guesses on one 15x15): the search is the same code path the smaller sets already cover.
const SEARCH_HEAVY = new Set(['gen-15x15-minimal', 'gen-20x20-minimal', 'gen-15x15-hard', 'gen-20x20-fully-minimal']);

test('wasm core = TypeScript reference on every built-in puzzle the rules settle in seconds (corners and trial, as a solve with uniqueness)', () => {
  let n = 0;
  for (const name of builtinDatasetNames().filter((d) => !SEARCH_HEAVY.has(d))) {
    for (const line of readPuzzleLines(readFileSync(builtinPuzzlesPath(name)!, 'utf8'))) {
      const puzzle = parsePuzzle(line.puzzle).puzzle;
      // The TypeScript reference reads the square grid only (the built-in sets of Loopy's other grids are not its).
      if (puzzle.tiling) continue;
      same(puzzle, true, true, 2, `${name} ${line.id}`);
      n++;
    }
  }
  assert.ok(n > 50, `${n} puzzles`);
});

test('wasm core = TypeScript reference on small puzzles with none, one or several solutions, with and without trial, with fixed edges', () => {
  const cases = smallCases(23, [[2, 2], [2, 3], [3, 3], [3, 4]], 40);
  const counts = new Set(cases.map((c) => Math.min(c.solutions.length, 2)));
  assert.deepEqual([...counts].sort(), [0, 1, 2], 'the cases include unsat, unique and several');
  for (const [i, c] of cases.entries()) {
    for (const trial of [false, true]) same(c.puzzle, true, trial, 2, `${c.where} trial=${trial}`);
    const fixed = withFixedEdges(c.puzzle, [{ edge: i % 7, on: i % 2 === 0 }]);
    same(fixed, true, true, 2, `${c.where} with edge ${i % 7} fixed`);
    const options = { corners: true, trial: true, deadline: performance.now() + 10_000 };
    assert.deepEqual(presolveWithRulesCore(fixed, options), presolveWithRules(fixed, options), `${c.where}: presolve`);
  }
});

test('rules core=typescript still passes the cases every back-end passes', async (t) => {
  const cases = backendCases('rules', { core: 'typescript' });
  await cases.oneByOne();
  await cases.noLoopIsNoSolution();
  await cases.severalSolutions();
  await cases.uniqueLoop();
  await cases.fixedEdges();
  await cases.janko(t, ['1_4x4', '103_10x10', '655_17x17']);
});

test('solve applies the core\'s one-shot V8 flags and records them; in a worker and in process alike', () => {
  const bin = new URL('../../../../../bin/slitherbench.js', import.meta.url).pathname;
  const puzzle = '10x10t0:d1b213e2d3231a1b321b120a122b12j12b2223b2b2d33a32e20b1d2b3d3';
  for (const extra of [[], ['--in-process'], ['--option', 'core=typescript']]) {
    const r = JSON.parse(execFileSync(process.execPath, [bin, 'solve', puzzle, '--backend', 'rules', '--unique', '--json', ...extra], { encoding: 'utf8' }));
    assert.equal(r.status, 'solved', extra.join(' '));
    assert.equal(r.stats.v8Flags, '--liftoff-only --no-wasm-lazy-compilation', extra.join(' '));
  }
});
