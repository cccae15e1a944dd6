// `solve FILE` or `solve -` with many puzzles, one per line (`ID<TAB>puzzle` or a URL or Loopy ID alone):
// one warm worker (or, for a back-end that stops at its own time limit, this thread until a puzzle needs
// longer) solves them in turn under the same limits as one `solve`, and each answer is printed as one
// JSON line the moment it is found, so that a script pays Node's start once, and can write a puzzle and read
// its answer at a time (give IDs: a line with a TAB is taken for a list at once).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PuzzleError } from '../../encodings/errors.ts';
import { isPuzzleLine, listVerdict } from '../../encodings/formats/puzzle-lines.ts';
import { parsePuzzle, type ParsedPuzzle } from '../../encodings/formats/index.ts';
import type { SolveOptions } from '../../encodings/backend.ts';
import { contractJson, type RunResult } from '../harness/solving/run-result.ts';
import { namesFile } from './input.ts';
import type { SolveMessage } from '../workers/worker-process.ts';
import type { ListSolver } from '../harness/solving/own-thread-first.ts';

/** What a PUZZLE argument holds: one puzzle (as before), or a list of them still being read. */
export type PuzzleInput = { kind: 'one'; parsed: ParsedPuzzle } | { kind: 'list'; where: string; lines: AsyncIterable<{ id: string; text: string; line: number }> };

/**
 * Reads a file or standard input far enough to tell one puzzle from a list (listVerdict); one puzzle is read
 * whole, as before. Null when the argument is not a file or `-` (a URL or ID itself).
 */
export async function readPuzzleInput(arg: string): Promise<PuzzleInput | null> {
  let where = 'stdin';
  if (arg !== '-') {
    if (!namesFile(arg)) return null;
    where = arg;
  }
  const stream = arg === '-' ? process.stdin : createReadStream(arg, { encoding: 'utf8' });
  stream.on('error', () => undefined);
  const reader = createInterface({ input: stream, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const seen: string[] = [];
  const next = async (): Promise<string | undefined> => {
    try {
      const step = await reader.next();
      return step.done ? undefined : step.value;
    } catch (error) {
      throw new PuzzleError(`${where}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  };
  // Lines until the puzzle lines seen tell a list from one puzzle (the first, and for a lone URL or ID the next).
  const puzzleLines: string[] = [];
  let list: boolean | undefined;
  let line: string | undefined;
  while (list === undefined && (line = await next()) !== undefined) {
    seen.push(line);
    if (isPuzzleLine(line)) {
      puzzleLines.push(line);
      list = listVerdict(puzzleLines);
    }
  }
  if (!list) {
    while ((line = await next()) !== undefined) seen.push(line);
    return { kind: 'one', parsed: parsePuzzle(seen.join('\n'), where) };
  }
  async function* lines() {
    let number = 0;
    const take = (raw: string) => {
      number++;
      const line = raw.trim();
      if (!line || line.startsWith('#')) return undefined;
      const tab = line.indexOf('\t');
      return tab >= 0 ? { id: line.slice(0, tab).trim(), text: line.slice(tab + 1).trim(), line: number } : { id: String(number), text: line, line: number };
    };
    for (const raw of seen) {
      const entry = take(raw);
      if (entry) yield entry;
    }
    let raw: string | undefined;
    while ((raw = await next()) !== undefined) {
      const entry = take(raw);
      if (entry) yield entry;
    }
  }
  return { kind: 'list', where, lines: lines() };
}

/** Puzzles sent to the solver ahead of the answer being waited for: a worker has the next when one ends. */
const AHEAD = 8;

/**
 * Solves a list on one warm solver (a worker, or this thread first: own-thread-first.ts), printing
 * `{"id", ...solve --json}` per puzzle as it finishes, in the order of the list. A line that is not a puzzle
 * gets a line of its own with status error and the reason; the run goes on. Returns the exit status: 2 when a
 * line could not be read, 1 when a run ended in error, else 0. No line is taken from `input` before `checked`
 * (the checks of the back-end, where it is loaded) is fulfilled; its failure is thrown at once, even while
 * the input stays open.
 */
export async function solveList(input: Extract<PuzzleInput, { kind: 'list' }>, options: SolveOptions, solver: ListSolver, write: (line: string) => void, checked: Promise<unknown> = Promise.resolve()): Promise<number> {
  // No puzzle can be solved before the back-end's load anyway; a refused back-end is said before any line is awaited.
  await checked;
  let unreadable = false;
  let failed = false;
  // The same for every puzzle of the list, made once.
  const message: SolveMessage = { timeoutMs: options.timeoutMs, unique: options.unique, seed: options.seed, params: { ...options.params }, certify: options.certify };
  const answer = async (entry: { id: string; text: string; line: number }): Promise<string> => {
    let result: RunResult;
    try {
      const { puzzle } = parsePuzzle(entry.text, `${input.where}:${entry.line}`);
      result = (await solver.solve(puzzle, message)).result;
    } catch (error) {
      if (!(error instanceof PuzzleError)) throw error;
      unreadable = true;
      result = { status: 'error', unique: null, solution: null, backend: solver.backend, timeMs: 0, stats: {}, message: error.message };
    }
    if (result.status === 'error') failed = true;
    return JSON.stringify({ id: entry.id, ...contractJson(result) }) + '\n';
  };
  // Each answer is printed when it and every answer before it are in, whether or not the next line has come:
  // a script that writes one puzzle and waits for its answer gets it.
  let printed: Promise<void> = Promise.resolve();
  const ahead: Promise<void>[] = [];
  for await (const entry of input.lines) {
    const line = answer(entry);
    // In order, so that the first failure thrown is the first in the list.
    printed = printed.then(() => line).then(write);
    // Each is seen when awaited below or at the end (or not at all after an earlier failure): none is reported as unhandled.
    line.catch(() => undefined);
    printed.catch(() => undefined);
    ahead.push(printed);
    if (ahead.length >= AHEAD) await ahead.shift();
  }
  await printed;
  return unreadable ? 2 : failed ? 1 : 0;
}
