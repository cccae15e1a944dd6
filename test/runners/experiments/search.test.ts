// bench:search's pure parts: its command line, the per-set summary against the peer (medians, worst, ratios,
// timeouts as lower bounds), each puzzle's fastest warm run, the reading of the peer binary's answer line, and
// that the two sets built for it are what they claim; a warm-only run leaves no empty logs of the other modes;
// back-ends with options are columns of their own, and a bad one is refused as bench refuses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { builtinDatasetNames, builtinManifest, builtinPuzzlesPath, readPuzzleLines } from '../../../datasets/builtin.ts';
import { deduceWithLevel } from '../../../encodings/backends/rules/search.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import type { RunRecord } from '../../../reports/records.ts';
import { parseSearchOptions, type SearchValues } from '../../../runners/experiments/search-options.ts';
import { atLeast, fastestWarmRuns, runPeerOnce, solveInFreshProcess, summarize, type PuzzleRun } from '../../../runners/experiments/versus-peer.ts';

const run = promisify(execFile);
const DEFAULTS = { sets: ['gen-10x10-minimal', 'gen-15x15-hard'], backends: ['auto', 'cdcl-loop', 'rules'], repeat: 3 };
const KNOWN = ['gen-10x10-minimal', 'gen-15x15-hard', 'gen-20x20-minimal'];
const parse = (values: SearchValues) => parseSearchOptions(values, DEFAULTS, KNOWN);

test('command line: defaults from the experiment file, lists and limits read, the sweep on its own', () => {
  const plain = parse({});
  assert.equal(plain.sweep, false);
  if (plain.sweep) return;
  assert.deepEqual(plain.sets, DEFAULTS.sets);
  assert.deepEqual(plain.backends, DEFAULTS.backends);
  assert.deepEqual(plain.modes, ['fresh', 'warm']);
  assert.equal(plain.perSet, Infinity);
  assert.equal(plain.repeat, 3);
  assert.equal(plain.runs, 1);
  assert.equal(parse({ runs: '5' }).sweep === false && (parse({ runs: '5' }) as { runs: number }).runs, 5);
  assert.equal(plain.timeoutSeconds, 60);
  assert.equal(plain.peerSource, 'csv');
  assert.equal(plain.out, 'results/bench-search');
  assert.equal(plain.report, false);
  assert.equal(parse({ report: true }).report, true);

  const given = parse({ sets: 'gen-20x20-minimal, gen-20x20-minimal', backends: 'auto', modes: 'fresh', 'per-set': '5', timeout: '2.5', repeat: '1', 'peer-source': 'binary', out: 'x' });
  assert.ok(!given.sweep);
  if (given.sweep) return;
  assert.deepEqual(given.sets, ['gen-20x20-minimal']);
  assert.deepEqual([given.backends, given.modes, given.perSet, given.timeoutSeconds, given.repeat, given.peerSource, given.out], [['auto'], ['fresh'], 5, 2.5, 1, 'binary', 'x']);

  const sweep = parse({ sweep: true });
  assert.deepEqual(sweep, { sweep: true, report: false, timeoutSeconds: 60, out: 'results/bench-search', backend: 'auto', rows: 15, cols: 15, count: 300, seed: 3, overMs: 1000 });
  const small = parse({ sweep: true, count: '10', seed: '9', size: '10x12', 'over-ms': '50', 'peer-bin': '/p' });
  assert.ok(small.sweep);
  if (!small.sweep) return;
  assert.deepEqual([small.count, small.seed, small.rows, small.cols, small.overMs, small.peerBin], [10, 9, 10, 12, 50, '/p']);
});

test('command line: each mistake is an error that says what', () => {
  const cases: [SearchValues, RegExp][] = [
    [{ sets: 'gen-99x99' }, /no built-in set 'gen-99x99'/],
    [{ sets: ' , ' }, /--sets needs at least one/],
    [{ modes: 'fresh,cold' }, /--modes must be fresh or warm, got 'cold'/],
    [{ 'per-set': '0' }, /--per-set must be at least 1/],
    [{ timeout: '0' }, /--timeout must be a positive number/],
    [{ 'peer-source': 'both' }, /--peer-source must be csv or binary/],
    [{ runs: '0' }, /--runs must be at least 1/],
    [{ sweep: true, runs: '3' }, /--runs is not a sweep option/],
    [{ count: '10' }, /--count goes with --sweep/],
    [{ sweep: true, sets: 'gen-20x20-minimal' }, /--sets is not a sweep option/],
    [{ sweep: true, backends: 'auto,rules' }, /--backends: one back-end expected, got 2 \(auto, rules\)$/],
    [{ backends: 'rules:' }, /--backends: options after 'rules:' are empty/],
    [{ backends: 'trial=off' }, /--backends: 'trial=off' comes before any back-end/],
    [{ sweep: true, size: '15' }, /--size must be RxC/],
    [{ sweep: true, count: 'many' }, /--count must be a whole number/],
  ];
  for (const [values, message] of cases) assert.throws(() => parse(values), message, JSON.stringify(values));
});

test('command line: back-ends with options, as bench reads them, each spec once and named as written', () => {
  const given = parse({ backends: 'rules, rules:trial=off,cdcl-loop:core=typescript,rules' });
  assert.ok(!given.sweep);
  if (given.sweep) return;
  assert.deepEqual(given.backends, ['rules', 'rules:trial=off', 'cdcl-loop:core=typescript']);
  // The older form, a key=value after a comma, belongs to the back-end before it.
  assert.deepEqual((parse({ backends: 'rules:trial=off,rules=basic' }) as { backends: string[] }).backends, ['rules:trial=off:rules=basic']);
  assert.deepEqual((parse({ sweep: true, backends: ' cdcl-loop:core=typescript ' }) as { backend: string }).backend, 'cdcl-loop:core=typescript');
});

const puzzleRun = (id: string, backend: string, status: string, ms: number, peerMs: number | null, unique: boolean | null = status === 'solved' ? true : null): PuzzleRun => ({ set: 's', id, backend, mode: 'fresh', status, unique, ms, peerMs });

test('summary: median and worst of ours, the peer median on the same puzzles, the worst per-puzzle ratio and its puzzle', () => {
  const runs = [
    puzzleRun('a', 'fast', 'solved', 10, 20),
    puzzleRun('b', 'fast', 'solved', 30, 10),
    puzzleRun('c', 'fast', 'solved', 50, 100),
    puzzleRun('d', 'fast', 'solved', 1000, null), // no peer figure: in our median and worst, not in the ratios
    puzzleRun('e', 'fast', 'error', NaN, 5), // errors count as runs only
  ];
  const [row] = summarize(runs, 60_000);
  assert.deepEqual([row.runs, row.answered, row.timeouts], [5, 4, 0]);
  assert.equal(row.medianMs, 40); // 10, 30, 50, 1000
  assert.equal(row.worstMs, 1000);
  assert.equal(row.withPeer, 3);
  assert.equal(row.peerMedianMs, 20); // 10, 20, 100
  assert.equal(row.medianRatio, 30 / 20); // our median on a, b, c over the peer's
  assert.equal(row.worstRatio, 3);
  assert.equal(row.worstRatioId, 'b');
  assert.deepEqual([row.medianCensored, row.worstCensored, row.worstRatioCensored, row.medianRatioCensored], [false, false, false, false]);
});

test('summary: a timeout counts at the limit and makes the figures it decides lower bounds; groups stay apart', () => {
  const runs = [
    puzzleRun('a', 'slow', 'timeout', 0, 100),
    puzzleRun('b', 'slow', 'timeout', 0, 50),
    puzzleRun('c', 'slow', 'solved', 10, 10),
    puzzleRun('a', 'quick', 'solved', 1, 100),
    puzzleRun('b', 'quick', 'solved', 5, 1, false), // a second loop is an answer too (uniqueness decided)
  ];
  const [slow, quick] = summarize(runs, 1000);
  assert.equal(slow.backend, 'slow');
  assert.deepEqual([slow.answered, slow.timeouts, slow.medianMs, slow.worstMs], [1, 2, 1000, 1000]);
  assert.deepEqual([slow.medianCensored, slow.worstCensored, slow.medianRatioCensored], [true, true, true]);
  assert.equal(slow.medianRatio, 1000 / 50); // ours 10, 1000, 1000 over the peer's 10, 50, 100
  assert.equal(slow.worstRatio, 20);
  assert.equal(slow.worstRatioId, 'b');
  assert.equal(slow.worstRatioCensored, true);
  assert.equal(atLeast(slow.worstRatio, slow.worstRatioCensored, 2), '>=20.00');
  assert.deepEqual([quick.answered, quick.medianMs, quick.worstRatio, quick.worstRatioId, quick.medianCensored], [2, 3, 5, 'b', false]);
  assert.equal(atLeast(quick.medianMs, quick.medianCensored, 1), '3.0');
  assert.equal(atLeast(null, false, 1), '-');
});

const record = (instance: string, backend: string, status: RunRecord['status'], ms: number, repeat: number): RunRecord => ({
  instance, dataset: 'set', backend, repeat, status, unique: status === 'solved' ? true : null, wall_ms: ms + 1, solve_ms: ms, encode_ms: null, solver_ms: null,
  rows: 5, cols: 5, clues: 10, variables: null, clauses: null, iterations: null, cuts: null, peak_rss_mb: null, agrees: '', message: '',
  stats: {}, solution_key: '', puzzle: '',
});

test('warm: each puzzle and back-end keeps its fastest solved repeat; a puzzle never solved keeps a failed run', () => {
  const kept = fastestWarmRuns([
    record('set/a', 'x', 'solved', 30, 1), record('set/a', 'x', 'solved', 10, 2), record('set/a', 'x', 'timeout', 5, 3),
    record('set/a', 'y', 'solved', 7, 1),
    record('set/b', 'x', 'timeout', 60_000, 1), record('set/b', 'x', 'timeout', 60_000, 2),
  ]);
  const by = new Map(kept.map((r) => [`${r.instance} ${r.backend}`, r]));
  assert.equal(kept.length, 3);
  assert.deepEqual([by.get('set/a x')!.solve_ms, by.get('set/a x')!.repeat], [10, 2]);
  assert.equal(by.get('set/a y')!.solve_ms, 7);
  assert.equal(by.get('set/b x')!.status, 'timeout');
});

test('peer binary: its answer line is read, a missing or silent binary is an error, a slow one a timeout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'peer-'));
  const script = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const unique = runPeerOnce(script('unique', 'printf "%s\\tunique\\t4.250\\n" "$2"'), 'https://puzz.link/p?slither/2/2/g', 5);
  assert.equal(unique.status, 'unique');
  assert.equal(unique.inProcessMs, 4.25);
  assert.ok(unique.ms > 0);
  assert.equal(runPeerOnce(script('multiple', 'printf "%s\\tmultiple\\t1\\n" "$2"; exit 1'), 'p', 5).status, 'multiple');
  assert.equal(runPeerOnce(script('silent', 'exit 0'), 'p', 5).status, 'error');
  assert.equal(runPeerOnce(join(dir, 'absent'), 'p', 5).status, 'error');
  const slow = runPeerOnce(script('slow', 'sleep 5'), 'p', 0.3);
  assert.deepEqual([slow.status, slow.ms], ['timeout', 300]);
});

test('fresh process: solve --json read back (the back-end\'s own time inside the whole process); a failing solve is an error with its message', () => {
  const solved = solveInFreshProcess('5x5t0:3222b2a0c21a1d12b3', 'cdcl-loop', 20);
  assert.deepEqual([solved.status, solved.unique], ['solved', true]);
  assert.ok(solved.ms > 0 && solved.processMs > solved.ms, `${solved.ms} ms in ${solved.processMs} ms`);
  const failed = solveInFreshProcess('5x5t0:3222b2a0c21a1d12b3', 'no-such-backend', 20);
  assert.equal(failed.status, 'error');
  assert.ok(Number.isNaN(failed.ms));
  assert.match(failed.message ?? '', /no-such-backend/);
});

const SCRIPT = new URL('../../../runners/experiments/search.ts', import.meta.url).pathname;
const search = (args: string[]) => run(process.execPath, ['--import', 'tsx', SCRIPT, ...args]);

/** The command fails as bad input does: exit 2, and stderr that `line` matches. */
const refused = (command: Promise<unknown>, line: RegExp) =>
  assert.rejects(command, (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2, error.stderr);
    assert.match(error.stderr, line);
    return true;
  });

/** Runs `body` in a directory of its own, removed after it. */
async function inTemporary(prefix: string, body: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('bench:search --help prints the usage; a bad option exits 2 with one error line', async () => {
  const help = await search(['--help']);
  assert.match(help.stdout, /npm run bench:search -- --sweep/);
  await refused(search(['--modes', 'cold']), /^error: --modes must be fresh or warm, got 'cold'\n$/);
});

test('bench:search refuses an unknown back-end or an undeclared option before running anything, in bench\'s words', () =>
  inTemporary('search-bad-', async (dir) => {
    const out = ['--out', join(dir, 'run')];
    const noOption = /^error: --backends: back-end 'rules' has no option 'foo' \(its options: [a-z, ]+\)\n$/;
    await refused(search(['--backends', 'rules,rules:foo=1', ...out]), noOption);
    await refused(search(['--backends', 'rules:trial=maybe', ...out]), /^error: --backends: option trial of 'rules' must be one of on, off; got 'maybe'\n$/);
    await refused(search(['--backends', 'no-such-backend', ...out]), /^error: --backends: unknown back-end 'no-such-backend' \(known: [\w, -]+\)\n$/);
    await refused(search(['--sweep', '--backends', 'cdcl-loop:foo=1', ...out]), /^error: --backends: back-end 'cdcl-loop' has no option 'foo'/);
    assert.ok(!existsSync(join(dir, 'run')), 'nothing written');
    const bin = new URL('../../../bin/slitherbench.js', import.meta.url).pathname;
    await refused(run(process.execPath, [bin, 'bench', '--dataset', 'gen-5x5', '--backends', 'rules,rules:foo=1', '--out', join(dir, 'bench')]), noOption);
  }));

test('bench:search with a back-end and its options: a column of its own in every mode, and runs logged under the plain ID are found', () =>
  inTemporary('search-spec-', async (dir) => {
    const args = ['--sets', 'gen-5x5', '--per-set', '1', '--timeout', '10', '--repeat', '1', '--peer-bin', join(dir, 'no-peer'), '--out', join(dir, 'run')];
    const freshLines = () => readFileSync(join(dir, 'run', 'fresh.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; backend: string; ms: number });
    // A run of the plain ID, as an earlier command wrote it: found, not run again.
    await search([...args, '--modes', 'fresh', '--backends', 'rules']);
    const [plain] = freshLines();
    assert.equal(plain.backend, 'rules');
    await search([...args, '--backends', 'rules,rules:trial=off']);
    const lines = freshLines();
    assert.deepEqual(lines.map((l) => l.backend), ['rules', 'rules:trial=off']);
    assert.deepEqual(lines[0], plain);
    const summary = readFileSync(join(dir, 'run', 'summary.md'), 'utf8');
    for (const row of [/\| rules \| fresh \| 1\/1 \|/, /\| rules:trial=off \| fresh \| 1\/1 \|/, /\| rules \| warm \| 1\/1 \|/, /\| rules:trial=off \| warm \| 1\/1 \|/]) assert.match(summary, row);
    const csv = readFileSync(join(dir, 'run', 'runs.csv'), 'utf8');
    assert.equal(csv.split('\n').filter((l) => l.includes(',rules:trial=off,')).length, 2, csv);
  }));

test('bench:search --sweep with a back-end and its options: its runs under the spec, and a sweep of another back-end in the same place refused', () =>
  inTemporary('search-sweep-spec-', async (dir) => {
    const args = ['--sweep', '--size', '5x5', '--count', '1', '--seed', '3', '--timeout', '20', '--peer-bin', join(dir, 'no-peer'), '--out', dir];
    const { stdout } = await search([...args, '--backends', 'rules:trial=off']);
    assert.match(stdout, /\| rules:trial=off \(fresh\) \| 1 \|/);
    const [line] = readFileSync(join(dir, 'sweep', 'runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, { status: string }>);
    assert.equal(line['rules:trial=off'].status, 'solved');
    assert.match(readFileSync(join(dir, 'sweep', 'sweep.csv'), 'utf8'), /^id,clues,difficulty,level,rules:trial=off_status,/);
    await refused(search(args), /error: .*sweep: made with other options \(backend "rules:trial=off"\); give those, or another --out\n$/);
  }));

test('bench:search warm only: the warm runs and the summary, and no empty logs of fresh or peer runs beside them', () =>
  inTemporary('search-warm-', async (dir) => {
    // No peer binary: the one puzzle's peer figure comes from the reference CSV, or there is none.
    await search(['--modes', 'warm', '--sets', 'gen-5x5', '--per-set', '1', '--backends', 'rules', '--timeout', '5', '--repeat', '1', '--peer-bin', join(dir, 'no-peer'), '--out', join(dir, 'sweep')]);
    assert.ok(existsSync(join(dir, 'sweep', 'warm', 'results.jsonl')));
    assert.match(readFileSync(join(dir, 'sweep', 'summary.md'), 'utf8'), /\| rules \| warm \| 1\/1 \|/);
    for (const log of ['fresh.jsonl', 'peer.jsonl']) assert.ok(!existsSync(join(dir, 'sweep', log)), log);
  }));

test('the sets made for bench:search hold what their manifests say: 50 hard 15x15 that corner deduction leaves unfinished, 20 fully minimal 20x20', (t) => {
  for (const [set, count, size] of [['gen-15x15-hard', 50, '15x15'], ['gen-20x20-fully-minimal', 20, '20x20']] as const) {
    if (!builtinDatasetNames().includes(set)) {
      t.skip(`${set} is not built (npm run datasets:build -- ${set})`);
      continue;
    }
    const manifest = builtinManifest(set);
    const lines = readPuzzleLines(readFileSync(builtinPuzzlesPath(set)!, 'utf8'));
    assert.deepEqual([manifest.count, lines.length, manifest.sizes], [count, count, [size]], set);
    assert.match(manifest.command, /--seed 2 /, `${set}: a seed no other gen set uses`);
    for (const line of lines) {
      const puzzle = parsePuzzle(line.puzzle).puzzle;
      assert.equal(`${puzzle.rows}x${puzzle.cols}`, size, line.id);
      if (set === 'gen-15x15-hard') {
        assert.equal(deduceWithLevel(puzzle, 'corners').level, null, `${line.id}: the corner rules finish it, so it is not hard`);
        assert.ok(['trial', 'search'].includes(manifest.levels?.[line.id] ?? ''), `${line.id}: level ${manifest.levels?.[line.id]}`);
      }
    }
  }
});
