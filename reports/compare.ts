// Two result directories run for run, as BenchExec's table-generator compares two runs: status and time in
// A and in B, regressions and improvements, the geometric-mean speed-up with a bootstrap interval and a
// Wilcoxon signed-rank p-value per back-end.
import wilcoxon from '@stdlib/stats-wilcoxon';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { isSolvedLike, runKey, type RunRecord, type RunStatus } from './records.ts';
import { median } from './statistics.ts';

export interface ComparedRun {
  backend: string;
  instance: string;
  repeat: number;
  statusA: RunStatus | null;
  statusB: RunStatus | null;
  msA: number | null;
  msB: number | null;
  /** A's time over B's: above 1 when B is faster. Only when both answered. */
  speedup: number | null;
  change: 'regression' | 'improvement' | 'status' | 'unique' | 'loop' | 'same' | 'only in A' | 'only in B';
}

export interface BackendComparison {
  backend: string;
  /** Runs in both A and B. */
  paired: number;
  regressions: number;
  improvements: number;
  /** Paired runs whose status differs (regressions and improvements included). */
  statusDifferences: number;
  uniqueDifferences: number;
  loopDifferences: number;
  onlyA: number;
  onlyB: number;
  /** Instances answered in both, the sample of the speed-up and the test. */
  instances: number;
  geomeanSpeedup: number | null;
  interval: [number, number] | null;
  wilcoxonP: number | null;
}

export interface Comparison {
  runs: ComparedRun[];
  backends: BackendComparison[];
  total: BackendComparison;
}

/** Times under 1 ms count as 1 ms: below that, ratios measure the clock more than the back-end. */
export const FLOOR_MS = 1;
const floor = (ms: number) => Math.max(FLOOR_MS, ms);

export const BOOTSTRAP_RESAMPLES = 2000;

function classify(a: RunRecord | undefined, b: RunRecord | undefined): ComparedRun['change'] {
  if (!b) return 'only in A';
  if (!a) return 'only in B';
  if (isSolvedLike(a) && !isSolvedLike(b)) return 'regression';
  if (!isSolvedLike(a) && isSolvedLike(b)) return 'improvement';
  if (a.status !== b.status) return 'status';
  if (a.unique !== null && b.unique !== null && a.unique !== b.unique) return 'unique';
  // Two proofs of uniqueness with different loops: one of the runs is wrong.
  if (a.unique === true && b.unique === true && a.solution_key && b.solution_key && a.solution_key !== b.solution_key) return 'loop';
  return 'same';
}

/** Geometric mean of the ratios and its 95% percentile-bootstrap interval (seeded: the same data gives the same interval). */
export function geomeanWithInterval(ratios: readonly number[], resamples = BOOTSTRAP_RESAMPLES, seed = 1): { geomean: number; interval: [number, number] } | null {
  if (ratios.length === 0) return null;
  const logs = ratios.map(Math.log);
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const geomean = Math.exp(mean(logs));
  if (logs.length === 1) return { geomean, interval: [geomean, geomean] };
  const rng = xoroshiro128plus(seed);
  const means: number[] = [];
  for (let i = 0; i < resamples; i++) {
    let sum = 0;
    for (let j = 0; j < logs.length; j++) sum += logs[uniformInt(rng, 0, logs.length - 1)];
    means.push(sum / logs.length);
  }
  means.sort((x, y) => x - y);
  const at = (q: number) => Math.exp(means[Math.min(means.length - 1, Math.max(0, Math.round(q * (means.length - 1))))]);
  return { geomean, interval: [at(0.025), at(0.975)] };
}

/** Two-sided Wilcoxon signed-rank p-value of paired log-time differences; null when there are too few non-zero ones. */
export function wilcoxonP(logDifferences: readonly number[]): number | null {
  if (logDifferences.filter((d) => d !== 0).length < 2) return null;
  try {
    return wilcoxon([...logDifferences], { alternative: 'two-sided', zeroMethod: 'wilcox' }).pValue;
  } catch {
    return null;
  }
}

function summarise(backend: string, runs: ComparedRun[]): BackendComparison {
  const count = (c: ComparedRun['change']) => runs.filter((r) => r.change === c).length;
  // One pair per instance: the median over repeats of the runs that answered, in A and in B.
  const byInstance = new Map<string, { a: number[]; b: number[] }>();
  for (const r of runs) {
    if (r.statusA === null || r.statusB === null) continue;
    const e = byInstance.get(`${r.backend}\u0000${r.instance}`) ?? { a: [], b: [] };
    if (isSolvedLike({ status: r.statusA }) && r.msA !== null) e.a.push(floor(r.msA));
    if (isSolvedLike({ status: r.statusB }) && r.msB !== null) e.b.push(floor(r.msB));
    byInstance.set(`${r.backend}\u0000${r.instance}`, e);
  }
  const pairs = [...byInstance.values()].filter((e) => e.a.length && e.b.length).map((e) => [median(e.a)!, median(e.b)!] as const);
  const g = geomeanWithInterval(pairs.map(([a, b]) => a / b));
  const paired = runs.filter((r) => r.statusA !== null && r.statusB !== null);
  return {
    backend, paired: paired.length,
    regressions: count('regression'), improvements: count('improvement'),
    statusDifferences: paired.filter((r) => r.statusA !== r.statusB).length,
    uniqueDifferences: count('unique'), loopDifferences: count('loop'),
    onlyA: count('only in A'), onlyB: count('only in B'),
    instances: pairs.length,
    geomeanSpeedup: g?.geomean ?? null, interval: g?.interval ?? null,
    wilcoxonP: wilcoxonP(pairs.map(([a, b]) => Math.log(a) - Math.log(b))),
  };
}

/** Pairs A's and B's runs by instance, back-end and repeat. */
export function compareRecords(a: readonly RunRecord[], b: readonly RunRecord[]): Comparison {
  const inB = new Map(b.map((r) => [runKey(r), r]));
  const inA = new Map(a.map((r) => [runKey(r), r]));
  const keys = [...new Set([...inA.keys(), ...inB.keys()])];
  const runs: ComparedRun[] = keys.map((key) => {
    const ra = inA.get(key);
    const rb = inB.get(key);
    const r = (ra ?? rb)!;
    const both = ra && rb && isSolvedLike(ra) && isSolvedLike(rb);
    return {
      backend: r.backend, instance: r.instance, repeat: r.repeat,
      statusA: ra?.status ?? null, statusB: rb?.status ?? null,
      msA: ra ? ra.solve_ms : null, msB: rb ? rb.solve_ms : null,
      speedup: both ? floor(ra.solve_ms) / floor(rb.solve_ms) : null,
      change: classify(ra, rb),
    };
  });
  runs.sort((x, y) => x.backend.localeCompare(y.backend) || x.instance.localeCompare(y.instance, undefined, { numeric: true }) || x.repeat - y.repeat);
  const backends = [...new Set(runs.map((r) => r.backend))].sort().map((name) => summarise(name, runs.filter((r) => r.backend === name)));
  return { runs, backends, total: summarise('all', runs) };
}
