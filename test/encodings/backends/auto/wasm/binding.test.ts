// auto's one-call wasm core against the same steps driven from JavaScript (steps=javascript): the same
// answers and the same counters, on built-in puzzles that end in each way (deduction decides all, search
// after the presolve, past the first turn into the portfolio, several loops, no loop), with and without the
// uniqueness step; and the committed core is what its source compiles to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadDataset } from '../../../../../datasets/load.ts';
import { makePuzzle } from '../../../../../encodings/grid.ts';
import type { RunResult } from '../../../../../runners/harness/solving/run-result.ts';
import { backendCases, run } from '../../../../helpers/backend-cases.ts';

test('the committed auto core is what auto/wasm/core.ts compiles to', () => {
  execFileSync(process.execPath, [new URL('../../../../../encodings/backends/build-wasm-core.mjs', import.meta.url).pathname, 'auto', '--check'], { stdio: 'pipe' });
});

// What must not differ between the two ways: the answer and the search's path (times aside).
const COMPARED = ['presolveMs' /* present */, 'decidedByRules', 'trialRan', 'trialFinished', 'finishedBy', 'level', 'iterations', 'conflicts', 'decisions', 'propagations', 'learnedClauses', 'loopPropagations', 'loopConflicts', 'searches', 'answeredBy'];

function same(oneCall: RunResult, steps: RunResult, where: string): void {
  assert.equal(oneCall.status, steps.status, where);
  assert.equal(oneCall.unique, steps.unique, where);
  assert.deepEqual(oneCall.solution?.on, steps.solution?.on, where);
  assert.deepEqual(oneCall.secondSolution?.on, steps.secondSolution?.on, where);
  assert.deepEqual(Object.keys(oneCall.stats), Object.keys(steps.stats), `${where}: the same stats, in the same order`);
  for (const key of COMPARED) {
    if (key === 'presolveMs') assert.equal(typeof oneCall.stats[key], typeof steps.stats[key], where);
    else assert.deepEqual(oneCall.stats[key], steps.stats[key], `${where}: ${key}`);
  }
}

test('one call = the steps in JavaScript: answers and counters on puzzles that end in every way', async () => {
  const ends = new Set<string>();
  const sets: [string, number][] = [['gen-10x10-minimal', 6], ['loopy-10x10-hard', 4], ['gen-15x15-hard', 50], ['multi', 20], ['unsat', 20], ['gen-7x7', 6]];
  for (const [name, count] of sets) {
    for (const { id, puzzle } of loadDataset(name).instances.slice(0, count)) {
      for (const unique of [true, false]) {
        const where = `${name} ${id} unique=${unique}`;
        // No time limit on trial: with one, where it stops depends on the machine's speed.
        const steps = await run('auto', puzzle, unique, { steps: 'javascript', 'trial-ms': 'none' });
        const oneCall = await run('auto', puzzle, unique, { steps: 'one-call', 'trial-ms': 'none' });
        same(oneCall, steps, where);
        ends.add(`${steps.stats.finishedBy}/${steps.status}/${steps.unique}/${Number(steps.stats.searches ?? 0) > 1 ? 'portfolio' : 'one search'}`);
      }
    }
  }
  // Every way a solve can end was met, so that each branch of the wrapper was compared.
  for (const end of ['rules/solved/true', 'cdcl-loop/solved/true/one search', 'cdcl-loop/solved/false/one search', 'cdcl-loop/solved/true/portfolio', 'cdcl-loop/solved/null/one search']) {
    assert.ok([...ends].some((e) => e.startsWith(end)), `no puzzle ended as ${end}: ${[...ends].join(', ')}`);
  }
  assert.ok([...ends].some((e) => e.includes('/unsat/')), `no puzzle without a loop: ${[...ends].join(', ')}`);
});

test('one call = the steps in JavaScript on puzzles with fixed edges: agreeing with the loop, and against it', async () => {
  for (const { id, puzzle } of loadDataset('gen-10x10-minimal').instances.slice(0, 3)) {
    const loop = (await run('auto', puzzle, true, { 'trial-ms': 'none' })).solution!.on;
    // Every seventh edge fixed as the loop has it; then one of them the other way (no loop is left).
    const agreeing = [...loop.keys()].filter((e) => e % 7 === 3).map((edge) => ({ edge, on: loop[edge] === 1 }));
    const against = [{ ...agreeing[0], on: !agreeing[0].on }, ...agreeing.slice(1)];
    for (const [how, fixed] of [['agreeing', agreeing], ['against', against]] as const) {
      const withFixed = makePuzzle(puzzle.rows, puzzle.cols, puzzle.clues, fixed);
      const steps = await run('auto', withFixed, true, { steps: 'javascript', 'trial-ms': 'none' });
      same(await run('auto', withFixed, true, { steps: 'one-call', 'trial-ms': 'none' }), steps, `${id} ${how}`);
      assert.equal(steps.status, how === 'agreeing' ? 'solved' : 'unsat', `${id} ${how}`);
    }
  }
});

test('auto with steps=javascript still passes the cases every back-end passes', async () => {
  const cases = backendCases('auto', { steps: 'javascript' });
  await cases.oneByOne();
});

test('trial-from=size: trial runs on a generated 60x60 whatever deduction decided, and not on a fully minimal 10x10 where deduction decides little', async () => {
  const large = loadDataset('gen-60x60').instances[0].puzzle;
  const small = loadDataset('gen-10x10-minimal').instances[0].puzzle;
  const onLarge = await run('auto', large, true);
  assert.equal(onLarge.stats.trialRan, true);
  assert.ok(Number(onLarge.stats.decidedByRules) > 0.5 * 7320, `trial decided ${onLarge.stats.decidedByRules} of 7320 edges`);
  assert.equal(onLarge.unique, true);
  const onSmall = await run('auto', small, true);
  assert.equal(onSmall.stats.trialRan, false);
  assert.ok(Number(onSmall.stats.decidedByRules) < 0.5 * 220);
});
