import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { writePuzzle, type FormatName } from '../../../encodings/formats/index.ts';
import { clueCount, parseGridSize } from '../../../encodings/grid.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { parseInteger, parseSeconds } from '../../harness/values.ts';
import { DIFFICULTIES, generateSet, type Difficulty } from '../../../datasets/generator.ts';
import { backendOracle, pickOracleBackend, type OracleCounters } from '../../harness/oracle.ts';
import { generateWithLoopy, LOOPY_DIFFICULTIES } from '../../../datasets/loopy.ts';
import { Progress } from '../../harness/progress.ts';

/** The generator's grid: any RxC up to 10000 cells. */
export function parseSize(text: string): { rows: number; cols: number } {
  const size = parseGridSize(text, '--size');
  if (size.rows * size.cols > 10_000) throw new UsageError(`--size ${text}: at most 10000 cells for the generator`);
  return size;
}

export function register(program: Command): void {
  program
    .command('generate')
    .description('generate puzzles with exactly one solution, one per line; the same seed gives the same output')
    .requiredOption('--size <RxC>', 'rows x columns, e.g. 10x10 or 30x25')
    .option('--count <n>', 'how many puzzles', '1')
    .option('--seed <n>', 'random seed', '1')
    .option('--difficulty <level>', `any|easy|medium|hard (graded by the rules back-end's deduction levels; by clue density without it); with --with loopy: ${LOOPY_DIFFICULTIES.join('|')}`, 'any')
    .option('--with <generator>', 'slitherbench (own generator) or loopy (Simon Tatham\'s sgt-loopy, if installed)', 'slitherbench')
    .option('--backend <id>', 'back-end that proves uniqueness (default: rules, else cpsat-circuit)')
    .option('--check-timeout <seconds>', 'time limit of one uniqueness check', '60')
    .option('--format <format>', 'url|loopy|text|json (text and json: one puzzle per line is not possible, so each is followed by a blank line)', 'url')
    .option('--ids', 'prefix every line with an id and a TAB (the built-in dataset layout)')
    .option('--out <file>', 'write to this file instead of standard output')
    .action(async (flags: { size: string; count: string; seed: string; difficulty: string; with: string; backend?: string; checkTimeout: string; format: string; ids?: boolean; out?: string }) => {
      const { rows, cols } = parseSize(flags.size);
      const count = parseInteger(flags.count, '--count', 1);
      const seed = parseInteger(flags.seed, '--seed');
      const format = flags.format as FormatName;
      if (!['url', 'loopy', 'text', 'json'].includes(format)) throw new UsageError(`--format must be url, loopy, text or json; got '${flags.format}'`);
      const lines: string[] = [];
      const progress = new Progress(`generate ${rows}x${cols}`, count);
      const idOf = (i: number) => `${rows}x${cols}-s${seed}-${String(i + 1).padStart(3, '0')}`;
      if (flags.with === 'loopy') {
        const ids = await generateWithLoopy({ rows, cols, count, seed, difficulty: flags.difficulty });
        ids.forEach((id, i) => lines.push(flags.ids ? `${idOf(i)}\t${id}` : id));
      } else if (flags.with === 'slitherbench') {
        if (!(DIFFICULTIES as readonly string[]).includes(flags.difficulty)) throw new UsageError(`--difficulty must be one of ${DIFFICULTIES.join(', ')}; got '${flags.difficulty}'`);
        const backend = await pickOracleBackend(flags.backend).catch((error: Error) => {
          throw new UsageError(error.message);
        });
        const counters: OracleCounters = { calls: 0, timeouts: 0 };
        // The rules back-end answers most checks in milliseconds; sat-lazy settles the few its search cannot.
        const fallback = backend.name === 'rules' && !flags.backend ? await pickOracleBackend('sat-lazy').catch(() => undefined) : undefined;
        const oracle = await backendOracle(backend, parseSeconds(flags.checkTimeout, '--check-timeout') * 1000, counters, fallback);
        process.stderr.write(`generate: uniqueness by ${backend.name}${fallback ? ` (${fallback.name} after 3 s)` : ''}; difficulty ${flags.difficulty}\n`);
        await generateSet({
          rows, cols, count, seed, difficulty: flags.difficulty as Difficulty, oracle,
          onPuzzle: (i, generated, difficulty) => {
            const text = writePuzzle(generated.puzzle, format).trim();
            lines.push(flags.ids ? `${idOf(i)}\t${text}` : text);
            progress.tick(`${clueCount(generated.puzzle)} clues, ${difficulty}${generated.level ? ` (${generated.level})` : ''}, ${generated.checks} checks`);
          },
        });
        if (counters.timeouts > 0) process.stderr.write(`generate: warning: ${counters.timeouts} of ${counters.calls} uniqueness checks timed out (clues kept); raise --check-timeout for machine-independent output\n`);
      } else {
        throw new UsageError(`--with must be slitherbench or loopy; got '${flags.with}'`);
      }
      progress.done();
      const text = lines.join(format === 'text' || format === 'json' ? '\n\n' : '\n') + '\n';
      if (flags.out) writeFileSync(flags.out, text);
      else process.stdout.write(text);
    });
}
