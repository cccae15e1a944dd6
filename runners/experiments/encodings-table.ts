// The table of `npm run bench:encodings`: per back-end and size class (each crafted set a class of its own), the engine(s) its runs
// reported (stats.engine: glpk-cuts runs on glpk-wasm or glpk.js, sat-* on several SAT engines), runs, answered (solved, or proved
// unsat), wrong answers, PAR-2 (mean, a run not answered counts twice the limit), median time of the
// answered runs, and the ratio of that median to the peer's (cspuz_core) median on the same puzzles.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PEER_BUILTIN } from '../../datasets/shared.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { isSolvedLike, readRecords, sizeClassOf, type RunRecord } from '../../reports/records.ts';
import { bySize, groupBy, meanPar2Seconds, median } from '../../reports/statistics.ts';
import { fmt, markdownTable, ratio } from '../../reports/tables.ts';
import { commandLine, fail } from './script.ts';
import { readRunFile, runTimeoutMs } from '../harness/results/run-file.ts';
import { DEFAULT_TIMEOUT_MS } from '../harness/plans/plan-defaults.ts';

const USAGE = `usage: tsx runners/experiments/encodings-table.ts RESULTS_DIR [PEER_CSV]

Per back-end and size class of a bench run: the engine its runs reported, runs, answered, wrong, PAR-2 (s), median (ms) of the answered
runs, and the ratio to the peer's median on the same puzzles (PEER_CSV, default ${PEER_BUILTIN}; the column
is left empty when the file or the puzzles are absent). The limit is read from run.json (60 s if absent).`;

const { positionals } = commandLine(USAGE, { options: {}, allowPositionals: true }, 2);
const [dir, peerPath = PEER_BUILTIN] = positionals;
if (!dir) fail('a results directory is required (see --help)');
if (!existsSync(join(dir, 'results.jsonl'))) fail(`${dir}: no results.jsonl here (run npm run bench:encodings first)`);
const records = readRecords(dir);
if (records.length === 0) fail(`${dir}: results.jsonl holds no runs`);
// No run.json (or an unreadable one): the default limit, which the plan keeps.
const timeoutMs = runTimeoutMs(readRunFile(dir, { lenient: true })) ?? DEFAULT_TIMEOUT_MS;
const peer = readPeerRuns(peerPath);

// The crafted sets measure other things (no solution, several, cut rounds): each is a class of its own.
const CRAFTED = /^(unsat|multi|lazy-trap-\d+)$/;
const classOf = (r: RunRecord) => (CRAFTED.test(r.dataset) ? r.dataset : sizeClassOf(r));

const rows: string[][] = [];
for (const [backend, mine] of [...groupBy(records, (r) => r.backend)].sort(([a], [b]) => a.localeCompare(b))) {
  const classes = groupBy(mine, classOf);
  for (const size of [...classes.keys()].sort((a, b) => Number(CRAFTED.test(a)) - Number(CRAFTED.test(b)) || bySize(a, b))) {
    const runs = classes.get(size)!;
    const answered = runs.filter(isSolvedLike);
    const ours = median(answered.map((r) => r.solve_ms));
    // The peer's median over the puzzles we answered (same puzzles, same sets).
    const theirs = median(answered.flatMap((r) => {
      // Built-in instances are named set/id already; the peer's file names them the same way.
      const p = peer.get(r.instance) ?? peer.get(`${r.dataset}/${r.instance}`);
      return p ? [p.ms] : [];
    }));
    const engines = [...new Set(runs.map((r) => r.stats?.engine).filter((e) => typeof e === 'string'))].join(', ');
    rows.push([backend, engines || '-', size, String(runs.length), String(answered.length), String(runs.filter((r) => r.status === 'wrong').length), fmt(meanPar2Seconds(runs, timeoutMs)), ours === null ? '-' : fmt(ours), ours !== null && theirs !== null ? ratio(ours, theirs) : '']);
  }
}
process.stdout.write(markdownTable(['back-end', 'engine', 'size', 'runs', 'answered', 'wrong', 'PAR-2 (s)', 'median (ms)', 'x peer median'], rows, ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right']));
