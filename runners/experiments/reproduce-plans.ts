// What every source of `reproduce` shares: its claims, the bench plans behind them (YAML files beside this
// one, run by bench's own runner with --resume, so that a reproduction resumes where it stopped), and the
// reading of their results. A claim's figure is computed from those results only.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { SHARED_DATASETS } from '../../datasets/shared.ts';
import { experimentSchema, type Experiment } from '../harness/plans/experiment.ts';
import { experimentArgs, experimentPlan, runsLeft, runUntilStopped, type BenchOutcome, type BenchPlan } from '../harness/execution/bench.ts';
import { formatSeconds } from '../harness/execution/progress.ts';
import { readRecords, type RunRecord } from '../../reports/records.ts';
import type { ClaimRow, Verdict } from '../../reports/reproduce-page.ts';
import { chartBase, colourScale, logScale, type ChartSpec, type Spec } from '../../reports/specs.ts';
import type { Table } from '../../reports/tables.ts';
import { shellCommand } from '../harness/plans/shell.ts';
import { readRunFile, runTimeoutMs, type RunFile } from '../harness/results/run-file.ts';

import { SOURCE_NAMES, type SourceName } from './source-names.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** A bench plan: a YAML experiment file in runners/experiments/, and what --quick changes in it. */
export interface PlanDef {
  name: string;
  /** File name in runners/experiments/ (or an absolute path). `{run}` in a dataset path is the plan's results directory, `{shared}` ../shared/datasets. */
  yaml: string;
  quick: { timeout?: number; limit?: number; sample?: number; repeat?: number };
  /** Writes what the plan reads from `{run}` (generated puzzles), deterministically, before the bench. */
  prepare?(runDir: string, quick: boolean, say: (line: string) => void): Promise<void>;
}

/** The results of one plan as run. */
export interface PlanResults {
  name: string;
  dir: string;
  records: RunRecord[];
  run: RunFile;
  /** Why the plan has no results (its data is missing, it failed), else null. */
  missing: string | null;
}

export interface Evaluation {
  ours: string;
  verdict: Verdict;
  why: string;
  table?: Table;
  charts?: ChartSpec[];
  figures?: { caption: string; svg: string }[];
}

export interface ClaimDef {
  id: string;
  sentence: string;
  published: string;
  /** The plan whose results the figure is computed from (a plan may serve several claims and sources). */
  plan: string;
  evaluate(results: PlanResults, context: { quick: boolean }): Evaluation;
}

export interface SourceDef {
  name: SourceName;
  title: string;
  seedFile: string;
  notes?: string[];
  plans: PlanDef[];
  claims: ClaimDef[];
}

export interface RunOptions {
  out: string;
  quick: boolean;
}

/** Where a plan's results go: quick runs apart, so that --quick never resumes into a full run. */
export const planDir = (options: RunOptions, plan: PlanDef) => join(options.out, 'runs', `${plan.name}${options.quick ? '-quick' : ''}`);

/** The plan as it is run: placeholders resolved, --quick applied, datasets whose shared file is absent dropped. */
export function resolvePlan(plan: PlanDef, options: RunOptions): { experiment: Experiment; dropped: string[] } {
  const text = readFileSync(resolve(HERE, plan.yaml), 'utf8');
  const experiment = experimentSchema.parse(parseYaml(text));
  const runDir = resolve(planDir(options, plan));
  const dropped: string[] = [];
  const datasets = experiment.datasets.flatMap((d) => {
    const entry = typeof d === 'string' ? { path: d } : { ...d };
    entry.path = entry.path.replace('{run}', runDir).replace('{shared}', SHARED_DATASETS.replace(/\/$/, ''));
    // The third-party collections live beside the repository, which a clone may lack.
    if (entry.path.startsWith(SHARED_DATASETS) && !existsSync(entry.path)) {
      dropped.push(entry.path);
      return [];
    }
    if (options.quick && plan.quick.limit) entry.limit = Math.min(entry.limit ?? Infinity, plan.quick.limit);
    if (options.quick && plan.quick.sample) entry.sample = Math.min(entry.sample ?? Infinity, plan.quick.sample);
    return [entry];
  });
  const quick = options.quick ? { ...(plan.quick.timeout ? { timeout: plan.quick.timeout } : {}), ...(plan.quick.repeat ? { repeat: plan.quick.repeat } : {}) } : {};
  const { out: _out, ...rest } = experiment;
  // Times are compared with published ones: no proof unless the plan asks (bench would certify some back-ends by default).
  const plain = rest.unique && rest.certify === undefined ? { certify: false } : {};
  return { experiment: { ...rest, ...plain, ...quick, name: plan.name, datasets }, dropped };
}

const shortPath = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

/** The one command that reruns a source (or one claim of it) into the same directory. */
export function reproduceCommand(source: string, options: RunOptions, claim?: string): string {
  return shellCommand(['npx', 'slitherbench', 'reproduce', source, ...(claim ? ['--claim', claim] : []), ...(options.quick ? ['--quick'] : []), '--out', shortPath(resolve(options.out))]);
}

/** The experiment file of a plan as run (placeholders resolved, --quick applied), in its results directory beside bench's own plan.json. */
const EXPERIMENT_FILE = 'experiment.json';

/** The command that runs a plan again by itself, paths as seen from the working directory. */
export const benchCommand = (dir: string) => shellCommand(['npx', 'slitherbench', ...experimentArgs(join(shortPath(resolve(dir)), EXPERIMENT_FILE), shortPath(resolve(dir)))]);

/** The progress line of a whole reproduction: plans done, runs of the current plan, time so far. */
export class ReproduceProgress {
  private readonly started = Date.now();
  private readonly tty = Boolean(process.stderr.isTTY);
  private lastPrinted = 0;
  constructor(private readonly plans: number) {}

  show(planIndex: number, plan: string, detail: string, force = false): void {
    const line = `reproduce: plan ${planIndex + 1}/${this.plans} ${plan}: ${detail}  (${formatSeconds((Date.now() - this.started) / 1000)})`;
    if (this.tty) process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`);
    else if (force || Date.now() - this.lastPrinted > 5000) {
      process.stderr.write(`${line}\n`);
      this.lastPrinted = Date.now();
    }
  }

  say(line: string): void {
    process.stderr.write(`${this.tty ? '\r\x1b[K' : ''}${line}\n`);
  }

  done(): void {
    if (this.tty) process.stderr.write('\r\x1b[K');
  }
}

/**
 * Runs one plan with bench's runner, as `bench --config DIR/experiment.json --out DIR --resume` would: already
 * recorded runs are skipped, so a plan whose runs are all recorded is not started again. Returns why it has
 * no results, or null.
 */
export async function runPlan(plan: PlanDef, options: RunOptions, progress: ReproduceProgress, index: number): Promise<string | null> {
  const dir = planDir(options, plan);
  mkdirSync(dir, { recursive: true });
  const { experiment, dropped } = resolvePlan(plan, options);
  for (const path of dropped) progress.say(`reproduce: ${plan.name}: ${path} is absent (../shared/datasets beside the repository holds it); left out`);
  if (experiment.datasets.length === 0) return `its data is absent here (${dropped.join(', ')})`;
  if (plan.prepare) await plan.prepare(resolve(dir), options.quick, (line) => progress.say(line));
  const config = join(dir, EXPERIMENT_FILE);
  writeFileSync(config, JSON.stringify(experiment, null, 2) + '\n');
  let bench: BenchPlan;
  try {
    bench = { ...(await experimentPlan(config, experiment, dir)), onProgress: (done, total) => progress.show(index, plan.name, `${done}/${total} runs`) };
    if (runsLeft(bench) === 0) {
      progress.show(index, plan.name, 'already complete', true);
      return null;
    }
  } catch (error) {
    return `bench could not start: ${(error as Error).message}`;
  }
  progress.show(index, plan.name, 'starting', true);
  let outcome: BenchOutcome;
  try {
    outcome = await runUntilStopped('reproduce', bench);
  } catch (error) {
    return `bench failed: ${(error as Error).message}`;
  }
  // Disagreements and answers the verifier rejected are recorded; some claims are about them.
  if (outcome.interrupted) throw new Interrupted(plan.name);
  progress.show(index, plan.name, 'done', true);
  return null;
}

export class Interrupted extends Error {
  constructor(readonly plan: string) {
    super(`interrupted during ${plan}`);
  }
}

/** Reads a plan's results as they are on disk now. */
export function readPlan(plan: PlanDef, options: RunOptions, missing: string | null): PlanResults {
  const dir = planDir(options, plan);
  const run = readRunFile(dir) ?? {};
  const records = readRecords(dir);
  return { name: plan.name, dir, records, run, missing: missing ?? (records.length === 0 ? 'no results yet' : null) };
}

/** "CPU, N cores, M MB" of the run, with the load note every timing here needs. */
export function machineOf(run: Record<string, unknown>): string {
  const m = (run.machine ?? {}) as { cpu?: string; cores?: number; memoryMb?: number; os?: string };
  if (!m.cpu) return 'not run';
  return `${m.cpu}, ${m.cores} cores, ${Math.round((m.memoryMb ?? 0) / 1024)} GB, ${m.os ?? ''}; Node ${String(((run.software ?? {}) as { node?: string }).node ?? '?')}; ${run.jobs ?? '?'} job(s); a shared machine, timings noisy`;
}

/** A claim whose plan has no results: not comparable, and why. */
export function missingEvaluation(name: string, r: PlanResults | undefined): Evaluation | null {
  if (!r || r.missing) return { ours: 'not measured', verdict: 'not comparable', why: `plan ${name} has no results: ${r?.missing ?? 'not run'}` };
  // A missing engine or library fails every run alike: that is no figure at all.
  if (r.records.every((x) => x.status === 'error')) return { ours: 'not measured', verdict: 'not comparable', why: `every run of plan ${name} failed: ${r.records[0].message || 'no message'}` };
  return null;
}

/** Turns a source's claims and its plans' results into page rows. */
export function claimRows(source: SourceDef, results: Map<string, PlanResults>, options: RunOptions): { rows: ClaimRow[]; charts: ChartSpec[] } {
  const rows: ClaimRow[] = [];
  const charts: ChartSpec[] = [];
  for (const claim of source.claims) {
    const plan = results.get(claim.plan);
    let evaluation = missingEvaluation(claim.plan, plan);
    if (!evaluation) {
      try {
        evaluation = claim.evaluate(plan!, { quick: options.quick });
      } catch (error) {
        evaluation = { ours: 'not computed', verdict: 'not comparable', why: `the figure could not be computed: ${(error as Error).message}` };
      }
    }
    rows.push({
      source: source.name, claim: claim.id, sentence: claim.sentence, seedFile: source.seedFile, published: claim.published,
      ours: evaluation.ours, verdict: evaluation.verdict, why: evaluation.why, machine: plan ? machineOf(plan.run) : 'not run',
      command: reproduceCommand(source.name, options, claim.id), table: evaluation.table, charts: evaluation.charts?.map((c) => c.name), figures: evaluation.figures,
    });
    charts.push(...(evaluation.charts ?? []));
  }
  return { rows, charts };
}

/** The runs of one back-end label (as the plan names it), optionally of one dataset. */
export function runsOf(results: PlanResults, label: string, dataset?: string): RunRecord[] {
  return results.records.filter((r) => r.backend === label && (dataset === undefined || r.dataset === dataset));
}

/** The plan's per-run time limit, in ms, from its run.json. */
export const timeoutMsOf = (results: PlanResults) => runTimeoutMs(results.run) ?? 0;

/** "12 ms" for a figure in ms; "-" when there is none. */
export const msText = (x: number | null) => (x === null ? '-' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : x >= 10 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);

/**
 * One line per encoding on log-log axes, `x` and `y` the fields of `values` to plot as they are: how a
 * figure (time, variables) grows with the grid in the sources that compare encodings.
 */
export function encodingLines(chart: { name: string; title: string; heading: string }, encodings: string[], values: Record<string, unknown>[], x: { field: string; title: string }, y: { field: string; title: string }, extra: Spec = {}): ChartSpec {
  const axis = (a: { field: string; title: string }) => ({ ...a, type: 'quantitative', scale: logScale(values.map((v) => Number(v[a.field]))) });
  return {
    name: chart.name,
    title: chart.title,
    spec: chartBase(chart.heading, {
      data: { values },
      mark: { type: 'line', point: true },
      encoding: { x: axis(x), y: axis(y), color: { field: 'encoding', type: 'nominal', title: 'encoding', scale: colourScale(encodings) }, ...extra },
    }),
  };
}
