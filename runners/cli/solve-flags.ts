// Options shared by `solve` and the other one-puzzle commands: how long, how sure, which seed, back-end
// parameters. The flags are declared in the settings table; settings/solve-options.ts reads them.
import type { Command } from 'commander';
import { addFlags } from '../settings/command-line.ts';

export function addSolveFlags(command: Command): Command {
  return addFlags(command, ['timeout', 'unique', 'certify', 'seed', 'option', 'presolve', 'satEngine'], {
    timeout: { help: 'time limit per puzzle for encode + solve + uniqueness' },
    option: { help: 'a back-end option (repeatable; see `backends`)' },
  });
}
