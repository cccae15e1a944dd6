import type { Command } from 'commander';
import { mergeMessage, mergeShards, writeMissingList } from '../../harness/shards/merge.ts';
import { addFlags } from '../../settings/command-line.ts';

export function register(declared: Command): void {
  addFlags(declared, ['report', 'failOnMissing'], { report: { help: 'do not build the report' } })
    .addHelpText('after', '\nIdempotent: the same shards give the same OUT whatever their order. A run recorded by several shards is kept once.\nTasks of the plan that no shard recorded are listed (also in OUT/missing.txt) with the bench command that runs them.\nThe machines of all shards are listed in OUT/run.json and the report.\nExit status: 0 when merged (even with tasks missing: see the message, or use --fail-on-missing); 3 when back-ends disagree; 5 with --fail-on-missing when tasks are missing; 2 when the shards belong to different plans or a directory is not a shard.')
    .action(async (out: string, dirs: string[], flags: { report: boolean; failOnMissing?: boolean }) => {
      const outcome = mergeShards(out, dirs);
      writeMissingList(outcome);
      process.stderr.write(mergeMessage(outcome));
      if (outcome.disagreements.length) {
        process.stderr.write(`merge: ${outcome.disagreements.length} disagreement${outcome.disagreements.length > 1 ? 's' : ''} between back-ends (in ${out}/disagreements.json):\n`);
        for (const d of outcome.disagreements) process.stderr.write(`  ${d.instance}: ${d.kind}: ${d.detail}\n`);
      }
      if (flags.report && outcome.records.length) {
        const { buildReport } = await import('../../../reports/index.ts');
        const { htmlPath } = await buildReport(out);
        process.stdout.write(`report: ${htmlPath}\n`);
      } else {
        process.stdout.write(`results: ${out}/results.csv\n`);
      }
      process.exitCode = outcome.disagreements.length ? 3 : flags.failOnMissing && outcome.missing.length ? 5 : 0;
    });
}
