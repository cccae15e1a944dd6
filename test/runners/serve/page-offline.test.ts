// The race page of `slitherbench serve` when the server goes away (Chromium, playwright-core): the browser
// module it fetched on load solves auto and rules in the page, in a Web Worker; the drawn loops pass the
// verifier; a back-end that needs Node says so. Skips, saying why, when /usr/bin/chromium is absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { solutionFromEdges } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';
import { chromiumAbsent } from '../../../runners/experiments/chromium.ts';
import { openRacePage } from '../../helpers/race-page.ts';

const TEN = '10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b';
const IN_PAGE = ['auto', 'rules'];

test('with the server gone, the race page solves in itself with the browser module and says what needs the server', { skip: chromiumAbsent(), timeout: 120_000 }, async (t) => {
  const { server, url, page } = await openRacePage(t, []);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('#backends input[value="auto"]');
  await page.waitForFunction(() => document.body.dataset.browserModule !== undefined, null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.browserModule), 'ready');
  // A back-end that runs here only under Node: the first one the server offers that is not in the page.
  const other = await page.$$eval('#backends input:not([disabled])', (boxes) => boxes.map((b) => (b as HTMLInputElement).value).find((id) => !['auto', 'rules', 'cdcl-loop'].includes(id)));
  assert.ok(other, 'the server offers a back-end that needs Node');
  for (const box of await page.$$('#backends input:checked')) await box.uncheck();
  for (const id of [...IN_PAGE, other]) await page.check(`#backends input[value="${id}"]`);

  const gone = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await gone;

  await page.fill('#puzzle', TEN);
  await page.click('#race');
  await page.waitForFunction((n) => document.querySelectorAll('#results tbody tr[data-done]').length === n, IN_PAGE.length + 1, { timeout: 60_000 });
  assert.match((await page.textContent('#offline'))!, /^The server cannot be reached: .*auto.* run in this page; the other back-ends need the server\.$/);
  assert.equal(await page.textContent('#shape'), '10x10, read as loopy');
  const rows = await page.$$eval('#results tbody tr', (trs) =>
    trs.map((tr) => ({
      backend: tr.getAttribute('data-backend')!,
      where: tr.getAttribute('data-where'),
      cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
      title: tr.querySelector('td.status')?.getAttribute('title') ?? '',
      edges: [...tr.querySelectorAll('line.loop-edge')].map((line) => line.getAttribute('data-edge')!),
    })),
  );
  const { puzzle } = parsePuzzle(TEN);
  for (const row of rows.filter((r) => IN_PAGE.includes(r.backend))) {
    assert.equal(row.where, 'page', row.backend);
    assert.equal(row.cells[0], `${row.backend} (in this page)`);
    assert.equal(row.cells[1], 'solved', `${row.backend}: status`);
    assert.equal(row.cells[2], 'proved unique', `${row.backend}: uniqueness`);
    const drawn = row.edges.map((name) => {
      const [, kind, r, c] = /^([hv])(\d+),(\d+)$/.exec(name)!;
      return kind === 'h' ? Number(r) * puzzle.cols + Number(c) : (puzzle.rows + 1) * puzzle.cols + Number(r) * (puzzle.cols + 1) + Number(c);
    });
    assert.deepEqual(verify(puzzle, solutionFromEdges(puzzle, drawn)), { valid: true }, `${row.backend}: the drawn loop`);
  }
  const needsServer = rows.find((r) => r.backend === other)!;
  assert.equal(needsServer.cells[1], 'error');
  assert.equal(needsServer.title, 'needs the server, which cannot be reached');
  assert.deepEqual(pageErrors, []);
});
