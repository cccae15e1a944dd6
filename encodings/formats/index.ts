// Format detection and dispatch. Each format is a small reader/writer module beside this one.
import { type Puzzle } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import type { Solution } from '../solution.ts';
import { showChar } from './characters.ts';
import { readJsonPuzzle, writeJsonPuzzle } from './json.ts';
import { looksLikeText, readText, writeText } from './text.ts';
import { looksLikeUrl, readUrl, writeUrl } from './url.ts';
import { looksLikeLoopy, readLoopy, writeLoopy } from './loopy.ts';
import { looksLikePzprv3, readPzprv3, writePzprv3 } from './pzprv3.ts';
import { looksLikeJanko } from './janko.ts';
import { looksLikeLpl } from './lpl.ts';

export { readJankoPuzzles, readJankoSolutions, shadingToLoop, looksLikeJanko, type CollectionEntry } from './janko.ts';
export { readLpl, looksLikeLpl } from './lpl.ts';

export const FORMAT_NAMES = ['url', 'loopy', 'text', 'pzprv3', 'json'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export interface ParsedPuzzle {
  puzzle: Puzzle;
  /** A solution carried by the input (pzprv3 answer, JSON "solution"), if any. */
  solution?: Solution;
  format: FormatName;
}

/** Reads a puzzle from text in any supported format, detected from its content. */
export function parsePuzzle(text: string, where = 'input'): ParsedPuzzle {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new PuzzleError(`${where}: empty input, no puzzle found`);
  const binary = /[\u0000-\u0008\u000e-\u001f\ufffd]/.exec(trimmed);
  if (binary) {
    const line = trimmed.slice(0, binary.index).split('\n').length;
    throw new PuzzleError(`${where}: line ${line}: byte ${showChar(binary[0])} is not text; this is not a puzzle file`);
  }
  if (trimmed.startsWith('{') && !looksLikeJanko(trimmed)) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new PuzzleError(`${where}: invalid JSON (${(error as Error).message})`);
    }
    return { ...readJsonPuzzle(value, where), format: 'json' };
  }
  if (looksLikePzprv3(trimmed)) return { ...readPzprv3(trimmed, where), format: 'pzprv3' };
  // A URL or game ID is one line, possibly under '#' comment lines.
  const lines = trimmed.split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  const firstLine = first >= 0 ? lines[first].trim() : '';
  const oneLine = (format: string) => {
    const extra = lines.findIndex((line, i) => i > first && line.trim() !== '' && !line.trim().startsWith('#'));
    if (extra >= 0) throw new PuzzleError(`${where}: line ${extra + 1}: more than one line after a ${format}; a file of puzzles, one per line, is a bench --dataset`);
    return firstLine;
  };
  if (looksLikeUrl(firstLine)) return { puzzle: readUrl(oneLine('puzz.link URL'), where), format: 'url' };
  if (looksLikeLoopy(firstLine)) return { puzzle: readLoopy(oneLine('Loopy game ID'), where), format: 'loopy' };
  if (/^\d+x\d+[^:#\s]*#\S*$/.test(firstLine)) {
    throw new PuzzleError(`${where}: '${firstLine}' is a Loopy random seed, not a game ID; give the game ID (WxHt0:DESC, Loopy's Game > Specific)`);
  }
  if (looksLikeText(trimmed)) return { puzzle: readText(text, where), format: 'text' };
  if (looksLikeJanko(trimmed) || looksLikeLpl(trimmed)) throw new PuzzleError(`${where}: this is a collection of puzzles (janko JSON or LPL); use it as a bench --dataset`);
  throw new PuzzleError(`${where}: not a recognised puzzle (expected a puzz.link URL, a Loopy game ID, a text grid, pzprv3 or JSON)`);
}

export function writePuzzle(puzzle: Puzzle, format: FormatName, solution?: Solution): string {
  if (puzzle.tiling && format !== 'json' && format !== 'loopy') throw new PuzzleError(`a ${puzzle.tiling.type} grid has no ${format} form; write it as loopy or json (or draw it as svg)`);
  switch (format) {
    case 'text':
      return writeText(puzzle);
    case 'json':
      return writeJsonPuzzle(puzzle, solution);
    case 'url':
      return writeUrl(puzzle);
    case 'loopy':
      return writeLoopy(puzzle);
    case 'pzprv3':
      return writePzprv3(puzzle, solution);
  }
}
