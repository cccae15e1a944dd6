import type { Command } from 'commander';
import { flagOption } from '../../settings/command-line.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { listText, reproduce, SOURCES, sourceByName } from '../../experiments/reproduce.ts';
import { Interrupted } from '../../experiments/reproduce-plans.ts';

interface ReproduceFlags {
  quick?: boolean;
  out: string;
  claim?: string;
  run: boolean;
}

export function register(declared: Command): void {
  declared
    .addOption(flagOption('quick'))
    .addOption(flagOption('out', { help: 'where the page, claims.csv, charts and each bench plan\'s results (DIR/runs/) go', default: 'results/reproduce' }))
    .addOption(flagOption('claim'))
    .addOption(flagOption('run'))
    .addHelpText('after', `
Each source runs its experiments as bench plans (runners/experiments/reproduce-*.yaml) into DIR/runs/<plan>;
an interrupted reproduce resumes where it stopped when run again. Every figure on the page is computed from
those results. Defaults take under 20 minutes for all on 2 cores; --quick under 3.`)
    .action(async (what: string, flags: ReproduceFlags) => {
      if (what === 'list') {
        process.stdout.write(listText());
        return;
      }
      const sources = what === 'all' ? [...SOURCES] : [sourceByName(what)];
      if (flags.claim) {
        if (what === 'all') throw new UsageError('--claim needs one source, not all');
        if (!sources[0].claims.some((c) => c.id === flags.claim)) throw new UsageError(`${what} has no claim '${flags.claim}' (known: ${sources[0].claims.map((c) => c.id).join(', ')})`);
      }
      try {
        const { path, page } = await reproduce({ sources, claim: flags.claim, out: flags.out, quick: Boolean(flags.quick), noRun: !flags.run });
        // The page keeps every source with results in DIR; the terminal shows what was asked.
        for (const section of page.sections.filter((s) => sources.some((x) => x.name === s.name))) {
          for (const c of section.claims.filter((x) => !flags.claim || x.claim === flags.claim)) process.stdout.write(`${c.source}/${c.claim}: ${c.verdict}: ${c.ours}\n`);
        }
        process.stdout.write(`report: ${path}\n`);
      } catch (error) {
        if (!(error instanceof Interrupted)) throw error;
        process.stderr.write(`reproduce: ${error.message}; every finished run is kept: run the same command again to resume\n`);
        process.exitCode = 130;
      }
    });
}
