// A reproduce plan runs in bench's runner, in this process: killed with SIGKILL part-way it resumes with every
// run recorded once; bench's plan.json stays bench's; and the rerun command the page prints runs as printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchCommand, planDir, ReproduceProgress, runPlan, type PlanDef } from '../../../runners/experiments/reproduce-plans.ts';

// The plan's back-end answers late (see the fixture), so that the kill below lands part-way on any machine.
process.env.SLITHERBENCH_BACKENDS_DIR = new URL('../../fixtures/slow-backends/', import.meta.url).pathname;
const PLANS = new URL('../../../runners/experiments/reproduce-plans.ts', import.meta.url).pathname;
const plan: PlanDef = { name: 'tiny', yaml: new URL('../../fixtures/reproduce-tiny.yaml', import.meta.url).pathname, quick: {} };
const records = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { instance: string; backend: string; repeat: number });
const keys = (dir: string) => records(dir).map((r) => `${r.instance}/${r.backend}/${r.repeat}`);

test('a plan killed part-way resumes with every run once; the printed rerun command runs as printed', async () => {
  const out = mkdtempSync(join(tmpdir(), 'reproduce-plan-'));
  const options = { out, quick: false };
  const dir = planDir(options, plan);
  const script = `const m = await import(${JSON.stringify(pathToFileURL(PLANS).href)}); await m.runPlan(${JSON.stringify(plan)}, ${JSON.stringify(options)}, new m.ReproduceProgress(1), 0);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
  const exited = new Promise((r) => child.on('exit', r));
  const jsonl = join(dir, 'results.jsonl');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null && !(existsSync(jsonl) && records(dir).length >= 3)) await new Promise((r) => setTimeout(r, 20));
  assert.equal(child.exitCode, null, 'still running when killed');
  child.kill('SIGKILL');
  await exited;
  const before = records(dir).length;
  assert.ok(before >= 3 && before < 16, `killed part-way (${before} runs)`);

  assert.equal(await runPlan(plan, options, new ReproduceProgress(1), 0), null);
  assert.equal(keys(dir).length, 16);
  assert.equal(new Set(keys(dir)).size, 16, 'no run twice');
  assert.ok(records(dir).every((r) => r.backend === 'rules'));
  // bench's own plan file, beside the experiment file it was run from.
  assert.match(JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')).fingerprint, /^[0-9a-f]{16}$/);
  assert.equal(JSON.parse(readFileSync(join(dir, 'experiment.json'), 'utf8')).name, 'tiny');

  // The command carries on the plan: drop the last runs, run it as printed, and they are back, once each.
  const lines = readFileSync(jsonl, 'utf8').split('\n').filter(Boolean);
  writeFileSync(jsonl, lines.slice(0, 12).join('\n') + '\n');
  const command = benchCommand(dir);
  assert.match(command, /^npx slitherbench bench --config \S+experiment\.json --out \S+ --resume --no-report$/);
  const rerun = spawnSync('sh', ['-c', command], { encoding: 'utf8', env: { ...process.env, SLITHERBENCH_DIST: 'off' } });
  assert.equal(rerun.status, 0, rerun.stderr);
  assert.match(rerun.stderr, /resuming: 12 of 16 runs already recorded, 4 to go/);
  assert.doesNotMatch(rerun.stderr, /plan changed/, 'the command runs the plan reproduce ran');
  assert.equal(new Set(keys(dir)).size, 16);
  assert.equal(keys(dir).length, 16);
});
