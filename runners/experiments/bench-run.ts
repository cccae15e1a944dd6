// An experiment script's bench run, made in this process by bench's own runner (no child CLI). The experiment
// is written down beside its results first, so that the command printed carries the run on by hand, and Ctrl-C
// stops it with every finished run kept.
import { writeFileSync } from 'node:fs';
import { stringify as toYaml } from 'yaml';
import { experimentPlan, runUntilStopped, type BenchOutcome } from '../harness/execution/bench.ts';
import type { Experiment } from '../harness/plans/experiment.ts';
import { shellCommand } from '../harness/plans/shell.ts';
import { fail } from './script.ts';

/**
 * Runs `experiment` into `out` as `slitherbench bench --config CONFIG --out OUT --resume` would (runs already
 * recorded there are kept), writing CONFIG first. `who` names the script in messages. Null when stopped by
 * Ctrl-C (exit code 130 set, said how to carry on); a run that fails is an `error:` line and exit 2.
 */
export async function benchExperiment(who: string, experiment: Experiment, config: string, out: string): Promise<BenchOutcome | null> {
  const command = shellCommand(['slitherbench', 'bench', '--config', config, '--out', out, '--resume']);
  writeFileSync(config, `# the bench run of ${who}; carried on by hand with: ${command}\n${toYaml(experiment)}`);
  process.stderr.write(`${who}: as ${command}\n`);
  let outcome: BenchOutcome;
  try {
    outcome = await runUntilStopped(who, experimentPlan(config, experiment, out));
  } catch (error) {
    fail(`the bench run failed (${(error as Error).message}); its finished runs are in ${out}: run the same command again to carry on`);
  }
  if (outcome.interrupted) {
    process.stderr.write(`${who}: interrupted; every finished run is in ${out}: run the same command to carry on\n`);
    process.exitCode = 130;
    return null;
  }
  return outcome;
}
