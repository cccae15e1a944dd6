import type { Command } from 'commander';
import { verify } from '../../../encodings/verify.ts';
import { readPuzzleArgument, readSolutionArgument } from '../input.ts';
import { flagOption } from '../../settings/command-line.ts';

export function register(declared: Command): void {
  declared
    .addOption(flagOption('json', { help: 'print {"valid": true} or {"valid": false, "reason": ...}' }))
    .action((puzzleArg: string, solutionArg: string, options: { json?: boolean }) => {
      const { puzzle } = readPuzzleArgument(puzzleArg);
      const solution = readSolutionArgument(solutionArg);
      const verdict = verify(puzzle, solution);
      if (options.json) process.stdout.write(JSON.stringify(verdict) + '\n');
      else process.stdout.write(verdict.valid ? 'valid\n' : `invalid: ${verdict.reason}\n`);
      process.exitCode = verdict.valid ? 0 : 1;
    });
}
