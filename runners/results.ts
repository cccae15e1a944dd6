// Result files of a bench run: results.jsonl (appended and fsynced run by run), results.csv, run.json.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { RunRecord } from './records.ts';

export const runKey = (r: { instance: string; backend: string; repeat: number }) => `${r.instance}\u0000${r.backend}\u0000${r.repeat}`;

/**
 * Reads the records of an earlier (maybe killed) run. A last line cut short by a kill is dropped from the
 * file, so that appending goes on from a clean line.
 */
export function readRecords(dir: string): RunRecord[] {
  const path = join(dir, 'results.jsonl');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const records: RunRecord[] = [];
  let good = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    const end = offset + Buffer.byteLength(line) + 1;
    if (line.trim()) {
      try {
        records.push(JSON.parse(line) as RunRecord);
        good = Math.min(end, Buffer.byteLength(text));
      } catch {
        break; // a torn write: everything after it is discarded
      }
    }
    offset = end;
  }
  if (good < Buffer.byteLength(text)) truncateSync(path, good);
  // A record repeated by an interrupted resume keeps its first copy.
  const seen = new Set<string>();
  return records.filter((r) => (seen.has(runKey(r)) ? false : (seen.add(runKey(r)), true)));
}

export class RecordLog {
  private readonly fd: number;
  constructor(dir: string) {
    this.fd = openSync(join(dir, 'results.jsonl'), 'a');
  }
  /** Durable before it returns: the run is on disk before the next one starts. */
  append(record: RunRecord): void {
    writeSync(this.fd, JSON.stringify(record) + '\n');
    fsyncSync(this.fd);
  }
  close(): void {
    closeSync(this.fd);
  }
}

export const CSV_COLUMNS = [
  'instance', 'dataset', 'backend', 'repeat', 'status', 'unique', 'wall_ms', 'solve_ms', 'encode_ms', 'solver_ms',
  'rows', 'cols', 'clues', 'variables', 'clauses', 'iterations', 'cuts', 'peak_rss_mb', 'agrees', 'message',
] as const;

export function writeCsv(dir: string, records: RunRecord[]): string {
  const path = join(dir, 'results.csv');
  const rows = records.map((r) => CSV_COLUMNS.map((c) => {
    const v = r[c];
    return v === null || v === undefined ? '' : typeof v === 'boolean' ? String(v) : v;
  }));
  writeFileSync(path, stringify(rows, { header: true, columns: [...CSV_COLUMNS] }));
  return path;
}
