// A results page states how its figures were made (command, commit, machine, load, runs) and shows the
// figures of the run's records; a run.json without the load says so rather than inventing one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { provenanceLines, readRunInfo, resultsPage } from '../../reports/results-page.ts';
import { writeFixtureRun } from '../fixtures/results/make.ts';

const BIN = new URL('../../bin/slitherbench.js', import.meta.url).pathname;

function fixtureRun(extra: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'results-page-'));
  writeFixtureRun(dir);
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...run, ...extra }));
  return dir;
}

test('the page names the command, commit, machine, load and runs, then the summary of the records', () => {
  const dir = fixtureRun({
    gitCommit: 'abc123',
    loadAverage: { atStart: [1.5, 1.25, 1], atWrite: [2, 1.5, 1.1] },
    started: '2026-01-01T00:00:00Z', ended: '2026-01-01T00:01:00Z', unique: true, jobs: 1, repeat: 1,
    backends: [{ label: 'alpha' }, { label: 'beta' }],
  });
  const page = resultsPage({ dir, run: readRunInfo(dir), command: 'npx slitherbench bench --dataset quick', title: 'Fixture' });
  assert.match(page, /^# Fixture\n/);
  assert.match(page, /- command: `npx slitherbench bench --dataset quick`/);
  assert.match(page, /- commit: `abc123`/);
  assert.match(page, /- machine: fixture, 2 cores, 1024 MB/);
  assert.match(page, /- load average \(1, 5, 15 min\): 1\.50, 1\.25, 1\.00 at the start, 2\.00, 1\.50, 1\.10 at the end/);
  assert.match(page, /- runs: \d+ \(datasets: fixture/);
  assert.match(page, /\| back-end \| size \| runs \| solved \|/);
  assert.match(page, /PAR-2: mean over runs/);
});

test('a run without a recorded load or commit says so', () => {
  const lines = provenanceLines({}, 3, 'not recorded').join('\n');
  assert.match(lines, /commit: not recorded/);
  assert.match(lines, /load average \(1, 5, 15 min\): not recorded/);
});

test('results-page writes the page from a bench directory, and refuses a directory without run.json', async () => {
  const dir = fixtureRun({ invocation: { argv: ['bench', '--dataset', 'quick', '--out', 'results/my run'] } });
  const out = join(dir, 'page', 'quick.md');
  await promisify(execFile)(process.execPath, [BIN, 'results-page', dir, '--out', out]);
  assert.match(readFileSync(out, 'utf8'), /- command: `npx slitherbench bench --dataset quick --out 'results\/my run'`/);
  const empty = mkdtempSync(join(tmpdir(), 'results-page-'));
  const refused = await promisify(execFile)(process.execPath, [BIN, 'results-page', empty]).then(() => null, (e: { code: number; stderr: string }) => e);
  assert.equal(refused?.code, 2);
  assert.match(refused!.stderr, /^error: .*no run\.json here/);
});
