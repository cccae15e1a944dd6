import type { Command } from 'commander';
import { UsageError } from '../../../encodings/errors.ts';
import { parseSeconds } from '../../harness/values.ts';
import { reproduce, writeReproduction } from '../../experiments/reproduce-liu-wu-sun.ts';
import { JANKO_PUZZLES } from '../../../datasets/shared.ts';

export function register(program: Command): void {
  program
    .command('reproduce')
    .description('reproduce a published experiment; so far: liu-wu-sun (basic rules vs corner rules, same search and time limit)')
    .argument('<experiment>', 'liu-wu-sun')
    .option('--timeout <seconds>', 'time limit per puzzle and variant', '10')
    .option('--unique', 'also prove uniqueness (continue the search for a second solution)')
    .option('--janko <file>', 'the janko collection (for its seven 30x25 hard puzzles and its largest ones)', JANKO_PUZZLES)
    .option('--out <dir>', 'where to write liu-wu-sun.md, .html and .csv', 'results/liu-wu-sun')
    .action((experiment: string, flags: { timeout: string; unique?: boolean; janko: string; out: string }) => {
      if (experiment !== 'liu-wu-sun') throw new UsageError(`unknown experiment '${experiment}' (known: liu-wu-sun)`);
      const options = { timeoutMs: parseSeconds(flags.timeout) * 1000, out: flags.out, jankoPath: flags.janko, unique: Boolean(flags.unique) };
      const rows = reproduce(options);
      const { markdown } = writeReproduction(rows, options);
      process.stdout.write(markdown);
      process.stdout.write(`\nreport: ${flags.out}/liu-wu-sun.html\n`);
    });
}
