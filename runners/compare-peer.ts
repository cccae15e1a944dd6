// Compares a bench run on the janko collection with the peer's published timings (cspuz_core), per size
// class: `tsx runners/compare-peer.ts RESULTS_DIR [PEER_CSV]`. Prints a markdown table.
import { existsSync, readFileSync } from 'node:fs';
import { readRecords } from './results.ts';
import { median } from '../reports/summary.ts';

const [dir, peerPath = new URL('../../shared/datasets/reference/cspuz-core-janko.csv', import.meta.url).pathname] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: tsx runners/compare-peer.ts RESULTS_DIR [PEER_CSV]\n');
  process.exit(2);
}
if (!existsSync(peerPath)) {
  process.stderr.write(`compare-peer: ${peerPath} is absent; nothing to compare with\n`);
  process.exit(2);
}
const peer = new Map<string, number>();
for (const line of readFileSync(peerPath, 'utf8').trim().split('\n').slice(1)) {
  const [id, , , , seconds] = line.split(',');
  peer.set(id, Number(seconds) * 1000);
}
const records = readRecords(dir);
const classes = new Map<string, { ours: number[]; theirs: number[]; runs: number; solved: number }>();
for (const r of records) {
  const key = `${r.backend}\u0000${r.rows}x${r.cols}`;
  const c = classes.get(key) ?? { ours: [], theirs: [], runs: 0, solved: 0 };
  c.runs++;
  if (r.status === 'solved' || r.status === 'unsat') {
    c.solved++;
    c.ours.push(r.solve_ms);
  }
  const p = peer.get(r.instance);
  if (p !== undefined) c.theirs.push(p);
  classes.set(key, c);
}
const cells = (size: string) => size.split('x').map(Number).reduce((a, b) => a * b, 1);
const keys = [...classes.keys()].sort((a, b) => {
  const [ba, sa] = a.split('\u0000');
  const [bb, sb] = b.split('\u0000');
  return ba.localeCompare(bb) || cells(sa) - cells(sb);
});
const f = (x: number | null, d = 1) => (x === null ? '-' : x.toFixed(d));
process.stdout.write('| back-end | size | runs | solved | median (ms) | max (ms) | peer median (ms) | ratio of medians |\n|---|---|---:|---:|---:|---:|---:|---:|\n');
for (const key of keys) {
  const [backend, size] = key.split('\u0000');
  const c = classes.get(key)!;
  const ours = median(c.ours);
  const theirs = median(c.theirs);
  process.stdout.write(`| ${backend} | ${size} | ${c.runs} | ${c.solved} | ${f(ours)} | ${f(c.ours.length ? Math.max(...c.ours) : null)} | ${f(theirs)} | ${ours !== null && theirs ? f(ours / theirs, 2) : '-'} |\n`);
}
