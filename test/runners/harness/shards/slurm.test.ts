// The sbatch script of bench --slurm, without a cluster: one array task per shard, resources from the
// limits and within what the nodes offer, pass-through arguments winning over derived ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitResources, parseSlurmTime, sbatchOptionName, sbatchScript, slurmResources, slurmTime, type SlurmJob } from '../../../../runners/harness/shards/slurm.ts';

const job: SlurmJob = {
  out: '/shared/results/run1', shards: 8, maxParallel: 3, benchArgs: ['--dataset', 'sets/my set.txt', '--backends', 'rules,sat-lazy', '--timeout', '60'],
  jobs: 2, timeoutSeconds: 60, memoryMbPerWorker: 2048, tasksPerShard: 10, jobName: 'slitherbench-run1', sbatchArgs: [], cwd: '/shared/checkout',
};

test('the script: an array of one task per shard, K = array index + 1, each a resumable bench --shard', () => {
  const script = sbatchScript(job);
  assert.match(script, /^#!\/bin\/bash\n/);
  assert.match(script, /^#SBATCH --array=0-7%3$/m);
  assert.match(script, /^#SBATCH --cpus-per-task=2$/m);
  assert.match(script, /^#SBATCH --mem=5120M$/m);
  // 10 runs on 2 workers: 5 waves of 60 s + 5 s grace, plus 300 s start-up.
  assert.match(script, /^#SBATCH --time=0-00:10:25$/m);
  assert.match(script, /^cd \/shared\/checkout$/m);
  assert.match(script, /K=\$\(\(SLURM_ARRAY_TASK_ID \+ 1\)\)/);
  assert.match(script, /bench --dataset 'sets\/my set\.txt' --backends rules,sat-lazy --timeout 60 --jobs 2 --shard "\$K\/8" --out \/shared\/results\/run1\/shards\/shard-\$K --resume --no-report/);
});

test('an output path with a space is in double quotes on its #SBATCH line (sbatch ends a value at a space)', () => {
  const script = sbatchScript({ ...job, out: '/shared/my results/run1' });
  assert.match(script, /^#SBATCH --output="\/shared\/my results\/run1\/slurm\/array-%A_%a\.out"$/m);
  assert.match(sbatchScript(job), /^#SBATCH --output=\/shared\/results\/run1\/slurm\/array-%A_%a\.out$/m);
  assert.throws(() => sbatchScript({ ...job, out: '/shared/my "results"' }), /double quote/);
});

test('--sbatch-arg replaces the derived option of the same name and adds the others', () => {
  const script = sbatchScript({ ...job, sbatchArgs: ['--time=02:00:00', '-p long', '--account=lab'] });
  assert.doesNotMatch(script, /--time=0-/);
  assert.match(script, /^#SBATCH --time=02:00:00$/m);
  assert.match(script, /^#SBATCH -p long$/m);
  assert.match(script, /^#SBATCH --account=lab$/m);
  assert.equal(sbatchOptionName('-t 60'), 'time');
  assert.equal(sbatchOptionName('--mem 4G'), 'mem');
});

test('SLURM times both ways', () => {
  assert.equal(slurmTime(3725), '0-01:02:05');
  assert.equal(slurmTime(90061), '1-01:01:01');
  for (const [text, seconds] of [['30', 1800], ['30:00', 1800], ['1:00:00', 3600], ['2-00:00:00', 172800], ['infinite', null]] as const) assert.equal(parseSlurmTime(text), seconds, text);
});

test('resources are capped to the nodes: memory left out when undeclared, lowered when smaller; CPUs and time too', () => {
  const wanted = slurmResources(job);
  assert.deepEqual(fitResources(wanted, null).resources, wanted);
  const undeclared = fitResources(wanted, { memoryMb: 1, cpus: 64, timeLimitSeconds: null });
  assert.equal(undeclared.resources.mem, undefined);
  assert.match(undeclared.notes[0], /--mem left out/);
  const small = fitResources(wanted, { memoryMb: 4000, cpus: 1, timeLimitSeconds: 300 });
  assert.deepEqual(small.resources, { 'cpus-per-task': '1', mem: '4000M', time: '0-00:05:00' });
  assert.equal(small.notes.length, 3);
});
