// The peer's per-puzzle results (cspuz_core, native SAT with a loop propagator), as published in
// ../shared/datasets/reference/: one CSV row per puzzle with its id, size, status and seconds.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export interface PeerRun {
  id: string;
  /** The built-in set the puzzle belongs to, in files that cover several. */
  dataset?: string;
  rows: number;
  cols: number;
  status: string;
  ms: number;
}

/** The peer's runs by puzzle id (and by `dataset/id` where the file names sets); empty when the file is absent. */
export function readPeerRuns(path: string): Map<string, PeerRun> {
  const out = new Map<string, PeerRun>();
  if (!existsSync(path)) return out;
  const rows = parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  for (const row of rows) {
    const run: PeerRun = { id: row.id, rows: Number(row.rows), cols: Number(row.cols), status: row.status, ms: Number(row.seconds) * 1000, ...(row.dataset ? { dataset: row.dataset } : {}) };
    out.set(run.id, run);
    if (run.dataset) out.set(`${run.dataset}/${run.id}`, run);
  }
  return out;
}
