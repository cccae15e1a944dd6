import type { Command } from 'commander';
import { buildReport } from '../../../reports/index.ts';
import { flagOption } from '../../settings/command-line.ts';

export function register(declared: Command): void {
  declared
    .addOption(flagOption('interactive'))
    .addOption(flagOption('baseline', { help: 'the back-end every scatter chart is drawn against (default: the one bench recorded, else auto when it ran, else the first listed)' }))
    .action(async (dir: string, flags: { interactive?: boolean; baseline?: string }) => {
      const { htmlPath, files } = await buildReport(dir, { interactive: flags.interactive, baseline: flags.baseline });
      process.stderr.write(`report: ${files.length} files written\n`);
      process.stdout.write(`report: ${htmlPath}\n`);
    });
}
