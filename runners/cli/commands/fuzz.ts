import os from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { getBackend, listBackends } from '../../../encodings/registry.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { ORACLE_MAX_CELLS } from '../../../encodings/oracle.ts';
import type { BackendSpec } from '../../harness/bench.ts';
import { allVariants, runFuzz, variantLabel } from '../../harness/fuzz.ts';
import { parseSizeRange, type SizeRange } from '../../harness/fuzz-cases.ts';
import { loadPresolver } from '../../harness/presolver.ts';
import { checkParams, parseInteger, parseParams, parseSeconds } from '../../harness/values.ts';
import { DEFAULT_BACKENDS } from '../../harness/default-backends.ts';
import { stopOnInterrupt } from '../../harness/executor.ts';

/** One back-end per family, as bench's default, when registered and able to run here. */

interface FuzzFlags {
  count: string;
  sizes: string;
  largeSizes: string;
  largeShare: string;
  backends?: string;
  presolve?: string;
  seed: string;
  jobs?: string;
  timeout: string;
  oracleCells: string;
  oracleTimeout: string;
  shrink: string;
  shrinkBudget: string;
  out?: string;
  resume?: boolean;
}

function sizeRange(text: string, flag: string): SizeRange {
  try {
    return parseSizeRange(text, flag);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `ID` or `ID:key=value:key=value`, checked against what the back-end declares. */
async function variantsFrom(list: string, presolve: string | undefined): Promise<{ variants: BackendSpec[]; skipped: string[] }> {
  const items = list.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw new UsageError('--backends is empty');
  if (items.includes('all')) {
    if (items.length > 1) throw new UsageError('--backends all stands alone');
    if (presolve) throw new UsageError('--backends all already runs every back-end with and without each presolver; leave out --presolve');
    return allVariants();
  }
  const variants: BackendSpec[] = [];
  for (const item of items) {
    const [id, ...pairs] = item.split(':');
    const backend = await getBackend(id);
    const availability = await backend.available();
    if (!availability.available) throw new UsageError(`back-end '${backend.name}' cannot run here: ${availability.reason}`);
    const params = parseParams(pairs);
    checkParams(backend, params);
    variants.push({ id: backend.name, label: variantLabel(backend.name, params, presolve), params, ...(presolve ? { presolve } : {}) });
  }
  if (new Set(variants.map((v) => v.label)).size !== variants.length) throw new UsageError('a back-end variant is listed twice in --backends');
  return { variants, skipped: [] };
}

export function register(program: Command): void {
  program
    .command('fuzz')
    .description('differential testing: back-ends against an exact oracle on small grids and against each other on larger ones; disagreements shrunk to regression cases')
    .option('--count <n>', 'how many puzzles', '1000')
    .option('--sizes <RxC..RxC>', 'sizes of the small puzzles, judged by the exact oracle', '1x1..5x5')
    .option('--large-sizes <RxC..RxC>', 'sizes of the large puzzles (random loops with clues removed), judged by cross-checks', '6x6..10x10')
    .option('--large-share <fraction>', 'share of large puzzles, 0 to 1', '0.1')
    .option('--backends <ids>', `comma-separated back-end IDs, each optionally with options (ID:key=value:key=value), or all: every back-end that can run here with each choice of each of its options and each presolver (default: ${DEFAULT_BACKENDS.join(',')}, those available)`)
    .option('--presolve <backend>', 'decide edges with this back-end\'s deduction first, for every listed back-end: rules, or e.g. rules:trial=off')
    .option('--seed <n>', 'random seed: the same seed gives the same puzzles', '1')
    .option('--jobs <n>', 'worker processes in parallel (default: cores - 1, at least 1)')
    .option('--timeout <seconds>', 'time limit per run (a run past it is killed and counts as timeout, not as an answer)', '10')
    .option('--oracle-cells <n>', 'the exact oracle judges grids of up to this many cells', String(ORACLE_MAX_CELLS))
    .option('--oracle-timeout <seconds>', "the oracle's budget per puzzle; past it the puzzle is judged by cross-checks", '10')
    .option('--shrink <n>', 'disagreements shrunk per back-end variant (0: none)', '3')
    .option('--shrink-budget <n>', 'puzzles tried while shrinking one disagreement, at most', '400')
    .option('--out <dir>', 'results directory (default: results/fuzz-<time>)')
    .option('--resume', 'continue the run in --out: recorded runs are skipped')
    .addHelpText('after', '\nEvery run asks for uniqueness. Writes DIR/runs.jsonl (one answer per puzzle and variant), DIR/disagreements.jsonl, DIR/errors.jsonl,\nDIR/summary.md and DIR/regressions/*.json (each: the shrunk puzzle, what each back-end said, the oracle\'s answer, the solve command).\nExit status: 0 when every answer agrees; 3 on any wrong answer; 130 when interrupted (continue with --resume); 2 for bad input.')
    .action(async (flags: FuzzFlags) => {
      const count = parseInteger(flags.count, '--count', 1);
      const seed = parseInteger(flags.seed, '--seed');
      const jobs = flags.jobs ? parseInteger(flags.jobs, '--jobs', 1) : Math.max(1, os.availableParallelism() - 1);
      const largeShare = Number(flags.largeShare);
      if (!(largeShare >= 0 && largeShare <= 1)) throw new UsageError(`--large-share must be a number from 0 to 1, got '${flags.largeShare}'`);
      if (flags.presolve) await loadPresolver(flags.presolve);
      let chosen: { variants: BackendSpec[]; skipped: string[] };
      if (flags.backends) chosen = await variantsFrom(flags.backends, flags.presolve);
      else {
        const all = await listBackends();
        const ids: string[] = [];
        for (const id of DEFAULT_BACKENDS) {
          const b = all.find((x) => x.name === id);
          if (b && (await b.available()).available) ids.push(id);
        }
        chosen = await variantsFrom(ids.join(','), flags.presolve);
      }
      const out = flags.out ?? join('results', `fuzz-${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '-')}`);
      const plan = {
        count,
        cases: { seed, sizes: sizeRange(flags.sizes, '--sizes'), largeSizes: sizeRange(flags.largeSizes, '--large-sizes'), largeShare },
        variants: chosen.variants,
        jobs,
        timeoutMs: parseSeconds(flags.timeout) * 1000,
        out,
        resume: Boolean(flags.resume),
        oracleMaxCells: parseInteger(flags.oracleCells, '--oracle-cells', 0),
        oracleTimeoutMs: parseSeconds(flags.oracleTimeout, '--oracle-timeout') * 1000,
        shrinkPerVariant: parseInteger(flags.shrink, '--shrink', 0),
        shrinkBudget: parseInteger(flags.shrinkBudget, '--shrink-budget', 1),
        invocation: { argv: process.argv.slice(2) },
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
