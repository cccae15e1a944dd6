// npm run test:slurm: a real single-node SLURM cluster on loopback (slurm-wlm and munge), `bench --slurm
// --shards 4 --wait` on the quick set, and the merged results run for run equal to a local bench of the plan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecords, runKey } from '../../../../../reports/records.ts';
import { slurmMissing, startCluster } from '../../../helpers/local-cluster.ts';
import { runCli as cli } from '../../../../helpers/cli.ts';

const missing = slurmMissing();

test('bench --slurm --shards 4 --wait on a local cluster equals a local bench, run for run', { skip: missing ?? false, timeout: 600_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-slurm-test-'));
  const plan = ['bench', '--dataset', 'quick', '--backends', 'rules,sat-lazy', '--unique', '--timeout', '60', '--memory', '1024'];
  const cluster = await startCluster();
  try {
    const dry = await cli([...plan, '--slurm', '--shards', '4', '--dry-run', '--out', join(dir, 'slurm')], cluster.env);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /#SBATCH --array=0-3%4/);
    assert.ok(!existsSync(join(dir, 'slurm')), 'a dry run writes nothing');

    const submitted = await cli([...plan, '--slurm', '--shards', '4', '--wait', '--out', join(dir, 'slurm')], cluster.env);
    assert.equal(submitted.code, 0, `${submitted.stderr}\n${cluster.log()}`);
    assert.match(submitted.stdout, /^slurm job: \d+$/m);
    assert.match(submitted.stderr, /--mem left out/, 'the node declares no memory, so the job must not ask for any');
    const shardInfo = JSON.parse(readFileSync(join(dir, 'slurm', 'shards', 'shard-3', 'run.json'), 'utf8'));
    assert.equal(shardInfo.slurm.arrayTaskId, '2', 'array task 2 ran shard 3');

    const local = await cli([...plan, '--jobs', '1', '--no-report', '--out', join(dir, 'local')]);
    assert.equal(local.code, 0, local.stderr);
    const answers = (d: string) => readRecords(d).map((r) => `${runKey(r)} ${r.status} ${r.unique} ${r.solution_key}`).sort();
    assert.equal(answers(join(dir, 'slurm')).length, answers(join(dir, 'local')).length);
    assert.deepEqual(answers(join(dir, 'slurm')), answers(join(dir, 'local')));

    const compared = await cli(['compare', join(dir, 'local'), join(dir, 'slurm'), '--out', join(dir, 'cmp'), '--fail-on-regression']);
    assert.equal(compared.code, 0, compared.stderr);
    assert.match(compared.stderr, / 0 status differences/);

    // Collecting again is the same merge.
    const before = readFileSync(join(dir, 'slurm', 'results.jsonl'), 'utf8');
    const collected = await cli(['bench', '--collect', join(dir, 'slurm'), '--no-report']);
    assert.equal(collected.code, 0, collected.stderr);
    assert.equal(readFileSync(join(dir, 'slurm', 'results.jsonl'), 'utf8'), before);
  } finally {
    cluster.stop();
  }
});

test('without sbatch on PATH, bench --slurm names the Debian packages', async () => {
  const r = await cli(['bench', '--dataset', 'quick', '--backends', 'rules', '--slurm', '--shards', '2', '--out', join(tmpdir(), 'never')], { ...process.env, PATH: '/nonexistent' });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^error: sbatch not found.*slurm-client.*slurm-wlm munge/);
});
