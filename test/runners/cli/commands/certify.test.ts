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
  assert.equal(shown.checked['window lemma'], 1);
});

test('a broken proof is rejected at a failing step that the empty clause needs, exit 1', () => {
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

test('a control sequence in a rejected proof is printed escaped, never raw', () => {
  const nasty = file('nasty.proof', proofText.replace('w -6 -5 0\n', 'w -6 \u001b[2J\u001b]0;owned\u0007 0\n'));
  for (const result of [run(puzzle, nasty), run(puzzle, nasty, '--json')]) {
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.stdout + result.stderr, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    assert.match(result.stdout, /U\+001B '\[' '2' 'J' U\+001B/);
  }
});

test('--answer of another shape is refused, even with as many edges and the same bits', () => {
  // 1x7 and 2x4 both have 22 edges; the 2x4 answer below has on exactly the edge numbers of the 1x7 loop.
  const long = file('long.txt', '1 7\n3 2 2 2 2 2 3\n');
  const longProof = file('long.proof', [
    'p slitherlink-proof 1 1 7',
    'claim unique 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 22 0',
    'w 1 8 0',
    'w 1 15 0',
    'w 1 16 0',
    'w 8 15 0',
    'w 8 16 0',
    'w 15 16 0',
    '1 0',
    '15 0',
    '2 1 0',
    '2 16 0',
    '8 0',
    '15 0',
    '9 8 0',
    '9 16 0',
    'w 7 14 0',
    'w 7 21 0',
    'w 7 22 0',
    'w 14 21 0',
    'w 14 22 0',
    'w 21 22 0',
    '6 7 0',
    '6 21 0',
    '7 0',
    '22 0',
    '13 14 0',
    '13 21 0',
    '14 0',
    '22 0',
    'b -1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -11 -12 -13 -14 -15 -22 0',
    '0',
  ].join('\n') + '\n');
  assert.equal(run(long, longProof).status, 0);
  const longLoop = { rows: 1, cols: 7, h: ['1111111', '1111111'], v: ['10000001'] };
  assert.equal(run(long, longProof, '--answer', file('long.json', JSON.stringify(longLoop))).status, 0);
  const wide = run(long, longProof, '--answer', file('wide.json', JSON.stringify({ rows: 2, cols: 4, h: ['1111', '1111', '1111'], v: ['11100', '00001'] })));
  assert.equal(wide.status, 2, wide.stdout);
  assert.match(wide.stderr, /^error: .*wide\.json: the solution given with --answer is for a 2x4 grid but the puzzle is a 1x7 grid\n$/);
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
