// What a bench run (or a merge of shards) writes from all its records at the end: results.csv, and the
// cross-check of the back-ends' answers for disagreements.json (results.jsonl is written run by run through
// run-log.ts; the record and its readers are in reports/records.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type RunRecord } from '../../../reports/records.ts';

export function writeCsv(dir: string, records: RunRecord[]): string {
  const path = join(dir, 'results.csv');
  const rows = records.map((r) => CSV_COLUMNS.map((c) => {
    const v = r[c];
    return v === null || v === undefined ? '' : typeof v === 'boolean' ? String(v) : v;
  }));
  writeFileSync(path, stringify(rows, { header: true, columns: [...CSV_COLUMNS] }));
  return path;
}

export interface Disagreement {
  dataset: string;
  instance: string;
  kind: 'solvable' | 'unique' | 'solution' | 'published' | 'wrong' | 'proof';
  detail: string;
}

/** Back-ends must agree on solvable, on unique, and on the solution of a puzzle any of them proved unique. */
export function crossCheck(records: RunRecord[]): Disagreement[] {
  const byInstance = new Map<string, RunRecord[]>();
  for (const r of records) byInstance.set(r.instance, [...(byInstance.get(r.instance) ?? []), r]);
  const out: Disagreement[] = [];
  for (const [instance, runs] of byInstance) {
    const dataset = runs[0].dataset;
    const who = (pred: (r: RunRecord) => boolean) => [...new Set(runs.filter(pred).map((r) => r.backend))].join(', ');
    for (const r of runs.filter((x) => x.status === 'wrong')) out.push({ dataset, instance, kind: 'wrong', detail: `${r.backend}: ${r.message}` });
    // A proof that was checked and did not certify the answer: the checker rejected it.
    for (const r of runs.filter((x) => x.certified === 'no' && typeof x.check_ms === 'number')) out.push({ dataset, instance, kind: 'proof', detail: `${r.backend}: ${r.message}` });
    const solved = runs.filter((r) => r.status === 'solved');
    const unsat = runs.filter((r) => r.status === 'unsat');
    if (solved.length > 0 && unsat.length > 0) out.push({ dataset, instance, kind: 'solvable', detail: `solved by ${who((r) => r.status === 'solved')}; unsat by ${who((r) => r.status === 'unsat')}` });
    const yes = solved.filter((r) => r.unique === true);
    const no = solved.filter((r) => r.unique === false);
    if (yes.length > 0 && no.length > 0) out.push({ dataset, instance, kind: 'unique', detail: `unique by ${who((r) => r.unique === true)}; not unique by ${who((r) => r.unique === false)}` });
    if (yes.length > 0 && new Set(solved.map((r) => r.solution_key)).size > 1) out.push({ dataset, instance, kind: 'solution', detail: `proved unique by ${who((r) => r.unique === true)}, yet the back-ends found different loops` });
    if (yes.some((r) => r.agrees === 'no')) out.push({ dataset, instance, kind: 'published', detail: `proved unique by ${who((r) => r.unique === true && r.agrees === 'no')}, but differs from the published solution` });
  }
  return out;
}
