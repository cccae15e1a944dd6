// reproduce optilog: OptiLog's model has the vertex and cell constraints only, so its first model may hold
// several loops; we count how often (janko), the cuts that follow, and what incremental re-solving saves.
import { isSolvedLike, type RunRecord } from '../../reports/records.ts';
import { chartBase, colourScale, drawnMs, logScale, type ChartSpec } from '../../reports/specs.ts';
import { groupBy, median } from '../../reports/statistics.ts';
import { fmt } from '../../reports/tables.ts';
import { msText, runsOf, type ClaimDef, type Evaluation, type PlanDef, type PlanResults, type SourceDef } from './reproduce-plans.ts';

export const INCREMENTAL = 'sat-lazy/minisat-js incremental';
export const SCRATCH = 'sat-lazy/minisat-js scratch';
export const CADICAL = 'sat-lazy/cadical scratch';

const plans: PlanDef[] = [{ name: 'optilog-janko', yaml: 'reproduce-optilog.yaml', quick: { sample: 25, timeout: 5 } }];

const firstLoops = (r: RunRecord) => (typeof r.stats.firstModelLoops === 'number' ? r.stats.firstModelLoops : null);

/** The first model's loops and the cuts, over the incremental runs that answered. */
export function firstModels(results: PlanResults): { runs: RunRecord[]; several: RunRecord[] } {
  const runs = runsOf(results, INCREMENTAL).filter((r) => isSolvedLike(r) && firstLoops(r) !== null);
  return { runs, several: runs.filter((r) => firstLoops(r)! > 1) };
}

/** A claim read from the first models (optilog's and slitherlinky's): not comparable when no run reports one. */
export function fromFirstModels(evaluate: (models: { runs: RunRecord[]; several: RunRecord[] }) => Evaluation): (results: PlanResults) => Evaluation {
  return (results) => {
    const models = firstModels(results);
    if (models.runs.length === 0) return { ours: 'no run answered', verdict: 'not comparable', why: 'no answered run reports its first model' };
    return evaluate(models);
  };
}

function iterationsChart(runs: RunRecord[]): ChartSpec {
  return {
    name: 'optilog-iterations',
    title: 'Solve-cut iterations per janko puzzle',
    spec: chartBase('optilog: solver calls until one loop remains (sat-lazy, janko sample)', {
      data: { values: runs.map((r) => ({ cells: r.rows * r.cols, iterations: r.iterations ?? 0, first_model_loops: firstLoops(r) })) },
      mark: { type: 'point', filled: true, opacity: 0.6 },
      encoding: {
        x: { field: 'cells', type: 'quantitative', scale: { type: 'log' }, title: 'cells (log)' },
        y: { field: 'iterations', type: 'quantitative', title: 'solver calls (1 = the first model was one loop)' },
        tooltip: [{ field: 'cells' }, { field: 'iterations' }, { field: 'first_model_loops' }],
      },
    }),
  };
}

function resolveChart(results: PlanResults, instances: Set<string>): ChartSpec {
  const labels = [INCREMENTAL, SCRATCH, CADICAL];
  const values = labels.flatMap((label) => runsOf(results, label).filter((r) => instances.has(r.instance) && isSolvedLike(r)).map((r) => ({ engine: label, iterations: r.iterations ?? 0, solve_ms: drawnMs(r.solve_ms) })));
  return {
    name: 'optilog-incremental-vs-scratch',
    title: 'Incremental re-solving against re-solving from scratch',
    spec: chartBase('optilog: time against solver calls, puzzles needing cuts', {
      data: { values },
      mark: { type: 'point', filled: true, opacity: 0.6 },
      encoding: {
        x: { field: 'iterations', type: 'quantitative', scale: { type: 'log' }, title: 'solver calls (log)' },
        y: { field: 'solve_ms', type: 'quantitative', scale: logScale(values.map((v) => v.solve_ms)), title: 'time (ms, log)' },
        color: { field: 'engine', type: 'nominal', title: 'engine, re-solving', scale: colourScale(labels) },
      },
    }),
  };
}

const claims: ClaimDef[] = [
  {
    id: 'several-loops',
    sentence: 'Notice that this model is not taking into account the fact that there has to be exactly one cycle.',
    published: 'the vertex and cell constraints alone do not ensure one cycle (no figure)',
    plan: 'optilog-janko',
    evaluate: fromFirstModels(({ runs, several }) => {
      const cuts = runs.map((x) => x.cuts ?? 0);
      const share = (100 * several.length) / runs.length;
      const bySize = [...groupBy(runs, (x) => (x.rows * x.cols <= 100 ? 'up to 100 cells' : x.rows * x.cols <= 400 ? '101..400 cells' : 'over 400 cells'))];
      return {
        ours: `the first model has several loops on ${several.length} of ${runs.length} janko puzzles (${fmt(share, 0)}%); loops cut per puzzle: median ${median(cuts)}, max ${Math.max(...cuts)}; solver calls: median ${median(runs.map((x) => x.iterations ?? 0))}, max ${Math.max(...runs.map((x) => x.iterations ?? 0))}`,
        verdict: several.length > 0 ? 'holds' : 'does not hold',
        why: several.length > 0 ? `real puzzles do get several loops from this model, and ${several.length > 1 ? 'they need' : 'it needs'} cuts before one loop remains` : 'on this sample every first model was already one loop',
        table: {
          header: ['puzzles', 'answered', 'first model: several loops', 'median cuts', 'max cuts', 'max solver calls'],
          rows: bySize.map(([size, xs]) => [size, xs.length, `${xs.filter((x) => firstLoops(x)! > 1).length} (${fmt((100 * xs.filter((x) => firstLoops(x)! > 1).length) / xs.length, 0)}%)`, median(xs.map((x) => x.cuts ?? 0)), Math.max(...xs.map((x) => x.cuts ?? 0)), Math.max(...xs.map((x) => x.iterations ?? 0))]),
          align: ['left', 'right', 'right', 'right', 'right', 'right'],
        },
        charts: [iterationsChart(runs)],
      };
    }),
  },
  {
    id: 'incremental',
    sentence: 'Then, we encode the problem to CNF DIMACS (line 21) applying the Tseitin transformation [...] this model is not taking into account the fact that there has to be exactly one cycle.',
    published: "OptiLog's use case adds the missing cycle constraint lazily and re-solves incrementally (CaDiCaL); no figure",
    plan: 'optilog-janko',
    evaluate(r) {
      // Only puzzles that needed a cut re-solve at all; each engine's answered runs there.
      const cut = new Set(firstModels(r).several.map((x) => x.instance));
      const times = (label: string) => new Map(runsOf(r, label).filter((x) => cut.has(x.instance) && isSolvedLike(x)).map((x) => [x.instance, x.solve_ms]));
      const [inc, scratch, cadical] = [times(INCREMENTAL), times(SCRATCH), times(CADICAL)];
      const both = [...inc.keys()].filter((i) => scratch.has(i));
      if (both.length === 0) return { ours: 'no puzzle needed a cut and was answered both ways', verdict: 'not comparable', why: 'nothing re-solved' };
      const ratios = both.map((i) => scratch.get(i)! / Math.max(0.01, inc.get(i)!));
      const ratio = median(ratios)!;
      const cadicalBoth = both.filter((i) => cadical.has(i));
      return {
        ours: `on the ${both.length} puzzles that needed cuts: embedded MiniSat incremental ${msText(median(both.map((i) => inc.get(i)!)))}, from scratch ${msText(median(both.map((i) => scratch.get(i)!)))} (median per-puzzle ratio scratch/incremental ${fmt(ratio, 2)}); native CaDiCaL from scratch ${msText(median(cadicalBoth.map((i) => cadical.get(i)!)))} on ${cadicalBoth.length}`,
        verdict: ratio > 1 ? 'holds' : 'does not hold',
        why: ratio > 1 ? `re-solving incrementally is ${fmt(ratio, 2)}x faster (median) than starting over on the same engine; the native CaDiCaL here reads DIMACS, so only from scratch` : 'starting over was no slower than re-solving incrementally on the same engine',
        table: {
          header: ['engine, re-solving', 'puzzles answered', 'median', 'max'],
          rows: [[INCREMENTAL, inc], [SCRATCH, scratch], [CADICAL, cadical]].map(([label, m]) => {
            const values = [...(m as Map<string, number>).values()];
            return [label as string, values.length, msText(median(values)), msText(values.length ? Math.max(...values) : null)];
          }),
          align: ['left', 'right', 'right', 'right'],
        },
        charts: [resolveChart(r, cut)],
      };
    },
  },
];

export const optilog: SourceDef = {
  name: 'optilog',
  title: 'OptiLog, Modelling the Slitherlink problem (a use case)',
  seedFile: '004_0c3ec56112b73568.txt',
  plans,
  claims,
};
