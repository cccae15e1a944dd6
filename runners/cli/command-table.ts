// Every command, by name: what the overall --help lists, and the module that defines it. A command's
// module (with all it imports) is loaded only when that command runs or shows its own --help, so that
// `convert` never pays for vega or a solver library. Adding a command: its file in commands/ and one entry
// here (test/runners/cli/command-table.test.ts fails when a file in commands/ has no entry or an entry drifts from it).
// The entry gives the command its name, description and arguments; the module adds the rest (registerCommand).
import type { Command } from 'commander';
import * as argument from './arguments.ts';

export interface CommandModule {
  /** Adds the command's options, --help and action to it, as the table declares it (name, summary, arguments). */
  register(declared: Command): void;
}

export interface CommandEntry {
  readonly name: string;
  /** False when its module adds no options; otherwise the overall --help shows `[options]` before the arguments. */
  readonly options?: false;
  /** Its operands, in order. */
  readonly arguments?: readonly argument.CommandArgument[];
  /** One line: the overall --help's, and the command's own description. */
  readonly summary: string;
  /** The module that registers the command with its options, --help and action. */
  readonly load: () => Promise<CommandModule>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'backends',
    summary: 'list back-end IDs, what each is, and whether it can run here',
    load: () => import('./commands/backends.ts'),
  },
  {
    name: 'bench',
    summary: 'run back-ends over a dataset in isolated worker processes; write results.jsonl, results.csv, run.json and the report',
    load: () => import('./commands/bench.ts'),
  },
  {
    name: 'certify',
    options: false,
    summary: 'proofs of "unique" and "no loop" answers: `certify check PUZZLE PROOF` checks one with a checker independent of every back-end',
    load: () => import('./commands/certify.ts'),
  },
  {
    name: 'check',
    arguments: [argument.PUZZLE, argument.SOLUTION],
    summary: 'check a solution against a puzzle with the independent verifier',
    load: () => import('./commands/check.ts'),
  },
  {
    name: 'compare',
    arguments: [argument.BASELINE_RESULTS, argument.COMPARED_RESULTS],
    summary: 'compare two result directories run for run: status and time in A and B, regressions, geometric-mean speed-up with a bootstrap interval, Wilcoxon p; writes compare.md, compare.html, compare.csv and a scatter chart',
    load: () => import('./commands/compare.ts'),
  },
  {
    name: 'convert',
    arguments: [argument.PUZZLE_ANY_FORMAT],
    summary: 'print a puzzle in another format (a solution carried by pzprv3 or JSON input travels along)',
    load: () => import('./commands/convert.ts'),
  },
  {
    name: 'datasets',
    summary: 'list the built-in datasets with their counts, sizes and sources',
    load: () => import('./commands/datasets.ts'),
  },
  {
    name: 'encode',
    arguments: [argument.PUZZLE],
    summary: "write the CNF of a SAT back-end's encoding as DIMACS, with comments mapping edges to variables",
    load: () => import('./commands/encode.ts'),
  },
  {
    name: 'fuzz',
    summary: 'differential testing: back-ends against an exact oracle on small grids and against each other on larger ones; disagreements shrunk to regression cases',
    load: () => import('./commands/fuzz.ts'),
  },
  {
    name: 'generate',
    summary: 'generate puzzles with exactly one solution, one per line; the same seed gives the same output',
    load: () => import('./commands/generate.ts'),
  },
  {
    name: 'merge',
    arguments: [argument.MERGED_RESULTS, argument.SHARDS],
    summary: 'join the shard directories of one plan (bench --shard K/N, or a bench --slurm directory) into one results directory and build its report',
    load: () => import('./commands/merge.ts'),
  },
  {
    name: 'report',
    arguments: [argument.RESULTS],
    summary: '(re)build DIR/report.html, the charts (charts/*.vl.json, .svg, .png and their data) and summary.md from a bench run',
    load: () => import('./commands/report.ts'),
  },
  {
    name: 'reproduce',
    arguments: [argument.SOURCE],
    summary: 'rerun the experiments of a published source and hold each of its claims against our figure; writes DIR/index.html, DIR/claims.csv and DIR/charts/',
    load: () => import('./commands/reproduce.ts'),
  },
  {
    name: 'results-page',
    arguments: [argument.RESULTS],
    summary: "write a Markdown page of a bench run's results with its commit, machine, load, runs and the command that reruns it (for docs/results/)",
    load: () => import('./commands/results-page.ts'),
  },
  {
    name: 'serve',
    summary: 'an HTTP solver service with warm workers, and a page at / that races back-ends on one puzzle',
    load: () => import('./commands/serve.ts'),
  },
  {
    name: 'solve',
    arguments: [argument.PUZZLE_OR_LIST],
    summary: 'solve a puzzle (or a list, one per line, each answer printed as it is found) with one back-end; every answer is checked by the independent verifier',
    load: () => import('./commands/solve.ts'),
  },
];

/** What follows the command's name in --help: `[options]` when it has any, then its arguments. */
export function usageOf(entry: CommandEntry): string {
  return [...(entry.options === false ? [] : ['[options]']), ...(entry.arguments ?? []).map((a) => a.name)].join(' ');
}

/** Loads an entry's module and registers its command under `program`: its name, one-line description and arguments are the table's, written once, here. */
export async function registerCommand(program: Command, entry: CommandEntry): Promise<void> {
  const declared = program.command(entry.name).description(entry.summary);
  for (const operand of entry.arguments ?? []) declared.argument(operand.name, operand.help);
  (await entry.load()).register(declared);
}
