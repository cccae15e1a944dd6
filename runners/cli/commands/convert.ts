import type { Command } from 'commander';
import { flagOption } from '../../settings/command-line.ts';
import { FORMAT_NAMES, writePuzzle, type FormatName } from '../../../encodings/formats/index.ts';
import { renderSvg } from '../../../encodings/render.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { readPuzzleArgument } from '../input.ts';

const TARGETS = [...FORMAT_NAMES, 'svg'] as const;

export function register(declared: Command): void {
  declared
    .addOption(flagOption('to', { help: `target format: ${TARGETS.join('|')}`, required: true }))
    .action((puzzleArg: string, options: { to: string }) => {
      const target = options.to.trim().toLowerCase();
      if (!(TARGETS as readonly string[]).includes(target)) throw new UsageError(`--to must be one of ${TARGETS.join(', ')}; got '${options.to}'`);
      const parsed = readPuzzleArgument(puzzleArg);
      const out = target === 'svg' ? renderSvg(parsed.puzzle, parsed.solution) : writePuzzle(parsed.puzzle, target as FormatName, parsed.solution);
      process.stdout.write(out.endsWith('\n') ? out : out + '\n');
    });
}
