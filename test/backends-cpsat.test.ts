import { test } from 'node:test';
import { backendCases } from './backend-cases.ts';

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
