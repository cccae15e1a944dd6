// puzz.link / pzv.jp URLs: `https://puzz.link/p?slither/COLS/ROWS/BODY`. The body is pzprjs's "4-cell" code:
// '0'-'4' a clue; '5'-'9' a clue (c - 5) then one blank; 'a'-'e' a clue (c - 10) then two blanks;
// 'g'-'z' a run of 1-20 blanks; '.' a '?' clue. cspuz reads and writes the same code (it ends a body with
// a plain clue where pzprjs writes 'a'-'e'), so both decode alike.
// cspuz also knows `slither/f/COLS/ROWS/BODY`, a variant whose loop must pass through every vertex: it is
// another puzzle, so it is recognised and refused.
import { makePuzzle, type Clue, type Puzzle, checkSizeAt } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import { showChar } from './characters.ts';

export { looksLikeUrl } from './puzzle-lines.ts';

// Scheme and host are optional; any host is accepted, the part after '?' is what matters.
const URL_PATTERN = /^(?:(?:https?:\/\/)?[a-z0-9.\-:]*(?:\/[a-z0-9_.\-]*)*)?\?([^/?#&]+)\/(.*)$/is;
const BARE_PATTERN = /^(slither|slitherlink)\/(.*)$/is;

export function readUrl(text: string, where = 'URL'): Puzzle {
  const url = text.trim();
  const m = URL_PATTERN.exec(url) ?? BARE_PATTERN.exec(url);
  if (!m) throw new PuzzleError(`${where}: not a puzz.link Slitherlink URL (expected https://puzz.link/p?slither/COLS/ROWS/BODY)`);
  const pid = m[1];
  if (!/^(slither|slitherlink)$/i.test(pid)) {
    throw new PuzzleError(`${where}: puzzle type '${pid}' is not Slitherlink (expected ?slither/ or ?slitherlink/)`);
  }
  // Position (0-based) in `url` of the first character after "pid/".
  let position = url.length - m[2].length;
  let rest = m[2];
  if (/^f\//i.test(rest)) {
    throw new PuzzleError(`${where}: character ${position + 1}: the 'f/' variant (the loop must pass through every vertex) is not supported; only plain Slitherlink (?slither/COLS/ROWS/BODY) is`);
  }
  const sizeMatch = /^([^/]*)\/([^/]*)(?:\/|$)/.exec(rest);
  if (!sizeMatch) throw new PuzzleError(`${where}: expected COLS/ROWS/BODY after '${pid}/', got '${rest}'`);
  const [, colsText, rowsText] = sizeMatch;
  if (!/^\d+$/.test(colsText) || !/^\d+$/.test(rowsText)) {
    throw new PuzzleError(`${where}: character ${position + 1}: size '${colsText}/${rowsText}' is not COLS/ROWS in whole numbers`);
  }
  const cols = Number(colsText);
  const rows = Number(rowsText);
  checkSizeAt(`${where}: character ${position + 1}`, rows, cols, `${colsText}/${rowsText} (COLS/ROWS)`);
  position += sizeMatch[0].length;
  rest = rest.slice(sizeMatch[0].length);
  // A trailing slash (copied links) is harmless.
  const body = rest.endsWith('/') ? rest.slice(0, -1) : rest;
  return makePuzzle(rows, cols, decodeBody(body, rows, cols, (i) => `${where}: character ${position + i + 1}`));
}

function decodeBody(body: string, rows: number, cols: number, at: (i: number) => string): Clue[] {
  const total = rows * cols;
  const clues: Clue[] = new Array<Clue>(total).fill(null);
  const size = `the ${total} cells of a ${cols}x${rows} grid`;
  let cell = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    const here = `${at(i)} (${showChar(ch)})`;
    if (cell >= total) throw new PuzzleError(`${here}: the body goes on past ${size}`);
    if (ch >= '0' && ch <= '9') {
      const value = Number(ch);
      clues[cell] = (value % 5) as Clue;
      // A clue's trailing blanks may run past the last cell: pzprjs ends bodies that way.
      cell = Math.min(total, cell + 1 + (value >= 5 ? 1 : 0));
    } else if (ch >= 'a' && ch <= 'e') {
      clues[cell] = (ch.charCodeAt(0) - 97) as Clue;
      cell = Math.min(total, cell + 3);
    } else if (ch >= 'g' && ch <= 'z') {
      const run = parseInt(ch, 36) - 15;
      if (cell + run > total) throw new PuzzleError(`${here}: a run of ${run} blank cells from cell ${cell + 1} goes past ${size}`);
      cell += run;
    } else if (ch === '.') {
      clues[cell++] = '?';
    } else if (ch === 'f') {
      throw new PuzzleError(`${here}: 'f' is not used in Slitherlink bodies (0-9, a-e, g-z or '.')`);
    } else {
      throw new PuzzleError(`${here}: not a Slitherlink body character (0-9, a-e, g-z or '.')`);
    }
  }
  if (cell < total) throw new PuzzleError(`${at(body.length)}: the body is truncated: it describes ${cell} of ${size}`);
  return clues;
}

/** The pzprjs encoding (its encode4Cell), so that pzprjs and puzz.link print the same URL. */
export function encodeBody(puzzle: Puzzle): string {
  const { clues } = puzzle;
  const blank = (i: number) => i < clues.length && clues[i] === null;
  let body = '';
  let run = 0;
  for (let i = 0; i < clues.length; i++) {
    const clue = clues[i];
    let code = '';
    if (typeof clue === 'number') {
      // pzprjs looks at the next two cells: a missing cell counts as blank, so a clue at the very end
      // is written with two trailing blanks ('a'-'e').
      if (i + 1 < clues.length && !blank(i + 1)) code = String(clue);
      else if (i + 2 < clues.length && !blank(i + 2)) {
        code = String(clue + 5);
        i += 1;
      } else {
        code = String.fromCharCode(97 + clue);
        i += 2;
      }
    } else if (clue === '?') code = '.';
    else run++;
    if (run === 0) body += code;
    else if (code || run === 20) {
      body += (run + 15).toString(36) + code;
      run = 0;
    }
  }
  if (run > 0) body += (run + 15).toString(36);
  return body;
}

export function writeUrl(puzzle: Puzzle): string {
  const body = encodeBody(puzzle);
  // Like pzprjs: a URL ending in '.' gets a '/', so that link detection does not drop the '.'.
  const end = /[a-z0-9]$/i.test(body) ? '' : '/';
  return `https://puzz.link/p?slither/${puzzle.cols}/${puzzle.rows}/${body}${end}`;
}
