// The library as a program meets it: a puzzle in, a verified loop out; bad input a UsageError with the
// CLI's message; a run past its time killed; a cancelled solve stopped; and not a byte on stdout or stderr.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.SLITHERBENCH_BACKENDS_DIR = new URL('../../fixtures/backends/', import.meta.url).pathname;
const library = await import('../../../runners/library/index.ts');
const { formatPuzzle, generate, listBackends, parsePuzzle, PUZZLE_FORMATS, readPuzzle, renderSvg, runBench, solve, Solver, UsageError, verify } = library;

const TEN = '10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b';
const solvers: InstanceType<typeof Solver>[] = [];
const folders: string[] = [];
after(() => {
  solvers.forEach((s) => s.close());
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const tempFolder = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

test('every format reads back the puzzle it wrote', () => {
  const puzzle = parsePuzzle(TEN);
  for (const format of PUZZLE_FORMATS) {
    const text = formatPuzzle(puzzle, format);
    const again = readPuzzle(text);
    assert.equal(again.format, format);
    assert.deepEqual(again.puzzle.clues, puzzle.clues, format);
  }
});

test('a puzzle of another grid handed over as a plain object (from JSON) stays on its grid: solved, verified, described and written as itself', async () => {
  const HONEYCOMB = '5x5t2:a303e4a2a442a4b3d';
  const plain = JSON.parse(JSON.stringify(parsePuzzle(HONEYCOMB)));
  assert.equal(formatPuzzle(plain, 'loopy'), HONEYCOMB);
  const described = library.describePuzzle(plain, 'loopy');
  assert.ok('drawing' in described && described.grid === 'honeycomb' && described.loopy === HONEYCOMB);
  assert.equal(described.drawing.edges.length, 94);
  const result = await solve(plain, { unique: true });
  assert.equal(result.status, 'solved');
  assert.equal(result.unique, true);
  assert.deepEqual(verify(plain, result.solution!), { valid: true });
  assert.match(renderSvg(plain, result.solution), /<svg/);
});

test('solve: a verified, unique loop in the solve --json shape; the SVG draws it', async () => {
  const puzzle = parsePuzzle(TEN);
  const result = await solve(puzzle, { unique: true });
  assert.equal(result.status, 'solved');
  assert.equal(result.unique, true);
  assert.equal(result.backend, 'auto');
  assert.ok(result.timeMs > 0 && typeof result.stats === 'object');
  assert.deepEqual(verify(puzzle, result.solution!), { valid: true });
  assert.deepEqual(Object.keys(result.solution!).sort(), ['cols', 'h', 'rows', 'v']);
  // A loop with one edge moved is rejected, with the reason.
  const square = result.solution as import('../../../runners/library/index.ts').SolutionJson;
  const h = [...square.h];
  h[0] = (h[0][0] === '1' ? '0' : '1') + h[0].slice(1);
  const broken = verify(puzzle, { ...square, h });
  assert.equal(broken.valid, false);
  // A certified answer carries its certificate, as solve --certify --json prints it.
  const certified = await solve(puzzle, { certify: true });
  assert.equal(certified.unique, true);
  assert.equal(certified.certificate?.certified, 'yes');
  assert.equal(certified.certificate?.verified, true);
  // Options in the back-end's spec, as the command line writes them.
  const deduced = await solve(puzzle, { backend: 'rules:trial=off', unique: true });
  assert.equal(deduced.backend, 'rules');
  assert.equal(deduced.unique, true);
  const svg = renderSvg(puzzle, result.solution);
  assert.match(svg, /^<svg[^>]*>/);
  assert.match(svg, /<path/);
});

test('bad input is a UsageError with the message the CLI prints', async () => {
  const cli = (argv: string[]) => spawnSync(process.execPath, [new URL('../../../bin/slitherbench.js', import.meta.url).pathname, ...argv], { encoding: 'utf8' }).stderr.trim();
  const wrong = '10x10t0:e2a12';
  assert.throws(() => parsePuzzle(wrong), (e: Error) => e instanceof UsageError && cli(['convert', wrong, '--to', 'url']).endsWith(e.message.replace(/^puzzle: /, '')));
  await assert.rejects(solve(TEN, { backend: 'no-such-solver' }), (e: Error) => e instanceof UsageError && cli(['solve', TEN, '--backend', 'no-such-solver']) === `error: ${e.message}`);
  await assert.rejects(solve(TEN, { backend: 'rules', options: { trial: 'maybe' } }), (e: Error) => e instanceof UsageError && /trial of 'rules' must be one of/.test(e.message));
  await assert.rejects(solve(TEN, { backend: 'rules:trial=maybe' }), (e: Error) => e instanceof UsageError && /trial of 'rules' must be one of/.test(e.message));
  await assert.rejects(solve(TEN, { timeoutMs: -1 }), UsageError);
  assert.throws(() => verify(parsePuzzle(TEN), { rows: 10, cols: 10, h: [], v: [] } as never), UsageError);
  assert.throws(() => formatPuzzle(parsePuzzle(TEN), 'png' as never), UsageError);
});

test('a Solver answers many solves on its warm worker; a run past its time is killed and the next one answers', async () => {
  const solver = new Solver();
  solvers.push(solver);
  const puzzle = parsePuzzle(TEN);
  const results = [];
  for (let i = 0; i < 20; i++) results.push(await solver.solve(puzzle));
  assert.ok(results.every((r) => r.status === 'solved' && verify(puzzle, r.solution!).valid));
  const started = Date.now();
  const stuck = await solver.solve(puzzle, { backend: 'fixture-sleep', timeoutMs: 200 });
  assert.equal(stuck.status, 'timeout');
  assert.ok(Date.now() - started < 10_000);
  const after = await solver.solve(puzzle, { backend: 'fixture-sleep', timeoutMs: 200 });
  assert.equal(after.status, 'timeout', 'the killed worker was started again');
  assert.equal((await solver.solve(puzzle)).status, 'solved');
});

test('an AbortSignal stops a running solve and one waiting behind it', async () => {
  const solver = new Solver({ backend: 'fixture-sleep' });
  solvers.push(solver);
  const controller = new AbortController();
  const running = solver.solve(TEN, { signal: controller.signal, timeoutMs: 60_000 });
  const waiting = solver.solve(TEN, { signal: controller.signal, timeoutMs: 60_000 });
  setTimeout(() => controller.abort(), 300);
  const started = Date.now();
  await assert.rejects(running, (e: Error) => e.name === 'AbortError');
  await assert.rejects(waiting, (e: Error) => e.name === 'AbortError');
  assert.ok(Date.now() - started < 5_000);
  await assert.rejects(solver.solve(TEN, { signal: AbortSignal.abort() }), (e: Error) => e.name === 'AbortError');
  solver.close();
  await assert.rejects(solver.solve(TEN), UsageError);
});

test('listBackends and generate', async () => {
  const rows = await listBackends();
  assert.ok(rows.some((r) => r.name === 'auto' && r.available));
  const made = await generate({ size: '5x5', seed: 3, count: 2 });
  assert.equal(made.length, 2);
  for (const m of made) {
    const result = await solve(m.url, { unique: true });
    assert.equal(result.unique, true);
  }
  const cli = spawnSync(process.execPath, [new URL('../../../bin/slitherbench.js', import.meta.url).pathname, 'generate', '--size', '5x5', '--seed', '3', '--count', '2', '--confirm', 'none'], { encoding: 'utf8' });
  assert.deepEqual(cli.stdout.trim().split('\n'), made.map((m) => m.url), 'the same puzzles as the command');
});

test('runBench runs bench\'s plan: the records bench writes, progress by callback, a stop that keeps what finished', async () => {
  const out = tempFolder('slitherbench-library-bench-');
  const seen: [number, number, string][] = [];
  const result = await runBench({ out, dataset: 'gen-5x5', limit: 3, backends: 'rules,auto:trial-from=0', unique: true, jobs: 1, timeoutMs: 20_000, onProgress: ({ done, total, record }) => seen.push([done, total, record.backend]) });
  assert.equal(result.records.length, 6);
  assert.deepEqual(seen.map(([done, total]) => [done, total]), [1, 2, 3, 4, 5, 6].map((n) => [n, 6]));
  assert.deepEqual(new Set(seen.map(([, , backend]) => backend)), new Set(['rules', 'auto[trial-from=0]']));
  assert.ok(result.records.every((r) => r.status === 'solved' && r.unique === true));
  assert.deepEqual(result.disagreements, []);
  const logged = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { instance: string; backend: string; solution_key: string });
  assert.deepEqual(logged.map((r) => [r.instance, r.backend, r.solution_key]), result.records.map((r) => [r.instance, r.backend, r.solution_key]));
  await assert.rejects(runBench({ out, dataset: 'gen-5x5', limit: 3, backends: 'rules' }), (e: Error) => e instanceof UsageError && /--resume/.test(e.message));
  await assert.rejects(runBench({ out: join(out, 'x'), dataset: 'no-such-set' }), UsageError);
  // Stopped before it starts: nothing runs, and the run says it was interrupted.
  const stopped = await runBench({ out: join(out, 'stopped'), dataset: 'gen-5x5', limit: 2, backends: 'rules', jobs: 1, signal: AbortSignal.abort() });
  assert.equal(stopped.interrupted, true);
  assert.equal(stopped.records.length, 0);
});

test('runBench takes certify and baseline as bench takes --certify, --no-certify and --baseline, and refuses an option it does not know', async () => {
  const out = tempFolder('slitherbench-library-certify-');
  const given = { dataset: 'quick', limit: 1, backends: 'cdcl-loop,rules', jobs: 1, timeoutMs: 30_000 };
  const result = await runBench({ ...given, out: join(out, 'library'), certify: true, baseline: 'rules' });
  const proved = result.records.find((r) => r.backend === 'cdcl-loop')!;
  assert.equal(proved.unique, true, 'certify implies unique');
  assert.equal(proved.certified, 'yes');
  const cli = spawnSync(process.execPath, [new URL('../../../bin/slitherbench.js', import.meta.url).pathname, 'bench', '--dataset', 'quick', '--limit', '1', '--backends', 'cdcl-loop,rules', '--jobs', '1', '--timeout', '30', '--certify', '--baseline', 'rules', '--no-report', '--out', join(out, 'cli')], { encoding: 'utf8', env: { ...process.env, SLITHERBENCH_DIST: 'off' } });
  assert.equal(cli.status, 0, cli.stderr);
  const read = (dir: string, file: string) => JSON.parse(readFileSync(join(out, dir, file), 'utf8')) as { fingerprint?: string; certify?: boolean; baseline?: string };
  assert.equal(read('library', 'plan.json').certify, true);
  assert.equal(read('library', 'plan.json').fingerprint, read('cli', 'plan.json').fingerprint, 'the plan the command runs');
  assert.equal(read('library', 'run.json').baseline, 'rules');
  assert.equal(read('cli', 'run.json').baseline, 'rules');
  // With uniqueness, cdcl-loop certifies by default (its proof costs little), rules does not; certify: false turns it off.
  const byDefault = await runBench({ ...given, out: join(out, 'default'), unique: true });
  assert.deepEqual(byDefault.records.map((r) => [r.backend, r.certified]), [['cdcl-loop', 'yes'], ['rules', undefined]]);
  const plain = await runBench({ ...given, out: join(out, 'plain'), unique: true, certify: false });
  assert.deepEqual(plain.records.map((r) => [r.backend, r.certified]), [['cdcl-loop', undefined], ['rules', undefined]]);
  await assert.rejects(runBench({ ...given, out: join(out, 'other'), baseline: 'z3-lazy' }), (e: Error) => e instanceof UsageError && /z3-lazy: not one of this run's back-ends \(cdcl-loop, rules\)/.test(e.message));
  await assert.rejects(runBench({ ...given, out: join(out, 'misspelt'), certfy: true } as never), (e: Error) => e instanceof UsageError && /^runBench: unknown option certfy; it takes out, (?=.*\bcertify\b)(?=.*\bbaseline\b)/.test(e.message));
});

test('the library writes nothing to stdout or stderr, even when a worker crashes', () => {
  const script = `
    process.env.SLITHERBENCH_BACKENDS_DIR = ${JSON.stringify(process.env.SLITHERBENCH_BACKENDS_DIR)};
    const { solve, Solver, parsePuzzle, runBench } = await import(${JSON.stringify(new URL('../../../runners/library/index.ts', import.meta.url).href)});
    const answers = [];
    answers.push((await solve(${JSON.stringify(TEN)}, { backend: 'fixture-crash' })).status);
    answers.push((await solve(${JSON.stringify(TEN)}, { backend: 'cpsat-circuit', unique: true })).status);
    try { parsePuzzle('10x10t0:zz'); } catch { answers.push('refused'); }
    const solver = new Solver();
    answers.push((await solver.solve(${JSON.stringify(TEN)})).status);
    solver.close();
    const bench = await runBench({ out: ${JSON.stringify(join(tmpdir(), `slitherbench-quiet-${process.pid}`))}, dataset: 'gen-5x5', limit: 2, backends: 'rules', jobs: 1 });
    answers.push(bench.records.length);
    if (answers.join() !== 'error,solved,refused,solved,2') process.exitCode = 5;
  `;
  // A file, not -e: worker threads inherit the process's flags, and -e is one of them.
  const file = join(tempFolder('slitherbench-library-'), 'quiet.mjs');
  writeFileSync(file, script);
  const child = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 120_000 });
  rmSync(join(tmpdir(), `slitherbench-quiet-${process.pid}`), { recursive: true, force: true });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, '');
  assert.equal(child.stderr, '');
});
