// The table of `npm run bench:asp`: per size class, asp-reach against z3-lazy (answered, slowest, median, and
// the ratio of the medians; the goal is every puzzle within 60 s and a ratio of at most 2), then
// asp-closure (answered, slowest, median, and its ground atoms against E^2, E = 2RC + R + C edges).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isSolvedLike, readRecords, sizeClassOf, type RunRecord } from '../../reports/records.ts';
import { bySize, groupBy, median } from '../../reports/statistics.ts';
import { fmt, markdownTable, maxOf, ratio } from '../../reports/tables.ts';
import { commandLine, fail } from './script.ts';

const USAGE = `usage: tsx runners/experiments/asp-table.ts REACH_DIR [CLOSURE_DIR]

REACH_DIR: a bench run with asp-reach and z3-lazy (runners/experiments/asp.yaml); CLOSURE_DIR: one with
asp-closure (asp-closure.yaml). Prints per size class (each crafted set a class of its own): runs, answered,
slowest and median time of the answered runs (ms), and the ratio of asp-reach's median to z3-lazy's; for
asp-closure also the median of ground atoms / E^2.`;

const { positionals } = commandLine(USAGE, { options: {}, allowPositionals: true }, 2);
const [reachDir, closureDir] = positionals;
if (!reachDir) fail('a results directory is required (see --help)');
const load = (dir: string) => {
  if (!existsSync(join(dir, 'results.jsonl'))) fail(`${dir}: no results.jsonl here (run npm run bench:asp first)`);
  return readRecords(dir);
};

const CRAFTED = /^(unsat|multi)$/;
const classOf = (r: RunRecord) => (CRAFTED.test(r.dataset) ? r.dataset : sizeClassOf(r));
const answered = (runs: RunRecord[]) => runs.filter(isSolvedLike);
const times = (runs: RunRecord[]) => answered(runs).map((r) => r.solve_ms);
const edgesOf = (r: RunRecord) => 2 * r.rows * r.cols + r.rows + r.cols;

const reach = load(reachDir);
const rows: (string | number)[][] = [];
for (const [size, runs] of [...groupBy(reach, classOf)].sort(([a], [b]) => bySize(a, b))) {
  const asp = runs.filter((r) => r.backend === 'asp-reach');
  const z3 = runs.filter((r) => r.backend === 'z3-lazy');
  const aspMedian = median(times(asp));
  const z3Median = median(times(z3));
  rows.push([size, asp.length, answered(asp).length, fmt(maxOf(times(asp)), 0), fmt(aspMedian, 0), answered(z3).length, fmt(z3Median, 0), ratio(aspMedian, z3Median)]);
}
process.stdout.write('asp-reach against z3-lazy\n\n');
process.stdout.write(markdownTable(
  ['class', 'runs', 'asp-reach answered', 'slowest ms', 'median ms', 'z3-lazy answered', 'z3-lazy median ms', 'median ratio'],
  rows,
  ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
));

if (closureDir) {
  const closure = load(closureDir).filter((r) => r.backend.startsWith('asp-closure'));
  const lines: (string | number)[][] = [];
  for (const [size, runs] of [...groupBy(closure, classOf)].sort(([a], [b]) => bySize(a, b))) {
    const atoms = runs.filter((r) => typeof r.stats.groundAtoms === 'number');
    const perSquare = median(atoms.map((r) => (r.stats.groundAtoms as number) / edgesOf(r) ** 2));
    lines.push([size, runs.length, answered(runs).length, fmt(maxOf(times(runs)), 0), fmt(median(times(runs)), 0), fmt(median(atoms.map((r) => r.stats.groundAtoms as number)), 0), fmt(perSquare, 2)]);
  }
  process.stdout.write('\nasp-closure\n\n');
  process.stdout.write(markdownTable(
    ['class', 'runs', 'answered', 'slowest ms', 'median ms', 'ground atoms (median)', 'atoms / E^2'],
    lines,
    ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
  ));
}
