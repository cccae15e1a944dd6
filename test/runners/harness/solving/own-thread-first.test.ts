// A list tried in the caller's own thread first: the back-ends said to stop at their own time limit do;
// puzzles within their try are answered here, and the first beyond it goes to the worker with the rest of
// its limit, with every puzzle after it, as does the first too large to try; a limit shorter than the try is
// the answer; certified runs keep the worker.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { builtinPuzzlesPath, readPuzzleLines } from '../../../../datasets/builtin.ts';
import type { Puzzle } from '../../../../encodings/grid.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { BACKEND_IDS, getBackend } from '../../../../encodings/registry.ts';
import { verify } from '../../../../encodings/verify.ts';
import { OwnThreadFirst, type ListSolver } from '../../../../runners/harness/solving/own-thread-first.ts';
import { solveWithBackend } from '../../../../runners/harness/solving/pipeline.ts';
import { WorkerProcess, type SolveMessage } from '../../../../runners/workers/worker-process.ts';
import { selfTimed } from '../../../../runners/workers/worker-kind.ts';

const first = (set: string, count: number) => readPuzzleLines(readFileSync(builtinPuzzlesPath(set)!, 'utf8')).slice(0, count).map((line) => parsePuzzle(line.puzzle).puzzle);
const [SMALL, OTHER] = first('loopy-10x10-normal', 2);
const [HUNDRED] = first('gen-100x100', 1);
const [LARGE] = first('gen-200x200', 1);
const RUN: SolveMessage = { timeoutMs: 60_000, unique: true, seed: 1, params: {} };

test('every back-end said to stop at its own time limit does so, in this thread, on a 200x200', async () => {
  const ids = BACKEND_IDS.filter((id) => selfTimed(id));
  assert.deepEqual(ids, ['auto', 'cdcl-loop', 'rules']);
  for (const id of ids) {
    const backend = await getBackend(id);
    await backend.prepare?.();
    const started = performance.now();
    const result = await solveWithBackend(backend, LARGE, { ...RUN, timeoutMs: 5 });
    const wallMs = performance.now() - started;
    assert.equal(result.status, 'timeout', `${id}: ${result.message}`);
    // The search reads the clock every few hundred steps; the set-up before it (up to about 200 ms on a
    // 200x200 here) does not, which is why a list tries only small puzzles here. Far less than this either way.
    assert.ok(wallMs < 2000, `${id} stopped after ${wallMs} ms`);
  }
});

/** The worker, with the puzzles and limits it was given. */
function watched(worker: ListSolver) {
  const given: { puzzle: Puzzle; timeoutMs: number }[] = [];
  const solver: ListSolver = {
    backend: worker.backend,
    solve: (puzzle, options) => {
      given.push({ puzzle, timeoutMs: options.timeoutMs });
      return worker.solve(puzzle, options);
    },
  };
  return { given, solver };
}

test('puzzles within their try are answered here; the first beyond it, and every one after, by the worker', async () => {
  const backend = await getBackend('auto');
  await backend.prepare?.();
  const worker = new WorkerProcess('auto', undefined, { memoryMb: 2048, graceMs: 500 }, 'thread');
  try {
    const { given, solver } = watched(worker);
    // A 100x100 takes about 80 ms with auto: longer than a try of 20 ms.
    const list = new OwnThreadFirst(backend, undefined, solver, { ms: 20, cells: 100 * 100 });
    const puzzles = [SMALL, OTHER, HUNDRED, SMALL];
    const runs = await Promise.all(puzzles.map((puzzle) => list.solve(puzzle, RUN)));
    runs.forEach(({ result }, i) => {
      assert.equal(result.status, 'solved', result.message);
      assert.equal(result.unique, true);
      assert.deepEqual(verify(puzzles[i], result.solution!), { valid: true });
    });
    assert.deepEqual(given.map((g) => g.puzzle), [HUNDRED, SMALL], 'the 10x10s before the 100x100 stayed here');
    assert.ok(given[0].timeoutMs < RUN.timeoutMs && given[0].timeoutMs > RUN.timeoutMs - 1000, `the rest of its limit: ${given[0].timeoutMs} ms`);
    const handed = runs[2].result;
    assert.equal(typeof handed.stats.firstTryMs, 'number');
    assert.ok((handed.stats.firstTryMs as number) >= 20, `${handed.stats.firstTryMs}`);
    assert.ok(handed.timeMs > (handed.stats.firstTryMs as number), 'its time includes the try');
    assert.equal(runs[0].result.stats.firstTryMs, undefined);
  } finally {
    worker.kill();
  }
});

test('a puzzle larger than a try may be goes to the worker untried, and every one after it', async () => {
  const backend = await getBackend('rules');
  const worker = new WorkerProcess('rules', undefined, { memoryMb: 2048, graceMs: 500 }, 'thread');
  try {
    const { given, solver } = watched(worker);
    const list = new OwnThreadFirst(backend, undefined, solver);
    const runs = await Promise.all([SMALL, LARGE, SMALL].map((puzzle) => list.solve(puzzle, RUN)));
    assert.deepEqual(given, [{ puzzle: LARGE, timeoutMs: RUN.timeoutMs }, { puzzle: SMALL, timeoutMs: RUN.timeoutMs }]);
    assert.equal(runs[1].result.stats.firstTryMs, undefined);
    runs.forEach(({ result }) => assert.equal(result.status, 'solved', result.message));
  } finally {
    worker.kill();
  }
});

test('a limit within the try is the answer here; a certified run goes to the worker', async () => {
  const backend = await getBackend('auto');
  const calls: SolveMessage[] = [];
  const refused: ListSolver = {
    backend: 'auto',
    solve: async (_puzzle, options) => {
      calls.push(options);
      return { result: { status: 'error', unique: null, solution: null, backend: 'auto', timeMs: 0, stats: {}, message: 'sent to the worker' } };
    },
  };
  const list = new OwnThreadFirst(backend, undefined, refused, { ms: 100, cells: 100 * 100 });
  const short = await list.solve(HUNDRED, { ...RUN, timeoutMs: 5 });
  assert.equal(short.result.status, 'timeout');
  assert.equal(calls.length, 0);
  const certified = await list.solve(SMALL, { ...RUN, certify: true });
  assert.equal(certified.result.message, 'sent to the worker');
  assert.equal(calls.length, 1);
  const after = await list.solve(SMALL, RUN);
  assert.equal(after.result.status, 'solved', 'a certified run hands over only itself');
});
