import type { Command } from 'commander';
import { buildReport } from '../../../reports/index.ts';

export function register(program: Command): void {
  program
    .command('report')
    .description('(re)build DIR/report.html, the charts (charts/*.vl.json, .svg, .png) and summary.md from a bench run')
    .argument('<dir>', 'a results directory written by `bench`')
    .action(async (dir: string) => {
      const { htmlPath, files } = await buildReport(dir);
      process.stderr.write(`report: ${files.length} files written\n`);
      process.stdout.write(`report: ${htmlPath}\n`);
    });
}
