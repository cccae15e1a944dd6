// In-process benchmark of one back-end on the janko collection, per size class (rows x cols), beside the
// peer's published timings (cspuz_core). One process, prepare() once, every answer through the verifier.
//   tsx runners/bench-janko.ts --backend ID [--unique] [--limit N] [--sizes 10x10,10x18] [--timeout S]
//     [--seed N] [--param key=value ...]
// --limit N takes the first N puzzles of each size class. Prints a markdown table on stdout, progress on stderr.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getBackend } from '../encodings/registry.ts';
import { readJankoPuzzles } from '../encodings/formats/janko.ts';
import { solveWithBackend } from './pipeline.ts';
import { median } from '../reports/summary.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string' },
    unique: { type: 'boolean', default: false },
    limit: { type: 'string' },
    sizes: { type: 'string' },
    timeout: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    param: { type: 'string', multiple: true, default: [] },
    shared: { type: 'string', default: new URL('../../shared/datasets', import.meta.url).pathname },
  },
});
if (!values.backend) {
  process.stderr.write('usage: tsx runners/bench-janko.ts --backend ID [--unique] [--limit N] [--sizes RxC,...] [--timeout S] [--param k=v]\n');
  process.exit(2);
}
const puzzlesPath = `${values.shared}/janko/Slitherlink_puzzles.json`;
const peerPath = `${values.shared}/reference/cspuz-core-janko.csv`;
if (!existsSync(puzzlesPath)) {
  process.stderr.write(`bench-janko: ${puzzlesPath} is absent; nothing to run\n`);
  process.exit(2);
}
const params: Record<string, string> = {};
for (const p of values.param ?? []) {
  const at = p.indexOf('=');
  if (at < 1) {
    process.stderr.write(`bench-janko: --param wants key=value, got '${p}'\n`);
    process.exit(2);
  }
  params[p.slice(0, at)] = p.slice(at + 1);
}
const limit = values.limit === undefined ? Infinity : Number(values.limit);
const wanted = values.sizes ? new Set(values.sizes.split(',')) : null;
const timeoutMs = Number(values.timeout) * 1000;

const peer = new Map<string, number>();
if (existsSync(peerPath)) {
  for (const line of readFileSync(peerPath, 'utf8').trim().split('\n').slice(1)) {
    const [id, , , , seconds] = line.split(',');
    peer.set(id, Number(seconds));
  }
}

const size = (p: { rows: number; cols: number }) => `${p.rows}x${p.cols}`;
const entries = readJankoPuzzles(readFileSync(puzzlesPath, 'utf8'), puzzlesPath);
const byClass = new Map<string, typeof entries>();
for (const entry of entries) {
  const key = size(entry.puzzle);
  if (wanted && !wanted.has(key)) continue;
  const list = byClass.get(key) ?? [];
  if (list.length < limit) list.push(entry);
  byClass.set(key, list);
}
const cells = (key: string) => key.split('x').map(Number).reduce((a, b) => a * b, 1);
const classes = [...byClass.keys()].sort((a, b) => cells(a) - cells(b) || a.localeCompare(b));

const backend = await getBackend(values.backend);
const availability = await backend.available();
if (!availability.available) {
  process.stderr.write(`bench-janko: back-end ${backend.name} cannot run here: ${availability.reason}\n`);
  process.exit(2);
}
await backend.prepare?.();

interface Row { count: number; done: number; ms: number[]; failures: string[]; peer: number[]; unique: number }
const rows = new Map<string, Row>();
let index = 0;
const total = classes.reduce((n, c) => n + byClass.get(c)!.length, 0);
let lastStats: Record<string, unknown> = {};
for (const key of classes) {
  const row: Row = { count: 0, done: 0, ms: [], failures: [], peer: [], unique: 0 };
  rows.set(key, row);
  for (const entry of byClass.get(key)!) {
    index++;
    row.count++;
    const result = await solveWithBackend(backend, entry.puzzle, { timeoutMs, unique: values.unique, seed: Number(values.seed), params });
    lastStats = result.stats;
    if (result.status === 'solved' || result.status === 'unsat') {
      row.done++;
      row.ms.push(result.timeMs);
      if (result.unique === true) row.unique++;
    } else row.failures.push(`${entry.id}:${result.status}${result.message ? ` (${result.message})` : ''}`);
    const p = peer.get(entry.id);
    if (p !== undefined) row.peer.push(p);
    process.stderr.write(`\r${index}/${total} ${entry.id} ${result.status} ${result.timeMs.toFixed(0)} ms        `);
  }
}
process.stderr.write('\n');

const f = (x: number | null, d = 0) => (x === null ? '-' : x.toFixed(d));
const setting = [`backend ${backend.name}`, values.unique ? 'with uniqueness' : 'first solution only', `timeout ${values.timeout} s`, `seed ${values.seed}`];
for (const [k, v] of Object.entries(params)) setting.push(`${k}=${v}`);
for (const k of ['workers', 'params', 'liftoffOnly', 'engine']) if (k in lastStats) setting.push(`${k}=${String(lastStats[k])}`);
process.stdout.write(`janko collection, ${total} puzzles${Number.isFinite(limit) ? ` (first ${limit} per size class)` : ''}; ${setting.join(', ')}\n\n`);
process.stdout.write('| class | count | done | unique | median ms | max ms | peer median s | ratio |\n');
process.stdout.write('|---|---:|---:|---:|---:|---:|---:|---:|\n');
const allOurs: number[] = [];
const allPeer: number[] = [];
for (const key of classes) {
  const r = rows.get(key)!;
  allOurs.push(...r.ms);
  allPeer.push(...r.peer);
  const ours = median(r.ms);
  const theirs = median(r.peer);
  const ratio = ours !== null && theirs ? f(ours / (theirs * 1000), 2) : '-';
  const max = r.ms.length ? Math.max(...r.ms) : null;
  process.stdout.write(`| ${key} | ${r.count} | ${r.done} | ${r.unique} | ${f(ours, 1)} | ${f(max, 1)} | ${f(theirs, 4)} | ${ratio} |\n`);
}
const ours = median(allOurs);
const theirs = median(allPeer);
process.stdout.write(`| all | ${total} | ${allOurs.length} | | ${f(ours, 1)} | ${f(allOurs.length ? Math.max(...allOurs) : null, 1)} | ${f(theirs, 4)} | ${ours !== null && theirs ? f(ours / (theirs * 1000), 2) : '-'} |\n`);
const failures = [...rows.values()].flatMap((r) => r.failures);
if (failures.length) process.stdout.write(`\nnot done: ${failures.join(', ')}\n`);
// Library worker threads must not keep the benchmark alive.
process.exit(failures.some((f) => f.includes(':error')) ? 1 : 0);
