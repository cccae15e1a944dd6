import type { Command } from 'commander';
import { FORMAT_NAMES, writePuzzle, type FormatName } from '../../encodings/formats/index.ts';
import { renderSvg } from '../../encodings/render.ts';
import { UsageError } from '../errors.ts';
import { readPuzzleArgument } from '../input.ts';

export function register(program: Command): void {
  program
    .command('convert')
    .description('print a puzzle in another format')
    .argument('<puzzle>', 'puzz.link URL, Loopy game ID, puzzle file, or - for stdin')
    .requiredOption('--to <format>', `target format: ${FORMAT_NAMES.join('|')}|svg`)
    .action((puzzleArg: string, options: { to: string }) => {
      const parsed = readPuzzleArgument(puzzleArg);
      if (options.to === 'svg') {
        process.stdout.write(renderSvg(parsed.puzzle, parsed.solution));
        return;
      }
      if (!(FORMAT_NAMES as readonly string[]).includes(options.to)) throw new UsageError(`--to must be one of ${FORMAT_NAMES.join(', ')}, svg; got '${options.to}'`);
      const out = writePuzzle(parsed.puzzle, options.to as FormatName, parsed.solution);
      process.stdout.write(out.endsWith('\n') ? out : out + '\n');
    });
}
