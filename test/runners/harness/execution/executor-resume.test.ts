// Every long run is killed with SIGKILL part-way (no handler runs, a line may be torn) and resumed: the
// resumed run ends with every task recorded exactly once and the output of a run never stopped.
// (bench's own kill test is in bench.test.ts; here bench is stopped with Ctrl-C instead.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin', 'slitherbench.js');
const env = { ...process.env, SLITHERBENCH_DIST: 'off' };
const lines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()) : []);

/** Starts the command, waits until `path` holds at least `atLeast` lines, and kills it with SIGKILL. */
async function killPartWay(args: string[], path: string, atLeast: number): Promise<number> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'ignore' });
  const exited = new Promise((r) => child.on('exit', r));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null && lines(path).length < atLeast) await new Promise((r) => setTimeout(r, 20));
  assert.equal(child.exitCode, null, 'still running when killed');
  child.kill('SIGKILL');
  await exited;
  return lines(path).length;
}

const cli = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });

test('fuzz killed part-way resumes: every puzzle and variant answered once', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'fuzz-kill-')), 'run');
  const args = [BIN, 'fuzz', '--count', '150', '--backends', 'rules', '--jobs', '1', '--large-share', '0', '--out', out];
  const before = await killPartWay(args, join(out, 'runs.jsonl'), 10);
  assert.ok(before < 150, `killed mid-run (${before} runs)`);
  const again = cli([...args, '--resume']);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /resuming: \d+ of 150 runs already recorded/);
  const keys = lines(join(out, 'runs.jsonl')).map((l) => JSON.parse(l) as { case: number; variant: string }).map((a) => `${a.case}/${a.variant}`);
  assert.equal(keys.length, 150);
  assert.equal(new Set(keys).size, 150, 'no run twice');
  assert.match(again.stdout, /\| all \| 150 \|/);
});

test('generate killed part-way resumes to the output of a run never stopped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'generate-kill-'));
  const out = join(dir, 'set.txt');
  const args = [BIN, 'generate', '--size', '5x5', '--count', '20', '--seed', '1', '--ids', '--confirm', 'none', '--out', out];
  const before = await killPartWay(args, `${out}.state.jsonl`, 4);
  assert.ok(before < 20, `killed mid-run (${before} puzzles)`);
  const again = cli([...args, '--resume']);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`resuming at puzzle ${before + 1}`));
  // The built-in gen-5x5 is this command's output.
  const builtin = lines(join(ROOT, 'datasets/gen-5x5/puzzles.txt')).filter((l) => !l.startsWith('#'));
  assert.deepEqual(lines(out), builtin);
  assert.ok(existsSync(`${out}.state.jsonl`) && existsSync(`${out}.state.json`), 'the log and the state file stay, for --resume to find the set finished');
});

test('the search sweep killed part-way resumes: every puzzle run once, the puzzles those of generate', async () => {
  const out = mkdtempSync(join(tmpdir(), 'sweep-kill-'));
  const args = ['--import', 'tsx', join(ROOT, 'runners/experiments/search.ts'), '--sweep', '--size', '5x5', '--count', '3', '--seed', '3', '--timeout', '20', '--peer-bin', join(out, 'no-peer'), '--out', out];
  const runs = join(out, 'sweep', 'runs.jsonl');
  const before = await killPartWay(args, runs, 1);
  assert.ok(before < 3, `killed mid-run (${before} puzzles)`);
  const again = cli(args);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`carrying on at ${before + 1}`));
  const recorded = lines(runs).map((l) => JSON.parse(l) as { index: number; url: string; auto: { status: string } });
  assert.deepEqual(recorded.map((r) => r.index).sort(), [0, 1, 2], 'every puzzle once');
  assert.ok(recorded.every((r) => r.auto.status === 'solved'));
  const made = cli([BIN, 'generate', '--size', '5x5', '--count', '3', '--seed', '3', '--difficulty', 'hard', '--confirm', 'none']);
  assert.deepEqual(recorded.sort((a, b) => a.index - b.index).map((r) => r.url), made.stdout.trim().split('\n'));
});

test('bench stopped with Ctrl-C keeps every finished run, says how to resume, and the resume completes the plan', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'bench-interrupt-')), 'run');
  const args = [BIN, 'bench', '--dataset', 'gen-5x5', '--backends', 'rules', '--repeat', '5', '--jobs', '1', '--out', out, '--no-report'];
  const jsonl = join(out, 'results.jsonl');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null && lines(jsonl).length < 10) await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGINT');
  assert.equal(await exited, 130, stderr);
  assert.match(stderr, /bench: interrupted; every finished run is in .*Resume with:\n {2}slitherbench bench .*--resume\n/);
  const kept = lines(jsonl).length;
  assert.ok(kept >= 10 && kept < 100, `stopped part-way (${kept} runs)`);
  const again = cli([...args, '--resume']);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`resuming: ${kept} of 100 runs already recorded`));
  const keys = lines(jsonl).map((l) => JSON.parse(l) as { instance: string; repeat: number }).map((r) => `${r.instance}/${r.repeat}`);
  assert.equal(keys.length, 100);
  assert.equal(new Set(keys).size, 100, 'no run twice');
});
