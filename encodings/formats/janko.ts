// The janko.at collection: one JSON file of puzzles and one of published solutions.
import { gridOf, type Puzzle } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import { regionBoundary, solutionFromEdges, type Solution } from '../solution.ts';
import { readText } from './text.ts';

export interface CollectionEntry {
  id: string;
  puzzle: Puzzle;
  /** Where the puzzle comes from, when the collection says. */
  source?: string;
}

function parseJson(text: string, where: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new PuzzleError(`${where}: invalid JSON (${(error as Error).message})`);
  }
}

export function looksLikeJanko(text: string): boolean {
  return /^\s*\{\s*"(puzzles|solutions)"\s*:/.test(text);
}

/** `{"puzzles": {id: {"id", "problem": "R C\n<rows of '-' or 0-3>"}}}` */
export function readJankoPuzzles(text: string, where = 'janko puzzles'): CollectionEntry[] {
  const root = parseJson(text, where).puzzles as Record<string, { problem?: unknown; source?: unknown }> | undefined;
  if (!root || typeof root !== 'object') throw new PuzzleError(`${where}: no "puzzles" object`);
  return Object.entries(root).map(([id, entry]) => {
    if (typeof entry?.problem !== 'string') throw new PuzzleError(`${where}: puzzle ${id} has no "problem" text`);
    const puzzle = readText(entry.problem, `${where}: ${id}`);
    return typeof entry.source === 'string' && entry.source ? { id, puzzle, source: entry.source } : { id, puzzle };
  });
}

/**
 * `{"solutions": {id: {"solution": "R C\n<rows of 'x' inside / '-' outside>"}}}`: the loop is the boundary
 * between inside and outside cells, the grid's border counting as outside.
 */
export function readJankoSolutions(text: string, where = 'janko solutions'): Map<string, Solution> {
  const root = parseJson(text, where).solutions as Record<string, { solution?: unknown }> | undefined;
  if (!root || typeof root !== 'object') throw new PuzzleError(`${where}: no "solutions" object`);
  const out = new Map<string, Solution>();
  for (const [id, entry] of Object.entries(root)) {
    if (typeof entry?.solution !== 'string') throw new PuzzleError(`${where}: solution ${id} has no "solution" text`);
    out.set(id, shadingToLoop(entry.solution, `${where}: ${id}`));
  }
  return out;
}

export function shadingToLoop(text: string, where: string): Solution {
  const lines = text.trim().split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const header = /^(\d+)\s+(\d+)$/.exec(lines[0] ?? '');
  if (!header) throw new PuzzleError(`${where}: expected an "R C" header line`);
  const rows = Number(header[1]);
  const cols = Number(header[2]);
  const grid = gridOf({ rows, cols });
  // A few janko entries carry trailing text ("[solution]" and the grid again, "unit 27"): the answer is
  // the first run of shading rows after the header.
  let end = 1;
  while (end < lines.length && /^[x-](\s+[x-])*$/.test(lines[end])) end++;
  const body = lines.slice(1, end);
  if (body.length !== rows) throw new PuzzleError(`${where}: ${body.length} shading rows, expected ${rows}`);
  const inside = new Uint8Array(grid.cellCount);
  body.forEach((line, r) => {
    const tokens = line.split(/\s+/);
    if (tokens.length !== cols) throw new PuzzleError(`${where}: shading row ${r + 1} has ${tokens.length} cells, expected ${cols}`);
    tokens.forEach((t, c) => {
      if (t !== 'x' && t !== '-') throw new PuzzleError(`${where}: shading row ${r + 1}, column ${c + 1}: '${t}' is not 'x' or '-'`);
      inside[grid.cell(r, c)] = t === 'x' ? 1 : 0;
    });
  });
  return solutionFromEdges({ rows, cols }, regionBoundary(grid, inside));
}
