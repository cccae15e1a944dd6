// Plain text grids: an optional "R C" header, then R rows of clues 0-4, blanks '.' or '-', '?' for an
// unknown clue; tokens spaced or not.
import { makePuzzle, PuzzleError, checkSize, type Clue, type Puzzle } from '../grid.ts';

const CLUE_CHARS: Record<string, Clue> = { '0': 0, '1': 1, '2': 2, '3': 3, '4': 4, '.': null, '-': null, '?': '?' };

export function looksLikeText(text: string): boolean {
  return /^[\s0-4.\-?]+$/.test(text) && /[0-4.\-?]/.test(text);
}

export function readText(text: string, where = 'input'): Puzzle {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const numbered = lines.map((line, i) => ({ line, number: i + 1 })).filter((l) => l.line.length > 0);
  if (numbered.length === 0) throw new PuzzleError(`${where}: empty input, no grid found`);
  let rows: number | undefined;
  let cols: number | undefined;
  const header = /^(\d+)\s+(\d+)$/.exec(numbered[0].line);
  // "2 2" may be a header or a row of clues: it is a header when the row count fits or a number is not a clue.
  if (header && numbered.length > 1 && (Number(header[1]) === numbered.length - 1 || /[5-9]|\d\d/.test(numbered[0].line))) {
    rows = Number(header[1]);
    cols = Number(header[2]);
    checkSize(rows, cols, `${where}:${numbered[0].number}: header`);
    numbered.shift();
  }
  const grid: Clue[][] = numbered.map(({ line, number }) => {
    const tokens = /\s/.test(line) ? line.split(/\s+/) : [...line];
    return tokens.map((token, i) => {
      if (!(token in CLUE_CHARS)) {
        const column = /\s/.test(line) ? line.indexOf(token) + 1 : i + 1;
        throw new PuzzleError(`${where}:${number}:${column}: '${token}' is not a clue (0-4), a blank ('.' or '-') or '?'`);
      }
      return CLUE_CHARS[token];
    });
  });
  const width = cols ?? grid[0].length;
  if (rows !== undefined && grid.length !== rows) {
    throw new PuzzleError(`${where}: the header says ${rows} rows but ${grid.length} follow`);
  }
  grid.forEach((row, r) => {
    if (row.length !== width) throw new PuzzleError(`${where}:${numbered[r].number}: row ${r + 1} has ${row.length} cells, expected ${width}`);
  });
  checkSize(grid.length, width, where);
  return makePuzzle(grid.length, width, grid.flat());
}

/** Writes the canonical text form: an "R C" header and rows of space-separated tokens. */
export function writeText(puzzle: Puzzle): string {
  const lines = [`${puzzle.rows} ${puzzle.cols}`];
  for (let r = 0; r < puzzle.rows; r++) {
    lines.push(puzzle.clues.slice(r * puzzle.cols, (r + 1) * puzzle.cols).map((c) => (c === null ? '.' : String(c))).join(' '));
  }
  return lines.join('\n') + '\n';
}
