// The benchmark runner as a user meets it: a run writes every row once, limits hold, a killed run resumes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { WorkerProcess } from '../../../../runners/workers/worker-process.ts';
import { chooseBaseline } from '../../../../runners/harness/execution/bench.ts';
import { backendLabel } from '../../../../encodings/backend-spec.ts';
import { makePuzzle } from '../../../../encodings/grid.ts';
import { BIN, runCli } from '../../../helpers/cli.ts';
import { alive, descendants, waitFor, type ProcessRow } from '../../../helpers/processes.ts';

const FIXTURES = new URL('../../../fixtures/backends/', import.meta.url).pathname;
const env = { ...process.env, SLITHERBENCH_BACKENDS_DIR: FIXTURES };

// A unique 5x5, a blank 2x3 (several loops), an all-zero 3x3 (no loop) and a 1x1 with a 4.
const PUZZLES = ['5x5t0:3222b2a0c21a1d12b3', 'https://puzz.link/p?slither/3/2/l', 'https://puzz.link/p?slither/3/3/000000000', '1x1t0:4'];

function setFile(lines: string[]): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-bench-'));
  const file = join(dir, 'set.txt');
  writeFileSync(file, `# a small set\n${lines.join('\n')}\n`);
  return { dir, file };
}

const bench = (args: string[]) => runCli(['bench', ...args], env);

const csvRows = (dir: string) => readFileSync(join(dir, 'results.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));

test('bench writes one verified row per instance x back-end, with the contract\'s columns and right answers', async () => {
  const { dir, file } = setFile(PUZZLES);
  const out = join(dir, 'out');
  const r = await bench(['--dataset', file, '--backends', 'rules,sat-lazy', '--unique', '--jobs', '1', '--timeout', '30', '--out', out, '--no-report']);
  assert.equal(r.code, 0, r.stderr);
  const [header, ...rows] = csvRows(out);
  for (const column of ['instance', 'backend', 'status', 'unique', 'wall_ms', 'solve_ms', 'rows', 'cols', 'clues']) assert.ok(header.includes(column), column);
  assert.equal(rows.length, 8);
  const at = (instance: string, backend: string) => {
    const row = rows.find((x) => x[header.indexOf('instance')] === instance && x[header.indexOf('backend')] === backend)!;
    return { status: row[header.indexOf('status')], unique: row[header.indexOf('unique')] };
  };
  // Instances are line numbers counted from 1; line 1 is the comment.
  for (const backend of ['rules', 'sat-lazy']) {
    assert.deepEqual(at('2', backend), { status: 'solved', unique: 'true' });
    assert.deepEqual(at('3', backend), { status: 'solved', unique: 'false' });
    assert.deepEqual(at('4', backend).status, 'unsat');
    assert.deepEqual(at('5', backend), { status: 'solved', unique: 'true' });
  }
  assert.equal(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').length, 8);
  const info = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  assert.ok(info.machine.cores >= 1 && info.software.node && info.ended, 'run.json has machine, versions, end');
  assert.equal(info.timeoutSeconds, 30);
  assert.equal(info.baseline, 'rules', 'the first back-end listed is the baseline');
});

test('bench --baseline: recorded in run.json and drawn against; a back-end not in the run is one error line', async () => {
  const { dir, file } = setFile(PUZZLES.slice(0, 2));
  const bad = await bench(['--dataset', file, '--backends', 'rules,sat-lazy', '--baseline', 'z3-lazy', '--out', join(dir, 'bad')]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: --baseline z3-lazy: not one of this run's back-ends \(rules, sat-lazy\)$/m);
  const out = join(dir, 'out');
  const good = await bench(['--dataset', file, '--backends', 'rules,sat-lazy,cdcl-loop', '--baseline', 'sat-lazy', '--jobs', '1', '--timeout', '30', '--out', out]);
  assert.equal(good.code, 0, good.stderr);
  assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).baseline, 'sat-lazy');
  for (const other of ['rules', 'cdcl-loop']) assert.ok(existsSync(join(out, 'charts', `scatter-sat-lazy-vs-${other}.vl.json`)), other);
});

test('the baseline is auto when it runs, else the first back-end listed; a label or an ID that names one back-end picks another', async () => {
  const spec = (id: string, params: Record<string, string> = {}) => ({ id, label: backendLabel(id, params), params });
  assert.equal(chooseBaseline([spec('rules'), spec('auto'), spec('sat-lazy')]), 'auto');
  assert.equal(chooseBaseline([spec('rules'), spec('sat-lazy')]), 'rules');
  assert.equal(chooseBaseline([spec('rules'), spec('auto')], 'rules'), 'rules');
  assert.equal(chooseBaseline([spec('rules'), spec('auto', { 'trial-from': '0' })], 'auto'), 'auto[trial-from=0]', 'an ID that names one back-end');
  assert.throws(() => chooseBaseline([spec('auto'), spec('auto', { 'trial-from': '0' })], 'cdcl-loop'), /^UsageError: --baseline cdcl-loop: not one of this run's back-ends \(auto, auto\[trial-from=0\]\)$/);
  const { dir, file } = setFile(PUZZLES.slice(0, 1));
  const out = join(dir, 'out');
  const r = await bench(['--dataset', file, '--backends', 'rules,auto', '--jobs', '1', '--timeout', '30', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).baseline, 'auto');
  assert.ok(existsSync(join(out, 'charts', 'scatter-auto-vs-rules.vl.json')));
  const help = await bench(['--help']);
  assert.match(help.stdout.replace(/\s+/g, ' '), /--baseline <id> .*\(default: auto when it is among the back-ends run, .*else the first listed\)/);
});

test('a wrong answer is recorded as wrong and the exit status says so', async () => {
  const { dir, file } = setFile(PUZZLES.slice(0, 1));
  const out = join(dir, 'out');
  const r = await bench(['--dataset', file, '--backends', 'fixture-wrong,rules', '--jobs', '1', '--out', out, '--no-report']);
  assert.equal(r.code, 3, r.stderr);
  const [header, ...rows] = csvRows(out);
  assert.deepEqual(rows.map((x) => x[header.indexOf('status')]).sort(), ['solved', 'wrong']);
  assert.match(r.stderr, /wrong/);
  assert.equal(JSON.parse(readFileSync(join(out, 'disagreements.json'), 'utf8'))[0].kind, 'wrong');
});

test('the worker pool kills what overruns, replaces crashed workers, and reuses live ones', async () => {
  process.env.SLITHERBENCH_BACKENDS_DIR = FIXTURES;
  const one = makePuzzle(1, 1, [4]);
  const options = { timeoutMs: 800, unique: false, seed: 1, params: {} };
  const sleeper = new WorkerProcess('fixture-sleep', undefined, { memoryMb: 2048, graceMs: 300 });
  assert.equal((await sleeper.solve(one, options)).result.status, 'timeout');
  assert.equal((await sleeper.solve(one, options)).result.status, 'timeout');
  assert.equal(sleeper.starts, 2, 'a killed worker is replaced');
  sleeper.kill();
  const crasher = new WorkerProcess('fixture-crash', undefined, { memoryMb: 2048, graceMs: 300 });
  const crashed = await crasher.solve(one, options);
  assert.equal(crashed.result.status, 'error');
  assert.match(crashed.result.message ?? '', /exit code 7/);
  const hog = new WorkerProcess('fixture-memory', undefined, { memoryMb: 400, graceMs: 300 });
  assert.equal((await hog.solve(one, { ...options, timeoutMs: 20_000 })).result.status, 'memout');
  const rules = new WorkerProcess('rules', undefined);
  for (let i = 0; i < 3; i++) assert.equal((await rules.solve(one, options)).result.status, 'solved');
  assert.equal(rules.starts, 1, 'one worker served every run');
  rules.kill();
});

test('a run killed with SIGKILL resumes with every row exactly once', async () => {
  const lines = Array.from({ length: 6 }, (_, i) => PUZZLES[i % PUZZLES.length]);
  const { dir, file } = setFile(lines);
  const out = join(dir, 'out');
  const args = [BIN, 'bench', '--dataset', file, '--backends', 'sat-lazy,rules', '--repeat', '2', '--jobs', '1', '--out', out, '--no-report'];
  const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
  const jsonl = join(out, 'results.jsonl');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !(existsSync(jsonl) && readFileSync(jsonl, 'utf8').split('\n').length > 4)) await new Promise((r) => setTimeout(r, 50));
  child.kill('SIGKILL');
  await new Promise((r) => child.on('exit', r));
  const before = readFileSync(jsonl, 'utf8').trim().split('\n').length;
  assert.ok(before >= 4 && before < 24, `killed mid-way (${before} rows)`);
  const again = await bench(['--dataset', file, '--backends', 'sat-lazy,rules', '--repeat', '2', '--jobs', '1', '--out', out, '--no-report', '--resume']);
  assert.equal(again.code, 0, again.stderr);
  const records = readFileSync(jsonl, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const keys = records.map((r) => `${r.instance}/${r.backend}/${r.repeat}`);
  assert.equal(keys.length, 24);
  assert.equal(new Set(keys).size, 24, 'no run twice');
  assert.equal(csvRows(out).length - 1, 24);
  assert.ok(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).resumes.length >= 1);
});

test('bench killed with SIGKILL while its worker spins in synchronous code: 10 s later neither the worker nor its engine process runs', async () => {
  const { dir, file } = setFile(['1x1t0:4']);
  const child = spawn(process.execPath, [BIN, 'bench', '--dataset', file, '--backends', 'fixture-engine-spin', '--timeout', '600', '--out', join(dir, 'out'), '--no-report'], { env, stdio: 'ignore' });
  let started: ProcessRow[] = [];
  try {
    // The worker is busy once its engine process (sleep 600) has started.
    const engine = () => (started = descendants(child.pid!)).some((p) => p.args.startsWith('sleep'));
    assert.ok(await waitFor(engine, 20_000), `no engine process started under bench:\n${started.map((p) => `${p.pid} ${p.args}`).join('\n')}`);
    child.kill('SIGKILL');
    await waitFor(() => !started.some((p) => alive(p.pid)), 10_000);
    assert.deepEqual(started.filter((p) => alive(p.pid)), [], 'still running 10 s after bench was killed');
  } finally {
    child.kill('SIGKILL');
    // Never leave a spinning orphan behind, whatever the outcome.
    for (const p of started) spawnSync('kill', ['-9', String(p.pid)]);
  }
});

test('an experiment file is validated: a bad key is one error line and exit 2', async () => {
  const { dir, file } = setFile(PUZZLES.slice(0, 2));
  const config = join(dir, 'x.yaml');
  writeFileSync(config, `datasets: [${file}]\nbackends: [rules]\ntimeuot: 5\n`);
  const bad = await bench(['--config', config, '--out', join(dir, 'o1')]);
  assert.equal(bad.code, 2);
  assert.equal(bad.stderr.trim().split('\n').length, 1);
  assert.match(bad.stderr, /^error: .*timeuot/);
  writeFileSync(config, `datasets: [${file}]\nbackends: [rules, { id: sat-lazy, label: lazy-cadical, options: { engine: logic-solver } }]\ntimeout: 5\njobs: 1\n`);
  assert.ok(parse(readFileSync(config, 'utf8')));
  const good = await bench(['--config', config, '--out', join(dir, 'o2'), '--no-report']);
  assert.equal(good.code, 0, good.stderr);
  assert.deepEqual([...new Set(csvRows(join(dir, 'o2')).slice(1).map((r) => r[2]))].sort(), ['lazy-cadical', 'rules']);
});

test('bench --certify: a certified column, the proof sizes and check times, and the plan and report say so', async () => {
  const { dir, file } = setFile(PUZZLES);
  const out = join(dir, 'out');
  const r = await bench(['--dataset', file, '--backends', 'cdcl-loop,rules', '--certify', '--jobs', '1', '--timeout', '30', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const [header, ...rows] = csvRows(out);
  const cell = (row: string[], column: string) => row[header.indexOf(column)];
  for (const row of rows) {
    const cdcl = cell(row, 'backend') === 'cdcl-loop';
    assert.equal(cell(row, 'certified'), cdcl ? 'yes' : 'not supported', row.join(','));
    // The 5x5's unique loop, the all-zero grid's no loop: a proof each; the blank grid's two loops need none.
    const proved = cdcl && (cell(row, 'unique') === 'true' || cell(row, 'status') === 'unsat');
    assert.equal(Number(cell(row, 'proof_bytes')) > 0, proved, row.join(','));
    assert.equal(cell(row, 'check_ms') !== '', proved, row.join(','));
  }
  assert.equal(JSON.parse(readFileSync(join(out, 'plan.json'), 'utf8')).certify, true);
  assert.match(readFileSync(join(out, 'summary.md'), 'utf8'), /## Certified answers\n\n\| back-end \| proved[^\n]*\n[^\n]*\n\| cdcl-loop \| 4 of 4 \| 0 \| 0 \|/);
});

test('bench --unique certifies auto by default (the report says n of m proved), not rules; --no-certify and certify: false turn it off; a directory made without proofs resumes without', async () => {
  const { dir, file } = setFile(PUZZLES);
  const out = join(dir, 'default');
  const r = await bench(['--dataset', file, '--backends', 'auto,rules', '--unique', '--jobs', '1', '--timeout', '30', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const [header, ...rows] = csvRows(out);
  const cell = (row: string[], column: string) => row[header.indexOf(column)];
  for (const row of rows) {
    const auto = cell(row, 'backend') === 'auto';
    // auto's four answers are certified (two proofs, two loops for "not unique", the 1x1's proof); rules' runs are as before, without a word about proofs.
    assert.equal(cell(row, 'certified'), auto ? 'yes' : '', row.join(','));
    assert.equal(cell(row, 'message'), '', row.join(','));
  }
  assert.equal(JSON.parse(readFileSync(join(out, 'plan.json'), 'utf8')).certify, 'where cheap');
  assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).certify, 'where cheap');
  const summary = readFileSync(join(out, 'summary.md'), 'utf8');
  assert.match(summary, /## Certified answers\n\n\| back-end \| proved[^\n]*\n[^\n]*\n\| auto \| 4 of 4 \| 0 \| 0 \|/);
  assert.match(summary, /Not listed, as they wrote no proofs in this run: rules/);
  assert.match(readFileSync(join(out, 'report.html'), 'utf8'), /<td>4 of 4<\/td>/);

  const plain = (to: string) => {
    const [h, ...rs] = csvRows(to);
    assert.deepEqual(rs.map((row) => row[h.indexOf('certified')]), rs.map(() => ''), to);
    assert.equal('certify' in JSON.parse(readFileSync(join(to, 'plan.json'), 'utf8')), false, `${to}: plan.json records no certification`);
  };
  const off = join(dir, 'off');
  assert.equal((await bench(['--dataset', file, '--backends', 'auto', '--unique', '--no-certify', '--jobs', '1', '--out', off, '--no-report'])).code, 0);
  plain(off);
  const config = join(dir, 'plain.yaml');
  writeFileSync(config, `datasets: [${file}]\nbackends: [auto]\nunique: true\ncertify: false\njobs: 1\n`);
  assert.equal((await bench(['--config', config, '--out', join(dir, 'file'), '--no-report'])).code, 0);
  plain(join(dir, 'file'));

  // A directory made without proofs (before bench certified by default, or with --no-certify) carries on without
  // when neither flag is typed; --certify there is refused, naming the setting; so is --no-certify in one made with proofs.
  const jsonl = join(off, 'results.jsonl');
  writeFileSync(jsonl, readFileSync(jsonl, 'utf8').trim().split('\n').slice(0, 2).join('\n') + '\n');
  const resumed = await bench(['--dataset', file, '--backends', 'auto', '--unique', '--jobs', '1', '--out', off, '--resume', '--no-report']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /was made without proofs: carrying it on so/);
  plain(off);
  const refused = await bench(['--dataset', file, '--backends', 'auto', '--certify', '--jobs', '1', '--out', off, '--resume', '--no-report']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /^error: .*--certify was false, now true/m);
  const back = await bench(['--dataset', file, '--backends', 'auto,rules', '--unique', '--no-certify', '--jobs', '1', '--timeout', '30', '--out', out, '--resume', '--no-report']);
  assert.equal(back.code, 2);
  assert.match(back.stderr, /^error: .*--certify was where cheap, now false/m);
});
