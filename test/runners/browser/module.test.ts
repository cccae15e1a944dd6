// The browser module (runners/browser/index.ts, bundled by npm run build:browser), run from its bundle in Node:
// nothing from Node in it, and the same answers, stats and error lines as the Node pipeline that `solve` runs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { BACKEND_IDS, getBackend } from '../../../encodings/registry.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { renderSvg } from '../../../encodings/render.ts';
import { solutionFromJson } from '../../../encodings/solution.ts';
import { solveWithBackend } from '../../../runners/harness/solving/pipeline.ts';
import { contractJson } from '../../../runners/harness/solving/run-result.ts';
import { buildBrowserInTemp, firstPuzzle, statsWithoutTimes, type BuiltBrowser } from '../../helpers/browser-build.ts';

type BrowserModule = typeof import('../../../runners/browser/index.ts');

const TEN = '10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b';
const TWENTY = firstPuzzle('loopy-20x20-hard');
/** Many loops fit an empty 2x2 (uniqueness refuted); a 1x1 with clue 0 has none. */
const OPEN = '2 2\n..\n..';
const NO_LOOP = '1 1\n0';
const IN_BROWSER = ['auto', 'cdcl-loop', 'rules'];
/** auto's trial stops on the clock by default (trial-ms), which makes its stats depend on the machine's speed. */
const SAME_WORK: Record<string, Record<string, string>> = { auto: { 'trial-ms': 'none' } };

let built: BuiltBrowser;
let browser: BrowserModule;
before(async () => {
  built = await buildBrowserInTemp();
  browser = (await import(pathToFileURL(join(built.dir, 'slitherbench.js')).href)) as BrowserModule;
});
after(() => built?.remove());

test('the bundle uses nothing from Node: no node: imports, no Buffer (but as globalThis.Buffer, where there is one), no process', () => {
  assert.deepEqual(built.warnings, [], 'esbuild warned');
  for (const [name, text] of [['slitherbench.js', built.module], ['slitherbench.classic.js', built.classic]]) {
    for (const [what, pattern] of [['imports from Node', /from\s*["']node:|import\(\s*["']node:|require\(/], ['uses Buffer', /(?<![.\w])Buffer\b/], ['uses process', /\bprocess\s*\./]] as const) {
      const found = pattern.exec(text);
      assert.ok(!found, `${name} ${what}: ${found ? text.slice(Math.max(0, found.index - 80), found.index + 40) : ''}`);
    }
  }
});

test('rules, cdcl-loop and auto answer in the bundle exactly as in the Node pipeline (loop, uniqueness, stats but times)', async () => {
  for (const text of [TEN, TWENTY, OPEN, NO_LOOP]) {
    const { puzzle } = parsePuzzle(text);
    for (const id of IN_BROWSER) {
      const backend = await getBackend(id);
      await backend.prepare?.();
      const params = SAME_WORK[id] ?? {};
      const node = contractJson(await solveWithBackend(backend, puzzle, { timeoutMs: 30_000, unique: true, seed: 1, params }));
      const here = await browser.solve(text, { backend: id, unique: true, timeoutMs: 30_000, options: params });
      const what = `${id} on ${text.split('\n')[0].slice(0, 20)}`;
      assert.equal(here.status, node.status, `${what}: status`);
      assert.equal(here.unique, node.unique, `${what}: unique`);
      assert.deepEqual(here.solution, node.solution, `${what}: loop`);
      assert.equal(here.version, node.version, `${what}: version`);
      assert.deepEqual(statsWithoutTimes(here.stats), statsWithoutTimes(node.stats), `${what}: stats`);
    }
  }
  const ten = await browser.solve(TEN, { unique: true });
  assert.equal(ten.backend, 'auto', 'auto when no back-end is named');
  assert.equal(ten.status, 'solved');
});

test('bad input gets the error line the CLI prints; back-ends that need Node are named as such', async () => {
  const truncated = 'https://puzz.link/p?slither/3/3/g0a';
  let expected = '';
  try {
    parsePuzzle(truncated, 'puzzle');
  } catch (error) {
    expected = (error as Error).message;
  }
  await assert.rejects(browser.solve(truncated), { name: 'PuzzleError', message: expected });
  await assert.rejects(browser.solve(TEN, { backend: 'cpsat-circuit' }), { name: 'UsageError', message: /cpsat-circuit' cannot run in the browser: it needs Node/ });
  await assert.rejects(browser.solve(TEN, { backend: 'no-such' }), { name: 'UnknownBackendError', message: /unknown back-end 'no-such'/ });
  await assert.rejects(browser.solve(TEN, { backend: 'auto', options: { presolve: 'sometimes' } }), { name: 'UsageError', message: "option presolve of 'auto' must be one of on, off; got 'sometimes'" });
  await assert.rejects(browser.solve(TEN, { timeoutMs: 0 }), { name: 'UsageError' });
});

test('listBackends names every back-end of the registry as the library does, three of them available here', async () => {
  const rows = await browser.listBackends();
  assert.deepEqual(rows.filter((r) => r.available).map((r) => r.name), IN_BROWSER);
  assert.deepEqual(rows.map((r) => r.name), [...BACKEND_IDS].sort());
  for (const row of rows) {
    const backend = await getBackend(row.name);
    assert.ok(row.available || row.reason === 'needs Node: run it with slitherbench serve or solve', row.name);
    assert.equal(row.description, backend.description);
    assert.deepEqual(row.options, backend.options ?? [], `${row.name}: options`);
    assert.equal(row.presolver, typeof backend.presolve === 'function', `${row.name}: presolver`);
  }
});

test('reading, writing, checking and drawing puzzles are the library\'s, and write what Node writes', async () => {
  const { puzzle } = parsePuzzle(TEN);
  const read = browser.parsePuzzle(TEN);
  assert.deepEqual(read, puzzle);
  for (const format of browser.PUZZLE_FORMATS) assert.deepEqual(browser.parsePuzzle(browser.formatPuzzle(read, format)), puzzle, format);
  assert.throws(() => browser.formatPuzzle(read, 'png' as never), { name: 'UsageError' });
  const answer = await browser.solve(TEN);
  assert.deepEqual(browser.verify(read, answer.solution!), { valid: true });
  assert.equal(browser.renderSvg(read, answer.solution), renderSvg(puzzle, solutionFromJson(answer.solution)));
});

type Handler = ((event: { data: unknown }) => void) | null;
/** A page's end and a worker's end that pass messages as they do: cloned, a turn of the event loop apart. */
function workerPair(browser: BrowserModule) {
  const inside = { onmessage: null as Handler, postMessage: (m: unknown) => void setImmediate(() => page.onmessage?.({ data: structuredClone(m) })) };
  const page = { onmessage: null as Handler, onerror: null, postMessage: (m: unknown) => void setImmediate(() => inside.onmessage?.({ data: structuredClone(m) })), terminate() {} };
  browser.answerSolves(inside);
  return page;
}

test('WorkerSolver and answerSolves: back-ends warmed, answers in order, bad input rejected with its error, a cancelled solve stops the worker, a silent one is stopped past the limit', async () => {
  let started = 0;
  const solver = new browser.WorkerSolver(() => {
    started++;
    return workerPair(browser) as unknown as Worker;
  });
  await solver.warm(['auto', 'rules']);
  await assert.rejects(solver.warm(['no-such']), { name: 'UnknownBackendError' });
  const [ten, open] = await Promise.all([solver.solve(TEN, { unique: true }), solver.solve(OPEN, { backend: 'rules', unique: true })]);
  assert.deepEqual([ten.status, ten.unique, open.status, open.unique], ['solved', true, 'solved', false]);
  await assert.rejects(solver.solve('https://puzz.link/p?slither/3/3/g0a'), { name: 'PuzzleError', message: /the body is truncated/ });
  await assert.rejects(solver.solve(TEN, { timeoutMs: Number.NaN }), { name: 'UsageError', message: 'the time limit must be a positive number of ms, got NaN' });
  assert.equal(started, 1, 'one worker for all of them');
  solver.close();

  const silent = { onmessage: null, onerror: null, terminated: false, postMessage() {}, terminate() { this.terminated = true; } };
  const stuck = new browser.WorkerSolver(() => silent as unknown as Worker);
  // Cancelled: the worker is stopped at once, and the solve rejects with the signal's reason.
  const controller = new AbortController();
  const cancelled = stuck.solve(TEN, { timeoutMs: 60_000, signal: controller.signal });
  setTimeout(() => controller.abort(new Error('no longer wanted')), 50);
  await assert.rejects(cancelled, { message: 'no longer wanted' });
  assert.equal(silent.terminated, true);
  silent.terminated = false;
  const before = performance.now();
  const answer = await stuck.solve(TEN, { timeoutMs: 100 });
  assert.equal(answer.status, 'timeout');
  assert.match(answer.message!, /stopped after 2100 ms \(time limit 100 ms \+ 2000 ms grace\)/);
  assert.ok(performance.now() - before >= 2000);
  assert.equal(silent.terminated, true);
});
