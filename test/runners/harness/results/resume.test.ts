// One meaning of --resume for bench, fuzz and generate: the same settings carry a run on with nothing run
// again; a changed setting is refused naming each with its old and new value; a place that holds a run is
// never written over without --resume.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkResume, holdsAny, MAY_DIFFER, settingsByFlag, type ResumeCheck } from '../../../../runners/harness/results/resume.ts';
import { longFlag, settingRows } from '../../../../runners/settings/table.ts';
import { runCli } from '../../../helpers/cli.ts';

const env = { ...process.env, SLITHERBENCH_DIST: 'off' };
const cli = (args: string[]) => runCli(args, env);

/** Every file of a folder (or the files given) with its content and time of last change. */
function snapshot(paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.flatMap((p) => (statSync(p).isDirectory() ? readdirSync(p).map((f) => join(p, f)) : [p])).map((p) => [p, `${statSync(p).mtimeMs} ${readFileSync(p, 'utf8')}`]));
}

test('checkResume: an empty place starts afresh; a held one needs --resume, and --resume the same settings but those that may differ', () => {
  const base: ResumeCheck = { who: 'cmd', place: 'DIR', resume: false, holds: false, saved: undefined, now: { '--timeout': 20, '--seed': 1 }, afresh: 'choose another --out, or delete DIR' };
  checkResume(base);
  checkResume({ ...base, resume: true });
  assert.throws(() => checkResume({ ...base, holds: true }), /^UsageError: DIR already holds an earlier run; pass --resume to carry it on, or choose another --out$/);
  assert.throws(() => checkResume({ ...base, holds: true, resume: true }), /^UsageError: DIR holds no record of the settings it was made with.*delete DIR$/);
  const held = { ...base, holds: true, resume: true };
  assert.throws(() => checkResume({ ...held, saved: { '--timeout': 30, '--seed': 2 } }), /^UsageError: DIR was made with other settings: --timeout was 30, now 20; --seed was 2, now 1\. Give those to carry it on; to start afresh, choose another --out, or delete DIR$/);
  assert.throws(() => checkResume({ ...held, saved: { '--timeout': 20 } }), /--seed was \(not recorded\), now 1\./);
  const written: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((text: string) => written.push(text) > 0) as unknown as typeof process.stderr.write;
  try {
    checkResume({ ...held, saved: { '--timeout': 20, '--seed': 1 } });
    checkResume({ ...held, saved: { '--timeout': 20, '--seed': 1, '--jobs': 1, code: 'abc' }, now: { ...base.now, '--jobs': 4, code: 'def' } });
  } finally {
    process.stderr.write = write;
  }
  assert.deepEqual(written, ['cmd: carrying on with --jobs was 1, now 4; code was abc, now def\n']);
  assert.ok(Object.values(MAY_DIFFER).every((why) => why.length > 0));
  // The table's rows say which settings may differ; only the commit is not one of them.
  const flags = new Set(settingRows().map(([, row]) => longFlag(row)));
  assert.deepEqual(Object.keys(MAY_DIFFER).filter((name) => !flags.has(name)), ['code']);
  assert.ok(['--jobs', '--baseline', '--no-report'].every((flag) => flag in MAY_DIFFER));
});

test('settingsByFlag labels each setting with its flag, a time limit in seconds', () => {
  assert.deepEqual(settingsByFlag({ timeout: 20_000, confirmTimeout: 300_000, jobs: 2 }), { '--timeout': 20, '--confirm-timeout': 300, '--jobs': 2 });
});

test('holdsAny: a file there and not empty holds a run; a missing or empty one does not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'resume-holds-'));
  writeFileSync(join(dir, 'empty'), '');
  writeFileSync(join(dir, 'full'), 'x');
  assert.equal(holdsAny([join(dir, 'missing'), join(dir, 'empty')]), false);
  assert.equal(holdsAny([join(dir, 'missing'), join(dir, 'full')]), true);
});

/** The three cases for one command: (c) again without --resume, (b) --resume with changed settings, (a) --resume as before. */
async function resumeCases(args: string[], places: string[], log: string, changed: { args: string[]; named: RegExp }, carried: RegExp) {
  const first = await cli(args);
  assert.equal(first.code, 0, first.stderr);
  const before = snapshot(places);
  const again = await cli(args);
  assert.equal(again.code, 2, again.stderr);
  assert.match(again.stderr, /^error: \S+ already holds an earlier run; pass --resume to carry it on, or choose another --out$/m);
  assert.deepEqual(snapshot(places), before, 'nothing written without --resume');
  const other = await cli([...args, ...changed.args, '--resume']);
  assert.equal(other.code, 2, other.stderr);
  assert.match(other.stderr, changed.named);
  assert.deepEqual(snapshot(places), before, 'nothing written under other settings');
  const logged = readFileSync(log, 'utf8');
  const resumed = await cli([...args, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, carried);
  assert.equal(readFileSync(log, 'utf8'), logged, 'no run repeated');
}

test('bench: --resume carries on only under the same settings; a held --out needs --resume', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'resume-bench-')), 'run');
  const args = ['bench', '--dataset', 'quick', '--limit', '1', '--backends', 'rules', '--timeout', '30', '--jobs', '1', '--no-report', '--out', out];
  await resumeCases(args, [out], join(out, 'results.jsonl'), {
    args: ['--timeout', '20', '--limit', '2'],
    named: /^error: \S+ was made with other settings: the puzzles \(--dataset, --limit, --sizes, --sample\) was quick: 1 puzzle #[0-9a-f]{8}, now quick: 2 puzzles #[0-9a-f]{8}; --timeout was 30, now 20\. .*choose another --out, or delete \S+$/m,
  }, /resuming: 1 of 1 runs already recorded, 0 to go/);
});

test('fuzz: --resume carries on only under the same settings; a held --out needs --resume', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'resume-fuzz-')), 'run');
  const args = ['fuzz', '--count', '3', '--sizes', '2x2..3x3', '--large-share', '0', '--backends', 'rules', '--timeout', '5', '--shrink', '0', '--jobs', '1', '--out', out];
  await resumeCases(args, [out], join(out, 'runs.jsonl'), {
    args: ['--seed', '9', '--timeout', '4', '--oracle-timeout', '3'],
    named: /^error: \S+ was made with other settings: --seed was 1, now 9; --timeout was 5, now 4; --oracle-timeout was 10, now 3\. /m,
  }, /resuming: 3 of 3 runs already recorded, 0 to go/);
});

test('generate: --resume carries on only under the same settings (a finished set is written again, not made again); a held --out needs --resume', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'resume-generate-')), 'set.txt');
  const args = ['generate', '--size', '4x4', '--count', '2', '--seed', '3', '--confirm', 'none', '--out', out];
  await resumeCases(args, [out, `${out}.state.json`, `${out}.state.jsonl`], `${out}.state.jsonl`, {
    args: ['--confirm-timeout', '20'],
    named: /^error: \S+set\.txt was made with other settings: --confirm-timeout was 300, now 20\. .*delete \S+set\.txt, \S+set\.txt\.state\.json, \S+set\.txt\.state\.jsonl$/m,
  }, /all 2 puzzles made already/);
  const loopy = await cli(['generate', '--size', '4x4', '--with', 'loopy', '--resume', '--out', out]);
  assert.equal(loopy.code, 2);
  assert.match(loopy.stderr, /^error: --resume goes with slitherbench's own generator/m);
});
