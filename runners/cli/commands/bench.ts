import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { benchPlanOf, limitsOf, runUntilStopped } from '../../harness/execution/bench.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { readExperiment, resolvePlan } from '../../harness/plans/experiment.ts';
import { parseShard } from '../../harness/shards/shard.ts';
import { runSlurm, collectSlurm, type SlurmFlags } from '../slurm-flags.ts';
import { DEFAULT_BACKENDS } from '../../harness/plans/default-backends.ts';
import { shellCommand } from '../../harness/plans/shell.ts';
import { addFlags, benchFlagNames, planFlags, refuseTyped } from '../../settings/command-line.ts';
import { SETTINGS } from '../../settings/table.ts';

interface BenchFlags {
  out?: string;
  config?: string;
  resume?: boolean;
  report: boolean;
  shard?: string;
}

export function register(declared: Command): void {
  const command = declared;
  // Every setting of a bench plan in the table (each with a runBench option), these first in this order.
  const settings = benchFlagNames(['dataset', 'backends', 'config', 'unique', 'certify', 'timeout', 'repeat', 'jobs', 'out', 'resume', 'limit', 'sizes', 'sample', 'seed', 'option', 'presolve', 'satEngine', 'memory', 'report', 'baseline']);
  addFlags(command, settings, {
    backends: { help: `${SETTINGS.backends.help} (default: ${DEFAULT_BACKENDS.join(', ')}, those available here)` },
    unique: { help: 'every back-end also proves or refutes uniqueness; the back-ends whose proof costs little beside the answer (`backends` says which) also certify it, as --certify does, unless --no-certify' },
    certify: { help: 'every back-end that can also certifies its answer (a proof checked by the independent checker; implies --unique): the certified, proof_bytes and check_ms columns; without it, --unique certifies only where the proof costs little' },
    out: { help: 'results directory (default: results/<dataset>-<time>)' },
    seed: { help: 'random seed for --sample and for the solvers' },
    presolve: { help: "decide edges with this back-end's deduction before each run: rules, or with its options, e.g. rules:trial=off" },
  });
  addFlags(command, ['shard', 'slurm', 'shards', 'maxParallel', 'wait', 'dryRun', 'sbatchArg', 'collect']);
  command
    .addHelpText('after', '\nWith --config, a flag typed beside the file wins over the file\'s value (--backends replaces its back-ends, --dataset its datasets, --option and --presolve apply to each of its back-ends).\nExit status: 0 when done; 3 when back-ends disagree or an answer was rejected by the verifier; 130 when interrupted (resume with --resume); 2 for bad input.\nWith --slurm --wait or --collect: 1 when runs of the plan are missing after the job (listed, with the commands that run them).\nSLURM: --cpus-per-task is --jobs (default 1 with --slurm), --mem covers every worker at --memory plus the parent, --time the worst case of the largest shard.\nThe checkout, the dataset and --out must be on a filesystem that every node sees.')
    .action(async (_options: unknown, self: Command) => {
      const flags = self.opts<BenchFlags & SlurmFlags>();
      if (flags.collect) {
        refuseTyped(self, ['collect', 'report'], 'bench --collect only merges the shards of an earlier run and builds its report; leave these out');
        return collectSlurm(flags.collect, flags.report);
      }
      const shard = flags.shard ? parseShard(flags.shard) : undefined;
      if (shard && flags.slurm) throw new UsageError('--shard and --slurm do not go together: --slurm gives each array task its own --shard');
      for (const f of ['shards', 'wait', 'dryRun', 'maxParallel'] as const) if (flags[f] && !flags.slurm) throw new UsageError(`--${f.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} needs --slurm`);
      if (flags.sbatchArg.length && !flags.slurm) throw new UsageError('--sbatch-arg needs --slurm');
      const experiment = flags.config ? readExperiment(flags.config) : undefined;
      const plan = await resolvePlan(planFlags(self), flags.config && experiment ? { path: flags.config, experiment } : undefined);
      const { datasets, backends: specs } = plan;
      for (const d of datasets) {
        if (d.instances.length === 0) throw new UsageError(`dataset ${d.name}: no instances left after the filters`);
        for (const s of d.skipped ?? []) process.stderr.write(`bench: warning: ${d.name}: skipped ${s.id}: ${s.reason}\n`);
      }
      if (plan.skipped.length) process.stderr.write(`bench: default back-ends skipped: ${plan.skipped.join('; ')}\n`);
      // Under SLURM each array task is given one core unless --jobs says more.
      if (flags.slurm) plan.settings.jobs ??= 1;
      const run = benchPlanOf(plan, { resume: Boolean(flags.resume), invocation: { argv: process.argv.slice(2) } });
      const { jobs, out, timeout } = run.settings;
      if (flags.slurm) return runSlurm(flags, run, limitsOf(run.settings), jobs, out);
      const runs = datasets.reduce((n, d) => n + d.instances.length, 0) * specs.length * run.settings.repeat;
      process.stderr.write(`bench: ${shard ? `shard ${shard.index}/${shard.count} of ` : ''}${runs} runs: ${datasets.map((d) => `${d.name} (${d.instances.length})`).join(', ')} x ${specs.map((s) => s.label).join(', ')}; timeout ${SETTINGS.timeout.unit.toTyped(timeout)} s, ${jobs} job${jobs > 1 ? 's' : ''}; results in ${out}\n`);
      const outcome = await runUntilStopped('bench', {
        ...run,
        invocation: { argv: process.argv.slice(2), ...(flags.config ? { config: flags.config, experiment } : {}) },
        ...(shard ? { shard } : {}),
      });
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

