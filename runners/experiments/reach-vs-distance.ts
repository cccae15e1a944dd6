// hakerh400's claim, checked on the bench-sat results (npm run bench:sat-claim, after npm run bench:sat):
// "the cellular-automaton method (sat-reach) is faster on small grids, path distance (sat-distance) on large ones".
// Per engine and size class (cells): median PAR-2 time of each, their ratio, and a chart of both.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESOLUTION_MS } from '../../encodings/clock.ts';
import { isSolvedLike, readRecords, type RunRecord } from '../../reports/records.ts';
import { specToSvg, svgToPng } from '../../reports/chart-images.ts';
import { colourScale, config, SCHEMA, type Spec } from '../../reports/specs.ts';
import { groupBy, median, par2Ms } from '../../reports/statistics.ts';
import { fmt, markdownTable, ratio } from '../../reports/tables.ts';
import { commandLine, fail } from './script.ts';
import { readRunFile, runTimeoutMs } from '../harness/results/run-file.ts';

const USAGE = `usage: tsx runners/experiments/reach-vs-distance.ts [RESULTS_DIR]

hakerh400's claim on a bench-sat results directory (default results/bench-sat): per SAT engine and size class,
the median PAR-2 time of sat-reach and of sat-distance (runs without an answer count as twice the run's time
limit, read from run.json) and their ratio. Writes hakerh400-claim.md and
charts/hakerh400-reach-vs-distance.{vl.json,svg,png} in RESULTS_DIR; prints the table.`;

const { positionals } = commandLine(USAGE, { options: {}, allowPositionals: true }, 1);
const dir = positionals[0] ?? 'results/bench-sat';
if (!existsSync(join(dir, 'results.jsonl'))) fail(`${dir}: no results.jsonl here (run \`npm run bench:sat\` first)`);

// PAR-2 doubles the limit the runs actually had; a guessed limit would move every failed run.
const timeoutMs = (() => {
  const path = join(dir, 'run.json');
  let limit: number | undefined;
  try {
    limit = runTimeoutMs(readRunFile(dir));
  } catch (error) {
    fail(`${path}: cannot read the run's time limit (${(error as Error).message})`);
  }
  if (limit === undefined || !(limit > 0)) fail(`${path}: no timeoutSeconds, so PAR-2 has no time limit to double`);
  return limit;
})();

const METHODS = ['sat-reach', 'sat-distance'] as const;
const CLASSES = ['up to 6x6', '7x7..10x10', '101..300 cells', 'over 300 cells'];
const classOf = (r: RunRecord) => {
  const cells = r.rows * r.cols;
  return cells <= 36 ? CLASSES[0] : cells <= 100 ? CLASSES[1] : cells <= 300 ? CLASSES[2] : CLASSES[3];
};

// bench-sat labels its back-ends method/engine (sat.yaml), e.g. sat-reach/cadical.
const labelled = readRecords(dir).flatMap((r) => {
  const m = /^(sat-reach|sat-distance)\/(.+)$/.exec(r.backend);
  return m ? [{ record: r, method: m[1], engine: m[2] }] : [];
});
if (labelled.length === 0) fail(`${dir}: no runs labelled sat-reach/<engine> or sat-distance/<engine> (the labels of runners/experiments/sat.yaml)`);

const points: { engine: string; method: string; size: string; medianMs: number; runs: number; answered: number }[] = [];
const rows: string[][] = [];
for (const [engine, runs] of groupBy(labelled, (l) => l.engine)) {
  const bySizeClass = groupBy(runs, (l) => classOf(l.record));
  for (const size of CLASSES) {
    const stat = (method: string) => {
      const mine = (bySizeClass.get(size) ?? []).filter((l) => l.method === method).map((l) => l.record);
      return { medianMs: median(mine.map((r) => par2Ms(r, timeoutMs))), runs: mine.length, answered: mine.filter(isSolvedLike).length };
    };
    const [reach, distance] = METHODS.map(stat);
    if (reach.runs === 0 && distance.runs === 0) continue;
    for (const [method, s] of [[METHODS[0], reach], [METHODS[1], distance]] as const) if (s.medianMs !== null) points.push({ engine, method, size, medianMs: Math.max(RESOLUTION_MS, s.medianMs), runs: s.runs, answered: s.answered });
    rows.push([engine, size, String(reach.runs), `${fmt(reach.medianMs, 0)} (${reach.answered})`, String(distance.runs), `${fmt(distance.medianMs, 0)} (${distance.answered})`, ratio(reach.medianMs, distance.medianMs)]);
  }
}
const table = markdownTable(
  ['engine', 'size class', 'sat-reach runs', 'sat-reach median PAR-2 ms (answered)', 'sat-distance runs', 'sat-distance median PAR-2 ms (answered)', 'reach/distance'],
  rows,
  ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
);
const note = `\nPAR-2: a run without an answer counts as twice the ${timeoutMs / 1000} s time limit. A ratio below 1: sat-reach is faster.\n`;
process.stdout.write(table + note);

const spec: Spec = {
  $schema: SCHEMA,
  config,
  background: 'white',
  title: "hakerh400's claim: reachability front (sat-reach) vs path distance (sat-distance)",
  data: { values: points },
  facet: { column: { field: 'engine', type: 'nominal', title: 'engine' } },
  spec: {
    width: 260,
    height: 220,
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'size', type: 'ordinal', sort: CLASSES, title: 'size class' },
      y: { field: 'medianMs', type: 'quantitative', scale: { type: 'log' }, title: `median PAR-2 time (ms, log; failures as ${(2 * timeoutMs) / 1000} s)` },
      color: { field: 'method', type: 'nominal', title: 'encoding', scale: colourScale([...METHODS]) },
    },
  },
};
const charts = join(dir, 'charts');
mkdirSync(charts, { recursive: true });
const stem = join(charts, 'hakerh400-reach-vs-distance');
writeFileSync(`${stem}.vl.json`, JSON.stringify(spec, null, 2) + '\n');
const svg = await specToSvg(spec);
writeFileSync(`${stem}.svg`, svg);
writeFileSync(`${stem}.png`, svgToPng(svg));
writeFileSync(join(dir, 'hakerh400-claim.md'), `# hakerh400's claim: sat-reach faster on small grids, sat-distance on large ones\n\n${table}${note}`);
process.stderr.write(`wrote ${stem}.svg (.vl.json, .png) and ${join(dir, 'hakerh400-claim.md')}\n`);
