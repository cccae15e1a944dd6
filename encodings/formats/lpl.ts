// The LPL (virtual-optima) Slitherlink collection: "Table N" blocks of text grids.
import { PuzzleError } from '../errors.ts';
import type { CollectionEntry } from './janko.ts';
import { readText } from './text.ts';

export function looksLikeLpl(text: string): boolean {
  return /^Table\s+\d+/m.test(text);
}

/**
 * LPL: blocks of `Table <n> <source>`, then `R C`, then R rows of space-separated '.' or 0-3.
 * A malformed block (slitherlink1.txt's Table 111 has 9 rows under a 10x10 header) is skipped and listed
 * in `skipped`; without that list it is an error.
 */
export function readLpl(text: string, where = 'LPL file', skipped?: { id: string; reason: string }[]): CollectionEntry[] {
  const lines = text.split(/\r?\n/);
  const out: CollectionEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^Table\s+(\d+)\s*(.*)$/.exec(lines[i].trim());
    if (!m) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j].trim()) j++;
    const header = /^(\d+)\s+(\d+)$/.exec(lines[j]?.trim() ?? '');
    if (!header) throw new PuzzleError(`${where}:${j + 1}: expected "R C" after Table ${m[1]}`);
    let end = j + 1;
    while (end < lines.length && lines[end].trim() && !/^Table\s/.test(lines[end].trim())) end++;
    const block = lines.slice(j, end).join('\n');
    const id = `Table ${m[1]}`;
    const source = m[2].trim();
    try {
      const puzzle = readText(block, `${where}:${j + 1}`);
      out.push(source ? { id, puzzle, source } : { id, puzzle });
    } catch (error) {
      if (!skipped || !(error instanceof PuzzleError)) throw error;
      skipped.push({ id, reason: error.message });
    }
    i = Math.max(i, end - 1);
  }
  if (out.length === 0) throw new PuzzleError(`${where}: no "Table N" puzzles found`);
  return out;
}

