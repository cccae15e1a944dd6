// Seed 001's claim, checked on the bench-sat results (npm run bench:sat-claim, after npm run bench:sat):
// "the cellular-automaton method (sat-reach) is faster on small grids, path distance (sat-distance) on large ones".
// Per engine and size class (cells): median solve_ms of each, their ratio, and a chart of both.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { specToSvg } from '../reports/render.ts';

const dir = process.argv[2] ?? 'results/bench-sat';
const [header, ...lines] = readFileSync(join(dir, 'results.csv'), 'utf8').trim().split('\n');
const col = Object.fromEntries(header.split(',').map((name, i) => [name, i]));
const rows = lines.map((line) => line.split(','));

const classOf = (cells: number) => (cells <= 36 ? 'up to 6x6' : cells <= 100 ? '7x7..10x10' : cells <= 300 ? '101..300 cells' : 'over 300 cells');
const classes = ['up to 6x6', '7x7..10x10', '101..300 cells', 'over 300 cells'];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Failed runs (timeout) count as the timeout doubled (PAR-2 style) so that a method that fails is not flattered.
const points: { engine: string; method: string; size: string; medianMs: number; runs: number; solved: number }[] = [];
let table = '| engine | size class | runs | sat-reach median ms (solved) | sat-distance median ms (solved) | reach/distance |\n|---|---|---:|---:|---:|---:|\n';
for (const engine of ['minisat-js', 'cadical']) {
  for (const size of classes) {
    const cellsOf = (r: string[]) => Number(r[col.rows]) * Number(r[col.cols]);
    const pick = (method: string) => rows.filter((r) => r[col.backend] === `${method}/${engine}` && classOf(cellsOf(r)) === size);
    const stat = (method: string) => {
      const rs = pick(method);
      const times = rs.map((r) => (r[col.status] === 'solved' ? Number(r[col.solve_ms]) : 120000));
      return { medianMs: median(times), runs: rs.length, solved: rs.filter((r) => r[col.status] === 'solved').length };
    };
    const reach = stat('sat-reach');
    const distance = stat('sat-distance');
    if (reach.runs === 0) continue;
    points.push({ engine, method: 'sat-reach', size, ...reach }, { engine, method: 'sat-distance', size, ...distance });
    table += `| ${engine} | ${size} | ${reach.runs} | ${reach.medianMs.toFixed(0)} (${reach.solved}) | ${distance.medianMs.toFixed(0)} (${distance.solved}) | ${(reach.medianMs / distance.medianMs).toFixed(2)} |\n`;
  }
}
process.stdout.write(table);

const spec = {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title: 'Seed 001: reachability front (sat-reach) vs path distance (sat-distance), janko sample',
  data: { values: points },
  facet: { column: { field: 'engine', type: 'nominal' } },
  spec: {
    width: 260,
    height: 220,
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'size', type: 'ordinal', sort: classes, title: 'size class' },
      y: { field: 'medianMs', type: 'quantitative', scale: { type: 'log' }, title: 'median solve ms (failures as 120 s)' },
      color: { field: 'method', type: 'nominal' },
    },
  },
};
const out = join(dir, 'charts');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'seed001-reach-vs-distance.vl.json'), JSON.stringify(spec, null, 2));
writeFileSync(join(out, 'seed001-reach-vs-distance.svg'), await specToSvg(spec as never));
writeFileSync(join(dir, 'seed001-claim.md'), table);
process.stderr.write(`wrote ${join(out, 'seed001-reach-vs-distance.svg')} and ${join(dir, 'seed001-claim.md')}\n`);
