// A setting is one row of the table: a row added here (before anything that reads the table is loaded) is
// offered by bench, read from an experiment file, taken by runBench, recorded in plan.json and run.json, and
// compared by --resume, with no other line written for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTINGS, type Setting } from '../../../runners/settings/table.ts';
import { parseInteger } from '../../../runners/harness/plans/values.ts';

const widgets: Setting<number> = {
  flags: '--widgets <n>', help: 'widgets per puzzle (a setting that only this test adds)', parse: (text) => parseInteger(text, '--widgets', 1), default: 3,
  kind: 'positive whole number', file: 'widgets', library: 'widgets', record: { plan: 'widgets', run: 'widgets' },
};
(SETTINGS as unknown as Record<string, Setting<unknown>>).widgets = widgets as Setting<unknown>;

const [{ Command }, bench, { readExperiment, resolvePlan }, { runBench }, { EXPERIMENT_SETTINGS }] = await Promise.all([
  import('commander'), import('../../../runners/cli/commands/bench.ts'), import('../../../runners/harness/plans/experiment.ts'), import('../../../runners/library/index.ts'), import('../../../runners/settings/experiment-settings.ts'),
]);

const dir = mkdtempSync(join(tmpdir(), 'slitherbench-setting-'));
const set = join(dir, 'set.txt');
writeFileSync(set, '1x1t0:4\n');

test('bench --help offers the new setting with its help and default', () => {
  const command = new Command('bench');
  bench.register(command);
  const help = command.helpInformation();
  assert.match(help.replace(/\s+/g, ' '), /--widgets <n> widgets per puzzle \(a setting that only this test adds\) \(default: 3\)/);
});

test('an experiment file takes the new setting by its key, checked by its kind; a typed flag beats it', async () => {
  const plan = join(dir, 'plan.yaml');
  writeFileSync(plan, `datasets: [${set}]\nbackends: [rules]\nwidgets: 5\n`);
  const experiment = readExperiment(plan);
  const widgetsOf = async (...args: Parameters<typeof resolvePlan>) => ((await resolvePlan(...args)).settings as Record<string, unknown>).widgets;
  assert.equal(await widgetsOf({}, { path: plan, experiment }), 5);
  assert.equal(await widgetsOf({ widgets: 7 }, { path: plan, experiment }), 7);
  assert.equal(await widgetsOf({ dataset: set, backends: [{ id: 'rules', params: {} }] }), 3, 'the default');
  writeFileSync(plan, `datasets: [${set}]\nbackends: [rules]\nwidgets: 0\n`);
  assert.throws(() => readExperiment(plan), new RegExp(`^UsageError: ${plan}: widgets: `));
});

test('runBench takes the new setting by its library name, and plan.json, run.json and --resume hold it', async () => {
  const out = join(dir, 'run');
  const given = { out, dataset: set, backends: 'rules', jobs: 1 };
  const result = await runBench({ ...given, widgets: 4 } as never);
  assert.equal(result.records.length, 1);
  assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).widgets, 4);
  assert.equal(JSON.parse(readFileSync(join(out, 'plan.json'), 'utf8')).widgets, 4);
  await assert.rejects(runBench({ ...given, resume: true, widgets: 5 } as never), /was made with other settings: --widgets was 4, now 5/);
  await assert.rejects(runBench({ ...given, out: join(dir, 'other'), widgets: 'many' } as never), /^UsageError: widgets must be a positive whole number, got "many"$/);
});

test('no two settings share a flag, an experiment-file key, a runBench name or a record field', () => {
  const rows = Object.values(SETTINGS as unknown as Record<string, Setting<unknown>>);
  const names = {
    // The experiment scripts' own settings among them: a script takes both parts of the table by flag.
    flags: [...rows, ...Object.values(EXPERIMENT_SETTINGS as Record<string, Setting<unknown>>)].map((r) => /--[\w-]+/.exec(r.flags)![0]),
    file: rows.flatMap((r) => (r.file ? [r.file] : [])),
    library: rows.flatMap((r) => (r.library ? [r.library] : [])),
    plan: rows.flatMap((r) => (r.record?.plan ? [r.record.plan] : [])),
    run: rows.flatMap((r) => (r.record?.run ? [r.record.run] : [])),
  };
  for (const [what, list] of Object.entries(names)) assert.deepEqual(list.filter((x, k) => list.indexOf(x) !== k), [], `${what} named twice`);
  assert.deepEqual(Object.keys(EXPERIMENT_SETTINGS).filter((name) => name in SETTINGS), [], "a script's own setting named as a command's");
  // A value read from a file or given to runBench is checked by its kind.
  assert.deepEqual(rows.filter((r) => (r.file !== undefined || (r.library !== undefined && !r.libraryText && r.library !== 'options')) && !r.kind).map((r) => r.flags), []);
});

test('certify is recorded as the mode resolved: "where cheap", true, or no field (none), which a plan made before the default reads as', async () => {
  const { planSettingFields, planSettingsByFlag } = await import('../../../runners/harness/results/run-file.ts');
  assert.equal(planSettingFields({ certify: 'where cheap', unique: true }).certify, 'where cheap');
  assert.equal(planSettingFields({ certify: true, unique: true }).certify, true);
  assert.equal('certify' in planSettingFields({ certify: false, unique: true }), false, 'none: the plan.json of a run made before certification existed');
  assert.equal(planSettingsByFlag({ unique: true })['--certify'], false);
  assert.equal(planSettingsByFlag({ unique: true, certify: 'where cheap' })['--certify'], 'where cheap');
});
