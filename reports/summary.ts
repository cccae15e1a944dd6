// Summary tables: per back-end and per size class, solved counts, PAR-2, median and max time.
import { isSolvedLike, sizeClassOf, type RunRecord } from './records.ts';
import { bySize, meanPar2Seconds, median } from './statistics.ts';

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

function summarise(backend: string, sizeClass: string, runs: RunRecord[], timeoutMs: number): SummaryRow {
  const ok = runs.filter(isSolvedLike);
  const times = ok.map((r) => r.solve_ms);
  const par2 = meanPar2Seconds(runs, timeoutMs);
  return {
    backend, sizeClass, runs: runs.length,
    solved: runs.filter((r) => r.status === 'solved').length,
    unsat: runs.filter((r) => r.status === 'unsat').length,
    failed: runs.length - ok.length,
    par2, medianMs: median(times), maxMs: times.length ? Math.max(...times) : null,
  };
}

/** One 'all' row per back-end, then one per size class (RxC), smallest first. */
export function summaryRows(records: RunRecord[], timeoutMs: number): SummaryRow[] {
  const backends = [...new Set(records.map((r) => r.backend))].sort();
  const sizes = [...new Set(records.map(sizeClassOf))].sort(bySize);
  const rows: SummaryRow[] = [];
  for (const backend of backends) {
    const mine = records.filter((r) => r.backend === backend);
    rows.push(summarise(backend, 'all', mine, timeoutMs));
    if (sizes.length > 1) for (const size of sizes) {
      const runs = mine.filter((r) => sizeClassOf(r) === size);
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
