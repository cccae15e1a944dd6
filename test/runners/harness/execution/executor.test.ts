// The task runner: slots take tasks in order and keep a worker while the back-end stays the same, every
// result is in the log before the next task starts, a stop keeps what finished and drops what the stop
// killed, and a task that throws stops the other slots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePuzzle } from '../../../../encodings/grid.ts';
import { execute, type StopSignal } from '../../../../runners/harness/execution/executor.ts';
import { readLog, RunLog } from '../../../../runners/harness/results/run-log.ts';
import type { WorkerProcess } from '../../../../runners/workers/worker-process.ts';

process.env.SLITHERBENCH_BACKENDS_DIR = new URL('../../../fixtures/backends/', import.meta.url).pathname;
const ONE = makePuzzle(1, 1, [4]);

test('a slot keeps its worker through tasks of one back-end and starts another when the back-end changes; each result is logged', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'executor-')), 'runs.jsonl');
  const log = new RunLog<{ task: number; status: string; starts: number }>({ path, resume: false, key: (r) => String(r.task), sync: 'each', noun: 'runs' });
  const workers: WorkerProcess[] = [];
  const tasks = [{ task: 1, backend: 'rules' }, { task: 2, backend: 'rules' }, { task: 3, backend: 'fixture-wrong' }, { task: 4, backend: 'fixture-wrong' }];
  const { finished, stopped } = await execute({
    tasks, jobs: 1, signal: { stopped: false }, log,
    run: (t, scheduler) => scheduler.run({ backend: t.backend }, async (worker) => {
      if (!workers.includes(worker)) workers.push(worker);
      const { result } = await worker.solve(ONE, { timeoutMs: 5000, unique: false, seed: 1, params: {} });
      // The log holds every earlier task before this one runs.
      assert.equal(readLog(path).length, t.task - 1);
      return { task: t.task, status: result.status, starts: worker.starts };
    }),
    answered: () => true,
  });
  assert.deepEqual({ finished, stopped }, { finished: 4, stopped: false });
  assert.equal(workers.length, 2, 'one worker per back-end');
  assert.deepEqual(readLog<{ task: number; starts: number }>(path).map((r) => [r.task, r.starts]), [[1, 1], [2, 1], [3, 1], [4, 1]]);
  assert.ok(workers.every((w) => !w.running), 'workers are stopped at the end');
});

test('a stop keeps the finished tasks, kills the running worker and drops the run it cut short', async () => {
  const signal: StopSignal = { stopped: false };
  const results: string[] = [];
  const started: number[] = [];
  const outcome = await execute({
    tasks: [1, 2, 3, 4, 5, 6], jobs: 2, signal, limits: { memoryMb: 2048, graceMs: 200 },
    run: async (task, workers) => {
      started.push(task);
      if (task <= 2) return `quick ${task}`;
      setTimeout(() => (signal.stopped = true), 300);
      // Sleeps far past the test: only the stop's kill ends it.
      const { result } = await workers.solve({ backend: 'fixture-sleep' }, ONE, { timeoutMs: 60_000, unique: false, seed: 1, params: {} });
      return result.status;
    },
    answered: (r) => r.startsWith('quick'),
    done: (_task, result) => results.push(result),
  });
  assert.equal(outcome.stopped, true);
  assert.deepEqual(results, ['quick 1', 'quick 2']);
  assert.ok(started.length <= 4, `no task started after the stop (${started.join(',')})`);
});

test('a task that throws ends the run with its error and stops the other slots', async () => {
  const started: number[] = [];
  await assert.rejects(execute({
    tasks: [1, 2, 3, 4, 5, 6, 7, 8], jobs: 2, signal: { stopped: false },
    run: async (task) => {
      started.push(task);
      await new Promise((r) => setTimeout(r, 20));
      if (task === 2) throw new Error('broken task');
      return task;
    },
    answered: () => true,
  }), /broken task/);
  await new Promise((r) => setTimeout(r, 100));
  assert.ok(started.length <= 4, `slots stopped after the error (${started.join(',')})`);
});
