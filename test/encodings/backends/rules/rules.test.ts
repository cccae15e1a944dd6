// The rules back-end against an independent count of every loop of small grids; the levels and stats it
// reports; the paper's hand-checkable deductions of section II.A; the presolver's soundness (the liu-wu-sun
// reproduction is in test/runners/experiments/reproduce.test.ts; test/encodings/backends/rules/rules-backend.test.ts has the cases every back-end passes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadDataset } from '../../../../datasets/load.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { gridOf, makePuzzle, withFixedEdges, type Puzzle } from '../../../../encodings/grid.ts';
import { getBackend } from '../../../../encodings/registry.ts';
import { Propagator } from '../../../../encodings/backends/rules/propagation.ts';
import { solveWithRules } from '../../../../encodings/backends/rules/search.ts';
import { CROSS, LINE, UNKNOWN } from '../../../../encodings/backends/rules/state.ts';
import { trial } from '../../../../encodings/backends/rules/trial.ts';
import { run } from '../../../helpers/backend-cases.ts';
import { mix, smallCases } from '../../../helpers/small-grids.ts';

const puzzle = (text: string) => parsePuzzle(text).puzzle;
const options = { timeoutMs: 10_000, unique: true, seed: 1, params: {} };

test('every configuration agrees with an exhaustive count of the loops of small grids; deductions hold in every solution', async () => {
  const rules = await getBackend('rules');
  const configs = [{ rules: 'basic', trial: 'off' }, { rules: 'corners', trial: 'off' }, { rules: 'corners', trial: 'on' }, { rules: 'basic', trial: 'on' }];
  const cases = smallCases(10, [[2, 2], [2, 3], [3, 3], [3, 4], [4, 3]], 60);
  for (const { puzzle: p, solutions, where: clues } of cases) {
    for (const params of configs) {
      const r = await run('rules', p, true, params);
      const where = `${clues} ${JSON.stringify(params)}`;
      assert.equal(r.status, solutions.length ? 'solved' : 'unsat', where);
      if (solutions.length) assert.equal(r.unique, solutions.length === 1, where);
      const pre = await rules.presolve!(p, { ...options, params });
      if (solutions.length === 0) continue;
      assert.equal(pre.contradiction, false, where);
      for (const f of pre.fixed) for (const s of solutions) assert.equal(s[f.edge] === 1, f.on, `${where}: presolved edge ${f.edge}`);
    }
  }
  const seen = mix(cases);
  assert.ok(seen.none > 10 && seen.one > 10 && seen.several > 10, `a mix of puzzles: ${JSON.stringify(seen)}`);
});

test('section II.A: a line into the corner of a 3 draws its two far edges and crosses the rest at the far vertex (figure 3)', () => {
  // A 3 in the middle of a 3x3 grid; a line arrives at its down-left vertex from the left.
  const p = puzzle('3 3\n...\n.3.\n...\n');
  const grid = gridOf(p);
  const into = grid.horizontalEdge(2, 0);
  const fixed = withFixedEdges(p, [{ edge: into, on: true }]);
  const basic = new Propagator(fixed);
  assert.ok(basic.assume(into, LINE) && basic.deduce(false));
  const corners = new Propagator(fixed);
  assert.ok(corners.assume(into, LINE) && corners.deduce(false) && corners.deduce(true));
  // The 3's up and right edges are lines; the line cannot go on down at v1.
  assert.equal(corners.state[grid.horizontalEdge(1, 1)], LINE);
  assert.equal(corners.state[grid.verticalEdge(1, 2)], LINE);
  assert.equal(corners.state[grid.verticalEdge(2, 1)], CROSS);
  // At the up-right vertex v2 the other two edges are crosses.
  assert.equal(corners.state[grid.horizontalEdge(1, 2)], CROSS);
  assert.equal(corners.state[grid.verticalEdge(0, 2)], CROSS);
  assert.equal(basic.state[grid.horizontalEdge(1, 1)], UNKNOWN, 'the basic rules see one vertex or one cell at a time');
});

test('section II.A: a line into a 2 whose far side is crossed (figure 4), a line into a 1 (figure 5)', () => {
  const p = puzzle('3 3\n...\n.2.\n...\n');
  const grid = gridOf(p);
  const into = grid.horizontalEdge(2, 0); // arrives at the 2's down-left vertex v from the left
  const top = grid.horizontalEdge(1, 1);
  const s = new Propagator(p);
  assert.ok(s.assume(into, LINE) && s.assume(top, CROSS) && s.deduce(false) && s.deduce(true));
  assert.equal(s.state[grid.verticalEdge(2, 1)], CROSS, 'the down edge of v');
  assert.equal(s.state[grid.verticalEdge(1, 2)], LINE, 'the right edge of the 2');

  // Figure 5: a line into the down-left vertex v of a 1, and v's down edge crossed: the line goes on along
  // the 1's left or bottom edge, so the 1's up and right edges are crosses.
  const q = puzzle('3 3\n...\n.1.\n...\n');
  const t = new Propagator(q);
  assert.ok(t.assume(into, LINE) && t.assume(grid.verticalEdge(2, 1), CROSS) && t.deduce(false) && t.deduce(true));
  assert.equal(t.state[grid.horizontalEdge(1, 1)], CROSS, 'the up edge of the 1');
  assert.equal(t.state[grid.verticalEdge(1, 2)], CROSS, 'the right edge of the 1');
});

test('corner sets: a 3 beside a 0; trial: two adjacent 3s', () => {
  const grid = gridOf({ rows: 3, cols: 3 });
  const a = new Propagator(puzzle('3 3\n...\n.30\n...\n'));
  assert.ok(a.deduce(false) && a.deduce(true));
  // The 3's edges other than the one it shares with the 0 are lines.
  for (const e of [grid.horizontalEdge(1, 1), grid.horizontalEdge(2, 1), grid.verticalEdge(1, 1)]) assert.equal(a.state[e], LINE);
  // Two 3s side by side: their outer left and right edges are lines in every solution, and the edge between
  // them goes on neither up nor down. The corner sets see one cell or vertex at a time and miss this; trial
  // finds it. The edge between them stays open: the loop around the two 3s alone is also a solution.
  const g4 = gridOf({ rows: 3, cols: 4 });
  const [left, between, right] = [g4.verticalEdge(1, 1), g4.verticalEdge(1, 2), g4.verticalEdge(1, 3)];
  const b = new Propagator(puzzle('3 4\n....\n.33.\n....\n'));
  assert.ok(b.deduce(false) && b.deduce(true) && trial(b, performance.now() + 5_000));
  for (const e of [left, right]) assert.equal(b.state[e], LINE);
  for (const e of [g4.verticalEdge(0, 2), g4.verticalEdge(2, 2)]) assert.equal(b.state[e], CROSS);
  assert.equal(b.state[between], UNKNOWN);
  // A 1 in a far corner rules out that small loop: now the edge between the 3s is a line too.
  const c = new Propagator(puzzle('3 4\n...1\n.33.\n....\n'));
  assert.ok(c.deduce(false) && c.deduce(true) && trial(c, performance.now() + 5_000));
  for (const e of [left, between, right]) assert.equal(c.state[e], LINE);
});

test('levels: the weakest that solved it, and the stats that go with each', async () => {
  const one = await run('rules', puzzle('1 1\n4\n'));
  assert.equal(one.stats.level, 'basic');
  assert.equal(one.stats.nodes, 0);

  const byLevel = new Map<string, Puzzle>();
  for (const set of ['gen-7x7', 'gen-5x5', 'loopy-10x10-hard']) {
    for (const { puzzle: p } of loadDataset(set).instances) {
      const o = solveWithRules(p, { corners: true, trial: true, maxSolutions: 2, deadline: performance.now() + 10_000 });
      if (o.level && !byLevel.has(o.level)) byLevel.set(o.level, p);
    }
  }
  for (const level of ['corners', 'trial', 'search']) assert.ok(byLevel.has(level), `some built-in puzzle needs ${level}`);
  const corners = await run('rules', byLevel.get('corners')!);
  assert.equal(corners.stats.level, 'corners');
  assert.equal(corners.stats.nodes, 0);
  assert.ok((corners.stats.byCell as number) > 0 && (corners.stats.byVertex as number) > 0 && (corners.stats.cornerUpdates as number) > 0);
  // The same puzzle with the basic rules alone needs the search.
  const basic = await run('rules', byLevel.get('corners')!, true, { rules: 'basic', trial: 'off' });
  assert.equal(basic.status, 'solved');
  assert.equal(basic.stats.level, 'search');
  assert.equal(basic.stats.cornerUpdates, 0);

  const trial = await run('rules', byLevel.get('trial')!);
  assert.equal(trial.stats.level, 'trial');
  assert.ok((trial.stats.byTrial as number) > 0);
  assert.equal(trial.stats.nodes, 0);

  const search = await run('rules', byLevel.get('search')!);
  assert.equal(search.stats.level, 'search');
  assert.equal(search.unique, true);
  assert.ok((search.stats.nodes as number) > 1 && (search.stats.maxDepth as number) >= 1);
  assert.ok((search.stats.decidedWithoutSearch as number) < gridOf(byLevel.get('search')!).edgeCount);
});

test('the clock: a search that cannot finish in time says timeout', async () => {
  const rules = await getBackend('rules');
  // An empty 12x12 grid has a huge number of loops: proving one unique never ends.
  const blank = makePuzzle(12, 12, new Array(144).fill(null));
  const started = performance.now();
  const r = await rules.solve(blank, { timeoutMs: 200, unique: false, seed: 1, params: { trial: 'off' } });
  assert.equal(r.status, 'solved', 'a first loop is found at once');
  const slow = await rules.solve(makePuzzle(12, 12, new Array(144).fill('?')), { timeoutMs: 200, unique: true, seed: 1, params: { trial: 'off' } });
  assert.ok(slow.status === 'solved' && slow.unique === false, 'two loops of an empty grid are found at once');
  // Clues that admit no loop, but only a deep search finds out: a 3 in every cell of a large grid.
  const threes = makePuzzle(12, 12, new Array(144).fill(3));
  const t = await rules.solve(threes, { timeoutMs: 300, unique: true, seed: 1, params: { trial: 'off' } });
  assert.ok(t.status === 'unsat' || t.status === 'timeout', t.status);
  assert.ok(performance.now() - started < 5_000, 'the time limit is honoured');
});

test('presolve: no solution is a contradiction; fixed edges of a generated 30x25 agree with its solution', async () => {
  const rules = await getBackend('rules');
  const zeros = await rules.presolve!(puzzle('3 3\n000\n000\n000\n'), options);
  assert.equal(zeros.contradiction, true);
  const through = await run('sat-lazy', puzzle('3 3\n000\n000\n000\n'), true, {});
  assert.equal(through.status, 'unsat');

  for (const { id, puzzle: p } of loadDataset('gen-30x25').instances.slice(0, 3)) {
    const pre = await rules.presolve!(p, options);
    assert.equal(pre.contradiction, false, id);
    assert.equal(pre.stats.decided, pre.fixed.length, `${id}: all edges decided by deduction are returned`);
    const solved = (await run('rules', p)).solution!;
    for (const f of pre.fixed) assert.equal(solved.on[f.edge] === 1, f.on, `${id}: edge ${f.edge}`);
    // Fixed edges the puzzle already had are not returned again.
    const again = await rules.presolve!(withFixedEdges(p, pre.fixed.slice(0, 10)), options);
    assert.equal(again.fixed.length, pre.fixed.length - 10, id);
  }
});
