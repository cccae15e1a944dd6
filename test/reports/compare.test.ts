// compare A B: regressions are exactly the runs answered in A and not in B; the speed-up, its interval and
// the Wilcoxon test behave as their definitions say; the CLI writes its files and exits 4 on request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compareRecords, geomeanWithInterval, wilcoxonP } from '../../reports/compare.ts';
import type { RunRecord } from '../../reports/records.ts';

const run = promisify(execFile);
const BIN = new URL('../../bin/slitherbench.js', import.meta.url).pathname;

function record(instance: string, backend: string, status: RunRecord['status'], ms: number, repeat = 1): RunRecord {
  return {
    instance, dataset: 'set', backend, repeat, status, unique: null, wall_ms: ms + 1, solve_ms: ms, encode_ms: null, solver_ms: null,
    rows: 5, cols: 5, clues: 10, variables: null, clauses: null, iterations: null, cuts: null, peak_rss_mb: null, agrees: '', message: '',
    stats: {}, solution_key: '', puzzle: '',
  };
}

// Twenty instances, two back-ends; 'slow' takes 100 ms x i, so instances 11-20 need more than 1 s.
function runA(): RunRecord[] {
  const out: RunRecord[] = [];
  for (let i = 1; i <= 20; i++) out.push(record(`p${i}`, 'fast', 'solved', 10 + i), record(`p${i}`, 'slow', i === 3 ? 'unsat' : 'solved', 100 * i));
  return out;
}

/** The same runs with 'slow' under a 1 s limit: what took longer became a timeout. */
function runBWithOneSecondLimit(): RunRecord[] {
  return runA().map((r) => (r.backend === 'slow' && r.solve_ms > 1000 ? { ...r, status: 'timeout' as const, solve_ms: 1000 } : r));
}

test('with one back-end under a 1 s limit, the regressions are exactly the runs that became timeouts', () => {
  const c = compareRecords(runA(), runBWithOneSecondLimit());
  const slow = c.backends.find((b) => b.backend === 'slow')!;
  const fast = c.backends.find((b) => b.backend === 'fast')!;
  assert.equal(slow.regressions, 10);
  assert.deepEqual(c.runs.filter((r) => r.change === 'regression').map((r) => r.instance).sort(), Array.from({ length: 10 }, (_, i) => `p${i + 11}`).sort());
  assert.equal(slow.improvements, 0);
  assert.equal(slow.statusDifferences, 10);
  assert.deepEqual([fast.regressions, fast.improvements, fast.statusDifferences], [0, 0, 0]);
  assert.equal(c.total.regressions, 10);
  // Reversed, the same runs are improvements.
  assert.equal(compareRecords(runBWithOneSecondLimit(), runA()).total.improvements, 10);
  // Equal runs: nothing differs and the speed-up is 1.
  const same = compareRecords(runA(), runA());
  assert.equal(same.total.statusDifferences, 0);
  assert.equal(same.total.geomeanSpeedup, 1);
});

test('runs pair by instance, back-end and repeat; a run in one side only is counted, not paired', () => {
  const a = [record('p1', 'x', 'solved', 10, 1), record('p1', 'x', 'solved', 12, 2), record('p2', 'x', 'solved', 5)];
  const b = [record('p1', 'x', 'solved', 20, 1), record('p1', 'x', 'timeout', 60, 2), record('p3', 'x', 'solved', 5)];
  const c = compareRecords(a, b).backends[0];
  assert.deepEqual([c.paired, c.regressions, c.onlyA, c.onlyB, c.instances], [2, 1, 1, 1, 1]);
  // p1: median over the answered repeats, 11 ms in A against 20 ms in B.
  assert.ok(Math.abs(c.geomeanSpeedup! - 11 / 20) < 1e-12);
});

test('geometric mean and its bootstrap interval: exact for constant ratios, seeded, around the estimate', () => {
  assert.deepEqual(geomeanWithInterval([2, 2, 2, 2]), { geomean: 2, interval: [2, 2] });
  const ratios = [0.5, 1.2, 3, 2.2, 0.9, 1.8, 2.5, 1.1, 4, 0.7];
  const g = geomeanWithInterval(ratios)!;
  assert.deepEqual(g, geomeanWithInterval(ratios));
  assert.ok(Math.abs(g.geomean - Math.exp(ratios.map(Math.log).reduce((s, x) => s + x) / ratios.length)) < 1e-12);
  assert.ok(g.interval[0] < g.geomean && g.geomean < g.interval[1], JSON.stringify(g));
  assert.equal(geomeanWithInterval([]), null);
});

test('Wilcoxon signed-rank: ten differences of one sign give the exact two-sided p = 2/1024; symmetric ones do not reject', () => {
  assert.ok(Math.abs(wilcoxonP([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])! - 2 / 1024) < 1e-9);
  assert.ok(wilcoxonP([1, -1.1, 2, -2.1, 3, -3.1, 4, -4.1])! > 0.5);
  assert.equal(wilcoxonP([0, 0, 0]), null);
});

function writeRun(dir: string, records: RunRecord[], cpu: string, timeoutSeconds: number): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.jsonl'), records.map((r) => JSON.stringify(r) + '\n').join(''));
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ machine: { cpu, cores: 2, memoryMb: 1024, os: 'Linux', hostname: 'h' }, software: { node: 'v20' }, timeoutSeconds, datasets: [{ name: 'set' }] }));
}

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test('compare writes compare.md, a self-contained compare.html, compare.csv and the scatter chart; --fail-on-regression exits 4', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-compare-'));
  writeRun(join(dir, 'a'), runA(), 'cpu one', 60);
  writeRun(join(dir, 'b'), runBWithOneSecondLimit(), 'cpu two', 1);
  const r = await cli(['compare', join(dir, 'a'), join(dir, 'b'), '--out', join(dir, 'cmp'), '--fail-on-regression']);
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /10 regressions/);
  assert.match(r.stderr, /different machines/);
  assert.match(r.stderr, /time limits differ: A 60 s, B 1 s/);
  for (const f of ['compare.md', 'compare.html', 'compare.csv', 'charts/compare-scatter.svg', 'charts/compare-scatter.png', 'charts/compare-scatter.vl.json']) assert.ok(existsSync(join(dir, 'cmp', f)), f);
  const md = readFileSync(join(dir, 'cmp', 'compare.md'), 'utf8');
  assert.match(md, /\| slow \| 20 \| 10 \| 0 \| 10 \|/);
  assert.match(md, /## Regressions \(10\)/);
  const html = readFileSync(join(dir, 'cmp', 'compare.html'), 'utf8');
  assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=/, 'nothing loaded from elsewhere');
  assert.match(html, /<svg/);
  assert.equal(readFileSync(join(dir, 'cmp', 'compare.csv'), 'utf8').trim().split('\n').length, 41);

  const same = await cli(['compare', join(dir, 'a'), join(dir, 'a'), '--out', join(dir, 'cmp2'), '--fail-on-regression']);
  assert.equal(same.code, 0, same.stderr);
  assert.match(same.stderr, /0 status differences/);
  const bad = await cli(['compare', join(dir, 'a'), join(dir, 'nowhere')]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: .*nowhere.*no results\.jsonl/);
});
