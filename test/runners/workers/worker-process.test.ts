// The worker supervisor: solves sent while one runs wait in the worker, in order, each under its own time
// limit; one killed at its limit takes only itself down (those behind it go to the next worker); a start
// the worker refuses (unknown back-end or option) is the caller's UsageError, as checkedBackend's would be;
// a caller that looks for its answers gets each one, quick or slow; a worker that dies is reported with
// what it last wrote to stderr; a started thread does not keep Node running; a process worker killed takes
// its engine processes with it; and a process worker stuck in a search ends when its parent is killed.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { makePuzzle } from '../../../encodings/grid.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { verify } from '../../../encodings/verify.ts';
import { builtinPuzzlesPath, readPuzzleLines } from '../../../datasets/builtin.ts';
import { WorkerProcess } from '../../../runners/workers/worker-process.ts';
import { alive, descendants, waitFor, type ProcessRow } from '../../helpers/processes.ts';

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

test('a process worker killed at its run\'s limit takes the engine process it started with it', async () => {
  const worker = new WorkerProcess('fixture-engine-spin', undefined, LIMITS, 'process');
  let engines: ProcessRow[] = [];
  try {
    const run = worker.solve(makePuzzle(1, 1, [4]), { ...RUN, timeoutMs: 1500 });
    assert.ok(await waitFor(() => (engines = descendants(process.pid).filter((p) => p.args === 'sleep 600')).length > 0, 10_000), 'the engine process started');
    assert.equal((await run).result.status, 'timeout');
    assert.ok(await waitFor(() => !engines.some((p) => alive(p.pid)), 2000), `engine ${engines.map((p) => p.pid)} outlived its killed worker`);
  } finally {
    worker.kill();
    for (const p of engines) spawnSync('kill', ['-9', String(p.pid)]);
  }
});

test('a start the worker refuses (unknown back-end, undeclared option) rejects with a UsageError in the words of the check', async () => {
  const unknown = new WorkerProcess('no-such-backend', undefined, LIMITS, 'thread');
  await assert.rejects(unknown.start(), (error: Error) => error instanceof UsageError && /^unknown back-end 'no-such-backend' \(known: /.test(error.message));
  const option = new WorkerProcess('rules', undefined, LIMITS, 'thread', false, { zz: '1' });
  await assert.rejects(option.solve(PUZZLES[0], RUN), (error: Error) => error instanceof UsageError && /^back-end 'rules' has no option 'zz'/.test(error.message));
  const presolver = new WorkerProcess('cdcl-loop', 'rules:zz=1', LIMITS, 'thread');
  await assert.rejects(presolver.start(), (error: Error) => error instanceof UsageError && /has no option 'zz'/.test(error.message));
});

test('a caller that looks for its answers gets each one, quicker or slower than a look, in order', async () => {
  const worker = new WorkerProcess('fixture-wait', undefined, LIMITS, 'thread');
  worker.pollsForAnswers = true;
  // fixture-wait takes 5 ms per unit of the clue: 0 is found by a look, 1-2 come after it (and make the next solves go without one).
  const clues = [0, 0, 0, 2, 0, 1, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0];
  try {
    for (const clue of clues) {
      const { result } = await worker.solve(makePuzzle(1, 1, [clue as 0 | 1 | 2]), RUN);
      assert.equal(result.status, 'unsat', result.message);
      assert.equal(result.stats.clue, clue);
    }
    // Sent together: only the first is looked for (the others wait behind it), and all come back in order.
    const together = await Promise.all(clues.map((clue) => worker.solve(makePuzzle(1, 1, [clue as 0 | 1 | 2]), RUN)));
    assert.deepEqual(together.map(({ result }) => result.stats.clue), clues);
    assert.equal(worker.starts, 1);
  } finally {
    worker.kill();
  }
});

for (const kind of ['thread', 'process'] as const) {
  test(`a ${kind} worker that dies is reported with the last line it wrote to stderr`, async () => {
    const worker = new WorkerProcess('fixture-crash', undefined, LIMITS, kind);
    try {
      const { result } = await worker.solve(PUZZLES[0], RUN);
      assert.equal(result.status, 'error');
      assert.equal(result.message, 'worker died (exit code 7): fixture-crash: going down');
    } finally {
      worker.kill();
    }
  });
}

test('a thread worker keeps Node running while it starts and solves, and not once it answered', () => {
  // Never killed: the script's last solve answers, and Node then ends by itself with nothing left to do.
  const script = `
    import { WorkerProcess } from ${JSON.stringify(new URL('../../../runners/workers/worker-process.ts', import.meta.url).href)};
    import { makePuzzle } from ${JSON.stringify(new URL('../../../encodings/grid.ts', import.meta.url).href)};
    process.env.SLITHERBENCH_BACKENDS_DIR = ${JSON.stringify(process.env.SLITHERBENCH_BACKENDS_DIR)};
    const worker = new WorkerProcess('fixture-wait', undefined, { memoryMb: 2048, graceMs: 200 }, 'thread');
    worker.pollsForAnswers = true;
    const run = { timeoutMs: 5000, unique: false, seed: 1, params: {} };
    const first = await worker.solve(makePuzzle(1, 1, [1]), run);
    const second = await worker.solve(makePuzzle(1, 1, [2]), run);
    process.stdout.write(first.result.status + ' ' + second.result.status + '\\n');
  `;
  const file = join(mkdtempSync(join(tmpdir(), 'slitherbench-thread-')), 'alive.mts');
  writeFileSync(file, script);
  const child = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 20_000 });
  rmSync(dirname(file), { recursive: true, force: true });
  assert.equal(child.signal, null, 'the thread kept Node running: killed after 20 s');
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, 'unsat unsat\n');
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
