// The rules core on grids other than the square one: each answer is one loop meeting the clues (checked by a
// walk here), and the loops it finds are exactly those a plain backtracking count finds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { presolveWithRulesCore, solveWithRulesCore } from '../../../../../encodings/backends/rules/wasm/binding.ts';
import { LINE, UNKNOWN } from '../../../../../encodings/backends/rules/wasm/abi.ts';
import { loadDataset } from '../../../../../datasets/load.ts';
import { verify } from '../../../../../encodings/verify.ts';
import { solutionFromEdges } from '../../../../../encodings/solution.ts';
import { honeycomb, isOneLoop, loopsOf, meetsClues, mixedStrip, oneClue, puzzleAround, triangleStrip } from '../../../wasm/graph-puzzles.ts';

const key = (loop: ArrayLike<number>) => Array.from(loop).join('');
// Each case's count of loops, so that they cover one, many and none.
const cases = [
  { name: 'a honeycomb patch, every clue (1 loop)', graph: honeycomb(3, 3), loops: 1, puzzle: puzzleAround(honeycomb(3, 3), [0, 1, 4]) },
  { name: 'a honeycomb patch, some blank (1 loop)', graph: honeycomb(3, 3), loops: 1, puzzle: puzzleAround(honeycomb(3, 3), [4], [0, 2, 6, 8]) },
  { name: 'a honeycomb patch, one 2 (70 loops)', graph: honeycomb(3, 3), loops: 70, puzzle: oneClue(honeycomb(3, 3), 4, 2) },
  { name: 'a strip of triangles (1 loop)', graph: triangleStrip(7), loops: 1, puzzle: puzzleAround(triangleStrip(7), [1, 2, 3]) },
  { name: 'a strip of triangles, one 1 (15 loops)', graph: triangleStrip(7), loops: 15, puzzle: oneClue(triangleStrip(7), 3, 1) },
  { name: 'faces of 3 to 8 edges (1 loop)', graph: mixedStrip(), loops: 1, puzzle: puzzleAround(mixedStrip(), [2, 3], [0]) },
  { name: 'faces of 3 to 8 edges, an octagon\'s 3 (no loop)', graph: mixedStrip(), loops: 0, puzzle: oneClue(mixedStrip(), 5, 3) },
];

for (const { name, graph, loops, puzzle } of cases) {
  for (const trial of [false, true]) {
    test(`rules core on ${name}${trial ? ', with trial' : ''}: the same loops as a backtracking count`, () => {
      const expected = loopsOf(graph, puzzle.clueCodes).map(key).sort();
      assert.equal(expected.length, loops);
      const outcome = solveWithRulesCore(puzzle, { corners: true, trial, maxSolutions: 1000, deadline: Infinity });
      assert.equal(outcome.status, expected.length > 0 ? 'solved' : 'unsat');
      for (const loop of outcome.solutions) {
        assert.ok(isOneLoop(graph, loop) && meetsClues(graph, puzzle.clueCodes, loop));
      }
      assert.deepEqual(outcome.solutions.map(key).sort(), expected);
      const two = solveWithRulesCore(puzzle, { corners: true, trial, maxSolutions: 2, deadline: Infinity });
      assert.equal(two.solutions.length, Math.min(2, expected.length));
    });
  }
}

test('rules core on the honeycomb and triangle strips: uniqueness decided both ways', () => {
  const unique = puzzleAround(honeycomb(3, 3), [0, 1, 4]);
  assert.equal(loopsOf(honeycomb(3, 3), unique.clueCodes).length, 1);
  assert.equal(solveWithRulesCore(unique, { corners: false, trial: true, maxSolutions: 2, deadline: Infinity }).solutions.length, 1);
  const open = oneClue(triangleStrip(7), 3, 1);
  assert.ok(loopsOf(triangleStrip(7), open.clueCodes).length >= 2);
  assert.equal(solveWithRulesCore(open, { corners: false, trial: true, maxSolutions: 2, deadline: Infinity }).solutions.length, 2);
});

test('rules core on an impossible honeycomb: no loop', () => {
  const graph = honeycomb(2, 2);
  // Two hexagons side by side, each with all six edges on: their shared side's ends would have degree 3.
  const puzzle = { ...puzzleAround(graph, [0]), clueCodes: Int8Array.from([6, 6, -1, -1]) };
  assert.equal(loopsOf(graph, puzzle.clueCodes).length, 0);
  for (const trial of [false, true]) {
    const outcome = solveWithRulesCore(puzzle, { corners: true, trial, maxSolutions: 2, deadline: Infinity });
    assert.equal(outcome.solutions.length, 0);
    assert.equal(outcome.status, 'unsat');
  }
});

// The corner rules on any grid: two edges that follow each other around a face meet at a vertex, and the set of
// line counts the pair may hold is narrowed from both sides, as the square's corners are. Loopy's normal puzzles
// of each grid: deduction with them decides more than vertex and clue counting alone, and only what the loop has.
test('rules core on Loopy\'s other grids: the corner rules decide more edges than counting, each as the puzzle\'s loop has it', () => {
  const byGrid = new Map<string, { basic: number; corners: number }>();
  for (const { puzzle } of loadDataset('loopy-grids-7x7').instances) {
    if (!puzzle.tiling) continue;
    const deduce = (corners: boolean) => presolveWithRulesCore(puzzle, { corners, trial: false, deadline: Infinity });
    const basic = deduce(false);
    const corners = deduce(true);
    assert.ok(!basic.contradiction && !corners.contradiction, puzzle.tiling.type);
    const loop = solveWithRulesCore(puzzle, { corners: false, trial: true, maxSolutions: 2, deadline: Infinity });
    assert.equal(loop.solutions.length, 1, puzzle.tiling.type);
    const decided = (state: Uint8Array) => state.reduce((n, s) => n + (s === UNKNOWN ? 0 : 1), 0);
    corners.state.forEach((s, edge) => {
      if (s !== UNKNOWN) assert.equal(s === LINE ? 1 : 0, loop.solutions[0][edge], `${puzzle.tiling!.type}: edge ${edge}`);
    });
    basic.state.forEach((s, edge) => s !== UNKNOWN && assert.equal(corners.state[edge], s, `${puzzle.tiling!.type}: edge ${edge} decided by counting, not with corners`));
    const counts = byGrid.get(puzzle.tiling.type) ?? { basic: 0, corners: 0 };
    byGrid.set(puzzle.tiling.type, { basic: counts.basic + decided(basic.state), corners: counts.corners + decided(corners.state) });
  }
  assert.equal(byGrid.size, 15);
  for (const [grid, { basic, corners }] of byGrid) assert.ok(corners > basic, `${grid}: ${corners} edges decided with corners, ${basic} by counting`);
});

// Loopy grades a puzzle hard when its solver needs edge parity (edges known equal or opposite) and the loop
// rule (a path holding every line closes only into a loop meeting every clue). With those beside the corner
// rules, deduction alone decides every hard puzzle Loopy made of each grid.
test('rules core: deduction with parity decides every hard puzzle of Loopy\'s other grids, its loop verified', () => {
  const grids = new Set<string>();
  for (const set of ['triangular', 'honeycomb', 'snubsquare', 'cairo', 'greathexagonal', 'octagonal', 'kites', 'floret', 'dodecagonal', 'greatdodecagonal', 'penrose_p2_kite', 'penrose_p3_thick', 'greatgreatdodecagonal', 'kagome', 'compassdodecagonal']) {
    for (const { puzzle } of loadDataset(`loopy-${set}-10x10-hard`).instances) {
      const deduced = presolveWithRulesCore(puzzle, { corners: true, trial: false, deadline: Infinity });
      assert.ok(!deduced.contradiction, set);
      assert.equal(deduced.state.filter((s) => s === UNKNOWN).length, 0, `${set}: edges left open`);
      // Loopy made it unique: the loop the edges make, checked by the independent verifier, is its loop.
      const on = [...deduced.state.keys()].filter((edge) => deduced.state[edge] === LINE);
      assert.ok(verify(puzzle, solutionFromEdges(puzzle, on)).valid, set);
      grids.add(puzzle.tiling!.type);
    }
  }
  assert.equal(grids.size, 15);
});
