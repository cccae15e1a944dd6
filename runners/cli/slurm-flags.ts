// bench --slurm and bench --collect: submit the plan as one array job, wait for it, merge its shards.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../../encodings/errors.ts';
import { describePlan, type BenchPlan } from '../harness/execution/bench.ts';
import { mergeMessage, mergeShards, planArgs, writeMissingList } from '../harness/shards/merge.ts';
import { assignShards, planTasks, type PlanFile } from '../harness/shards/shard.ts';
import { clusterCapacity, jobLeftQueue, fitResources, readSubmission, recordedRuns, sbatchOptionName, sbatchScript, slurmResources, shardDir, slurmShardDirs, submissionPath, submit, type SlurmJob } from '../harness/shards/slurm.ts';
import type { WorkerLimits } from '../workers/worker-process.ts';
import { shellCommand } from '../harness/plans/shell.ts';
import { SETTINGS } from '../settings/table.ts';

export interface SlurmFlags {
  slurm?: boolean;
  shards?: number;
  maxParallel?: number;
  wait?: boolean;
  dryRun?: boolean;
  sbatchArg: string[];
  collect?: string;
  resume?: boolean;
}

type PlanParts = Pick<BenchPlan, 'datasets' | 'backends' | 'settings' | 'invocation'>;

export async function runSlurm(flags: SlurmFlags & { report: boolean }, parts: PlanParts, limits: WorkerLimits, jobs: number, outFlag: string): Promise<void> {
  if (!flags.shards) throw new UsageError('--slurm needs --shards N (one array task per shard)');
  const shards = flags.shards;
  const maxParallel = flags.maxParallel ?? shards;
  const out = resolve(outFlag);
  const plan = describePlan(parts);
  const tasks = planTasks(plan);
  if (shards > tasks.length) throw new UsageError(`--shards ${shards} is more than the ${tasks.length} runs of the plan`);
  const sizes = new Array<number>(shards).fill(0);
  for (const k of assignShards(tasks, shards)) sizes[k - 1]++;
  const job: SlurmJob = {
    out, shards, maxParallel, benchArgs: planArgs(process.argv.slice(2)), jobs, timeoutSeconds: SETTINGS.timeout.unit.toTyped(parts.settings.timeout),
    memoryMbPerWorker: limits.memoryMb, tasksPerShard: Math.max(...sizes), jobName: `slitherbench-${out.split('/').pop()}`,
    sbatchArgs: flags.sbatchArg, cwd: process.cwd(),
  };
  const partitionArg = flags.sbatchArg.find((a) => sbatchOptionName(a) === 'partition');
  job.capacity = clusterCapacity(partitionArg?.replace(/^(--partition|-p)[= ]?/, '').trim() || undefined);
  for (const note of fitResources(slurmResources(job), job.capacity).notes) process.stderr.write(`bench: note: ${note}\n`);
  const summary = `${shards} shards of ${tasks.length} runs (${Math.min(...sizes)}-${Math.max(...sizes)} runs each), ${jobs} worker${jobs > 1 ? 's' : ''} per array task`;
  if (flags.dryRun) {
    process.stdout.write(sbatchScript(job));
    process.stderr.write(`bench: dry run: ${summary}; nothing submitted. To submit: the same command without --dry-run (it runs: sbatch --parsable${flags.wait ? ' --wait' : ''} ${join(out, 'slurm', 'job.sh')})\n`);
    return;
  }
  if (existsSync(join(out, 'run.json')) && !JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).merged) throw new UsageError(`${outFlag} holds a bench run made without --slurm; choose another --out`);
  if (slurmShardDirs(out).length && !flags.resume) throw new UsageError(`${outFlag} already holds shards of a SLURM run; add --resume to submit again and continue them, or choose another --out`);
  const previous = readSubmission(out);
  if (previous && flags.resume && previous.shards !== shards) throw new UsageError(`${outFlag} was submitted with --shards ${previous.shards}; resume it with the same --shards`);
  const submission = submit(job, Boolean(flags.wait));
  const jobId = await submission.jobId;
  mkdirSync(join(out, 'slurm'), { recursive: true });
  writeFileSync(join(out, 'slurm', 'plan.json'), JSON.stringify(plan) + '\n');
  writeFileSync(submissionPath(out), JSON.stringify({ jobId, shards, submitted: new Date().toISOString(), script: submission.scriptPath }, null, 2) + '\n');
  process.stdout.write(`slurm job: ${jobId}\n`);
  process.stderr.write(`bench: submitted SLURM job ${jobId}: ${summary}; shards in ${join(out, 'shards')}, logs in ${join(out, 'slurm')}\n`);
  if (!flags.wait) {
    process.stderr.write(`bench: when the job has finished (squeue -j ${jobId} lists nothing), merge its shards with:\n  slitherbench bench --collect ${outFlag}\n`);
    return;
  }
  let last = -1;
  let gone = 0;
  let stoppedWaiting = false;
  const started = Date.now();
  const poll = setInterval(() => {
    const done = recordedRuns(out);
    if (done !== last) process.stderr.write(`bench: job ${jobId}: ${done}/${tasks.length} runs recorded (${Math.round((Date.now() - started) / 1000)} s)\n`);
    last = done;
    // Twice out of the queue, so that one odd answer of squeue never ends the wait early.
    gone = jobLeftQueue(jobId) ? gone + 1 : 0;
    if (gone >= 2 && !stoppedWaiting) {
      stoppedWaiting = true;
      submission.stopWaiting();
    }
  }, 3000);
  const code = await submission.finished.finally(() => clearInterval(poll));
  if (code !== 0 && !stoppedWaiting) process.stderr.write(`bench: warning: sbatch --wait exited ${code}: some array task failed or found disagreements; see ${join(out, 'slurm')}/shard-*.log\n`);
  await collect(out, flags.report, plan, shards, 'bench');
}

export async function collectSlurm(dir: string, report: boolean): Promise<void> {
  const out = resolve(dir);
  const planPath = join(out, 'slurm', 'plan.json');
  const plan = existsSync(planPath) ? (JSON.parse(readFileSync(planPath, 'utf8')) as PlanFile) : undefined;
  if (!plan && slurmShardDirs(out).length === 0) throw new UsageError(`${dir}: neither slurm/plan.json nor shards/shard-K here; is it the --out of a bench --slurm?`);
  await collect(out, report, plan, readSubmission(out)?.shards, 'bench');
}


function readPlanOf(dir: string | undefined, plan: PlanFile | undefined): PlanFile | undefined {
  if (plan) return plan;
  return dir && existsSync(join(dir, 'plan.json')) ? (JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as PlanFile) : undefined;
}

async function collect(out: string, report: boolean, plan: PlanFile | undefined, shardCount: number | undefined, prefix: string): Promise<void> {
  const merged = mergeShards(out, slurmShardDirs(out), { plan, shardCount, shardDirOf: (k) => shardDir(out, k) });
  writeMissingList(merged);
  process.stderr.write(mergeMessage(merged, prefix));
  const reference = readPlanOf(merged.shards[0]?.dir, plan);
  if (merged.missing.length && reference && shardCount) {
    process.stderr.write(`${prefix}: or submit the job again; every shard resumes from the runs it recorded:\n  ${shellCommand(['slitherbench', 'bench', ...planArgs(reference.argv), '--slurm', '--shards', String(shardCount), '--out', out, '--resume'])}\n`);
  }
  for (const d of merged.disagreements) process.stderr.write(`  disagreement: ${d.instance}: ${d.kind}: ${d.detail}\n`);
  if (report && merged.records.length) {
    const { buildReport } = await import('../../reports/index.ts');
    const { htmlPath } = await buildReport(out);
    process.stdout.write(`report: ${htmlPath}\n`);
  } else {
    process.stdout.write(`results: ${join(out, 'results.csv')}\n`);
  }
  process.exitCode = merged.missing.length ? 1 : merged.disagreements.length ? 3 : 0;
}
