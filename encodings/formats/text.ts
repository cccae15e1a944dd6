// Plain text grids: an optional "R C" header, then R rows of clues 0-4, blanks '.' or '-', '?' for an
// unknown clue; tokens spaced or not. Lines starting with '#' are comments.
import { makePuzzle, type Clue, type Puzzle, checkSizeAt } from '../grid.ts';
import { PuzzleError } from '../errors.ts';

const CLUE_CHARS: Record<string, Clue> = { '0': 0, '1': 1, '2': 2, '3': 3, '4': 4, '.': null, '-': null, '?': '?' };

export function looksLikeText(text: string): boolean {
  const body = text.split(/\r?\n/).filter((line) => !/^\s*#/.test(line)).join('\n');
  return /^[\s\d.\-?]+$/.test(body) && /[\d.\-?]/.test(body);
}

interface Token {
  text: string;
  /** 1-based column in its line. */
  column: number;
}

function tokensOf(line: string): Token[] {
  const trimmed = line.trimEnd();
  if (/\S\s+\S/.test(trimmed)) return [...trimmed.matchAll(/\S+/g)].map((m) => ({ text: m[0], column: m.index + 1 }));
  const start = trimmed.length - trimmed.trimStart().length;
  return [...trimmed.trimStart()].map((ch, i) => ({ text: ch, column: start + i + 1 }));
}

export function readText(text: string, where = 'input'): Puzzle {
  const lines = text
    .split(/\r?\n/)
    .map((line, i) => ({ tokens: tokensOf(line), number: i + 1, comment: /^\s*#/.test(line) }))
    .filter((l) => l.tokens.length > 0 && !l.comment);
  if (lines.length === 0) throw new PuzzleError(`${where}: empty input, no grid found`);
  let rows: number | undefined;
  let cols: number | undefined;
  const first = lines[0];
  const rest = lines.slice(1);
  const headerTokens = first.tokens.map((t) => t.text);
  if (headerTokens.length === 2 && headerTokens.every((t) => /^[+-]?\d+$/.test(t))) {
    // "2 2" may be a header or a row of two clues. It is a row only when both are clues and every other
    // row has two cells, and it does not read as a header that fits.
    const [r, c] = headerTokens.map(Number);
    const bothClues = headerTokens.every((t) => /^[0-4]$/.test(t));
    const fitsAsHeader = rest.length === r && rest.every((l) => l.tokens.length === c);
    const fitsAsRow = rest.length > 0 && rest.every((l) => l.tokens.length === 2);
    if (!bothClues || fitsAsHeader || !fitsAsRow) {
      rows = r;
      cols = c;
      checkSizeAt(`${where}:${first.number}`, rows, cols, `${headerTokens.join(' ')} (R C header)`);
      lines.shift();
    }
  }
  if (rows !== undefined && lines.length !== rows) {
    throw new PuzzleError(`${where}: the header says ${rows} rows but ${lines.length} follow`);
  }
  const width = cols ?? lines[0].tokens.length;
  if (rows === undefined) checkSizeAt(where, lines.length, width, `${lines.length}x${width} (rows x columns)`);
  const clues: Clue[] = [];
  lines.forEach(({ tokens, number }, r) => {
    for (const token of tokens) {
      if (!(token.text in CLUE_CHARS)) {
        const what = /^\d+$/.test(token.text) ? `clue ${token.text} is not 0-4` : `'${token.text}' is not a clue (0-4), a blank ('.' or '-') or '?'`;
        throw new PuzzleError(`${where}:${number}:${token.column}: ${what}`);
      }
    }
    if (tokens.length !== width) throw new PuzzleError(`${where}:${number}: row ${r + 1} has ${tokens.length} cells, expected ${width}`);
    for (const token of tokens) clues.push(CLUE_CHARS[token.text]);
  });
  return makePuzzle(lines.length, width, clues);
}

/** Writes the canonical text form: an "R C" header and rows of space-separated tokens. */
export function writeText(puzzle: Puzzle): string {
  const lines = [`${puzzle.rows} ${puzzle.cols}`];
  for (let r = 0; r < puzzle.rows; r++) {
    lines.push(puzzle.clues.slice(r * puzzle.cols, (r + 1) * puzzle.cols).map((c) => (c === null ? '.' : String(c))).join(' '));
  }
  return lines.join('\n') + '\n';
}
