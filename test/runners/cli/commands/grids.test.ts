// The command line on Loopy's other grids: solve (by default with a back-end that takes any grid), convert
// to a Loopy ID, JSON and SVG, and check an answer, as a user meets them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../../helpers/cli.ts';
import { readLoopy } from '../../../../encodings/formats/loopy.ts';
import { gridOf } from '../../../../encodings/grid.ts';
import { findLoopy } from '../../../../datasets/loopy.ts';

const HONEYCOMB = '5x5t2:a303e4a2a442a4b3d';
const DODECAGONAL = '4x4t9:b0c02a05b6209b20a0dAa828aB';

test('solve on another grid: the default back-end is one that takes any grid, and its answer is the verified loop', async () => {
  const run = await runCli(['solve', HONEYCOMB, '--unique', '--json']);
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.status, 'solved');
  assert.equal(result.unique, true);
  assert.equal(result.backend, 'auto');
  assert.deepEqual(Object.keys(result.solution), ['grid', 'width', 'height', 'edges']);
  assert.equal(result.solution.edges.length, gridOf(readLoopy(HONEYCOMB)).edgeCount);
  // The answer checks against the puzzle, and a changed edge does not.
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-grids-'));
  const answer = join(dir, 'answer.json');
  writeFileSync(answer, JSON.stringify(result.solution));
  assert.equal((await runCli(['check', HONEYCOMB, answer])).code, 0);
  const flipped = { ...result.solution, edges: (result.solution.edges[0] === '1' ? '0' : '1') + result.solution.edges.slice(1) };
  writeFileSync(answer, JSON.stringify(flipped));
  assert.notEqual((await runCli(['check', HONEYCOMB, answer])).code, 0);
  // A picture on the terminal: the clues and the loop's vertices.
  const text = await runCli(['solve', DODECAGONAL]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /\+-+\+/);
  assert.match(text.stdout, /solved \(auto/);
});

test('a TypeScript reference core, named for another grid, says it reads the square grid only and names the way out', async () => {
  for (const backend of ['cdcl-loop', 'rules']) {
    const run = await runCli(['solve', HONEYCOMB, '--backend', `${backend}:core=typescript`]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout + run.stderr, /core=typescript reads the square grid only; the wasm core .*solves/);
  }
});

test('convert: Loopy ID and JSON both ways, SVG with every dot; no URL for another grid', async () => {
  const json = await runCli(['convert', DODECAGONAL, '--to', 'json']);
  assert.equal(json.code, 0, json.stderr);
  const parsed = JSON.parse(json.stdout);
  assert.equal(parsed.grid, 'dodecagonal');
  assert.ok(parsed.clues.includes(11), 'a clue above 9 (B in the ID) stays a number');
  const file = join(mkdtempSync(join(tmpdir(), 'slitherbench-grids-')), 'p.json');
  writeFileSync(file, json.stdout);
  assert.equal((await runCli(['convert', file, '--to', 'loopy'])).stdout.trim(), DODECAGONAL);
  const svg = await runCli(['convert', DODECAGONAL, '--to', 'svg']);
  assert.equal(svg.code, 0, svg.stderr);
  assert.equal((svg.stdout.match(/<circle /g) ?? []).length, gridOf(readLoopy(DODECAGONAL)).vertexCount);
  const url = await runCli(['convert', DODECAGONAL, '--to', 'url']);
  assert.equal(url.code, 2);
  assert.match(url.stderr, /^error: a dodecagonal grid has no url form; write it as loopy or json/);
});

test('bench on a file mixing grids: every answer agrees, the records say each grid, the report has a size class per grid', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-grids-'));
  const file = join(dir, 'mixed.txt');
  writeFileSync(file, `# three of Loopy's grids\n${HONEYCOMB}\n${DODECAGONAL}\n4x4t1:0_c0a1a21b2d022b020c212c1a2\n`);
  const out = join(dir, 'out');
  const run = await runCli(['bench', '--dataset', file, '--backends', 'sat-lazy,cpsat-circuit', '--unique', '--timeout', '60', '--out', out]);
  assert.equal(run.code, 0, run.stderr);
  const rows: Record<string, string>[] = parse(readFileSync(join(out, 'results.csv'), 'utf8'), { columns: true });
  assert.deepEqual([...new Set(rows.map((r) => r.grid))].sort(), ['dodecagonal', 'honeycomb', 'triangular']);
  assert.ok(rows.every((r) => r.status === 'solved' && r.unique === 'true' && Number(r.edges) > 0));
  const summary = readFileSync(join(out, 'summary.md'), 'utf8');
  for (const size of ['honeycomb 5x5', 'dodecagonal 4x4', 'triangular 4x4']) assert.match(summary, new RegExp(`\\| sat-lazy \\| ${size} \\|`));
});

test('generate --grid: Loopy and our own generator make puzzles of the other grids, the same for the same seed', { skip: findLoopy() ? undefined : 'sgt-loopy is not installed (npm run setup:system): skipped' }, async () => {
  const args = ['generate', '--grid', 'kagome', '--with', 'loopy', '--size', '6x5', '--count', '2', '--seed', '3', '--difficulty', 'easy'];
  const first = await runCli(args);
  assert.equal(first.code, 0, first.stderr);
  const ids = first.stdout.trim().split('\n');
  assert.equal(ids.length, 2);
  for (const id of ids) {
    assert.match(id, /^5x6t14:/, 'W x H is columns x rows');
    assert.equal(readLoopy(id).tiling?.type, 'kagome');
  }
  assert.equal((await runCli(args)).stdout, first.stdout);
  // Our own generator on the same grid: Loopy game IDs by default, the same for the same seed, each unique.
  const own = ['generate', '--grid', 'kagome', '--size', '6x5', '--count', '2', '--seed', '4'];
  const made = await runCli(own);
  assert.equal(made.code, 0, made.stderr);
  assert.equal((await runCli(own)).stdout, made.stdout);
  for (const id of made.stdout.trim().split('\n')) {
    assert.match(id, /^5x6t14:/);
    const solved = await runCli(['solve', id, '--backend', 'sat-lazy', '--unique', '--json']);
    assert.equal(JSON.parse(solved.stdout).unique, true, id);
  }
  // medium: the corner rules (which hold on any grid) decide every edge, and counting alone does not.
  const medium = await runCli(['generate', '--grid', 'kagome', '--size', '6x6', '--difficulty', 'medium', '--count', '2', '--seed', '3']);
  assert.equal(medium.code, 0, medium.stderr);
  for (const id of medium.stdout.trim().split('\n')) {
    const level = async (backend: string) => JSON.parse((await runCli(['solve', id, '--backend', backend, '--unique', '--json'])).stdout).stats.level;
    assert.equal(await level('rules:trial=off'), 'corners', id);
    assert.notEqual(await level('rules:trial=off,rules=basic'), 'basic', id);
  }
});

test('certify on other grids: a proof of uniqueness checks against its own puzzle and fails against another', { skip: existsSync('/usr/bin/cadical') ? undefined : 'cadical is not installed (npm run setup:system): skipped' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-grids-'));
  for (const id of [HONEYCOMB, '5x5t12:G445,2265,108_3a0b3a2']) {
    const proof = join(dir, 'proof.txt');
    const solved = await runCli(['solve', id, '--backend', 'sat-lazy', '--option', 'engine=cadical', '--certify', '--proof', proof]);
    assert.equal(solved.code, 0, solved.stderr);
    assert.equal((await runCli(['certify', 'check', id, proof])).code, 0, id);
    // The same grid with one clue more: the proof's lemmas no longer follow from it, or its claim no longer holds.
    const other = id === HONEYCOMB ? '5x5t2:a3033d4a2a442a4b3d' : '5x5t12:G445,2265,108_3a0b3a1';
    assert.notEqual((await runCli(['certify', 'check', other, proof])).code, 0, other);
  }
});
