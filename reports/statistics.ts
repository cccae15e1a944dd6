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

/** Cells of an `RxC` size class. */
export const cellsOf = (size: string) => size.split('x').map(Number).reduce((a, b) => a * b, 1);

/** Size classes smallest first, ties by name. */
export const bySize = (a: string, b: string) => cellsOf(a) - cellsOf(b) || a.localeCompare(b);

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
