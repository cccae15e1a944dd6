import os from 'node:os';
import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadDataset, parseSizes, type Dataset } from '../../../datasets/load.ts';
import { getBackend, listBackends } from '../../../encodings/registry.ts';
import { defaultOut, runBench, type BackendSpec } from '../../harness/bench.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { parseInteger, parseSeconds } from '../../harness/values.ts';
import { readExperiment } from '../../harness/experiment.ts';
import { checkParams, parseParams } from '../../harness/values.ts';
import { DEFAULT_LIMITS } from '../../harness/worker-process.ts';
import { loadPresolver } from '../../harness/presolver.ts';
import { parseShard } from '../../harness/shard.ts';
import { runSlurm, collectSlurm, type SlurmFlags } from '../slurm-flags.ts';
import { DEFAULT_BACKENDS } from '../../harness/default-backends.ts';
import { stopOnInterrupt } from '../../harness/executor.ts';
import { shellCommand } from '../../harness/shell.ts';

/** The main job's back-ends: one per family, when registered and able to run here. */

interface BenchFlags {
  baseline?: string;
  dataset?: string;
  backends?: string;
  config?: string;
  unique?: boolean;
  timeout: string;
  repeat: string;
  jobs?: string;
  out?: string;
  resume?: boolean;
  limit?: string;
  sizes?: string;
  sample?: string;
  seed: string;
  option: string[];
  presolve?: string;
  satEngine?: string;
  memory: string;
  report: boolean;
  shard?: string;
}

export function register(program: Command): void {
  program
    .command('bench')
    .description('run back-ends over a dataset in isolated worker processes; write results.jsonl, results.csv, run.json and the report')
    .option('--dataset <set>', 'built-in set name (see `datasets`), a file of puzzles (one URL or Loopy ID per line), a directory of puzzle files, or a janko JSON / LPL text collection', 'quick')
    .option('--backends <ids>', `comma-separated back-end IDs (default: ${DEFAULT_BACKENDS.join(',')}, those available here)`)
    .option('--config <file>', 'an experiment file (YAML or JSON) naming datasets, back-ends with options, and limits')
    .option('--unique', 'every back-end also proves or refutes uniqueness')
    .option('--timeout <seconds>', 'time limit per run', '60')
    .option('--repeat <k>', 'runs per instance and back-end', '1')
    .option('--jobs <n>', 'worker processes in parallel (default: cores - 1, at least 1)')
    .option('--out <dir>', 'results directory (default: results/<dataset>-<time>)')
    .option('--resume', 'continue the run in --out: recorded runs are skipped, none repeated')
    .option('--limit <n>', 'only the first N instances (after --sizes and --sample)')
    .option('--sizes <list>', 'only these sizes, RxC (rows x columns), comma-separated, e.g. 30x25,40x35')
    .option('--sample <n>', 'a random sample of N instances (drawn with --seed)')
    .option('--seed <n>', 'random seed for --sample and for the solvers', '1')
    .option('--option <key=value>', 'a back-end option for every back-end that declares it (repeatable)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--presolve <backend>', 'decide edges with this back-end\'s deduction before each run: rules, or with its options, e.g. rules:trial=off')
    .option('--sat-engine <name>', 'SAT engine of the sat-* back-ends: logic-solver (default), cadical, minisat, cryptominisat')
    .option('--memory <mb>', 'memory cap per worker process (resident MB; over it the run is memout)', String(DEFAULT_LIMITS.memoryMb))
    .option('--no-report', 'do not build the report at the end')
    .option('--baseline <id>', 'the back-end every scatter chart of the report is drawn against (default: the first back-end listed)')
    .option('--shard <K/N>', 'run only the K-th of N disjoint parts of the task list (K from 1; balanced by puzzle size); join the parts with `merge`')
    .option('--slurm', 'submit the run as one SLURM array job (one array task per shard, each a `bench --shard K/N`) instead of running it here')
    .option('--shards <n>', 'with --slurm: number of shards, one array task each')
    .option('--max-parallel <m>', 'with --slurm: at most M array tasks at once (the %M of --array; default: all)')
    .option('--wait', 'with --slurm: wait for the job, then merge the shards into --out and build the report')
    .option('--dry-run', 'with --slurm: print the sbatch script and submit nothing')
    .option('--sbatch-arg <arg>', 'with --slurm: one more sbatch option, e.g. --sbatch-arg=--partition=long (repeatable; overrides the derived --time, --mem, --cpus-per-task)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--collect <dir>', 'merge the shards of an earlier `bench --slurm --out DIR` into DIR and build its report (other options are ignored)')
    .addHelpText('after', '\nExit status: 0 when done; 3 when back-ends disagree or an answer was rejected by the verifier; 130 when interrupted (resume with --resume); 2 for bad input.\nWith --slurm --wait or --collect: 1 when runs of the plan are missing after the job (listed, with the commands that run them).\nSLURM: --cpus-per-task is --jobs (default 1 with --slurm), --mem covers every worker at --memory plus the parent, --time the worst case of the largest shard.\nThe checkout, the dataset and --out must be on a filesystem that every node sees.')
    .action(async (flags: BenchFlags & SlurmFlags) => {
      if (flags.collect) return collectSlurm(flags.collect, flags.report);
      const shard = flags.shard ? parseShard(flags.shard) : undefined;
      if (shard && flags.slurm) throw new UsageError('--shard and --slurm do not go together: --slurm gives each array task its own --shard');
      for (const f of ['shards', 'wait', 'dryRun', 'maxParallel'] as const) if (flags[f] && !flags.slurm) throw new UsageError(`--${f.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} needs --slurm`);
      if (flags.sbatchArg.length && !flags.slurm) throw new UsageError('--sbatch-arg needs --slurm');
      const experiment = flags.config ? readExperiment(flags.config) : undefined;
      const seed = experiment?.seed ?? parseInteger(flags.seed, '--seed');
      const filters = {
        sizes: flags.sizes ? parseSizes(flags.sizes) : undefined,
        limit: flags.limit ? parseInteger(flags.limit, '--limit', 1) : undefined,
        sample: flags.sample ? parseInteger(flags.sample, '--sample', 1) : undefined,
        seed,
      };
      const datasets: Dataset[] = experiment
        ? experiment.datasets.map((d) => (typeof d === 'string' ? loadDataset(d, filters) : loadDataset(d.path, { sizes: d.sizes ? parseSizes(d.sizes.join(',')) : undefined, limit: d.limit, sample: d.sample, seed: d.seed ?? seed })))
        : [loadDataset(flags.dataset ?? 'quick', filters)];
      for (const d of datasets) {
        if (d.instances.length === 0) throw new UsageError(`dataset ${d.name}: no instances left after the filters`);
        for (const s of d.skipped ?? []) process.stderr.write(`bench: warning: ${d.name}: skipped ${s.id}: ${s.reason}\n`);
      }
      const sharedParams = { ...parseParams(flags.option), ...(flags.satEngine ? { engine: flags.satEngine } : {}) };
      const specs: BackendSpec[] = [];
      const entries = experiment?.backends ?? (flags.backends ? flags.backends.split(',').map((s) => s.trim()).filter(Boolean) : null);
      if (entries) {
        for (const entry of entries) {
          const e = typeof entry === 'string' ? { id: entry } : entry;
          const backend = await getBackend(e.id);
          const availability = await backend.available();
          if (!availability.available) throw new UsageError(`back-end '${backend.name}' cannot run here: ${availability.reason}`);
          const own = Object.fromEntries(Object.entries((e as { options?: Record<string, unknown> }).options ?? {}).map(([k, v]) => [k, String(v)]));
          const params = { ...pick(sharedParams, backend.options?.map((o) => o.name) ?? []), ...own };
          checkParams(backend, params);
          const suffix = Object.keys(own).length ? `[${Object.entries(own).map(([k, v]) => `${k}=${v}`).join(',')}]` : '';
          const presolve = (e as { presolve?: string }).presolve ?? flags.presolve;
          specs.push({ id: backend.name, label: (e as { label?: string }).label ?? `${backend.name}${suffix}${presolve ? `+${presolve}` : ''}`, params, ...(presolve ? { presolve } : {}) });
        }
      } else {
        const all = await listBackends();
        const skipped: string[] = [];
        for (const id of DEFAULT_BACKENDS) {
          const backend = all.find((b) => b.name === id);
          const availability = backend ? await backend.available() : { available: false as const, reason: 'not part of this build' };
          if (!backend || !availability.available) {
            skipped.push(`${id} (${'reason' in availability ? availability.reason : ''})`);
            continue;
          }
          const params = pick(sharedParams, backend.options?.map((o) => o.name) ?? []);
          specs.push({ id, label: `${id}${flags.presolve ? `+${flags.presolve}` : ''}`, params, ...(flags.presolve ? { presolve: flags.presolve } : {}) });
        }
        if (skipped.length) process.stderr.write(`bench: default back-ends skipped: ${skipped.join('; ')}\n`);
        if (specs.length === 0) throw new UsageError('no default back-end can run here');
      }
      if (new Set(specs.map((s) => s.label)).size !== specs.length) throw new UsageError('two back-ends have the same label; give each a distinct label in the experiment file');
      for (const s of specs) if (s.presolve) await loadPresolver(s.presolve);
      // A label, or an ID that names one back-end of the run.
      const baseline = flags.baseline === undefined ? specs[0].label : specs.find((s) => s.label === flags.baseline)?.label ?? (specs.filter((s) => s.id === flags.baseline).length === 1 ? specs.find((s) => s.id === flags.baseline)!.label : undefined);
      if (!baseline) throw new UsageError(`--baseline ${flags.baseline}: not one of this run's back-ends (${specs.map((s) => s.label).join(', ')})`);
      const jobs = flags.jobs ? parseInteger(flags.jobs, '--jobs', 1) : experiment?.jobs ?? (flags.slurm ? 1 : Math.max(1, os.availableParallelism() - 1));
      const timeoutMs = (experiment?.timeout ?? parseSeconds(flags.timeout)) * 1000;
      const out = flags.out ?? experiment?.out ?? defaultOut(experiment?.name ?? datasets.map((d) => d.name).join('+'));
      if (flags.slurm) {
        return runSlurm(flags, {
          datasets, backends: specs, timeoutMs, unique: experiment?.unique ?? Boolean(flags.unique),
          repeat: experiment?.repeat ?? parseInteger(flags.repeat, '--repeat', 1), seed,
          invocation: { argv: process.argv.slice(2) },
        }, { ...DEFAULT_LIMITS, memoryMb: experiment?.memoryMb ?? parseInteger(flags.memory, '--memory', 64) }, jobs, out);
      }
      const { signal, release } = stopOnInterrupt('bench: stopping (Ctrl-C again to quit at once)...');
      const runs = datasets.reduce((n, d) => n + d.instances.length, 0) * specs.length * parseInteger(flags.repeat, '--repeat', 1);
      process.stderr.write(`bench: ${shard ? `shard ${shard.index}/${shard.count} of ` : ''}${runs} runs: ${datasets.map((d) => `${d.name} (${d.instances.length})`).join(', ')} x ${specs.map((s) => s.label).join(', ')}; timeout ${timeoutMs / 1000} s, ${jobs} job${jobs > 1 ? 's' : ''}; results in ${out}\n`);
      const outcome = await runBench({
        datasets, backends: specs, timeoutMs, unique: experiment?.unique ?? Boolean(flags.unique),
        repeat: experiment?.repeat ?? parseInteger(flags.repeat, '--repeat', 1), jobs, seed, out, resume: Boolean(flags.resume),
        limits: { ...DEFAULT_LIMITS, memoryMb: experiment?.memoryMb ?? parseInteger(flags.memory, '--memory', 64) },
        invocation: { argv: process.argv.slice(2), ...(flags.config ? { config: flags.config, experiment } : {}) },
        baseline,
        ...(shard ? { shard } : {}),
      }, signal).finally(release);
      const counts = new Map<string, number>();
      for (const r of outcome.records) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      process.stderr.write(`bench: ${outcome.records.length} runs recorded: ${[...counts].map(([k, v]) => `${v} ${k}`).join(', ')}\n`);
      if (outcome.interrupted) {
        const again = ['slitherbench', ...process.argv.slice(2).filter((a) => a !== '--resume'), ...(flags.out ? [] : ['--out', out]), '--resume'];
        process.stderr.write(`bench: interrupted; every finished run is in ${out}/results.jsonl. Resume with:\n  ${shellCommand(again)}\n`);
        process.exitCode = 130;
        return;
      }
      if (outcome.disagreements.length > 0) {
        process.stderr.write(`bench: ${outcome.disagreements.length} disagreement${outcome.disagreements.length > 1 ? 's' : ''} (also in ${out}/disagreements.json):\n`);
        for (const d of outcome.disagreements) process.stderr.write(`  ${d.instance}: ${d.kind}: ${d.detail}\n`);
      }
      if (flags.report) {
        try {
          const reports = (await import('../../../reports/index.ts')) as { buildReport: (dir: string) => Promise<{ htmlPath: string }> };
          const { htmlPath } = await reports.buildReport(out);
          process.stdout.write(`report: ${shortPath(htmlPath)}\n`);
        } catch (error) {
          process.stderr.write(`bench: warning: the report could not be built (${(error as Error).message}); results are in ${out}; try \`slitherbench report ${out}\`\n`);
          process.stdout.write(`results: ${out}/results.csv\n`);
        }
      } else {
        process.stdout.write(`results: ${out}/results.csv\n`);
      }
      process.exitCode = outcome.disagreements.length > 0 ? 3 : 0;
    });
}

/** A path relative to the working directory when it lies below it, else absolute. */
function shortPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : resolve(path);
}

function pick(params: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => names.includes(k)));
}
