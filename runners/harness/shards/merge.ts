// merge: shard directories of one plan joined into one results directory. Same plan or refused; each run
// kept once; tasks no shard recorded listed with the command that runs them; every shard's machine kept.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../../../encodings/errors.ts';
import { readRecords, runKey, type RunRecord } from '../../../reports/records.ts';
import { crossCheck, type Disagreement } from '../results/results-files.ts';
import { writeCsv } from '../results/results-files.ts';
import { slurmShardDirs } from './slurm.ts';
import { assignShards, planTasks, readPlanFile, type PlanFile, type PlanTask } from './shard.ts';
import { shellCommand } from '../plans/shell.ts';
import { planSettingFieldNames, readRunFile, runFieldsOfPlan, writeRunFile, type RunFile } from '../results/run-file.ts';

export interface ShardSummary {
  dir: string;
  shard: { index: number; count: number } | null;
  runs: number;
  machine: MachineDescription;
  started: string | null;
  ended: string | null;
  interrupted: boolean;
  slurm?: unknown;
}

export interface MachineDescription {
  cpu: string;
  cores: number | null;
  memoryMb: number | null;
  os: string;
  hostname: string;
  node: string;
}

export interface MergeOutcome {
  out: string;
  records: RunRecord[];
  planned: number;
  duplicates: number;
  /** Duplicates whose status differed between shards (the first in shard order is kept). */
  conflicts: string[];
  missing: PlanTask[];
  /** One bench command per shard with missing tasks, then the merge that joins them. */
  commands: string[];
  shards: ShardSummary[];
  /** Distinct hardware and software that timed the runs; more than one means timings are mixed. */
  machines: { description: string; hosts: string[]; shards: number[] }[];
  disagreements: Disagreement[];
}

/** A shard's run.json, or nothing when it has none or it is unreadable: merge goes by plan.json and the records. */
const readRun = (dir: string): RunFile => readRunFile(dir, { lenient: true }) ?? {};

const describe = (m: MachineDescription) => `${m.cpu}, ${m.cores ?? '?'} cores, ${m.memoryMb ?? '?'} MB, ${m.os}, Node ${m.node}`;

function machineOf(run: Record<string, unknown>): MachineDescription {
  const m = (run.machine ?? {}) as Record<string, unknown>;
  const s = (run.software ?? {}) as Record<string, unknown>;
  return { cpu: String(m.cpu ?? 'unknown'), cores: typeof m.cores === 'number' ? m.cores : null, memoryMb: typeof m.memoryMb === 'number' ? m.memoryMb : null, os: String(m.os ?? 'unknown'), hostname: String(m.hostname ?? 'unknown'), node: String(s.node ?? '?') };
}

/** Which fields of two plans differ, for the refusal message. */
function planDifference(a: PlanFile, b: PlanFile): string {
  const fields = ['datasets', 'backends', ...planSettingFieldNames(), 'gitCommit'];
  const field = (plan: PlanFile, f: string) => JSON.stringify((plan as unknown as Record<string, unknown>)[f]);
  const differ = fields.filter((f) => field(a, f) !== field(b, f));
  const detail = differ.map((f) => (f === 'datasets' || f === 'backends' ? f : `${f} ${field(a, f)} vs ${field(b, f)}`));
  return detail.join(', ') || 'fingerprint only';
}

// Flags of bench that belong to one shard or to SLURM, not to the plan.
const SHARD_FLAGS_WITH_VALUE = new Set(['--out', '--shard', '--shards', '--sbatch-arg', '--collect', '--max-parallel', '--jobs']);
const SHARD_FLAGS = new Set(['--resume', '--slurm', '--wait', '--dry-run', '--no-report']);

/** The plan's bench arguments without --out, --shard, --resume and the SLURM flags. */
export function planArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.split('=')[0];
    if (a === 'bench' && i === 0) continue;
    if (SHARD_FLAGS.has(a)) continue;
    if (SHARD_FLAGS_WITH_VALUE.has(name)) {
      if (!a.includes('=')) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}


export interface MergeOptions {
  /** The plan, when no shard directory may exist yet (bench --collect after a job that never ran). */
  plan?: PlanFile;
  /** The shard count of the job, when it is known. */
  shardCount?: number;
  /** Where shard K's directory is (default: beside the given ones, shard-K). */
  shardDirOf?: (k: number) => string;
  /** Not from the command line: said on the progress line. */
  quiet?: boolean;
}

export function mergeShards(outDir: string, dirs: readonly string[], options: MergeOptions = {}): MergeOutcome {
  const out = resolve(outDir);
  // A `bench --slurm` directory stands for its shards.
  const given = [...new Set(dirs.map((d) => resolve(d)).flatMap((d) => (!existsSync(join(d, 'plan.json')) && slurmShardDirs(d).length ? slurmShardDirs(d) : [d])))];
  if (given.length === 0 && !options.plan) throw new UsageError('merge needs at least one shard directory');
  if (given.includes(out)) throw new UsageError(`${outDir} is also one of the shard directories; merge into a new directory`);
  if (existsSync(join(out, 'run.json')) && !readRun(out).merged) throw new UsageError(`${outDir} holds a bench run, not a merge; choose another OUT`);
  const shards: { dir: string; plan: PlanFile; run: RunFile; records: RunRecord[] }[] = [];
  for (const dir of given) {
    if (!existsSync(dir)) throw new UsageError(`${dir}: no such directory`);
    const plan = readPlanFile(dir);
    if (!plan) throw new UsageError(`${dir}: no plan.json here (not a bench results directory, or one made before shards existed)`);
    shards.push({ dir, plan, run: readRun(dir), records: readRecords(dir) });
  }
  const reference = options.plan ?? shards[0].plan;
  for (const s of shards) {
    if (s.plan.fingerprint !== reference.fingerprint) {
      const first = options.plan ? 'the submitted job' : shards[0].dir;
      throw new UsageError(`plans differ: ${s.dir} (plan ${s.plan.fingerprint}) and ${first} (plan ${reference.fingerprint}) differ in ${planDifference(reference, s.plan)}; merge only shards of one plan`);
    }
  }
  // Shard order, then path: the same merge whatever order the directories were given in.
  const shardOf = (run: Record<string, unknown>) => (run.shard as { index: number; count: number } | undefined) ?? null;
  shards.sort((a, b) => (shardOf(a.run)?.index ?? 0) - (shardOf(b.run)?.index ?? 0) || a.dir.localeCompare(b.dir));

  const tasks = planTasks(reference);
  const order = new Map(tasks.map((t, i) => [runKey(t), i]));
  const kept = new Map<string, RunRecord>();
  let duplicates = 0;
  const conflicts: string[] = [];
  const strays: RunRecord[] = [];
  for (const s of shards) {
    for (const r of s.records) {
      const key = runKey(r);
      const earlier = kept.get(key);
      if (earlier) {
        duplicates++;
        if (earlier.status !== r.status) conflicts.push(`${r.backend} ${r.instance} repeat ${r.repeat}: ${earlier.status} kept, ${r.status} in ${s.dir}`);
        continue;
      }
      if (!order.has(key)) strays.push(r);
      kept.set(key, r);
    }
  }
  if (strays.length) throw new UsageError(`${strays.length} recorded runs are not in the plan (first: ${strays[0].backend} ${strays[0].instance} repeat ${strays[0].repeat}); the shard directories do not belong to one run`);
  const records = [...kept.values()].sort((a, b) => order.get(runKey(a))! - order.get(runKey(b))!);

  // Missing tasks, by the shard that should have run them.
  const counts = new Set(shards.map((s) => shardOf(s.run)?.count ?? 1));
  const count = options.shardCount ?? (counts.size === 1 ? [...counts][0] : 1);
  const assigned = assignShards(tasks, count);
  const missing = tasks.filter((t) => !kept.has(runKey(t)));
  const missingShards = [...new Set(tasks.map((t, i) => (kept.has(runKey(t)) ? 0 : assigned[i])).filter(Boolean))].sort((a, b) => a - b);
  const args = planArgs(reference.argv);
  const dirOfShard = (k: number) => {
    const present = shards.find((s) => shardOf(s.run)?.index === k && shardOf(s.run)?.count === count);
    if (present) return { dir: present.dir, resume: true };
    if (options.shardDirOf) return { dir: options.shardDirOf(k), resume: existsSync(options.shardDirOf(k)) };
    const sample = shards.find((s) => /shard-\d+$/.test(basename(s.dir)));
    return { dir: sample ? join(dirname(sample.dir), `shard-${k}`) : join(out, 'shards', `shard-${k}`), resume: false };
  };
  const newDirs: string[] = [];
  const commands = missingShards.map((k) => {
    const { dir, resume } = dirOfShard(k);
    if (!given.includes(dir)) newDirs.push(dir);
    return shellCommand(['slitherbench', 'bench', ...args, ...(count > 1 ? ['--shard', `${k}/${count}`] : []), '--out', dir, ...(resume ? ['--resume'] : [])]);
  });
  if (commands.length) commands.push(shellCommand(['slitherbench', 'merge', out, ...shards.map((s) => s.dir), ...newDirs]));

  const summaries: ShardSummary[] = shards.map((s) => ({
    dir: s.dir, shard: shardOf(s.run), runs: s.records.length, machine: machineOf(s.run),
    started: (s.run.started as string | undefined) ?? null, ended: (s.run.ended as string | undefined) ?? null,
    interrupted: Boolean(s.run.interrupted), ...(s.run.slurm ? { slurm: s.run.slurm } : {}),
  }));
  const byMachine = new Map<string, { description: string; hosts: string[]; shards: number[] }>();
  for (const s of summaries) {
    const description = describe(s.machine);
    const entry = byMachine.get(description) ?? { description, hosts: [], shards: [] };
    if (!entry.hosts.includes(s.machine.hostname)) entry.hosts.push(s.machine.hostname);
    entry.shards.push(s.shard?.index ?? 0);
    byMachine.set(description, entry);
  }
  const machines = [...byMachine.values()];

  const disagreements = crossCheck(records);
  const disagreeing = new Set(disagreements.map((d) => d.instance));
  for (const r of records) if (r.agrees === 'yes' && disagreeing.has(r.instance)) r.agrees = 'no';

  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'results.jsonl'), records.map((r) => JSON.stringify(r) + '\n').join(''));
  writeCsv(out, records);
  writeFileSync(join(out, 'disagreements.json'), JSON.stringify(disagreements, null, 2) + '\n');
  writeFileSync(join(out, 'plan.json'), JSON.stringify(reference) + '\n');
  const base = shards[0]?.run ?? {};
  const versions = new Map<string, string[]>();
  for (const s of shards) for (const b of (s.run.backends ?? []) as { label: string; versions?: string[] }[]) for (const v of b.versions ?? []) if (!(versions.get(b.label) ?? []).includes(v)) versions.set(b.label, [...(versions.get(b.label) ?? []), v]);
  const run = {
    merged: true,
    // One machine's description stays where single runs keep it; `machines` lists them all.
    ...(machines.length === 1 ? { machine: base.machine, software: base.software } : {}),
    machines,
    gitCommit: reference.gitCommit,
    invocation: base.invocation ?? { argv: reference.argv },
    datasets: base.datasets ?? reference.datasets.map((d) => ({ name: d.name, instances: d.instances.length })),
    backends: reference.backends.map((b) => ({ ...b, ...(versions.get(b.label) ? { versions: versions.get(b.label) } : {}) })),
    ...runFieldsOfPlan(reference as unknown as Record<string, unknown>),
    limits: base.limits,
    isolation: base.isolation,
    plan: { fingerprint: reference.fingerprint, tasks: tasks.length },
    shards: summaries,
    started: summaries.map((s) => s.started).filter(Boolean).sort()[0] ?? null,
    ended: summaries.every((s) => s.ended) ? summaries.map((s) => s.ended).sort().pop() ?? null : null,
    complete: missing.length === 0,
    missing: missing.length,
    duplicates,
    conflicts,
    missingCommands: commands,
  };
  writeRunFile(out, run);
  return { out, records, planned: tasks.length, duplicates, conflicts, missing, commands, shards: summaries, machines, disagreements };
}

/** What merge says on stderr: counts, the machines, duplicates, missing tasks with their commands. */
export function mergeMessage(m: MergeOutcome, prefix = 'merge'): string {
  const lines = [`${prefix}: ${m.records.length} of ${m.planned} planned runs from ${m.shards.length} shard director${m.shards.length === 1 ? 'y' : 'ies'} into ${m.out}`];
  if (m.machines.length > 1) lines.push(`${prefix}: warning: timings come from ${m.machines.length} different machines; compare times only within one:`);
  for (const machine of m.machines) lines.push(`${prefix}:   machine: ${machine.description} (host ${machine.hosts.join(', ')}; shard ${machine.shards.join(', ')})`);
  if (m.duplicates) lines.push(`${prefix}: ${m.duplicates} duplicate run${m.duplicates > 1 ? 's' : ''} (recorded by more than one shard) kept once`);
  for (const c of m.conflicts) lines.push(`${prefix}: warning: duplicate with another status: ${c}`);
  if (m.missing.length) {
    lines.push(`${prefix}: ${m.missing.length} of ${m.planned} planned runs missing:`);
    const shown = m.missing.slice(0, 20);
    for (const t of shown) lines.push(`${prefix}:   missing ${t.backend} ${t.instance}${t.repeat > 1 || m.missing.some((x) => x.repeat > 1) ? ` repeat ${t.repeat}` : ''}`);
    if (m.missing.length > shown.length) lines.push(`${prefix}:   ... and ${m.missing.length - shown.length} more (all in ${join(m.out, 'missing.txt')})`);
    lines.push(`${prefix}: to run the missing tasks, then merge again:`);
    for (const c of m.commands) lines.push(`  ${c}`);
  }
  return lines.join('\n') + '\n';
}

/** missing.txt: every missing task, one per line, and the commands; removed when nothing is missing. */
export function writeMissingList(m: MergeOutcome): void {
  const path = join(m.out, 'missing.txt');
  if (m.missing.length === 0) {
    rmSync(path, { force: true });
    return;
  }
  writeFileSync(path, [`# ${m.missing.length} missing runs: backend, instance, repeat`, ...m.missing.map((t) => `${t.backend}\t${t.instance}\t${t.repeat}`), '# commands that run them:', ...m.commands.map((c) => `# ${c}`), ''].join('\n'));
}
