// The worker thread the bin starts before the command line loads: taken once, by a worker asking for the
// same entry and heap cap, never after it died; started for solve only when its back-end runs in a thread and
// the puzzles are not a piped list that starts in the command's own thread.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startEarlyThread, startSolveThread, takeEarlyThread, workerHeapMb } from '../../../../runners/harness/start-up/early-thread.ts';
import { REPOSITORY, startPath } from '../../../../runners/harness/start-up/compiled.ts';
import { DEFAULT_LIMITS } from '../../../../runners/harness/plans/plan-defaults.ts';

const ENTRY = `${REPOSITORY}test/fixtures/early-thread-echo.mjs`;
const HEAP = workerHeapMb(1024);

test('an early thread is taken once, and only for the same entry and heap cap', async () => {
  const started = startEarlyThread(ENTRY, HEAP);
  assert.equal(startEarlyThread(ENTRY, HEAP), started, 'one waits at a time');
  assert.equal(takeEarlyThread(ENTRY, workerHeapMb(4096)), undefined, 'another heap cap');
  assert.equal(takeEarlyThread(`${REPOSITORY}dist/bundle/worker.js`, HEAP), undefined, 'another entry');
  const thread = takeEarlyThread(ENTRY, HEAP);
  assert.equal(thread, started, 'the same entry and heap cap');
  assert.equal(takeEarlyThread(ENTRY, HEAP), undefined, 'taken once');
  const answer = once(thread, 'message');
  thread.postMessage('ping');
  assert.deepEqual(await answer, ['pong'], 'the thread taken is alive and answers');
  await thread.terminate();
});

test('an early thread that died before it was asked for is not taken', async () => {
  process.env.EARLY_THREAD_EXIT = '1';
  try {
    const thread = startEarlyThread(ENTRY, HEAP);
    // Unreferenced, as the bin leaves it; the test waits for its end.
    thread.ref();
    assert.deepEqual(await once(thread, 'exit'), [3]);
    assert.equal(takeEarlyThread(ENTRY, HEAP), undefined);
    delete process.env.EARLY_THREAD_EXIT;
    const next = startEarlyThread(ENTRY, HEAP);
    assert.notEqual(next, thread, 'a new one replaces the dead one');
    assert.equal(takeEarlyThread(ENTRY, HEAP), next);
    await next.terminate();
  } finally {
    delete process.env.EARLY_THREAD_EXIT;
  }
});

test('solve starts the early thread only for a back-end that runs in a thread, and not for a list that starts in its own thread', async () => {
  const [entry, heap] = [startPath('worker'), workerHeapMb(DEFAULT_LIMITS.memoryMb)];
  const folder = mkdtempSync(join(tmpdir(), 'early-thread-'));
  const [list, grid] = [join(folder, 'list.txt'), join(folder, 'grid.txt')];
  writeFileSync(list, '# two puzzles\na\t10x10t0:d1b213e2d3231a1b321b120a122b12j12b2223b2b2d33a32e20b1d2b3d3\nb\t10x10t0:zz\n');
  writeFileSync(grid, '3 . .\n. . .\n. . 2\n');
  const ids = join(folder, 'ids.txt');
  writeFileSync(ids, '10x10t0:d1b213e2d3231a1b321b120a122b12j12b2223b2b2d33a32e20b1d2b3d3\n\n# the same again\n10x10t0:d1b213e2d3231a1b321b120a122b12j12b2223b2b2d33a32e20b1d2b3d3\n');
  const oneId = join(folder, 'one-id.txt');
  writeFileSync(oneId, '10x10t0:d1b213e2d3231a1b321b120a122b12j12b2223b2b2d33a32e20b1d2b3d3\n');
  const none: [string[], boolean][] = [
    [['--backend', 'sat-closure', 'P'], false],
    [['--backend=z3-lazy', 'P'], false],
    [['--presolve', 'rules', '--backend', 'cpsat-circuit', '--backend', 'asp-connect', 'P'], false],
    [['--backend', 'auto', '--in-process', 'P'], false],
    // Piped to `-`, for a back-end that stops at its own time limit (own-thread-first.ts).
    [['-'], true],
    [['--backend', 'rules:trial=off', '-', '--presolve', 'rules'], true],
    // A file that holds a list: ID<TAB>puzzle lines, or two Loopy IDs alone.
    [[list], false],
    [[ids], false],
  ];
  for (const [args, piped] of none) {
    startSolveThread(args, piped);
    assert.equal(takeEarlyThread(entry, heap), undefined, args.join(' '));
  }
  const one: [string[], boolean][] = [
    [['P'], false],
    [['P'], true],
    [['--backend', 'cdcl-loop:core=typescript', 'P'], false],
    [['--backend=rules', '--presolve=rules:trial=off', 'P'], false],
    // A file or terminal on stdin may hold one puzzle; a certified list, and CP-SAT, keep their worker.
    [['-'], false],
    [['-', '--certify'], true],
    [['-', '--backend', 'cpsat-circuit'], true],
    [[grid], false],
    [[oneId], false],
    [[list, '--certify'], false],
  ];
  for (const [args, piped] of one) {
    startSolveThread(args, piped);
    const thread = takeEarlyThread(entry, heap);
    assert.ok(thread, `${args.join(' ')}${piped ? ' (piped)' : ''}`);
    await thread.terminate();
  }
  rmSync(folder, { recursive: true });
});
