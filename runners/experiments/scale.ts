// bench:scale: every back-end from 5x5 to 200x200, uniqueness proved, under one time limit per run. Size by
// size, smallest first: a back-end that answers none of a size's puzzles is not run on larger ones (its
// larger runs are counted as timeouts for PAR-2, marked "not run"), which keeps the whole run bounded.
// The peer (cspuz_core, native) runs beside when its binary is here. Writes summary.md, scale.csv and the
// scaling chart (time and encoding size against cells, log-log, a least-squares exponent per back-end).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { builtinDatasetNames } from '../../datasets/builtin.ts';
import { loadDataset } from '../../datasets/load.ts';
import { writePuzzle } from '../../encodings/formats/index.ts';
import { listBackends } from '../../encodings/registry.ts';
import { specToSvg, svgToPng } from '../../reports/chart-images.ts';
import { isSolvedLike, readRecords, type RunRecord } from '../../reports/records.ts';
import { drawnMs, scaleChart, type ScalePoint } from '../../reports/specs.ts';
import { meanPar2Seconds, median, powerLawFit, type PowerLaw } from '../../reports/statistics.ts';
import { fmt, markdownTable } from '../../reports/tables.ts';
import { formatBackendSpec } from '../../encodings/backend-spec.ts';
import { benchExperiment } from './bench-run.ts';
import { fail, loadBackends, scriptCommandLine } from './script.ts';
import { PEER_BINARY } from './versus-peer.ts';

/** Size classes, smallest first, and the built-in set each is taken from. */
const SIZES: [string, string][] = [['5x5', 'gen-5x5'], ['10x10', 'gen-10x10'], ['20x20', 'gen-20x20'], ['40x35', 'gen-40x35'], ['60x60', 'gen-60x60'], ['100x100', 'gen-100x100'], ['200x200', 'gen-200x200']];
const PEER = 'cspuz-peer';

const { values } = scriptCommandLine(`usage: tsx runners/experiments/scale.ts [--backends A,B,...] [--sizes 5x5,...] [--per-size N] [--timeout S] [--memory MB] [--peer on|off] [--peer-bin PATH] [--out DIR]

Runs bench with uniqueness size by size (${SIZES.map(([s, set]) => `${s} from ${set}`).join(', ')}); a back-end
that answers none of a size's puzzles within the limit is not run on the larger sizes. Then writes
DIR/summary.md (per back-end and size: answered, median time, PAR-2, peak memory, encoding size; fitted
exponents), DIR/scale.csv and DIR/scale.{vl.json,svg,png}.`, ['backends', 'sizes', 'perSize', 'timeout', 'memory', 'peer', 'peerBin', 'out'], {
  backends: { help: 'back-ends, comma-separated', defaultText: 'every one available here' },
  sizes: { help: 'size classes to run, comma-separated', defaultText: 'all of the above that are built' },
  perSize: { default: 2 },
  timeout: { help: 'seconds per run, uniqueness included; the whole run stays under about back-ends x sizes x per-size x timeout, much less as slow back-ends drop out', default: 10_000 },
  memory: { help: 'MB per worker process; over it the run is memout', default: 4096 },
  peer: { default: true, defaultText: 'on' },
  peerBin: { default: PEER_BINARY },
  out: { default: 'results/bench-scale' },
});
const { perSize, timeout: timeoutMs, memory: memoryMb, out, peerBin } = values;
const built = builtinDatasetNames();
const askedSizes = values.sizes;
for (const s of askedSizes ?? []) if (!SIZES.some(([size]) => size === s)) fail(`--sizes: no size class ${s} (known: ${SIZES.map(([size]) => size).join(', ')})`);
const sizes = SIZES.filter(([size]) => !askedSizes || askedSizes.includes(size)).filter(([size, set]) => {
  if (built.includes(set)) return true;
  process.stderr.write(`bench:scale: ${set} is not built (npm run datasets:build -- ${set}); ${size} skipped\n`);
  return false;
});
if (sizes.length === 0) fail('no size class to run');
const all = await listBackends();
const available: string[] = [];
for (const b of all) if ((await b.available()).available) available.push(b.name);
await loadBackends(values.backends ?? []);
// Each as the command line writes it: the name of its runs and columns.
const backends = values.backends ? values.backends.map(formatBackendSpec) : available;
const peerOn = values.peer && existsSync(peerBin);
if (values.peer && !peerOn) process.stderr.write(`bench:scale: the peer binary is missing (${peerBin}; give the path of cspuz_core's cspuz-slither with --peer-bin): its column stays empty\n`);
mkdirSync(out, { recursive: true });

let alive = [...backends];
let peerAlive = peerOn;
const stoppedAfter = new Map<string, string>();
const records: RunRecord[] = [];
const planned = new Map<string, number>(); // size -> puzzles
for (const [size, set] of sizes) {
  const count = Math.min(perSize, loadDataset(set, { limit: perSize }).instances.length);
  planned.set(size, count);
  if (alive.length > 0) {
    process.stderr.write(`bench:scale: ${size} (${count} of ${set}) x ${alive.join(', ')}\n`);
    const experiment = { datasets: [{ path: set, limit: perSize }], backends: alive, unique: true, certify: false, timeout: timeoutMs / 1000, jobs: 1, memoryMb };
    const outcome = await benchExperiment(`bench:scale ${size}`, experiment, join(out, `${size}.yaml`), join(out, size));
    if (!outcome) process.exit();
    // A wrong answer or a disagreement is recorded with the runs, and said here.
    if (outcome.disagreements.length > 0) process.stderr.write(`bench:scale: ${outcome.disagreements.length} disagreement(s) at ${size}: see ${join(out, size)}/disagreements.json\n`);
    const here = readRecords(join(out, size)).filter((r) => alive.includes(r.backend));
    records.push(...here);
    for (const b of alive) if (!here.some((r) => r.backend === b && isSolvedLike(r))) stoppedAfter.set(b, size);
    alive = alive.filter((b) => !stoppedAfter.has(b));
  }
  if (peerAlive) {
    const peerRuns = runPeer(set, size);
    records.push(...peerRuns);
    if (!peerRuns.some(isSolvedLike)) {
      stoppedAfter.set(PEER, size);
      peerAlive = false;
    }
  }
}

/** The peer on each puzzle of a size, one process per puzzle (`--once`), under the same limit. */
function runPeer(set: string, size: string): RunRecord[] {
  const out: RunRecord[] = [];
  for (const instance of loadDataset(set, { limit: perSize }).instances) {
    const url = writePuzzle(instance.puzzle, 'url').trim();
    const started = Date.now();
    const run = spawnSync(peerBin, ['--once', url], { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
    const wall = Date.now() - started;
    const [, status, ms] = (run.stdout ?? '').trim().split('\t');
    const answered = status === 'unique' || status === 'multiple';
    out.push({
      instance: instance.id, dataset: set, backend: PEER, repeat: 1, status: answered ? 'solved' : run.error || run.signal ? 'timeout' : 'error', unique: answered ? status === 'unique' : null,
      wall_ms: wall, solve_ms: answered ? Number(ms) : wall, encode_ms: null, solver_ms: null, rows: instance.puzzle.rows, cols: instance.puzzle.cols,
      clues: instance.puzzle.clues.filter((c) => c !== null).length, variables: null, clauses: null, iterations: null, cuts: null, peak_rss_mb: null,
      agrees: '', message: answered ? '' : `peer: ${status ?? run.error?.message ?? 'no answer'}`, stats: {}, solution_key: '', puzzle: url,
    });
    process.stderr.write(`bench:scale: ${size} ${instance.id} ${PEER}: ${status ?? 'timeout'} ${answered ? `${ms} ms` : ''}\n`);
  }
  return out;
}

// Tables and fits.
const everyone = [...backends, ...(peerOn ? [PEER] : [])];
// A puzzle not run (a smaller size answered none) counts as a timeout.
const par2 = (runs: RunRecord[], n: number) => meanPar2Seconds([...runs, ...Array.from({ length: Math.max(0, n - runs.length) }, () => ({ status: 'timeout' as const, solve_ms: 0 }))], timeoutMs);
const fits: Record<string, { time?: PowerLaw; size?: PowerLaw }> = {};
const timePoints: ScalePoint[] = [];
const sizePoints: ScalePoint[] = [];
for (const b of everyone) {
  const answered = records.filter((r) => r.backend === b && isSolvedLike(r));
  const time = answered.map((r) => ({ backend: b, cells: r.rows * r.cols, value: drawnMs(r.solve_ms) }));
  const seen = new Set<string>();
  const size = records.filter((r) => r.backend === b && r.clauses).filter((r) => !seen.has(r.instance) && seen.add(r.instance)).map((r) => ({ backend: b, cells: r.rows * r.cols, value: r.clauses! }));
  timePoints.push(...time);
  sizePoints.push(...size);
  fits[b] = { time: powerLawFit(time.map((p) => ({ x: p.cells, y: p.value }))) ?? undefined, size: powerLawFit(size.map((p) => ({ x: p.cells, y: p.value }))) ?? undefined };
}
const header = ['back-end', 'size', 'answered', 'median (ms)', 'PAR-2 (s)', 'peak memory (MB)', 'clauses / constraints'];
const rows: (string | number)[][] = [];
for (const b of everyone) {
  for (const [size] of sizes) {
    const n = planned.get(size) ?? 0;
    const runs = records.filter((r) => r.backend === b && `${r.rows}x${r.cols}` === size);
    const stopped = stoppedAfter.get(b);
    if (runs.length === 0) {
      rows.push([b, size, stopped ? `not run (none answered at ${stopped})` : 'not run', '-', fmt(2 * timeoutMs / 1000, 1), '-', '-']);
      continue;
    }
    const answered = runs.filter(isSolvedLike);
    const memory = runs.map((r) => r.peak_rss_mb).filter((m): m is number => m !== null);
    rows.push([b, size, `${answered.length}/${n}`, fmt(median(answered.map((r) => r.solve_ms)), 1), fmt(par2(runs, n), 2), memory.length ? fmt(Math.max(...memory), 0) : '-', fmt(median(runs.map((r) => r.clauses).filter((c): c is number => c !== null)), 0)]);
  }
}
const exponentRows = everyone.map((b) => [b, fits[b].time ? `${fmt(fits[b].time!.exponent, 2)} (R² ${fmt(fits[b].time!.r2, 2)}, ${fits[b].time!.points} runs)` : '-', fits[b].size ? fmt(fits[b].size!.exponent, 2) : '-', stoppedAfter.get(b) ?? '-']);
const summary = `# bench:scale\n\nEvery back-end with uniqueness, ${perSize} puzzle(s) per size, ${timeoutMs / 1000} s per run, ${memoryMb} MB per worker; PAR-2 counts a run not made as a timeout.\n\n` +
  markdownTable(['back-end', 'time exponent (least squares, answered runs)', 'size exponent', 'last size run (none answered)'], exponentRows, ['left', 'right', 'right', 'left']) + '\n' +
  markdownTable(header, rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right']);
writeFileSync(join(out, 'summary.md'), summary);
writeFileSync(join(out, 'scale.csv'), stringify(records.map((r) => ({ size: `${r.rows}x${r.cols}`, instance: r.instance, backend: r.backend, status: r.status, unique: r.unique, solve_ms: r.solve_ms, peak_rss_mb: r.peak_rss_mb, variables: r.variables, clauses: r.clauses })), { header: true }));
const chart = scaleChart(timePoints, sizePoints, everyone, fits);
const svg = await specToSvg(chart.spec);
writeFileSync(join(out, 'scale.vl.json'), JSON.stringify(chart.spec, null, 2) + '\n');
writeFileSync(join(out, 'scale.svg'), svg);
writeFileSync(join(out, 'scale.png'), svgToPng(svg));
process.stdout.write(summary);
process.stderr.write(`bench:scale: ${join(out, 'summary.md')}, scale.csv, scale.png\n`);
