// Simon Tatham's Loopy game IDs, square grids only: `WxHt0:DESC` or `WxH:DESC` (W columns, H rows; more
// parameters such as `dh` may follow the type). DESC: digits are clues, 'a'-'z' runs of 1-26 blank cells.
import { makePuzzle, type Clue, type Puzzle, checkSizeAt } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import { showChar } from './characters.ts';

export { looksLikeLoopy } from './puzzle-lines.ts';

// Loopy's GRIDLIST order (the number after 't').
const GRID_TYPES = ['square', 'triangular', 'honeycomb', 'snub-square', 'cairo', 'great-hexagonal', 'octagonal', 'kites', 'floret', 'dodecagonal', 'great-dodecagonal', 'penrose kite/dart', 'penrose rhombs', 'great-great-dodecagonal', 'kagome', 'compass-dodecagonal', 'hats', 'spectres'];

export function readLoopy(text: string, where = 'Loopy ID'): Puzzle {
  const id = text.trim();
  const m = /^(-?\d+)x(-?\d+)([^:]*):(.*)$/s.exec(id);
  if (!m) throw new PuzzleError(`${where}: not a Loopy game ID (expected WxHt0:DESC)`);
  const cols = Number(m[1]);
  const rows = Number(m[2]);
  const params = m[3];
  const type = /^t(\d+)/.exec(params);
  if (type && type[1] !== '0') {
    throw new PuzzleError(`${where}: Loopy grid type t${type[1]} (${GRID_TYPES[Number(type[1])] ?? 'unknown'}) is not supported; only square grids (t0) are`);
  }
  if (params && !/^(t0)?(d[entrh])?$/i.test(params)) throw new PuzzleError(`${where}: unexpected parameters '${params}' after ${m[1]}x${m[2]} (expected t0 and an optional difficulty)`);
  checkSizeAt(where, rows, cols, `${m[1]}x${m[2]} (columns x rows)`);
  const desc = m[4];
  const total = rows * cols;
  const clues: Clue[] = new Array<Clue>(total).fill(null);
  let cell = 0;
  const offset = id.length - desc.length;
  // Written only for an error: a list of puzzles reads every character of every ID.
  const at = (i: number) => `${where}: character ${offset + i + 1} (${showChar(desc[i])})`;
  for (let i = 0; i < desc.length; i++) {
    const ch = desc[i];
    if (ch >= '0' && ch <= '4') {
      if (cell >= total) throw new PuzzleError(`${at(i)}: the description goes past the ${total} cells of a ${cols}x${rows} grid`);
      clues[cell++] = Number(ch) as Clue;
    } else if (ch >= '5' && ch <= '9') {
      throw new PuzzleError(`${at(i)}: clue ${ch} is impossible on a square grid (clues are 0-4)`);
    } else if (ch >= 'a' && ch <= 'z') {
      cell += ch.charCodeAt(0) - 96;
      if (cell > total) throw new PuzzleError(`${at(i)}: a run of blanks goes past the ${total} cells of a ${cols}x${rows} grid`);
    } else {
      throw new PuzzleError(`${at(i)}: not a clue (0-4) or a run of blanks (a-z)`);
    }
  }
  if (cell < total) throw new PuzzleError(`${where}: the description is truncated: it covers ${cell} of the ${total} cells of a ${cols}x${rows} grid`);
  return makePuzzle(rows, cols, clues);
}

export function writeLoopy(puzzle: Puzzle): string {
  let desc = '';
  let run = 0;
  const flush = () => {
    while (run > 0) {
      const n = Math.min(run, 26);
      desc += String.fromCharCode(96 + n);
      run -= n;
    }
  };
  puzzle.clues.forEach((clue, cell) => {
    if (clue === '?') {
      const r = Math.floor(cell / puzzle.cols);
      throw new PuzzleError(`cell (${r}, ${cell % puzzle.cols}) holds '?', which a Loopy game ID cannot express`);
    }
    if (clue === null) run++;
    else {
      flush();
      desc += String(clue);
    }
  });
  flush();
  return `${puzzle.cols}x${puzzle.rows}t0:${desc}`;
}
