// Per size class and z3-lazy variant of a bench run (npm run bench:z3): the median solve time and its ratio to
// cpsat-circuit's in the same run and size class, then where z3-lazy's time goes (first check, later checks,
// reading models, encoding) and how many solve-and-cut iterations and cuts it took. Prints markdown tables.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSolvedLike, readRecords, sizeClassOf, type RunRecord } from '../../reports/records.ts';
import { bySize, groupBy, median } from '../../reports/statistics.ts';
import { fmt, markdownTable, maxOf, ratio } from '../../reports/tables.ts';
import { commandLine, fail } from './script.ts';

const USAGE = `usage: tsx runners/experiments/z3-cuts-table.ts [RESULTS_DIR]

Per size class of a bench results directory (default results/bench-z3) and per z3-lazy variant (back-end
label, e.g. z3-lazy, z3-lazy/cutset): runs, answered, median and max solve time (the back-end's own timeMs,
the solve_ms column), and the ratio of the median to cpsat-circuit's median in the same size class when the
run has it. A second table: iterations and cuts (median/max), Z3 conflicts, and the median time of the first
check, the later checks, reading models and encoding.`;

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
const all = readRecords(dir);
const isZ3 = (r: RunRecord) => z3Labels.has(r.backend) || r.backend === 'z3-lazy' || r.backend.startsWith('z3-lazy/');
const records = all.filter(isZ3);
if (records.length === 0) fail(`${dir}: no z3-lazy runs in results.jsonl`);
const reference = all.filter((r) => r.backend === 'cpsat-circuit');

const numbers = (values: unknown[]) => values.filter((v): v is number => typeof v === 'number');
const pair = (xs: number[]) => `${fmt(median(xs), 0)}/${fmt(maxOf(xs), 0)}`;
const solveMs = (runs: RunRecord[]) => runs.filter(isSolvedLike).map((r) => r.solve_ms);

const speed: string[][] = [];
const effort: string[][] = [];
const classes = groupBy(records, sizeClassOf);
const referenceClasses = groupBy(reference, sizeClassOf);
for (const size of [...classes.keys()].sort(bySize)) {
  const cpsat = referenceClasses.get(size) ?? [];
  const cpsatMedian = median(solveMs(cpsat));
  if (cpsat.length > 0) speed.push([size, 'cpsat-circuit', String(cpsat.length), String(solveMs(cpsat).length), fmt(cpsatMedian, 1), fmt(maxOf(solveMs(cpsat)), 0), '1.00']);
  const byBackend = groupBy(classes.get(size)!, (r) => r.backend);
  for (const backend of [...byBackend.keys()].sort()) {
    const runs = byBackend.get(backend)!;
    const ms = solveMs(runs);
    speed.push([size, backend, String(runs.length), String(ms.length), fmt(median(ms), 1), fmt(maxOf(ms), 0), ratio(median(ms), cpsatMedian)]);
    const stat = (key: string) => numbers(runs.map((r) => r.stats[key]));
    effort.push([size, backend, pair(stat('iterations')), pair(stat('cuts')), fmt(median(stat('conflicts')), 0), fmt(median(stat('firstCheckMs')), 1), fmt(median(stat('laterChecksMs')), 1), fmt(median(stat('modelMs')), 1), fmt(median(stat('encodeMs')), 1)]);
  }
}
process.stdout.write(markdownTable(
  ['size', 'back-end', 'runs', 'answered', 'median (ms)', 'max (ms)', 'x cpsat-circuit'],
  speed,
  ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
));
process.stdout.write('\n');
process.stdout.write(markdownTable(
  ['size', 'back-end', 'iterations median/max', 'cuts median/max', 'conflicts median', 'first check (ms)', 'later checks (ms)', 'reading models (ms)', 'encoding (ms)'],
  effort,
  ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
));
