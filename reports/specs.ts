// Vega-Lite specs built from result records: pure functions, one per chart.
import { RESOLUTION_MS } from '../encodings/clock.ts';
import { isSolvedLike, type RunRecord } from './records.ts';

export type Spec = Record<string, unknown>;

export interface ChartSpec {
  /** File stem: `<name>.vl.json`, `.svg`, `.png`. */
  name: string;
  title: string;
  spec: Spec;
  /** The back-ends a chart compares, when it is about a few of them (a scatter): an interactive filter hides it with them. */
  backends?: string[];
}

const FONT = 'DejaVu Sans';
/** Fonts and titles every chart shares (DejaVu Sans, so that SVG and PNG look alike). */
export const config = { font: FONT, axis: { labelFont: FONT, titleFont: FONT }, legend: { labelFont: FONT, titleFont: FONT, labelLimit: 320 }, title: { font: FONT, fontSize: 14 } };
export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
/**
 * A recorded time as drawn: as recorded, down to the records' resolution (a microsecond). Only a time recorded
 * as 0 (under half a microsecond) is drawn at the resolution, where a log axis can show it.
 */
export const drawnMs = (x: number) => Math.max(RESOLUTION_MS, x);

/** The log axis of times against times (a scatter): from just under the fastest to past `top`, the limit's line. */
export function timeAxisDomain(times: readonly number[], top: number): [number, number] {
  return [Math.max(RESOLUTION_MS, Math.min(top, ...times) / 1.5), top * 1.5];
}

// Tableau 10, then the lighter halves of Tableau 20: one colour per back-end for up to 20.
const PALETTE = ['#4c78a8', '#f58518', '#e45756', '#72b7b2', '#54a24b', '#eeca3b', '#b279a2', '#ff9da6', '#9d755d', '#bab0ac', '#9ecae9', '#ffbf79', '#88d27a', '#f2cf5b', '#83bcb6', '#ff9d98', '#79706e', '#fcbfd2', '#d6a5c9', '#d8b5a5'];

/**
 * One colour per back-end, the same in every chart (by its place among all the run's back-ends); the legend
 * lists only `present`, the back-ends with points in this chart.
 */
export function colourScale(backends: string[], present: Iterable<string> = backends): Record<string, unknown> {
  const all = [...backends].sort();
  const shown = [...new Set(present)].filter((b) => all.includes(b)).sort();
  return { domain: shown, range: shown.map((b) => PALETTE[all.indexOf(b) % PALETTE.length]) };
}

/**
 * A log scale over the data, not from a power of ten far below it: the axis starts just under the smallest
 * value and ends just over the largest.
 */
export function logScale(values: readonly number[], extra: Spec = {}): Spec {
  const finite = values.filter((v) => Number.isFinite(v) && v > 0);
  if (finite.length === 0) return { type: 'log', ...extra };
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  return { type: 'log', domain: [low / 1.25, high === low ? high * 2 : high * 1.25], nice: false, ...extra };
}

/** A single-view chart with the shared schema, size, fonts and white background; `extra` adds data, marks and encodings. */
export function chartBase(title: string, extra: Spec): Spec {
  return { $schema: SCHEMA, title, width: 480, height: 320, config, background: 'white', ...extra };
}

/** Cactus: for each back-end, instances solved (or proved unsat) within t, time on a log axis. */
export function cactus(records: RunRecord[], backends: string[]): ChartSpec {
  // Each point keeps its instance, for the tooltips of an interactive report.
  const points: { backend: string; solved: number; time_ms: number; instance: string }[] = [];
  for (const backend of backends) {
    const runs = records.filter((r) => r.backend === backend && isSolvedLike(r)).map((r) => ({ instance: r.instance, time_ms: drawnMs(r.solve_ms) })).sort((a, b) => a.time_ms - b.time_ms);
    runs.forEach((run, i) => points.push({ backend, solved: i + 1, time_ms: run.time_ms, instance: run.instance }));
  }
  return {
    name: 'cactus',
    title: 'Instances solved within a time limit',
    spec: chartBase('Instances solved within t (cactus)', {
      data: { values: points },
      mark: { type: 'line', point: true, interpolate: 'step-after' },
      encoding: {
        x: { field: 'solved', type: 'quantitative', title: 'instances solved', axis: { tickMinStep: 1, format: 'd' } },
        y: { field: 'time_ms', type: 'quantitative', scale: logScale(points.map((p) => p.time_ms)), title: 'time per instance t (ms, log)' },
        color: { field: 'backend', type: 'nominal', title: 'back-end', scale: colourScale(backends, points.map((p) => p.backend)) },
      },
    }),
  };
}

/** Per instance, one back-end's time against another's; unsolved runs sit on the timeout line. */
export function scatter(records: RunRecord[], a: string, b: string, timeoutMs: number): ChartSpec {
  const time = (r: RunRecord | undefined) => (r && isSolvedLike(r) ? drawnMs(r.solve_ms) : timeoutMs);
  const byInstance = new Map<string, { a?: RunRecord; b?: RunRecord }>();
  for (const r of records) {
    if (r.backend !== a && r.backend !== b) continue;
    const entry = byInstance.get(r.instance) ?? {};
    if (r.backend === a && (!entry.a || r.repeat === 1)) entry.a = r;
    if (r.backend === b && (!entry.b || r.repeat === 1)) entry.b = r;
    byInstance.set(r.instance, entry);
  }
  const values = [...byInstance].filter(([, e]) => e.a && e.b).map(([instance, e]) => ({ instance, x: time(e.a), y: time(e.b), cells: e.a!.rows * e.a!.cols }));
  // The same on both axes, past the timeout line.
  const domain = timeAxisDomain(values.flatMap((v) => [v.x, v.y]), Math.max(timeoutMs, 10));
  return {
    name: `scatter-${slug(a)}-vs-${slug(b)}`,
    title: `${a} against ${b}, per instance`,
    backends: [a, b],
    spec: chartBase(`${a} vs ${b} per instance`, {
      width: 360,
      height: 360,
      layer: [
        { data: { values }, mark: { type: 'point', filled: true, opacity: 0.7 }, encoding: {
          x: { field: 'x', type: 'quantitative', scale: { type: 'log', domain, nice: false }, title: `${a} time (ms, log)` },
          y: { field: 'y', type: 'quantitative', scale: { type: 'log', domain, nice: false }, title: `${b} time (ms, log)` },
          size: { field: 'cells', type: 'quantitative', title: 'cells' },
          tooltip: [{ field: 'instance' }, { field: 'x', title: a }, { field: 'y', title: b }],
        } },
        { data: { values: [{ x: domain[0], y: domain[0] }, { x: domain[1], y: domain[1] }] }, mark: { type: 'line', color: '#888', strokeDash: [4, 4] }, encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } } },
        { data: { values: [{ t: timeoutMs }] }, mark: { type: 'rule', color: '#c44' }, encoding: { x: { field: 't', type: 'quantitative' } } },
        { data: { values: [{ t: timeoutMs }] }, mark: { type: 'rule', color: '#c44' }, encoding: { y: { field: 't', type: 'quantitative' } } },
      ],
    }),
  };
}

/** Median time and spread (min-max) per size class against the number of cells, log-log. */
export function scaling(records: RunRecord[], backends: string[]): ChartSpec {
  const values = records.filter(isSolvedLike).map((r) => ({ backend: r.backend, cells: r.rows * r.cols, time_ms: drawnMs(r.solve_ms), instance: r.instance }));
  const colour = { field: 'backend', type: 'nominal', title: 'back-end', scale: colourScale(backends, values.map((v) => v.backend)) };
  const x = logScale(values.map((v) => v.cells));
  const y = logScale(values.map((v) => v.time_ms));
  return {
    name: 'scaling',
    title: 'Time against grid size',
    spec: chartBase('Time against number of cells (median and range per size class)', {
      data: { values },
      layer: [
        { mark: { type: 'rule', opacity: 0.5 }, encoding: { x: { field: 'cells', type: 'quantitative', scale: x, title: 'cells (R x C, log)' }, y: { aggregate: 'min', field: 'time_ms', type: 'quantitative', scale: y, title: 'solve time (ms, log)' }, y2: { aggregate: 'max', field: 'time_ms' }, color: colour } },
        { mark: { type: 'line', point: true }, encoding: { x: { field: 'cells', type: 'quantitative', scale: x }, y: { aggregate: 'median', field: 'time_ms', type: 'quantitative', scale: y }, color: colour } },
      ],
    }),
  };
}

/** Model size: variables and clauses/constraints against cells, per encoding. */
export function encodingSize(records: RunRecord[], backends: string[]): ChartSpec {
  const values: MeasurePoint[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    const key = `${r.backend}/${r.rows}x${r.cols}/${r.instance}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (r.variables) values.push({ backend: r.backend, cells: r.rows * r.cols, measure: 'variables', count: r.variables });
    if (r.clauses) values.push({ backend: r.backend, cells: r.rows * r.cols, measure: 'clauses / constraints', count: r.clauses });
  }
  return {
    name: 'encoding-size',
    title: 'Encoding size',
    spec: panelPerMeasure('Encoding size against number of cells', values, backends, { scale: { type: 'log', nice: false }, title: 'count (log)' }),
  };
}

/** A count of some measure (variables, cuts, ...) of one back-end's run on a puzzle of `cells` cells. */
interface MeasurePoint {
  backend: string;
  cells: number;
  measure: string;
  count: number;
}

/** One panel per measure, each with its own count axis (`y`): the median count per back-end against cells. */
function panelPerMeasure(title: string, values: MeasurePoint[], backends: string[], y: Spec): Spec {
  return {
    $schema: SCHEMA, title, config, background: 'white',
    data: { values },
    facet: { column: { field: 'measure', type: 'nominal', title: null } },
    spec: { width: 300, height: 260, mark: { type: 'line', point: true }, encoding: {
      x: { field: 'cells', type: 'quantitative', scale: logScale(values.map((v) => v.cells)), title: 'cells (log)' },
      y: { aggregate: 'median', field: 'count', type: 'quantitative', ...y },
      color: { field: 'backend', type: 'nominal', title: 'back-end', scale: colourScale(backends, values.map((v) => v.backend)) },
    } },
    resolve: { scale: { y: 'independent' } },
  };
}

export const STATUS_ORDER = ['solved', 'unsat', 'timeout', 'memout', 'error', 'wrong'];

/** How every run ended, per dataset and back-end. */
export function outcomes(records: RunRecord[]): ChartSpec {
  const counts = new Map<string, { dataset: string; backend: string; status: string; runs: number }>();
  for (const r of records) {
    const key = `${r.dataset}\u0000${r.backend}\u0000${r.status}`;
    const c = counts.get(key) ?? { dataset: r.dataset, backend: r.backend, status: r.status, runs: 0 };
    c.runs++;
    counts.set(key, c);
  }
  return {
    name: 'outcomes',
    title: 'Outcomes',
    spec: {
      $schema: SCHEMA, title: 'Outcome of every run, per dataset and back-end', config, background: 'white',
      data: { values: [...counts.values()] },
      facet: { row: { field: 'dataset', type: 'nominal', title: 'dataset' } },
      spec: { width: 420, height: { step: 22 }, mark: 'bar', encoding: {
        y: { field: 'backend', type: 'nominal', title: 'back-end' },
        x: { field: 'runs', type: 'quantitative', title: 'runs', stack: 'zero' },
        color: { field: 'status', type: 'nominal', title: 'status', scale: { domain: STATUS_ORDER, range: ['#4c9a2a', '#7fb8d8', '#e8a33d', '#b07aa1', '#d62728', '#000000'] } },
        order: { field: 'status', sort: 'ascending' },
      } },
    },
  };
}

/** Iterations and cuts of the lazy back-ends, against cells. */
export function lazyIterations(records: RunRecord[], backends: string[]): ChartSpec | null {
  const values: MeasurePoint[] = [];
  for (const r of records) {
    if (!isSolvedLike(r)) continue;
    if (r.iterations !== null) values.push({ backend: r.backend, cells: r.rows * r.cols, measure: 'iterations', count: r.iterations });
    if (r.cuts !== null) values.push({ backend: r.backend, cells: r.rows * r.cols, measure: 'cuts', count: r.cuts });
  }
  if (values.length === 0) return null;
  return {
    name: 'lazy-iterations',
    title: 'Iterations and cuts of the lazy back-ends',
    spec: panelPerMeasure('Solve-cut iterations and cuts added (median per size class)', values, backends, { title: 'count' }),
  };
}

/** One point of a scaling run: a back-end's measure (solve time, or encoding size) on a puzzle of `cells` cells. */
export interface ScalePoint {
  backend: string;
  cells: number;
  value: number;
}

/**
 * Time and encoding size against cells, log-log, side by side; each back-end's least-squares line over its
 * points, its exponent in the legend (`exponents`: back-end -> [time exponent, size exponent]).
 */
export function scaleChart(time: ScalePoint[], size: ScalePoint[], backends: string[], fits: Record<string, { time?: { exponent: number; factor: number }; size?: { exponent: number; factor: number } }>): ChartSpec {
  const panel = (title: string, points: ScalePoint[], which: 'time' | 'size', yTitle: string): Spec => {
    const present = [...new Set(points.map((p) => p.backend))];
    const colours = colourScale(backends, present) as { domain: string[]; range: string[] };
    const label = (b: string) => {
      const fit = fits[b]?.[which];
      return fit ? `${b} (n^${fit.exponent.toFixed(2)})` : b;
    };
    const values = points.map((p) => ({ ...p, series: label(p.backend) }));
    const cells = values.map((v) => v.cells);
    const low = Math.min(...cells);
    const high = Math.max(...cells);
    // The fitted line over the range of each back-end's own points.
    const lines = present.flatMap((b) => {
      const fit = fits[b]?.[which];
      const own = values.filter((v) => v.backend === b).map((v) => v.cells);
      if (!fit || own.length === 0) return [];
      return [Math.min(...own), Math.max(...own)].map((x) => ({ series: label(b), cells: x, value: fit.factor * x ** fit.exponent }));
    });
    const colour = { field: 'series', type: 'nominal', title: 'back-end (n^exponent)', legend: { titleLimit: 300 }, scale: { domain: colours.domain.map(label), range: colours.range } };
    const x = { field: 'cells', type: 'quantitative', scale: { type: 'log', domain: [low / 1.3, high * 1.3], nice: false }, title: 'cells (log)' };
    const y = { field: 'value', type: 'quantitative', scale: logScale(values.map((v) => v.value).concat(lines.map((l) => l.value))), title: yTitle };
    return {
      title, width: 420, height: 320,
      layer: [
        { data: { values }, mark: { type: 'point', filled: true, opacity: 0.75 }, encoding: { x, y, color: colour, tooltip: [{ field: 'backend' }, { field: 'cells' }, { field: 'value' }] } },
        { data: { values: lines }, mark: { type: 'line', strokeDash: [5, 3] }, encoding: { x, y, color: colour, detail: { field: 'series' } } },
      ],
    };
  };
  return {
    name: 'scale',
    title: 'Time and encoding size against cells',
    spec: {
      $schema: SCHEMA, config, background: 'white',
      title: { text: 'Scaling: solve time with uniqueness, and encoding size, against cells (log-log)', anchor: 'start', offset: 16 },
      hconcat: [panel('solve time (answered runs)', time, 'time', 'own time with uniqueness (ms, log)'), panel('encoding size', size, 'size', 'clauses / constraints (log)')],
      resolve: { scale: { color: 'independent' } },
    },
  };
}

export function slug(s: string): string {
  return s.replace(/[^\w.-]+/g, '_');
}

/**
 * The back-end a run's scatter charts are drawn against when none is asked for: `auto` when it ran, being
 * what a user compares a back-end against, else the first of `labels` (as listed, or sorted).
 */
export function defaultBaseline(labels: readonly string[]): string | undefined {
  return labels.includes('auto') ? 'auto' : labels[0];
}

/**
 * Every chart for a run; one scatter plot per other back-end against the baseline (default: defaultBaseline
 * of the back-ends sorted; `bench` passes its own, or `--baseline`).
 */
export function allCharts(records: RunRecord[], timeoutMs: number, baseline?: string): ChartSpec[] {
  const backends = [...new Set(records.map((r) => r.backend))].sort();
  const charts = [cactus(records, backends), scaling(records, backends), outcomes(records), encodingSize(records, backends)];
  const lazy = lazyIterations(records, backends);
  if (lazy) charts.push(lazy);
  const against = baseline && backends.includes(baseline) ? baseline : defaultBaseline(backends);
  if (against !== undefined) for (const other of backends) if (other !== against) charts.push(scatter(records, against, other, timeoutMs));
  return charts;
}

/** The rows a chart draws (its main layer's data), for the CSV and JSON beside it. */
export function chartData(spec: Spec): Record<string, unknown>[] {
  const own = (spec.data as { values?: Record<string, unknown>[] } | undefined)?.values;
  if (own) return own;
  const layers = (spec.layer as Spec[] | undefined) ?? [];
  return layers.map((l) => (l.data as { values?: Record<string, unknown>[] } | undefined)?.values ?? []).sort((a, b) => b.length - a.length)[0] ?? [];
}
