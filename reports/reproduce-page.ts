// The reproduction artifact: one self-contained index.html (charts inlined as SVG, no script), claims.csv,
// and every chart as .vl.json, .svg and .png. Pure apart from writeReproduction, which writes the files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { specToSvg, svgToPng } from './chart-images.ts';
import { STYLE as PAGE_STYLE, esc as escapeHtml } from './html.ts';
import type { ChartSpec } from './specs.ts';
import { cellText, type Table } from './tables.ts';

export const VERDICTS = ['holds', 'does not hold', 'not comparable'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One published claim held against our figure. */
export interface ClaimRow {
  source: string;
  /** Short id, unique within the source (`reproduce SOURCE --claim ID`). */
  claim: string;
  /** The sentence reproduced, quoted briefly from the seed file. */
  sentence: string;
  seedFile: string;
  published: string;
  ours: string;
  verdict: Verdict;
  /** One line saying why. */
  why: string;
  /** The machine the figure was measured on. */
  machine: string;
  /** The exact command that reproduces this row. */
  command: string;
  /** Per-claim detail: a small table, the names of its charts, drawn puzzles (SVG made by encodings/render.ts). */
  table?: Table;
  charts?: string[];
  figures?: { caption: string; svg: string }[];
}

export interface SourceSection {
  name: string;
  title: string;
  seedFile: string;
  claims: ClaimRow[];
  charts: ChartSpec[];
  /** The bench plans behind the claims: where their results are and how to run one alone. */
  plans: { name: string; dir: string; command: string; runs: number }[];
  notes: string[];
}

export interface ReproductionPage {
  title: string;
  /** What was run: defaults or --quick, when, and the command. */
  setting: string;
  sections: SourceSection[];
}

export const CLAIM_COLUMNS = ['source', 'claim', 'published', 'ours', 'verdict', 'command'] as const;

/** claims.csv: the contract's columns first, then why, the quoted sentence, the seed file and the machine. */
export function claimsCsv(sections: readonly SourceSection[]): string {
  const rows = sections.flatMap((s) => s.claims).map((c) => [c.source, c.claim, c.published, c.ours, c.verdict, c.command, c.why, c.sentence, c.seedFile, c.machine]);
  return stringify(rows, { header: true, columns: [...CLAIM_COLUMNS, 'why', 'sentence', 'seed_file', 'machine'] });
}

const VERDICT_CLASS: Record<Verdict, string> = { holds: 'holds', 'does not hold': 'fails', 'not comparable': 'nc' };

function tableHtml(t: Table): string {
  return `<table class="detail"><thead><tr>${t.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>
${t.rows.map((row) => `<tr>${t.header.map((_, i) => `<td${t.align?.[i] === 'right' ? ' class="num"' : ''}>${escapeHtml(cellText(row[i]))}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>`;
}

/** The page; `svgs` holds each chart's SVG by chart name (rendered beforehand, since rendering is async). */
export function reproductionHtml(page: ReproductionPage, svgs: ReadonlyMap<string, string>): string {
  const all = page.sections.flatMap((s) => s.claims);
  const count = (v: Verdict) => all.filter((c) => c.verdict === v).length;
  const overview = page.sections.map((s) => `<tr><td><a href="#${escapeHtml(s.name)}">${escapeHtml(s.name)}</a></td><td>${escapeHtml(s.title)}</td><td class="num">${s.claims.length}</td>${VERDICTS.map((v) => `<td class="num">${s.claims.filter((c) => c.verdict === v).length}</td>`).join('')}</tr>`).join('\n');
  const claimHtml = (c: ClaimRow) => `<article class="claim" id="${escapeHtml(`${c.source}-${c.claim}`)}">
<h3>${escapeHtml(c.claim)} <span class="verdict ${VERDICT_CLASS[c.verdict]}">${escapeHtml(c.verdict)}</span></h3>
<blockquote>“${escapeHtml(c.sentence)}” <cite>${escapeHtml(c.seedFile)}</cite></blockquote>
<table class="facts"><tbody>
<tr><th>published</th><td>${escapeHtml(c.published)}</td></tr>
<tr><th>ours</th><td>${escapeHtml(c.ours)}</td></tr>
<tr><th>verdict</th><td><b>${escapeHtml(c.verdict)}</b>: ${escapeHtml(c.why)}</td></tr>
<tr><th>machine</th><td>${escapeHtml(c.machine)}</td></tr>
<tr><th>command</th><td><code>${escapeHtml(c.command)}</code></td></tr>
</tbody></table>
${c.table ? tableHtml(c.table) : ''}
${(c.charts ?? []).map((name) => (svgs.has(name) ? `<figure class="chart">${svgs.get(name)}<figcaption>charts/${escapeHtml(name)}.svg · .png · .vl.json</figcaption></figure>` : '')).join('\n')}
${(c.figures ?? []).map((f) => `<figure class="puzzle">${f.svg}<figcaption>${escapeHtml(f.caption)}</figcaption></figure>`).join('\n')}
</article>`;
  const section = (s: SourceSection) => `<section id="${escapeHtml(s.name)}">
<h2>${escapeHtml(s.name)}: ${escapeHtml(s.title)}</h2>
<p class="files">seed file: ${escapeHtml(s.seedFile)}</p>
${s.notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('\n')}
${s.claims.map(claimHtml).join('\n')}
<details><summary>bench plans behind these claims</summary><ul>${s.plans.map((p) => `<li><b>${escapeHtml(p.name)}</b>: ${p.runs} runs in <code>${escapeHtml(p.dir)}</code>; alone: <code>${escapeHtml(p.command)}</code></li>`).join('')}</ul></details>
</section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
${PAGE_STYLE}
<style>
.claim{border-top:1px solid #ddd;padding:.5em 0 1em}blockquote{margin:.5em 0;padding:.3em 1em;border-left:3px solid #bbb;color:#444;font-style:italic}
cite{font-style:normal;color:#777;font-size:12px;margin-left:.5em}table.facts th{width:7em;vertical-align:top}table.facts td{text-align:left;max-width:900px}
table.detail{margin:.6em 0}td.num{text-align:right}.verdict{font-size:13px;padding:2px 8px;border-radius:3px;color:#fff;vertical-align:middle}
.holds{background:#2a7d2a}.fails{background:#b03030}.nc{background:#777}code{font-size:12px;word-break:break-all}
</style>
</head><body>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.setting)}</p>
<p>${all.length} claims: ${count('holds')} hold, ${count('does not hold')} do not hold, ${count('not comparable')} not comparable. Every figure under “ours” is computed from the bench results of this run (claims.csv has the same rows).</p>
<table><thead><tr><th>source</th><th>document</th><th>claims</th>${VERDICTS.map((v) => `<th>${v}</th>`).join('')}</tr></thead><tbody>
${overview}
</tbody></table>
${page.sections.map(section).join('\n')}
</body></html>
`;
}

/** Writes index.html, claims.csv and charts/<name>.{vl.json,svg,png}; returns the page's path. */
export async function writeReproduction(dir: string, page: ReproductionPage): Promise<string> {
  const charts = join(dir, 'charts');
  mkdirSync(charts, { recursive: true });
  const svgs = new Map<string, string>();
  for (const chart of page.sections.flatMap((s) => s.charts)) {
    const svg = await specToSvg(chart.spec);
    svgs.set(chart.name, svg);
    writeFileSync(join(charts, `${chart.name}.vl.json`), JSON.stringify(chart.spec, null, 2) + '\n');
    writeFileSync(join(charts, `${chart.name}.svg`), svg);
    writeFileSync(join(charts, `${chart.name}.png`), svgToPng(svg));
  }
  writeFileSync(join(dir, 'claims.csv'), claimsCsv(page.sections));
  const path = join(dir, 'index.html');
  writeFileSync(path, reproductionHtml(page, svgs));
  return path;
}
