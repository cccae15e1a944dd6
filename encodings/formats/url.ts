// puzz.link / pzv.jp URLs: `https://puzz.link/p?slither/COLS/ROWS/BODY`. The body is pzprjs's "4-cell" code:
// '0'-'4' a clue; '5'-'9' a clue (c - 5) then one blank; 'a'-'e' a clue (c - 10) then two blanks;
// 'g'-'z' a run of 1-20 blanks; '.' a '?' clue. cspuz writes the same code, so both decode alike.
import { checkSize, makePuzzle, PuzzleError, type Clue, type Puzzle } from '../grid.ts';

const URL_PATTERN = /^(?:https?:\/\/)?(?:puzz\.link\/p|pzv\.jp\/p(?:\.html)?|pzprxs\.vercel\.app\/p)?\??(slither|slitherlink)\/(.*)$/i;

export function looksLikeUrl(text: string): boolean {
  return /^(https?:\/\/|puzz\.link|pzv\.jp)/i.test(text) || /^\??(slither|slitherlink)\//i.test(text);
}

export function readUrl(text: string, where = 'URL'): Puzzle {
  const url = text.trim();
  const m = URL_PATTERN.exec(url);
  if (!m) {
    const pid = /[?]([a-z0-9_]+)\//i.exec(url)?.[1];
    if (pid) throw new PuzzleError(`${where}: puzzle type '${pid}' is not Slitherlink (expected ?slither/ or ?slitherlink/)`);
    throw new PuzzleError(`${where}: not a puzz.link Slitherlink URL (expected https://puzz.link/p?slither/COLS/ROWS/BODY)`);
  }
  let parts = m[2].split('/');
  if (parts[0] === 'f' || parts[0] === 'b') {
    const variant = parts[0];
    throw new PuzzleError(`${where}: the '${variant}/' variant of the Slitherlink URL (${variant === 'f' ? 'full' : 'colour'} mode) is not supported; use the plain ?slither/COLS/ROWS/BODY form`);
  }
  if (parts[0] === 'v:') parts = parts.slice(1); // pzprjs writes a version marker in some URLs
  if (parts.length < 3) throw new PuzzleError(`${where}: expected COLS/ROWS/BODY after '${m[1]}/', got '${m[2]}'`);
  const [colsText, rowsText, ...rest] = parts;
  if (!/^\d+$/.test(colsText) || !/^\d+$/.test(rowsText)) throw new PuzzleError(`${where}: size '${colsText}/${rowsText}' is not COLS/ROWS in whole numbers`);
  const cols = Number(colsText);
  const rows = Number(rowsText);
  checkSize(rows, cols, where);
  const body = rest.join('/').replace(/[?#&].*$/, '');
  const prefix = `${m[1]}/${colsText}/${rowsText}/`;
  const offset = url.length - m[2].length + colsText.length + rowsText.length + 2;
  const total = rows * cols;
  const clues: Clue[] = new Array<Clue>(total).fill(null);
  let cell = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    const at = `${where}: character ${offset + i + 1} ('${ch}') after ${prefix}`;
    if (cell >= total) throw new PuzzleError(`${at}: the body goes past the ${total} cells of a ${cols}x${rows} grid`);
    let skip = 0;
    if (ch >= '0' && ch <= '4') clues[cell] = Number(ch) as Clue;
    else if (ch >= '5' && ch <= '9') {
      clues[cell] = (Number(ch) - 5) as Clue;
      skip = 1;
    } else if (ch >= 'a' && ch <= 'e') {
      clues[cell] = (ch.charCodeAt(0) - 97) as Clue;
      skip = 2;
    } else if (ch >= 'g' && ch <= 'z') {
      cell += parseInt(ch, 36) - 15;
      if (cell > total) throw new PuzzleError(`${at}: a run of blanks goes past the ${total} cells of a ${cols}x${rows} grid`);
      continue;
    } else if (ch === '.') clues[cell] = '?';
    else throw new PuzzleError(`${at}: not a Slitherlink body character (0-9, a-e, g-z or '.')`);
    cell += 1 + skip;
    if (cell > total) {
      // A trailing skip past the end is how encoders finish; only a clue past the end is an error.
      cell = total;
    }
  }
  if (cell < total) throw new PuzzleError(`${where}: the body is truncated: it describes ${cell} of the ${total} cells of a ${cols}x${rows} grid`);
  return makePuzzle(rows, cols, clues);
}

export function writeUrl(puzzle: Puzzle): string {
  let body = '';
  const { clues } = puzzle;
  let i = 0;
  while (i < clues.length) {
    const clue = clues[i];
    if (clue === null) {
      let run = 0;
      while (i < clues.length && clues[i] === null && run < 20) {
        run++;
        i++;
      }
      body += (run + 15).toString(36);
      continue;
    }
    if (clue === '?') {
      body += '.';
      i++;
      continue;
    }
    let blanks = 0;
    while (blanks < 2 && i + 1 + blanks < clues.length && clues[i + 1 + blanks] === null) blanks++;
    body += blanks === 0 ? String(clue) : blanks === 1 ? String(clue + 5) : String.fromCharCode(97 + clue);
    i += 1 + blanks;
  }
  return `https://puzz.link/p?slither/${puzzle.cols}/${puzzle.rows}/${body}`;
}
