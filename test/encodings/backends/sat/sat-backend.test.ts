// The pure SAT back-ends on every engine installed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineAvailability, ENGINE_NAMES } from '../../../../encodings/backends/sat/engines.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { listBackends } from '../../../../encodings/registry.ts';
import { backendCases, run } from '../../../helpers/backend-cases.ts';

// Every CNF encoding in the registry: a new one is tested here without a line of its own.
const CNF_BACKENDS = (await listBackends()).filter((b) => b.cnf).map((b) => b.name);

for (const backend of CNF_BACKENDS) {
  for (const engine of ENGINE_NAMES) {
    const availability = engineAvailability(engine);
    test(`${backend} on ${engine}: 1x1, no loop, several loops, unique, fixed edges`, { skip: availability.available ? false : availability.reason }, async () => {
      const cases = backendCases(backend, { engine });
      await cases.oneByOne();
      await cases.noLoopIsNoSolution();
      await cases.severalSolutions();
      await cases.uniqueLoop();
      await cases.fixedEdges();
    });
  }
}

test('sat-lazy cuts extra loops: a 10x10 takes several solve-cut rounds and still ends unique', async () => {
  const r = await run('sat-lazy', parsePuzzle('https://puzz.link/p?slither/10/10/g16bh61b111b1bg1611bb6111b111bgbbb6bg1b1161bg1b11111bg1bgb').puzzle);
  assert.equal(r.status, 'solved');
  assert.equal(r.unique, true);
  assert.ok((r.stats.iterations as number) > 2, `iterations ${r.stats.iterations}`);
  assert.ok((r.stats.cuts as number) > 0);
});

test('sat-closure closure=squaring runs out of room as memout, not a crash, on a 12x12', async () => {
  const r = await run('sat-closure', parsePuzzle('12 12\n' + '............\n'.repeat(12)).puzzle, false, { closure: 'squaring' });
  assert.equal(r.status, 'memout');
});

test('SAT back-ends solve janko puzzles', async (t) => {
  for (const backend of ['sat-lazy', 'sat-reach', 'sat-distance']) await backendCases(backend).janko(t, ['1_4x4', '103_10x10']);
});
