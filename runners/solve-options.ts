// Options shared by `solve`, `bench` and `encode`: how long, how sure, which seed, back-end parameters.
import { Option, type Command } from 'commander';
import type { Backend, SolveOptions } from '../encodings/backend.ts';
import { parseInteger, parseSeconds, UsageError } from './errors.ts';

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

export function parseParams(pairs: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--option takes key=value, got '${pair}'`);
    params[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return params;
}

/** Checks params against what the back-end declares, so that a typo is an error, not a silent default. */
export function checkParams(backend: Backend, params: Readonly<Record<string, string>>): void {
  for (const [key, value] of Object.entries(params)) {
    const declared = backend.options?.find((o) => o.name === key);
    if (!declared) {
      const known = backend.options?.map((o) => o.name).join(', ') || 'none';
      throw new UsageError(`back-end '${backend.name}' has no option '${key}' (its options: ${known})`);
    }
    if (declared.choices && !declared.choices.includes(value)) {
      throw new UsageError(`option ${key} of '${backend.name}' must be one of ${declared.choices.join(', ')}; got '${value}'`);
    }
  }
}

export function solveOptionsFrom(flags: SolveFlags): SolveOptions {
  return {
    timeoutMs: parseSeconds(flags.timeout) * 1000,
    unique: Boolean(flags.unique),
    seed: parseInteger(flags.seed, '--seed'),
    params: { ...parseParams(flags.option), ...(flags.satEngine ? { engine: flags.satEngine } : {}) },
  };
}
