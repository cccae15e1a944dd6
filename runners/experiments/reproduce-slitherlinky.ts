// reproduce slitherlinky: the size of its transitive closure (E x E connected variables) against our exact
// connectivity encodings, and what "every corner has 0 or 2 edges" does and does not ensure.
import { isSolvedLike } from '../../reports/records.ts';
import { chartBase, colourScale, type ChartSpec } from '../../reports/specs.ts';
import { bySize, groupBy } from '../../reports/statistics.ts';
import { fmt } from '../../reports/tables.ts';
import { firstModels } from './reproduce-optilog.ts';
import { runsOf, type ClaimDef, type PlanDef, type PlanResults, type SourceDef } from './reproduce-plans.ts';

const ENCODINGS = ['sat-closure/cadical', 'sat-reach/cadical', 'sat-distance/cadical'];

const plans: PlanDef[] = [{ name: 'slitherlinky-closure', yaml: 'reproduce-slitherlinky.yaml', quick: { timeout: 10 } }];

/** Edges of an R x C grid. */
const edgesOf = (rows: number, cols: number) => 2 * rows * cols + rows + cols;

/** Per size: E, slitherlinky's E + E x E variables, and each of our encodings' variables (as the runs report them). */
function sizes(results: PlanResults): { size: string; edges: number; theirs: number; ours: Map<string, number | null> }[] {
  const groups = groupBy(results.records, (r) => `${r.rows}x${r.cols}`);
  return [...groups.keys()].sort(bySize).map((size) => {
    const { rows, cols } = groups.get(size)![0];
    const e = edgesOf(rows, cols);
    const ours = new Map(ENCODINGS.map((label) => [label, runsOf(results, label).find((r) => `${r.rows}x${r.cols}` === size && r.variables !== null)?.variables ?? null]));
    return { size, edges: e, theirs: e + e * e, ours };
  });
}

function sizeChart(rows: ReturnType<typeof sizes>): ChartSpec {
  const values = rows.flatMap((r) => [
    { encoding: 'slitherlinky (E + E x E)', edges: r.edges, variables: r.theirs },
    ...[...r.ours].filter(([, v]) => v !== null).map(([label, v]) => ({ encoding: label, edges: r.edges, variables: v })),
  ]);
  const names = ['slitherlinky (E + E x E)', ...ENCODINGS];
  return {
    name: 'slitherlinky-closure-size',
    title: 'Variables against edges',
    spec: chartBase('slitherlinky: CNF variables against edges E', {
      data: { values },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'edges', type: 'quantitative', scale: { type: 'log' }, title: 'edges E (log)' },
        y: { field: 'variables', type: 'quantitative', scale: { type: 'log' }, title: 'variables (log)' },
        color: { field: 'encoding', type: 'nominal', title: 'encoding', scale: colourScale(names) },
      },
    }),
  };
}

const claims: ClaimDef[] = [
  {
    id: 'closure-variables',
    sentence: 'Connected Variables: There are E * E such variables, where E is the number of edges.',
    published: 'E x E connected variables on top of the E edge variables (E = 2n(n+1) on an n x n grid)',
    plans: ['slitherlinky-closure'],
    evaluate(results) {
      const rows = sizes(results.get('slitherlinky-closure')!);
      const closure = rows.filter((r) => r.ours.get(ENCODINGS[0]) !== null);
      if (closure.length === 0) return { ours: 'no sat-closure run reported its size', verdict: 'not comparable', why: 'nothing measured' };
      const fewer = closure.every((r) => r.ours.get(ENCODINGS[0])! < r.theirs);
      const last = closure.at(-1)!;
      return {
        ours: closure.map((r) => `${r.size} (E = ${r.edges}): E + E x E = ${r.theirs}, sat-closure ${r.ours.get(ENCODINGS[0])} (${fmt(r.ours.get(ENCODINGS[0])! / r.theirs, 2)}x)`).join('; '),
        verdict: fewer ? 'does not hold' : 'holds',
        why: fewer
          ? `an exact closure needs fewer: ours (closure between on-loop vertices by repeated squaring) has ${fmt(last.ours.get(ENCODINGS[0])! / last.theirs, 2)}x as many variables at ${last.size}; sat-reach and sat-distance need fewer still`
          : `our exact closure needs at least as many (${fmt(last.ours.get(ENCODINGS[0])! / last.theirs, 2)}x at ${last.size}); only the reachability and distance encodings are smaller`,
        table: {
          header: ['size', 'edges E', 'E + E x E', ...ENCODINGS],
          rows: rows.map((r) => [r.size, r.edges, r.theirs, ...ENCODINGS.map((l) => r.ours.get(l) ?? null)]),
          align: ['left', 'right', 'right', 'right', 'right', 'right'],
        },
        charts: [sizeChart(rows)],
      };
    },
  },
  {
    id: 'corner-rule',
    sentence: 'Loop Constraints: Every corner should be part of either 0 or 2 edges. This is sufficient to ensure that edges form a loop.',
    published: 'degree 0 or 2 at every vertex makes the edges a loop (the next sentence concedes several loops)',
    plans: ['optilog-janko'],
    evaluate(results) {
      // The first model of sat-lazy is a model of exactly these constraints (degree 0 or 2, clues), before any cut.
      const { runs, several } = firstModels(results.get('optilog-janko')!);
      if (runs.length === 0) return { ours: 'no run answered', verdict: 'not comparable', why: 'no first model recorded' };
      const most = Math.max(...runs.map((r) => Number(r.stats.firstModelLoops)));
      const answered = runs.filter(isSolvedLike).length;
      return {
        ours: `first models of degree and clue constraints alone on ${answered} janko puzzles: every one splits into closed loops; ${several.length} (${fmt((100 * several.length) / runs.length, 0)}%) have several, up to ${most}`,
        verdict: several.length > 0 ? 'does not hold' : 'holds',
        why: several.length > 0
          ? 'degree 0 or 2 ensures closed loops with no dangling or branching line, not one loop: the single-loop constraint is needed'
          : 'on this sample every first model happened to be one loop, though degree 0 or 2 alone does not force it',
      };
    },
  },
];

export const slitherlinky: SourceDef = {
  name: 'slitherlinky',
  title: 'Slitherlinky, a SAT solver for Slitherlink (README)',
  seedFile: '003_8162e5d015d2bb33.txt',
  plans,
  claims,
};
