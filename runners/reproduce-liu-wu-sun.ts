// The experiment of Liu, Wu and Sun (seed 002): the same search on top of the basic rules alone (P_old) and
// with the corner rules (P_new), on hard 25x30-class puzzles and the 40x35 case, against the paper's figures.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset, type Instance } from '../datasets/load.ts';
import { solveWithRules } from '../encodings/rules/solver.ts';
import { verify } from '../encodings/verify.ts';
import { median } from '../reports/summary.ts';

export interface ReproduceOptions {
  timeoutMs: number;
  out: string;
  jankoPath: string;
  unique: boolean;
}

export interface ReproduceRow {
  set: string;
  instance: string;
  size: string;
  variant: 'basic (P_old)' | 'corners (P_new)';
  status: string;
  withoutSearch: boolean;
  ms: number;
  nodes: number;
}

export const PAPER = [
  '10,000 hard 25x30 puzzles (puzzle-loop.com): P_new solves every one within 0.05 s; P_old leaves at least 2% unsolved after 2000 s (Intel Core 2 Duo E7200, 2.53 GHz).',
  'A 40x35 puzzle (Fujiwara): P_new 1.7 s; Herting\'s rule-based method about 150 s.',
];

function sets(options: ReproduceOptions): { name: string; instances: Instance[] }[] {
  const out: { name: string; instances: Instance[] }[] = [];
  if (existsSync(options.jankoPath)) {
    const janko = loadDataset(options.jankoPath).instances;
    out.push({ name: 'janko 30x25 hard (puzzle-loop)', instances: janko.filter((i) => /hard\d?_30x25/i.test(i.id)) });
    const big = janko.filter((i) => i.puzzle.rows * i.puzzle.cols >= 1200).slice(0, 10);
    if (big.length) out.push({ name: 'janko largest (30x40 .. 60x60)', instances: big });
  } else {
    process.stderr.write(`reproduce: ${options.jankoPath} is absent: the janko sets are left out\n`);
  }
  for (const [name, label] of [['loopy-25x30-hard', 'Loopy 25x30 hard'], ['gen-30x25', 'generated 30x25'], ['gen-40x35', 'generated 40x35']]) {
    try {
      out.push({ name: label, instances: loadDataset(name).instances });
    } catch {
      process.stderr.write(`reproduce: built-in set ${name} is missing (npm run datasets:build -- ${name})\n`);
    }
  }
  return out;
}

export function reproduce(options: ReproduceOptions): ReproduceRow[] {
  const rows: ReproduceRow[] = [];
  for (const set of sets(options)) {
    for (const instance of set.instances) {
      for (const corners of [false, true]) {
        const started = performance.now();
        const outcome = solveWithRules(instance.puzzle, { corners, trial: false, maxSolutions: options.unique ? 2 : 1, deadline: started + options.timeoutMs });
        const ms = performance.now() - started;
        const solution = outcome.solutions[0];
        if (solution && !verify(instance.puzzle, { rows: instance.puzzle.rows, cols: instance.puzzle.cols, on: solution }).valid) throw new Error(`internal: rules gave a wrong answer on ${instance.id}`);
        const row: ReproduceRow = {
          set: set.name,
          instance: instance.id,
          size: `${instance.puzzle.rows}x${instance.puzzle.cols}`,
          variant: corners ? 'corners (P_new)' : 'basic (P_old)',
          status: outcome.status,
          withoutSearch: outcome.status === 'solved' && outcome.level !== 'search' && outcome.level !== null,
          ms,
          nodes: outcome.stats.nodes,
        };
        rows.push(row);
        process.stderr.write(`reproduce: ${set.name} ${instance.id} ${row.variant}: ${row.status} in ${ms.toFixed(1)} ms${row.withoutSearch ? ' (no search)' : ` (${row.nodes} nodes)`}\n`);
      }
    }
  }
  return rows;
}

export function summaryTable(rows: ReproduceRow[], timeoutMs: number): string {
  const lines = [
    `| set | rules | puzzles | solved in ${timeoutMs / 1000} s | solved without search | within 0.05 s | median (ms) | max (ms) |`,
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  const groups = new Map<string, ReproduceRow[]>();
  for (const r of rows) groups.set(`${r.set}\u0000${r.variant}`, [...(groups.get(`${r.set}\u0000${r.variant}`) ?? []), r]);
  for (const [key, group] of groups) {
    const [set, variant] = key.split('\u0000');
    const solved = group.filter((r) => r.status === 'solved' || r.status === 'unsat');
    const times = solved.map((r) => r.ms);
    lines.push(`| ${set} | ${variant} | ${group.length} | ${solved.length} | ${group.filter((r) => r.withoutSearch).length} | ${group.filter((r) => r.status === 'solved' && r.ms <= 50).length} | ${times.length ? median(times)!.toFixed(1) : '-'} | ${times.length ? Math.max(...times).toFixed(1) : '-'} |`);
  }
  return lines.join('\n') + '\n';
}

export function writeReproduction(rows: ReproduceRow[], options: ReproduceOptions): { markdown: string; html: string } {
  mkdirSync(options.out, { recursive: true });
  const table = summaryTable(rows, options.timeoutMs);
  const markdown = `# Liu, Wu and Sun: basic rules vs corner rules\n\nSame depth-first search and the same ${options.timeoutMs / 1000} s limit for both; ${options.unique ? 'uniqueness proved too' : 'first solution'}; this machine, one core.\n\n${table}\nThe paper's figures:\n\n${PAPER.map((p) => `- ${p}`).join('\n')}\n\nPer puzzle: \`liu-wu-sun.csv\`.\n`;
  writeFileSync(join(options.out, 'liu-wu-sun.md'), markdown);
  writeFileSync(join(options.out, 'liu-wu-sun.csv'), 'set,instance,size,variant,status,without_search,ms,nodes\n' + rows.map((r) => [r.set, r.instance, r.size, r.variant, r.status, r.withoutSearch, r.ms.toFixed(3), r.nodes].map((v) => `"${String(v)}"`).join(',')).join('\n') + '\n');
  const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  const htmlTable = table.trim().split('\n').filter((l, i) => i !== 1).map((l, i) => `<tr>${l.split('|').slice(1, -1).map((c) => (i === 0 ? `<th>${esc(c.trim())}</th>` : `<td>${esc(c.trim())}</td>`)).join('')}</tr>`).join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Liu, Wu and Sun reproduced</title>
<style>body{font-family:"DejaVu Sans",sans-serif;max-width:1000px;margin:2em auto;padding:0 1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px}td{text-align:right}td:first-child,td:nth-child(2){text-align:left}</style></head>
<body><h1>Liu, Wu and Sun: basic rules vs corner rules</h1><p>Same depth-first search and the same ${options.timeoutMs / 1000} s limit for both.</p>
<table>${htmlTable}</table><h2>The paper</h2><ul>${PAPER.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></body></html>\n`;
  writeFileSync(join(options.out, 'liu-wu-sun.html'), html);
  return { markdown, html };
}
