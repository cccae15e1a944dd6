// sat-closure's three closures against an exhaustive oracle, and the vertex-elimination CNF against brute force.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Cnf } from '../../../../encodings/backends/sat/cnf.ts';
import { createEngine } from '../../../../encodings/backends/sat/engines.ts';
import { eliminate, eliminationClosure, minimumDegreeOrder, nestedDissectionOrder } from '../../../../encodings/backends/sat/vertex-elimination.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { Random } from '../../../../datasets/generator.ts';
import { run } from '../../../helpers/backend-cases.ts';
import { mix, smallCases } from '../../../helpers/small-grids.ts';

/** A rows x cols lattice of points, as adjacency lists. */
function lattice(rows: number, cols: number): number[][] {
  const adjacency: number[][] = Array.from({ length: rows * cols }, () => []);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = r * cols + c;
      if (c + 1 < cols) adjacency[v].push(v + 1), adjacency[v + 1].push(v);
      if (r + 1 < rows) adjacency[v].push(v + cols), adjacency[v + cols].push(v);
    }
  }
  return adjacency;
}

function hasCycle(n: number, arcs: [number, number][]): boolean {
  const out = Array.from({ length: n }, (): number[] => []);
  for (const [u, v] of arcs) out[u].push(v);
  const state = new Uint8Array(n); // 0 new, 1 on the stack, 2 done
  const visit = (u: number): boolean => {
    state[u] = 1;
    for (const v of out[u]) if (state[v] === 1 || (state[v] === 0 && visit(v))) return true;
    state[u] = 2;
    return false;
  };
  return Array.from({ length: n }, (_, u) => u).some((u) => state[u] === 0 && visit(u));
}

test('elimination orders: every vertex once, width and clause counts as the filled graph says', () => {
  const adjacency = lattice(6, 6);
  for (const order of [minimumDegreeOrder(adjacency), nestedDissectionOrder(6, 6)]) {
    assert.deepEqual([...order].sort((a, b) => a - b), Array.from({ length: 36 }, (_, v) => v));
    const e = eliminate(adjacency, order);
    assert.equal(e.triangles, e.later.reduce((sum, l) => sum + l.length * (l.length - 1), 0));
    assert.equal(e.width, Math.max(...e.later.map((l) => l.length)));
    assert.ok(e.width >= 6 && e.width <= 9, `width ${e.width} on a 6x6 lattice (its treewidth is 6)`);
  }
});

test('vertex-elimination closure: satisfiable exactly when the arcs are acyclic (random digraphs on a 3x3 lattice)', async () => {
  const adjacency = lattice(3, 3);
  const elimination = eliminate(adjacency, minimumDegreeOrder(adjacency));
  const random = new Random(17);
  let cyclic = 0;
  for (let round = 0; round < 60; round++) {
    const arcs: [number, number][] = [];
    for (let u = 0; u < 9; u++) for (const v of adjacency[u]) if (random.int(0, 2) === 0) arcs.push([u, v]);
    for (const exact of [false, true]) {
      const cnf = new Cnf();
      const first = cnf.newGroup('arc', 81);
      const present = new Set(arcs.map(([u, v]) => u * 9 + v));
      // Every graph arc is a variable fixed by a unit clause: present or absent.
      const arc = (u: number, v: number) => first + u * 9 + v;
      for (let u = 0; u < 9; u++) for (const v of adjacency[u]) cnf.add([present.has(u * 9 + v) ? arc(u, v) : -arc(u, v)]);
      eliminationClosure(cnf, elimination, arc, exact);
      const engine = createEngine('logic-solver');
      engine.addClauses(cnf.clauses, cnf.variableCount);
      const answer = await engine.solve(10_000);
      assert.equal(answer === 'unsat', hasCycle(9, arcs), `exact=${exact} arcs ${JSON.stringify(arcs)}`);
    }
    if (hasCycle(9, arcs)) cyclic++;
  }
  assert.ok(cyclic > 5 && cyclic < 55, `a mix of cyclic and acyclic graphs (${cyclic} of 60 cyclic)`);
});

// Every exact form against the list of all loops: no solution -> unsat, one -> unique, more -> not unique.
const CASES = smallCases(5, [[2, 2], [2, 3], [3, 3], [3, 4], [4, 3]], 12);
const EXACT_FORMS: Record<string, string>[] = [
  {},
  { reach: 'none' },
  { orient: 'free' },
  { orient: 'free', reach: 'none', order: 'nested-dissection' },
  { closure: 'squaring' },
];

test('the small-grid cases hold no-solution, one-solution and several-solution puzzles', () => {
  const seen = mix(CASES);
  assert.ok(seen.none > 3 && seen.one > 3 && seen.several > 3, JSON.stringify(seen));
});

for (const params of EXACT_FORMS) {
  test(`sat-closure ${JSON.stringify(params)} agrees with the exhaustive loop count on ${CASES.length} small grids`, async () => {
    for (const c of CASES) {
      const r = await run('sat-closure', c.puzzle, true, params);
      const expected = c.solutions.length === 0 ? 'unsat' : 'solved';
      assert.equal(r.status, expected, `${c.where}: ${r.message ?? ''}`);
      if (expected === 'solved') assert.equal(r.unique, c.solutions.length === 1, c.where);
    }
  });
}

test('sat-closure reports its elimination width and sizes in stats', async () => {
  const r = await run('sat-closure', parsePuzzle('5x5t0:3222b2a0c21a1d12b3').puzzle);
  assert.equal(r.status, 'solved');
  assert.equal(r.stats.closure, 'elimination');
  assert.ok(typeof r.stats.eliminationWidth === 'number' && r.stats.eliminationWidth >= 6, `width ${r.stats.eliminationWidth}`);
  assert.ok((r.stats.transitivityClauses as number) > 0);
});

test("closure=seed (slitherlinky's recursion) accepts two loops, and the verifier turns that into an error", async () => {
  // The only degree-and-clue model of 4 . 4 in one row is two unit squares: no single loop.
  const twoSquares = parsePuzzle('1 3\n4.4\n').puzzle;
  assert.equal((await run('sat-closure', twoSquares, false)).status, 'unsat');
  const seed = await run('sat-closure', twoSquares, false, { closure: 'seed' });
  assert.equal(seed.status, 'error');
  assert.match(seed.message ?? '', /more than one loop/);
  // The old spelling by source name reads as the same choice.
  assert.equal((await run('sat-closure', twoSquares, false, { closure: 'slitherlinky' })).status, 'error');
});

test('a walled-off blank region is refuted at once with reach=apex (gen-20x20 004: memout before)', async () => {
  const puzzle = parsePuzzle('https://puzz.link/p?slither/20/20/bau62ds1acap72cg1aq723b5aldhc8bn22blak2c217co2bh82323dkba02b6dl56chcmacchbkb68bi8ah10bg0cg8ckbhd2155ahdgdciaj36bbbiah22c20bg16ajchbi0aj37c2638ak').puzzle;
  const r = await run('sat-closure', puzzle);
  assert.equal(r.status, 'solved');
  assert.equal(r.unique, true);
});
