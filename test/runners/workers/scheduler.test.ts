// The one scheduler of workers: a lane's solves share its warm workers and wait for a free one in the order
// asked; a total makes a lane stop the worker idle longest in another; a caller that leaves, or a close,
// takes the waiting out of the queue; a list sends ahead; serve's workers restart at once; and a worker
// that cannot start answers error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makePuzzle } from '../../../encodings/grid.ts';
import { LeftQueueError, Scheduler, laneKey } from '../../../runners/workers/scheduler.ts';
import type { WorkerProcess } from '../../../runners/workers/worker-process.ts';

process.env.SLITHERBENCH_BACKENDS_DIR = new URL('../../fixtures/backends/', import.meta.url).pathname;
const LIMITS = { memoryMb: 2048, graceMs: 100 };
const RUN = { timeoutMs: 5000, unique: false, seed: 1, params: {} };
const ONE = makePuzzle(1, 1, [1]);

/** A promise and the function that fulfils it: a solve that lasts until the test says. */
function gate(): { done: Promise<void>; open(): void } {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

test('a lane is its back-end, options and presolver; solves of one lane share a warm worker, another lane has its own', async () => {
  assert.equal(laneKey({ backend: 'rules' }), 'rules');
  assert.equal(laneKey({ backend: 'cdcl-loop', presolve: 'rules' }), 'cdcl-loop+rules');
  assert.equal(laneKey({ backend: 'rules', params: { trial: 'off' } }), laneKey({ backend: 'rules', params: { trial: 'off' } }));
  assert.notEqual(laneKey({ backend: 'rules', params: { trial: 'off' } }), laneKey({ backend: 'rules' }));
  assert.equal(laneKey({ backend: 'rules', key: 'my-label' }), 'my-label');
  const workers = new Scheduler({ limits: LIMITS, kind: 'thread' });
  try {
    const used: WorkerProcess[] = [];
    for (const backend of ['fixture-wait', 'fixture-wait', 'rules', 'fixture-wait']) {
      const run = await workers.run({ backend }, (worker) => (used.push(worker), worker.solve(ONE, RUN)));
      assert.notEqual(run.result.status, 'error', run.result.message);
    }
    assert.equal(used[0], used[1]);
    assert.equal(used[0], used[3]);
    assert.notEqual(used[0], used[2]);
    assert.deepEqual(used.map((w) => w.starts), [1, 1, 1, 1]);
  } finally {
    workers.close();
  }
});

test('solves wait for a free worker in the order asked; one whose caller left leaves the queue; a close rejects those waiting, later ones and a start', async () => {
  const workers = new Scheduler({ limits: LIMITS });
  const lane = { backend: 'fixture-wait' };
  const first = gate();
  const order: number[] = [];
  const running = workers.run(lane, () => first.done);
  const left = new AbortController();
  const second = workers.run(lane, async () => void order.push(2), left.signal);
  const third = workers.run(lane, async () => void order.push(3));
  left.abort();
  await assert.rejects(second, LeftQueueError);
  assert.deepEqual(order, [], 'none ran while the worker was busy');
  first.open();
  await Promise.all([running, third]);
  assert.deepEqual(order, [3]);
  const busy = gate();
  void workers.run(lane, () => busy.done);
  const waiting = workers.run(lane, async () => 'ran');
  workers.close(new Error('closed for the test'));
  await assert.rejects(waiting, /closed for the test/);
  await assert.rejects(workers.run(lane, async () => 'ran'), /closed for the test/);
  await assert.rejects(workers.start(lane), /closed for the test/, 'no worker starts after a close');
  busy.open();
});

test('with a total, a lane stops the worker idle longest in another lane, or waits until one is freed', async () => {
  const workers = new Scheduler({ limits: LIMITS, total: 2, perLane: 2 });
  const a = gate();
  const b = gate();
  let first: WorkerProcess | undefined;
  let second: WorkerProcess | undefined;
  const runA = workers.run({ backend: 'fixture-wait' }, (worker) => ((first = worker), a.done));
  const runB = workers.run({ backend: 'fixture-wait' }, (worker) => ((second = worker), b.done));
  assert.ok(first && second && first !== second, 'a lane takes two workers at once');
  // Both workers are busy: the other lane waits, then takes the room of the first freed.
  let third: WorkerProcess | undefined;
  const runC = workers.run({ backend: 'rules' }, async (worker) => void (third = worker));
  assert.equal(third, undefined);
  b.open();
  await runB;
  await runC;
  assert.ok(third && third !== first && third !== second);
  assert.deepEqual(workers.describe().map((lane) => [lane.backend, lane.workers]), [['fixture-wait', 1], ['rules', 1]]);
  a.open();
  await runA;
  workers.close();
});

test('sendAhead gives a busy lane worker the next solve at once; restartAtOnce starts a killed worker again; a worker that cannot start answers error', async () => {
  const ahead = new Scheduler({ limits: LIMITS, sendAhead: true });
  const busy = gate();
  const seen: WorkerProcess[] = [];
  void ahead.run({ backend: 'fixture-wait' }, (worker) => (seen.push(worker), busy.done));
  void ahead.run({ backend: 'fixture-wait' }, async (worker) => void seen.push(worker));
  assert.equal(seen.length, 2);
  assert.equal(seen[0], seen[1]);
  busy.open();
  ahead.close();

  const serve = new Scheduler({ limits: LIMITS, kind: 'thread', restartAtOnce: true });
  try {
    let killed: WorkerProcess | undefined;
    const { result } = await serve.run({ backend: 'fixture-sleep' }, (worker) => ((killed = worker), worker.solve(ONE, { ...RUN, timeoutMs: 100 })));
    assert.equal(result.status, 'timeout');
    assert.equal(serve.restarts, 1);
    assert.ok(killed!.running, 'started again at once');
    const refused = await serve.solve({ backend: 'no-such-backend' }, ONE, RUN);
    assert.equal(refused.result.status, 'error');
    assert.match(refused.result.message ?? '', /^worker could not start: unknown back-end 'no-such-backend'/);
  } finally {
    serve.close();
  }
});
