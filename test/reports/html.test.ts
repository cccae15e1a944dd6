// Reports from fixed result records: the chart specs, PAR-2, the files on disk, and the page in a browser.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildReport } from '../../reports/index.ts';
import { allCharts, cactus, scaling, scatter } from '../../reports/specs.ts';
import { UsageError } from '../../encodings/errors.ts';
import { summaryRows } from '../../reports/summary.ts';
import { chromiumAbsent, launchChromium } from '../../runners/experiments/chromium.ts';
import { fixtureRecords, writeFixtureRun } from '../fixtures/results/make.ts';

/** Chromium, or null after skipping the test, saying why, when it is not installed. */
async function launchBrowser(t: TestContext) {
  const absent = chromiumAbsent();
  if (absent) {
    t.skip(`${absent}: the browser check did not run`);
    return null;
  }
  return launchChromium();
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

test('one scatter per other back-end against the baseline, and every chart is Vega-Lite', () => {
  const charts = allCharts(fixtureRecords(), 1000);
  assert.deepEqual(charts.filter((c) => c.name.startsWith('scatter-')).map((c) => c.name), ['scatter-alpha-vs-beta', 'scatter-alpha-vs-delta', 'scatter-alpha-vs-gamma']);
  assert.deepEqual(allCharts(fixtureRecords(), 1000, 'gamma').filter((c) => c.name.startsWith('scatter-')).map((c) => c.name), ['scatter-gamma-vs-alpha', 'scatter-gamma-vs-beta', 'scatter-gamma-vs-delta']);
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

  const browser = await launchBrowser(t);
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
  const browser = await launchBrowser(t);
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
    // Untick beta (alpha is the baseline): its points leave the cactus,
    await page.uncheck('#filter input[value="beta"]');
    const beta = records.filter((r) => r.backend === 'beta' && ['solved', 'unsat'].includes(r.status)).length;
    assert.ok(beta > 0);
    await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector as string).length === n, [points, before - beta] as const);
    // and the scatter that compares beta with the baseline is hidden; the others stay.
    const hidden = await page.$$eval('section.chart', (sections) => sections.filter((s) => getComputedStyle(s).display === 'none').map((s) => s.getAttribute('data-chart')));
    assert.deepEqual(hidden, ['scatter-alpha-vs-beta']);
    assert.ok(await page.$('section.chart[data-chart="scatter-alpha-vs-gamma"]:not([hidden])'));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

type Scale = { type: string; domain?: number[]; nice?: boolean; range?: string[] };

test('log axes start at the data, not at a power of ten below it', () => {
  const records = fixtureRecords().map((r) => ({ ...r, solve_ms: r.solve_ms + 100 }));
  const dot = (scatter(records, 'alpha', 'beta', 2000).spec as { layer: { encoding: { x: { scale: Scale } } }[] }).layer[0].encoding.x.scale;
  // alpha's fastest is 110 ms: the axis starts just under it, not at 1 ms.
  assert.ok(dot.domain![0] > 60 && dot.domain![0] < 110, `scatter axis from ${dot.domain![0]}`);
  assert.equal(dot.nice, false);
  const cells = (scaling(records, ['alpha', 'beta', 'delta', 'gamma']).spec as { layer: { encoding: { x: { scale: Scale } } }[] }).layer[0].encoding.x.scale;
  // 25 and 100 cells: not from 10.
  assert.ok(cells.domain![0] > 15 && cells.domain![0] < 25 && cells.domain![1] > 100 && cells.domain![1] < 150, `cells axis ${cells.domain}`);
  const time = (cactus(records, ['alpha', 'beta', 'delta', 'gamma']).spec as { encoding: { y: { scale: Scale } } }).encoding.y.scale;
  assert.ok(time.domain![0] > 80 && time.domain![0] < 105, `cactus axis from ${time.domain![0]}`);
});

test('a legend lists only back-ends with points, each in the colour it has everywhere', () => {
  const all = ['alpha', 'beta', 'delta', 'gamma'];
  const records = fixtureRecords().filter((r) => !(r.backend === 'gamma' && r.status === 'unsat'));
  const colour = (spec: unknown) => (spec as { encoding: { color: { scale: Scale & { domain: string[] } } } }).encoding.color.scale;
  const without = colour(cactus(records, all).spec);
  const full = colour(cactus(fixtureRecords(), all).spec);
  assert.deepEqual(without.domain, ['alpha', 'beta', 'delta']);
  assert.deepEqual(full.domain, all);
  assert.deepEqual(without.range, full.range!.slice(0, 3));
});

test('report.html links every chart\'s data; the baseline comes from run.json, --baseline or the first back-end', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-report-data-'));
  writeFixtureRun(dir);
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...run, backends: [{ label: 'delta' }, { label: 'alpha' }, { label: 'beta' }, { label: 'gamma' }] }));
  const { htmlPath } = await buildReport(dir);
  const html = readFileSync(htmlPath, 'utf8');
  const files = readdirSync(join(dir, 'charts'));
  assert.deepEqual(files.filter((f) => f.startsWith('scatter-') && f.endsWith('.vl.json')).sort(), ['scatter-delta-vs-alpha.vl.json', 'scatter-delta-vs-beta.vl.json', 'scatter-delta-vs-gamma.vl.json']);
  for (const stem of files.filter((f) => f.endsWith('.vl.json')).map((f) => f.slice(0, -8))) {
    for (const suffix of ['.data.csv', '.data.json']) {
      assert.ok(html.includes(`href="charts/${stem}${suffix}"`), `${stem}${suffix} linked`);
      assert.ok(files.includes(`${stem}${suffix}`), `${stem}${suffix} written`);
    }
  }
  const csv = readFileSync(join(dir, 'charts', 'cactus.data.csv'), 'utf8').trim().split('\n');
  assert.equal(csv[0], 'backend,solved,time_ms,instance');
  assert.equal(csv.length - 1, (JSON.parse(readFileSync(join(dir, 'charts', 'cactus.data.json'), 'utf8')) as unknown[]).length);
  await buildReport(dir, { baseline: 'beta' });
  const again = readdirSync(join(dir, 'charts')).filter((f) => f.startsWith('scatter-') && f.endsWith('.png')).sort();
  assert.deepEqual(again, ['scatter-beta-vs-alpha.png', 'scatter-beta-vs-delta.png', 'scatter-beta-vs-gamma.png'], 'the other baseline\'s charts are gone');
  await assert.rejects(buildReport(dir, { baseline: 'omega' }), (e: Error) => e instanceof UsageError && /--baseline omega: no runs of that back-end/.test(e.message));
});

test('power law fit: the exponent and factor of exact points, R² 1; too few sizes, none', async () => {
  const { powerLawFit } = await import('../../reports/statistics.ts');
  const fit = powerLawFit([25, 100, 400, 10_000].map((x) => ({ x, y: 3 * x ** 1.5 })))!;
  assert.ok(Math.abs(fit.exponent - 1.5) < 1e-9 && Math.abs(fit.factor - 3) < 1e-6 && Math.abs(fit.r2 - 1) < 1e-9);
  const noisy = powerLawFit([{ x: 10, y: 10 }, { x: 10, y: 30 }, { x: 1000, y: 1000 }, { x: 1000, y: 3000 }])!;
  assert.ok(Math.abs(noisy.exponent - 1) < 1e-9 && noisy.r2 < 1);
  assert.equal(powerLawFit([{ x: 10, y: 1 }, { x: 10, y: 2 }]), null);
});

test('the scaling chart: log-log, one fitted line per back-end over its own points, the exponent in the legend', async () => {
  const { scaleChart } = await import('../../reports/specs.ts');
  const time = [25, 400, 10_000].map((cells) => ({ backend: 'alpha', cells, value: cells ** 2 / 100 }));
  const chart = scaleChart(time, [], ['alpha', 'beta'], { alpha: { time: { exponent: 2, factor: 0.01 } } });
  const panel = (chart.spec as { hconcat: { layer: { data: { values: { series: string; cells: number; value: number }[] }; encoding: { x: { scale: Scale }; color: { scale: Scale & { domain: string[] } } } }[] }[] }).hconcat[0];
  assert.equal(panel.layer[0].encoding.x.scale.type, 'log');
  assert.deepEqual(panel.layer[0].encoding.color.scale.domain, ['alpha (n^2.00)']);
  assert.deepEqual(panel.layer[1].data.values.map((v) => [v.cells, v.value]), [[25, 6.25], [10_000, 1_000_000]]);
  assert.match(await (await import('../../reports/chart-images.ts')).specToSvg(chart.spec), /^<svg/);
});
