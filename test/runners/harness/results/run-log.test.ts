// The results log every long run writes: made at its first record, a torn last line is cut, a whole last
// line without its newline is kept and not glued to the next, a task recorded twice keeps its first record,
// a log is not resumed without --resume, and a resumed plan that differs is refused (naming what differs)
// or warned about.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPlan, fingerprintOf, readLog, RunLog } from '../../../../runners/harness/results/run-log.ts';

interface Line { task: number; answer: string }
const key = (l: Line) => String(l.task);
const fresh = () => join(mkdtempSync(join(tmpdir(), 'run-log-')), 'runs.jsonl');

test('a torn last line is cut from the file and appending goes on from a clean line', () => {
  const path = fresh();
  writeFileSync(path, '{"task":1,"answer":"a"}\n{"task":2,"answer":"b"}\n{"task":3,"ans');
  const log = new RunLog<Line>({ path, resume: true, key, sync: 'each', noun: 'runs' });
  assert.deepEqual(log.previous.map((l) => l.task), [1, 2]);
  assert.ok(log.has('2') && !log.has('3'));
  log.append({ task: 3, answer: 'c' });
  log.close();
  assert.deepEqual(readLog<Line>(path).map((l) => l.task), [1, 2, 3]);
  assert.equal(readFileSync(path, 'utf8').split('\n').filter(Boolean).length, 3);
});

test('a whole last line without its newline is kept, and the next record starts on a line of its own', () => {
  const path = fresh();
  writeFileSync(path, '{"task":1,"answer":"a"}');
  const log = new RunLog<Line>({ path, resume: true, key, sync: { every: 10 }, noun: 'runs' });
  log.append({ task: 2, answer: 'b' });
  log.close();
  assert.equal(readFileSync(path, 'utf8'), '{"task":1,"answer":"a"}\n{"task":2,"answer":"b"}\n');
});

test('the log file is made at the first record: a run that records nothing leaves none; a closed log refuses more', () => {
  const path = fresh();
  const idle = new RunLog<Line>({ path, resume: false, key, sync: 'each', noun: 'runs' });
  idle.close();
  assert.ok(!existsSync(path));
  const log = new RunLog<Line>({ path, resume: false, key, sync: 'each', noun: 'runs' });
  assert.ok(!existsSync(path));
  log.append({ task: 1, answer: 'a' });
  assert.equal(readFileSync(path, 'utf8'), '{"task":1,"answer":"a"}\n');
  log.close();
  assert.throws(() => log.append({ task: 2, answer: 'b' }), /after close/);
});

test('a task recorded twice keeps its first record', () => {
  const path = fresh();
  writeFileSync(path, '{"task":1,"answer":"first"}\n{"task":1,"answer":"again"}\n');
  const log = new RunLog<Line>({ path, resume: true, key, sync: 'each', noun: 'runs' });
  log.close();
  assert.deepEqual(log.previous, [{ task: 1, answer: 'first' }]);
});

test('records already there without --resume are refused, with the way out', () => {
  const path = fresh();
  writeFileSync(path, '{"task":1,"answer":"a"}\n');
  assert.throws(() => new RunLog<Line>({ path, place: 'DIR', resume: false, key, sync: 'each', noun: 'fuzz runs' }), /^UsageError: DIR already holds 1 fuzz runs; add --resume/);
  const empty = new RunLog<Line>({ path: fresh(), resume: false, key, sync: 'each', noun: 'runs' });
  empty.close();
});

test('a resumed plan that differs is refused naming what differs, or warned about; the same plan in another key order passes', () => {
  const plan = { size: '6x6', count: 2, seed: 4 };
  const check = { plan, changed: 'refuse' as const, who: 'generate', remedy: 'run with those or without --resume' };
  assert.throws(() => checkPlan({ ...check, earlier: { plan: { size: '7x7', count: 2, seed: 4 } } }, 'STATE'), /^UsageError: STATE: made with other options \(size "7x7"\); run with those/);
  checkPlan({ ...check, earlier: { plan: { seed: 4, count: 2, size: '6x6' } } }, 'STATE');
  checkPlan({ ...check, earlier: { fingerprint: fingerprintOf({ seed: 4, size: '6x6', count: 2 }) } }, 'STATE');
  checkPlan({ ...check, earlier: undefined }, 'STATE');
  const written: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((text: string) => written.push(text) > 0) as unknown as typeof process.stderr.write;
  try {
    checkPlan({ ...check, changed: 'warn', earlier: { fingerprint: 'abc' } }, 'DIR');
    // A long value is named, not printed.
    checkPlan({ plan: { datasets: [{ name: 'a' }], timeout: 5 }, changed: 'warn', who: 'bench', remedy: '', earlier: { plan: { datasets: [{ name: 'b' }], timeout: 9 } } }, 'DIR');
  } finally {
    process.stderr.write = write;
  }
  assert.match(written[0], /^generate: warning: the plan changed since this run started \(fingerprint abc -> [0-9a-f]{16}\)/);
  assert.match(written[1], /^bench: warning: the plan changed since this run started \(fingerprint [0-9a-f]{16} -> [0-9a-f]{16}: datasets, timeout 9\)/);
});
