// cpsat-circuit specifics: both encodings and both uniqueness methods agree with an exhaustive count of the
// loops of small grids; cheap encodings of clues 0/3/4 stay sound; the loop's direction is fixed (one
// solution per loop); the model is a pure function of the puzzle; stats and options reach the solver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { gridOf, makePuzzle, withFixedEdges } from '../../../../encodings/grid.ts';
import { verify } from '../../../../encodings/verify.ts';
import { buildCircuitModel } from '../../../../encodings/backends/cpsat/model.ts';
import { run } from '../../../helpers/backend-cases.ts';
import { getBackend } from '../../../../encodings/registry.ts';
import { solveWithBackend } from '../../../../runners/harness/solving/pipeline.ts';
import { allLoops, mix, smallCases } from '../../../helpers/small-grids.ts';
import { Random } from '../../../../datasets/generator.ts';
import { defaultSolveOptions, optionValue } from '../../../../encodings/backend.ts';
import { parseParams } from '../../../../runners/harness/plans/values.ts';

const puzzle = (text: string) => parsePuzzle(text).puzzle;

test('cpsat-circuit: every encoding and uniqueness method agrees with an exhaustive count of the loops of small grids', async () => {
  const cases = smallCases(3, [[1, 3], [2, 2], [2, 3], [3, 3], [3, 4], [4, 3]], 25);
  const seen = mix(cases);
  assert.ok(seen.none > 10 && seen.one > 10 && seen.several > 10, `a mix of puzzles: ${JSON.stringify(seen)}`);
  const configs: Record<string, string>[] = [
    {},
    { uniqueness: 'nogood' },
    { encoding: 'cpsat-chapter' },
    // A budget too small to finish: the no-good settles what the enumeration left open.
    { enumerateBudget: '1e-9' },
  ];
  for (const { puzzle: p, solutions, where } of cases) {
    for (const params of configs) {
      const r = await run('cpsat-circuit', p, true, params);
      const label = `${where} ${JSON.stringify(params)}`;
      assert.equal(r.status, solutions.length ? 'solved' : 'unsat', label);
      if (!solutions.length) continue;
      assert.equal(r.unique, solutions.length === 1, label);
      const on = r.solution!.on;
      assert.ok(solutions.some((s) => s.every((bit, e) => bit === on[e])), `${label}: the answer is one of the loops`);
    }
  }
});

test('cpsat-circuit: edges fixed on and off, as a presolver leaves them, keep exactly the loops that agree with them', async () => {
  const random = new Random(17, 3);
  const cases = smallCases(5, [[1, 1], [1, 3], [2, 2], [2, 3], [3, 3], [3, 4]], 15);
  let kept = 0;
  for (const { puzzle: p, solutions, where } of cases) {
    // Fix edges to the values of one loop (a solution when there is one), now and then one of them flipped.
    const loops = allLoops(p.rows, p.cols);
    const reference = solutions.length ? solutions[random.int(0, solutions.length - 1)] : loops[random.int(0, loops.length - 1)];
    const fixed = [...reference].flatMap((bit, edge) => (random.int(0, 2) === 0 ? [{ edge, on: (bit === 1) !== (random.int(0, 9) === 0) }] : []));
    const agreeing = solutions.filter((s) => fixed.every((f) => (s[f.edge] === 1) === f.on));
    kept += agreeing.length;
    for (const encoding of ['clauses', 'cpsat-chapter']) {
      const r = await run('cpsat-circuit', withFixedEdges(p, fixed), true, { encoding });
      const label = `${where} fixed ${JSON.stringify(fixed)} ${encoding}`;
      assert.equal(r.status, agreeing.length ? 'solved' : 'unsat', label);
      if (!agreeing.length) continue;
      assert.equal(r.unique, agreeing.length === 1, label);
      const on = r.solution!.on;
      assert.ok(agreeing.some((s) => s.every((bit, e) => bit === on[e])), `${label}: the answer agrees with the fixed edges`);
    }
  }
  assert.ok(kept > 20, 'some cases keep loops');
});

test('cpsat-circuit: a sparse 9x11 with several loops is solved after the rules presolver as it is alone', async () => {
  // Found by a random cross-check against sat-lazy: removing the self-loops of vertices beside edges fixed on
  // sent CP-SAT's search past a minute here, alone it takes a fraction of a second.
  const p = puzzle('9 11\n3...3......\n...3.......\n1..1.1....1\n..0........\n...1...221.\n.......1...\n....1......\n....23.....\n.2..2.....0\n');
  const backend = await getBackend('cpsat-circuit');
  const presolver = await getBackend('rules');
  for (const viaRules of [false, true]) {
    const r = await solveWithBackend(backend, p, { timeoutMs: 60_000, unique: true, seed: 1, params: {}, ...(viaRules ? { presolver, presolverParams: {} } : {}) });
    assert.equal(r.status, 'solved', `presolver ${viaRules}: ${r.message ?? ''}`);
    assert.equal(r.unique, false, `presolver ${viaRules}`);
    if (viaRules) assert.ok((r.stats.presolveFixedEdges as number) > 0, 'the presolver fixed edges');
  }
});

test('cpsat-circuit: a 4 is exactly its square, a lone 3 or two touching 4s have no loop', async () => {
  const p = puzzle('2 2\n4.\n..\n');
  const r = await run('cpsat-circuit', p);
  assert.equal(r.status, 'solved');
  assert.equal(r.unique, true);
  const loop = r.solution!;
  assert.ok(verify(p, loop).valid);
  assert.equal(loop.on.reduce((n, b) => n + b, 0), 4, 'the loop is the four edges of the 4');
  for (const encoding of ['clauses', 'cpsat-chapter']) {
    assert.equal((await run('cpsat-circuit', puzzle('1 2\n44\n'), true, { encoding })).status, 'unsat', encoding);
    assert.equal((await run('cpsat-circuit', puzzle('1 1\n3\n'), true, { encoding })).status, 'unsat', encoding);
    assert.equal((await run('cpsat-circuit', puzzle('1 1\n0\n'), true, { encoding })).status, 'unsat', encoding);
  }
});

test('cpsat-circuit: a 3 is not an edge fixing: 1x2 with a 3 has its loop', async () => {
  const p = puzzle('1 2\n3.\n');
  const r = await run('cpsat-circuit', p);
  assert.equal(r.status, 'solved');
  assert.equal(r.unique, true, 'only the 1x2 rectangle has three edges around the 3');
  assert.ok(verify(p, r.solution!).valid);
});

test('cpsat-circuit: edges fixed off leave the circuit; fixed edges beside clues count toward them', async () => {
  const lib = await import('or-tools-wasm/cp-sat');
  const blank = makePuzzle(3, 3, new Array(9).fill(null));
  const grid = gridOf(blank);
  // The centre cell's edges off: 4 edge Booleans and their 8 arcs fewer; its 4 corner vertices keep other edges.
  const centre = grid.edgesOfCell(4).map((edge) => ({ edge, on: false }));
  const full = buildCircuitModel(lib, blank);
  const holed = buildCircuitModel(lib, withFixedEdges(blank, centre));
  assert.equal(full.variables - holed.variables, 12);
  assert.deepEqual(grid.edgesOfCell(4).map((e) => holed.edges[e]), [false, false, false, false], 'fixed edges are constants');
  // The top-left corner's edges on: those two Booleans go; their arcs stay.
  const corner = [grid.horizontalEdge(0, 0), grid.verticalEdge(0, 0)].map((edge) => ({ edge, on: true }));
  assert.equal(full.variables - buildCircuitModel(lib, withFixedEdges(blank, corner)).variables, 2);
  // A 2 with one edge presolved on and one off: exactly one of the other two.
  const two = withFixedEdges(makePuzzle(1, 1, [2]), [{ edge: grid.horizontalEdge(0, 0), on: true }]);
  assert.equal((await run('cpsat-circuit', two)).status, 'unsat', 'a 1x1 loop has all four edges, not two');
  const r = await run('cpsat-circuit', withFixedEdges(puzzle('1 2\n3.\n'), [{ edge: gridOf({ rows: 1, cols: 2 }).verticalEdge(0, 1), on: false }]));
  assert.equal(r.status, 'solved');
  assert.equal(r.unique, true, 'with the middle edge off, the 1x2 rectangle is the only loop, three edges round the 3');
  assert.equal((await run('cpsat-circuit', withFixedEdges(puzzle('1 2\n2.\n'), [{ edge: gridOf({ rows: 1, cols: 2 }).verticalEdge(0, 1), on: false }]))).status, 'unsat', 'the rectangle gives the 2 three edges');
});

test('cpsat-circuit: the model depends on the puzzle alone; the clause encoding lists each loop once', async () => {
  const lib = await import('or-tools-wasm/cp-sat');
  const p = puzzle('5x5t0:3222b2a0c21a1d12b3');
  const a = buildCircuitModel(lib, p);
  const b = buildCircuitModel(lib, p);
  assert.equal(a.variables, b.variables);
  assert.equal(a.constraints, b.constraints);
  assert.equal(a.edges.length, 60);
  // The CP-SAT chapter's model: edges + two arcs per edge + a self-loop per vertex.
  assert.equal(buildCircuitModel(lib, p, 'cpsat-chapter').variables, 60 * 3 + 36);
  // Clauses: the 0's four edges are constants with no arcs.
  assert.equal(a.variables, 56 + 2 * 56 + 36);
  const once = await run('cpsat-circuit', p);
  assert.equal(once.unique, true);
  assert.equal(once.stats.enumerated, 1, 'one direction of the one loop');
  assert.equal(once.stats.solves, 1, 'the enumeration alone decided uniqueness');
  const twice = await run('cpsat-circuit', p, true, { encoding: 'cpsat-chapter' });
  assert.equal(twice.unique, true);
  assert.equal(twice.stats.enumerated, 2, 'the CP-SAT chapter\'s model meets the loop in both directions');
});

test('cpsat-circuit: the old spelling encoding=seed still reads as cpsat-chapter', async () => {
  const p = puzzle('5x5t0:3222b2a0c21a1d12b3');
  const backend = await getBackend('cpsat-circuit');
  assert.equal(optionValue(backend, { ...defaultSolveOptions, params: parseParams(['encoding=seed']) }, 'encoding'), 'cpsat-chapter');
  const r = await run('cpsat-circuit', p, true, { encoding: 'seed' });
  assert.equal(r.unique, true);
  assert.equal(r.stats.encoding, 'cpsat-chapter');
  assert.equal(r.stats.enumerated, 2, 'the CP-SAT chapter\'s model, loop met in both directions');
});

test('cpsat-circuit: stats and options reach the solver', async () => {
  const p = puzzle('5x5t0:3222b2a0c21a1d12b3');
  const cases: [Record<string, string>, { solves: number; uniqueness: string }][] = [
    [{}, { solves: 1, uniqueness: 'enumerate' }],
    [{ uniqueness: 'nogood' }, { solves: 2, uniqueness: 'nogood' }],
    [{ workers: '2' }, { solves: 2, uniqueness: 'nogood' }],
    [{ params: 'default' }, { solves: 1, uniqueness: 'enumerate' }],
    [{ enumerateBudget: '1e-9' }, { solves: 3, uniqueness: 'enumerate' }],
  ];
  for (const [params, expected] of cases) {
    const r = await run('cpsat-circuit', p, true, params);
    const label = JSON.stringify(params);
    assert.equal(r.status, 'solved', label);
    assert.equal(r.unique, true, label);
    for (const key of ['variables', 'constraints', 'solverMs', 'branches', 'conflicts', 'liftoffOnly', 'workers', 'solves', 'encoding', 'params'])
      assert.ok(key in r.stats, `${label}: stats.${key}`);
    assert.equal(r.stats.solves, expected.solves, label);
    assert.equal(r.stats.uniqueness, expected.uniqueness, label);
    assert.equal(r.stats.workers, Number(params.workers ?? 1), label);
    if (params.enumerateBudget) assert.equal(r.stats.enumerateFallback, true, label);
  }
  const first = await run('cpsat-circuit', p, false);
  assert.equal(first.unique, null);
  assert.equal(first.stats.solves, 1);
  await assert.rejects(async () => {
    const r = await run('cpsat-circuit', p, true, { encoding: 'linear' });
    if (r.status === 'error') throw new Error(r.message);
  }, /encoding must be one of clauses, cpsat-chapter/);
});
