import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backendCases } from '../../../helpers/backend-cases.ts';

// glpk-cuts runs on two engines: glpk-wasm (GLPK's own branch and cut, the default) and glpk.js.
const variants = [
  { backend: 'glpk-cuts', engine: 'glpk-wasm' },
  { backend: 'glpk-cuts', engine: 'glpk.js' },
  { backend: 'highs-cuts', engine: undefined },
];

for (const { backend, engine } of variants) {
  for (const separation of ['lp', 'integer']) {
    for (const cuts of ['cutset', 'loop']) {
      test(`${backend}${engine ? ` engine=${engine}` : ''} separation=${separation} cuts=${cuts}: 1x1, no loop, several loops, unique, fixed edges`, async () => {
        const cases = backendCases(backend, { cuts, separation, ...(engine ? { engine } : {}) });
        await cases.oneByOne();
        await cases.noLoopIsNoSolution();
        await cases.severalSolutions();
        const r = await cases.uniqueLoop();
        assert.ok((r.stats.iterations as number) >= 1);
        assert.equal(r.stats.separation, separation);
        if (engine) assert.equal(r.stats.engine, engine);
        await cases.fixedEdges();
      });
    }
  }
}
