// Reports from fixed result records: the chart specs, PAR-2, the files on disk, and the page in a browser.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildReport } from '../reports/index.ts';
import { allCharts, cactus } from '../reports/specs.ts';
import { summaryRows } from '../reports/summary.ts';
import { fixtureRecords, writeFixtureRun } from './fixtures/results/make.ts';

/** Chromium through playwright-core, or null after skipping the test, saying why, when it is not installed. */
async function launchChromium(t: TestContext) {
  if (!existsSync('/usr/bin/chromium')) {
    t.skip('chromium is not installed (/usr/bin/chromium; Debian package chromium, `npm run setup:system`): the browser check did not run');
    return null;
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

test('cactus: per back-end, solved instances against time on a log axis', () => {
  const spec = cactus(fixtureRecords(), ['alpha', 'beta', 'delta', 'gamma']).spec as { encoding: { y: { scale: { type: string } } }; data: { values: { backend: string; solved: number }[] } };
  assert.equal(spec.encoding.y.scale.type, 'log');
  const beta = spec.data.values.filter((v) => v.backend === 'beta');
  assert.deepEqual(beta.map((v) => v.solved), [1, 2, 3]);
  // gamma proved one instance unsat, which counts as answered; its memout and error do not.
  assert.equal(spec.data.values.filter((v) => v.backend === 'gamma').length, 1);
});

test('PAR-2 by hand: unanswered runs cost twice the timeout', () => {
  const rows = summaryRows(fixtureRecords(), 1000);
  const alpha = rows.find((r) => r.backend === 'alpha' && r.sizeClass === 'all')!;
  assert.equal(alpha.solved, 2);
  assert.equal(alpha.failed, 1);
  assert.ok(Math.abs(alpha.par2 - (10 + 30 + 2000) / 3 / 1000) < 1e-9);
  assert.equal(alpha.medianMs, 20);
});

test('one scatter per pair of back-ends, and every chart is Vega-Lite', () => {
  const charts = allCharts(fixtureRecords(), 1000);
  assert.equal(charts.filter((c) => c.name.startsWith('scatter-')).length, 6);
  for (const c of charts) assert.match(String((c.spec as { $schema?: string }).$schema), /vega-lite/);
  assert.ok(charts.some((c) => c.name === 'lazy-iterations'));
});

test('report writes report.html, summary.md and every chart as .vl.json, .svg and .png; the page renders in Chromium', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-report-'));
  writeFixtureRun(dir);
  const { htmlPath } = await buildReport(dir);
  const files = readdirSync(join(dir, 'charts'));
  const stems = files.filter((f) => f.endsWith('.vl.json')).map((f) => f.slice(0, -8));
  assert.ok(stems.length >= 3 && stems.includes('cactus'));
  for (const stem of stems) {
    assert.ok(files.includes(`${stem}.svg`) && files.includes(`${stem}.png`), stem);
    assert.match(readFileSync(join(dir, 'charts', `${stem}.svg`), 'utf8'), /^<svg/);
    assert.deepEqual([...readFileSync(join(dir, 'charts', `${stem}.png`)).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  }
  assert.match(readFileSync(join(dir, 'summary.md'), 'utf8'), /\| \*\*alpha\*\* \| all \| 3 \| 2 \|/);
  const html = readFileSync(htmlPath, 'utf8');
  assert.ok(!/<script/.test(html), 'static: the charts are inlined SVG and the page runs no script');
  assert.match(html, /delta: verifier rejected the answer/);

  const browser = await launchChromium(t);
  if (!browser) return;
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`file://${htmlPath}`);
    await page.waitForFunction((n) => document.querySelectorAll('.vega svg, .vega canvas').length >= n, stems.length, { timeout: 30_000 });
    const rendered = await page.$$eval('.vega', (nodes) => nodes.map((n) => n.querySelector('svg, canvas') !== null));
    assert.equal(rendered.length, stems.length);
    assert.ok(rendered.every(Boolean), 'every chart drew an svg or canvas');
    assert.deepEqual(errors, []);
    await page.screenshot({ path: join(dir, 'report.png'), fullPage: true });
  } finally {
    await browser.close();
  }
});

test('report --interactive: live charts with the instance and time on hover, and a back-end filter', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-report-'));
  writeFixtureRun(dir);
  const { htmlPath } = await buildReport(dir, { interactive: true });
  const html = readFileSync(htmlPath, 'utf8');
  assert.ok(!/<script src=/.test(html), 'self-contained: no external scripts');
  assert.match(html, /vegaEmbed/);
  const browser = await launchChromium(t);
  if (!browser) return;
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`file://${htmlPath}`);
    const points = '[data-chart="cactus"] g.mark-symbol.role-mark path';
    await page.waitForSelector(points);
    const before = await page.$$eval(points, (p) => p.length);
    const records = fixtureRecords();
    assert.equal(before, records.filter((r) => ['solved', 'unsat'].includes(r.status)).length);
    // Hover the first point: the tooltip names its instance and time.
    await page.hover(`${points} >> nth=0`, { force: true });
    await page.waitForSelector('#vg-tooltip-element.visible');
    const tooltip = await page.textContent('#vg-tooltip-element');
    assert.ok(records.some((r) => tooltip!.includes(r.instance)), `tooltip names an instance: ${tooltip}`);
    assert.match(tooltip!, /time_ms/);
    // Untick alpha: its points leave the cactus.
    await page.uncheck('#filter input[value="alpha"]');
    const alpha = records.filter((r) => r.backend === 'alpha' && ['solved', 'unsat'].includes(r.status)).length;
    await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector as string).length === n, [points, before - alpha] as const);
    // and the scatters that compare alpha with another back-end are hidden; the others stay.
    const hidden = await page.$$eval('section.chart', (sections) => sections.filter((s) => getComputedStyle(s).display === 'none').map((s) => s.getAttribute('data-chart')));
    assert.ok(hidden.length > 0 && hidden.every((name) => /^scatter-.*alpha/.test(name!)), `hidden: ${hidden}`);
    assert.ok(await page.$('section.chart[data-chart^="scatter-beta"]:not([hidden])'));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
