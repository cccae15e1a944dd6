// cdcl-loop and auto beside the peer (cspuz_core), puzzle by puzzle: one fresh process per puzzle
// (`solve --unique --json`, its timeMs) and, from the warm bench run of cdcl.yaml, the workers' solve_ms.
// Per set, back-end and mode: our median and worst, the peer's median and worst on the same puzzles,
// median / peer median and the worst per-puzzle ratio ours / peer's. Writes fresh.csv and summary.md.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { builtinDatasetNames } from '../../datasets/builtin.ts';
import { loadDataset, type DatasetFilters } from '../../datasets/load.ts';
import { JANKO_PUZZLES, PEER_BUILTIN, PEER_JANKO } from '../../datasets/shared.ts';
import { writePuzzle } from '../../encodings/formats/index.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { readRecords } from '../../reports/records.ts';
import { fmt, markdownTable } from '../../reports/tables.ts';
import { formatBackendSpec } from '../../encodings/backend-spec.ts';
import { fail, scriptCommandLine } from './script.ts';
import { atLeast, fastestWarmRuns, solveInFreshProcess, summarize, type PuzzleRun } from './versus-peer.ts';

const SETS = ['gen-10x10-minimal', 'gen-15x15-minimal', 'gen-20x20-minimal', 'loopy-10x10-easy', 'loopy-10x10-normal', 'loopy-10x10-tricky', 'loopy-10x10-hard', 'loopy-25x30-hard'];

const { values } = scriptCommandLine(`usage: tsx runners/experiments/cdcl-peer.ts [--sets A,B,...] [--janko N] [--backends A,B] [--per-set N] [--warm-run DIR] [--out DIR]

Solves each puzzle in a fresh process (\`solve --backend B --unique --json\`) and reads the warm run of
runners/experiments/cdcl.yaml; sets both beside the peer's (cspuz_core) per-puzzle times from
../shared/datasets/reference/. Sets that are not built yet are skipped, saying so.`, ['sets', 'jankoSample', 'backends', 'perSet', 'warmRun', 'out'], {
  sets: { default: SETS },
  jankoSample: { help: "also a sample of N janko puzzles, the warm run's sample (0: none)", default: 60 },
  backends: { help: 'back-ends run fresh', default: [{ id: 'auto', params: {} }, { id: 'cdcl-loop', params: {} }] },
  perSet: { help: 'at most N puzzles of each set in fresh processes (default: all)' },
  warmRun: { help: 'the warm bench run to read (absent: fresh only)', default: 'results/bench-cdcl' },
  out: { default: 'results/bench-cdcl-peer' },
});
const known = builtinDatasetNames();
const sets = values.sets.filter((set) => {
  if (known.includes(set)) return true;
  process.stderr.write(`cdcl-peer: '${set}' is not built here, skipped\n`);
  return false;
});
const { jankoSample: jankoCount, warmRun: warmDir, out } = values;
// Each as the command line writes it: solve --backend takes it so, and it names the column.
const backends = values.backends.map(formatBackendSpec);
const perSet = values.perSet ?? Infinity;
mkdirSync(out, { recursive: true });

const peerBuiltin = readPeerRuns(PEER_BUILTIN);
const peerJanko = readPeerRuns(PEER_JANKO);
const JANKO = 'janko';
const peerMs = (set: string, id: string) => (set === JANKO ? peerJanko.get(id) : peerBuiltin.get(`${set}/${id}`))?.ms ?? null;

// The janko sample is the warm run's (cdcl.yaml: sample 60, seed 24), so both modes see the same puzzles.
const groups: { set: string; filters: DatasetFilters; spec: string }[] = sets.map((set) => ({ set, spec: set, filters: {} }));
if (jankoCount > 0) {
  if (existsSync(JANKO_PUZZLES)) groups.push({ set: JANKO, spec: JANKO_PUZZLES, filters: { sample: jankoCount, seed: 24 } });
  else process.stderr.write(`cdcl-peer: ${JANKO_PUZZLES} is absent, janko skipped\n`);
}
if (groups.length === 0) fail('no set to run');

const runs: PuzzleRun[] = [];
const tasks = groups.flatMap((g) => loadDataset(g.spec, g.filters).instances.slice(0, perSet).map((instance) => ({ set: g.set, instance })));
let done = 0;
for (const { set, instance } of tasks) {
  const url = writePuzzle(instance.puzzle, 'url').trim();
  for (const backend of backends) {
    const result = solveInFreshProcess(url, backend, 60);
    if (result.status === 'error') process.stderr.write(`\ncdcl-peer: ${set} ${instance.id} ${backend}: ${result.message}\n`);
    runs.push({ set, id: instance.id, backend, mode: 'fresh', status: result.status, unique: result.unique, ms: result.ms, peerMs: peerMs(set, instance.id) });
  }
  done++;
  process.stderr.write(`\rcdcl-peer: ${done}/${tasks.length} puzzles fresh (${set})   `);
}
process.stderr.write('\n');
writeFileSync(join(out, 'fresh.csv'), stringify(runs.map((r) => ({ ...r, unique: r.unique === null ? '' : String(r.unique) })), { header: true }));

if (existsSync(join(warmDir, 'results.jsonl'))) {
  for (const r of fastestWarmRuns(readRecords(warmDir))) {
    // Built-in sets keep their names; the janko collection is recorded under its file's name.
    // Records name an instance `dataset/id`.
    const id = r.instance.slice(r.instance.lastIndexOf('/') + 1);
    const set = known.includes(r.dataset) ? r.dataset : peerJanko.has(id) ? JANKO : r.dataset;
    runs.push({ set, id, backend: r.backend, mode: 'warm', status: r.status, unique: r.unique, ms: r.solve_ms, peerMs: peerMs(set, id) });
  }
} else process.stderr.write(`cdcl-peer: no warm run in ${warmDir} (npm run bench:cdcl runs it first); fresh only\n`);

const rows = summarize(runs, 60_000).map((g) => [g.set, g.backend, g.mode, `${g.answered}/${g.runs}`, atLeast(g.medianMs, g.medianCensored, 2), atLeast(g.worstMs, g.worstCensored, 1), fmt(g.peerMedianMs, 2), atLeast(g.medianRatio, g.medianRatioCensored, 2), atLeast(g.worstRatio, g.worstRatioCensored, 2)]);
const table = markdownTable(['set', 'back-end', 'mode', 'answered', 'median ms', 'worst ms', 'peer median ms', 'median / peer median', 'worst ours / peer (per puzzle)'], rows, ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right']);
const summary = `# cdcl-loop and auto beside the peer\n\nfresh: \`solve --unique --json\` timeMs in a new process per puzzle (the back-end's own time, verifier excluded); warm: solve_ms of ${warmDir} (cdcl.yaml: workers that live through the run; each puzzle's fastest of its repeats). Peer: cspuz_core's per-puzzle seconds (${PEER_BUILTIN}, ${PEER_JANKO}); \`-\` where the peer has no figure for those puzzles.\n\n${table}\n`;
writeFileSync(join(out, 'summary.md'), summary);
process.stdout.write(summary);
