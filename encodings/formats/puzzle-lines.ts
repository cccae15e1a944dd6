// How a file or standard input of puzzles tells a list (one puzzle per line) from one puzzle. A module with
// no imports: `solve` reads its input by it, and the bin guesses by it, before the command line loads,
// whether a list will start in the command's own thread (runners/harness/start-up/early-thread.ts).

export function looksLikeLoopy(text: string): boolean {
  return /^-?\d+x-?\d+[^:\s]*:/.test(text.trim());
}

export function looksLikeUrl(text: string): boolean {
  const t = text.trim();
  return /^https?:\/\//i.test(t) || /^\S*\?[a-z][a-z0-9_]*\//i.test(t) || /^[a-z][a-z0-9_]*\/(f\/)?\d/i.test(t);
}

/** A line that holds a puzzle: not blank, not a `#` comment. */
export function isPuzzleLine(line: string): boolean {
  const text = line.trim();
  return text !== '' && !text.startsWith('#');
}

/**
 * Whether a file's puzzle lines (blank and comment lines left out) make a list: its first line has a TAB
 * (`ID<TAB>puzzle`), or it and the next are each a URL or Loopy ID (anything else is one puzzle: a text grid,
 * pzprv3, JSON, one URL). Undefined while the next line could tell; at the end of the input, that is one puzzle.
 */
export function listVerdict(puzzleLines: readonly string[]): boolean | undefined {
  const [first, second] = puzzleLines;
  if (first === undefined) return undefined;
  if (first.includes('\t')) return true;
  if (!isListLine(first)) return false;
  return second === undefined ? undefined : isListLine(second);
}

const isListLine = (line: string) => line.includes('\t') || looksLikeUrl(line) || looksLikeLoopy(line);
