// Per size class and cut family of a z3-lazy bench run (npm run bench:z3): iterations, cuts, Z3 effort and
// time, to see how each cut family's solve-and-cut loop grows with the grid. Prints a markdown table.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSolvedLike, readRecords, sizeClassOf } from '../../reports/records.ts';
import { bySize, groupBy, median } from '../../reports/statistics.ts';
import { fmt, markdownTable, maxOf } from '../../reports/tables.ts';
import { commandLine, fail } from './script.ts';

const USAGE = `usage: tsx runners/experiments/z3-cuts-table.ts [RESULTS_DIR]

Per size class and z3-lazy back-end label (one per cut family, e.g. z3-lazy/cutset, z3-lazy/loop) of a bench
results directory (default results/bench-z3): runs, answered, solve-and-cut iterations and cuts (median/max),
Z3 conflicts, solve time and time inside Z3.`;

const { positionals } = commandLine(USAGE, { options: {}, allowPositionals: true }, 1);
const dir = positionals[0] ?? 'results/bench-z3';
if (!existsSync(join(dir, 'results.jsonl'))) fail(`${dir}: no results.jsonl here (run \`npm run bench:z3\` first)`);
// Records carry the back-end's label (z3.yaml: z3-lazy/cutset, ...); run.json says which labels are z3-lazy.
const z3Labels = new Set<string>();
try {
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { backends?: { id?: string; label?: string }[] };
  for (const b of run.backends ?? []) if (b.id === 'z3-lazy' && b.label) z3Labels.add(b.label);
} catch {
  // No run.json (a copied results.jsonl): fall back to the labels alone.
}
const records = readRecords(dir).filter((r) => z3Labels.has(r.backend) || r.backend === 'z3-lazy' || r.backend.startsWith('z3-lazy/'));
if (records.length === 0) fail(`${dir}: no z3-lazy runs in results.jsonl`);

const numbers = (values: unknown[]) => values.filter((v): v is number => typeof v === 'number');
const pair = (xs: number[]) => `${fmt(median(xs), 0)}/${fmt(maxOf(xs), 0)}`;

const rows: string[][] = [];
const classes = groupBy(records, sizeClassOf);
for (const size of [...classes.keys()].sort(bySize)) {
  const byBackend = groupBy(classes.get(size)!, (r) => r.backend);
  for (const backend of [...byBackend.keys()].sort()) {
    const runs = byBackend.get(backend)!;
    const answered = runs.filter(isSolvedLike);
    const iterations = numbers(runs.map((r) => r.stats.iterations));
    const cuts = numbers(runs.map((r) => r.stats.cuts));
    const conflicts = numbers(runs.map((r) => r.stats.conflicts));
    const ms = answered.map((r) => r.solve_ms);
    const z3ms = numbers(answered.map((r) => r.stats.solverMs));
    const families = [...new Set(runs.map((r) => r.stats.cutKind).filter((k) => k !== undefined && k !== null))].join(', ');
    rows.push([size, backend, families, String(runs.length), String(answered.length), pair(iterations), pair(cuts), fmt(median(conflicts), 0), fmt(median(ms), 0), fmt(maxOf(ms), 0), fmt(median(z3ms), 0)]);
  }
}
process.stdout.write(markdownTable(
  ['size', 'back-end', 'cut family', 'runs', 'answered', 'iterations median/max', 'cuts median/max', 'conflicts median', 'time median (ms)', 'time max (ms)', 'in Z3 median (ms)'],
  rows,
  ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
));
