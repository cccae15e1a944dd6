// The generator at scale: the constant-time loop growth equals the whole-boundary check it replaced, the
// local strategy's puzzles are unique by two other back-ends, and an interrupted run resumes to the same puzzle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePuzzle, GenerationInterrupted, randomLoop, Random, boundaryEdges, type RemovalState } from '../../datasets/generator.ts';
import { gridOf, makePuzzle, type Clue } from '../../encodings/grid.ts';
import { solutionFromEdges } from '../../encodings/solution.ts';
import { verify } from '../../encodings/verify.ts';
import { getBackend } from '../../encodings/registry.ts';
import { backendOracle } from '../../runners/harness/solving/oracle.ts';
import { solveWithBackend } from '../../runners/harness/solving/pipeline.ts';

/** The loop growth as first written: every added cell checked by verifying the whole boundary. */
function referenceLoop(rows: number, cols: number, random: Random): string {
  const grid = gridOf({ rows, cols });
  const blank = makePuzzle(rows, cols, new Array<Clue>(grid.cellCount).fill(null));
  const inside = new Uint8Array(grid.cellCount);
  inside[random.int(0, grid.cellCount - 1)] = 1;
  const loop = () => solutionFromEdges(blank, boundaryEdges(rows, cols, inside)).on.join('');
  if (grid.cellCount === 1) return loop();
  const target = Math.max(1, Math.min(grid.cellCount - 1, Math.round((grid.cellCount * random.int(30, 65)) / 100)));
  const neighbours = (cell: number) => {
    const [r, c] = grid.cellPosition(cell);
    return [r > 0 && cell - cols, r < rows - 1 && cell + cols, c > 0 && cell - 1, c < cols - 1 && cell + 1].filter((n): n is number => n !== false);
  };
  let size = 1;
  let stalled = 0;
  while (size < target && stalled < 4) {
    const frontier: number[] = [];
    for (let cell = 0; cell < grid.cellCount; cell++) if (!inside[cell] && neighbours(cell).some((n) => inside[n])) frontier.push(cell);
    random.shuffle(frontier);
    const touching = (cell: number) => neighbours(cell).filter((n) => inside[n]).length;
    frontier.sort((a, b) => Math.min(touching(a), 2) - Math.min(touching(b), 2));
    let added = 0;
    for (const cell of frontier) {
      if (size >= target) break;
      inside[cell] = 1;
      if (verify(blank, solutionFromEdges(blank, boundaryEdges(rows, cols, inside))).valid) {
        size++;
        added++;
        if (random.int(0, 3) === 0) break;
      } else {
        inside[cell] = 0;
      }
    }
    stalled = added === 0 ? stalled + 1 : 0;
  }
  return loop();
}

test('the loop grown with the local ring test is the loop the whole-boundary check grows', () => {
  for (const [rows, cols] of [[1, 1], [1, 7], [6, 1], [2, 2], [3, 5], [8, 8], [9, 4], [15, 12]]) {
    for (let i = 0; i < 25; i++) {
      assert.equal(randomLoop(rows, cols, new Random(3, rows, cols, i)).on.join(''), referenceLoop(rows, cols, new Random(3, rows, cols, i)), `${rows}x${cols} #${i}`);
    }
  }
});

test('the local strategy makes puzzles that two other back-ends prove unique, the same for the same seed', async () => {
  const oracle = await backendOracle(await getBackend('auto'), 60_000, { calls: 0, timeouts: 0 });
  for (const maxLevel of ['corners', undefined] as const) {
    const options = { rows: 16, cols: 14, seed: 5, index: 0, strategy: 'local' as const, maxLevel };
    const one = await generatePuzzle(options, oracle);
    const again = await generatePuzzle(options, oracle);
    assert.deepEqual(one.puzzle.clues, again.puzzle.clues);
    assert.ok(one.puzzle.clues.filter((c) => c !== null).length < 16 * 14 * 0.6, 'most clues removed');
    if (maxLevel) assert.ok(one.level === 'basic' || one.level === 'corners', `level ${one.level}`);
    for (const name of ['cdcl-loop', 'cpsat-circuit']) {
      const backend = await getBackend(name);
      const r = await solveWithBackend(backend, one.puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params: {} });
      assert.equal(r.status, 'solved', `${name}: ${r.message ?? ''}`);
      assert.equal(r.unique, true, `unique by ${name} (maxLevel ${maxLevel})`);
    }
  }
});

test('a local run stopped between rounds and resumed from its state gives the same puzzle', async () => {
  const oracle = await backendOracle(await getBackend('auto'), 60_000, { calls: 0, timeouts: 0 });
  const base = { rows: 20, cols: 20, seed: 9, index: 0, strategy: 'local' as const };
  const whole = await generatePuzzle(base, oracle);
  let state: RemovalState | undefined;
  let rounds = 0;
  let stops = 0;
  // Stop after every third round, then carry on from the saved state, until the puzzle is done.
  for (;;) {
    try {
      const done = await generatePuzzle({ ...base, resume: state, onRound: () => rounds++, shouldStop: () => rounds > 0 && rounds % 3 === 0 && stops < 50 }, oracle);
      assert.deepEqual(done.puzzle.clues, whole.puzzle.clues);
      assert.equal(done.level, whole.level);
      break;
    } catch (error) {
      if (!(error instanceof GenerationInterrupted)) throw error;
      state = JSON.parse(JSON.stringify(error.state)) as RemovalState;
      stops++;
      rounds++;
    }
  }
  assert.ok(stops >= 2, `stopped ${stops} times`);
});

const cli = (args: string[]) => spawnSync(process.execPath, ['bin/slitherbench.js', ...args], { encoding: 'utf8', env: { ...process.env, SLITHERBENCH_DIST: 'off' } });

test('generate --resume refuses a state file saved with other options, and carries on a stopped set to the same output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'generate-resume-'));
  const out = join(dir, 'set.txt');
  const first = cli(['generate', '--size', '6x6', '--count', '2', '--seed', '4', '--out', out]);
  assert.equal(first.status, 0, first.stderr);
  const state = `${out}.state.json`;
  const { options } = JSON.parse(readFileSync(state, 'utf8')) as { options: Record<string, unknown> };
  // A state file of an earlier version: the settings without dashes.
  writeFileSync(state, JSON.stringify({ options: { size: '7x7', count: 2, seed: 4 }, lines: [], position: { done: 0, attempt: 0 } }));
  const refused = cli(['generate', '--size', '6x6', '--count', '2', '--seed', '4', '--out', out, '--resume']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /^error: .*made with other settings: --size was 7x7, now 6x6; --difficulty was \(not recorded\), now any;/m);
  // A run stopped after its first puzzle carries on to the output of the uninterrupted run.
  const lines = readFileSync(out, 'utf8').trim().split('\n');
  const stopped = join(dir, 'stopped.state.json');
  writeFileSync(stopped, JSON.stringify({ options, lines: lines.slice(0, 1), position: { done: 1, attempt: 0 } }));
  const resumed = cli(['generate', '--size', '6x6', '--count', '2', '--seed', '4', '--out', join(dir, 'resumed.txt'), '--state', stopped, '--resume']);
  assert.equal(resumed.status, 0, resumed.stderr);
  assert.match(resumed.stderr, /resuming at puzzle 2/);
  assert.equal(readFileSync(join(dir, 'resumed.txt'), 'utf8'), readFileSync(out, 'utf8'));
  assert.ok(existsSync(stopped), 'the state file stays when the run is done, for --resume to find it finished');
  const noState = cli(['generate', '--size', '6x6', '--resume']);
  assert.equal(noState.status, 2);
  assert.match(noState.stderr, /^error: --resume needs --state FILE or --out FILE/m);
});

test('a confirming back-end out of memory leaves the puzzle unconfirmed with a warning, as one out of time does', () => {
  const made = spawnSync(process.execPath, ['bin/slitherbench.js', 'generate', '--size', '4x4', '--seed', '2', '--confirm', 'fixture-says-memout'], { encoding: 'utf8', env: { ...process.env, SLITHERBENCH_DIST: 'off', SLITHERBENCH_BACKENDS_DIR: new URL('../fixtures/backends/', import.meta.url).pathname } });
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stdout, /^https:\/\/puzz\.link\//);
  assert.match(made.stderr, /not confirmed by fixture-says-memout \(out of memory: its 64 MB heap is full\)/);
  assert.match(made.stderr, /warning: 1 of 1 puzzles not confirmed by fixture-says-memout/);
});

test('the built-in sets made before the local strategy and the new oracle come out the same', () => {
  for (const [set, args] of [['gen-5x5', ['--size', '5x5', '--count', '3', '--seed', '1', '--ids']], ['gen-10x10', ['--size', '10x10', '--count', '2', '--seed', '1', '--ids', '--difficulty', 'medium']]] as const) {
    const made = cli(['generate', ...args, '--confirm', 'none']);
    assert.equal(made.status, 0, made.stderr);
    const lines = readFileSync(new URL(`../../datasets/${set}/puzzles.txt`, import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    assert.deepEqual(made.stdout.trim().split('\n'), lines.slice(0, made.stdout.trim().split('\n').length), set);
  }
});
