// `encode --dimacs`: a puzzle in, a DIMACS file out that any SAT solver reads; its edge variables give the loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineAvailability } from '../../../../encodings/backends/sat/engines.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { listBackends } from '../../../../encodings/registry.ts';
import { verify } from '../../../../encodings/verify.ts';

const CLI = new URL('../../../../bin/slitherbench.js', import.meta.url).pathname;
const PUZZLE = '5x5t0:3222b2a0c21a1d12b3';
const dir = mkdtempSync(join(tmpdir(), 'sat-encode-'));

function parseDimacs(text: string) {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const header = lines.find((l) => l.startsWith('p cnf '));
  assert.ok(header, 'a p cnf header');
  const [, , vars, clauses] = header.split(/\s+/).map(Number) as [never, never, number, number];
  const body = lines.filter((l) => !l.startsWith('c') && !l.startsWith('p'));
  const edges = lines.filter((l) => /^c edge \d+ [hv] \d+ \d+$/.test(l)).map((l) => l.split(/\s+/));
  return { vars, clauses, body, edges };
}

for (const backend of (await listBackends()).filter((b) => b.cnf).map((b) => b.name)) {
  test(`encode ${backend} --dimacs: header counts match the body, edges named, a native solver's model is the loop`, () => {
    const file = join(dir, `${backend}.cnf`);
    execFileSync(CLI, ['encode', PUZZLE, '--backend', backend, '--dimacs', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    const { vars, clauses, body, edges } = parseDimacs(readFileSync(file, 'utf8'));
    assert.equal(body.length, clauses, 'one line per clause');
    for (const line of body) {
      const lits = line.trim().split(/\s+/).map(Number);
      assert.equal(lits.at(-1), 0, `clause ends with 0: ${line}`);
      for (const lit of lits.slice(0, -1)) assert.ok(lit !== 0 && Math.abs(lit) <= vars, `literal ${lit} within 1..${vars}`);
    }
    assert.equal(edges.length, 5 * 6 + 6 * 5, 'every edge of a 5x5 named in a comment');

    const cadical = engineAvailability('cadical');
    if (!cadical.available || backend === 'sat-lazy') return; // sat-lazy's CNF alone may hold several loops
    const run = spawnSync('cadical', ['-q', file], { encoding: 'utf8' });
    assert.equal(run.status, 10, 'SATISFIABLE');
    const model = new Set(run.stdout.split('\n').filter((l) => l.startsWith('v ')).flatMap((l) => l.slice(2).trim().split(/\s+/).map(Number)));
    const puzzle = parsePuzzle(PUZZLE).puzzle;
    const on = new Uint8Array(edges.length);
    // "c edge V h|v R C": the variable of each edge, in edge-index order.
    edges.forEach((fields, e) => (on[e] = model.has(Number(fields[2])) ? 1 : 0));
    assert.deepEqual(verify(puzzle, { rows: puzzle.rows, cols: puzzle.cols, on }), { valid: true });
  });
}

test('encode refuses a back-end that is not a CNF encoding, with one error line', () => {
  const run = spawnSync(CLI, ['encode', PUZZLE, '--backend', 'rules'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^error: .*not a CNF encoding/);
});

test('encode takes the back-end with its options, in the spec grammar, and the options shape the CNF', () => {
  const blank = 'https://puzz.link/p?slither/3/2/l';
  const header = (spec: string) => execFileSync(CLI, ['encode', blank, '--backend', spec], { encoding: 'utf8' }).split('\n').find((l) => l.startsWith('p cnf '));
  assert.notEqual(header('sat-closure:closure=squaring'), header('sat-closure'));
  const bad = spawnSync(CLI, ['encode', PUZZLE, '--backend', 'sat-closure:closure=nope'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr, "error: --backend: option closure of 'sat-closure' must be one of elimination, squaring, seed; got 'nope'\n");
});
