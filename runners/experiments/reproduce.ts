// `reproduce`: runs the bench plans of the chosen sources (resumable), computes every claim's figure from
// their results, and writes one artifact: index.html, claims.csv and the charts.
import { UsageError } from '../../encodings/errors.ts';
import { writeReproduction, type ReproductionPage, type SourceSection } from '../../reports/reproduce-page.ts';
import { cpsatChapter } from './reproduce-cpsat-chapter.ts';
import { hakerh400 } from './reproduce-hakerh400.ts';
import { liuWuSun } from './reproduce-liu-wu-sun.ts';
import { optilog } from './reproduce-optilog.ts';
import { benchCommand, claimRows, planDir, readPlan, ReproduceProgress, reproduceCommand, runPlan, type PlanDef, type PlanResults, type RunOptions, type SourceDef } from './reproduce-plans.ts';
import { SOURCE_NAMES } from './source-names.ts';
import { slitherlinky } from './reproduce-slitherlinky.ts';

export const SOURCES: readonly SourceDef[] = [cpsatChapter, hakerh400, slitherlinky, optilog, liuWuSun];

export function sourceByName(name: string): SourceDef {
  const source = SOURCES.find((s) => s.name === name);
  if (!source) throw new UsageError(`unknown source '${name}' (known: ${SOURCE_NAMES.join(', ')}, or all, or list)`);
  return source;
}

/** `reproduce list`: each source with its claims. */
export function listText(): string {
  return SOURCES.map((s) => `${s.name}  (${s.seedFile}) ${s.title}\n${s.claims.map((c) => `  ${c.id.padEnd(22)} ${c.published}\n  ${''.padEnd(22)} "${c.sentence}"`).join('\n')}`).join('\n\n') + '\n';
}

export interface ReproduceRequest extends RunOptions {
  sources: SourceDef[];
  /** Only this claim (with one source). */
  claim?: string;
  /** Build the page from the results on disk without running anything. */
  noRun?: boolean;
}

/** The plans the request needs, each once (a plan may serve several claims and sources). */
function neededPlans(request: ReproduceRequest): PlanDef[] {
  const plans = new Map<string, PlanDef>();
  for (const source of request.sources) {
    const claims = source.claims.filter((c) => !request.claim || c.id === request.claim);
    for (const claim of claims) {
      const plan = SOURCES.flatMap((s) => s.plans).find((p) => p.name === claim.plan);
      if (!plan) throw new Error(`internal: claim ${source.name}/${claim.id} reads an unknown plan ${claim.plan}`);
      plans.set(claim.plan, plan);
    }
  }
  return [...plans.values()];
}

/**
 * Computes the page from the results on disk (nothing is run): every claim of the sources asked for, and of
 * any other source with results in the same directory, so that running one source or claim after `all`
 * keeps the whole page.
 */
export function buildPage(request: ReproduceRequest, missing: Map<string, string | null> = new Map()): ReproductionPage {
  const hasResults = (source: SourceDef) => source.plans.some((p) => readPlan(p, request, null).missing === null);
  const shown = SOURCES.filter((s) => request.sources.includes(s) || hasResults(s));
  const plans = neededPlans({ ...request, sources: shown, claim: undefined });
  const results = new Map<string, PlanResults>(plans.map((p) => [p.name, readPlan(p, request, missing.get(p.name) ?? null)]));
  const sections: SourceSection[] = shown.map((source) => {
    const { rows, charts } = claimRows(source, results, request);
    const mine = new Set(source.claims.map((c) => c.plan));
    return {
      name: source.name, title: source.title, seedFile: source.seedFile, claims: rows, charts, notes: source.notes ?? [],
      plans: plans.filter((p) => mine.has(p.name)).map((p) => ({ name: p.name, dir: planDir(request, p), command: benchCommand(planDir(request, p)), runs: results.get(p.name)!.records.length })),
    };
  });
  const what = request.sources.length === SOURCES.length ? 'all' : request.sources.map((s) => s.name).join(' ');
  return {
    title: 'slitherbench: published claims against our figures',
    setting: `${request.quick ? 'Quick run (--quick: fewer puzzles, shorter limits; figures are indicative)' : 'Default run'}, last built ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`${reproduceCommand(what, request, request.claim)}\`.`,
    sections,
  };
}

/** Runs what is needed, then writes the artifact; returns its page path. */
export async function reproduce(request: ReproduceRequest): Promise<{ path: string; page: ReproductionPage }> {
  const missing = new Map<string, string | null>();
  if (!request.noRun) {
    const plans = neededPlans(request);
    const progress = new ReproduceProgress(plans.length);
    try {
      for (const [i, plan] of plans.entries()) missing.set(plan.name, await runPlan(plan, request, progress, i));
    } finally {
      progress.done();
    }
  }
  const page = buildPage(request, missing);
  const path = await writeReproduction(request.out, page);
  return { path, page };
}
