// `slitherbench certify check`: a proof verified (exit 0), a broken one rejected with its line (exit 1), bad
// input refused with one error line (exit 2), and --answer held against the claimed loop.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const BIN = new URL('../../../../bin/slitherbench.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'slitherbench-certify-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, 'certify', 'check', ...args], { encoding: 'utf8' });

// 1x2 with clues 3 3: the loop round both cells is the only one (the proof is argued in
// test/encodings/certify/check.test.ts).
const puzzle = file('threes.txt', '1 2\n3 3\n');
const proofText = 'p slitherlink-proof 1 1 2\nclaim unique 1 2 3 4 5 7 0\nb -1 -2 -3 -4 -5 -7 0\nw -6 -5 0\n-6 0\n0\n';
const proof = file('threes.proof', proofText);
const loop = { rows: 1, cols: 2, h: ['11', '11'], v: ['101'] };

test('a valid proof is verified with its claim, exit 0; --json gives the same in one object', () => {
  const plain = run(puzzle, proof);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(plain.stdout, /^verified: unique loop \(the loop of 6 edges/);
  const json = run(puzzle, proof, '--json');
  const shown = JSON.parse(json.stdout);
  assert.equal(shown.verified, true);
  assert.equal(shown.claim, 'unique');
  assert.deepEqual(shown.solution, loop);
  assert.equal(shown.steps['window lemma'], 1);
});

test('a broken proof is rejected at its first failing step, exit 1', () => {
  const broken = file('broken.proof', proofText.replace('w -6 -5 0\n', 'w -6 0\n'));
  const result = run(puzzle, broken);
  assert.equal(result.status, 1);
  assert.match(result.stdout, /^rejected: line 4 \(window lemma\): /);
});

test('--answer must be the claimed loop', () => {
  assert.equal(run(puzzle, proof, '--answer', file('loop.json', JSON.stringify(loop))).status, 0);
  const other = run(puzzle, proof, '--answer', file('other.json', JSON.stringify({ ...loop, h: ['10', '10'], v: ['110'] })));
  assert.equal(other.status, 1);
  assert.match(other.stdout, /not the solution given with --answer/);
});

test('a proof with escape sequences is rejected without writing a control byte it read: each shown by its code point', () => {
  const paint = '\x1b[2J\x1b[Hverified: unique loop';
  for (const text of [proofText.replace('w -6 -5 0', `${paint} 0`), proofText.replace('w -6 -5 0', `w -6 ${paint} 0`), proofText.replace('proof 1 1 2', `proof 1 1 2${paint}`), proofText.replace('0\n', `0\n0 ${paint}\n`)]) {
    const result = run(puzzle, file('paint.proof', text));
    assert.notEqual(result.status, 0);
    const shown = result.stdout + result.stderr;
    assert.doesNotMatch(shown, /[\x00-\x08\x0b-\x1f\x7f]/, JSON.stringify(shown));
    assert.match(shown, /<U\+001B>|not an edge variable|header|grid/);
  }
});

test('--answer of another shape is refused, even with the same edge bits (a 2x1 answer has the 7 edges of this 1x2 puzzle)', () => {
  const transposed = run(puzzle, proof, '--answer', file('transposed.json', JSON.stringify({ rows: 2, cols: 1, h: ['1', '1', '1'], v: ['11', '01'] })));
  assert.equal(transposed.status, 1, transposed.stderr);
  assert.match(transposed.stdout, /the solution given with --answer is for a 2x1 grid; the puzzle is a 1x2 grid/);
});

test('bad input exits 2 with one error line: no proof file, a proof for another grid, no header', () => {
  for (const [args, message] of [
    [[puzzle, join(dir, 'missing.proof')], /missing\.proof: no such file/],
    [[puzzle, file('wrong-size.proof', proofText.replace('proof 1 1 2', 'proof 1 2 2'))], /for a 2x2 grid but the puzzle is 1x2/],
    [[puzzle, file('no-header.proof', 'claim unsat\n0\n')], /header/],
  ] as const) {
    const result = run(...args);
    assert.equal(result.status, 2, result.stdout);
    assert.match(result.stderr, /^error: /);
    assert.match(result.stderr, message);
    assert.equal(result.stderr.trim().split('\n').length, 1);
  }
});
