// cpsat-circuit specifics: cheap encodings of clues 0/3/4 stay sound, the model is a pure function of the
// puzzle, statistics and options (workers, seed, CP-SAT's default parameters) reach the solver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePuzzle } from '../encodings/formats/index.ts';
import { verify } from '../encodings/verify.ts';
import { solutionFromJson } from '../encodings/solution.ts';
import { buildCircuitModel } from '../encodings/backends/cpsat-circuit.ts';
import { run } from './backend-cases.ts';

const puzzle = (text: string) => parsePuzzle(text).puzzle;

test('cpsat-circuit: a 4 is exactly its square, a lone 3 or two touching 4s have no loop', async () => {
  const p = puzzle('2 2\n4.\n..\n');
  const r = await run('cpsat-circuit', p);
  assert.equal(r.status, 'solved');
  assert.equal(r.unique, true);
  const loop = solutionFromJson(r.solution!);
  assert.ok(verify(p, loop).valid);
  assert.equal(loop.on.reduce((n, b) => n + b, 0), 4, 'the loop is the four edges of the 4');
  assert.equal((await run('cpsat-circuit', puzzle('1 2\n44\n'))).status, 'unsat');
  assert.equal((await run('cpsat-circuit', puzzle('1 1\n3\n'))).status, 'unsat');
  assert.equal((await run('cpsat-circuit', puzzle('1 1\n0\n'))).status, 'unsat');
});

test('cpsat-circuit: a 3 is not an edge fixing: 1x2 with a 3 has its loop', async () => {
  const p = puzzle('1 2\n3.\n');
  const r = await run('cpsat-circuit', p);
  assert.equal(r.status, 'solved');
  assert.equal(r.unique, true, 'only the 1x2 rectangle has three edges around the 3');
  assert.ok(verify(p, solutionFromJson(r.solution!)).valid);
});

test('cpsat-circuit: the model depends on the puzzle alone, stats and options are reported', async () => {
  const lib = await import('or-tools-wasm/cp-sat');
  const p = puzzle('5x5t0:3222b2a0c21a1d12b3');
  const a = buildCircuitModel(lib, p);
  const b = buildCircuitModel(lib, p);
  assert.equal(a.variables, b.variables);
  assert.equal(a.constraints, b.constraints);
  assert.equal(a.edges.length, 60);
  // edges + two arcs per edge + a self-loop per vertex
  assert.equal(a.variables, 60 * 3 + 36);
  for (const params of [{}, { workers: '2' }, { params: 'default' }] as Record<string, string>[]) {
    const r = await run('cpsat-circuit', p, true, params);
    assert.equal(r.status, 'solved', JSON.stringify(params));
    assert.ok(verify(p, solutionFromJson(r.solution!)).valid);
    for (const key of ['variables', 'constraints', 'solverMs', 'branches', 'conflicts', 'liftoffOnly', 'workers', 'solves'])
      assert.ok(key in r.stats, `stats.${key}`);
    assert.equal(r.stats.solves, 2, 'first solution, then the uniqueness solve');
    assert.equal(r.stats.workers, Number(params.workers ?? 1));
  }
});
