// The statistics every table and chart uses: medians, PAR-2, size-class order. One definition each, so
// that a script and the report never disagree on what a figure means.
import { isSolvedLike, type RunRecord } from './records.ts';

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** PAR-2 score of one run, in ms: its solve time when it answered, else twice the time limit. */
export function par2Ms(record: Pick<RunRecord, 'status' | 'solve_ms'>, timeoutMs: number): number {
  return isSolvedLike(record) ? record.solve_ms : 2 * timeoutMs;
}

/** Mean PAR-2 over runs, in seconds. */
export function meanPar2Seconds(records: readonly Pick<RunRecord, 'status' | 'solve_ms'>[], timeoutMs: number): number {
  return records.reduce((sum, r) => sum + par2Ms(r, timeoutMs), 0) / Math.max(1, records.length) / 1000;
}

/** Cells of an `RxC` size class (of `grid WxH` on another grid: W times H). */
export const cellsOf = (size: string) => {
  const m = /(\d+)x(\d+)$/.exec(size);
  return m ? Number(m[1]) * Number(m[2]) : NaN;
};

/** The grid of a size class: '' for the square grid's `RxC`. */
const gridOfClass = (size: string) => size.slice(0, Math.max(0, size.lastIndexOf(' ')));

/** Size classes: the square grid's first, then each other grid's; smallest first, ties by name. */
export const bySize = (a: string, b: string) => gridOfClass(a).localeCompare(gridOfClass(b)) || cellsOf(a) - cellsOf(b) || a.localeCompare(b);

/** Groups items by a key, keeping first-seen order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** y = a * x^b fitted by least squares on (ln x, ln y): the exponent b, the factor a and R² of the log-log line. */
export interface PowerLaw {
  exponent: number;
  factor: number;
  r2: number;
  points: number;
}

/** The power law through positive points; null with fewer than two distinct x. */
export function powerLawFit(points: readonly { x: number; y: number }[]): PowerLaw | null {
  const logs = points.filter((p) => p.x > 0 && p.y > 0).map((p) => ({ u: Math.log(p.x), v: Math.log(p.y) }));
  if (new Set(logs.map((p) => p.u)).size < 2) return null;
  const n = logs.length;
  const mu = logs.reduce((s, p) => s + p.u, 0) / n;
  const mv = logs.reduce((s, p) => s + p.v, 0) / n;
  const suu = logs.reduce((s, p) => s + (p.u - mu) ** 2, 0);
  const suv = logs.reduce((s, p) => s + (p.u - mu) * (p.v - mv), 0);
  const svv = logs.reduce((s, p) => s + (p.v - mv) ** 2, 0);
  const exponent = suv / suu;
  const intercept = mv - exponent * mu;
  const residual = logs.reduce((s, p) => s + (p.v - intercept - exponent * p.u) ** 2, 0);
  return { exponent, factor: Math.exp(intercept), r2: svv > 0 ? 1 - residual / svv : 1, points: n };
}
