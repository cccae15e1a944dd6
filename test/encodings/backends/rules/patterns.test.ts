// The basic level of Liu, Wu and Sun (P_old): the section II.A patterns for 3s, 2s and 1s deduce what the
// paper's figures 3-6 show, without the corner sets, and every deduction holds in every solution of small grids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { gridOf } from '../../../../encodings/grid.ts';
import { PatternPropagator } from '../../../../encodings/backends/rules/patterns.ts';
import { Propagator } from '../../../../encodings/backends/rules/propagation.ts';
import { solveWithRules } from '../../../../encodings/backends/rules/search.ts';
import { CROSS, LINE, UNKNOWN } from '../../../../encodings/backends/rules/state.ts';
import { smallCases } from '../../../helpers/small-grids.ts';

const puzzle = (text: string) => parsePuzzle(text).puzzle;

test('figure 3: a line into the corner of a 3 draws its far edges, with the patterns and without the corner sets', () => {
  const p = puzzle('3 3\n...\n.3.\n...\n');
  const grid = gridOf(p);
  const into = grid.horizontalEdge(2, 0); // arrives at the 3's down-left vertex from the left
  const plain = new Propagator(p);
  assert.ok(plain.assume(into, LINE) && plain.deduce(false));
  assert.equal(plain.state[grid.horizontalEdge(1, 1)], UNKNOWN, 'vertex and clue rules alone see one unit at a time');
  const s = new PatternPropagator(p);
  assert.ok(s.assume(into, LINE) && s.deduce(false));
  assert.equal(s.state[grid.horizontalEdge(1, 1)], LINE, 'the 3\'s up edge');
  assert.equal(s.state[grid.verticalEdge(1, 2)], LINE, 'the 3\'s right edge');
  assert.equal(s.state[grid.verticalEdge(2, 1)], CROSS, 'the line cannot go on down');
});

test('figure 4 (a 2 with a far edge crossed) and figure 5 (a 1) with the patterns alone', () => {
  const into = gridOf({ rows: 3, cols: 3 }).horizontalEdge(2, 0);
  const two = puzzle('3 3\n...\n.2.\n...\n');
  const grid = gridOf(two);
  const s = new PatternPropagator(two);
  assert.ok(s.assume(into, LINE) && s.assume(grid.horizontalEdge(1, 1), CROSS) && s.deduce(false));
  assert.equal(s.state[grid.verticalEdge(2, 1)], CROSS, 'the down edge of v');
  assert.equal(s.state[grid.verticalEdge(1, 2)], LINE, 'the right edge of the 2');
  const one = puzzle('3 3\n...\n.1.\n...\n');
  const t = new PatternPropagator(one);
  assert.ok(t.assume(into, LINE) && t.assume(grid.verticalEdge(2, 1), CROSS) && t.deduce(false));
  assert.equal(t.state[grid.horizontalEdge(1, 1)], CROSS, 'the up edge of the 1');
  assert.equal(t.state[grid.verticalEdge(1, 2)], CROSS, 'the right edge of the 1');
});

test('figure 6: two 3s on a diagonal with a 2 between; two 3s side by side', () => {
  const p = puzzle('5 5\n.....\n.3...\n..2..\n...3.\n.....\n');
  const grid = gridOf(p);
  const s = new PatternPropagator(p);
  assert.ok(s.deduce(false));
  for (const e of [grid.horizontalEdge(1, 1), grid.verticalEdge(1, 1), grid.horizontalEdge(4, 3), grid.verticalEdge(3, 4)]) assert.equal(s.state[e], LINE);
  const plain = new Propagator(p);
  assert.ok(plain.deduce(false));
  assert.equal(plain.state[grid.horizontalEdge(1, 1)], UNKNOWN);

  const q = puzzle('4 4\n....\n.33.\n....\n....\n');
  const g = gridOf(q);
  const t = new PatternPropagator(q);
  assert.ok(t.deduce(false));
  for (const e of [g.verticalEdge(1, 1), g.verticalEdge(1, 3)]) assert.equal(t.state[e], LINE);
  for (const e of [g.verticalEdge(0, 2), g.verticalEdge(2, 2)]) assert.equal(t.state[e], CROSS, 'the middle line does not go on');
});

test('the patterns are sound: what they decide holds in every solution of small grids, and search still finds every one', () => {
  for (const { puzzle: p, solutions, where } of smallCases(23, [[2, 3], [3, 3], [3, 4], [4, 4]], 50)) {
    const s = new PatternPropagator(p);
    const ok = s.deduce(false);
    if (solutions.length === 0) continue;
    assert.ok(ok, `${where}: a contradiction on a puzzle with solutions`);
    for (let e = 0; e < s.edgeCount; e++) {
      if (s.state[e] !== UNKNOWN) for (const solution of solutions) assert.equal(solution[e] === 1, s.state[e] === LINE, `${where}: edge ${e}`);
    }
    const outcome = solveWithRules(p, { corners: false, trial: false, maxSolutions: 2, deadline: performance.now() + 10_000 });
    assert.equal(outcome.solutions.length, Math.min(2, solutions.length), where);
  }
});
