// Builds a results directory's report: charts (.vl.json, .svg, .png), report.html and summary.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePuzzle } from '../encodings/formats/index.ts';
import { renderSvg } from '../encodings/render.ts';
import { UsageError } from '../encodings/errors.ts';
import { solutionFromKey } from '../encodings/solution.ts';
import { readRecords, type RunRecord } from './records.ts';
import { reportHtml } from './html.ts';
import { specToSvg, svgToPng } from './chart-images.ts';
import { allCharts, chartData, defaultBaseline } from './specs.ts';
import { stringify } from 'csv-stringify/sync';
import { readRunInfo, runTimeoutMs, type RunInfo } from './run-info.ts';
import { backendsWithoutProofs, certificateMarkdown, certificateRows, summaryMarkdown, summaryRows } from './summary.ts';


/** The puzzle and loop of a record, drawn; null when the record lacks either. */
function picture(record: RunRecord): string | null {
  if (!record.puzzle || !record.solution_key) return null;
  try {
    const { puzzle } = parsePuzzle(record.puzzle, record.instance);
    const size = Math.max(8, Math.min(24, Math.floor(420 / Math.max(puzzle.rows, puzzle.cols))));
    return renderSvg(puzzle, solutionFromKey(puzzle, record.solution_key), { cell: size, title: record.instance });
  } catch {
    return null;
  }
}

export interface ReportOptions {
  /** report.html draws its charts live (vega-embed) with tooltips and a back-end filter; else it is static SVG. */
  interactive?: boolean;
  /** The back-end every scatter chart is drawn against (default: run.json's baseline, else auto when it ran, else the first back-end listed). */
  baseline?: string;
}

/** The baseline of a run: asked for, else recorded in run.json, else the default among its back-ends as listed. */
function baselineOf(run: RunInfo, records: RunRecord[], asked?: string): string | undefined {
  const labels = new Set(records.map((r) => r.backend));
  if (asked !== undefined) {
    if (!labels.has(asked)) throw new UsageError(`--baseline ${asked}: no runs of that back-end here (${[...labels].sort().join(', ')})`);
    return asked;
  }
  if (typeof run.baseline === 'string' && labels.has(run.baseline)) return run.baseline;
  const listed = (run.backends ?? []).map((b) => b.label).filter((l): l is string => !!l && labels.has(l));
  return defaultBaseline(listed);
}

export async function buildReport(dir: string, options: ReportOptions = {}): Promise<{ htmlPath: string; files: string[] }> {
  if (!existsSync(join(dir, 'results.jsonl'))) throw new UsageError(`${dir}: no results.jsonl here (run \`slitherbench bench --out ${dir}\` first)`);
  const records = readRecords(dir);
  if (records.length === 0) throw new UsageError(`${dir}: results.jsonl holds no runs`);
  const run = readRunInfo(dir, { missing: 'null', lenient: true }) ?? {};
  const disagreements = existsSync(join(dir, 'disagreements.json')) ? (JSON.parse(readFileSync(join(dir, 'disagreements.json'), 'utf8')) as HtmlDisagreement[]) : [];
  const timeoutMs = runTimeoutMs(run) ?? Math.max(...records.map((r) => r.solve_ms), 1000);
  const charts = allCharts(records, timeoutMs, baselineOf(run, records, options.baseline));
  const chartDir = join(dir, 'charts');
  mkdirSync(chartDir, { recursive: true });
  // Charts of an earlier build that this one does not make (another baseline's scatter plots) would mislead.
  const made = new Set(charts.map((c) => c.name));
  for (const file of readdirSync(chartDir)) {
    const stem = /^(.*?)\.(vl\.json|svg|png|data\.json|data\.csv)$/.exec(file)?.[1];
    if (stem && !made.has(stem)) rmSync(join(chartDir, file));
  }
  const files: string[] = [];
  const chartSvgs: string[] = [];
  for (const chart of charts) {
    const stem = join(chartDir, chart.name);
    writeFileSync(`${stem}.vl.json`, JSON.stringify(chart.spec, null, 2) + '\n');
    const svg = await specToSvg(chart.spec);
    writeFileSync(`${stem}.svg`, svg);
    chartSvgs.push(svg);
    writeFileSync(`${stem}.png`, svgToPng(svg));
    // The chart's own rows, for anyone who redraws it elsewhere.
    const rows = chartData(chart.spec);
    writeFileSync(`${stem}.data.json`, JSON.stringify(rows, null, 1) + '\n');
    writeFileSync(`${stem}.data.csv`, stringify(rows, { header: true, columns: [...new Set(rows.flatMap((r) => Object.keys(r)))] }));
    files.push(`${stem}.vl.json`, `${stem}.svg`, `${stem}.png`, `${stem}.data.json`, `${stem}.data.csv`);
  }
  const summary = summaryRows(records, timeoutMs);
  // A merged run names its machines; several are a caution on every time in the table.
  const machines = run.machines ?? [];
  const machineLines = machines.length ? `${machines.length > 1 ? '**Caution:** timings come from different machines:\n' : ''}${machines.map((m) => `- machine: ${m.description} (host ${(m.hosts ?? []).join(', ')})`).join('\n')}\n\n` : '';
  const certificates = certificateRows(records);
  const withoutProofs = backendsWithoutProofs(records);
  const markdown = `# ${titleOf(run, dir)}\n\n${machineLines}${summaryMarkdown(summary, timeoutMs)}${certificates.length ? `\n## Certified answers\n\n${certificateMarkdown(certificates, withoutProofs)}` : ''}`;
  writeFileSync(join(dir, 'summary.md'), markdown);
  files.push(join(dir, 'summary.md'));
  const slowest = records.filter((r) => r.status === 'solved').sort((a, b) => b.solve_ms - a.solve_ms);
  const pictures: { instance: string; backend: string; timeMs: number; svg: string }[] = [];
  const drawn = new Set<string>();
  for (const r of slowest) {
    if (pictures.length >= 4 || drawn.has(r.instance)) continue;
    const svg = picture(r);
    if (!svg) continue;
    drawn.add(r.instance);
    pictures.push({ instance: r.instance, backend: r.backend, timeMs: r.solve_ms, svg });
  }
  const htmlPath = join(dir, 'report.html');
  writeFileSync(htmlPath, reportHtml({ title: titleOf(run, dir), charts, chartSvgs, summary, certificates, withoutProofs, timeoutMs, run, disagreements, pictures, interactive: options.interactive }));
  files.push(htmlPath);
  return { htmlPath, files };
}

type HtmlDisagreement = { instance: string; kind: string; detail: string };

function titleOf(run: RunInfo, dir: string): string {
  const datasets = run.datasets ? run.datasets.map((d) => d.name).join(', ') : dir;
  return `slitherbench report: ${datasets}`;
}
