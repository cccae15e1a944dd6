// Compares a bench run with the peer's published timings (cspuz_core), per back-end and size class:
// our median solve time against the peer's median on the same puzzles. Prints a markdown table.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PEER_JANKO } from '../../datasets/shared.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { isSolvedLike, readRecords, sizeClassOf, type RunRecord } from '../../reports/records.ts';
import { bySize, groupBy, median } from '../../reports/statistics.ts';
import { fmt, markdownTable, maxOf, ratio } from '../../reports/tables.ts';
import { commandLine, fail, requireShared } from './script.ts';

const USAGE = `usage: tsx runners/experiments/compare-peer.ts RESULTS_DIR [PEER_CSV]

Per back-end and size class (rows x cols) of a bench results directory: runs, answered (solved or proved
unsat), our median and max solve time, the peer's (cspuz_core) median on the same puzzles, and the ratio.
PEER_CSV defaults to ${PEER_JANKO}.`;

const { positionals } = commandLine(USAGE, { options: {}, allowPositionals: true }, 2);
const [dir, peerPath = PEER_JANKO] = positionals;
if (!dir) fail('a results directory is required (see --help)');
if (!existsSync(join(dir, 'results.jsonl'))) fail(`${dir}: no results.jsonl here (run \`slitherbench bench --out ${dir}\` first)`);
requireShared(peerPath, "the peer's timings (cspuz_core)");

const peer = readPeerRuns(peerPath);
const records = readRecords(dir);
if (records.length === 0) fail(`${dir}: results.jsonl holds no runs`);

// Built-in sets name their puzzles per set (dataset/id); the janko collection by id alone.
const peerOf = (r: RunRecord) => peer.get(`${r.dataset}/${r.instance}`) ?? peer.get(r.instance);

const rows: (string | number)[][] = [];
let matched = 0;
for (const [backend, mine] of [...groupBy(records, (r) => r.backend)].sort(([a], [b]) => a.localeCompare(b))) {
  const classes = groupBy(mine, sizeClassOf);
  for (const size of [...classes.keys()].sort(bySize)) {
    const runs = classes.get(size)!;
    const ours = runs.filter(isSolvedLike).map((r) => r.solve_ms);
    // One peer time per puzzle, however many repeats we ran.
    const theirs = [...new Map(runs.flatMap((r) => { const p = peerOf(r); return p ? [[r.instance, p.ms] as const] : []; })).values()];
    matched += theirs.length;
    const oursMedian = median(ours);
    const theirMedian = median(theirs);
    rows.push([backend, size, runs.length, ours.length, fmt(oursMedian), fmt(maxOf(ours)), fmt(theirMedian), ratio(oursMedian, theirMedian)]);
  }
}
process.stdout.write(markdownTable(
  ['back-end', 'size', 'runs', 'answered', 'median (ms)', 'max (ms)', 'peer median (ms)', 'ratio of medians'],
  rows,
  ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
));
if (matched === 0) process.stderr.write(`compare-peer: none of these puzzles is in ${peerPath}; the peer columns are empty\n`);
