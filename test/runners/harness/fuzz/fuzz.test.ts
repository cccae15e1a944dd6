// `fuzz` as a user meets it: correct back-ends agree with the oracle on 300 puzzles; an unsound back-end
// (a cut that drops a valid loop) is caught and shrunk to a tiny regression case; a run resumes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clueCount, gridOf, makePuzzle, type Puzzle } from '../../../../encodings/grid.ts';
import { readLoopy } from '../../../../encodings/formats/loopy.ts';
import { TILINGS } from '../../../../encodings/tilings/index.ts';
import { listBackends } from '../../../../encodings/registry.ts';
import { solutionFromEdges, solutionToKey } from '../../../../encodings/solution.ts';
import { allVariants } from '../../../../runners/harness/fuzz/fuzz.ts';
import { crop, shrinkPuzzle } from '../../../../runners/harness/fuzz/fuzz-shrink.ts';
import { judge, type FuzzAnswer } from '../../../../runners/harness/fuzz/fuzz-judge.ts';
import { makeCase, parseSizeRange } from '../../../../runners/harness/fuzz/fuzz-cases.ts';
import { runCli } from '../../../helpers/cli.ts';

const BROKEN = new URL('../../../fixtures/fuzz-backends/', import.meta.url).pathname;

const fuzz = (args: string[], env: Record<string, string> = {}) => runCli(['fuzz', ...args], { ...process.env, ...env });

test('300 puzzles: correct back-ends agree with the oracle, every kind of case and every outcome occurs, and a resume adds nothing', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'slitherbench-fuzz-')), 'run');
  const args = ['--count', '300', '--backends', 'sat-lazy,rules', '--jobs', '1', '--timeout', '30', '--large-share', '0.03', '--out', out];
  const first = await fuzz(args);
  assert.equal(first.code, 0, first.stderr.split('\n').slice(-5).join('\n'));
  assert.match(first.stdout, /\*\*0 wrong answers\*\*/);
  const all = /\| all \| 300 \| (\d+) \| (\d+) \| (\d+) \|/.exec(first.stdout);
  assert.ok(all, first.stdout);
  const [none, one, several] = all.slice(1).map(Number);
  assert.ok(none >= 30 && one >= 30 && several >= 30, `no solution ${none}, one ${one}, several ${several}: each a useful share`);
  for (const kind of ['random-clues', 'loop-clues', 'strip', 'no-clues', 'all-zeros', 'large']) assert.match(first.stdout, new RegExp(`\\| ${kind} \\| [1-9]`), kind);
  const runs = readFileSync(join(out, 'runs.jsonl'), 'utf8').trim().split('\n');
  assert.equal(runs.length, 600);
  const again = await fuzz([...args, '--resume']);
  assert.equal(again.code, 0);
  assert.match(again.stderr, /600 of 600 runs already recorded, 0 to go/);
  assert.equal(readFileSync(join(out, 'runs.jsonl'), 'utf8').trim().split('\n').length, 600);
  const refused = await fuzz(args);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /^error: .*--resume/m);
});

test('a back-end with an unsound cut is caught within 100 puzzles and shrunk to at most 3x3', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'slitherbench-fuzz-')), 'run');
  const r = await fuzz(['--count', '100', '--backends', 'fixture-drops-loop', '--jobs', '1', '--large-share', '0.1', '--shrink', '2', '--out', out], { SLITHERBENCH_BACKENDS_DIR: BROKEN });
  assert.equal(r.code, 3, r.stderr.split('\n').slice(-5).join('\n'));
  const files = readdirSync(join(out, 'regressions'));
  assert.ok(files.length >= 1);
  for (const file of files) {
    const c = JSON.parse(readFileSync(join(out, 'regressions', file), 'utf8'));
    assert.ok(c.puzzle.rows <= 3 && c.puzzle.cols <= 3, `${file}: shrunk to ${c.puzzle.rows}x${c.puzzle.cols}`);
    assert.equal(c.shrunk, true);
    assert.ok(c.oracle && c.oracle.count >= 1, 'the oracle has a loop the back-end lost');
    assert.equal(c.backends[0].label, 'fixture-drops-loop');
    assert.match(c.command, /slitherbench solve .* --backend fixture-drops-loop --unique/);
  }
  assert.match(r.stdout, /\| fixture-drops-loop \| 100 \|/);
});

test('on other grids: the unsound back-end is caught, and its regression is a Loopy game ID of that grid with fewer clues', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'slitherbench-fuzz-')), 'run');
  const r = await fuzz(['--count', '60', '--grids', 'honeycomb,triangular', '--sizes', '3x3', '--backends', 'fixture-drops-loop', '--jobs', '1', '--large-share', '0', '--shrink', '1', '--out', out], { SLITHERBENCH_BACKENDS_DIR: BROKEN });
  assert.equal(r.code, 3, r.stderr.split('\n').slice(-5).join('\n'));
  const files = readdirSync(join(out, 'regressions'));
  assert.ok(files.length >= 1);
  for (const file of files) {
    const c = JSON.parse(readFileSync(join(out, 'regressions', file), 'utf8'));
    assert.ok(['honeycomb', 'triangular'].includes(c.puzzle.grid), file);
    const puzzle = readLoopy(c.puzzle.loopy);
    assert.equal(puzzle.tiling?.type, c.puzzle.grid);
    assert.ok(clueCount(puzzle) <= clueCount(readLoopy(c.found.puzzle)), `${file}: shrunk by its clues`);
    assert.ok(c.oracle && c.oracle.count >= 1, 'the oracle has a loop the back-end lost');
    assert.match(c.command, /slitherbench solve '?\d+x\d+t[12]:.* --backend fixture-drops-loop --unique/);
  }
});

test('cases: without --grids the square puzzles a seed gave before; with every grid each grid occurs and every clue fits its face', () => {
  const sizes = parseSizeRange('1x1..5x5', 'sizes');
  const largeSizes = parseSizeRange('6x6..8x8', 'sizes');
  const base = { seed: 7, sizes, largeSizes, largeShare: 0.1 };
  for (let i = 0; i < 200; i++) assert.deepEqual(makeCase({ ...base, grids: ['square'] }, i), makeCase(base, i));
  const all = ['square', ...Object.keys(TILINGS)];
  const seen = new Set<string>();
  for (let i = 0; i < 300; i++) {
    const { puzzle } = makeCase({ ...base, largeShare: 0.02, grids: all }, i);
    seen.add(puzzle.tiling?.type ?? 'square');
    const grid = gridOf(puzzle);
    puzzle.clues.forEach((clue, face) => assert.ok(clue === null || (typeof clue === 'number' && clue <= grid.edgesOfFace(face).length), `case ${i} face ${face}`));
  }
  assert.deepEqual([...seen].sort(), [...all].sort());
});

test('bad options are one error line and exit 2', async () => {
  for (const args of [['--sizes', '3x3..2x2'], ['--backends', 'sat-lazy:nope=1'], ['--large-share', '2']]) {
    const r = await fuzz([...args, '--out', join(mkdtempSync(join(tmpdir(), 'slitherbench-fuzz-')), 'run')]);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, /^error: /, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

test('`all` takes every back-end and every sound choice of each declared option from the registry, and each presolver in front', async () => {
  const { variants, skipped } = await allVariants();
  const labels = new Set(variants.map((v) => v.label));
  for (const b of await listBackends()) {
    if (!(await b.available()).available) continue;
    assert.ok(labels.has(b.name), b.name);
    for (const o of b.options ?? []) for (const choice of o.choices ?? []) if (choice !== (o.aliases?.[o.default] ?? o.default)) {
      const label = `${b.name}[${o.name}=${choice}]`;
      if (o.unsound?.includes(choice)) assert.ok(!labels.has(label) && skipped.some((s) => s.startsWith(label)), `${label} is unsound: skipped and said so`);
      else assert.ok(labels.has(label), label);
    }
    if (labels.has('rules')) assert.ok(labels.has(`${b.name}+rules`), `${b.name}+rules`);
  }
  assert.equal(labels.size, variants.length, 'labels are distinct');
  assert.ok(skipped.includes('sat-closure[closure=seed] (unsound by design; name it in --backends to fuzz it)'), skipped.join('; '));
});

test('shrinking drops rows, columns and clues and lowers values while the fault shows', async () => {
  const clues = makeCase({ seed: 3, sizes: parseSizeRange('6x6', 's'), largeSizes: parseSizeRange('6x6', 's'), largeShare: 0 }, 0).puzzle.clues;
  const start = makePuzzle(6, 6, clues.map((c, i) => (i === 20 ? 3 : c)));
  // The "fault": some clue of 2 or more.
  const fails = async (p: Puzzle) => p.clues.some((c) => typeof c === 'number' && c >= 2);
  const { puzzle } = await shrinkPuzzle(start, fails, 500);
  assert.deepEqual([puzzle.rows, puzzle.cols, [...puzzle.clues]], [1, 1, [2]]);
  assert.deepEqual(crop(makePuzzle(2, 3, [0, 1, 2, 3, 4, null]), 1, 0, 1, 0)?.clues, [4, null]);
  assert.equal(crop(makePuzzle(1, 1, [null]), 1, 0, 0, 0), null);
});

test('without an oracle, verified loops are the evidence: unsat and unique are wrong when loops prove otherwise', () => {
  const loopA = solutionFromEdges({ rows: 1, cols: 2 }, [0, 2, 3, 4]); // the left cell
  const loopB = solutionFromEdges({ rows: 1, cols: 2 }, [1, 3, 4, 5]);
  const answer = (variant: string, status: FuzzAnswer['status'], unique: boolean | null, solution: string | null): FuzzAnswer => ({ case: 0, variant, status, unique, solution, timeMs: 1 });
  const a = answer('a', 'solved', true, solutionToKey(loopA));
  const b = answer('b', 'solved', false, solutionToKey(loopB));
  const c = answer('c', 'unsat', null, null);
  const { findings, truth } = judge([a, b, c], null);
  assert.equal(truth.count, 2);
  assert.deepEqual(findings.map((f) => `${f.variant} ${f.kind}`).sort(), ['a unique', 'c status']);
  // One loop known, uniqueness disputed: the smaller side is blamed.
  const d = answer('d', 'solved', true, solutionToKey(loopA));
  const e = answer('e', 'solved', false, solutionToKey(loopA));
  assert.deepEqual(judge([a, d, e], null).findings.map((f) => f.variant), ['e']);
  // The known loop alone proves a puzzle solvable.
  assert.deepEqual(judge([c], null, loopB).findings.map((f) => f.kind), ['status']);
  assert.ok(existsSync(BROKEN));
});

test('with --certify, an answer whose proof is missing or rejected is a wrong answer, and every certified answer of cdcl-loop verifies', async () => {
  const loopA = solutionFromEdges({ rows: 1, cols: 2 }, [0, 2, 3, 4]);
  const right: FuzzAnswer = { case: 0, variant: 'a', status: 'solved', unique: true, solution: solutionToKey(loopA), certified: 'yes', timeMs: 1 };
  const unproved: FuzzAnswer = { ...right, variant: 'b', certified: 'no', proofFailure: 'the checker rejected line 7' };
  assert.deepEqual(judge([right, unproved], null, loopA).findings.map((f) => `${f.variant} ${f.kind}`), ['b proof']);
  // An answer the verifier rejected is one finding (its loop), not also an error.
  const rejected: FuzzAnswer = { ...right, variant: 'c', status: 'error', solution: null, rejected: true, message: 'verifier rejected the answer: x' };
  assert.deepEqual(judge([right, rejected], null, loopA).findings.map((f) => `${f.variant} ${f.kind}`), ['c loop']);
  const out = mkdtempSync(join(tmpdir(), 'fuzz-certify-'));
  const { code, stdout } = await fuzz(['--count', '60', '--backends', 'cdcl-loop,rules', '--certify', '--jobs', '1', '--seed', '7', '--out', out]);
  assert.equal(code, 0, stdout);
  const runs = readFileSync(join(out, 'runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as FuzzAnswer);
  assert.ok(runs.filter((r) => r.variant === 'cdcl-loop').every((r) => r.certified === 'yes'));
  assert.ok(runs.filter((r) => r.variant === 'rules').every((r) => r.certified === 'not supported'));
  assert.match(stdout, /## Certified answers/);
});
