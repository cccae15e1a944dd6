// The rules back-end: the cases every back-end passes, the paper's corner deductions, the presolver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { parsePuzzle, readJankoPuzzles } from '../../../../encodings/formats/index.ts';
import { gridOf } from '../../../../encodings/grid.ts';
import { getBackend } from '../../../../encodings/registry.ts';
import { Propagator } from '../../../../encodings/backends/rules/propagation.ts';
import { deductionLevel } from '../../../../encodings/backends/rules/search.ts';
import { CROSS, LINE } from '../../../../encodings/backends/rules/state.ts';
import { backendCases, JANKO, run } from '../../../helpers/backend-cases.ts';

for (const params of [{ rules: 'corners' }, { rules: 'basic' }, { trial: 'on' }] as Record<string, string>[]) {
  test(`rules ${JSON.stringify(params)}: 1x1, no loop, several loops, unique, fixed edges`, async () => {
    const cases = backendCases('rules', params);
    await cases.oneByOne();
    await cases.noLoopIsNoSolution();
    await cases.severalSolutions();
    await cases.uniqueLoop();
    await cases.fixedEdges();
  });
}

test('corner rules: two 3s on a diagonal draw their outer corners (the paper, figure 6)', () => {
  const puzzle = parsePuzzle('2 2\n3 .\n. 3\n').puzzle;
  const grid = gridOf(puzzle);
  const basic = new Propagator(puzzle);
  assert.ok(basic.deduce(false));
  const corners = new Propagator(puzzle);
  assert.ok(corners.deduce(false) && corners.deduce(true));
  // The top and left edges of the top-left 3, the bottom and right edges of the bottom-right 3.
  for (const e of [grid.horizontalEdge(0, 0), grid.verticalEdge(0, 0), grid.horizontalEdge(2, 1), grid.verticalEdge(1, 2)]) {
    assert.equal(corners.state[e], LINE, `edge ${grid.edgePosition(e)}`);
  }
  assert.ok(corners.decided().length > basic.decided().length, 'the corner sets decide more than the basic rules');
});

test('corner rules: a 1 in a corner of the grid crosses its two outer edges', () => {
  const puzzle = parsePuzzle('3 3\n1..\n...\n...\n').puzzle;
  const grid = gridOf(puzzle);
  const solver = new Propagator(puzzle);
  assert.ok(solver.deduce(false) && solver.deduce(true));
  assert.equal(solver.state[grid.horizontalEdge(0, 0)], CROSS);
  assert.equal(solver.state[grid.verticalEdge(0, 0)], CROSS);
});

test('presolve decides only edges of the unique solution, and other back-ends use them', async (t) => {
  if (!existsSync(JANKO)) return t.skip('../shared/datasets is absent');
  const rules = await getBackend('rules');
  const all = readJankoPuzzles(readFileSync(JANKO, 'utf8'));
  for (const id of ['1_4x4', '103_10x10', 'Hard_30x25']) {
    const { puzzle } = all.find((e) => e.id === id)!;
    const pre = await rules.presolve!(puzzle, { timeoutMs: 10_000, unique: false, seed: 1, params: {} });
    assert.equal(pre.contradiction, false);
    const solved = (await run('rules', puzzle, false)).solution!;
    for (const f of pre.fixed) assert.equal(solved.on[f.edge] === 1, f.on, `${id}: edge ${f.edge}`);
  }
});

test('the seven janko 30x25 hard puzzles: solved by the corner rules without search, unique', async (t) => {
  if (!existsSync(JANKO)) return t.skip('../shared/datasets is absent');
  const all = readJankoPuzzles(readFileSync(JANKO, 'utf8'));
  const hard = all.filter((e) => /hard\d?_30x25/i.test(e.id));
  assert.equal(hard.length, 7);
  let withoutSearch = 0;
  for (const { id, puzzle } of hard) {
    const r = await run('rules', puzzle);
    assert.equal(r.status, 'solved', id);
    assert.equal(r.unique, true, id);
    if (deductionLevel(puzzle, 'corners')) withoutSearch++;
  }
  assert.ok(withoutSearch >= 5, `${withoutSearch} of 7 solved by deduction alone`);
});
