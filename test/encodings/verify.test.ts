import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { gridOf, makePuzzle, type Clue, type Puzzle } from '../../encodings/grid.ts';
import { readText } from '../../encodings/formats/text.ts';
import { regionBoundary, solutionFromEdges, solutionFromJson, solutionToJson, type Solution, type SolutionJson } from '../../encodings/solution.ts';
import { verify } from '../../encodings/verify.ts';

const twoByTwo = readText('2 2\n3 .\n. .\n');

test('the loop around one cell satisfies a 3 next to it only when it covers 3 sides', () => {
  const grid = gridOf(twoByTwo);
  const square = solutionFromEdges(twoByTwo, grid.edgesOfCell(0));
  assert.deepEqual(verify(twoByTwo, square), { valid: false, reason: 'cell (0, 0) has clue 3 but 4 of its edges are on the loop' });
  const around = solutionFromJson({ rows: 2, cols: 2, h: ['11', '10', '01'], v: ['101', '011'] });
  assert.deepEqual(verify(twoByTwo, around), { valid: true });
});

test('empty loop, dangling edge and two loops are rejected', () => {
  const blank = makePuzzle(2, 3, new Array(6).fill(null));
  const grid = gridOf(blank);
  assert.equal(verify(blank, solutionFromEdges(blank, [])).valid, false);
  assert.match((verify(blank, solutionFromEdges(blank, [grid.horizontalEdge(0, 0)])) as { reason: string }).reason, /vertex \(0, 0\) has 1/);
  const twoLoops = solutionFromEdges(blank, [...grid.edgesOfCell(0), ...grid.edgesOfCell(2)]);
  assert.match((verify(blank, twoLoops) as { reason: string }).reason, /more than one loop/);
  assert.deepEqual(verify(blank, solutionFromEdges(blank, grid.edgesOfCell(1))), { valid: true });
});

test('solution JSON round-trips and is checked for shape', () => {
  const json = { rows: 2, cols: 2, h: ['11', '10', '11'], v: ['101', '011'] };
  assert.deepEqual(solutionToJson(solutionFromJson(json)), json);
  assert.throws(() => solutionFromJson({ rows: 2, cols: 2, h: ['11', '10'], v: ['101', '011'] }), /"h" must be an array of 3 strings/);
  assert.throws(() => solutionFromJson({ rows: 2, cols: 2, h: ['11', '1x', '11'], v: ['101', '011'] }), /h\[1\]\[1\] is 'x'/);
});

test('solution JSON puts each edge where the grid numbers it, on a grid that is not square', () => {
  // 9 columns: rows of 9 and 10 edges, longer than the 8 written at a time.
  const grid = gridOf({ rows: 2, cols: 9 });
  for (let e = 0; e < grid.edgeCount; e++) {
    const { h, v } = solutionToJson(solutionFromEdges(grid, [e])) as SolutionJson;
    const at = [...h.flatMap((row, r) => [...row].map((bit, c) => (bit === '1' ? grid.horizontalEdge(r, c) : -1))), ...v.flatMap((row, r) => [...row].map((bit, c) => (bit === '1' ? grid.verticalEdge(r, c) : -1)))].filter((x) => x >= 0);
    assert.deepEqual([h.length, v.length, h[0].length, v[0].length, at], [3, 2, 9, 10, [e]]);
  }
});

test('grid lookups agree with each other on a 3x4 grid', () => {
  const grid = gridOf({ rows: 3, cols: 4 });
  assert.equal(grid.edgeCount, 4 * 4 + 3 * 5);
  for (let cell = 0; cell < grid.cellCount; cell++) {
    for (const e of grid.edgesOfCell(cell)) assert.ok(grid.cellsBesideEdge(e).includes(cell));
  }
  for (let v = 0; v < grid.vertexCount; v++) {
    for (const e of grid.edgesAtVertex(v)) assert.ok(grid.verticesOfEdge(e).includes(v));
  }
  assert.deepEqual(grid.edgePosition(grid.verticalEdge(2, 4)), ['v', 2, 4]);
  assert.throws(() => gridOf({ rows: 100000, cols: 100000 }), /too large/);
});

test('a solution key round-trips, is the contract h and v joined by a slash, and is checked against the grid', async () => {
  const { solutionToKey, solutionFromKey, sameSolution } = await import('../../encodings/solution.ts');
  const around = solutionFromJson({ rows: 2, cols: 2, h: ['11', '10', '01'], v: ['101', '011'] });
  const key = solutionToKey(around);
  assert.equal(key, '111001/101011');
  assert.ok(sameSolution(solutionFromKey({ rows: 2, cols: 2 }, key), around));
  assert.throws(() => solutionFromKey({ rows: 2, cols: 3 }, key), /does not fit a 2x3 grid/);
  assert.throws(() => solutionFromKey({ rows: 2, cols: 2 }, '111001101011'), /does not fit/);
});

/** The rules read plainly, with the list lookups of `gridOf`: the verifier must give the same verdict and reason. */
function verifyPlainly(puzzle: Puzzle, solution: Solution): { valid: true } | { valid: false; reason: string } {
  const grid = gridOf(puzzle);
  const on = (e: number) => solution.on[e];
  const edges = Array.from({ length: grid.edgeCount }, (_, e) => e).filter(on);
  if (edges.length === 0) return { valid: false, reason: 'no edge is on the loop (a loop needs at least one edge)' };
  for (let v = 0; v < grid.vertexCount; v++) {
    const degree = grid.edgesAtVertex(v).filter(on).length;
    if (degree !== 0 && degree !== 2) return { valid: false, reason: `vertex (${grid.vertexPosition(v).join(', ')}) has ${degree} loop edges (must be 0 or 2)` };
  }
  for (let cell = 0; cell < grid.cellCount; cell++) {
    const clue = puzzle.clues[cell];
    const count = grid.edgesOfCell(cell).filter(on).length;
    if (typeof clue === 'number' && count !== clue) return { valid: false, reason: `cell (${grid.cellPosition(cell).join(', ')}) has clue ${clue} but ${count} of its edges are on the loop` };
  }
  // The loop through the first edge: every edge reachable from it through shared vertices.
  const seen = new Set([edges[0]]);
  for (const queue = [edges[0]]; queue.length > 0; ) for (const f of grid.edgesTouchingEdge(queue.pop()!)) if (on(f) && !seen.has(f)) (seen.add(f), queue.push(f));
  if (seen.size !== edges.length) return { valid: false, reason: `the edges form more than one loop (the loop through the first edge has ${seen.size} of ${edges.length} edges)` };
  return { valid: true };
}

test('the verifier gives the verdict and reason of a plain reading of the rules, on random loops and edge sets', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer(), fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true }), (rows, cols, seed, asRegion, clueShare) => {
      const grid = gridOf({ rows, cols });
      let state = seed >>> 0 || 1;
      const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32);
      // A region's boundary is one or more loops; a random edge set is mostly broken.
      const inside = Uint8Array.from({ length: rows * cols }, () => (random() < 0.5 ? 1 : 0));
      const solution = asRegion ? solutionFromEdges({ rows, cols }, regionBoundary(grid, inside)) : solutionFromEdges({ rows, cols }, Array.from({ length: grid.edgeCount }, (_, e) => e).filter(() => random() < 0.3));
      const clues = Array.from({ length: rows * cols }, (_, cell) => {
        if (random() >= clueShare) return null;
        const count = grid.edgesOfCell(cell).filter((e) => solution.on[e]).length;
        return (random() < 0.9 ? count : Math.floor(random() * 5)) as Clue;
      });
      const puzzle = makePuzzle(rows, cols, clues);
      assert.deepEqual(verify(puzzle, solution), verifyPlainly(puzzle, solution));
    }),
    { numRuns: 3000 },
  );
});
