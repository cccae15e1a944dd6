// Presolvers: a spec names a back-end and its own options (`rules`, `rules:trial=off`); the rules presolver
// decides with the same options as a rules solve, trial included, and the CLI carries the spec to its worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadDataset } from '../../../../datasets/load.ts';
import { loadPresolver, parsePresolverSpec } from '../../../../runners/harness/solving/presolver.ts';
import { UsageError } from '../../../../encodings/errors.ts';
import { run } from '../../../helpers/backend-cases.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

test('a presolver spec is a back-end ID with its own checked options', async () => {
  assert.deepEqual(parsePresolverSpec('rules'), { name: 'rules', params: {} });
  assert.deepEqual(parsePresolverSpec('rules:trial=off,rules=basic'), { name: 'rules', params: { trial: 'off', rules: 'basic' } });
  assert.deepEqual((await loadPresolver('rules:trial=off')).params, { trial: 'off' });
  await assert.rejects(loadPresolver('rules:trial=maybe'), (e: Error) => e instanceof UsageError && /trial of 'rules' must be one of on, off/.test(e.message));
  await assert.rejects(loadPresolver('rules:depth=3'), (e: Error) => e instanceof UsageError && /no option 'depth'/.test(e.message));
  await assert.rejects(loadPresolver('rules:'), (e: Error) => e instanceof UsageError && /empty/.test(e.message));
  await assert.rejects(loadPresolver('cpsat-circuit'), (e: Error) => e instanceof UsageError && /cannot presolve/.test(e.message));
});

test('rules presolve: trial decides more of the Loopy hard 10x10s than the corner rules, and only edges of their loop', async () => {
  const rules = (await loadPresolver('rules')).backend;
  const { instances } = await loadDataset('loopy-10x10-hard');
  const options = { timeoutMs: 10_000, unique: true, seed: 1 };
  let openWithoutTrial = 0;
  for (const { id, puzzle } of instances.slice(0, 5)) {
    const corners = await rules.presolve!(puzzle, { ...options, params: { trial: 'off' } });
    const trial = await rules.presolve!(puzzle, { ...options, params: {} });
    assert.equal(trial.stats.trial, true, id);
    assert.equal(trial.stats.trialFinished, true, id);
    assert.ok(trial.fixed.length >= corners.fixed.length, `${id}: trial keeps what the corner rules decide`);
    const cornerEdges = new Map(corners.fixed.map((f) => [f.edge, f.on]));
    for (const f of trial.fixed) if (cornerEdges.has(f.edge)) assert.equal(cornerEdges.get(f.edge), f.on, id);
    if (corners.fixed.length < 220) openWithoutTrial++;
    // The loop is the same with and without the presolver.
    const alone = await run('cpsat-circuit', puzzle);
    const solved = alone.solution!;
    for (const f of trial.fixed) assert.equal(solved.on[f.edge] === 1, f.on, `${id}: presolved edge ${f.edge}`);
  }
  assert.ok(openWithoutTrial >= 3, `the corner rules alone leave edges open on ${openWithoutTrial} of 5`);
});

test('solve --presolve rules:trial=off reaches the worker; a bad spec is one error line', async () => {
  const exec = promisify(execFile);
  const game = '5x5t0:3222b2a0c21a1d12b3';
  for (const [spec, trial] of [['rules', true], ['rules:trial=off', false]] as const) {
    const { stdout } = await exec(process.execPath, ['bin/slitherbench.js', 'solve', game, '--backend', 'cpsat-circuit', '--unique', '--json', '--presolve', spec], { cwd: root, encoding: 'utf8' });
    const result = JSON.parse(stdout);
    assert.equal(result.status, 'solved', spec);
    assert.equal(result.unique, true, spec);
    assert.equal(result.stats.presolver, 'rules', spec);
    assert.equal(result.stats['presolve.trial'], trial, spec);
  }
  const bad = await exec(process.execPath, ['bin/slitherbench.js', 'solve', game, '--presolve', 'rules:trial=maybe'], { cwd: root, encoding: 'utf8' }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  assert.ok(bad, 'a bad spec fails');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: option trial of 'rules' must be one of on, off; got 'maybe'\n$/);
});
