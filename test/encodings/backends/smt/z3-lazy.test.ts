import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backendCases } from '../../../helpers/backend-cases.ts';

const TEN = 'https://puzz.link/p?slither/10/10/g16bh61b111b1bg1611bb6111b111bgbbb6bg1b1161bg1b11111bg1bgb';

// Every cut family on the default engine, and the older engine and count forms beside the default cuts.
const VARIANTS: Record<string, string>[] = [{ cuts: 'rooted' }, { cuts: 'cutset-any' }, { cuts: 'cutset' }, { cuts: 'loop' }, { engine: 'smt' }, { counts: 'pb' }, { engine: 'smt', counts: 'pb' }];

for (const params of VARIANTS) {
  const name = Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ');
  test(`z3-lazy ${name}: 1x1, no loop, several loops, unique (with cuts), fixed edges`, async () => {
    const cases = backendCases('z3-lazy', params, TEN);
    await cases.oneByOne();
    await cases.noLoopIsNoSolution();
    await cases.severalSolutions();
    const r = await cases.uniqueLoop();
    assert.ok((r.stats.iterations as number) > 2 && (r.stats.cuts as number) > 0, `iterations ${r.stats.iterations}, cuts ${r.stats.cuts}`);
    await cases.fixedEdges();
  });
}
