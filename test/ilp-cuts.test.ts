// ILP cut loop (glpk-cuts, highs-cuts): the cuts never remove a valid loop, several-loop relaxations are
// cut until one loop (or none) remains, and janko puzzles come out verified and unique.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePuzzle } from '../encodings/formats/index.ts';
import { gridOf, makePuzzle } from '../encodings/grid.ts';
import { cutRow, edgeColumn, vertexColumn, type IlpRow } from '../encodings/backends/ilp/model.ts';
import { CUT_KINDS, loopCuts } from '../encodings/protocol.ts';
import { edgeComponents, verticesOfEdges } from '../encodings/solution.ts';
import { backendCases, run } from './backend-cases.ts';

const puzzle = (text: string) => parsePuzzle(text).puzzle;

/** Does the 0/1 point of a single loop (its on edges) satisfy the row? */
function satisfies(row: IlpRow, grid: ReturnType<typeof gridOf>, loop: number[]): boolean {
  const onVertex = new Set(verticesOfEdges(grid, loop));
  const onEdge = new Set(loop);
  const value = (name: string) => (name[0] === 'x' ? onEdge.has(Number(name.slice(1))) : onVertex.has(Number(name.slice(1)))) ? 1 : 0;
  const sum = row.terms.reduce((s, [name, c]) => s + c * value(name), 0);
  return (row.lo === undefined || sum >= row.lo) && (row.hi === undefined || sum <= row.hi);
}

test('cuts from a two-loop relaxation keep every single loop of a blank 1x3 grid, and the naive cut would not', () => {
  const grid = gridOf(makePuzzle(1, 3, [null, null, null]));
  const square = (c: number) => [...grid.edgesOfCell(c)];
  // The relaxation's answer: unit squares around cells 0 and 2. Each alone is a valid solution.
  const loops = [square(0), square(2)];
  // Every loop of a 1x3 grid: three squares, two dominoes, the whole strip.
  const xor = (a: number[], b: number[]) => [...a, ...b].filter((e) => a.includes(e) !== b.includes(e));
  const all = [square(0), square(1), square(2), xor(square(0), square(1)), xor(square(1), square(2)), xor(xor(square(0), square(1)), square(2))];
  for (const l of all) assert.equal(edgeComponents(grid, (e) => l.includes(e)).length, 1);
  for (const kind of CUT_KINDS) {
    const cuts = loopCuts(grid, loops, kind).map((cut, i) => cutRow(cut, `cut1_${i}`));
    assert.equal(cuts.length, 2);
    for (const cut of cuts) for (const l of all) assert.ok(satisfies(cut, grid, l), `${kind} cut ${cut.name} removes loop ${l}`);
    // ...while the two-loop point itself is cut off.
    for (const cut of cuts) assert.ok(!satisfies(cut, grid, [...loops[0], ...loops[1]]), `${kind} cut ${cut.name} keeps the two loops`);
  }
  // The naive "not all edges of this loop" cut loses the square around cell 0, a valid solution.
  const naive: IlpRow = { name: 'naive', terms: loops[0].map((e) => [edgeColumn(e), 1]), hi: loops[0].length - 1 };
  assert.ok(!satisfies(naive, grid, square(0)));
  assert.ok(vertexColumn(0) !== edgeColumn(0));
});

for (const backend of ['glpk-cuts', 'highs-cuts']) {
  for (const cuts of ['cutset', 'loop']) {
    test(`${backend} cuts=${cuts}: a lone square that is the only solution survives the cuts`, async () => {
      // 1x3 with a 4 at the left: the relaxation may also turn on the right square (a second loop);
      // the only solution is the left square alone.
      const r = await run(backend, puzzle('1 3\n4 . .\n'), true, { cuts });
      assert.equal(r.status, 'solved');
      assert.equal(r.unique, true);
    });

    test(`${backend} cuts=${cuts}: two forced squares are cut apart until unsat`, async () => {
      // Both 4s force a square at either end; any joining loop would give them 3 edges: only two loops exist.
      const r = await run(backend, puzzle('1 5\n4 . . . 4\n'), true, { cuts, separation: 'integer' });
      assert.equal(r.status, 'unsat');
      assert.ok((r.stats.iterations as number) > 1, `iterations ${r.stats.iterations}`);
      assert.ok((r.stats.cuts as number) >= 2);
      // On the LP relaxation a cut-set cut separates the two squares before the integer solve.
      const lp = await run(backend, puzzle('1 5\n4 . . . 4\n'), true, { cuts, separation: 'lp' });
      assert.equal(lp.status, 'unsat');
      assert.ok((lp.stats.lpCuts as number) >= 1, `lpCuts ${lp.stats.lpCuts}`);
    });

    test(`${backend} cuts=${cuts}: janko puzzles verified and unique`, async (t) => {
      // GLPK takes from 1 s to over 60 s on some 8x8 and 10x18 janko puzzles (bench:ilp); HiGHS gets larger ones.
      await backendCases(backend, { cuts }).janko(t, backend === 'glpk-cuts' ? ['1_4x4', '11_5x5'] : ['103_10x10', '1065_10x18']);
    });
  }
}
