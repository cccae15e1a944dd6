// bench:grids: the back-ends across Loopy's grids at the same number of edges. For each grid and each target
// edge count, the size whose graph comes nearest, puzzles made by Loopy's own generator at one of its
// difficulties (unique by its account), and each back-end's own time with uniqueness, fastest of a few
// repeats. Loopy's own solver runs beside when its binary is given (--peer-bin: the standalone solver built
// from Loopy's public source, which this project does not ship); it is timed as a whole process, since it
// reports no time of its own. Writes summary.md, grids.csv and a chart of time against edges per grid.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { findLoopy, generateWithLoopy, LOOPY_DIFFICULTIES, LOOPY_MISSING, loopyVersion } from '../../datasets/loopy.ts';
import { Random, withPatch } from '../../datasets/generator.ts';
import { gridOf, type Shape } from '../../encodings/grid.ts';
import { DEBIAN_LOOPY_TILINGS, TILINGS } from '../../encodings/tilings/index.ts';
import { specToSvg, svgToPng } from '../../reports/chart-images.ts';
import { isSolvedLike, readRecords, type RunRecord } from '../../reports/records.ts';
import { median } from '../../reports/statistics.ts';
import { fmt, markdownTable } from '../../reports/tables.ts';
import { machineInfo } from '../harness/results/machine.ts';
import { formatBackendSpec } from '../../encodings/backend-spec.ts';
import { SECONDS_AS_MS } from '../settings/table.ts';
import { benchExperiment } from './bench-run.ts';
import { fail, loadBackends, scriptCommandLine } from './script.ts';
import { fastestWarmRuns, peerBinaryPresent } from './versus-peer.ts';

const PEER = 'loopy-solver';

const { values } = scriptCommandLine(`usage: npm run bench:grids -- [--grids all|square,honeycomb,...] [--edges 220,840] [--per-grid N] [--difficulty hard]
                              [--backends auto,sat-lazy,cpsat-circuit] [--repeat K] [--timeout S] [--peer-bin PATH] [--seed N] [--out DIR]`,
['grids', 'edges', 'perGrid', 'difficulty', 'backends', 'repeat', 'timeout', 'peerBin', 'seed', 'out'], {
  grids: { default: 'all', defaultText: "all: the square grid and Loopy's 15 others" },
  edges: { help: 'target numbers of edges, comma-separated; each grid is run at the width x height (equal sides) whose graph has the nearest number of edges', default: [220, 840], defaultText: "220,840: the square grid's 10x10 and 20x20" },
  perGrid: { help: 'puzzles per grid and target, made by sgt-loopy (npm run setup:system)', default: 4 },
  difficulty: { help: `Loopy's difficulty: ${LOOPY_DIFFICULTIES.join(', ')}`, default: 'hard' },
  backends: { help: 'back-ends, comma-separated', default: ['auto', 'sat-lazy', 'cpsat-circuit'].map((id) => ({ id, params: {} })) },
  repeat: { help: 'runs per puzzle and back-end, the fastest kept', default: 3 },
  timeout: { help: 'time limit per run, in seconds' },
  peerBin: { help: "Loopy's standalone solver, which you build from Loopy's source and supply (usage: BIN -g GAME_ID); without it the peer's column stays empty" },
  seed: { help: "seed of Loopy's generator" },
  out: { help: 'results folder', default: 'results/bench-grids' },
});
const grids = values.grids === 'all' ? ['square', ...DEBIAN_LOOPY_TILINGS] : values.grids.split(',').map((g) => g.trim());
for (const g of grids) if (g !== 'square' && !TILINGS[g]) fail(`--grids: no grid '${g}' (square, all, or of ${Object.keys(TILINGS).join(', ')})`);
const { edges: targets, perGrid, repeat, seed, difficulty } = values;
const timeoutSeconds = SECONDS_AS_MS.toTyped(values.timeout);
if (!(LOOPY_DIFFICULTIES as readonly string[]).includes(difficulty)) fail(`--difficulty must be one of ${LOOPY_DIFFICULTIES.join(', ')}; got '${difficulty}'`);
await loadBackends(values.backends);
// Each as the command line writes it: the name of its runs and columns.
const backends = values.backends.map(formatBackendSpec);
const peerBin = values.peerBin;
if (peerBin && !peerBinaryPresent(peerBin)) fail(`--peer-bin ${peerBin}: not an executable file`);
if (!findLoopy()) fail(LOOPY_MISSING);
const { out } = values;
mkdirSync(out, { recursive: true });
const loadAtStart = os.loadavg();

/** The shape of a grid at w x w (a Penrose grid with a patch drawn from the seed, for counting only). */
function shapeOf(grid: string, w: number): Shape | null {
  if (grid === 'square') return { rows: w, cols: w };
  const entry = TILINGS[grid];
  if (w < Math.max(entry.least, entry.oneAtLeast)) return null;
  try {
    const tiling = withPatch({ type: grid, width: w, height: w }, new Random(seed));
    gridOf({ rows: w, cols: w, tiling });
    return { rows: w, cols: w, tiling };
  } catch {
    return null;
  }
}

/** The side whose grid has the number of edges nearest `target` (edges grow with the side, so the search stops past it). */
function sideFor(grid: string, target: number): number {
  let best = 0;
  let bestGap = Infinity;
  for (let w = 1; w <= 200; w++) {
    const shape = shapeOf(grid, w);
    if (!shape) continue;
    const edges = gridOf(shape).edgeCount;
    if (Math.abs(edges - target) < bestGap) [best, bestGap] = [w, Math.abs(edges - target)];
    if (edges > target) break;
  }
  return best;
}

// The puzzles: one file, ids GRID-eTARGET-k.
const lines: string[] = [];
const classOf = new Map<string, { grid: string; target: number }>();
for (const grid of grids) {
  for (const target of targets) {
    const side = sideFor(grid, target);
    process.stderr.write(`bench:grids: ${grid} ${side}x${side} for about ${target} edges: ${perGrid} puzzle(s) from sgt-loopy at ${difficulty}\n`);
    const ids = await generateWithLoopy({ rows: side, cols: side, count: perGrid, seed, difficulty, loopyType: grid === 'square' ? 0 : TILINGS[grid].loopyType });
    ids.forEach((id, k) => {
      const name = `${grid}-e${target}-${k + 1}`;
      classOf.set(name, { grid, target });
      lines.push(`${name}\t${id}`);
    });
  }
}
const puzzles = join(out, 'puzzles.txt');
writeFileSync(puzzles, `# bench:grids: Loopy ${difficulty} puzzles, ${perGrid} per grid and target edge count (seed ${seed})\n${lines.join('\n')}\n`);

const outcome = await benchExperiment('bench:grids', { datasets: [{ path: puzzles }], backends, unique: true, certify: false, timeout: timeoutSeconds, repeat, jobs: 1 }, join(out, 'bench.yaml'), join(out, 'bench'));
if (!outcome) process.exit();
if (outcome.disagreements.length > 0) process.stderr.write(`bench:grids: ${outcome.disagreements.length} disagreement(s): see ${join(out, 'bench')}/disagreements.json\n`);
const records: RunRecord[] = fastestWarmRuns(readRecords(join(out, 'bench')));

// The peer: Loopy's solver grades a game ID by solving it; a rating is an answer, "ambiguous" or a failure is not.
if (peerBin) {
  for (const line of lines) {
    const [name, id] = line.split('\t');
    let fastest = Infinity;
    let said = '';
    for (let k = 0; k < repeat; k++) {
      const started = performance.now();
      const run = spawnSync(peerBin, ['-g', id], { encoding: 'utf8', timeout: timeoutSeconds * 1000, killSignal: 'SIGKILL' });
      fastest = Math.min(fastest, performance.now() - started);
      said = run.error || run.signal ? 'timeout' : (run.stdout ?? '').trim();
    }
    const answered = /^Difficulty rating: (?!harder than)/.test(said);
    const ours = records.find((r) => r.instance === name);
    records.push({
      ...(ours ?? ({} as RunRecord)), instance: name, backend: PEER, repeat: 1, status: answered ? 'solved' : said === 'timeout' ? 'timeout' : 'error',
      unique: answered ? true : null, wall_ms: fastest, solve_ms: fastest, encode_ms: null, solver_ms: null, variables: null, clauses: null,
      iterations: null, cuts: null, peak_rss_mb: null, agrees: '', message: answered ? '' : `${PEER}: ${said}`, stats: {}, solution_key: '',
    });
  }
}

// One row per grid and target: its size, and each back-end's median own time (the peer's: its whole process).
const everyone = [...backends, ...(peerBin ? [PEER] : [])];
const medianOf = (grid: string, target: number, backend: string): number | null => {
  const runs = records.filter((r) => r.backend === backend && classOf.get(r.instance)?.grid === grid && classOf.get(r.instance)?.target === target && isSolvedLike(r));
  return runs.length ? median(runs.map((r) => r.solve_ms)) : null;
};
const answeredOf = (grid: string, target: number, backend: string) => {
  const runs = records.filter((r) => r.backend === backend && classOf.get(r.instance)?.grid === grid && classOf.get(r.instance)?.target === target);
  return `${runs.filter(isSolvedLike).length}/${runs.length}`;
};
const rows: (string | number)[][] = [];
const csv: Record<string, string | number | null>[] = [];
for (const target of targets) {
  const squareAuto = medianOf('square', target, 'auto');
  for (const grid of grids) {
    const sample = records.find((r) => classOf.get(r.instance)?.grid === grid && classOf.get(r.instance)?.target === target);
    const shape = sample ? `${sample.cols}x${sample.rows}` : '-';
    const times = everyone.map((b) => medianOf(grid, target, b));
    const auto = medianOf(grid, target, 'auto');
    const peer = peerBin ? medianOf(grid, target, PEER) : null;
    rows.push([grid, shape, sample?.edges ?? '-', ...everyone.map((b, i) => `${fmt(times[i], 2)} (${answeredOf(grid, target, b)})`), auto !== null && peer ? fmt(auto / peer, 2) : '-', auto !== null && squareAuto ? fmt(auto / squareAuto, 2) : '-']);
    csv.push({ grid, target_edges: target, size: shape, edges: sample?.edges ?? null, ...Object.fromEntries(everyone.map((b, i) => [`${b}_median_ms`, times[i]])) });
  }
}
const header = ['grid', 'size (W x H)', 'edges', ...everyone.map((b) => `${b} median ms (answered)`), 'auto / peer', 'auto / auto on the square grid'];
const info = machineInfo() as { machine: { cpu: string; cores: number; memoryMb: number; os: string }; software: { node: string }; gitCommit: string | null };
const provenance = [
  `Generated by \`npm run bench:grids${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\`; rerun it to measure again.`,
  '',
  `- commit: ${info.gitCommit ? `\`${info.gitCommit}\`` : 'not recorded'}`,
  `- machine: ${info.machine.cpu}, ${info.machine.cores} cores, ${info.machine.memoryMb} MB, ${info.machine.os}; Node ${info.software.node}; sgt-loopy ${loopyVersion() ?? '(version not read)'}`,
  `- load average (1, 5, 15 min): ${loadAtStart.map((x) => x.toFixed(2)).join(', ')} at the start, ${os.loadavg().map((x) => x.toFixed(2)).join(', ')} at the end`,
].join('\n');
const summary = `# Back-ends across Loopy's grids at the same number of edges\n\n${provenance}\n\nLoopy ${difficulty} puzzles (its generator, seed ${seed}), ${perGrid} per grid and target edge count; each back-end's own time with uniqueness, the fastest of ${repeat} runs per puzzle, limit ${timeoutSeconds} s.` +
  (peerBin ? ` ${PEER}: Loopy's standalone solver (${peerBin}), its whole process (it reports no time of its own), the fastest of ${repeat}.` : ' No peer (--peer-bin not given).') + '\n\n' +
  markdownTable(header, rows, ['left', 'left', 'right', ...everyone.map(() => 'right' as const), 'right', 'right']);
writeFileSync(join(out, 'summary.md'), summary);
writeFileSync(join(out, 'grids.csv'), stringify(csv, { header: true }));
const points = records.filter((r) => isSolvedLike(r) && r.edges).map((r) => ({ grid: classOf.get(r.instance)?.grid, backend: r.backend, edges: r.edges, ms: Math.max(r.solve_ms, 0.01) }));
const spec = {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title: `Time against edges per grid (log-log): each back-end's own time${peerBin ? `; ${PEER}: its whole process` : ''}`,
  data: { values: points },
  facet: { column: { field: 'backend', type: 'nominal', title: null } },
  spec: { width: 260, height: 220, mark: { type: 'point', filled: true }, encoding: { x: { field: 'edges', type: 'quantitative', scale: { type: 'log' } }, y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'time (ms)' }, color: { field: 'grid', type: 'nominal' } } },
};
writeFileSync(join(out, 'grids.vl.json'), JSON.stringify(spec, null, 2) + '\n');
const svg = await specToSvg(spec);
writeFileSync(join(out, 'grids.svg'), svg);
writeFileSync(join(out, 'grids.png'), svgToPng(svg));
process.stdout.write(summary);
process.stderr.write(`bench:grids: ${join(out, 'summary.md')}, grids.csv, grids.png\n`);
