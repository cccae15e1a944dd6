// bench --slurm: one SLURM array job, one array task per shard, each task the normal `bench --shard K/N`.
// SLURM is only the scheduler here: sbatch submits, the cluster's queue runs, merge joins the shards.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../../encodings/errors.ts';
import { shellCommand, shellQuote } from '../plans/shell.ts';

export interface SlurmJob {
  /** Absolute results directory: shards in shards/shard-K, the script and logs in slurm/, the merge in it. */
  out: string;
  shards: number;
  /** At most this many array tasks at once (the %M of --array). */
  maxParallel: number;
  /** bench arguments of the plan, without --out, --shard and the SLURM flags. */
  benchArgs: string[];
  jobs: number;
  timeoutSeconds: number;
  memoryMbPerWorker: number;
  /** Tasks in the largest shard, for the time limit. */
  tasksPerShard: number;
  jobName: string;
  sbatchArgs: string[];
  cwd: string;
  /** What the cluster's nodes offer (sinfo), when known: the derived resources are capped to it. */
  capacity?: Capacity | null;
}

export interface Capacity {
  memoryMb: number;
  cpus: number;
  /** The partition's time limit; null when unlimited. */
  timeLimitSeconds: number | null;
}

/** SLURM's time format (minutes, MM:SS, HH:MM:SS, D-HH[:MM[:SS]]) in seconds; null for 'infinite'. */
export function parseSlurmTime(text: string): number | null {
  const t = text.trim();
  if (/^(infinite|unlimited|n\/a)$/i.test(t)) return null;
  const [days, rest] = t.includes('-') ? [Number(t.split('-')[0]), t.split('-')[1]] : [0, t];
  const parts = rest.split(':').map(Number);
  if (parts.some((x) => !Number.isFinite(x))) return null;
  const [h, m, sec] = t.includes('-') ? [parts[0], parts[1] ?? 0, parts[2] ?? 0] : parts.length === 3 ? parts : parts.length === 2 ? [0, parts[0], parts[1]] : [0, parts[0], 0];
  return days * 86400 + h * 3600 + m * 60 + sec;
}

/** The largest node memory and CPU count and the time limit of a partition (the default one unless named), from sinfo. */
export function clusterCapacity(partition?: string): Capacity | null {
  const r = spawnSync('sinfo', ['-h', '-o', '%m|%c|%l|%P', ...(partition ? ['-p', partition] : [])], { encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0 || !r.stdout.trim()) return null;
  const lines = r.stdout.trim().split('\n').map((l) => l.split('|'));
  // Without -p: the default partition (marked '*'), else all of them.
  const chosen = partition ? lines : lines.filter((l) => l[3]?.endsWith('*')).length ? lines.filter((l) => l[3]?.endsWith('*')) : lines;
  const num = (x: string) => Number.parseInt(x, 10) || 0;
  const limits = chosen.map((l) => parseSlurmTime(l[2] ?? ''));
  return {
    memoryMb: Math.max(...chosen.map((l) => num(l[0]))),
    cpus: Math.max(...chosen.map((l) => num(l[1]))),
    timeLimitSeconds: limits.some((x) => x === null) ? null : Math.max(...(limits as number[])),
  };
}

/**
 * The derived resources within what the nodes have: a job asking for more than any node offers is refused
 * (or pends for ever). Memory below 1 GB means the cluster does not declare it: --mem is then left out,
 * and the workers' own resident-memory cap (--memory) still holds.
 */
export function fitResources(wanted: Record<string, string>, capacity: Capacity | null | undefined): { resources: Record<string, string>; notes: string[] } {
  if (!capacity) return { resources: wanted, notes: [] };
  const resources = { ...wanted };
  const notes: string[] = [];
  const mem = Number.parseInt(wanted.mem, 10);
  if (mem > capacity.memoryMb) {
    if (capacity.memoryMb < 1024) {
      delete resources.mem;
      notes.push(`the nodes declare ${capacity.memoryMb} MB of memory (RealMemory unset?): --mem left out; each worker is still capped at its --memory`);
    } else {
      resources.mem = `${capacity.memoryMb}M`;
      notes.push(`--mem lowered from ${mem} MB to the ${capacity.memoryMb} MB of the largest node`);
    }
  }
  const cpus = Number(wanted['cpus-per-task']);
  if (capacity.cpus > 0 && cpus > capacity.cpus) {
    resources['cpus-per-task'] = String(capacity.cpus);
    notes.push(`--cpus-per-task lowered from ${cpus} to the ${capacity.cpus} CPUs of the largest node (the --jobs workers share them)`);
  }
  const time = parseSlurmTime(wanted.time)!;
  if (capacity.timeLimitSeconds !== null && time > capacity.timeLimitSeconds) {
    resources.time = slurmTime(capacity.timeLimitSeconds);
    notes.push(`--time lowered from ${wanted.time} to the partition's limit ${resources.time}; a shard cut short resumes with --resume`);
  }
  return { resources, notes };
}

export const shardDir = (out: string, k: number) => join(out, 'shards', `shard-${k}`);

/** The CLI of this checkout, as the array tasks must run it (the same code on a shared filesystem). */
const BIN = fileURLToPath(new URL('../../../bin/slitherbench.js', import.meta.url));

const SHORT: Record<string, string> = { '-t': 'time', '-c': 'cpus-per-task', '-J': 'job-name', '-o': 'output', '-e': 'error', '-a': 'array', '-p': 'partition', '-A': 'account', '-q': 'qos' };

/** The option name of a pass-through sbatch argument (`--time=1:00:00`, `--time 1:00:00`, `-t 60`). */
export function sbatchOptionName(arg: string): string | null {
  const m = /^--([\w-]+)/.exec(arg) ?? /^(-\w)/.exec(arg);
  if (!m) return null;
  return arg.startsWith('--') ? m[1] : SHORT[m[1]] ?? m[1];
}

/** D-HH:MM:SS */
export function slurmTime(seconds: number): string {
  const s = Math.ceil(seconds);
  const d = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d}-${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * Resources from the limits: a CPU per worker; memory for every worker at its cap plus the parent; time
 * for the worst case (every run of the largest shard at its limit plus the kill grace) plus start-up.
 */
export function slurmResources(job: Pick<SlurmJob, 'jobs' | 'timeoutSeconds' | 'memoryMbPerWorker' | 'tasksPerShard'>) {
  const waves = Math.ceil(job.tasksPerShard / job.jobs);
  return {
    'cpus-per-task': String(job.jobs),
    mem: `${job.jobs * job.memoryMbPerWorker + 1024}M`,
    time: slurmTime(waves * (job.timeoutSeconds + 5) + 300),
  };
}


/**
 * A directive's value as sbatch reads it: it ends a value at white space unless the value is in double
 * quotes, and has no escape for a double quote or a line break inside one.
 */
export function sbatchValue(value: string): string {
  if (!/\s/.test(value)) return value;
  if (/["\n\r]/.test(value)) throw new UsageError(`a path for sbatch holds a double quote or a line break, which an #SBATCH line cannot carry: ${JSON.stringify(value)}`);
  return `"${value}"`;
}

export function sbatchScript(job: SlurmJob): string {
  const overridden = new Set(job.sbatchArgs.map(sbatchOptionName));
  const directives: [string, string][] = [
    ['job-name', job.jobName],
    ['array', `0-${job.shards - 1}%${job.maxParallel}`],
    ...Object.entries(fitResources(slurmResources(job), job.capacity).resources),
    ['output', join(job.out, 'slurm', 'array-%A_%a.out')],
  ];
  const lines = [
    '#!/bin/bash',
    `# slitherbench bench --slurm: ${job.shards} shards of one plan; array task i runs shard i+1.`,
    '# The checkout, the datasets and the results directory must be on a filesystem every node sees.',
    ...directives.filter(([name]) => !overridden.has(name)).map(([name, value]) => `#SBATCH --${name}=${sbatchValue(value)}`),
    ...job.sbatchArgs.map((a) => `#SBATCH ${a}`),
    'set -euo pipefail',
    `cd ${shellQuote(job.cwd)}`,
    'K=$((SLURM_ARRAY_TASK_ID + 1))',
    `LOG=${shellQuote(join(job.out, 'slurm'))}/shard-$K.log`,
    `echo "shard $K/${job.shards} on $(hostname) (job \${SLURM_ARRAY_JOB_ID:-?}_\${SLURM_ARRAY_TASK_ID})" >> "$LOG"`,
    // --resume: a requeued or resubmitted task goes on from the runs its shard already recorded.
    `exec "\${SLITHERBENCH_NODE:-${process.execPath}}" ${shellQuote(BIN)} bench ${shellCommand(job.benchArgs)} --jobs ${job.jobs} --shard "$K/${job.shards}" --out ${shellQuote(join(job.out, 'shards'))}/shard-$K --resume --no-report >> "$LOG" 2>&1`,
    '',
  ];
  return lines.join('\n');
}

export function sbatchMissing(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v sbatch'], { encoding: 'utf8' });
  return found.status === 0 ? null : 'sbatch not found on PATH: bench --slurm needs the SLURM client on the submitting machine (Debian/Ubuntu: apt-get install slurm-client; a whole single-node cluster: slurm-wlm munge, or npm run setup:slurm)';
}

/** Writes the script and submits it; resolves with the job ID once sbatch has printed it, and the exit of sbatch. */
export function submit(job: SlurmJob, wait: boolean): { scriptPath: string; jobId: Promise<string>; finished: Promise<number>; stopWaiting: () => void } {
  const missing = sbatchMissing();
  if (missing) throw new UsageError(missing);
  mkdirSync(join(job.out, 'slurm'), { recursive: true });
  mkdirSync(join(job.out, 'shards'), { recursive: true });
  const scriptPath = join(job.out, 'slurm', 'job.sh');
  writeFileSync(scriptPath, sbatchScript(job), { mode: 0o755 });
  const args = ['--parsable', ...(wait ? ['--wait'] : []), scriptPath];
  const child = spawn('sbatch', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let gotId: (id: string) => void;
  let failed: (e: Error) => void;
  const jobId = new Promise<string>((res, rej) => ((gotId = res), (failed = rej)));
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    const line = /^(\d+)(;[^\n]*)?\n/.exec(stdout);
    if (line) gotId(line[1]);
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const finished = new Promise<number>((res) => child.on('close', (code) => {
    if (!/^\d+/.test(stdout)) failed(new UsageError(`sbatch refused the job: ${stderr.trim().split('\n').filter(Boolean).pop() ?? `exit ${code}`} (script: ${scriptPath})`));
    res(code ?? 1);
  }));
  child.on('error', (e) => failed(e));
  return { scriptPath, jobId, finished, stopWaiting: () => child.kill('SIGTERM') };
}

/**
 * True when the job has left the queue (squeue lists none of its tasks). sbatch --wait polls with a
 * growing interval; asking squeue ends a finished job's wait sooner. False when squeue cannot answer.
 */
export function jobLeftQueue(jobId: string): boolean {
  const r = spawnSync('squeue', ['-h', '-j', jobId, '-o', '%i'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 && r.stdout.trim() === '';
}

/** Runs recorded so far in every shard directory (lines of results.jsonl), for progress while waiting. */
export function recordedRuns(out: string): number {
  const dir = join(out, 'shards');
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const shard of readdirSync(dir)) {
    const path = join(dir, shard, 'results.jsonl');
    if (existsSync(path)) n += readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).length;
  }
  return n;
}

/** The shard directories of a `bench --slurm` results directory, shard 1 first. */
export function slurmShardDirs(out: string): string[] {
  const dir = join(out, 'shards');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((d) => /^shard-\d+$/.test(d)).sort((a, b) => Number(a.slice(6)) - Number(b.slice(6))).map((d) => resolve(dir, d));
}

export interface Submission {
  jobId: string | null;
  shards: number;
  submitted: string;
  script: string;
}

export const submissionPath = (out: string) => join(out, 'slurm', 'submission.json');

export function readSubmission(out: string): Submission | null {
  return existsSync(submissionPath(out)) ? (JSON.parse(readFileSync(submissionPath(out), 'utf8')) as Submission) : null;
}
