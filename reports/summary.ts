// Summary tables: per back-end and per size class, solved counts, PAR-2, median and max time.
import type { RunRecord } from '../runners/records.ts';

export interface SummaryRow {
  backend: string;
  sizeClass: string;
  runs: number;
  solved: number;
  unsat: number;
  failed: number;
  /** Mean PAR-2 in seconds: solve time when solved or proved unsat, twice the timeout otherwise. */
  par2: number;
  medianMs: number | null;
  maxMs: number | null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function summarise(backend: string, sizeClass: string, runs: RunRecord[], timeoutMs: number): SummaryRow {
  const ok = runs.filter((r) => r.status === 'solved' || r.status === 'unsat');
  const times = ok.map((r) => r.solve_ms);
  const par2 = runs.reduce((sum, r) => sum + (r.status === 'solved' || r.status === 'unsat' ? r.solve_ms : 2 * timeoutMs), 0) / Math.max(1, runs.length) / 1000;
  return {
    backend, sizeClass, runs: runs.length,
    solved: runs.filter((r) => r.status === 'solved').length,
    unsat: runs.filter((r) => r.status === 'unsat').length,
    failed: runs.length - ok.length,
    par2, medianMs: median(times), maxMs: times.length ? Math.max(...times) : null,
  };
}

const cellsOf = (size: string) => size.split('x').map(Number).reduce((a, b) => a * b, 1);

/** One 'all' row per back-end, then one per size class (RxC), smallest first. */
export function summaryRows(records: RunRecord[], timeoutMs: number): SummaryRow[] {
  const backends = [...new Set(records.map((r) => r.backend))].sort();
  const sizes = [...new Set(records.map((r) => `${r.rows}x${r.cols}`))].sort((a, b) => cellsOf(a) - cellsOf(b) || a.localeCompare(b));
  const rows: SummaryRow[] = [];
  for (const backend of backends) {
    const mine = records.filter((r) => r.backend === backend);
    rows.push(summarise(backend, 'all', mine, timeoutMs));
    if (sizes.length > 1) for (const size of sizes) {
      const runs = mine.filter((r) => `${r.rows}x${r.cols}` === size);
      if (runs.length) rows.push(summarise(backend, size, runs, timeoutMs));
    }
  }
  return rows;
}

const fmt = (x: number | null, digits = 1) => (x === null ? '-' : x.toFixed(digits));

export function summaryMarkdown(rows: SummaryRow[], timeoutMs: number): string {
  const lines = [
    `| back-end | size | runs | solved | unsat | failed | PAR-2 (s) | median (ms) | max (ms) |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows.map((r) => `| ${r.sizeClass === 'all' ? `**${r.backend}**` : r.backend} | ${r.sizeClass} | ${r.runs} | ${r.solved} | ${r.unsat} | ${r.failed} | ${fmt(r.par2, 3)} | ${fmt(r.medianMs)} | ${fmt(r.maxMs)} |`),
  ];
  return lines.join('\n') + `\n\nPAR-2: mean over runs of the solve time when solved or proved unsat, else 2 x the ${timeoutMs / 1000} s timeout. Times are the back-end's own (encode + solve + uniqueness), as measured inside the worker process.\n`;
}
