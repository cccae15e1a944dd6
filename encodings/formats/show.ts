import { MAX_CELLS, MAX_SIDE, PuzzleError } from '../grid.ts';
// Characters in error messages: printable ones quoted, others (newlines, control bytes, junk) by code point,
// so that a message stays on one line and says exactly what was found.
export function showChar(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Refuses a grid size before anything is allocated, in the notation of the input (`shown`, e.g.
 * "0/5 (COLS/ROWS)"), with the place first: the same limits as `checkSize` in grid.ts.
 */
export function checkGridSize(rows: number, cols: number, where: string, shown: string): void {
  if (!Number.isInteger(rows) || !Number.isInteger(cols)) throw new PuzzleError(`${where}: size ${shown} is not a pair of whole numbers`);
  if (rows < 1 || cols < 1) throw new PuzzleError(`${where}: size ${shown}: rows and columns must be at least 1`);
  if (rows > MAX_SIDE || cols > MAX_SIDE || rows * cols > MAX_CELLS) {
    throw new PuzzleError(`${where}: size ${shown} is too large (at most ${MAX_SIDE} per side and ${MAX_CELLS} cells)`);
  }
}
