// The protocol the lazy back-ends share: cuts that never remove a real solution (even when the real loop
// is one of the model's loops), the solve-and-cut loop, and the uniqueness ending.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePuzzle } from '../../encodings/formats/index.ts';
import { gridOf, makePuzzle, type Grid } from '../../encodings/grid.ts';
import { CUT_KINDS, decideUniqueness, findSingleLoop, loopCuts, UNIQUENESS_UNDECIDED, type LoopCut } from '../../encodings/protocol.ts';
import { edgeComponents, type Solution } from '../../encodings/solution.ts';
import { verify } from '../../encodings/verify.ts';

/** Whether a 0/1 edge assignment satisfies a cut. */
const holds = (grid: Grid, c: LoopCut, on: Uint8Array) => {
  const vertexOn = (v: number) => grid.edgesAtVertex(v).some((e) => on[e] === 1);
  if (c.kind === 'loop') return !c.loop.every((e) => on[e] === 1) || !c.verticesOff.some(vertexOn);
  return !vertexOn(c.inside) || !vertexOn(c.outside) || c.crossing.some((e) => on[e] === 1);
};

test('loop cuts: the one solution beside an extra loop is cut off by neither family, the extra loop model is', () => {
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
  for (const kind of CUT_KINDS) {
    const cuts = loopCuts(grid, loops, kind);
    assert.equal(cuts.length, 2);
    for (const c of cuts) {
      assert.equal(c.kind, kind);
      assert.ok(holds(grid, c, solution), `${kind} cut keeps the solution`);
      assert.ok(!holds(grid, c, model), `${kind} cut excludes the two-loop model`);
    }
  }
});

test('loop cuts from a four-loop model of a blank 4x4 grid keep every single loop of that grid', () => {
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
  for (const kind of CUT_KINDS) {
    for (const c of loopCuts(grid, loops, kind)) {
      assert.ok(!holds(grid, c, model), `${kind} cut excludes the model`);
      for (const on of candidates) assert.ok(holds(grid, c, on), `${kind} cut keeps every single loop`);
    }
  }
});

test('findSingleLoop cuts a two-loop model and returns the one loop left', async () => {
  const puzzle = makePuzzle(1, 3, [null, null, null]);
  const grid = gridOf(puzzle);
  const square = (c: number) => Uint8Array.from({ length: grid.edgeCount }, (_, e) => (grid.edgesOfCell(c).includes(e) ? 1 : 0));
  const both = square(0).map((bit, e) => bit | square(2)[e]);
  const answers = [both, square(2)];
  const counts = { iterations: 0, cuts: 0 };
  const seen: number[][][] = [];
  const found = await findSingleLoop(puzzle, async () => answers.shift()!, (loops) => (seen.push(loops), loops.length), performance.now() + 10_000, counts);
  assert.deepEqual(counts, { iterations: 2, cuts: 2, firstModelLoops: 2 });
  assert.equal(seen[0].length, 2);
  assert.deepEqual((found as Solution).on, square(2));
});

test('findSingleLoop passes on unsat and timeout, stops at the deadline, and returns a model no cut can fix as it is', async () => {
  const puzzle = makePuzzle(1, 3, [null, null, null]);
  const grid = gridOf(puzzle);
  const counts = { iterations: 0, cuts: 0 };
  assert.equal(await findSingleLoop(puzzle, async () => 'unsat', () => 1, performance.now() + 10_000, counts), 'unsat');
  assert.equal(await findSingleLoop(puzzle, async () => 'timeout', () => 1, performance.now() + 10_000, counts), 'timeout');
  assert.equal(await findSingleLoop(puzzle, async () => assert.fail('no call after the deadline'), () => 1, performance.now() - 1, counts), 'timeout');
  const two = Uint8Array.from({ length: grid.edgeCount }, (_, e) => (grid.edgesOfCell(0).includes(e) || grid.edgesOfCell(2).includes(e) ? 1 : 0));
  const given = await findSingleLoop(puzzle, async () => two, () => 0, performance.now() + 10_000, counts);
  assert.deepEqual((given as Solution).on, two);
  assert.equal(verify(puzzle, given as Solution).valid, false, 'the verifier, not the protocol, rejects it');
});

test('decideUniqueness: none left is unique, another refutes it, running out of time leaves it undecided', async () => {
  const puzzle = parsePuzzle('1 3\n. . .\n').puzzle;
  const grid = gridOf(puzzle);
  const first: Solution = { rows: 1, cols: 3, on: Uint8Array.from({ length: grid.edgeCount }, (_, e) => (grid.edgesOfCell(0).includes(e) ? 1 : 0)) };
  const second: Solution = { rows: 1, cols: 3, on: Uint8Array.from({ length: grid.edgeCount }, (_, e) => (grid.edgesOfCell(1).includes(e) ? 1 : 0)) };
  assert.deepEqual(await decideUniqueness(first, async () => 'unsat'), { status: 'solved', solution: first, unique: true });
  assert.deepEqual(await decideUniqueness(first, async () => second), { status: 'solved', solution: first, unique: false, secondSolution: second });
  assert.deepEqual(await decideUniqueness(first, async () => 'timeout'), { status: 'solved', solution: first, unique: null, message: UNIQUENESS_UNDECIDED });
});
