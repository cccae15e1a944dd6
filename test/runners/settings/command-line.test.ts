// One plan resolution: a flag the user typed beats the experiment file, which beats the default, for every
// setting; a flag that would change nothing is an error; back-ends are named in one grammar everywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { addFlags, planFlags } from '../../../runners/settings/command-line.ts';
import { SETTINGS, type SettingName } from '../../../runners/settings/table.ts';
import { PLAN_DEFAULTS, readExperiment, resolvePlan, resolveVariants } from '../../../runners/harness/plans/experiment.ts';
import { parseBackendList, parseBackendSpec } from '../../../encodings/backend-spec.ts';
import { addSolveFlags } from '../../../runners/cli/solve-flags.ts';
import { solveOptionsFrom, type SolveFlags } from '../../../runners/settings/solve-options.ts';
import { runCli as cli } from '../../helpers/cli.ts';

/** A folder with a two-puzzle set and an experiment file that sets every plan value it can. */
function planFolder(): { dir: string; set: string; plan: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-plan-'));
  const set = join(dir, 'set.txt');
  writeFileSync(set, '1x1t0:4\n5x5t0:3222b2a0c21a1d12b3\n');
  const plan = join(dir, 'plan.yaml');
  writeFileSync(plan, [
    'name: tiny',
    `datasets: [${set}]`,
    'backends: [sat-lazy, "cdcl-loop:core=typescript"]',
    'timeout: 30', 'unique: true', 'repeat: 3', 'jobs: 2', 'seed: 7', `out: ${join(dir, 'from-file')}`, 'memoryMb: 1000',
  ].join('\n') + '\n');
  return { dir, set, plan };
}

const PLAN_FLAG_NAMES: SettingName[] = ['dataset', 'backends', 'config', 'unique', 'certify', 'timeout', 'repeat', 'jobs', 'out', 'seed', 'memory', 'sizes', 'limit', 'sample', 'option', 'presolve', 'satEngine'];

/** The plan bench would run for these arguments, resolved in this process. */
async function planFor(args: string[]) {
  const command = addFlags(new Command('bench').exitOverride(), PLAN_FLAG_NAMES);
  command.parse(args, { from: 'user' });
  const config = command.opts().config as string | undefined;
  return resolvePlan(planFlags(command), config ? { path: config, experiment: readExperiment(config) } : undefined);
}

test('every plan setting: a typed flag beats the file, the file beats the default', async () => {
  const { dir, set, plan } = planFolder();
  const fromFile = await planFor(['--config', plan]);
  const typed = await planFor(['--config', plan, '--timeout', '5', '--unique', '--repeat', '2', '--jobs', '1', '--seed', '9', '--out', join(dir, 'typed'), '--memory', '500', '--backends', 'rules']);
  const bare = await planFor(['--dataset', set]);
  const pick = ({ settings: s, backends }: Awaited<ReturnType<typeof planFor>>) => ({ timeoutMs: s.timeout, unique: s.unique, repeat: s.repeat, jobs: s.jobs, seed: s.seed, out: s.out, memoryMb: s.memory, backends: backends.map((b) => b.label) });
  assert.deepEqual(pick(fromFile), { timeoutMs: 30_000, unique: true, repeat: 3, jobs: 2, seed: 7, out: join(dir, 'from-file'), memoryMb: 1000, backends: ['sat-lazy', 'cdcl-loop[core=typescript]'] });
  assert.deepEqual(pick(typed), { timeoutMs: 5_000, unique: true, repeat: 2, jobs: 1, seed: 9, out: join(dir, 'typed'), memoryMb: 500, backends: ['rules'] });
  assert.deepEqual(pick(bare), { timeoutMs: PLAN_DEFAULTS.timeout, unique: false, repeat: 1, jobs: undefined, seed: 1, out: undefined, memoryMb: PLAN_DEFAULTS.memory, backends: bare.backends.map((b) => b.label) });
  // A switch the file turns on is turned off by its --no- form.
  assert.equal((await planFor(['--config', plan, '--no-unique'])).settings.unique, false);
  assert.equal((await planFor(['--config', plan])).settings.unique, true);
  // A flag typed with its default value still wins: what counts is that it was typed.
  assert.equal((await planFor(['--config', plan, '--timeout', String(PLAN_DEFAULTS.timeout / 1000)])).settings.timeout, PLAN_DEFAULTS.timeout);
  assert.equal((await planFor(['--config', plan, '--repeat', '1'])).settings.repeat, 1);
});

test('with uniqueness a plan certifies where the proof costs little, unless --no-certify or the file says certify: false; --certify asks every back-end', async () => {
  const { dir, set } = planFolder();
  const mode = async (args: string[]) => {
    const { settings, backends } = await planFor(['--dataset', set, ...args]);
    return { certify: settings.certify, unique: settings.unique, cheap: backends.filter((b) => b.certifiesByDefault).map((b) => b.label) };
  };
  assert.deepEqual(await mode(['--backends', 'auto,cdcl-loop,rules', '--unique']), { certify: 'where cheap', unique: true, cheap: ['auto', 'cdcl-loop'] });
  // Nothing to prove without uniqueness; no back-end whose proof costs little: the plan records no certification, as before.
  assert.deepEqual(await mode(['--backends', 'auto,rules']), { certify: false, unique: false, cheap: ['auto'] });
  assert.deepEqual(await mode(['--backends', 'rules,cdcl-loop:core=typescript,sat-lazy:engine=cadical', '--unique']), { certify: false, unique: true, cheap: [] });
  // A presolved run is not certified unless asked: its presolve's edges are not part of a proof.
  assert.deepEqual(await mode(['--backends', 'auto', '--presolve', 'rules', '--unique']), { certify: false, unique: true, cheap: [] });
  assert.deepEqual(await mode(['--backends', 'auto', '--unique', '--no-certify']), { certify: false, unique: true, cheap: ['auto'] });
  assert.deepEqual(await mode(['--backends', 'rules', '--certify']), { certify: true, unique: true, cheap: [] });
  const plan = join(dir, 'off.yaml');
  writeFileSync(plan, `datasets: [${set}]\nbackends: [auto]\nunique: true\ncertify: false\n`);
  assert.equal((await planFor(['--config', plan])).settings.certify, false);
  assert.equal((await planFor(['--config', plan, '--certify'])).settings.certify, true, 'a typed flag beats the file');
  writeFileSync(plan, `datasets: [${set}]\nbackends: [auto]\nunique: true\n`);
  assert.equal((await planFor(['--config', plan])).settings.certify, 'where cheap');
  assert.equal((await planFor(['--config', plan, '--no-certify'])).settings.certify, false);
});

test('typed dataset filters and back-end options apply to every dataset and back-end of the file', async () => {
  const { set, plan } = planFolder();
  writeFileSync(plan, `datasets: [{ path: ${set}, limit: 2 }]\nbackends: [{ id: rules, options: { trial: on } }, sat-lazy]\n`);
  const p = await planFor(['--config', plan, '--limit', '1', '--option', 'trial=off', '--sat-engine', 'minisat', '--presolve', 'rules:trial=off']);
  assert.equal(p.datasets[0].instances.length, 1);
  assert.deepEqual(p.backends.map((b) => ({ label: b.label, params: b.params, presolve: b.presolve })), [
    { label: 'rules[trial=off]+rules:trial=off', params: { trial: 'off' }, presolve: 'rules:trial=off' },
    { label: 'sat-lazy+rules:trial=off', params: { engine: 'minisat' }, presolve: 'rules:trial=off' },
  ]);
  assert.equal((await planFor(['--config', plan, '--dataset', set])).datasets[0].instances.length, 2, '--dataset replaces the file\'s datasets, filters and all');
  // A file's label names what the file asked for: it stays while that runs, and gives way when a typed flag changes it.
  writeFileSync(plan, `datasets: [${set}]\nbackends: [{ id: rules, label: careful, options: { trial: on } }, { id: cdcl-loop, label: plain }]\n`);
  assert.deepEqual((await planFor(['--config', plan, '--option', 'trial=on', '--option', 'core=typescript'])).backends.map((b) => b.label), ['careful', 'plain']);
  assert.deepEqual((await planFor(['--config', plan, '--option', 'trial=off'])).backends.map((b) => b.label), ['rules[trial=off]', 'plain']);
  assert.deepEqual((await planFor(['--config', plan, '--presolve', 'rules'])).backends.map((b) => b.label), ['rules[trial=on]+rules', 'cdcl-loop+rules']);
});

test('a flag the file\'s back-ends cannot take is an error, never dropped in silence', async () => {
  const { plan } = planFolder();
  await assert.rejects(planFor(['--config', plan, '--option', 'depth=3']), /^UsageError: --option depth=3: no back-end of this run has an option 'depth'$/);
  await assert.rejects(planFor(['--config', plan, '--option', 'core=fortran']), /option core of 'cdcl-loop' must be one of wasm, typescript; got 'fortran'/);
  writeFileSync(plan, 'datasets: [quick]\nbackends: ["cdcl-loop:core=typescript", { id: "rules:trial=off", options: { trial: on } }]\n');
  await assert.rejects(planFor(['--config', plan]), new RegExp(`^UsageError: ${plan}: backends.1: option 'trial' is given both in the id and in options$`));
  writeFileSync(plan, 'datasets: [quick]\nbackends: ["cdcl-loop:depth=2"]\n');
  await assert.rejects(planFor(['--config', plan]), new RegExp(`${plan}: backends.0: back-end 'cdcl-loop' has no option 'depth'`));
});

test('every declared flag is spelled as it is named, and a command can word it for itself', () => {
  const names = Object.keys(SETTINGS) as SettingName[];
  const command = addFlags(new Command('x'), names, { timeout: { help: 'per puzzle', default: 10_000 } });
  // A switch a file can turn on comes with its --no- form, which sets the same value.
  const negations = Object.entries(SETTINGS).filter(([, f]) => 'negation' in f).map(([name]) => `--no-${name}`);
  assert.deepEqual(negations, ['--no-unique', '--no-certify']);
  assert.deepEqual(command.options.filter((o) => !negations.includes(o.long!)).map((o) => o.attributeName()), names);
  assert.deepEqual(command.options.filter((o) => negations.includes(o.long!)).map((o) => o.attributeName()), ['unique', 'certify']);
  const timeout = command.options.find((o) => o.long === '--timeout')!;
  assert.equal(timeout.description, 'per puzzle');
  assert.equal(timeout.defaultValue, 10_000, 'held in ms');
  assert.match(timeout.defaultValueDescription!, /^10$/, 'shown in seconds, as typed');
});

test('every number a command takes is read and checked as it is typed: times in seconds held in ms, counts whole, a share from 0 to 1', () => {
  const names = ['oracleTimeout', 'checkTimeout', 'confirmTimeout', 'maxTimeout', 'shards', 'maxParallel', 'port', 'workers', 'maxPending', 'bodyLimit', 'maxCells', 'oracleCells', 'shrink', 'shrinkBudget', 'largeShare'] as const;
  const parse = (args: string[]) => addFlags(new Command('x').exitOverride(), [...names]).parse(args, { from: 'user' }).opts();
  const read = parse(['--oracle-timeout', '1.1', '--check-timeout', '60', '--port', '0', '--shrink', '0', '--large-share', '0.25', '--shards', '4']);
  assert.equal(read.oracleTimeout, 1100);
  assert.equal(read.checkTimeout, 60_000);
  assert.equal(SETTINGS.oracleTimeout.unit.toTyped(read.oracleTimeout), 1.1, 'recorded as typed');
  assert.deepEqual([read.port, read.shrink, read.largeShare, read.shards], [0, 0, 0.25, 4]);
  assert.equal(parse([]).confirmTimeout, 300_000, 'a default is held in ms too');
  for (const [args, message] of [
    [['--check-timeout', '0'], /--check-timeout must be a positive number of seconds, got '0'/],
    [['--max-timeout', 'soon'], /--max-timeout must be a positive number of seconds/],
    [['--port', '65536'], /--port must be at most 65535, got 65536/],
    [['--workers', '0'], /--workers must be at least 1, got 0/],
    [['--shards', '2.5'], /--shards must be a whole number, got '2.5'/],
    [['--body-limit', '100'], /--body-limit must be at least 1024/],
    [['--large-share', '1.5'], /--large-share must be a number from 0 to 1, got '1.5'/],
    [['--large-share', ''], /--large-share must be a number from 0 to 1/],
  ] as const) assert.throws(() => parse([...args]), message);
});

test('solve: the back-end\'s own options, then --option and --sat-engine over them, as bench and the library do', () => {
  const command = addSolveFlags(new Command('solve').exitOverride());
  command.parse(['--option', 'core=wasm', '--timeout', '5'], { from: 'user' });
  const options = solveOptionsFrom(command.opts<SolveFlags>(), parseBackendSpec('cdcl-loop:core=typescript:corners=off', '--backend'));
  assert.deepEqual({ ...options.params }, { core: 'wasm', corners: 'off' });
  assert.equal(options.timeoutMs, 5000);
});

test('fuzz reads its back-ends in the same grammar, the older id:k=v:k=v included', async () => {
  const variants = await resolveVariants(parseBackendList('sat-lazy:engine=minisat:resolve=scratch,rules', '--backends'), { presolve: 'rules:trial=off' });
  assert.deepEqual(variants.map((v) => v.label), ['sat-lazy[engine=minisat,resolve=scratch]+rules:trial=off', 'rules+rules:trial=off']);
});

test('bench --config plan.yaml --timeout 5 --repeat 2 --backends rules runs rules only, 5 s, 2 repeats', async () => {
  const { dir, plan } = planFolder();
  const out = join(dir, 'run');
  const r = await cli(['bench', '--config', plan, '--timeout', '5', '--repeat', '2', '--backends', 'rules', '--jobs', '1', '--out', out, '--no-report']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /^bench: 4 runs: set \(2\) x rules; timeout 5 s, 1 job;/m);
  const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  assert.deepEqual({ timeout: info.timeoutSeconds, repeat: info.repeat, seed: info.seed, unique: info.unique, backends: info.backends.map((b: { label: string }) => b.label) }, { timeout: 5, repeat: 2, seed: 7, unique: true, backends: ['rules'] });
  const records = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(records.map((x) => `${x.backend}/${x.instance}/${x.repeat}`).sort(), ['rules/1/1', 'rules/1/2', 'rules/2/1', 'rules/2/2']);
});

test('bench --backends cdcl-loop:core=typescript,auto runs both, the option in the label; a bad spec, or a flag the file cannot take, is one error line', async () => {
  const { dir, set, plan } = planFolder();
  const out = join(dir, 'run');
  const r = await cli(['bench', '--dataset', set, '--backends', 'cdcl-loop:core=typescript,auto', '--jobs', '1', '--out', out, '--no-report']);
  assert.equal(r.code, 0, r.stderr);
  const records = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual([...new Set(records.map((x) => x.backend))], ['cdcl-loop[core=typescript]', 'auto']);
  assert.ok(records.every((x) => x.status === 'solved'));
  for (const [args, message] of [
    [['--dataset', set, '--backends', 'cdcl-loop:core=fortran'], "error: --backends: option core of 'cdcl-loop' must be one of wasm, typescript; got 'fortran'"],
    [['--dataset', set, '--backends', 'no-such'], "error: --backends: unknown back-end 'no-such' (known: "],
    [['--collect', out, '--timeout', '5'], 'error: --timeout: bench --collect only merges'],
    [['--config', plan, '--option', 'depth=3'], "error: --option depth=3: no back-end of this run has an option 'depth'"],
  ] as const) {
    const bad = await cli(['bench', ...args]);
    assert.equal(bad.code, 2, bad.stderr);
    assert.equal(bad.stderr.trim().split('\n').length, 1, bad.stderr);
    assert.ok(bad.stderr.startsWith(message), bad.stderr);
  }
});

test('generate --backend and --confirm take back-ends with their options; a bad one is one error line', async () => {
  const plain = await cli(['generate', '--size', '4x4', '--count', '1', '--seed', '2', '--backend', 'cdcl-loop']);
  const written = await cli(['generate', '--size', '4x4', '--count', '1', '--seed', '2', '--backend', 'cdcl-loop:core=typescript', '--confirm', 'rules:trial=off']);
  assert.equal(written.code, 0, written.stderr);
  assert.match(written.stderr, /uniqueness by cdcl-loop:core=typescript; .*confirmed by rules/);
  assert.equal(written.stdout, plain.stdout, 'the same seed gives the same puzzle whichever core proves it unique');
  for (const [args, message] of [
    [['--backend', 'cdcl-loop:core=x'], "error: --backend: option core of 'cdcl-loop' must be one of wasm, typescript; got 'x'"],
    [['--confirm', 'cdcl-loop:corners=maybe'], "error: --confirm: option corners of 'cdcl-loop' must be one of on, off; got 'maybe'"],
  ] as const) {
    const bad = await cli(['generate', '--size', '4x4', '--count', '1', ...args]);
    assert.equal(bad.code, 2, bad.stderr);
    assert.equal(bad.stderr.trim(), message);
  }
});

test('a setting a command does not take is refused in one line that says so; another unknown option as commander says it', async () => {
  for (const [args, message] of [
    [['fuzz', '--dataset', 'quick'], "error: unknown option '--dataset': a setting that fuzz does not take (`slitherbench fuzz --help` lists those it does)"],
    [['solve', '1x1t0:4', '--no-unique'], "error: unknown option '--no-unique': a setting that solve does not take (`slitherbench solve --help` lists those it does)"],
    [['solve', '1x1t0:4', '--bogus'], "error: unknown option '--bogus'"],
  ] as const) {
    const r = await cli([...args]);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stderr.trim(), message);
  }
});
