// results.csv of a bench run, from its records (results.jsonl is written run by run through run-log.ts;
// the record and its readers are in reports/records.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type RunRecord } from '../../reports/records.ts';

export function writeCsv(dir: string, records: RunRecord[]): string {
  const path = join(dir, 'results.csv');
  const rows = records.map((r) => CSV_COLUMNS.map((c) => {
    const v = r[c];
    return v === null || v === undefined ? '' : typeof v === 'boolean' ? String(v) : v;
  }));
  writeFileSync(path, stringify(rows, { header: true, columns: [...CSV_COLUMNS] }));
  return path;
}
