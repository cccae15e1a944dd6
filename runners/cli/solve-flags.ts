// Options shared by `solve` and the other one-puzzle commands: how long, how sure, which seed, back-end
// parameters. The flags themselves are declared once, in flags.ts.
import type { Command } from 'commander';
import type { BackendChoice } from '../../encodings/backend-spec.ts';
import type { SolveOptions } from '../../encodings/backend.ts';
import { addFlags } from '../settings/command-line.ts';

export interface SolveFlags {
  /** The time limit, in ms. */
  timeout: number;
  unique?: boolean;
  certify?: boolean;
  seed: number;
  option?: Record<string, string>;
  presolve?: string;
  satEngine?: string;
}

export function addSolveFlags(command: Command): Command {
  return addFlags(command, ['timeout', 'unique', 'certify', 'seed', 'option', 'presolve', 'satEngine'], {
    timeout: { help: 'time limit per puzzle for encode + solve + uniqueness' },
    option: { help: 'a back-end option (repeatable; see `backends`)' },
  });
}

/** The solve options of the flags: the back-end's own options (`--backend id:k=v`), and --option or --sat-engine over them. */
export function solveOptionsFrom(flags: SolveFlags, backend?: BackendChoice): SolveOptions {
  const params = { ...backend?.params, ...flags.option, ...(flags.satEngine ? { engine: flags.satEngine } : {}) };
  return { timeoutMs: flags.timeout, unique: Boolean(flags.unique || flags.certify), seed: flags.seed, params, ...(flags.certify ? { certify: true } : {}) };
}
