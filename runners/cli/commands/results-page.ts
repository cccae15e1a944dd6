import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { flagOption } from '../../settings/command-line.ts';
import { readRunInfo, resultsPage } from '../../../reports/results-page.ts';
import { shellCommand } from '../../harness/plans/shell.ts';

export function register(declared: Command): void {
  declared
    .addOption(flagOption('out', { flags: '--out <file>', help: 'write the page here (default: standard output)' }))
    .addOption(flagOption('title'))
    .action((dir: string, flags: { out?: string; title?: string }) => {
      const run = readRunInfo(dir);
      const invocation = (run.invocation ?? {}) as { argv?: string[] };
      const command = invocation.argv ? `npx slitherbench ${shellCommand(invocation.argv)}` : 'not recorded';
      const page = resultsPage({ dir, run, command, title: flags.title });
      if (!flags.out) return void process.stdout.write(page);
      mkdirSync(dirname(flags.out), { recursive: true });
      writeFileSync(flags.out, page);
      process.stdout.write(`results-page: ${flags.out}\n`);
    });
}
