// The worker supervisor: solves sent while one runs wait in the worker, in order, each under its own time
// limit; one killed at its limit takes only itself down (those behind it go to the next worker); a start
// the worker refuses (unknown back-end or option) is the caller's UsageError, as checkedBackend's would be;
// and a process worker stuck in a search ends when its parent is killed.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { makePuzzle } from '../../../encodings/grid.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { verify } from '../../../encodings/verify.ts';
import { builtinPuzzlesPath, readPuzzleLines } from '../../../datasets/builtin.ts';
import { WorkerProcess } from '../../../runners/harness/worker-process.ts';

process.env.SLITHERBENCH_BACKENDS_DIR = new URL('../../fixtures/backends/', import.meta.url).pathname;
const LIMITS = { memoryMb: 2048, graceMs: 200 };
const RUN = { timeoutMs: 5000, unique: true, seed: 1, params: {} };
const PUZZLES = readPuzzleLines(readFileSync(builtinPuzzlesPath('loopy-10x10-normal')!, 'utf8')).slice(0, 3).map((line) => parsePuzzle(line.puzzle).puzzle);

test('solves sent together are answered in order by one warm worker, each verified', async () => {
  const worker = new WorkerProcess('rules', undefined, LIMITS, 'thread');
  try {
    const runs = await Promise.all(PUZZLES.map((puzzle) => worker.solve(puzzle, RUN)));
    assert.equal(worker.starts, 1);
    runs.forEach(({ result }, i) => {
      assert.equal(result.status, 'solved', result.message);
      assert.deepEqual(verify(PUZZLES[i], result.solution!), { valid: true });
    });
  } finally {
    worker.kill();
  }
});

for (const kind of ['thread', 'process'] as const) {
  test(`a ${kind} killed at one run's limit: that run is a timeout, and the run queued behind it is answered by the next worker`, async () => {
    const worker = new WorkerProcess('fixture-spin-on-zero', undefined, LIMITS, kind);
    try {
      const spinning = worker.solve(makePuzzle(1, 1, [0]), { ...RUN, timeoutMs: 300 });
      const behind = worker.solve(makePuzzle(1, 1, [3]), { ...RUN, timeoutMs: 300 });
      const [first, second] = await Promise.all([spinning, behind]);
      assert.equal(first.result.status, 'timeout');
      assert.equal(second.result.status, 'unsat', second.result.message);
      assert.equal(worker.starts, 2);
      // Its limit counted from when it began, not from when it was sent: it took far less than its 300 ms.
      assert.ok(second.wallMs < 300, `${second.wallMs} ms`);
    } finally {
      worker.kill();
    }
  });
}

test('a start the worker refuses (unknown back-end, undeclared option) rejects with a UsageError in the words of the check', async () => {
  const unknown = new WorkerProcess('no-such-backend', undefined, LIMITS, 'thread');
  await assert.rejects(unknown.start(), (error: Error) => error instanceof UsageError && /^unknown back-end 'no-such-backend' \(known: /.test(error.message));
  const option = new WorkerProcess('rules', undefined, LIMITS, 'thread', false, { zz: '1' });
  await assert.rejects(option.solve(PUZZLES[0], RUN), (error: Error) => error instanceof UsageError && /^back-end 'rules' has no option 'zz'/.test(error.message));
  const presolver = new WorkerProcess('cdcl-loop', 'rules:zz=1', LIMITS, 'thread');
  await assert.rejects(presolver.start(), (error: Error) => error instanceof UsageError && /has no option 'zz'/.test(error.message));
});

test('a process worker stuck in synchronous code ends soon after its parent is killed', async () => {
  const parent = spawn(process.execPath, ['--import', 'tsx', new URL('../../fixtures/orphan-parent.ts', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
  let child: number | undefined;
  try {
    await once(parent.stdout, 'data');
    const listing = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent.pid)], { encoding: 'utf8' }).stdout;
    const children = listing.trim().split('\n').filter((line) => line.includes('worker')).map((line) => Number(line.trim().split(/\s+/)[0]));
    assert.equal(children.length, 1, `the parent runs one worker process:\n${listing}`);
    child = children[0];
    parent.kill('SIGKILL');
    const gone = (pid: number) => spawnSync('kill', ['-0', String(pid)]).status !== 0;
    const deadline = Date.now() + 10_000;
    while (!gone(child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(gone(child), `worker ${child} outlived its parent by 10 s`);
  } finally {
    parent.kill('SIGKILL');
    // Never leave a spinning orphan behind, whatever the outcome.
    if (child) spawnSync('kill', ['-9', String(child)]);
  }
});
