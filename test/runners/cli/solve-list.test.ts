// `solve -` with many puzzles: one process, one JSON line per puzzle, each loop verified; an unreadable line
// answered in its place while the others are solved; one puzzle on stdin still the single-puzzle contract.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { builtinPuzzlesPath, readPuzzleLines } from '../../../datasets/builtin.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { solutionFromJson } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';

const BIN = new URL('../../../bin/slitherbench.js', import.meta.url).pathname;
const LOOPY = ['loopy-10x10-hard', 'loopy-10x10-tricky', 'loopy-10x10-normal'].flatMap((name) => readPuzzleLines(readFileSync(builtinPuzzlesPath(name)!, 'utf8')));

test('30 Loopy 10x10s on stdin: one process, 30 JSON lines in order, each loop verified', () => {
  assert.equal(LOOPY.length, 30);
  const input = LOOPY.map((l) => `${l.id}\t${l.puzzle}`).join('\n') + '\n';
  const run = spawnSync(process.execPath, [BIN, 'solve', '-', '--unique'], { input, encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  const answers = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; status: string; unique: boolean; solution: unknown; backend: string; timeMs: number });
  assert.deepEqual(answers.map((a) => a.id), LOOPY.map((l) => l.id));
  answers.forEach((answer, i) => {
    assert.equal(answer.status, 'solved', answer.id);
    assert.equal(answer.unique, true, answer.id);
    assert.equal(answer.backend, 'auto');
    const puzzle = parsePuzzle(LOOPY[i].puzzle).puzzle;
    assert.deepEqual(verify(puzzle, solutionFromJson(answer.solution)), { valid: true }, answer.id);
  });
});

test('a list without IDs is numbered by line; an unreadable line gets its error line and the run goes on (exit 2)', () => {
  const input = ['# three puzzles', LOOPY[0].puzzle, '10x10t0:zz', LOOPY[1].puzzle].join('\n');
  const run = spawnSync(process.execPath, [BIN, 'solve', '-', '--backend', 'rules'], { input, encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 2, run.stderr);
  const answers = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; status: string; message?: string });
  assert.deepEqual(answers.map((a) => [a.id, a.status]), [['2', 'solved'], ['3', 'error'], ['4', 'solved']]);
  assert.match(answers[1].message!, /^stdin:3: /);
});

test('each answer comes out as soon as it is found: a script can write a puzzle and read its answer', async () => {
  const child = spawn(process.execPath, [BIN, 'solve', '-'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  for (const entry of LOOPY.slice(0, 3)) {
    child.stdin.write(`${entry.id}\t${entry.puzzle}\n`);
    const answer = JSON.parse((await lines.next()).value as string) as { id: string; status: string };
    assert.deepEqual([answer.id, answer.status], [entry.id, 'solved']);
  }
  child.stdin.end();
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 0);
});

test('a back-end option the worker refuses ends a list with its error before any answer (exit 2)', () => {
  const input = LOOPY.slice(0, 3).map((l) => `${l.id}\t${l.puzzle}`).join('\n') + '\n';
  const run = spawnSync(process.execPath, [BIN, 'solve', '-', '--backend', 'rules:nosuch=1'], { input, encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 2, run.stderr);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /^error: back-end 'rules' has no option 'nosuch'/);
});

test('a refused back-end option is said at once, while the input stays open', async () => {
  const child = spawn(process.execPath, [BIN, 'solve', '-', '--backend', 'rules:nosuch=1'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.write(`${LOOPY[0].id}\t${LOOPY[0].puzzle}\n`);
  try {
    const code = await new Promise((resolve) => {
      child.once('exit', resolve);
      // The input is never ended: only the refusal can end the run.
      setTimeout(() => resolve('still running after 30 s'), 30_000).unref();
    });
    assert.equal(code, 2, stderr);
    assert.match(stderr, /^error: back-end 'rules' has no option 'nosuch'/);
  } finally {
    child.kill();
  }
});

test('a Loopy ID longer than a file name may be is read as the puzzle, not looked for as a file', () => {
  const url = readPuzzleLines(readFileSync(builtinPuzzlesPath('gen-40x35')!, 'utf8'))[0].puzzle;
  const id = spawnSync(process.execPath, [BIN, 'convert', url, '--to', 'loopy'], { encoding: 'utf8' }).stdout.trim();
  assert.ok(id.length > 255, `${id.length}`);
  const run = spawnSync(process.execPath, [BIN, 'solve', id, '--backend', 'rules', '--json'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).status, 'solved');
});

test('one puzzle on stdin is still the single-puzzle contract; a list refuses --svg', () => {
  const one = spawnSync(process.execPath, [BIN, 'solve', '-', '--json'], { input: `${LOOPY[0].puzzle}\n`, encoding: 'utf8' });
  assert.equal(one.status, 0, one.stderr);
  const answer = JSON.parse(one.stdout) as Record<string, unknown>;
  assert.equal(answer.status, 'solved');
  assert.equal('id' in answer, false);
  const svg = spawnSync(process.execPath, [BIN, 'solve', '-', '--svg', '/dev/null'], { input: `a\t${LOOPY[0].puzzle}\n`, encoding: 'utf8' });
  assert.equal(svg.status, 2);
  assert.match(svg.stderr, /^error: --svg takes one puzzle; stdin holds a list/);
});

test('a reader that stops after the first answer (solve - | head -1) ends the run quietly, with no stack', () => {
  const input = LOOPY.map((l) => `${l.id}\t${l.puzzle}`).join('\n') + '\n';
  const run = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" solve - --backend rules | head -1; echo "status \${PIPESTATUS[0]}"`], { input, encoding: 'utf8', timeout: 60_000 });
  const [first, status] = run.stdout.trim().split('\n');
  assert.equal((JSON.parse(first) as { id: string }).id, LOOPY[0].id);
  assert.equal(status, 'status 0');
  assert.doesNotMatch(run.stderr, /EPIPE|Error/, run.stderr);
});
