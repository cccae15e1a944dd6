// Benchmark of one back-end on the janko collection, per size class (rows x cols), beside the peer's published
// timings (cspuz_core). One warm worker loads the back-end once, so times exclude process start and library
// load; every answer goes through the verifier and is held against the published solution.
// Prints a markdown table on stdout, progress on stderr.
import { JANKO_PUZZLES, PEER_JANKO, hasShared } from '../../datasets/shared.ts';
import { loadDataset, type Instance } from '../../datasets/load.ts';
import { sameSolution } from '../../encodings/solution.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { bySize, groupBy, median } from '../../reports/statistics.ts';
import { fmt, markdownTable, maxOf, ratio } from '../../reports/tables.ts';
import { Scheduler } from '../workers/scheduler.ts';
import { DEFAULT_LIMITS } from '../workers/worker-process.ts';
import { solveOptionsFrom } from '../settings/solve-options.ts';
import { checked, fail, loadBackends, requireShared, scriptCommandLine } from './script.ts';

const { values } = scriptCommandLine(`usage: tsx runners/experiments/bench-janko.ts --backend ID [--unique] [--limit N] [--sizes RxC,...]
    [--timeout S] [--seed N] [--option key=value ...] [--janko-file FILE] [--peer-file FILE]

Runs one back-end in one warm worker on the janko collection, per size class: count, answered, unique, matches
with the published solution, median and max time, the peer's (cspuz_core) median and the ratio. A run past
--timeout is killed and counted as a timeout.`, ['backend', 'unique', 'limit', 'sizes', 'timeout', 'seed', 'option', 'jankoFile', 'peerFile'], {
  backend: { help: 'the back-end (see `backends`); its options with --option' },
  limit: { help: 'the first N puzzles of each size class' },
  sizes: { help: 'size classes to run (rows x cols), comma-separated, e.g. 10x10,10x18' },
  timeout: { help: 'time limit per puzzle, in seconds' },
  seed: { help: "the solver's random seed" },
  jankoFile: { default: JANKO_PUZZLES },
  peerFile: { default: PEER_JANKO },
});
if (!values.backend) fail('--backend is required (see --help)');
const limit = values.limit ?? Infinity;
const { sizes, timeout: timeoutMs, seed } = values;
// Read as solve reads its flags: --option adds to the options written after the back-end's ID.
const solveOptions = solveOptionsFrom({ timeout: timeoutMs, unique: values.unique, seed, option: values.option }, values.backend);
const { params } = solveOptions;
requireShared(values.jankoFile, 'the janko collection');
if (!hasShared(values.peerFile)) process.stderr.write(`bench-janko: the peer's timings are absent (${values.peerFile}): the peer columns stay empty\n`);

const peer = readPeerRuns(values.peerFile);
const byClass = groupBy(checked(() => loadDataset(values.jankoFile, sizes ? { sizes } : {})).instances, (i) => `${i.puzzle.rows}x${i.puzzle.cols}`);
const classes = [...byClass.keys()].sort(bySize);
// --limit counts per size class, so that every class is represented (loadDataset's limit is overall).
const picked = new Map<string, Instance[]>(classes.map((c) => [c, byClass.get(c)!.slice(0, limit)]));
const total = [...picked.values()].reduce((n, list) => n + list.length, 0);
if (total === 0) fail(`no janko puzzle of size ${sizes?.join(',')} (sizes are rows x cols)`);

const [backend] = await loadBackends([values.backend], '--backend');
const availability = await backend.available();
if (!availability.available) fail(`back-end ${backend.name} cannot run here: ${availability.reason}`);
// One warm worker runs every puzzle: loaded once, so times exclude process start and library load, and a run
// past the time limit is killed (a timeout) instead of holding up the rest.
const workers = new Scheduler({ limits: DEFAULT_LIMITS });
const lane = { backend: backend.name, params };
await workers.start(lane).catch((error: Error) => fail(error.message));

const rows: string[][] = [];
const failures: string[] = [];
const allOurs: number[] = [];
const allPeer: number[] = [];
let index = 0;
let answeredAll = 0;
let lastStats: Record<string, unknown> = {};
for (const size of classes) {
  const ours: number[] = [];
  const theirs: number[] = [];
  let unique = 0;
  let compared = 0;
  let matches = 0;
  for (const instance of picked.get(size)!) {
    index++;
    const { result } = await workers.solve(lane, instance.puzzle, solveOptions);
    lastStats = result.stats;
    if (result.status === 'solved' || result.status === 'unsat') {
      ours.push(result.timeMs);
      if (result.unique === true) unique++;
      if (result.solution && instance.published) {
        compared++;
        if (sameSolution(result.solution, instance.published)) matches++;
        // A proven-unique puzzle has one loop: a different one means a bug here or in the published file.
        else if (result.unique === true) failures.push(`${instance.id}:wrong (unique, yet not the published solution)`);
      }
    } else failures.push(`${instance.id}:${result.status}${result.message ? ` (${result.message})` : ''}`);
    const p = peer.get(instance.id);
    if (p) theirs.push(p.ms);
    process.stderr.write(`\r${index}/${total} ${instance.id} ${result.status} ${result.timeMs.toFixed(0)} ms        `);
  }
  answeredAll += ours.length;
  allOurs.push(...ours);
  allPeer.push(...theirs);
  rows.push([size, String(picked.get(size)!.length), String(ours.length), String(unique), `${matches}/${compared}`, fmt(median(ours)), fmt(maxOf(ours)), fmt(median(theirs)), ratio(median(ours), median(theirs))]);
}
workers.close();
process.stderr.write('\n');
rows.push(['all', String(total), String(answeredAll), '', '', fmt(median(allOurs)), fmt(maxOf(allOurs)), fmt(median(allPeer)), ratio(median(allOurs), median(allPeer))]);

const setting = [`backend ${backend.name}`, solveOptions.unique ? 'with uniqueness' : 'first solution only', `timeout ${timeoutMs / 1000} s`, `seed=${seed}`];
for (const [k, v] of Object.entries(params)) setting.push(`${k}=${v}`);
for (const k of ['workers', 'params', 'liftoffOnly', 'engine']) if (k in lastStats && !(k in params)) setting.push(`${k}=${String(lastStats[k])}`);
process.stdout.write(`janko collection, ${total} puzzles${Number.isFinite(limit) ? ` (first ${limit} per size class)` : ''}; ${setting.join(', ')}\n\n`);
process.stdout.write(markdownTable(
  ['class', 'count', 'answered', 'unique', 'matches published', 'median (ms)', 'max (ms)', 'peer median (ms)', 'ratio'],
  rows,
  ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
));
if (failures.length) process.stdout.write(`\nnot done: ${failures.join(', ')}\n`);
// Library worker threads must not keep the benchmark alive.
process.exit(failures.some((f) => f.includes(':error') || f.includes(':wrong')) ? 1 : 0);
