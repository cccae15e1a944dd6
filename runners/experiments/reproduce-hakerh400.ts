// reproduce hakerh400: the cellular automaton (sat-reach) against path distance (sat-distance) as grids grow,
// and pure CNF against the other solvers here (rules) and the peer's published per-puzzle times.
import { PEER_BUILTIN } from '../../datasets/shared.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { isSolvedLike, type RunRecord } from '../../reports/records.ts';
import { chartBase, drawnMs, type ChartSpec } from '../../reports/specs.ts';
import { bySize, groupBy, median, par2Ms } from '../../reports/statistics.ts';
import { fmt } from '../../reports/tables.ts';
import { encodingLines, msText, runsOf, timeoutMsOf, type ClaimDef, type PlanDef, type PlanResults, type SourceDef } from './reproduce-plans.ts';

const REACH = 'sat-reach/cadical';
const DISTANCE = 'sat-distance/cadical';
const CNF = [REACH, DISTANCE];

const plans: PlanDef[] = [
  { name: 'hakerh400-sizes', yaml: 'reproduce-hakerh400.yaml', quick: { limit: 2, timeout: 3 } },
  { name: 'hakerh400-solvers', yaml: 'reproduce-hakerh400-solvers.yaml', quick: { limit: 2, timeout: 3 } },
  { name: 'hakerh400-lazy-trap', yaml: 'reproduce-hakerh400-lazy-trap.yaml', quick: { timeout: 10 } },
];
const LAZY = 'sat-lazy/minisat-js';

/** N of a lazy-trap-N run, from its dataset's name. */
const trapSize = (r: RunRecord) => Number(/^lazy-trap-(\d+)$/.exec(r.dataset)?.[1] ?? NaN);

function trapChart(runs: RunRecord[]): ChartSpec {
  return {
    name: 'hakerh400-lazy-trap',
    title: 'Solver calls of lazy loop cuts on the lazy-trap family',
    spec: chartBase('hakerh400: solver calls of lazy loop cuts against N (lazy-trap-N, uniqueness proved)', {
      data: { values: runs.map((r) => ({ n: trapSize(r), calls: r.iterations, shape: `${r.rows}x${r.cols}`.startsWith('1x') ? '1 x N' : 'N x 1' })) },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'n', type: 'quantitative', scale: { type: 'log', base: 2 }, title: 'N (log)' },
        y: { field: 'calls', type: 'quantitative', scale: { type: 'log' }, title: 'solver calls (log)' },
        color: { field: 'shape', type: 'nominal', title: 'strip' },
      },
    }),
  };
}

/** Median PAR-2 time of one back-end per size class, smallest first. */
function perSize(results: PlanResults, label: string): Map<string, { cells: number; median: number | null; runs: number; answered: number }> {
  const timeoutMs = timeoutMsOf(results);
  const out = new Map<string, { cells: number; median: number | null; runs: number; answered: number }>();
  const groups = groupBy(runsOf(results, label), (r) => `${r.rows}x${r.cols}`);
  for (const size of [...groups.keys()].sort(bySize)) {
    const runs = groups.get(size)!;
    out.set(size, { cells: runs[0].rows * runs[0].cols, median: median(runs.map((r) => par2Ms(r, timeoutMs))), runs: runs.length, answered: runs.filter(isSolvedLike).length });
  }
  return out;
}

function timeChart(results: PlanResults): ChartSpec {
  const values = CNF.flatMap((label) => [...perSize(results, label)].flatMap(([size, s]) => (s.median === null ? [] : [{ encoding: label, size, cells: s.cells, median_ms: drawnMs(s.median) }])));
  return encodingLines(
    { name: 'hakerh400-reach-vs-distance', title: 'sat-reach against sat-distance as the grid grows', heading: `hakerh400: median time against cells (CaDiCaL, first solution; failures at ${(2 * timeoutMsOf(results)) / 1000} s)` },
    CNF, values, { field: 'cells', title: 'cells (log)' }, { field: 'median_ms', title: 'median PAR-2 time (ms, log)' },
    { tooltip: [{ field: 'size' }, { field: 'median_ms', format: '.3~f' }] },
  );
}

const claims: ClaimDef[] = [
  {
    id: 'reach-vs-distance',
    sentence: 'This turns out to be faster for large grids, but slower for small grids (compared to the Method 1). [...] For larger grids, it renders intractable.',
    published: 'cellular automaton faster on small grids, path distance on large ones; no crossover size given',
    plan: 'hakerh400-sizes',
    evaluate(r) {
      const reach = perSize(r, REACH);
      const distance = perSize(r, DISTANCE);
      const failed = CNF.filter((label) => !runsOf(r, label).some(isSolvedLike));
      if (failed.length) return { ours: `no run of ${failed.join(' or ')} answered`, verdict: 'not comparable', why: `${runsOf(r, failed[0])[0]?.message || 'nothing answered within the limit'}` };
      const sizes = [...reach.keys()].filter((s) => distance.has(s) && reach.get(s)!.median !== null && distance.get(s)!.median !== null);
      if (sizes.length < 2) return { ours: 'fewer than two sizes measured', verdict: 'not comparable', why: 'a crossover needs at least two sizes' };
      // Medians on a shared machine: a ratio within 25% either way is a tie, not an order.
      const ratios = sizes.map((s) => reach.get(s)!.median! / distance.get(s)!.median!);
      const order = ratios.map((x) => (x < 0.8 ? 'reach' : x > 1.25 ? 'distance' : 'tie'));
      // The crossover: the smallest size where path distance is clearly faster and reach never is again.
      let crossover = -1;
      for (let i = sizes.length - 1; i >= 0 && order[i] !== 'reach'; i--) if (order[i] === 'distance') crossover = i;
      const before = order.slice(0, Math.max(0, crossover));
      const holds = crossover > 0 && before.includes('reach') && !before.includes('distance');
      const ties = sizes.filter((_, i) => order[i] === 'tie');
      const table = {
        header: ['size', 'cells', 'sat-reach median', 'answered', 'sat-distance median', 'answered', 'reach / distance', 'faster'],
        rows: sizes.map((s, i) => {
          const a = reach.get(s)!;
          const b = distance.get(s)!;
          return [s, a.cells, msText(a.median), `${a.answered}/${a.runs}`, msText(b.median), `${b.answered}/${b.runs}`, fmt(ratios[i], 2), order[i] === 'tie' ? 'tie (within 25%)' : `sat-${order[i]}`];
        }),
        align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'] as const,
      };
      const span = `reach/distance ${fmt(ratios[0], 2)} at ${sizes[0]}, ${fmt(ratios.at(-1)!, 2)} at ${sizes.at(-1)}`;
      const ours = crossover > 0
        ? `sat-distance faster from ${sizes[crossover]} (${reach.get(sizes[crossover])!.cells} cells) on; before it: ${sizes.slice(0, crossover).map((x, i) => `${x} ${order[i] === 'tie' ? 'a tie' : `sat-${order[i]}`}`).join(', ')}; ${span}`
        : crossover === 0 ? `sat-distance faster at every size (${span})` : `no size where sat-distance is clearly faster (${span})`;
      return {
        ours, verdict: holds ? 'holds' : 'does not hold', table: { ...table, align: [...table.align] },
        why: holds
          ? `the order flips once as grids grow, at ${sizes[crossover]}${ties.length ? ` (${ties.join(', ')} within 25%, counted as ties)` : ''}`
          : crossover < 0 ? `sat-distance is never clearly faster within ${sizes[0]}..${sizes.at(-1)}` : 'sat-reach is not clearly faster on the small grids',
        charts: [timeChart(r)],
      };
    },
  },
  {
    id: 'cnf-vs-solvers',
    sentence: 'It is definitely possible to convert Slitherlink rules to a pure CNF formula and it is at least as performant as other Slitherlink solvers.',
    published: 'pure CNF at least as fast as other Slitherlink solvers (no figure)',
    plan: 'hakerh400-solvers',
    evaluate(r) {
      const timeoutMs = timeoutMsOf(r);
      if (!r.records.some((x) => CNF.includes(x.backend) && isSolvedLike(x))) return { ours: 'no CNF run answered', verdict: 'not comparable', why: r.records.find((x) => CNF.includes(x.backend))?.message || 'nothing answered within the limit' };
      const peer = readPeerRuns(PEER_BUILTIN);
      // Per instance, the faster of the two CNF encodings: the best pure CNF can do here.
      const byInstance = groupBy(r.records, (x) => x.instance);
      const rows: (string | number)[][] = [];
      const all = { cnf: [] as number[], rules: [] as number[], peer: [] as number[] };
      for (const [size, instances] of groupBy([...byInstance.entries()], ([, runs]) => `${runs[0].rows}x${runs[0].cols}`)) {
        const cnf: number[] = [];
        const rules: number[] = [];
        const peers: number[] = [];
        for (const [instance, runs] of instances) {
          const best = Math.min(...runs.filter((x: RunRecord) => CNF.includes(x.backend)).map((x) => par2Ms(x, timeoutMs)));
          const rule = runs.find((x: RunRecord) => x.backend === 'rules');
          const p = peer.get(instance);
          if (!Number.isFinite(best) || !rule || !p) continue;
          cnf.push(best);
          rules.push(par2Ms(rule, timeoutMs));
          peers.push(p.ms);
        }
        if (!cnf.length) continue;
        all.cnf.push(...cnf);
        all.rules.push(...rules);
        all.peer.push(...peers);
        rows.push([size, cnf.length, msText(median(cnf)), msText(median(rules)), msText(median(peers))]);
      }
      if (!all.cnf.length) return { ours: 'no instance with the peer\'s time', verdict: 'not comparable', why: `the peer's figures (${PEER_BUILTIN}) are absent or name none of these puzzles` };
      const [cnf, rules, peerMedian] = [median(all.cnf)!, median(all.rules)!, median(all.peer)!];
      const holds = cnf <= rules && cnf <= peerMedian;
      return {
        ours: `best pure CNF (faster of sat-reach, sat-distance on CaDiCaL) ${msText(cnf)}, rules ${msText(rules)}, the peer cspuz_core ${msText(peerMedian)} (medians over ${all.cnf.length} puzzles, uniqueness proved)`,
        verdict: holds ? 'holds' : 'does not hold',
        why: holds ? 'pure CNF is at or under both medians' : `pure CNF is ${fmt(cnf / Math.min(rules, peerMedian), 1)}x the median of the fastest other solver (the peer's times include a 4 ms process start; CaDiCaL here starts a process per solve too)`,
        table: { header: ['size', 'puzzles', 'best CNF', 'rules', 'cspuz_core (peer)'], rows, align: ['left', 'right', 'right', 'right', 'right'] },
      };
    },
  },
  {
    id: 'lazy-cuts',
    sentence: 'Their solution calls SAT solver multiple times [...] Most of the times it works well, but deliberately crafted puzzles can trigger exponential number of solver invocations.',
    published: 'exponentially many solver calls on crafted puzzles (no family or figure given)',
    plan: 'hakerh400-lazy-trap',
    evaluate(results) {
      const runs = runsOf(results, LAZY).filter((r) => isSolvedLike(r) && r.iterations !== null && Number.isFinite(trapSize(r)));
      const byN = [...groupBy(runs, (r) => String(trapSize(r)))].map(([n, rs]) => ({ n: Number(n), calls: Math.max(...rs.map((r) => r.iterations!)) })).sort((a, b) => a.n - b.n);
      if (byN.length < 2) return { ours: 'fewer than two sizes answered', verdict: 'not comparable', why: 'no growth to measure' };
      const [first, last] = [byN[0], byN.at(-1)!];
      // Growth as a power of N between the smallest and largest N: an exponential would outgrow any power.
      const power = Math.log(last.calls / first.calls) / Math.log(last.n / first.n);
      const superPolynomial = byN.length >= 3 && last.calls / first.calls > (last.n / first.n) ** 3;
      return {
        ours: `lazy-trap-N, uniqueness proved: ${byN.map((x) => `N = ${x.n}: ${x.calls} calls`).join(', ')}; about N^${fmt(power, 2)}`,
        verdict: superPolynomial ? 'holds' : 'not comparable',
        why: superPolynomial
          ? 'the solver calls outgrow N^3 on this family'
          : `on this crafted family the calls grow polynomially (about N^${fmt(power, 1)}), so it neither shows nor rules out a family that needs exponentially many`,
        table: { header: ['N', 'most solver calls (1xN or Nx1)'], rows: byN.map((x) => [x.n, x.calls]), align: ['right', 'right'] },
        charts: [trapChart(runs)],
      };
    },
  },
];

export const hakerh400: SourceDef = {
  name: 'hakerh400',
  title: 'Hakerh400, How to solve Slitherlink using SAT solver (Esolang wiki)',
  seedFile: '001_89bf773ff1d8a14b.txt',
  plans,
  claims,
};
