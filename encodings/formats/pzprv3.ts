// pzprjs's file format for Slitherlink: "pzprv3" (or "pzprv3.1"), "slither", ROWS, COLS, ROWS lines of clues
// ('.' blank, '-' an unknown '?'); in version 1 ("pzprv3.1", what pzprjs writes) ROWS lines of cell colours
// follow; then the answer on the edges: ROWS lines of COLS+1 vertical edges and ROWS+1 lines of COLS
// horizontal edges ('1' line, '-1' cross, '0' nothing). Anything after that (pzprjs's history) is ignored.
import { gridOf, makePuzzle, type Clue, type Puzzle, checkSizeAt } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import type { Solution } from '../solution.ts';

export function looksLikePzprv3(text: string): boolean {
  const end = text.indexOf('\n');
  return /^pzprv3(\.\d+)?\s*$/.test(end < 0 ? text : text.slice(0, end));
}

export function readPzprv3(text: string, where = 'pzprv3 file'): { puzzle: Puzzle; solution?: Solution } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  let at = 0;
  const next = (what: string): string => {
    while (at < lines.length && lines[at] === '') at++;
    if (at >= lines.length) throw new PuzzleError(`${where}: ends early, expected ${what}`);
    return lines[at++];
  };
  const version = /^pzprv3(?:\.(\d+))?$/.exec(next('"pzprv3"'));
  if (!version) throw new PuzzleError(`${where}:${at}: not a pzprv3 file (expected "pzprv3" or "pzprv3.1")`);
  const fileVersion = Number(version[1] ?? 0);
  if (fileVersion > 1) throw new PuzzleError(`${where}:${at}: pzprv3 file version ${fileVersion} is not supported (0 or 1)`);
  const pid = next('the puzzle type');
  if (pid !== 'slither' && pid !== 'slitherlink') throw new PuzzleError(`${where}:${at}: puzzle type '${pid}' is not Slitherlink`);
  const rowsText = next('the row count');
  const colsText = next('the column count');
  if (!/^\d+$/.test(rowsText) || !/^\d+$/.test(colsText)) throw new PuzzleError(`${where}:${at}: size '${rowsText} ${colsText}' is not two whole numbers`);
  const rows = Number(rowsText);
  const cols = Number(colsText);
  checkSizeAt(`${where}:${at}`, rows, cols, `${rows} rows, ${cols} columns`);
  const clues: Clue[] = [];
  for (let r = 0; r < rows; r++) {
    const line = next(`clue row ${r + 1}`);
    const tokens = line.split(/\s+/);
    if (tokens.length !== cols) throw new PuzzleError(`${where}:${at}: clue row ${r + 1} has ${tokens.length} cells, expected ${cols}`);
    tokens.forEach((t, c) => {
      if (t === '.') clues.push(null);
      else if (t === '-') clues.push('?');
      else if (/^[0-4]$/.test(t)) clues.push(Number(t) as Clue);
      else if (/^\d+$/.test(t)) throw new PuzzleError(`${where}:${at}: clue row ${r + 1}, column ${c + 1}: clue ${t} is not 0-4`);
      else throw new PuzzleError(`${where}:${at}: clue row ${r + 1}, column ${c + 1}: '${t}' is not 0-4, '.' or '-'`);
    });
  }
  const puzzle = makePuzzle(rows, cols, clues);
  while (at < lines.length && lines[at] === '') at++;
  if (at >= lines.length) return { puzzle };
  const grid = gridOf(puzzle);
  const on = new Uint8Array(grid.edgeCount);
  let any = false;
  const readEdges = (count: number, width: number, edgeAt: (r: number, c: number) => number, what: string) => {
    for (let r = 0; r < count; r++) {
      const line = next(`${what} row ${r + 1}`);
      const tokens = line.split(/\s+/);
      if (tokens.length !== width) throw new PuzzleError(`${where}:${at}: ${what} row ${r + 1} has ${tokens.length} entries, expected ${width}`);
      tokens.forEach((t, c) => {
        if (!/^-?\d+$/.test(t)) throw new PuzzleError(`${where}:${at}: ${what} row ${r + 1}, entry ${c + 1}: '${t}' is not a number`);
        if (Number(t) > 0) {
          on[edgeAt(r, c)] = 1;
          any = true;
        }
      });
    }
  };
  // Version 1 has a block of cell colours (the player's shading) before the edges, read for its shape only.
  // Some writers label files 1 without it: the block is there only when enough lines remain for both.
  const remaining = lines.slice(at).filter((line) => line !== '').length;
  if (fileVersion === 1 && remaining >= rows + 2 * rows + 1) {
    for (let r = 0; r < rows; r++) {
      const tokens = next(`colour row ${r + 1}`).split(/\s+/);
      if (tokens.length !== cols) throw new PuzzleError(`${where}:${at}: colour row ${r + 1} has ${tokens.length} entries, expected ${cols}`);
    }
    while (at < lines.length && lines[at] === '') at++;
    if (at >= lines.length) return { puzzle };
  }
  readEdges(rows, cols + 1, grid.verticalEdge, 'vertical edge');
  readEdges(rows + 1, cols, grid.horizontalEdge, 'horizontal edge');
  return any ? { puzzle, solution: { rows, cols, on } } : { puzzle };
}

export function writePzprv3(puzzle: Puzzle, solution?: Solution): string {
  const grid = gridOf(puzzle);
  const lines = ['pzprv3.1', 'slither', String(puzzle.rows), String(puzzle.cols)];
  for (let r = 0; r < puzzle.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < puzzle.cols; c++) {
      const clue = puzzle.clues[grid.cell(r, c)];
      row.push(clue === null ? '.' : clue === '?' ? '-' : String(clue));
    }
    lines.push(row.join(' ') + ' ');
  }
  for (let r = 0; r < puzzle.rows; r++) lines.push('0 '.repeat(puzzle.cols));
  const edge = (e: number) => (solution && solution.on[e] ? '1' : '0');
  for (let r = 0; r < puzzle.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c <= puzzle.cols; c++) row.push(edge(grid.verticalEdge(r, c)));
    lines.push(row.join(' ') + ' ');
  }
  for (let r = 0; r <= puzzle.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < puzzle.cols; c++) row.push(edge(grid.horizontalEdge(r, c)));
    lines.push(row.join(' ') + ' ');
  }
  return lines.join('\n') + '\n';
}
