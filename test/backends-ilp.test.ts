import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backendCases } from './backend-cases.ts';

for (const backend of ['glpk-cuts', 'highs-cuts']) {
  for (const separation of ['lp', 'integer']) {
    for (const cuts of ['cutset', 'loop']) {
      test(`${backend} separation=${separation} cuts=${cuts}: 1x1, no loop, several loops, unique, fixed edges`, async () => {
        const cases = backendCases(backend, { cuts, separation });
        await cases.oneByOne();
        await cases.noLoopIsNoSolution();
        await cases.severalSolutions();
        const r = await cases.uniqueLoop();
        assert.ok((r.stats.iterations as number) >= 1);
        assert.equal(r.stats.separation, separation);
        await cases.fixedEdges();
      });
    }
  }
}
