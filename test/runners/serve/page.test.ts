// The race page of `slitherbench serve` in a real Chromium (playwright-core): load a puzzle, race three
// back-ends, and check the table and each loop as drawn, read back from the SVG and put through the verifier.
// Skips, saying why, when /usr/bin/chromium is absent (runners/setup-system.sh installs it).
// SLITHERBENCH_SCREENSHOT=FILE also saves a picture of the page (docs/serve-page.png, shown in docs/serve.md).
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { solutionFromEdges } from '../../../encodings/solution.ts';
import { gridOf } from '../../../encodings/grid.ts';
import { verify } from '../../../encodings/verify.ts';
import { chromiumAbsent } from '../../../runners/experiments/chromium.ts';
import { experimentSchema } from '../../../runners/harness/plans/experiment.ts';
import { openRacePage } from '../../helpers/race-page.ts';

const TEN = '10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b';
const SECOND = '10x10t0:d1b213e2d3231a1b321b120a122b12j12b2223b2b2d33a32e20b1d2b3d3';
const RACERS = ['auto', 'rules', 'cdcl-loop'];

/** The race page of a server whose racers' workers start with it, those racers (and no other back-end) ticked; its script's errors are collected. */
async function raceWith(t: TestContext, racers: readonly string[]) {
  const { url, page } = await openRacePage(t, ['--warm', racers.join(',')], { width: 1100, height: 900 });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('#backends input[value="auto"]');
  for (const box of await page.$$('#backends input:checked')) await box.uncheck();
  for (const id of racers) await page.check(`#backends input[value="${id}"]`);
  return { page, pageErrors };
}

test('the page races three back-ends on a pasted puzzle, draws verified loops and writes the bench plan', { skip: chromiumAbsent(), timeout: 120_000 }, async (t) => {
  const { page, pageErrors } = await raceWith(t, RACERS);
  // A puzzle that cannot be read shows the CLI's error line, and nothing can be raced.
  await page.fill('#puzzle', 'https://puzz.link/p?slither/3/3/g0a');
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('error')!.textContent !== '');
  assert.equal(await page.textContent('#error'), 'error: puzzle: character 36: the body is truncated: it describes 5 of the 9 cells of a 3x3 grid');
  assert.equal(await page.isDisabled('#race'), true);
  await page.fill('#puzzle', TEN);
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('shape')!.textContent!.startsWith('10x10'));
  await page.click('#race');
  await page.waitForFunction((n) => document.querySelectorAll('#results tbody tr[data-done]').length === n, RACERS.length, { timeout: 60_000 });

  const rows = await page.$$eval('#results tbody tr', (trs) =>
    trs.map((tr) => ({
      backend: tr.getAttribute('data-backend'),
      cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
      edges: [...tr.querySelectorAll('line.loop-edge')].map((line) => line.getAttribute('data-edge')!),
    })),
  );
  assert.deepEqual(rows.map((r) => r.backend).sort(), [...RACERS].sort());
  const { puzzle } = parsePuzzle(TEN);
  for (const row of rows) {
    assert.equal(row.cells[1], 'solved', `${row.backend}: status`);
    assert.equal(row.cells[2], 'proved unique', `${row.backend}: uniqueness`);
    // The server certifies by default the answers of the back-ends whose proof costs little: auto's and cdcl-loop's.
    assert.equal(row.cells[3], row.backend === 'rules' ? 'no proof' : 'proved', `${row.backend}: proof`);
    assert.ok(Number(row.cells[4]) >= 0, `${row.backend}: time ${row.cells[4]}`);
    // The loop as drawn, edge by edge (h r,c and v r,c of the contract), must be the puzzle's loop.
    const drawn = row.edges.map((name) => {
      const [, kind, r, c] = /^([hv])(\d+),(\d+)$/.exec(name)!.map((x, i) => (i > 1 ? Number(x) : x)) as [string, string, number, number];
      return kind === 'h' ? r * puzzle.cols + c : (puzzle.rows + 1) * puzzle.cols + r * (puzzle.cols + 1) + c;
    });
    assert.ok(drawn.length >= 4);
    const verdict = verify(puzzle, solutionFromEdges(puzzle, drawn));
    assert.equal(verdict.valid, true, `${row.backend}: the drawn loop: ${verdict.valid ? '' : verdict.reason}`);
  }
  // The live chart gains a point per back-end with each race.
  const points = () => page.$$eval('#chart svg g.mark-symbol.role-mark path', (marks) => marks.length);
  await page.waitForFunction((n) => document.querySelectorAll('#chart svg g.mark-symbol.role-mark path').length >= n, RACERS.length);
  await page.fill('#puzzle', SECOND);
  await page.click('#race');
  await page.waitForFunction((n) => document.getElementById('results')!.dataset.finished === String(n), 2 * RACERS.length, { timeout: 60_000 });
  await page.waitForFunction((n) => document.querySelectorAll('#chart svg g.mark-symbol.role-mark path').length >= n, 2 * RACERS.length);
  assert.equal(await points(), 2 * RACERS.length);
  assert.deepEqual(await page.$$eval('#results tbody td.status', (tds) => tds.map((td) => td.textContent)), RACERS.map(() => 'solved'));

  await page.click('#plan');
  await page.waitForSelector('#plan-section:not([hidden])');
  const yaml = await page.textContent('#plan-text');
  const plan = experimentSchema.parse(parseYaml(yaml!));
  assert.deepEqual([...plan.backends].sort(), [...RACERS].sort());
  assert.equal(plan.unique, true);
  assert.deepEqual(pageErrors, []);
  if (process.env.SLITHERBENCH_SCREENSHOT) await page.screenshot({ path: process.env.SLITHERBENCH_SCREENSHOT, fullPage: true });
});

test('on another grid the page draws the grid from its drawing and each loop by its edges, which the verifier accepts', { skip: chromiumAbsent(), timeout: 120_000 }, async (t) => {
  const HONEYCOMB = '5x5t2:a303e4a2a442a4b3d';
  const racers = ['auto', 'sat-lazy'];
  const { page, pageErrors } = await raceWith(t, racers);
  await page.fill('#puzzle', HONEYCOMB);
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('shape')!.textContent!.startsWith('honeycomb 5x5'));
  await page.click('#race');
  await page.waitForFunction((n) => document.querySelectorAll('#results tbody tr[data-done]').length === n, racers.length, { timeout: 60_000 });
  const { puzzle } = parsePuzzle(HONEYCOMB);
  const rows = await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => ({ backend: tr.getAttribute('data-backend'), status: tr.querySelectorAll('td')[1].textContent, lines: tr.querySelectorAll('line').length, edges: [...tr.querySelectorAll('line.loop-edge')].map((line) => Number(line.getAttribute('data-edge'))) })));
  for (const row of rows) {
    assert.equal(row.status, 'solved', `${row.backend}: status`);
    assert.equal(row.lines, gridOf(puzzle).edgeCount, `${row.backend}: a line for every edge of the grid`);
    const verdict = verify(puzzle, solutionFromEdges(puzzle, row.edges));
    assert.equal(verdict.valid, true, `${row.backend}: the drawn loop: ${verdict.valid ? '' : verdict.reason}`);
  }
  assert.deepEqual(pageErrors, []);
});
