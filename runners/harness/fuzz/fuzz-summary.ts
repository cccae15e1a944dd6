// The summary of a fuzz run (summary.md): the puzzles by kind, each back-end variant's answers and wrong
// answers, its certified answers, and the shrunk regression cases.
import { CASE_KINDS, formatSizeRange, type CaseKind, type CaseOptions, type FuzzCase } from './fuzz-cases.ts';
import type { Finding, FindingKind, FuzzAnswer, Truth } from './fuzz-judge.ts';

export interface Regression {
  file: string;
  variant: string;
  kind: FindingKind;
  rows: number;
  cols: number;
  /** Another grid than the square one: its name (rows and cols are then its height and width). */
  grid?: string;
  /** The puzzle as a puzz.link URL, or its Loopy game ID on another grid. */
  url: string;
}

/** What of a fuzz plan its summary says. */
interface SummaryPlan {
  cases: CaseOptions;
  variants: readonly { label: string }[];
  timeoutMs: number;
  oracleMaxCells: number;
  certify?: boolean;
}

export function summarise(plan: SummaryPlan, cases: FuzzCase[], truths: Map<number, Truth>, answers: Map<string, FuzzAnswer>, disagreements: (Finding & { case: number })[], errors: (Finding & { case: number })[], timeouts: Map<string, number>, regressions: Regression[]): string {
  const lines: string[] = [];
  lines.push(`# Fuzz run`, '', `${cases.length} puzzles (seed ${plan.cases.seed}; small ${formatSizeRange(plan.cases.sizes)} judged by the exact oracle up to ${plan.oracleMaxCells} cells, large ${formatSizeRange(plan.cases.largeSizes)} by cross-checks) x ${plan.variants.length} back-end variants = ${answers.size} runs; time limit ${plan.timeoutMs / 1000} s.`, '');
  lines.push('## Puzzles by kind', '', '| kind | puzzles | no solution | one | several | judged by oracle | wrong answers |', '|---|---:|---:|---:|---:|---:|---:|');
  const wrongCases = new Map<number, number>();
  for (const d of disagreements) wrongCases.set(d.case, (wrongCases.get(d.case) ?? 0) + 1);
  const totals = [0, 0, 0, 0, 0, 0];
  for (const kind of CASE_KINDS as readonly CaseKind[]) {
    const mine = cases.filter((c) => c.kind === kind);
    if (mine.length === 0) continue;
    const row = [mine.length, 0, 0, 0, 0, 0];
    for (const c of mine) {
      const t = truths.get(c.index)!;
      if (t.source === 'oracle') {
        row[1 + t.count]++;
        row[4]++;
      } else if (t.count > 0) row[1 + t.count]++;
      row[5] += wrongCases.get(c.index) ?? 0;
    }
    row.forEach((v, i) => (totals[i] += v));
    lines.push(`| ${kind} | ${row.join(' | ')} |`);
  }
  lines.push(`| all | ${totals.join(' | ')} |`, '', 'Without the oracle (large grids, or the oracle out of time), a count is what the verified loops prove: at least one, or several.', '');
  const kinds = (CASE_KINDS as readonly CaseKind[]).filter((k) => cases.some((c) => c.kind === k));
  lines.push('## Back-end variants: answers, and wrong answers by kind of puzzle', '', `| variant | runs | solved | unsat | timeout/memout | error | ${kinds.map((k) => `wrong ${k}`).join(' | ')} | wrong |`, `|---|---:|---:|---:|---:|---:|${kinds.map(() => '---:|').join('')}---:|`);
  const all = [...answers.values()];
  for (const v of plan.variants) {
    const mine = all.filter((a) => a.variant === v.label);
    const n = (s: string) => mine.filter((a) => a.status === s && !a.rejected).length;
    const wrong = disagreements.filter((d) => d.variant === v.label);
    const wrongByKind = kinds.map((k) => wrong.filter((d) => cases[d.case].kind === k).length);
    lines.push(`| ${v.label} | ${mine.length} | ${n('solved')} | ${n('unsat')} | ${timeouts.get(v.label) ?? 0} | ${n('error')} | ${wrongByKind.join(' | ')} | ${wrong.length} |`);
  }
  if (plan.certify) {
    lines.push('', '## Certified answers', '', '| variant | certified | not certified | proof missing or rejected | not supported |', '|---|---:|---:|---:|---:|');
    for (const v of plan.variants) {
      const mine = all.filter((a) => a.variant === v.label);
      const n = (c: string) => mine.filter((a) => a.certified === c).length;
      lines.push(`| ${v.label} | ${n('yes')} | ${n('no')} | ${mine.filter((a) => a.proofFailure).length} | ${n('not supported')} |`);
    }
    lines.push('', 'Certified: a unique loop or no loop with a proof the independent checker verified, or two different verified loops. A proof missing or rejected counts as a wrong answer.');
  }
  lines.push('', `**${disagreements.length} wrong answers** (${new Set(disagreements.map((d) => d.case)).size} puzzles); ${errors.length} runs ended in an error.`);
  if (regressions.length) {
    lines.push('', '## Shrunk regression cases', '', '| file | variant | kind | size | puzzle |', '|---|---|---|---|---|');
    for (const r of regressions) lines.push(`| ${r.file} | ${r.variant} | ${r.kind} | ${r.grid ? `${r.grid} ${r.cols}x${r.rows}` : `${r.rows}x${r.cols}`} | ${r.url} |`);
  }
  return lines.join('\n') + '\n';
}
