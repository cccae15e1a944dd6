// The exact small-grid oracle: it lists the cycles OEIS A140517 counts, agrees loop for loop with an
// independent enumeration (cell regions whose boundary is one loop), and honours clues and fixed edges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gridOf, makePuzzle, makeTiledPuzzle, withFixedEdges } from '../../encodings/grid.ts';
import { solveExactly } from '../../encodings/oracle.ts';
import { solutionToKey } from '../../encodings/solution.ts';
import { allLoops, meetsClues, mix, smallCases } from '../helpers/small-grids.ts';

const blank = (rows: number, cols: number) => makePuzzle(rows, cols, new Array(rows * cols).fill(null));

test('a blank n x n grid has the A140517 number of cycles: 1, 13, 213, 9349', () => {
  assert.deepEqual([1, 2, 3, 4].map((n) => solveExactly(blank(n, n), Infinity).count), [1, 13, 213, 9349]);
});

test('on rectangles the oracle lists exactly the loops of an independent enumeration', () => {
  for (const [rows, cols] of [[1, 4], [2, 3], [3, 2], [3, 4], [1, 1]] as const) {
    const mine = solveExactly(blank(rows, cols), Infinity).solutions.map(solutionToKey).sort();
    const theirs = allLoops(rows, cols).map((on) => solutionToKey({ rows, cols, on })).sort();
    assert.equal(new Set(mine).size, mine.length, `${rows}x${cols}: no loop listed twice`);
    assert.deepEqual(mine, theirs, `${rows}x${cols}`);
  }
});

test('with clues, its count (capped at 2) and loops match the independent enumeration on random puzzles', () => {
  const cases = smallCases(20, [[2, 2], [2, 3], [3, 3], [3, 4], [4, 3], [1, 5]], 40);
  const seen = mix(cases);
  assert.ok(seen.none > 0 && seen.one > 0 && seen.several > 0, `all three outcomes occur: ${JSON.stringify(seen)}`);
  for (const c of cases) {
    const all = solveExactly(c.puzzle, Infinity);
    assert.deepEqual(all.solutions.map(solutionToKey).sort(), c.solutions.map((on) => solutionToKey({ rows: c.puzzle.rows, cols: c.puzzle.cols, on })).sort(), c.where);
    const capped = solveExactly(c.puzzle);
    assert.equal(capped.count, Math.min(2, c.solutions.length), c.where);
    assert.equal(capped.capped, c.solutions.length >= 2, c.where);
    for (const s of capped.solutions) assert.ok(meetsClues(s.on, c.puzzle), c.where);
  }
});

test('fixed edges are honoured: an edge fixed off removes every loop through it, one fixed on keeps only those', () => {
  const grid = gridOf({ rows: 2, cols: 2 });
  const top = grid.horizontalEdge(0, 0);
  const loops = solveExactly(blank(2, 2), Infinity).solutions;
  const through = loops.filter((s) => s.on[top]).length;
  assert.equal(solveExactly(withFixedEdges(blank(2, 2), [{ edge: top, on: false }]), Infinity).count, loops.length - through);
  assert.equal(solveExactly(withFixedEdges(blank(2, 2), [{ edge: top, on: true }]), Infinity).count, through);
});

test('no loop: all zeros, and clues no loop can meet', () => {
  assert.equal(solveExactly(makePuzzle(3, 3, new Array(9).fill(0))).count, 0);
  assert.equal(solveExactly(makePuzzle(2, 2, [3, 3, 3, 3])).count, 0);
  assert.equal(solveExactly(makePuzzle(1, 2, [4, 4])).count, 0);
  assert.equal(solveExactly(makePuzzle(1, 1, [4])).count, 1);
});

test('a deadline stops a long listing with a RangeError', () => {
  assert.throws(() => solveExactly(blank(6, 6), Infinity, Date.now() + 50), RangeError);
});

// Grids with triangles: a loop may be three edges long (it was missed once, so a unique triangle read as no loop).
test('on small patches of other grids the oracle lists every cycle a brute force over edge sets finds, triangles included', () => {
  const isOneCycle = (grid: ReturnType<typeof gridOf>, on: number[]): boolean => {
    const degree = new Int32Array(grid.vertexCount);
    for (const e of on) for (const v of grid.verticesOfEdge(e)) degree[v]++;
    if (on.length === 0 || degree.some((d) => d !== 0 && d !== 2)) return false;
    const seen = new Set([on[0]]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const e of on) if (!seen.has(e) && on.some((f) => seen.has(f) && grid.verticesOfEdge(f).some((v) => grid.verticesOfEdge(e).includes(v)))) seen.add(e), (grew = true);
    }
    return seen.size === on.length;
  };
  let triangles = 0;
  for (const tiling of [{ type: 'triangular', width: 1, height: 2 }, { type: 'kagome', width: 1, height: 1 }, { type: 'snubsquare', width: 1, height: 1 }, { type: 'honeycomb', width: 2, height: 2 }] as const) {
    const probe = gridOf({ rows: tiling.height, cols: tiling.width, tiling });
    const puzzle = makeTiledPuzzle(tiling, new Array(probe.faceCount).fill(null));
    const grid = gridOf(puzzle);
    assert.ok(grid.edgeCount <= 20, `${tiling.type}: ${grid.edgeCount} edges is too many to brute-force`);
    const theirs: string[] = [];
    for (let mask = 1; mask < 2 ** grid.edgeCount; mask++) {
      const on = Array.from({ length: grid.edgeCount }, (_, e) => e).filter((e) => (mask >> e) & 1);
      if (isOneCycle(grid, on)) theirs.push(on.join(','));
    }
    const mine = solveExactly(puzzle, Infinity).solutions.map((s) => Array.from(s.on).flatMap((bit, e) => (bit ? [e] : [])).join(','));
    assert.deepEqual(mine.sort(), theirs.sort(), tiling.type);
    triangles += theirs.filter((t) => t.split(',').length === 3).length;
  }
  assert.ok(triangles > 0, 'some patch has a loop of three edges');
});
