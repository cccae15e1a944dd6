// Markdown tables for the experiment scripts, in the style of summary.md: one header row, `---` / `---:`
// separators, empty cells as '-'. One helper so every script's table reads (and pastes) the same way.

export type Align = 'left' | 'right';

export type Cell = string | number | null | undefined;

/** A table as data, so that the same rows can go to markdown and to an HTML page (reports/html.ts). */
export interface Table {
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
  /** Per column; missing columns are left-aligned. */
  align?: readonly Align[];
}

/** The alignment of a table whose first `labels` columns name things and whose other columns are numbers. */
export const labelsThenNumbers = (header: readonly string[], labels: number): Align[] => header.map((_, i) => (i < labels ? 'left' : 'right'));

/** A cell as text: numbers as they are (format them first with `fmt`), null and undefined as '-'. */
export const cellText = (cell: Cell): string => (cell === null || cell === undefined || cell === '' ? '-' : String(cell));

/** A number with a fixed number of decimals, '-' when there is none (no runs, no median). */
export const fmt = (x: number | null | undefined, digits = 1): string => (x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits));

/** a / b with fixed decimals, '-' when either is missing or b is zero. */
export const ratio = (a: number | null | undefined, b: number | null | undefined, digits = 2): string => (a === null || a === undefined || !b ? '-' : fmt(a / b, digits));

/** The largest value, or null for none (Math.max of nothing is -Infinity). */
export const maxOf = (values: readonly number[]): number | null => (values.length ? Math.max(...values) : null);

// A '|' inside a cell would split it in two.
const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(header: readonly string[], rows: readonly (readonly Cell[])[], align: readonly Align[] = []): string {
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [
    line(header),
    `|${header.map((_, i) => (align[i] === 'right' ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => line(header.map((_, i) => cellText(row[i])))),
  ].join('\n') + '\n';
}

export const tableMarkdown = (table: Table): string => markdownTable(table.header, table.rows, table.align);
