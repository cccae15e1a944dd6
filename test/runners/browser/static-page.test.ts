// The static page of the browser build in a real Chromium (playwright-core), opened from file:// with no
// server: it solves a Loopy 10x10 and 20x20 with auto in its Web Worker, and the loop it draws, read back
// from the SVG, passes the verifier. The worker's answers with auto, rules and cdcl-loop (loop, and stats but
// times) are the Node pipeline's.
// Skips, saying why, when /usr/bin/chromium is absent (runners/setup-system.sh installs it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { getBackend } from '../../../encodings/registry.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import type { Puzzle } from '../../../encodings/grid.ts';
import { solutionFromEdges } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';
import { chromiumAbsent, launchChromiumContext } from '../../../runners/experiments/chromium.ts';
import { solveWithBackend } from '../../../runners/harness/solving/pipeline.ts';
import { contractJson } from '../../../runners/harness/solving/run-result.ts';
import { buildBrowserInTemp, firstPuzzle, statsWithoutTimes, type BuiltBrowser } from '../../helpers/browser-build.ts';

const skip = chromiumAbsent();
const TEN = firstPuzzle('loopy-10x10-hard');
const TWENTY = firstPuzzle('loopy-20x20-hard');

let built: BuiltBrowser | undefined;
const profile = mkdtempSync(join(tmpdir(), 'slitherbench-chromium-'));
before(async () => {
  if (!skip) built = await buildBrowserInTemp();
});
after(() => {
  built?.remove();
  rmSync(profile, { recursive: true, force: true });
});

/** The loop as drawn: the round-joined path of renderSvg, its corners mapped to vertices through the dots' rows and columns. */
async function drawnLoop(page: Page, puzzle: Puzzle): Promise<number[]> {
  const { d, xs, ys } = await page.$eval('#picture svg', (svg) => ({
    d: svg.querySelector('path[stroke-linejoin="round"]')?.getAttribute('d') ?? '',
    xs: [...svg.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cx'))),
    ys: [...svg.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cy'))),
  }));
  const column = new Map([...new Set(xs)].sort((a, b) => a - b).map((x, i) => [x, i]));
  const row = new Map([...new Set(ys)].sort((a, b) => a - b).map((y, i) => [y, i]));
  assert.equal(column.size, puzzle.cols + 1);
  assert.equal(row.size, puzzle.rows + 1);
  const edges: number[] = [];
  for (const piece of d.split('M').filter(Boolean)) {
    const corners = piece.replace(/Z$/, '').split('L').map((p) => p.trim().split(/\s+/).map(Number));
    const at = corners.map(([x, y]) => [row.get(y)!, column.get(x)!]);
    for (let i = 0; i < at.length; i++) {
      const [[r1, c1], [r2, c2]] = [at[i], at[(i + 1) % at.length]];
      if (r1 === r2) edges.push(r1 * puzzle.cols + Math.min(c1, c2));
      else edges.push((puzzle.rows + 1) * puzzle.cols + Math.min(r1, r2) * (puzzle.cols + 1) + c1);
    }
  }
  return edges;
}

test('the page from file:// solves a 10x10 and a 20x20 with auto in its worker; the drawn loops pass the verifier; its worker answers as Node does', { skip, timeout: 120_000 }, async () => {
  const context = await launchChromiumContext(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(pathToFileURL(join(built!.dir, 'index.html')).href);
    assert.deepEqual(await page.$$eval('#backend option', (options) => options.map((o) => (o as HTMLOptionElement).value).sort()), ['auto', 'cdcl-loop', 'rules']);
    assert.equal(await page.inputValue('#backend'), 'auto');
    const server = await page.$$eval('#server-backends code', (codes) => codes.map((c) => c.textContent));
    assert.ok(server.includes('cpsat-circuit') && !server.includes('auto'), `back-ends that need the server: ${server.join(', ')}`);

    // A puzzle that cannot be read shows the CLI's error line.
    await page.fill('#puzzle', 'https://puzz.link/p?slither/3/3/g0a');
    await page.click('#solve');
    assert.equal(await page.textContent('#error'), 'error: puzzle: character 36: the body is truncated: it describes 5 of the 9 cells of a 3x3 grid');

    for (const text of [TEN, TWENTY]) {
      const { puzzle } = parsePuzzle(text);
      await page.fill('#puzzle', text);
      await page.click('#solve');
      await page.waitForSelector('#result[data-state="done"]', { timeout: 60_000 });
      const size = `${puzzle.rows}x${puzzle.cols}`;
      assert.equal(await page.textContent('#error'), '', size);
      assert.equal(await page.textContent('#shape'), size);
      assert.equal(await page.textContent('#status'), 'solved', `${size}: status`);
      assert.equal(await page.textContent('#uniqueness'), 'proved unique', `${size}: uniqueness`);
      assert.match((await page.textContent('#time'))!, /^\d+\.\d\d ms \(auto\)$/);
      const verdict = verify(puzzle, solutionFromEdges(puzzle, await drawnLoop(page, puzzle)));
      assert.deepEqual(verdict, { valid: true }, `${size}: the drawn loop`);
    }

    // The worker's answers are the Node pipeline's, for each back-end: the same loop, and the same work counted
    // (auto's trial given the whole time, not a clock budget).
    for (const id of ['auto', 'rules', 'cdcl-loop']) {
      const backend = await getBackend(id);
      await backend.prepare?.();
      const params: Record<string, string> = id === 'auto' ? { 'trial-ms': 'none' } : {};
      for (const text of [TEN, TWENTY]) {
        const node = contractJson(await solveWithBackend(backend, parsePuzzle(text).puzzle, { timeoutMs: 30_000, unique: true, seed: 1, params }));
        const inPage = await page.evaluate(async ([puzzle, id, options]) => {
          const sb = (window as unknown as { slitherbench: typeof import('../../../runners/browser/index.ts') }).slitherbench;
          const source = document.getElementById('slitherbench-classic')!.textContent!;
          const solver = new sb.WorkerSolver(() => new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { name: sb.SOLVER_WORKER_NAME }));
          try {
            return await solver.solve(puzzle, { backend: id, unique: true, timeoutMs: 30_000, options });
          } finally {
            solver.close();
          }
        }, [text, id, params] as const);
        const what = `${id} on ${parsePuzzle(text).puzzle.rows}x${parsePuzzle(text).puzzle.cols}`;
        assert.equal(inPage.status, node.status, what);
        assert.deepEqual(inPage.solution, node.solution, what);
        assert.deepEqual(statsWithoutTimes(inPage.stats), statsWithoutTimes(node.stats), what);
      }
    }
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});
