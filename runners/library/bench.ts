// Benchmarking from a program: the plan `bench` resolves from its flags (and an experiment file), run by
// bench's own runner, so the results directory is the one `bench` writes (results.jsonl, results.csv,
// run.json, plan.json) and `report DIR` draws it. Progress goes to a callback instead of stderr.
// bench's runner, the plan reader (yaml, zod) and the dataset loader load with the first runBench, not with
// the library: a program that only solves never loads them.
import { UsageError } from '../../encodings/errors.ts';
import type { RunRecord } from '../../reports/records.ts';
import type { Disagreement } from '../harness/execution/bench.ts';
import { checkKind, settingRows, type LibrarySettings, type PlanFlags } from '../settings/table.ts';

export type { Disagreement, RunRecord };

/**
 * What `bench` takes, each setting by its library name in the settings table (runners/settings/table.ts, whose
 * help says what each does), times in ms: `timeoutMs`, `memoryMb`; `backends` and `sizes` written as on the
 * command line. A field left out is the experiment file's value, else bench's default.
 */
export type BenchOptions = LibrarySettings & {
  /** Where the results go (bench --out); an existing run there is continued only with `resume`. */
  out: string;
  /** After every run is on disk: how many of how many, and its record (a row of results.jsonl). */
  onProgress?: (progress: { done: number; total: number; record: RunRecord }) => void;
  /** Stops the run: running workers are killed, and every finished run stays in `out` (carry on with `resume`). */
  signal?: AbortSignal;
};

export interface BenchResult {
  /** Every run of the plan recorded in `out`, as results.jsonl holds them. */
  records: RunRecord[];
  /** Where back-ends disagree (solvable, unique, the loop), or an answer was rejected. */
  disagreements: Disagreement[];
  /** True when the signal stopped the run before its end. */
  interrupted: boolean;
  dir: string;
}

/** The options that are not settings: how the caller follows and stops the run. */
const CALLER_OPTIONS = ['onProgress', 'signal'];

/** The settings of the options given, by setting name, each checked (text forms read as the command line reads them). */
function planFlagsOf(options: BenchOptions): PlanFlags {
  const given = options as Record<string, unknown>;
  const known = settingRows().filter(([, row]) => row.library !== undefined);
  // `out` first: the one every call needs.
  const names = [...new Set(['out', ...known.map(([, row]) => row.library!), ...CALLER_OPTIONS])];
  const unknown = Object.keys(options).filter((k) => !names.includes(k));
  if (unknown.length) throw new UsageError(`runBench: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; it takes ${names.join(', ')}`);
  const flags: Record<string, unknown> = {};
  for (const [name, row] of known) {
    const value = given[row.library!];
    if (value === undefined) continue;
    if (row.kind) checkKind(value, row.kind, row.library!);
    flags[name] = row.libraryText && row.parse ? row.parse(value as string, undefined, row.library) : value;
  }
  return flags as PlanFlags;
}

/** Runs a benchmark plan in worker processes, as `bench` does, and returns its records. */
export async function runBench(options: BenchOptions): Promise<BenchResult> {
  if (!options || typeof options.out !== 'string' || !options.out) throw new UsageError('runBench needs `out`, the results directory');
  const flags = planFlagsOf(options);
  const [{ benchPlanOf, runBench: runPlan }, { readExperiment, resolvePlan }] = await Promise.all([import('../harness/execution/bench.ts'), import('../harness/plans/experiment.ts')]);
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
        resume: Boolean(options.resume),
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
