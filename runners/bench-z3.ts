// Per size class and cut family of a z3-lazy bench run (npm run bench:z3): iterations, cuts, Z3 effort and
// time. `tsx runners/bench-z3.ts [RESULTS_DIR]` (default results/bench-z3). Prints a markdown table.
import { readRecords } from './results.ts';
import { median } from '../reports/summary.ts';

const dir = process.argv[2] ?? 'results/bench-z3';
const records = readRecords(dir).filter((r) => r.stats?.cutKind !== undefined || r.backend.startsWith('z3-lazy'));
if (records.length === 0) {
  process.stderr.write(`bench-z3: no z3-lazy records in ${dir}\n`);
  process.exit(2);
}
type Row = { runs: number; done: number; iterations: number[]; cuts: number[]; conflicts: number[]; ms: number[]; z3ms: number[] };
const rows = new Map<string, Row>();
for (const r of records) {
  const key = `${r.backend}\u0000${r.rows}x${r.cols}`;
  const row = rows.get(key) ?? { runs: 0, done: 0, iterations: [], cuts: [], conflicts: [], ms: [], z3ms: [] };
  row.runs++;
  if (r.status === 'solved' || r.status === 'unsat') {
    row.done++;
    row.ms.push(r.solve_ms);
    if (typeof r.stats.solverMs === 'number') row.z3ms.push(r.stats.solverMs);
  }
  if (typeof r.stats.iterations === 'number') row.iterations.push(r.stats.iterations);
  if (typeof r.stats.cuts === 'number') row.cuts.push(r.stats.cuts);
  if (typeof r.stats.conflicts === 'number') row.conflicts.push(r.stats.conflicts);
  rows.set(key, row);
}
const cells = (size: string) => size.split('x').map(Number).reduce((a, b) => a * b, 1);
const keys = [...rows.keys()].sort((a, b) => {
  const [fa, sa] = a.split('\u0000');
  const [fb, sb] = b.split('\u0000');
  return cells(sa) - cells(sb) || fa.localeCompare(fb);
});
const f = (x: number | null, d = 0) => (x === null ? '-' : x.toFixed(d));
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : null);
process.stdout.write('| size | back-end | runs | solved | iterations median/max | cuts median/max | conflicts median | time median (ms) | time max (ms) | in Z3 median (ms) |\n');
process.stdout.write('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n');
for (const key of keys) {
  const [backend, size] = key.split('\u0000');
  const r = rows.get(key)!;
  process.stdout.write(
    `| ${size} | ${backend} | ${r.runs} | ${r.done} | ${f(median(r.iterations))}/${f(max(r.iterations))} | ${f(median(r.cuts))}/${f(max(r.cuts))} | ${f(median(r.conflicts))} | ${f(median(r.ms))} | ${f(max(r.ms))} | ${f(median(r.z3ms))} |\n`,
  );
}
