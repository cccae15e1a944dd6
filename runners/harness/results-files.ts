// Writing a bench run's result files: results.jsonl (appended and fsynced run by run) and results.csv.
// The record and its readers are in reports/records.ts.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, parseRecordLines, type RunRecord } from '../../reports/records.ts';

/**
 * Reads the records of an earlier (maybe killed) run to resume it. A last line cut short by a kill is cut
 * from the file, so that appending goes on from a clean line.
 */
export function readRecordsForResume(dir: string): RunRecord[] {
  const path = join(dir, 'results.jsonl');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const { records, goodBytes } = parseRecordLines(text);
  if (goodBytes < Buffer.byteLength(text)) truncateSync(path, goodBytes);
  return records;
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

export function writeCsv(dir: string, records: RunRecord[]): string {
  const path = join(dir, 'results.csv');
  const rows = records.map((r) => CSV_COLUMNS.map((c) => {
    const v = r[c];
    return v === null || v === undefined ? '' : typeof v === 'boolean' ? String(v) : v;
  }));
  writeFileSync(path, stringify(rows, { header: true, columns: [...CSV_COLUMNS] }));
  return path;
}
