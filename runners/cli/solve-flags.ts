// Options shared by `solve`, `bench` and `encode`: how long, how sure, which seed, back-end parameters.
import { Option, type Command } from 'commander';
import type { SolveOptions } from '../../encodings/backend.ts';
import { parseInteger, parseParams, parseSeconds } from '../harness/values.ts';

export interface SolveFlags {
  timeout: string;
  unique?: boolean;
  seed: string;
  option: string[];
  presolve?: string;
  satEngine?: string;
}

export const DEFAULT_TIMEOUT_SECONDS = 60;

export function addSolveFlags(command: Command): Command {
  return command
    .option('--timeout <seconds>', 'time limit per puzzle for encode + solve + uniqueness', String(DEFAULT_TIMEOUT_SECONDS))
    .option('--unique', 'also prove or refute that the solution is unique')
    .option('--seed <n>', 'random seed for solvers that take one', '1')
    .addOption(new Option('--option <key=value>', 'a back-end option (repeatable; see `backends`)').argParser(collect).default([]))
    .option('--presolve <backend>', 'decide edges with this back-end\'s deduction first: rules, or with its options, e.g. rules:trial=off')
    .option('--sat-engine <name>', 'SAT engine of the sat-* back-ends: logic-solver (default), cadical, minisat, cryptominisat');
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function solveOptionsFrom(flags: SolveFlags): SolveOptions {
  return {
    timeoutMs: parseSeconds(flags.timeout) * 1000,
    unique: Boolean(flags.unique),
    seed: parseInteger(flags.seed, '--seed'),
    params: { ...parseParams(flags.option), ...(flags.satEngine ? { engine: flags.satEngine } : {}) },
  };
}
