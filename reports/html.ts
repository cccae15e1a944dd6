// report.html: one self-contained file that opens offline from disk. By default it is static: each chart is
// its SVG, inlined, and the page runs no script. Interactive (`report --interactive`), it inlines vega,
// vega-lite and vega-embed and draws the charts live, with tooltips and a back-end filter.
import { readFileSync } from 'node:fs';
import { installedFile } from '../encodings/versions.ts';
import type { ChartSpec, Spec } from './specs.ts';
import { certificateNote, certificateTable, repeatCvNote, summaryTable, type CertificateRow, type SummaryRow } from './summary.ts';
import { cellText, type Table } from './tables.ts';

const lib = (path: string) => {
  const url = installedFile(path);
  if (!url) throw new Error(`${path} is not installed (npm install)`);
  return readFileSync(url, 'utf8').replace(/<\/script/gi, '<\\/script');
};

export interface HtmlReport {
  title: string;
  charts: ChartSpec[];
  summary: SummaryRow[];
  /** In a run that certifies: per back-end whose runs certify, its certificates (summary.ts). */
  certificates?: CertificateRow[];
  /** The back-ends of the run that wrote no proofs (summary.ts, backendsWithoutProofs). */
  withoutProofs?: string[];
  timeoutMs: number;
  run: Record<string, unknown>;
  disagreements: { instance: string; kind: string; detail: string }[];
  pictures: { instance: string; backend: string; timeMs: number; svg: string }[];
  /** Each chart drawn as SVG, in the order of `charts`: the static page shows these. */
  chartSvgs: string[];
  /** Live charts (vega-embed) with tooltips and a back-end filter, instead of the SVGs. */
  interactive?: boolean;
}

// One stylesheet for report.html and every table page, so that they read alike.
export const STYLE = `<style>
body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
table{border-collapse:collapse;font-size:14px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child,td:nth-child(2),th{text-align:left}
tr.all{font-weight:bold;background:#f4f4f4}.chart{display:inline-block;vertical-align:top;margin:0 1em 1.5em 0}.files{color:#777;font-size:12px}
[hidden]{display:none!important}figure{display:inline-block;margin:0 1em 1em 0}figcaption{font-size:12px;color:#555}pre{background:#f7f7f7;padding:1em;overflow:auto;font-size:12px}
</style>`;

export const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A table of report.html or compare.html; `rowClasses`, one per row, mark rows for the stylesheet ('' for none). */
export function htmlTable(table: Table, rowClasses?: readonly string[]): string {
  // A cell bold in markdown (`**all**`) is plain here: the row's class or the stylesheet sets it apart.
  return `<table><thead><tr>${table.header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>
${table.rows.map((row, i) => `<tr${rowClasses?.[i] ? ` class="${rowClasses[i]}"` : ''}>${table.header.map((_, j) => `<td>${esc(cellText(row[j]).replace(/^\*\*(.*)\*\*$/, '$1'))}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>`;
}

/** Links to a chart's files in charts/: its data (CSV, JSON), the Vega-Lite spec and the images. */
function chartLinks(name: string): string {
  const href = (suffix: string, text: string) => `<a href="charts/${encodeURIComponent(name)}${suffix}">${text}</a>`;
  return `data: ${href('.data.csv', 'CSV')} · ${href('.data.json', 'JSON')}; ${href('.vl.json', 'Vega-Lite')} · ${href('.svg', 'SVG')} · ${href('.png', 'PNG')}`;
}

export function reportHtml(report: HtmlReport): string {
  const machine = (report.run.machine ?? {}) as Record<string, unknown>;
  const software = (report.run.software ?? {}) as Record<string, unknown>;
  // A merged run lists every shard's machine, so that timings from different hardware are never silently mixed.
  const machines = Array.isArray(report.run.machines) ? (report.run.machines as { description: string; hosts: string[]; shards: number[] }[]) : [];
  const machineList = machines.length ? `<p>${machines.length > 1 ? '<b>Timings come from different machines:</b> compare times only within one.' : 'Every shard ran on one kind of machine.'}</p><ul>${machines.map((m) => `<li>${esc(m.description)}: host ${esc(m.hosts.join(', '))}; shard ${esc(m.shards.join(', '))}</li>`).join('')}</ul>` : '';
  const disagreements = report.disagreements.length
    ? `<ul>${report.disagreements.map((d) => `<li><b>${esc(d.instance)}</b> (${esc(d.kind)}): ${esc(d.detail)}</li>`).join('')}</ul>`
    : '<p>None: every back-end that answered agreed on solvability, uniqueness and the loop of every unique puzzle.</p>';
  const charts = report.charts.map((c, i) => `<section class="chart" data-chart="${esc(c.name)}"${c.backends ? ` data-backends="${esc(c.backends.join(' '))}"` : ''}><h3>${esc(c.title)}</h3><div id="chart-${i}" class="vega">${report.interactive ? '' : report.chartSvgs[i]}</div><p class="files">${chartLinks(c.name)}</p></section>`).join('\n');
  const backends = [...new Set(report.summary.map((r) => r.backend))].sort();
  const certificates = report.certificates?.length
    ? `<h2>Certified answers</h2>
${htmlTable(certificateTable(report.certificates))}
<p>${esc(certificateNote(true, report.withoutProofs))}</p>
`
    : '';
  const pictures = report.pictures.map((p) => `<figure>${p.svg}<figcaption>${esc(p.instance)}: ${esc(p.backend)}, ${p.timeMs.toFixed(1)} ms</figcaption></figure>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(report.title)}</title>
${STYLE}
${report.interactive ? `<script>${lib('vega/build/vega.min.js')}</script>
<script>${lib('vega-lite/build/vega-lite.min.js')}</script>
<script>${lib('vega-embed/build/vega-embed.min.js')}</script>` : ''}
</head><body>
<h1>${esc(report.title)}</h1>
<p>${esc(String(machine.cpu ?? ''))}, ${esc(String(machine.cores ?? '?'))} cores, ${esc(String(machine.memoryMb ?? '?'))} MB; Node ${esc(String(software.node ?? ''))}; timeout ${report.timeoutMs / 1000} s per run; commit ${esc(String(report.run.gitCommit ?? 'unknown'))}.</p>
${machineList}
<h2>Summary</h2>
${htmlTable(summaryTable(report.summary), report.summary.map((r) => (r.sizeClass === 'all' ? 'all' : '')))}
<p>PAR-2: mean of the solve time when solved or proved unsat, else twice the timeout.${esc(repeatCvNote(report.summary))}</p>
${certificates}<h2>Disagreements</h2>
${disagreements}
<h2>Charts</h2>
${report.interactive ? `<p id="filter">Back-ends shown: ${backends.map((b) => `<label><input type="checkbox" value="${esc(b)}" checked> ${esc(b)}</label>`).join(' ')}. Hover a point for its instance and time.</p>` : ''}
${charts}
<h2>Slowest instances</h2>
${pictures || '<p>No solved instance to draw.</p>'}
<h2>Run</h2>
<pre>${esc(JSON.stringify(report.run, null, 2))}</pre>
${report.interactive ? interactiveScript(report.charts) : ''}</body></html>
`;
}

/** The live charts: every spec gets tooltips of its data's fields; the filter redraws them with the back-ends ticked. */
function interactiveScript(charts: ChartSpec[]): string {
  const specs = charts.map((c) => withTooltips(c.spec));
  return `<script>
const specs = ${JSON.stringify(specs).replace(/<\//g, '<\\/')};
function draw() {
  const shown = new Set([...document.querySelectorAll('#filter input:checked')].map((i) => i.value));
  specs.forEach((spec, i) => {
    const values = spec.data && spec.data.values;
    const filtered = Array.isArray(values) && values.length && 'backend' in values[0] ? { ...spec, data: { values: values.filter((v) => shown.has(v.backend)) } } : spec;
    const section = document.getElementById('chart-' + i).parentElement;
    section.hidden = (section.dataset.backends || '').split(' ').some((b) => b && !shown.has(b));
    vegaEmbed('#chart-' + i, filtered, { renderer: 'svg', actions: false, tooltip: true }).catch((e) => { document.getElementById('chart-' + i).textContent = 'chart failed: ' + e; console.error(e); });
  });
}
document.querySelectorAll('#filter input').forEach((box) => box.addEventListener('change', draw));
draw();
</script>
`;
}

/** A spec whose marks show every field of their data on hover (instance, back-end, time, ...), unless it has tooltips already. */
export function withTooltips(spec: Spec): Spec {
  const values = (spec.data as { values?: Record<string, unknown>[] } | undefined)?.values;
  if (!values?.length) return spec;
  const fields = Object.keys(values[0]).map((field) => ({ field, type: typeof values[0][field] === 'number' ? 'quantitative' : 'nominal', ...(typeof values[0][field] === 'number' ? { format: ',.4~g' } : {}) }));
  const unit = (spec.spec ?? spec) as Spec & { encoding?: Record<string, unknown> };
  if (!unit.encoding || unit.encoding.tooltip) return spec;
  const encoding = { ...unit.encoding, tooltip: fields };
  return spec.spec ? { ...spec, spec: { ...(spec.spec as Spec), encoding } } : { ...spec, encoding };
}
