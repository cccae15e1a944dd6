// Shards and merge as a user meets them: N shard runs merged equal one local run, in any order; a missing
// shard is named with the command that runs it; shards of different plans are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assignShards, parseShard, planTasks, type PlanTask } from '../../../../runners/harness/shards/shard.ts';
import { planArgs } from '../../../../runners/harness/shards/merge.ts';
import { readRecords, runKey } from '../../../../reports/records.ts';
import { runCli as cli } from '../../../helpers/cli.ts';

test('--shard K/N is read with K from 1 to N, anything else is a usage error', () => {
  assert.deepEqual(parseShard('2/8'), { index: 2, count: 8 });
  for (const bad of ['0/4', '5/4', '1', 'a/b', '1/0']) assert.throws(() => parseShard(bad), /--shard/);
});

test('shards are disjoint, cover the plan, do not depend on its order of discovery and balance cost', () => {
  const sizes = [[5, 5], [10, 10], [20, 20], [7, 7], [30, 25], [15, 15], [40, 35], [3, 3], [12, 12]] as [number, number][];
  const plan = { datasets: [{ name: 'mixed', instances: sizes.map(([r, c], i) => [`p${i}`, r, c] as [string, number, number]) }], backends: [{ label: 'x' }, { label: 'y' }], repeat: 3 };
  const tasks = planTasks(plan as never);
  assert.equal(tasks.length, sizes.length * 2 * 3);
  for (const n of [1, 2, 3, 4, 7]) {
    const shard = assignShards(tasks, n);
    assert.deepEqual(shard, assignShards(tasks, n), 'deterministic');
    assert.ok(shard.every((k) => k >= 1 && k <= n));
    assert.deepEqual([...new Set(shard)].sort((a, b) => a - b), Array.from({ length: n }, (_, i) => i + 1), 'no shard left empty');
    const cost = (t: PlanTask) => t.cells + 50;
    const load = new Array<number>(n).fill(0);
    tasks.forEach((t, i) => (load[shard[i] - 1] += cost(t)));
    // Largest first to the least loaded: no shard exceeds another by more than one task's cost.
    assert.ok(Math.max(...load) - Math.min(...load) <= Math.max(...tasks.map(cost)), `loads ${load}`);
  }
});

test('the command for missing tasks keeps the plan and drops the shard and SLURM flags', () => {
  assert.deepEqual(planArgs(['bench', '--dataset', 'x.txt', '--shard', '2/4', '--out=o', '--resume', '--backends', 'rules', '--slurm', '--shards', '4', '--sbatch-arg=--partition=p', '--wait', '--jobs', '2', '--timeout', '5']), ['--dataset', 'x.txt', '--backends', 'rules', '--timeout', '5']);
});

// Six unique puzzles of three sizes (Loopy IDs), solved by `rules` in milliseconds.
const PUZZLES = ['5x5t0:3222b2a0c21a1d12b3', '1x1t0:4', 'https://puzz.link/p?slither/3/3/000000000', '5x5t0:3222b2a0c21a1d12b3', 'https://puzz.link/p?slither/3/2/l', '1x1t0:4'];

test('three shards merged equal one local run, in any order; duplicates kept once; a missing shard is named and runnable; other plans are refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-shards-'));
  const set = join(dir, 'set.txt');
  writeFileSync(set, PUZZLES.join('\n') + '\n');
  const plan = ['bench', '--dataset', set, '--backends', 'rules', '--unique', '--repeat', '2', '--timeout', '30', '--jobs', '1', '--no-report'];
  const shard = (k: number, extra: string[] = []) => cli([...plan, ...extra, '--shard', `${k}/3`, '--out', join(dir, 'shards', `shard-${k}`)]);
  for (const k of [1, 2, 3]) {
    const r = await shard(k);
    assert.equal(r.code, 0, r.stderr);
  }
  const local = await cli([...plan, '--out', join(dir, 'local')]);
  assert.equal(local.code, 0, local.stderr);

  const shardRuns = [1, 2, 3].map((k) => readRecords(join(dir, 'shards', `shard-${k}`)).map(runKey));
  assert.equal(new Set(shardRuns.flat()).size, shardRuns.flat().length, 'shards are disjoint');
  assert.equal(shardRuns.flat().length, PUZZLES.length * 2);
  const runInfo = JSON.parse(readFileSync(join(dir, 'shards', 'shard-2', 'run.json'), 'utf8'));
  assert.deepEqual(runInfo.shard, { index: 2, count: 3, tasks: shardRuns[1].length });
  assert.match(runInfo.plan.fingerprint, /^[0-9a-f]{16}$/);

  const m1 = await cli(['merge', join(dir, 'm1'), ...[1, 2, 3].map((k) => join(dir, 'shards', `shard-${k}`)), '--no-report']);
  assert.equal(m1.code, 0, m1.stderr);
  const m2 = await cli(['merge', join(dir, 'm2'), ...[3, 1, 2].map((k) => join(dir, 'shards', `shard-${k}`)), '--no-report']);
  assert.equal(m2.code, 0, m2.stderr);
  assert.equal(readFileSync(join(dir, 'm1', 'results.jsonl'), 'utf8'), readFileSync(join(dir, 'm2', 'results.jsonl'), 'utf8'), 'order does not matter');
  const fields = (d: string) => readRecords(d).map((r) => `${runKey(r)} ${r.status} ${r.unique} ${r.solution_key}`).sort();
  assert.deepEqual(fields(join(dir, 'm1')), fields(join(dir, 'local')), 'run for run the same answers as the local run');
  const merged = JSON.parse(readFileSync(join(dir, 'm1', 'run.json'), 'utf8'));
  assert.equal(merged.complete, true);
  assert.equal(merged.machines.length, 1);
  assert.deepEqual(merged.machines[0].shards, [1, 2, 3]);
  assert.match(m1.stderr, /machine: /);

  // The same merge again over its own output: idempotent.
  const again = await cli(['merge', join(dir, 'm1'), ...[2, 3, 1].map((k) => join(dir, 'shards', `shard-${k}`)), '--no-report']);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readFileSync(join(dir, 'm1', 'results.jsonl'), 'utf8'), readFileSync(join(dir, 'm2', 'results.jsonl'), 'utf8'));

  cpSync(join(dir, 'shards', 'shard-1'), join(dir, 'copy-of-1'), { recursive: true });
  const dup = await cli(['merge', join(dir, 'm3'), join(dir, 'shards', 'shard-1'), join(dir, 'copy-of-1'), join(dir, 'shards', 'shard-2'), join(dir, 'shards', 'shard-3'), '--no-report']);
  assert.equal(dup.code, 0, dup.stderr);
  assert.match(dup.stderr, new RegExp(`${shardRuns[0].length} duplicate runs .*kept once`));
  assert.equal(readRecords(join(dir, 'm3')).length, PUZZLES.length * 2);

  const partial = await cli(['merge', join(dir, 'm4'), join(dir, 'shards', 'shard-1'), join(dir, 'shards', 'shard-3'), '--no-report']);
  assert.equal(partial.code, 0, partial.stderr);
  assert.match(partial.stderr, new RegExp(`${shardRuns[1].length} of ${PUZZLES.length * 2} planned runs missing`));
  const missingLines = partial.stderr.split('\n').filter((l) => /missing rules /.test(l));
  assert.equal(missingLines.length, shardRuns[1].length);
  const command = partial.stderr.split('\n').find((l) => l.includes('--shard 2/3'));
  assert.ok(command, partial.stderr);
  assert.ok(command.includes(join(dir, 'shards', 'shard-2')), command);
  assert.equal(readFileSync(join(dir, 'm4', 'missing.txt'), 'utf8').split('\n').filter((l) => l.startsWith('rules\t')).length, shardRuns[1].length);
  const strict = await cli(['merge', join(dir, 'm5'), join(dir, 'shards', 'shard-1'), join(dir, 'shards', 'shard-3'), '--no-report', '--fail-on-missing']);
  assert.equal(strict.code, 5, strict.stderr);
  // The printed command runs the missing shard (here into a fresh directory); merging again completes the run.
  const words = command.trim().replace(join(dir, 'shards', 'shard-2'), join(dir, 'rerun-2')).split(' ').slice(1);
  const rerun = await cli(words);
  assert.equal(rerun.code, 0, rerun.stderr);
  const complete = await cli(['merge', join(dir, 'm4'), join(dir, 'shards', 'shard-1'), join(dir, 'shards', 'shard-3'), join(dir, 'rerun-2'), '--no-report', '--fail-on-missing']);
  assert.equal(complete.code, 0, complete.stderr);
  assert.doesNotMatch(complete.stderr, /missing/);
  assert.deepEqual(fields(join(dir, 'm4')), fields(join(dir, 'local')));

  const other = await shard(1, ['--seed', '7']);
  assert.equal(other.code, 2, 'a shard directory that holds results is not overwritten without --resume');
  const otherPlan = await cli([...plan, '--seed', '7', '--shard', '2/3', '--out', join(dir, 'other-2')]);
  assert.equal(otherPlan.code, 0, otherPlan.stderr);
  const refused = await cli(['merge', join(dir, 'm5'), join(dir, 'shards', 'shard-1'), join(dir, 'other-2'), '--no-report']);
  assert.equal(refused.code, 2);
  const lines = refused.stderr.trim().split('\n');
  assert.equal(lines.length, 1, refused.stderr);
  assert.match(lines[0], /^error: plans differ: .* seed 1 vs 7/);
});
