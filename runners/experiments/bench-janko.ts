// In-process benchmark of one back-end on the janko collection, per size class (rows x cols), beside the
// peer's published timings (cspuz_core). One process and prepare() once, so times exclude process start and
// library load; every answer goes through the verifier and is held against the published solution.
// Prints a markdown table on stdout, progress on stderr.
import { JANKO_PUZZLES, PEER_JANKO, hasShared } from '../../datasets/shared.ts';
import { loadDataset, parseSizes, type Instance } from '../../datasets/load.ts';
import { getBackend } from '../../encodings/registry.ts';
import { sameSolution } from '../../encodings/solution.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { bySize, groupBy, median } from '../../reports/statistics.ts';
import { fmt, markdownTable, maxOf, ratio } from '../../reports/tables.ts';
import { parseInteger, parseSeconds } from '../harness/plans/values.ts';
import { solveWithBackend } from '../harness/solving/pipeline.ts';
import { checked, commandLine, fail, requireShared } from './script.ts';

const USAGE = `usage: tsx runners/experiments/bench-janko.ts --backend ID [--unique] [--limit N] [--sizes RxC,...]
    [--timeout S] [--seed N] [--param key=value ...] [--janko FILE] [--peer FILE]

Runs one back-end in this process on the janko collection, per size class: count, answered, unique, matches
with the published solution, median and max time, the peer's (cspuz_core) median and the ratio.
  --limit N      the first N puzzles of each size class
  --sizes        size classes to run (rows x cols), e.g. 10x10,10x18
  --timeout S    per puzzle, in seconds (default 60)
  --seed N       the solver's random seed (default 1)
  --param k=v    a back-end option (repeatable)
  --janko FILE   default ${JANKO_PUZZLES}
  --peer FILE    default ${PEER_JANKO}`;

const { values } = commandLine(USAGE, {
  options: {
    backend: { type: 'string' },
    unique: { type: 'boolean', default: false },
    limit: { type: 'string' },
    sizes: { type: 'string' },
    timeout: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    param: { type: 'string', multiple: true, default: [] },
    janko: { type: 'string', default: JANKO_PUZZLES },
    peer: { type: 'string', default: PEER_JANKO },
  },
});
if (!values.backend) fail('--backend is required (see --help)');
const limit = values.limit === undefined ? Infinity : checked(() => parseInteger(values.limit!, '--limit', 1));
const sizes = values.sizes ? checked(() => parseSizes(values.sizes!)) : undefined;
const timeoutMs = checked(() => parseSeconds(values.timeout)) * 1000;
const seed = checked(() => parseInteger(values.seed, '--seed'));
const params: Record<string, string> = {};
for (const p of values.param) {
  const at = p.indexOf('=');
  if (at < 1) fail(`--param wants key=value, got '${p}'`);
  params[p.slice(0, at)] = p.slice(at + 1);
}
requireShared(values.janko, 'the janko collection');
if (!hasShared(values.peer)) process.stderr.write(`bench-janko: the peer's timings are absent (${values.peer}): the peer columns stay empty\n`);

const peer = readPeerRuns(values.peer);
const byClass = groupBy(checked(() => loadDataset(values.janko, sizes ? { sizes } : {})).instances, (i) => `${i.puzzle.rows}x${i.puzzle.cols}`);
const classes = [...byClass.keys()].sort(bySize);
// --limit counts per size class, so that every class is represented (loadDataset's limit is overall).
const picked = new Map<string, Instance[]>(classes.map((c) => [c, byClass.get(c)!.slice(0, limit)]));
const total = [...picked.values()].reduce((n, list) => n + list.length, 0);
if (total === 0) fail(`no janko puzzle of size ${values.sizes} (sizes are rows x cols)`);

const backend = await (async () => {
  try {
    return await getBackend(values.backend!);
  } catch (error) {
    fail((error as Error).message);
  }
})();
const availability = await backend.available();
if (!availability.available) fail(`back-end ${backend.name} cannot run here: ${availability.reason}`);
await backend.prepare?.();

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
    const result = await solveWithBackend(backend, instance.puzzle, { timeoutMs, unique: values.unique, seed, params });
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
process.stderr.write('\n');
rows.push(['all', String(total), String(answeredAll), '', '', fmt(median(allOurs)), fmt(maxOf(allOurs)), fmt(median(allPeer)), ratio(median(allOurs), median(allPeer))]);

const setting = [`backend ${backend.name}`, values.unique ? 'with uniqueness' : 'first solution only', `timeout ${timeoutMs / 1000} s`, `seed=${seed}`];
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
