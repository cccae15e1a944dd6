// Fast start: compiled JavaScript in dist/ (its start path bundled) runs only while it is as new as every
// source, finds the same files (datasets, YAML plans) as the sources do, gives the same answers, and a thread
// worker is killed as surely as a process.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { distIsFresh, listInputs, startPath, writeStamp } from '../../runners/harness/start-up/compiled.ts';
import { WorkerProcess } from '../../runners/workers/worker-process.ts';
import { makePuzzle } from '../../encodings/grid.ts';
import { builtinDatasetNames } from '../../datasets/builtin.ts';

const root = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);
const PUZZLE = '5x5t0:3222b2a0c21a1d12b3';

test('dist/ is fresh only while no source file or folder is newer than its stamp', () => {
  const tree = mkdtempSync(join(tmpdir(), 'slitherbench-fresh-'));
  try {
    for (const folder of ['encodings/backends', 'datasets', 'reports', 'runners/cli', 'dist']) mkdirSync(join(tree, folder), { recursive: true });
    writeFileSync(join(tree, 'runners/cli/main.ts'), '');
    writeFileSync(join(tree, 'tsconfig.json'), '{}');
    const past = Date.now() / 1000 - 100;
    const setAll = (seconds: number) => {
      for (const path of ['encodings/backends', 'encodings', 'datasets', 'reports', 'runners/cli', 'runners', 'runners/cli/main.ts', 'tsconfig.json']) utimesSync(join(tree, path), seconds, seconds);
    };
    assert.equal(distIsFresh(`${tree}/`), false, 'no stamp: not built');
    setAll(past);
    writeStamp(listInputs(`${tree}/`), (past + 10) * 1000, `${tree}/`);
    assert.equal(distIsFresh(`${tree}/`), true);
    utimesSync(join(tree, 'runners/cli/main.ts'), past + 20, past + 20);
    assert.equal(distIsFresh(`${tree}/`), false, 'an edited source');
    setAll(past);
    writeFileSync(join(tree, 'encodings/backends/new.lp'), '');
    assert.equal(distIsFresh(`${tree}/`), false, 'a new file');
    rmSync(join(tree, 'encodings/backends/new.lp'));
    setAll(past);
    rmSync(join(tree, 'runners/cli/main.ts'));
    assert.equal(distIsFresh(`${tree}/`), false, 'a deleted file (its folder changed)');
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
});

for (const [fixture, what] of [['fixture-sleep', 'a JavaScript loop'], ['fixture-wasm-spin', 'a wasm loop']]) {
  test(`a thread worker stuck in ${what} past its deadline is terminated, and the run is a timeout`, async () => {
    process.env.SLITHERBENCH_BACKENDS_DIR = join(root, 'test/fixtures/backends');
    const worker = new WorkerProcess(fixture, undefined, { memoryMb: 4096, graceMs: 200 }, 'thread');
    try {
      const { result } = await worker.solve(makePuzzle(1, 1, [null]), { timeoutMs: 300, unique: false, seed: 1, params: {} });
      assert.equal(result.status, 'timeout');
      assert.match(result.message ?? '', /killed after \d+ ms/);
    } finally {
      worker.kill();
      delete process.env.SLITHERBENCH_BACKENDS_DIR;
    }
  });
}

test('a built copy of the tree runs from dist/ while it is fresh, from the sources once edited, with the same answers', async () => {
  const tree = mkdtempSync(join(tmpdir(), 'slitherbench-dist-'));
  try {
    // The repository as it is now, without results or history; its build too when that is up to date (tar
    // keeps the times, so it stays up to date in the copy), else the copy is built.
    const built = distIsFresh();
    execFileSync('tar', ['-C', root, '--exclude=./node_modules', ...(built ? [] : ['--exclude=./dist']), '--exclude=./results', '--exclude=./.git', '-cf', join(tree, 'tree.tar'), '.']);
    execFileSync('tar', ['-C', tree, '-xf', join(tree, 'tree.tar')]);
    rmSync(join(tree, 'tree.tar'));
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    if (!built) execFileSync(process.execPath, ['--import', 'tsx', join(tree, 'runners/build-dist.ts')], { cwd: tree, stdio: ['ignore', 'ignore', 'pipe'] });
    assert.equal(distIsFresh(`${tree}/`), true, 'the build leaves dist/ fresh');
    const bin = join(tree, 'bin/slitherbench.js');
    const cli = async (args: string[], env: Record<string, string> = {}) => (await run(process.execPath, [bin, ...args], { cwd: tree, encoding: 'utf8', env: { ...process.env, ...env } })).stdout;

    // Which code ran: mark the program's description in the bundle and in dist/'s mirror (without touching a source).
    const mark = (file: string, word: string) => writeFileSync(file, readFileSync(file, 'utf8').replace('Compare solver encodings', `${word} Compare solver encodings`));
    mark(join(tree, 'dist/runners/cli/main.js'), 'COMPILED');
    const bundle = join(tree, 'dist/bundle');
    const bundledMain = readdirSync(bundle).map((name) => join(bundle, name)).filter((file) => readFileSync(file, 'utf8').includes('Compare solver encodings'));
    assert.equal(bundledMain.length, 1, 'the build bundles the start path, with the program in one file');
    mark(bundledMain[0], 'BUNDLED');
    assert.equal(startPath('worker', `${tree}/`), join(bundle, 'worker.js'), 'workers start from the bundle too');
    assert.match(await cli(['--help']), /BUNDLED Compare/, 'fresh: the bin runs the bundle of dist/');
    assert.doesNotMatch(await cli(['--help'], { SLITHERBENCH_DIST: 'off' }), /COMPILED|BUNDLED/, 'SLITHERBENCH_DIST=off runs the sources');

    // Built-in datasets (files beside the code) and answers are the same from dist/ as from the sources.
    assert.deepEqual((JSON.parse(await cli(['datasets', '--json'])) as { name: string }[]).map((m) => m.name), builtinDatasetNames());
    const answer = (text: string) => {
      const { status, unique, solution, backend } = JSON.parse(text) as Record<string, unknown>;
      return { status, unique, solution, backend };
    };
    const fromDist = answer(await cli(['solve', PUZZLE, '--backend', 'rules', '--unique', '--json']));
    assert.equal(fromDist.status, 'solved');
    assert.deepEqual(fromDist, answer(await cli(['solve', PUZZLE, '--backend', 'rules', '--unique', '--json'], { SLITHERBENCH_DIST: 'off' })));

    // A bench of a built-in set from dist/: its workers start from dist/ too, and run.json says how long they took.
    const out = join(tree, 'results/quick');
    await cli(['bench', '--dataset', 'quick', '--backends', 'rules', '--limit', '2', '--jobs', '1', '--out', out, '--no-report']);
    const runInfo = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { workerStarts: { from: string; backends: Record<string, { starts: number; medianStartMs: number }> } };
    assert.equal(runInfo.workerStarts.from, 'dist');
    assert.ok(runInfo.workerStarts.backends.rules.starts >= 1 && runInfo.workerStarts.backends.rules.medianStartMs > 0);
    assert.equal(readFileSync(join(out, 'results.csv'), 'utf8').trim().split('\n').length, 3, 'a header and two runs');

    // Without the bundle (esbuild failed or was absent at build time), the bin and its workers run dist/'s modules.
    rmSync(bundle, { recursive: true });
    assert.equal(startPath('worker', `${tree}/`), join(tree, 'dist/runners/workers/worker.js'));
    assert.match(await cli(['--help']), /COMPILED Compare/, 'no bundle: the bin runs dist/');
    assert.deepEqual(answer(await cli(['solve', PUZZLE, '--backend', 'rules', '--unique', '--json'])), fromDist);

    // An edited source makes dist/ stale: the bin runs the sources, never the older compiled code.
    const source = join(tree, 'runners/cli/main.ts');
    writeFileSync(source, readFileSync(source, 'utf8') + '\n');
    assert.equal(distIsFresh(`${tree}/`), false);
    assert.doesNotMatch(await cli(['--help']), /COMPILED|BUNDLED/, 'stale: the bin runs the sources');
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
});
