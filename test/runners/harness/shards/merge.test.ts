// A merged run's report: the machines of every shard are named (a caution when they differ), and repeats
// are summarised with median, min-max and their coefficient of variation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeShards } from '../../../../runners/harness/shards/merge.ts';
import { assignShards, planFingerprint, planTasks, type PlanDescription } from '../../../../runners/harness/shards/shard.ts';
import { buildReport } from '../../../../reports/index.ts';
import { coefficientOfVariation, summaryRows } from '../../../../reports/summary.ts';
import type { RunRecord } from '../../../../reports/records.ts';

const description: PlanDescription = {
  datasets: [{ name: 'set', contentHash: 'f00', instances: [['p1', 5, 5], ['p2', 5, 5], ['p3', 10, 10]] }],
  backends: [{ id: 'rules', label: 'rules', params: {} }],
  timeoutSeconds: 10, unique: false, repeat: 3, seed: 1, memoryMbPerWorker: 1024, gitCommit: 'abc',
};
const plan = { fingerprint: planFingerprint(description), ...description, argv: ['bench', '--dataset', 'set.txt', '--repeat', '3'] };

// Repeat r of instance pN takes base x (1, 1.1, 0.9): a CV of 10% for every instance.
const timeOf = (instance: string, repeat: number) => Number(instance.slice(1)) * 100 * [1, 1.1, 0.9][repeat - 1];

function record(instance: string, repeat: number): RunRecord {
  const size = instance === 'p3' ? 10 : 5;
  return {
    instance, dataset: 'set', backend: 'rules', repeat, status: 'solved', unique: null, wall_ms: 0, solve_ms: timeOf(instance, repeat),
    encode_ms: null, solver_ms: null, rows: size, cols: size, clues: 0, variables: null, clauses: null, iterations: null, cuts: null,
    peak_rss_mb: null, agrees: '', message: '', stats: {}, solution_key: '', puzzle: '',
  };
}

test('coefficient of variation: sample standard deviation over mean', () => {
  assert.ok(Math.abs(coefficientOfVariation([100, 110, 90])! - 0.1) < 1e-12);
  assert.equal(coefficientOfVariation([5]), null);
});

test('merged shards from two machines: both named in run.json, summary.md and report.html; repeats summarised', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-merge-report-'));
  const tasks = planTasks(plan);
  const shard = assignShards(tasks, 2);
  for (const k of [1, 2]) {
    const d = join(dir, `shard-${k}`);
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, 'plan.json'), JSON.stringify(plan));
    writeFileSync(join(d, 'run.json'), JSON.stringify({ machine: { cpu: `cpu model ${k}`, cores: 8, memoryMb: 32000, os: 'Linux', hostname: `node${k}` }, software: { node: 'v20' }, shard: { index: k, count: 2 }, timeoutSeconds: 10, datasets: [{ name: 'set' }] }));
    writeFileSync(join(d, 'results.jsonl'), tasks.filter((_, i) => shard[i] === k).map((t) => JSON.stringify(record(t.instance, t.repeat)) + '\n').join(''));
  }
  const out = join(dir, 'merged');
  const merged = mergeShards(out, [join(dir, 'shard-2'), join(dir, 'shard-1')]);
  assert.equal(merged.missing.length, 0);
  assert.equal(merged.machines.length, 2);
  const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  assert.deepEqual(run.machines.map((m: { hosts: string[] }) => m.hosts[0]).sort(), ['node1', 'node2']);
  assert.equal(run.machine, undefined, 'no single machine stands for a run timed on two');

  const rows = summaryRows(merged.records, 10_000);
  const all = rows.find((r) => r.sizeClass === 'all')!;
  assert.equal(all.repeats, 3);
  assert.ok(Math.abs(all.repeatCv! - 0.1) < 1e-9);
  assert.equal(all.minMs, 90);
  assert.equal(all.maxMs, 330);

  await buildReport(out);
  const md = readFileSync(join(out, 'summary.md'), 'utf8');
  assert.match(md, /timings come from different machines/);
  assert.match(md, /cpu model 1.*node1/);
  assert.match(md, /cpu model 2.*node2/);
  assert.match(md, /\| min-max \(ms\) \| CV of repeats \|/);
  assert.match(md, /\| \*\*rules\*\* \| all \| 9 \| 9 \| 0 \| 0 \| [\d.]+ \| 200\.0 \| 90\.0-330\.0 \| 10\.0% \|/);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.match(html, /Timings come from different machines/);
  assert.match(html, /cpu model 2[^<]*: host node2/);
});
