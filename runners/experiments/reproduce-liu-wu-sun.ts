// The experiment of Liu, Wu and Sun: the same search on top of the basic rules alone (P_old) and with the
// corner rules (P_new), on hard 25x30-class puzzles and the 40x35 case, against the paper's figures.
// Synchronous on purpose: it calls the rules solver directly, with trial off, to compare the rule sets alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { loadDataset, type Instance } from '../../datasets/load.ts';
import { hasShared } from '../../datasets/shared.ts';
import { solveWithRules } from '../../encodings/backends/rules/search.ts';
import { verify } from '../../encodings/verify.ts';
import { tablePage } from '../../reports/html.ts';
import { groupBy, median } from '../../reports/statistics.ts';
import { fmt, maxOf, tableMarkdown, type Table } from '../../reports/tables.ts';

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

const TITLE = 'Liu, Wu and Sun: basic rules vs corner rules';

export const PAPER = [
  '10,000 hard 25x30 puzzles (puzzle-loop.com): P_new solves every one within 0.05 s; P_old leaves at least 2% unsolved after 2000 s (Intel Core 2 Duo E7200, 2.53 GHz).',
  'A 40x35 puzzle (Fujiwara): P_new 1.7 s; Herting\'s rule-based method about 150 s.',
];

function sets(options: ReproduceOptions): { name: string; instances: Instance[] }[] {
  const out: { name: string; instances: Instance[] }[] = [];
  // The janko collection lives in ../shared/datasets, which a clone may lack: the built-in sets still run.
  if (hasShared(options.jankoPath)) {
    const janko = loadDataset(options.jankoPath).instances;
    out.push({ name: 'janko 30x25 hard (puzzle-loop)', instances: janko.filter((i) => /hard\d?_30x25/i.test(i.id)) });
    const big = janko.filter((i) => i.puzzle.rows * i.puzzle.cols >= 1200).slice(0, 10);
    if (big.length) out.push({ name: 'janko largest (30x40 .. 60x60)', instances: big });
  } else {
    process.stderr.write(`reproduce: the janko collection is absent (${options.jankoPath}; ../shared/datasets beside the repository holds it): its 30x25 hard and largest puzzles are left out\n`);
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
          // Deduction alone decided every edge: the paper's "solved without search".
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

/** Per set and rule variant: puzzles, answered, decided without search, solved within the paper's 0.05 s, times. */
export function summaryTableData(rows: ReproduceRow[], timeoutMs: number): Table {
  const table: string[][] = [];
  for (const group of groupBy(rows, (r) => `${r.set}\u0000${r.variant}`).values()) {
    const times = group.filter((r) => r.status === 'solved' || r.status === 'unsat').map((r) => r.ms);
    table.push([
      group[0].set, group[0].variant, String(group.length), String(times.length),
      String(group.filter((r) => r.withoutSearch).length), String(group.filter((r) => r.status === 'solved' && r.ms <= 50).length),
      fmt(median(times)), fmt(maxOf(times)),
    ]);
  }
  return {
    header: ['set', 'rules', 'puzzles', `solved in ${timeoutMs / 1000} s`, 'solved without search', 'within 0.05 s', 'median (ms)', 'max (ms)'],
    rows: table,
    align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
  };
}

export const summaryTable = (rows: ReproduceRow[], timeoutMs: number): string => tableMarkdown(summaryTableData(rows, timeoutMs));

export function writeReproduction(rows: ReproduceRow[], options: ReproduceOptions): { markdown: string; html: string } {
  mkdirSync(options.out, { recursive: true });
  const summary = summaryTableData(rows, options.timeoutMs);
  const setting = `Same depth-first search and the same ${options.timeoutMs / 1000} s limit for both; ${options.unique ? 'uniqueness proved too' : 'first solution'}; this machine, one core.`;
  const markdown = `# ${TITLE}\n\n${setting}\n\n${tableMarkdown(summary)}\nThe paper's figures:\n\n${PAPER.map((p) => `- ${p}`).join('\n')}\n\nPer puzzle: \`liu-wu-sun.csv\`.\n`;
  writeFileSync(join(options.out, 'liu-wu-sun.md'), markdown);
  writeFileSync(join(options.out, 'liu-wu-sun.csv'), stringify(
    rows.map((r) => [r.set, r.instance, r.size, r.variant, r.status, r.withoutSearch, r.ms.toFixed(3), r.nodes]),
    { header: true, columns: ['set', 'instance', 'size', 'variant', 'status', 'without_search', 'ms', 'nodes'], cast: { boolean: (b) => String(b) } },
  ));
  const html = tablePage({ title: TITLE, intro: [setting, 'Per puzzle: liu-wu-sun.csv.'], tables: [summary], notes: { heading: 'The paper', items: PAPER } });
  writeFileSync(join(options.out, 'liu-wu-sun.html'), html);
  return { markdown, html };
}
