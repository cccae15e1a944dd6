// reproduce slitherlinky: the size of its transitive closure (E x E connected variables) against our exact
// connectivity encodings, and what "every corner has 0 or 2 edges" does and does not ensure.
import { parsePuzzle } from '../../encodings/formats/index.ts';
import { gridOf } from '../../encodings/grid.ts';
import { renderSvg } from '../../encodings/render.ts';
import { edgeComponents, solutionFromKey } from '../../encodings/solution.ts';
import { isSolvedLike, type RunRecord } from '../../reports/records.ts';
import type { ChartSpec } from '../../reports/specs.ts';
import { bySize, groupBy } from '../../reports/statistics.ts';
import { fmt } from '../../reports/tables.ts';
import { fromFirstModels } from './reproduce-optilog.ts';
import { encodingLines, runsOf, type ClaimDef, type PlanDef, type PlanResults, type SourceDef } from './reproduce-plans.ts';

const SEED = 'closure=seed/cadical';
/** The same recursion in answer-set programming, where stable models make it the transitive closure. */
const ASP = 'asp-closure';
const ENCODINGS = [SEED, 'closure=elimination/cadical', 'closure=squaring/cadical', 'sat-reach/cadical', 'sat-distance/cadical'];
const EXACT = ENCODINGS[1];

const plans: PlanDef[] = [
  { name: 'slitherlinky-closure', yaml: 'reproduce-slitherlinky.yaml', quick: { timeout: 5 } },
  { name: 'slitherlinky-seed', yaml: 'reproduce-slitherlinky-seed.yaml', quick: { limit: 3, timeout: 10 } },
];

/** Edges of an R x C grid. */
const edgesOf = (rows: number, cols: number) => 2 * rows * cols + rows + cols;

/** Per size: E, slitherlinky's E + E x E variables, and each encoding's variables as its run reports them. */
function sizes(results: PlanResults): { size: string; edges: number; theirs: number; relation: number | null; ours: Map<string, number | null> }[] {
  const groups = groupBy(results.records, (r) => `${r.rows}x${r.cols}`);
  return [...groups.keys()].sort(bySize).map((size) => {
    const { rows, cols } = groups.get(size)![0];
    const e = edgesOf(rows, cols);
    const run = (label: string) => runsOf(results, label).find((r) => `${r.rows}x${r.cols}` === size && r.variables !== null);
    const ours = new Map(ENCODINGS.map((label) => [label, run(label)?.variables ?? null]));
    const relation = run(SEED)?.stats.relationVariables;
    return { size, edges: e, theirs: e + e * e, relation: typeof relation === 'number' ? relation : null, ours };
  });
}

function sizeChart(rows: ReturnType<typeof sizes>): ChartSpec {
  const values = rows.flatMap((r) => [...r.ours].filter(([, v]) => v !== null).map(([label, v]) => ({ encoding: label, edges: r.edges, variables: v })));
  return encodingLines(
    { name: 'slitherlinky-closure-size', title: 'Variables against edges', heading: 'slitherlinky: CNF variables against edges E (closure=seed is its recursion)' },
    ENCODINGS, values, { field: 'edges', title: 'edges E (log)' }, { field: 'variables', title: 'variables (log)' },
  );
}

/** The first model with several loops among the runs, drawn. */
function drawRejected(runs: RunRecord[]): { caption: string; svg: string } | null {
  const run = runs.filter((r) => typeof r.stats.rejectedAnswer === 'string').sort((a, b) => a.rows * a.cols - b.rows * b.cols || a.instance.localeCompare(b.instance))[0];
  if (!run) return null;
  const { puzzle } = parsePuzzle(run.puzzle);
  const answer = solutionFromKey(puzzle, String(run.stats.rejectedAnswer));
  const loops = edgeComponents(gridOf(puzzle), (e) => answer.on[e] === 1).length;
  return { caption: `${run.instance} (${run.puzzle}): the model closure=seed returned, ${loops} loops, every clue met; the verifier rejected it`, svg: renderSvg(puzzle, answer) };
}

const claims: ClaimDef[] = [
  {
    id: 'closure-variables',
    sentence: 'Connected Variables: There are E * E such variables, where E is the number of edges.',
    published: 'E x E connected variables on top of the E edge variables (E = 2n(n+1) on an n x n grid)',
    plan: 'slitherlinky-closure',
    evaluate(results) {
      const rows = sizes(results);
      const measured = rows.filter((r) => r.ours.get(EXACT) !== null && r.relation !== null);
      if (measured.length === 0) return { ours: 'no closure run reported its size', verdict: 'not comparable', why: 'nothing measured' };
      const last = measured.at(-1)!;
      const exact = (r: (typeof rows)[number]) => r.ours.get(EXACT)!;
      const fewer = measured.every((r) => exact(r) < r.relation!);
      return {
        ours: measured.map((r) => `${r.size} (E = ${r.edges}): the recursion as written ${r.relation} relation variables (E x E = ${r.edges * r.edges}), our exact vertex-elimination closure ${exact(r)} variables in all (${fmt(exact(r) / r.relation!, 3)}x)`).join('; '),
        verdict: fewer ? 'does not hold' : 'holds',
        why: fewer
          ? `E x E is what the recursion costs, not what connectivity needs: an exact closure (vertex elimination) takes ${fmt(exact(last) / last.relation!, 3)}x as many variables at ${last.size}, and repeated squaring more`
          : `no exact closure here was smaller than E x E (${fmt(exact(last) / last.relation!, 2)}x at ${last.size})`,
        table: {
          header: ['size', 'edges E', 'E + E x E', ...ENCODINGS.map((l) => `${l} variables`)],
          rows: rows.map((r) => [r.size, r.edges, r.theirs, ...ENCODINGS.map((l) => r.ours.get(l) ?? null)]),
          align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
        },
        charts: [sizeChart(rows)],
      };
    },
  },
  {
    id: 'recursion-loops',
    sentence: 'If they are not adjacent, then we need to express this recursively. [...] e(i) AND e(j) AND ((e(k1) AND c(k1, j)) OR ...) <=> c(i, j)',
    published: 'the recursive definition of connected edges, with which the solver meant to forbid several loops',
    plan: 'slitherlinky-seed',
    evaluate(results) {
      const runs = runsOf(results, SEED);
      const several = runs.filter((r) => typeof r.stats.rejectedAnswer === 'string' && /more than one loop/.test(r.message));
      const sound = runs.filter((r) => r.status === 'solved');
      const figure = drawRejected(several);
      return {
        ours: `taken literally in CNF (sat-closure closure=seed): ${several.length} of ${runs.length} generated puzzles got a model with several loops (rejected by the verifier), ${sound.length} one loop`,
        verdict: several.length > 0 ? 'does not hold' : 'holds',
        why: several.length > 0
          ? 'in CNF the <=> admits circular support (c(i,j) justified by c(k,j) justified by c(i,j)), so edges of two loops count as connected; the drawn puzzle is one such model'
          : 'no run here returned several loops, though the definition allows them',
        figures: figure ? [figure] : [],
      };
    },
  },
  {
    id: 'recursion-asp',
    sentence: 'If they are not adjacent, then we need to express this recursively. [...] e(i) AND e(j) AND ((e(k1) AND c(k1, j)) OR ...) <=> c(i, j)',
    published: 'the same recursive definition, read under answer-set semantics instead of as CNF',
    plan: 'slitherlinky-seed',
    evaluate(plan) {
      const asp = runsOf(plan, ASP);
      if (asp.length === 0) return { ours: 'asp-closure did not run in this plan', verdict: 'not comparable', why: 'no asp-closure runs recorded' };
      const several = runsOf(plan, SEED).filter((r) => typeof r.stats.rejectedAnswer === 'string' && /more than one loop/.test(r.message));
      const one = asp.filter((r) => r.status === 'solved');
      const wrong = asp.filter((r) => r.status === 'wrong' || r.status === 'error');
      // The puzzles that show the difference: closure=seed gave several loops, asp-closure one verified loop.
      const shown = several.map((s) => asp.find((a) => a.instance === s.instance)).filter((a): a is RunRecord => a !== undefined);
      const fixed = shown.filter((a) => a.status === 'solved');
      const first = fixed.sort((a, b) => a.rows * a.cols - b.rows * b.cols || a.instance.localeCompare(b.instance))[0];
      const figures = first ? [{ caption: `${first.instance} (${first.puzzle}): asp-closure's answer, one loop, verified; closure=seed returned several loops here`, svg: renderSvg(parsePuzzle(first.puzzle).puzzle, solutionFromKey(parsePuzzle(first.puzzle).puzzle, first.solution_key)) }] : [];
      return {
        ours: `in ASP (asp-closure): ${one.length} of ${asp.length} generated puzzles answered with one verified loop, ${wrong.length} rejected; on the ${shown.length} where closure=seed returned several loops, ${fixed.length} answered with one loop`,
        verdict: wrong.length === 0 && fixed.length === shown.length && shown.length > 0 ? 'holds' : wrong.length > 0 ? 'does not hold' : 'not comparable',
        why: wrong.length > 0
          ? 'asp-closure gave an answer the verifier rejected'
          : shown.length === 0
            ? 'no puzzle here shows the difference (closure=seed returned no model with several loops)'
            : 'a stable model needs a well-founded derivation of every c(i, j): circular support is not one, so c is exactly the transitive closure and two loops are never connected',
        figures,
      };
    },
  },
  {
    id: 'corner-rule',
    sentence: 'Loop Constraints: Every corner should be part of either 0 or 2 edges. This is sufficient to ensure that edges form a loop.',
    published: 'degree 0 or 2 at every vertex makes the edges a loop (the next sentence concedes several loops)',
    plan: 'optilog-janko',
    // The first model of sat-lazy is a model of exactly these constraints (degree 0 or 2, clues), before any cut.
    evaluate: fromFirstModels(({ runs, several }) => {
      const most = Math.max(...runs.map((r) => Number(r.stats.firstModelLoops)));
      const answered = runs.filter(isSolvedLike).length;
      return {
        ours: `first models of degree and clue constraints alone on ${answered} janko puzzles: every one splits into closed loops; ${several.length} (${fmt((100 * several.length) / runs.length, 0)}%) have several, up to ${most}`,
        verdict: several.length > 0 ? 'does not hold' : 'holds',
        why: several.length > 0
          ? 'degree 0 or 2 ensures closed loops with no dangling or branching line, not one loop: the single-loop constraint is needed'
          : 'on this sample every first model happened to be one loop, though degree 0 or 2 alone does not force it',
      };
    }),
  },
];

export const slitherlinky: SourceDef = {
  name: 'slitherlinky',
  title: 'Slitherlinky, a SAT solver for Slitherlink (README)',
  seedFile: '003_8162e5d015d2bb33.txt',
  plans,
  claims,
};
