// The files of `compare A B`: compare.md, compare.html (self-contained: the chart is inline SVG),
// compare.csv (every run) and the scatter chart (.vl.json, .svg, .png).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { UsageError } from '../encodings/errors.ts';
import { specToSvg, svgToPng } from './chart-images.ts';
import { BOOTSTRAP_RESAMPLES, compareRecords, FLOOR_MS, type BackendComparison, type Comparison, type ComparedRun } from './compare.ts';
import { esc, htmlTable, STYLE } from './html.ts';
import { readRecords, type RunRecord } from './records.ts';
import { readRunInfo, runTimeoutMs, type RunInfo } from './run-info.ts';
import { chartBase, colourScale, drawnMs, timeAxisDomain, type ChartSpec } from './specs.ts';
import { fmt, labelsThenNumbers, type Table, tableMarkdown } from './tables.ts';

export interface Side {
  label: 'A' | 'B';
  dir: string;
  records: RunRecord[];
  run: RunInfo;
}

export function readSide(label: 'A' | 'B', dir: string): Side {
  if (!existsSync(join(dir, 'results.jsonl'))) throw new UsageError(`${dir}: no results.jsonl here (a bench, merge or bench --slurm --wait output directory is needed)`);
  const records = readRecords(dir);
  if (records.length === 0) throw new UsageError(`${dir}: results.jsonl holds no runs`);
  // run.json is context only; a results file alone can still be compared.
  const run = readRunInfo(dir, { missing: 'null', lenient: true }) ?? {};
  return { label, dir, records, run };
}

/** The hardware and software that timed a side: every shard's for a merge. */
export function machinesOf(run: RunInfo): string[] {
  if (run.machines) return run.machines.map((m) => `${m.description}${m.hosts?.length ? ` (host ${m.hosts.join(', ')})` : ''}`);
  const m = (run.machine ?? {}) as Record<string, unknown>;
  const s = (run.software ?? {}) as Record<string, unknown>;
  if (!run.machine) return ['unknown machine (no run.json)'];
  return [`${m.cpu ?? 'unknown'}, ${m.cores ?? '?'} cores, ${m.memoryMb ?? '?'} MB, ${m.os ?? 'unknown'}, Node ${s.node ?? '?'} (host ${m.hostname ?? '?'})`];
}

const hardware = (line: string) => line.replace(/ \(host [^)]*\)$/, '');
const timeoutOf = (side: Side) => { const ms = runTimeoutMs(side.run); return ms === undefined ? null : ms / 1000; };

/** Notes that keep a reader from over-reading the ratios. */
export function cautions(a: Side, b: Side): string[] {
  const out: string[] = [];
  const ha = new Set(machinesOf(a.run).map(hardware));
  const hb = new Set(machinesOf(b.run).map(hardware));
  if (ha.size > 1 || hb.size > 1 || [...ha].some((m) => !hb.has(m))) out.push('Timings come from different machines (listed above): the speed-ups mix hardware with the change under test.');
  const [ta, tb] = [timeoutOf(a), timeoutOf(b)];
  if (ta !== null && tb !== null && ta !== tb) out.push(`The time limits differ: A ${ta} s, B ${tb} s per run; a run unanswered under the smaller limit counts as a regression or improvement.`);
  if (a.run.unique !== undefined && b.run.unique !== undefined && a.run.unique !== b.run.unique) out.push(`Uniqueness was proved in ${a.run.unique ? 'A' : 'B'} only: its times include the uniqueness proof.`);
  return out;
}

function sideLine(side: Side): string {
  const datasets = side.run.datasets ? side.run.datasets.map((d) => d.name).join(', ') : '?';
  return `${side.label}: ${side.dir}: ${side.records.length} runs of ${datasets}; limit ${timeoutOf(side) ?? '?'} s; commit ${side.run.gitCommit ?? 'unknown'}; ${machinesOf(side.run).join('; ')}`;
}

const p = (x: number | null) => (x === null ? '-' : x < 0.001 ? x.toExponential(1) : x.toFixed(3));
const ci = (c: BackendComparison) => (c.interval ? `${fmt(c.interval[0], 2)}-${fmt(c.interval[1], 2)}` : '-');

export function summaryTable(comparison: Comparison): Table {
  const row = (c: BackendComparison) => [c.backend === 'all' ? '**all**' : c.backend, c.paired, c.regressions, c.improvements, c.statusDifferences, c.uniqueDifferences + c.loopDifferences, c.onlyA, c.onlyB, c.instances, fmt(c.geomeanSpeedup, 2), ci(c), p(c.wilcoxonP)];
  const header = ['back-end', 'paired runs', 'regressions', 'improvements', 'status differences', 'unique/loop differences', 'only in A', 'only in B', 'instances timed', 'speed-up A/B', '95% interval', 'Wilcoxon p'];
  return {
    header,
    rows: [...comparison.backends.map(row), ...(comparison.backends.length > 1 ? [row(comparison.total)] : [])],
    align: labelsThenNumbers(header, 1),
  };
}

export function runsTable(runs: readonly ComparedRun[]): Table {
  const repeats = runs.some((r) => r.repeat > 1);
  return {
    header: ['back-end', 'instance', ...(repeats ? ['repeat'] : []), 'status A', 'status B', 'time A (ms)', 'time B (ms)', 'A/B', 'change'],
    rows: runs.map((r) => [r.backend, r.instance, ...(repeats ? [r.repeat] : []), r.statusA, r.statusB, fmt(r.msA), fmt(r.msB), fmt(r.speedup, 2), r.change === 'same' ? '' : r.change]),
    align: ['left', 'left', ...(repeats ? ['right' as const] : []), 'left', 'left', 'right', 'right', 'right', 'left'],
  };
}

const EXPLAIN = `Regression: solved or proved unsat in A, not in B (timeout, memout, error, wrong); improvement: the reverse. Speed-up A/B: per instance, A's time over B's (the median over repeats of the back-end's own time, runs answered in both), so above 1 means B is faster; times under ${FLOOR_MS} ms count as ${FLOOR_MS} ms. The geometric mean's 95% interval is a percentile bootstrap over instances (${BOOTSTRAP_RESAMPLES} resamples, seeded). Wilcoxon p: two-sided signed-rank test of the paired log times (@stdlib/stats-wilcoxon), '-' with fewer than two differing pairs.`;

/** Runs listed on the page in full up to this many; beyond, only the changed ones (compare.csv has all). */
const LISTED_RUNS = 1000;

export function scatterSpec(comparison: Comparison, limitA: number, limitB: number): ChartSpec {
  const backends = comparison.backends.map((c) => c.backend);
  const paired = comparison.runs.filter((r) => r.statusA !== null && r.statusB !== null);
  const answered = (s: string | null) => s === 'solved' || s === 'unsat';
  // Unanswered runs sit at the larger limit; with none, the axes end just past the slowest run.
  const top = paired.some((r) => !answered(r.statusA) || !answered(r.statusB)) ? Math.max(limitA, limitB) : Math.max(10, ...paired.flatMap((r) => [r.msA ?? 0, r.msB ?? 0]));
  const values = paired.map((r) => {
    const okA = r.statusA === 'solved' || r.statusA === 'unsat';
    const okB = r.statusB === 'solved' || r.statusB === 'unsat';
    return {
      backend: r.backend, instance: r.instance, repeat: r.repeat,
      a: okA ? drawnMs(r.msA ?? 0) : top, b: okB ? drawnMs(r.msB ?? 0) : top,
      answered: okA && okB ? 'in both' : okA ? 'in A only' : okB ? 'in B only' : 'in neither',
    };
  });
  // The times as recorded (the speed-ups' floor is for ratios, not for drawing).
  const domain = timeAxisDomain(values.flatMap((v) => [v.a, v.b]), top);
  return {
    name: 'compare-scatter',
    title: 'Time in A against time in B, run for run',
    spec: chartBase('Time in A against time in B (unanswered runs at the limit)', {
      width: 420, height: 420,
      layer: [
        { data: { values }, mark: { type: 'point', filled: true, opacity: 0.75 }, encoding: {
          x: { field: 'a', type: 'quantitative', scale: { type: 'log', domain, nice: false }, title: 'A: time (ms, log)' },
          y: { field: 'b', type: 'quantitative', scale: { type: 'log', domain, nice: false }, title: 'B: time (ms, log)' },
          color: { field: 'backend', type: 'nominal', title: 'back-end', scale: colourScale(backends) },
          shape: { field: 'answered', type: 'nominal', title: 'answered', scale: { domain: ['in both', 'in A only', 'in B only', 'in neither'], range: ['circle', 'triangle-down', 'triangle-up', 'cross'] } },
          tooltip: [{ field: 'backend' }, { field: 'instance' }, { field: 'repeat' }, { field: 'a', title: 'A (ms)' }, { field: 'b', title: 'B (ms)' }, { field: 'answered' }],
        } },
        { data: { values: [{ x: domain[0], y: domain[0] }, { x: domain[1], y: domain[1] }] }, mark: { type: 'line', color: '#888', strokeDash: [4, 4] }, encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } } },
      ],
    }),
  };
}

// A run's row is marked by its change (regression, improvement, ...) for the page's colours.
const runsHtml = (runs: readonly ComparedRun[]) => htmlTable(runsTable(runs), runs.map((r) => r.change.replace(/ /g, '-')));

export interface CompareFiles {
  comparison: Comparison;
  cautions: string[];
  files: string[];
  markdown: string;
}

export async function writeComparison(a: Side, b: Side, out: string): Promise<CompareFiles> {
  const comparison = compareRecords(a.records, b.records);
  const notes = cautions(a, b);
  mkdirSync(join(out, 'charts'), { recursive: true });
  const files: string[] = [];
  const chart = scatterSpec(comparison, (timeoutOf(a) ?? 60) * 1000, (timeoutOf(b) ?? 60) * 1000);
  const stem = join(out, 'charts', chart.name);
  const svg = await specToSvg(chart.spec);
  writeFileSync(`${stem}.vl.json`, JSON.stringify(chart.spec, null, 2) + '\n');
  writeFileSync(`${stem}.svg`, svg);
  writeFileSync(`${stem}.png`, svgToPng(svg));
  files.push(`${stem}.vl.json`, `${stem}.svg`, `${stem}.png`);

  const changed = comparison.runs.filter((r) => r.change !== 'same');
  const listed = comparison.runs.length <= LISTED_RUNS ? comparison.runs : changed;
  const regressions = comparison.runs.filter((r) => r.change === 'regression');
  const title = 'slitherbench compare: A against B';
  const summary = summaryTable(comparison);
  const markdown = [
    `# ${title}`, '',
    `- ${sideLine(a)}`, `- ${sideLine(b)}`, '',
    ...notes.map((n) => `**Caution:** ${n}\n`),
    '## Summary', '', tableMarkdown(summary), EXPLAIN, '',
    `## Regressions (${regressions.length})`, '',
    regressions.length ? tableMarkdown(runsTable(regressions)) : 'None: every run solved or proved unsat in A is also answered in B.\n',
    `## ${listed === changed ? `Changed runs (${changed.length}; all ${comparison.runs.length} in compare.csv)` : `Runs (${comparison.runs.length})`}`, '',
    listed.length ? tableMarkdown(runsTable(listed)) : 'No run changed status.\n',
    `![scatter](charts/${chart.name}.svg)`, '',
  ].join('\n');
  writeFileSync(join(out, 'compare.md'), markdown);
  files.push(join(out, 'compare.md'));

  writeFileSync(join(out, 'compare.csv'), stringify(comparison.runs.map((r) => [r.backend, r.instance, r.repeat, r.statusA ?? '', r.statusB ?? '', r.msA ?? '', r.msB ?? '', r.speedup ?? '', r.change]), { header: true, columns: ['backend', 'instance', 'repeat', 'status_a', 'status_b', 'solve_ms_a', 'solve_ms_b', 'speedup_a_over_b', 'change'] }));
  files.push(join(out, 'compare.csv'));

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
${STYLE}
<style>tr.regression td{background:#fde8e8}tr.improvement td{background:#e8f6e8}.caution{background:#fff4d6;padding:.5em 1em}</style>
</head><body>
<h1>${esc(title)}</h1>
<ul><li>${esc(sideLine(a))}</li><li>${esc(sideLine(b))}</li></ul>
${notes.map((n) => `<p class="caution"><b>Caution:</b> ${esc(n)}</p>`).join('\n')}
<h2>Summary</h2>
${htmlTable(summary)}
<p>${esc(EXPLAIN)}</p>
<h2>A against B</h2>
<figure>${svg}<figcaption>charts/${esc(chart.name)}.svg · .png · .vl.json</figcaption></figure>
<h2>Regressions (${regressions.length})</h2>
${regressions.length ? runsHtml(regressions) : '<p>None.</p>'}
<h2>${esc(listed === changed ? `Changed runs (${changed.length}; all ${comparison.runs.length} in compare.csv)` : `Runs (${comparison.runs.length})`)}</h2>
${listed.length ? runsHtml(listed) : '<p>No run changed status.</p>'}
</body></html>
`;
  writeFileSync(join(out, 'compare.html'), html);
  files.push(join(out, 'compare.html'));
  return { comparison, cautions: notes, files, markdown };
}
