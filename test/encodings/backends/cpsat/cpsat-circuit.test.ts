import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backendCases } from '../../../helpers/backend-cases.ts';
import { getBackend } from '../../../../encodings/registry.ts';
import { packageVersion } from '../../../../encodings/versions.ts';

test('cpsat-circuit: 1x1, no loop, several loops, unique, fixed edges', async () => {
  const cases = backendCases('cpsat-circuit');
  await cases.oneByOne();
  await cases.noLoopIsNoSolution();
  await cases.severalSolutions();
  await cases.uniqueLoop();
  await cases.fixedEdges();
});

test('cpsat-circuit solves janko puzzles', async (t) => {
  await backendCases('cpsat-circuit').janko(t, ['1_4x4', '103_10x10', '655_17x17']);
});

test('cpsat-circuit: available, and its version read from the package and the engine', async () => {
  const backend = await getBackend('cpsat-circuit');
  assert.deepEqual(await backend.available(), { available: true });
  assert.doesNotMatch(backend.description, /\d+\.\d+/, 'no version typed into the description');
  const version = await backend.version();
  assert.match(version, /^or-tools-wasm \S+, CP-SAT v\d+\.\d+/);
  assert.ok(version.startsWith(`or-tools-wasm ${packageVersion('or-tools-wasm')},`), version);
});
