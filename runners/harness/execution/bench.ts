// A benchmark run: datasets x back-ends x repeats, each run in a reused worker process with hard limits,
// every answer verified, every finished run on disk at once, resumable, with cross-checks between back-ends.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset, Instance } from '../../../datasets/load.ts';
import { clueCount, edgeCountOf, gridName } from '../../../encodings/grid.ts';
import { writeLoopy } from '../../../encodings/formats/loopy.ts';
import { writeUrl } from '../../../encodings/formats/url.ts';
import { sameSolution, solutionToKey } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { machineInfo } from '../results/machine.ts';
import { Progress } from './progress.ts';
import { isSolvedLike, readRecords, runKey, statColumns, type RunRecord } from '../../../reports/records.ts';
import { roundMs } from '../../../encodings/clock.ts';
import { defaultBaseline } from '../../../reports/specs.ts';
import { crossCheck, writeCsv, type Disagreement } from '../results/results-files.ts';
import { certificateColumns, provableAsGiven } from '../solving/certificate.ts';
import { RunLog } from '../results/run-log.ts';
import { checkResume, holdsAny, settingsByFlag, type Settings } from '../results/resume.ts';
import { backendLabel } from '../../../encodings/backend-spec.ts';
import { resolvePlan, type BackendSpec, type Experiment, type PlanValues, type ResolvedPlan } from '../plans/experiment.ts';
import { CERTIFY_WHERE_CHEAP, defaultJobs, longFlag, SETTINGS, type CertifyMode } from '../../settings/table.ts';
import { planSettingFields, planSettingsByFlag, readRunFile, runSettingFields, writeRunFile, type RunFile } from '../results/run-file.ts';
import { execute, stopOnInterrupt, type StopSignal } from './executor.ts';
import { DEFAULT_LIMITS, type WorkerLimits, type WorkerRun } from '../../workers/worker-process.ts';
import { workerStartSummary } from '../../workers/worker-starts.ts';
import { contentHash, planFingerprint, planTasks, qualifiedInstance, readPlanFile, shardTasks, type PlanDescription, type PlanFile, type ShardSpec } from '../shards/shard.ts';

export type { BackendSpec } from '../plans/experiment.ts';
export type { Disagreement } from '../results/results-files.ts';

export interface BenchPlan {
  datasets: Dataset[];
  backends: BackendSpec[];
  /** Every value of the plan, by setting name (settings/table.ts), jobs, out and the baseline chosen; times in ms. */
  settings: RunValues;
  resume: boolean;
  /** The command line or config that asked for this run, for run.json. */
  invocation: Record<string, unknown>;
  /** Run only this part of the task list (bench --shard K/N). */
  shard?: ShardSpec;
  /** Runs recorded so far, for a caller that shows its own progress (reproduce); without it, bench's progress line. */
  onProgress?: (done: number, total: number, record: RunRecord) => void;
}

/** A plan's values with those a command chooses when unset: the workers side by side, the results folder, the baseline. */
export type RunValues = PlanValues & { jobs: number; out: string; baseline: string };

export interface BenchOutcome {
  records: RunRecord[];
  disagreements: Disagreement[];
  interrupted: boolean;
  dir: string;
}

interface Task {
  dataset: Dataset;
  instance: Instance;
  backend: BackendSpec;
  repeat: number;
}

/** What a bench run writes into its folder, as it goes (the report comes at the end, from these). */
const BENCH_FILES = ['plan.json', 'run.json', 'results.jsonl', 'results.csv'];

export async function runBench(asked: BenchPlan, signal: StopSignal): Promise<BenchOutcome> {
  const dir = asked.settings.out;
  // Every setting of a resumed run as it started (plan.json, which bench writes before its first run).
  const earlierPlan = existsSync(dir) ? readPlanFile(dir) : null;
  const plan = asMadeWithoutProofs(asked, earlierPlan);
  const { settings } = plan;
  const limits = limitsOf(settings);
  const started = new Date().toISOString();
  const planFile = describePlan(plan);
  checkResume({
    who: 'bench', place: dir, resume: plan.resume, holds: holdsAny(BENCH_FILES.map((f) => join(dir, f))),
    saved: earlierPlan ? benchSettings(earlierPlan) : undefined, now: benchSettings(planFile),
    afresh: `choose another --out, or delete ${dir}`,
  });
  mkdirSync(dir, { recursive: true });
  const runInfo: RunFile = (plan.resume ? readRunFile(dir) : null) ?? {};
  const resumes = Array.isArray(runInfo.resumes) ? (runInfo.resumes as unknown[]) : [];
  const shard = plan.shard ?? { index: 1, count: 1 };
  checkResumedShard(runInfo, shard, dir);
  const log = new RunLog<RunRecord>({ path: join(dir, 'results.jsonl'), place: dir, resume: plan.resume, key: runKey, sync: 'each', noun: 'results' });
  const previous = log.previous;
  const allTasks = planTasks(planFile);
  const myTasks = shard.count > 1 ? shardTasks(allTasks, shard) : allTasks;
  writeFileSync(join(dir, 'plan.json'), JSON.stringify(planFile) + '\n');
  if (plan.resume && runInfo.started) resumes.push({ at: started, alreadyDone: previous.length, gitCommit: planFile.gitCommit });
  const writeRunInfo = (ended: string | null, interrupted: boolean, records: RunRecord[] = []) => {
    // Each back-end's engine and version as its runs reported them.
    const versions: Record<string, string[]> = {};
    for (const r of records) if (r.backend_version && !(versions[r.backend] ??= []).includes(r.backend_version)) versions[r.backend].push(r.backend_version);
    const info: RunFile = {
      ...machineInfo(),
      invocation: plan.invocation,
      datasets: plan.datasets.map((d) => ({ name: d.name, path: d.path, instances: d.instances.length, skipped: d.skipped ?? [] })),
      backends: plan.backends.map(({ certifiesByDefault: _, ...b }) => ({ ...b, ...(versions[b.label] ? { versions: versions[b.label] } : {}) })),
      ...runSettingFields(settings),
      limits: { memoryMbPerWorker: limits.memoryMb, killGraceMs: limits.graceMs },
      plan: { fingerprint: planFile.fingerprint, tasks: allTasks.length },
      shard: { ...shard, tasks: myTasks.length },
      ...slurmInfo(),
      isolation: 'one worker process per job slot and back-end, reused across puzzles; killed and replaced on timeout, memout or crash',
      workerStarts: workerStartSummary(),
      started: runInfo.started ?? started,
      ended,
      interrupted,
      resumes,
    };
    writeRunFile(dir, info);
  };
  writeRunInfo(null, false);

  const backendOf = new Map(plan.backends.map((b) => [b.label, b]));
  const instanceOf = new Map(plan.datasets.flatMap((d) => d.instances.map((i) => [instanceName(d, i, plan.datasets), { dataset: d, instance: i }] as const)));
  const tasks: Task[] = myTasks.filter((t) => !log.has(runKey(t))).map((t) => ({ ...instanceOf.get(t.instance)!, backend: backendOf.get(t.backend)!, repeat: t.repeat }));
  const total = tasks.length + previous.length;
  const progress = plan.onProgress ? undefined : new Progress('bench', total, previous.length);
  if (previous.length > 0 && progress) process.stderr.write(`bench: resuming: ${previous.length} of ${total} runs already recorded, ${tasks.length} to go\n`);
  const records = [...previous];
  let failures = previous.filter((r) => r.status === 'error' || r.status === 'wrong' || r.status === 'memout').length;
  try {
    await execute<Task, RunRecord>({
      tasks, jobs: settings.jobs, signal, limits, log,
      run: async (task, workers) => {
        const lane = { backend: task.backend.id, presolve: task.backend.presolve, key: task.backend.label };
        const certify = certifies(settings.certify, task);
        const run = await workers.solve(lane, task.instance.puzzle, { timeoutMs: settings.timeout, unique: settings.unique, seed: settings.seed, params: task.backend.params, ...(certify ? { certify } : {}) });
        return toRecord(task, run, plan, certify);
      },
      answered: isSolvedLike,
      done: (_task, record) => {
        records.push(record);
        if (record.status === 'error' || record.status === 'wrong' || record.status === 'memout') failures++;
        plan.onProgress?.(records.length, total, record);
        progress?.tick(`${failures} failed`, `${record.backend} ${record.instance}: ${record.status}${isSolvedLike(record) ? ` ${record.solve_ms.toFixed(0)} ms` : ''}`);
      },
    });
  } finally {
    progress?.done();
  }
  const disagreements = crossCheck(records);
  const disagreeing = new Set(disagreements.map((d) => `${d.instance}`));
  for (const r of records) if (r.agrees === 'yes' && disagreeing.has(r.instance)) r.agrees = 'no';
  writeCsv(dir, records);
  writeFileSync(join(dir, 'disagreements.json'), JSON.stringify(disagreements, null, 2) + '\n');
  writeRunInfo(signal.stopped ? null : new Date().toISOString(), signal.stopped, records);
  return { records, disagreements, interrupted: signal.stopped, dir };
}

/**
 * Whether a task's run certifies: every one with --certify (a back-end that cannot says so in its record); by
 * default, with uniqueness, those of a back-end whose proof costs little, unless the puzzle fixes edges (which a
 * proof cannot take), so that no other run gains a "not certified" it never asked for.
 */
function certifies(mode: CertifyMode, task: Task): boolean {
  if (mode === CERTIFY_WHERE_CHEAP) return task.backend.certifiesByDefault === true && provableAsGiven(task.instance.puzzle);
  return mode;
}

/**
 * A run resumed without --certify or --no-certify in a directory whose plan.json records no certification (made
 * with --no-certify, or before bench certified by default) carries on without proofs, as it was made: its runs
 * compare like with like. Any other difference is --resume's to refuse.
 */
function asMadeWithoutProofs(plan: BenchPlan, earlier: PlanFile | null): BenchPlan {
  if (!plan.resume || !earlier || plan.settings.certify !== CERTIFY_WHERE_CHEAP || 'certify' in earlier) return plan;
  process.stderr.write(`bench: ${plan.settings.out} was made without proofs: carrying it on so (to certify, choose another --out)\n`);
  return { ...plan, settings: { ...plan.settings, certify: false } };
}

/**
 * Runs `plan` with bench's runner; the first Ctrl-C (or SIGTERM) says `WHO: stopping` and lets the runs in
 * flight finish (the outcome is then `interrupted`), a second quits at once. A plan still being read counts
 * as part of the run. What the run throws is the caller's to report.
 */
export async function runUntilStopped(who: string, plan: BenchPlan | Promise<BenchPlan>): Promise<BenchOutcome> {
  const { signal, release } = stopOnInterrupt(`${who}: stopping (Ctrl-C again to quit at once)...`);
  try {
    return await runBench(await plan, signal);
  } finally {
    release();
  }
}

/** The bench arguments that run, or carry on, an experiment file's plan into `out`. */
export const experimentArgs = (config: string, out: string) => ['bench', '--config', config, '--out', out, '--resume', '--no-report'];

/**
 * An experiment file's plan as `bench --config FILE --out DIR --resume --no-report` runs it (the file's
 * values, else the defaults), for a caller in this process: the same plan, so the same fingerprint.
 */
export async function experimentPlan(config: string, experiment: Experiment, out: string): Promise<BenchPlan> {
  return benchPlanOf(await resolvePlan({ out }, { path: config, experiment }), { resume: true, invocation: { argv: experimentArgs(config, out), config, experiment } });
}

/**
 * bench's plan for a resolved plan (flags over the file over the defaults), as the command line, the library
 * and an experiment run in this process give it: jobs, unless set, the cores but one; the results folder, unless
 * set, results/<name>-<time>; the baseline, chooseBaseline's of the one asked for.
 */
export function benchPlanOf(plan: ResolvedPlan, run: Pick<BenchPlan, 'resume' | 'invocation'> & Partial<Pick<BenchPlan, 'shard' | 'onProgress'>>): BenchPlan {
  const { settings } = plan;
  return {
    datasets: plan.datasets, backends: plan.backends,
    settings: {
      ...settings,
      jobs: settings.jobs ?? defaultJobs(),
      out: settings.out ?? defaultOut(plan.name ?? plan.datasets.map((d) => d.name).join('+')),
      baseline: chooseBaseline(plan.backends, settings.baseline),
    },
    ...run,
  };
}

/** A worker's limits under a plan's --memory. */
export const limitsOf = (settings: Pick<PlanValues, 'memory'>): WorkerLimits => ({ ...DEFAULT_LIMITS, memoryMb: settings.memory });

/**
 * The back-end every scatter chart of the report is drawn against: the one asked for (a label, or an ID that
 * names one back-end of the run), else the report's default: auto when it runs, else the first listed.
 */
export function chooseBaseline(backends: readonly BackendSpec[], asked?: string): string {
  if (asked === undefined) return defaultBaseline(backends.map((b) => b.label))!;
  const byId = backends.filter((b) => b.id === asked);
  const found = backends.find((b) => b.label === asked)?.label ?? (byId.length === 1 ? byId[0].label : undefined);
  if (!found) throw new UsageError(`--baseline ${asked}: not one of this run's back-ends (${backends.map((b) => b.label).join(', ')})`);
  return found;
}

/** The runs of a plan (its shard, if any) not yet in its results directory. */
export function runsLeft(plan: BenchPlan): number {
  const all = planTasks(describePlan(plan));
  const mine = plan.shard && plan.shard.count > 1 ? shardTasks(all, plan.shard) : all;
  const done = new Set(readRecords(plan.settings.out).map(runKey));
  return mine.filter((t) => !done.has(runKey(t))).length;
}

/** A plan's settings as --resume compares them, by the flags that give them. */
export function benchSettings(plan: PlanDescription): Settings {
  const puzzles = plan.datasets.map((d) => `${d.name}: ${d.instances.length} puzzle${d.instances.length === 1 ? '' : 's'} #${d.contentHash.slice(0, 8)}`).join(', ');
  const backends = plan.backends.map((b) => {
    const spelled = backendLabel(b.id, b.params, b.presolve);
    return b.label === spelled ? spelled : `${b.label}=${spelled}`;
  });
  const choosing = (['dataset', 'limit', 'sizes', 'sample'] as const).map((n) => longFlag(SETTINGS[n])).join(', ');
  return {
    [`the puzzles (${choosing})`]: puzzles,
    ...settingsByFlag({ backends: backends.join(',') }),
    ...planSettingsByFlag(plan as unknown as Record<string, unknown>),
    code: plan.gitCommit,
  };
}

/** Instance ids are prefixed with the dataset name only when a run has several datasets. */
function instanceName(dataset: Dataset, instance: Instance, all: Dataset[]): string {
  return qualifiedInstance(dataset.name, instance.id, all.length);
}

/** The plan as plan.json holds it: what every shard of this run must agree on. */
export function describePlan(plan: Pick<BenchPlan, 'datasets' | 'backends' | 'invocation'> & { settings: PlanValues }): PlanFile {
  const description: PlanDescription = {
    datasets: plan.datasets.map((d) => ({
      name: d.name,
      contentHash: contentHash(d.instances.map((i) => ({ id: i.id, puzzle: writeUrl(i.puzzle) }))),
      instances: d.instances.map((i) => [i.id, i.puzzle.rows, i.puzzle.cols] as [string, number, number]),
    })),
    backends: plan.backends.map((b) => ({ id: b.id, label: b.label, params: b.params, ...(b.presolve ? { presolve: b.presolve } : {}) })),
    ...planSettingFields(plan.settings),
    gitCommit: (machineInfo().gitCommit as string | null) ?? null,
  };
  const argv = Array.isArray(plan.invocation.argv) ? (plan.invocation.argv as string[]) : [];
  return { fingerprint: planFingerprint(description), ...description, argv };
}

/** A shard directory resumed as another shard would mix two task lists. */
function checkResumedShard(runInfo: RunFile, shard: ShardSpec, dir: string): void {
  const before = runInfo.shard;
  if (before && (before.index !== shard.index || before.count !== shard.count)) {
    throw new UsageError(`${dir} holds shard ${before.index}/${before.count}; resume it with --shard ${before.index}/${before.count}, or choose another --out`);
  }
}

/** Where SLURM ran this shard, when it did. */
function slurmInfo(): Record<string, unknown> {
  const env = process.env;
  if (!env.SLURM_JOB_ID) return {};
  return { slurm: { jobId: env.SLURM_ARRAY_JOB_ID ?? env.SLURM_JOB_ID, arrayTaskId: env.SLURM_ARRAY_TASK_ID ?? null, node: env.SLURMD_NODENAME ?? null, cluster: env.SLURM_CLUSTER_NAME ?? null } };
}

function toRecord(task: Task, run: WorkerRun, plan: BenchPlan, certify: boolean): RunRecord {
  const { result } = run;
  const { stats, solution } = result;
  let agrees: RunRecord['agrees'] = '';
  if (solution && task.instance.published && verify(task.instance.puzzle, task.instance.published).valid) {
    agrees = sameSolution(solution, task.instance.published) ? 'yes' : 'no';
  }
  const { puzzle } = task.instance;
  return {
    instance: instanceName(task.dataset, task.instance, plan.datasets),
    dataset: task.dataset.name,
    backend: task.backend.label,
    ...(result.backendVersion ? { backend_version: result.backendVersion } : {}),
    repeat: task.repeat,
    status: result.rejected ? 'wrong' : result.status,
    unique: result.unique,
    wall_ms: roundMs(run.wallMs),
    solve_ms: roundMs(result.timeMs),
    ...statColumns(stats),
    rows: puzzle.rows,
    cols: puzzle.cols,
    clues: clueCount(puzzle),
    grid: gridName(puzzle),
    edges: edgeCountOf(puzzle),
    peak_rss_mb: run.peakRssMb,
    agrees,
    ...(certify ? certificateColumns(result.certificate) : {}),
    message: result.message ?? (result.certificate?.certified === 'no' ? `not certified: ${result.certificate.reason}` : ''),
    stats,
    solution_key: solution ? solutionToKey(solution) : '',
    // A puzz.link URL draws the square grid only; another grid keeps its Loopy game ID.
    puzzle: puzzle.tiling ? writeLoopy(puzzle) : writeUrl(puzzle),
  };
}

export function defaultOut(datasetName: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '-');
  return join('results', `${datasetName.replace(/[^\w.-]+/g, '_')}-${stamp}`);
}
