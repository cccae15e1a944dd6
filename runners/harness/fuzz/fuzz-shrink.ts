// Shrinking a fuzz disagreement to a small regression case: delta debugging over the puzzle's clues (and, on
// the square grid, its rows and columns), keeping each smaller candidate that still shows the fault.
import { makePuzzle, withClues, type Clue, type Puzzle } from '../../../encodings/grid.ts';

/**
 * Delta debugging over a puzzle: drop clues (in chunks, halving the chunk size as ddmin does; fewer clues
 * let more crops keep the fault), crop rows and columns (halves first, then one), lower clue values;
 * repeat until nothing more can go. `fails`
 * says whether a candidate still shows the fault; at most `budget` candidates are tried.
 */
export async function shrinkPuzzle(puzzle: Puzzle, fails: (p: Puzzle) => Promise<boolean>, budget: number): Promise<{ puzzle: Puzzle; tries: number }> {
  let best = puzzle;
  let tries = 0;
  const attempt = async (candidate: Puzzle | null): Promise<boolean> => {
    if (!candidate || tries >= budget) return false;
    tries++;
    if (await fails(candidate)) {
      best = candidate;
      return true;
    }
    return false;
  };
  // First the smallest puzzles a crop can reach: every blank grid of up to 3x3, and each corner's window
  // of up to 3x3 with its clues (smallest first): one of these is often the whole answer.
  const small: [number, number][] = [];
  // Another grid has no rows to crop: its puzzles shrink by their clues alone.
  if (!puzzle.tiling) for (let r = 1; r <= Math.min(3, puzzle.rows); r++) for (let c = 1; c <= Math.min(3, puzzle.cols); c++) if (r < puzzle.rows || c < puzzle.cols) small.push([r, c]);
  small.sort((a, b) => a[0] * a[1] - b[0] * b[1] || a[0] - b[0]);
  corners: for (const [r, c] of small) {
    if (await attempt(makePuzzle(r, c, new Array<Clue>(r * c).fill(null)))) break;
    const [R, C] = [puzzle.rows - r, puzzle.cols - c];
    for (const [top, left] of [[0, 0], [0, C], [R, 0], [R, C]]) if (await attempt(crop(puzzle, top, R - top, left, C - left))) break corners;
  }
  let changed = true;
  while (changed && tries < budget) {
    changed = false;
    // Clues dropped, ddmin style.
    let clued = best.clues.flatMap((c, cell) => (c === null ? [] : [cell]));
    let n = 2;
    while (clued.length > 0 && tries < budget) {
      const size = Math.ceil(clued.length / Math.min(n, clued.length));
      let dropped = false;
      for (let i = 0; i < clued.length; i += size) {
        const chunk = new Set(clued.slice(i, i + size));
        if (await attempt(withClues(best, best.clues.map((c, cell) => (chunk.has(cell) ? null : c))))) {
          clued = clued.filter((cell) => !chunk.has(cell));
          n = Math.max(n - 1, 2);
          dropped = changed = true;
          break;
        }
      }
      if (!dropped) {
        if (size <= 1) break;
        n = Math.min(n * 2, clued.length);
      }
    }
    // Crops, largest first.
    for (let again = !best.tiling; again && tries < budget; ) {
      again = false;
      const { rows, cols } = best;
      const cuts = [...new Set([Math.floor(rows / 2), 1])].filter((k) => k >= 1 && k < rows).flatMap((k) => [[k, 0, 0, 0], [0, k, 0, 0]]);
      const colCuts = [...new Set([Math.floor(cols / 2), 1])].filter((k) => k >= 1 && k < cols).flatMap((k) => [[0, 0, k, 0], [0, 0, 0, k]]);
      for (const [top, bottom, left, right] of [...cuts, ...colCuts]) {
        if (await attempt(crop(best, top, bottom, left, right))) {
          again = changed = true;
          break;
        }
      }
    }
    // Clue values lowered, one step at a time.
    for (let cell = 0; cell < best.clues.length && tries < budget; cell++) {
      const clue = best.clues[cell];
      if (typeof clue !== 'number' || clue === 0) continue;
      const clues = [...best.clues];
      clues[cell] = (clue - 1) as Clue;
      if (await attempt(withClues(best, clues))) {
        changed = true;
        cell--;
      }
    }
  }
  return { puzzle: best, tries };
}

/** The puzzle with rows and columns cut from its sides, or null when nothing would be left. */
export function crop(puzzle: Puzzle, top: number, bottom: number, left: number, right: number): Puzzle | null {
  const rows = puzzle.rows - top - bottom;
  const cols = puzzle.cols - left - right;
  if (rows < 1 || cols < 1) return null;
  const clues: Clue[] = [];
  for (let r = top; r < top + rows; r++) for (let c = left; c < left + cols; c++) clues.push(puzzle.clues[r * puzzle.cols + c]);
  return makePuzzle(rows, cols, clues);
}
