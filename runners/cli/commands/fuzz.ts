import { join } from 'node:path';
import type { Command } from 'commander';
import type { BackendChoice } from '../../../encodings/backend-spec.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { ORACLE_MAX_CELLS } from '../../../encodings/oracle.ts';
import type { BackendSpec } from '../../harness/execution/bench.ts';
import { allVariants, runFuzz } from '../../harness/fuzz/fuzz.ts';
import { resolveDefaultVariants, resolveVariants } from '../../harness/plans/experiment.ts';
import { parseSizeRange, type SizeRange } from '../../harness/fuzz/fuzz-cases.ts';
import { loadPresolver } from '../../harness/solving/presolver.ts';
import { DEFAULT_BACKENDS } from '../../harness/plans/default-backends.ts';
import { stopOnInterrupt } from '../../harness/execution/executor.ts';
import { addFlags, flagOption } from '../../settings/command-line.ts';
import { defaultJobs, SETTINGS } from '../../settings/table.ts';
import { TILINGS } from '../../../encodings/tilings/index.ts';

interface FuzzFlags {
  count: number;
  grids: string;
  sizes: string;
  largeSizes: string;
  largeShare: number;
  backends?: BackendChoice[];
  presolve?: string;
  seed: number;
  jobs?: number;
  timeout: number;
  oracleCells: number;
  /** ms, as every time is held. */
  oracleTimeout: number;
  shrink: number;
  shrinkBudget: number;
  out?: string;
  resume?: boolean;
  certify?: boolean;
}

function sizeRange(text: string, flag: string): SizeRange {
  try {
    return parseSizeRange(text, flag);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--backends all`: every variant of every back-end that can run here; else the listed specs, checked. */
async function variantsFrom(choices: readonly BackendChoice[], presolve: string | undefined): Promise<{ variants: BackendSpec[]; skipped: string[] }> {
  if (choices.some((c) => c.id === 'all')) {
    if (choices.length > 1 || Object.keys(choices[0].params).length) throw new UsageError('--backends all stands alone');
    if (presolve) throw new UsageError('--backends all already runs every back-end with and without each presolver; leave out --presolve');
    return allVariants();
  }
  return { variants: await resolveVariants(choices, { presolve }), skipped: [] };
}

export function register(declared: Command): void {
  const command = declared
    .addOption(flagOption('count', { default: 1000 }))
    // Outside the table: a range of sizes here, where bench's --sizes is a list; one spelling, two settings.
    .option('--sizes <RxC..RxC>', 'sizes of the small puzzles, judged by the exact oracle', '1x1..5x5');
  addFlags(command, ['largeSizes', 'largeShare', 'grids', 'backends', 'presolve', 'certify', 'seed', 'jobs', 'timeout'], {
    certify: { help: 'every back-end that can also certifies its unique and no-loop answers; each proof is checked by the independent checker, and a proof that is missing or rejected is a wrong answer' },
    backends: { help: `${SETTINGS.backends.help}; or all: every back-end that can run here with each choice of each of its options and each presolver (default: ${DEFAULT_BACKENDS.join(', ')}, those available)` },
    presolve: { help: "decide edges with this back-end's deduction first, for every listed back-end: rules, or e.g. rules:trial=off" },
    seed: { help: 'random seed: the same seed gives the same puzzles' },
    timeout: { help: 'time limit per run (a run past it is killed and counts as timeout, not as an answer)', default: 10_000 },
    grids: { help: `the grids puzzles are drawn on, comma-separated: square, any of Loopy's other grids (${Object.keys(TILINGS).join(', ')}), or all; on another grid --sizes and --large-sizes are Loopy's height x width, raised to the grid's least` },
  });
  addFlags(command, ['oracleCells', 'oracleTimeout', 'shrink', 'shrinkBudget', 'out', 'resume'], {
    oracleCells: { default: ORACLE_MAX_CELLS },
    out: { help: 'results directory (default: results/fuzz-<time>)' },
  });
  command
    .addHelpText('after', '\nEvery run asks for uniqueness. Writes DIR/runs.jsonl (one answer per puzzle and variant), DIR/disagreements.jsonl, DIR/errors.jsonl,\nDIR/summary.md and DIR/regressions/*.json (each: the shrunk puzzle, what each back-end said, the oracle\'s answer, the solve command).\nExit status: 0 when every answer agrees; 3 on any wrong answer; 130 when interrupted (continue with --resume); 2 for bad input.')
    .action(async (flags: FuzzFlags) => {
      const count = flags.count;
      const seed = flags.seed;
      const jobs = flags.jobs ?? defaultJobs();
      const grids = flags.grids === 'all' ? ['square', ...Object.keys(TILINGS)] : flags.grids.split(',').map((g) => g.trim());
      for (const g of grids) if (g !== 'square' && !TILINGS[g]) throw new UsageError(`--grids: '${g}' is not a grid; choose square, all or of ${Object.keys(TILINGS).join(', ')}`);
      if (flags.presolve) await loadPresolver(flags.presolve);
      const chosen = flags.backends ? await variantsFrom(flags.backends, flags.presolve) : await resolveDefaultVariants(flags.presolve).then((d) => ({ variants: d.backends, skipped: d.skipped }));
      const out = flags.out ?? join('results', `fuzz-${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '-')}`);
      const plan = {
        count,
        cases: { seed, sizes: sizeRange(flags.sizes, '--sizes'), largeSizes: sizeRange(flags.largeSizes, '--large-sizes'), largeShare: flags.largeShare, ...(grids.join() === 'square' ? {} : { grids }) },
        variants: chosen.variants,
        jobs,
        timeoutMs: flags.timeout,
        out,
        resume: Boolean(flags.resume),
        oracleMaxCells: flags.oracleCells,
        oracleTimeoutMs: flags.oracleTimeout,
        shrinkPerVariant: flags.shrink,
        shrinkBudget: flags.shrinkBudget,
        invocation: { argv: process.argv.slice(2) },
        ...(flags.certify ? { certify: true } : {}),
      };
      if (chosen.skipped.length) process.stderr.write(`fuzz: skipped: ${chosen.skipped.join('; ')}\n`);
      process.stderr.write(`fuzz: ${count} puzzles x ${plan.variants.length} variants (${plan.variants.map((v) => v.label).join(', ')}); timeout ${plan.timeoutMs / 1000} s, ${jobs} job${jobs > 1 ? 's' : ''}; results in ${out}\n`);
      const { signal, release } = stopOnInterrupt();
      try {
        const outcome = await runFuzz(plan, signal);
        process.stdout.write(outcome.summary);
        if (outcome.interrupted) {
          process.stderr.write(`fuzz: interrupted; continue with --resume --out ${out}\n`);
          process.exitCode = 130;
        } else if (outcome.disagreements.length > 0) {
          process.stderr.write(`fuzz: ${outcome.disagreements.length} wrong answers; ${outcome.regressions.length} shrunk regression case${outcome.regressions.length === 1 ? '' : 's'} in ${join(out, 'regressions')}\n`);
          process.exitCode = 3;
        } else {
          process.exitCode = 0;
        }
      } finally {
        release();
      }
    });
}
