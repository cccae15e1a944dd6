// The registry and the back-end interface: every ID loads its own back-end, says whether it can run here
// and which engine version it is, and an unknown ID is a clear error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CORE_STAT_KEYS, defaultSolveOptions } from '../../encodings/backend.ts';
import { UnknownBackendError } from '../../encodings/errors.ts';
import { makePuzzle } from '../../encodings/grid.ts';
import { BACKEND_IDS, getBackend, listBackends } from '../../encodings/registry.ts';

test('every registered ID loads the back-end of that name, and the list is the registry', async () => {
  const all = await listBackends();
  assert.deepEqual(all.map((b) => b.name), [...BACKEND_IDS]);
  for (const id of BACKEND_IDS) assert.equal((await getBackend(id)).name, id);
  for (const expected of ['cpsat-circuit', 'sat-closure', 'z3-lazy', 'glpk-cuts', 'rules']) assert.ok(BACKEND_IDS.includes(expected), `the contract's ${expected}`);
});

test('an unknown back-end is a UnknownBackendError that names the known ones', async () => {
  await assert.rejects(getBackend('no-such-solver'), (error: Error) => error instanceof UnknownBackendError && /unknown back-end 'no-such-solver'.*cpsat-circuit/.test(error.message));
});

test('every back-end is available here, and its version is read from what is installed (a number in it, no placeholder)', async () => {
  for (const backend of await listBackends()) {
    const availability = await backend.available();
    assert.equal(availability.available, true, `${backend.name}: ${'reason' in availability ? availability.reason : ''}`);
    const version = await backend.version();
    assert.match(version, /\d+\.\d+/, `${backend.name} version '${version}'`);
    assert.doesNotMatch(version, /not installed|unknown/, `${backend.name} version '${version}'`);
  }
});

test('the stats a back-end reports use the fixed keys for model size and times', async () => {
  const square = makePuzzle(1, 1, [4]);
  for (const id of ['sat-lazy', 'z3-lazy', 'glpk-cuts', 'cpsat-circuit']) {
    const backend = await getBackend(id);
    await backend.prepare?.();
    const result = await backend.solve(square, { ...defaultSolveOptions, unique: true });
    assert.equal(result.status, 'solved', id);
    for (const key of ['encodeMs', 'solverMs', 'variables', 'constraints'] as const) {
      assert.equal(typeof result.stats[key], 'number', `${id} reports ${key}`);
    }
    assert.ok(Object.keys(result.stats).every((k) => !['columns', 'rows', 'clauses'].includes(k)), `${id} uses no other name for a core stat`);
  }
  assert.ok(CORE_STAT_KEYS.includes('iterations'));
});
