// Simon Tatham's Loopy game IDs: `WxHtT:DESC` (W columns, H rows of grid type T; `WxH:DESC` is the square
// grid, t0; more parameters such as `dh` may follow the type). DESC: digits and then A-Z (10-35) are clues,
// 'a'-'z' runs of 1-26 blank faces, one per face in the grid's face order. The triangular, Penrose, hat and spectre
// grids put a grid description before the clues, joined by '_' (`5x5t1:0_2a1...`): the tiling's patch.
import { gridOf, makePuzzle, makeTiledPuzzle, type Clue, type Puzzle, type Tiling, checkSizeAt } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import { TILINGS, tilingByLoopyType, tilingSizeProblem } from '../tilings/index.ts';
import { clueCharacter, showChar } from './characters.ts';

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
  if (type && type[1] !== '0') return readTiled(id, Number(type[1]), cols, rows, params, m[4], where);
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

/** A game ID of a grid type other than the square one (t1 and up). */
function readTiled(id: string, typeNumber: number, width: number, height: number, params: string, body: string, where: string): Puzzle {
  const name = tilingByLoopyType(typeNumber);
  if (!name) throw new PuzzleError(`${where}: Loopy grid type t${typeNumber} (${GRID_TYPES[typeNumber] ?? 'unknown'}) is not supported`);
  if (!new RegExp(`^t${typeNumber}(d[entrh])?$`, 'i').test(params)) throw new PuzzleError(`${where}: unexpected parameters '${params}' after ${width}x${height} (expected t${typeNumber} and an optional difficulty)`);
  checkSizeAt(where, height, width, `${width}x${height} (width x height)`);
  const sizeProblem = tilingSizeProblem(name, width, height);
  if (sizeProblem) throw new PuzzleError(`${where}: ${sizeProblem}`);
  const separator = body.indexOf('_');
  const patch = separator < 0 ? undefined : body.slice(0, separator);
  if (patch !== undefined && !TILINGS[name].patch) throw new PuzzleError(`${where}: a ${TILINGS[name].title} grid takes no grid description before '_'`);
  if (patch === undefined && TILINGS[name].patch === 'required') throw new PuzzleError(`${where}: a ${TILINGS[name].title} grid needs its grid description (${TILINGS[name].patchForm}_) before the clues`);
  const tiling: Tiling = patch === undefined ? { type: name, width, height } : { type: name, width, height, patch };
  const grid = gridOf({ rows: height, cols: width, tiling });
  const desc = body.slice(separator + 1);
  const total = grid.faceCount;
  const clues: Clue[] = new Array<Clue>(total).fill(null);
  const offset = id.length - desc.length;
  const at = (i: number) => `${where}: character ${offset + i + 1} (${showChar(desc[i])})`;
  let face = 0;
  for (let i = 0; i < desc.length; i++) {
    const ch = desc[i];
    const clue = ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : -1;
    if (clue >= 0) {
      if (face >= total) throw new PuzzleError(`${at(i)}: the description goes past the ${total} faces of ${TILINGS[name].title} ${width}x${height}`);
      const most = grid.edgesOfFace(face).length;
      if (clue > most) throw new PuzzleError(`${at(i)}: clue ${clue} is impossible on face ${face}, which has ${most} edges`);
      clues[face++] = clue;
    } else if (ch >= 'a' && ch <= 'z') {
      face += ch.charCodeAt(0) - 96;
      if (face > total) throw new PuzzleError(`${at(i)}: a run of blanks goes past the ${total} faces of ${TILINGS[name].title} ${width}x${height}`);
    } else {
      throw new PuzzleError(`${at(i)}: not a clue (0-9, A-Z) or a run of blanks (a-z)`);
    }
  }
  if (face < total) throw new PuzzleError(`${where}: the description is truncated: it covers ${face} of the ${total} faces of ${TILINGS[name].title} ${width}x${height}`);
  return makeTiledPuzzle(tiling, clues);
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
  const { tiling } = puzzle;
  puzzle.clues.forEach((clue, cell) => {
    if (clue === '?') {
      const place = tiling ? `face ${cell}` : `cell (${Math.floor(cell / puzzle.cols)}, ${cell % puzzle.cols})`;
      throw new PuzzleError(`${place} holds '?', which a Loopy game ID cannot express`);
    }
    if (clue === null) run++;
    else {
      flush();
      desc += clueCharacter(clue);
    }
  });
  flush();
  if (!tiling) return `${puzzle.cols}x${puzzle.rows}t0:${desc}`;
  const entry = TILINGS[tiling.type];
  if (!entry) throw new PuzzleError(`a ${tiling.type} grid has no Loopy game ID`);
  return `${tiling.width}x${tiling.height}t${entry.loopyType}:${tiling.patch !== undefined ? `${tiling.patch}_` : ''}${desc}`;
}
