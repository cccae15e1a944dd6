import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backendCases } from './backend-cases.ts';

for (const backend of ['glpk-cuts', 'highs-cuts']) {
  for (const cuts of ['cutset', 'loop']) {
    test(`${backend} cuts=${cuts}: 1x1, no loop, several loops, unique, fixed edges`, async () => {
      const cases = backendCases(backend, { cuts });
      await cases.oneByOne();
      await cases.noLoopIsNoSolution();
      await cases.severalSolutions();
      const r = await cases.uniqueLoop();
      assert.ok((r.stats.iterations as number) >= 1);
      await cases.fixedEdges();
    });
  }
}
