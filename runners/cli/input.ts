// Turning a PUZZLE argument (URL, game ID, file path, or '-' for stdin) into the IR.
import { readFileSync, statSync, type Stats } from 'node:fs';
import { PuzzleError } from '../../encodings/errors.ts';
import { parsePuzzle, type ParsedPuzzle } from '../../encodings/formats/index.ts';
import { solutionFromJson, type Solution } from '../../encodings/solution.ts';

/**
 * Whether the argument names a file (a directory is an error); false when it names nothing, as a URL or
 * Loopy ID does, even one longer than a file name may be.
 */
export function namesFile(arg: string): boolean {
  let stat: Stats;
  try {
    stat = statSync(arg);
  } catch {
    return false;
  }
  if (stat.isDirectory()) throw new PuzzleError(`${arg}: is a directory, not a puzzle file`);
  return stat.isFile();
}

export function readTextArgument(arg: string): { text: string; where: string } | null {
  if (arg === '-') return { text: readFileSync(0, 'utf8'), where: 'stdin' };
  if (!namesFile(arg)) return null;
  try {
    return { text: readFileSync(arg, 'utf8'), where: arg };
  } catch (error) {
    throw new PuzzleError(`${arg}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

export function readPuzzleArgument(arg: string): ParsedPuzzle {
  const file = readTextArgument(arg);
  if (file) return parsePuzzle(file.text, file.where);
  if (/^[./~]|\.(txt|json|pzv|pzprv3)$/i.test(arg) && !/^https?:/.test(arg)) throw new PuzzleError(`${arg}: no such file`);
  return parsePuzzle(arg, 'argument');
}

export function readSolutionArgument(arg: string): Solution {
  const file = readTextArgument(arg);
  if (!file) throw new PuzzleError(`${arg}: no such file`);
  let value: unknown;
  try {
    value = JSON.parse(file.text);
  } catch (error) {
    throw new PuzzleError(`${file.where}: invalid JSON (${(error as Error).message})`);
  }
  // Accept both a bare solution and a `solve --json` result that carries one.
  const o = value as Record<string, unknown>;
  if (o && typeof o === 'object' && 'solution' in o && !('h' in o)) {
    if (o.solution === null) throw new PuzzleError(`${file.where}: the result has no solution (status ${String(o.status)})`);
    return solutionFromJson(o.solution, file.where);
  }
  return solutionFromJson(value, file.where);
}
