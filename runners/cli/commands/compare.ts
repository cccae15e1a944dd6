import { join } from 'node:path';
import type { Command } from 'commander';
import { addFlags } from '../../settings/command-line.ts';
import { readSide, writeComparison } from '../../../reports/compare-page.ts';

export function register(declared: Command): void {
  addFlags(declared, ['out', 'failOnRegression'], { out: { help: 'where to write the comparison (default: B/compare)' } })
    .addHelpText('after', '\nRuns are paired by instance, back-end label and repeat. Exit status: 0; 4 with --fail-on-regression when a regression exists; 2 for bad input.')
    .action(async (a: string, b: string, flags: { out?: string; failOnRegression?: boolean }) => {
      const out = flags.out ?? join(b, 'compare');
      const result = await writeComparison(readSide('A', a), readSide('B', b), out);
      const t = result.comparison.total;
      for (const c of result.cautions) process.stderr.write(`compare: caution: ${c}\n`);
      process.stderr.write(`compare: ${t.paired} paired runs (${t.onlyA} only in A, ${t.onlyB} only in B): ${t.regressions} regression${t.regressions === 1 ? '' : 's'}, ${t.improvements} improvement${t.improvements === 1 ? '' : 's'}, ${t.statusDifferences} status difference${t.statusDifferences === 1 ? '' : 's'}, ${t.uniqueDifferences + t.loopDifferences} uniqueness or loop differences\n`);
      for (const c of result.comparison.backends) process.stderr.write(`compare:   ${c.backend}: ${c.regressions} regressions, ${c.improvements} improvements, ${c.statusDifferences} status differences; speed-up A/B ${c.geomeanSpeedup === null ? '-' : c.geomeanSpeedup.toFixed(2)}${c.interval ? ` [${c.interval[0].toFixed(2)}, ${c.interval[1].toFixed(2)}]` : ''} over ${c.instances} instances; Wilcoxon p ${c.wilcoxonP === null ? '-' : c.wilcoxonP.toPrecision(2)}\n`);
      process.stdout.write(`compare: ${join(out, 'compare.html')}\n`);
      process.exitCode = flags.failOnRegression && t.regressions > 0 ? 4 : 0;
    });
}
