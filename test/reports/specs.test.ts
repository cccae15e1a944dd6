// Charts draw the times that were recorded: a run under a millisecond sits where it was measured, not on 1 ms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { buildReport } from '../../reports/index.ts';
import type { RunRecord } from '../../reports/records.ts';
import { allCharts, cactus, defaultBaseline, scaling, scatter, type Spec } from '../../reports/specs.ts';
import { fixtureRecords } from '../fixtures/results/make.ts';

/** The fixture's runs, with beta's fastest run (5 ms) recorded as 0.25 ms. */
function withSubMillisecondRun(): RunRecord[] {
  return fixtureRecords().map((r) => (r.backend === 'beta' && r.solve_ms === 5 ? { ...r, solve_ms: 0.25, wall_ms: 1.25 } : r));
}

/** Where a chart's y scale puts `values` (pixels from the top), the chart laid out as vega lays it out for the images. */
async function yPixels(spec: Spec, values: number[]): Promise<number[]> {
  const view = new vega.View(vega.parse(compile(spec as never).spec), { renderer: 'none' });
  try {
    await view.runAsync();
    const y = view.scale('y') as (v: number) => number;
    return values.map((v) => y(v));
  } finally {
    view.finalize();
  }
}

test('cactus and scaling plot a 0.25 ms run at 0.25 ms, below the 1 ms line and inside the axis', async () => {
  const records = withSubMillisecondRun();
  const backends = ['alpha', 'beta', 'delta', 'gamma'];
  for (const chart of [cactus(records, backends), scaling(records, backends)]) {
    const values = (chart.spec.data as { values: { backend: string; time_ms: number }[] }).values;
    assert.ok(values.some((v) => v.backend === 'beta' && v.time_ms === 0.25), `${chart.name}: the recorded 0.25 ms is the value plotted`);
    const [quarter, one, height] = [...(await yPixels(chart.spec, [0.25, 1])), chart.spec.height as number];
    assert.ok(quarter > one + 10, `${chart.name}: 0.25 ms is drawn below 1 ms (y ${quarter} against ${one})`);
    assert.ok(quarter <= height, `${chart.name}: 0.25 ms is inside the axis (y ${quarter}, height ${height})`);
  }
});

test('the scatter of alpha against beta plots the 0.25 ms run as recorded, its axes starting below it', () => {
  const spec = scatter(withSubMillisecondRun(), 'alpha', 'beta', 1000).spec as { layer: { data: { values: { instance: string; y: number }[] }; encoding: { y: { scale: { domain: number[] } } } }[] };
  const [points] = spec.layer;
  assert.equal(points.data.values.find((v) => v.instance === 'b')?.y, 0.25);
  assert.ok(points.encoding.y.scale.domain[0] < 0.25, `the axis starts at ${points.encoding.y.scale.domain[0]} ms`);
});

test('the chart data written beside the cactus holds the recorded sub-millisecond time', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'specs-'));
  writeFileSync(join(dir, 'results.jsonl'), withSubMillisecondRun().map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ timeoutSeconds: 1, datasets: [{ name: 'fixture' }] }));
  await buildReport(dir);
  const rows = parse(readFileSync(join(dir, 'charts', 'cactus.data.csv'), 'utf8'), { columns: true }) as { backend: string; time_ms: string }[];
  const plotted = JSON.parse(readFileSync(join(dir, 'charts', 'cactus.vl.json'), 'utf8')).data.values as { backend: string; time_ms: number }[];
  assert.deepEqual(rows.filter((r) => r.backend === 'beta').map((r) => Number(r.time_ms)), [0.25, 100, 700]);
  assert.deepEqual(plotted.filter((p) => p.backend === 'beta').map((p) => p.time_ms), [0.25, 100, 700]);
});

test('the scatter charts are drawn against auto when it ran, else the first back-end; one asked for wins', async () => {
  assert.equal(defaultBaseline(['rules', 'auto', 'sat-lazy']), 'auto');
  assert.equal(defaultBaseline(['rules', 'auto[trial-from=0]']), 'rules');
  assert.equal(defaultBaseline([]), undefined);
  const withAuto = fixtureRecords().map((r) => (r.backend === 'gamma' ? { ...r, backend: 'auto' } : r));
  const scatters = (records: RunRecord[], baseline?: string) => allCharts(records, 1000, baseline).filter((c) => c.name.startsWith('scatter-')).map((c) => c.name);
  assert.deepEqual(scatters(withAuto), ['scatter-auto-vs-alpha', 'scatter-auto-vs-beta', 'scatter-auto-vs-delta']);
  assert.deepEqual(scatters(withAuto, 'beta'), ['scatter-beta-vs-alpha', 'scatter-beta-vs-auto', 'scatter-beta-vs-delta']);
  assert.deepEqual(scatters(fixtureRecords()), ['scatter-alpha-vs-beta', 'scatter-alpha-vs-delta', 'scatter-alpha-vs-gamma']);
  // A run.json without a baseline (made before bench recorded one): auto among its back-ends, as listed.
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-baseline-'));
  writeFileSync(join(dir, 'results.jsonl'), withAuto.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ timeoutSeconds: 1, backends: [{ label: 'delta' }, { label: 'auto' }, { label: 'alpha' }, { label: 'beta' }] }));
  await buildReport(dir);
  assert.ok(readFileSync(join(dir, 'charts', 'scatter-auto-vs-delta.vl.json'), 'utf8').length > 0);
});
