// The rules back-end in a fresh process per puzzle, as a user's `solve` or a one-process-per-instance harness
// sees it: `solve --backend rules --unique --json`, its timeMs, with the wasm core and the TypeScript
// reference, beside the peer's (cspuz_core) median on the same puzzles. Writes runs.csv and summary.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { builtinDatasetNames, builtinPuzzlesPath, readPuzzleLines } from '../../datasets/builtin.ts';
import { PEER_BUILTIN } from '../../datasets/shared.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { median } from '../../reports/statistics.ts';
import { fmt, markdownTable, ratio } from '../../reports/tables.ts';
import { fail, scriptCommandLine } from './script.ts';

const SETS = ['loopy-10x10-hard', 'loopy-10x10-tricky', 'gen-15x15', 'loopy-15x15-hard', 'gen-20x20', 'loopy-20x20-hard', 'loopy-25x30-hard', 'gen-30x25', 'gen-40x35', 'loopy-40x35-hard'];
// The goals: 0.25x the peer's medians on hidden Loopy puzzles of each class (and the paper's 50 ms for 25x30 hard).
const GOAL_MS: Record<string, number> = { '10x10': 3.75, '15x15': 11, '20x20': 26, '25x30': 50, '30x25': 160 };

const { values } = scriptCommandLine(`usage: npm run bench:rules-cold -- [--sets A,B,...] [--per-set N] [--core wasm|typescript|both] [--out DIR]

Solves each puzzle of the built-in sets in a fresh process (\`solve --backend rules --unique --json\`) and
records the back-end's own time (timeMs), for the wasm core and the TypeScript reference, beside the peer's
(cspuz_core) median on the same puzzles from ../shared/datasets/reference/.`, ['sets', 'perSet', 'core', 'out'], {
  sets: { default: SETS },
  perSet: { help: 'at most N puzzles of each set (default: all)' },
  core: { default: 'both' },
  out: { default: 'results/bench-rules-cold' },
});
const { sets, out } = values;
for (const set of sets) if (!builtinDatasetNames().includes(set)) fail(`unknown built-in set '${set}' (see \`slitherbench datasets\`)`);
const perSet = values.perSet ?? Infinity;
const cores = values.core === 'both' ? ['wasm', 'typescript'] : [values.core];
mkdirSync(out, { recursive: true });

const bin = new URL('../../bin/slitherbench.js', import.meta.url).pathname;
const peer = readPeerRuns(PEER_BUILTIN);
interface Run { set: string; id: string; size: string; core: string; status: string; unique: boolean | null; timeMs: number; peerMs: number | null }
const runs: Run[] = [];
const tasks = sets.flatMap((set) => readPuzzleLines(readFileSync(builtinPuzzlesPath(set)!, 'utf8')).slice(0, perSet).map((line) => ({ set, line })));
let done = 0;
for (const { set, line } of tasks) {
  for (const core of cores) {
    const text = execFileSync(process.execPath, [bin, 'solve', line.puzzle, '--backend', 'rules', '--unique', '--json', '--option', `core=${core}`], { encoding: 'utf8' });
    const result = JSON.parse(text) as { status: string; unique: boolean | null; timeMs: number; solution: { rows: number; cols: number } | null };
    const size = /^(\d+)x(\d+)/.exec(line.puzzle);
    const peerRun = peer.get(`${set}/${line.id}`);
    runs.push({ set, id: line.id, size: size ? `${size[2]}x${size[1]}` : '?', core, status: result.status, unique: result.unique, timeMs: result.timeMs, peerMs: peerRun ? peerRun.ms : null });
  }
  done++;
  process.stderr.write(`\rbench:rules-cold: ${done}/${tasks.length} puzzles (${set})   `);
}
process.stderr.write('\n');

// Loopy IDs are WxH; every other line is a puzz.link URL (cols/rows): take the size from the peer's row instead.
for (const run of runs) if (run.size === '?') run.size = sizeOf(run);
function sizeOf(run: Run): string {
  const p = peer.get(`${run.set}/${run.id}`);
  return p ? `${p.rows}x${p.cols}` : '?';
}

writeFileSync(join(out, 'runs.csv'), stringify(runs.map((r) => ({ ...r, unique: r.unique === null ? '' : String(r.unique) })), { header: true }));
const rows = sets.map((set) => {
  const of = (core: string) => runs.filter((r) => r.set === set && r.core === core);
  const first = runs.find((r) => r.set === set);
  const size = first?.size ?? '?';
  const wasm = median(of('wasm').map((r) => r.timeMs));
  const ts = median(of('typescript').map((r) => r.timeMs));
  const peerMedian = median(runs.filter((r) => r.set === set && r.core === cores[0] && r.peerMs !== null).map((r) => r.peerMs!));
  const answered = runs.filter((r) => r.set === set && r.status === 'solved' && r.unique === true).length;
  const goal = GOAL_MS[set.startsWith('loopy-25x30') ? '25x30' : size];
  return [set, size, `${answered}/${runs.filter((r) => r.set === set).length}`, fmt(wasm, 2), fmt(ts, 2), fmt(peerMedian, 2), ratio(wasm, peerMedian), ratio(ts, peerMedian), goal ?? '-'];
});
const table = markdownTable(['set', 'size', 'solved unique', 'wasm median ms', 'typescript median ms', 'peer median ms', 'wasm / peer', 'typescript / peer', 'goal ms'], rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right']);
const summary = `# rules in a fresh process per puzzle\n\n\`solve --backend rules --unique --json\` timeMs (the back-end's own time, verifier excluded), one process per puzzle; peer = cspuz_core on the same puzzles (${PEER_BUILTIN}).\n\n${table}\n`;
writeFileSync(join(out, 'summary.md'), summary);
process.stdout.write(summary);
