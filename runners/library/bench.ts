// Benchmarking from a program: the plan `bench` resolves from its flags (and an experiment file), run by
// bench's own runner, so the results directory is the one `bench` writes (results.jsonl, results.csv,
// run.json, plan.json) and `report DIR` draws it. Progress goes to a callback instead of stderr.
// bench's runner, the plan reader (yaml, zod) and the dataset loader load with the first runBench, not with
// the library: a program that only solves never loads them.
import { parseBackendList } from '../../encodings/backend-spec.ts';
import { UsageError } from '../../encodings/errors.ts';
import type { RunRecord } from '../../reports/records.ts';
import type { Disagreement } from '../harness/bench.ts';
import type { PlanFlags } from '../harness/experiment.ts';

export type { Disagreement, RunRecord };

/** What `bench` takes, by the names of its flags (times in ms); a field left out is the file's value, else bench's default. */
export interface BenchOptions {
  /** Where the results go (bench --out); an existing run there is continued only with `resume`. */
  out: string;
  /** A built-in set name, a file of puzzles one per line, a directory of puzzle files, or a janko / LPL collection. */
  dataset?: string;
  /** An experiment file (YAML or JSON), as bench --config. */
  config?: string;
  /** Back-ends with their options, as --backends writes them: `auto,cdcl-loop:core=typescript`. */
  backends?: string;
  timeoutMs?: number;
  unique?: boolean;
  /** Every back-end that can also certifies its answer, a proof checked by the independent checker (implies unique). */
  certify?: boolean;
  repeat?: number;
  /** Workers side by side (default: cores - 1). */
  jobs?: number;
  seed?: number;
  resume?: boolean;
  memoryMb?: number;
  /** Only these sizes, `RxC,RxC`. */
  sizes?: string;
  limit?: number;
  sample?: number;
  /** An option for every back-end that declares it (--option key=value). */
  options?: Record<string, string>;
  presolve?: string;
  /** The back-end every scatter chart of the report is drawn against: a label, or an ID that names one back-end of the run. */
  baseline?: string;
  /** After every run is on disk: how many of how many, and its record (a row of results.jsonl). */
  onProgress?: (progress: { done: number; total: number; record: RunRecord }) => void;
  /** Stops the run: running workers are killed, and every finished run stays in `out` (carry on with `resume`). */
  signal?: AbortSignal;
}

export interface BenchResult {
  /** Every run of the plan recorded in `out`, as results.jsonl holds them. */
  records: RunRecord[];
  /** Where back-ends disagree (solvable, unique, the loop), or an answer was rejected. */
  disagreements: Disagreement[];
  /** True when the signal stopped the run before its end. */
  interrupted: boolean;
  dir: string;
}

/** Every option's name, so that a misspelt one is refused instead of ignored. */
const KNOWN: Record<keyof BenchOptions, true> = {
  out: true, dataset: true, config: true, backends: true, timeoutMs: true, unique: true, certify: true, repeat: true, jobs: true, seed: true, resume: true,
  memoryMb: true, sizes: true, limit: true, sample: true, options: true, presolve: true, baseline: true, onProgress: true, signal: true,
};

const positive = (value: number | undefined, name: string, whole = true) => {
  if (value !== undefined && !(Number.isFinite(value) && value > 0 && (!whole || Number.isInteger(value)))) throw new UsageError(`${name} must be a positive ${whole ? 'whole ' : ''}number, got ${value}`);
  return value;
};

/** Runs a benchmark plan in worker processes, as `bench` does, and returns its records. */
export async function runBench(options: BenchOptions): Promise<BenchResult> {
  if (!options || typeof options.out !== 'string' || !options.out) throw new UsageError('runBench needs `out`, the results directory');
  const unknown = Object.keys(options).filter((k) => !Object.hasOwn(KNOWN, k));
  if (unknown.length) throw new UsageError(`runBench: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; it takes ${Object.keys(KNOWN).join(', ')}`);
  const [{ benchPlanOf, chooseBaseline, runBench: runPlan }, { readExperiment, resolvePlan }, { parseSizes }] = await Promise.all([import('../harness/bench.ts'), import('../harness/experiment.ts'), import('../../datasets/load.ts')]);
  const flags: PlanFlags = {
    ...(options.dataset !== undefined ? { dataset: options.dataset } : {}),
    ...(options.backends !== undefined ? { backends: parseBackendList(options.backends, 'backends') } : {}),
    ...(options.timeoutMs !== undefined ? { timeout: positive(options.timeoutMs, 'timeoutMs', false)! / 1000 } : {}),
    ...(options.unique !== undefined ? { unique: options.unique } : {}),
    ...(options.certify !== undefined ? { certify: options.certify } : {}),
    ...(options.repeat !== undefined ? { repeat: positive(options.repeat, 'repeat') } : {}),
    ...(options.jobs !== undefined ? { jobs: positive(options.jobs, 'jobs') } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    out: options.out,
    ...(options.memoryMb !== undefined ? { memoryMb: positive(options.memoryMb, 'memoryMb') } : {}),
    ...(options.sizes !== undefined ? { sizes: parseSizes(options.sizes) } : {}),
    ...(options.limit !== undefined ? { limit: positive(options.limit, 'limit') } : {}),
    ...(options.sample !== undefined ? { sample: positive(options.sample, 'sample') } : {}),
    ...(options.options !== undefined ? { options: options.options } : {}),
    ...(options.presolve !== undefined ? { presolve: options.presolve } : {}),
  };
  const plan = await resolvePlan(flags, options.config ? { path: options.config, experiment: readExperiment(options.config) } : undefined);
  for (const d of plan.datasets) if (d.instances.length === 0) throw new UsageError(`dataset ${d.name}: no instances left after the filters`);
  const stop = { stopped: Boolean(options.signal?.aborted) };
  const onAbort = () => {
    stop.stopped = true;
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const outcome = await runPlan(
      benchPlanOf(plan, {
        out: options.out,
        resume: Boolean(options.resume),
        baseline: chooseBaseline(plan.backends, options.baseline),
        invocation: { library: 'runBench', options: { ...options, onProgress: undefined, signal: undefined } },
        // A callback, even the caller's absent one, keeps bench's progress line off stderr.
        onProgress: (done, total, record) => options.onProgress?.({ done, total, record }),
      }),
      stop,
    );
    return { records: outcome.records, disagreements: outcome.disagreements, interrupted: outcome.interrupted, dir: outcome.dir };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
