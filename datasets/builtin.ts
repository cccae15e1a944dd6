// Built-in datasets: each is a folder datasets/<name>/ with manifest.json and puzzles.txt
// (one puzzle per line: `id<TAB>puzzle`, the puzzle as a puzz.link URL or a Loopy game ID; `#` comments).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface DatasetManifest {
  name: string;
  description: string;
  /** 'slitherbench generate' or 'sgt-loopy'. */
  source: string;
  /** The exact command that made puzzles.txt. */
  command: string;
  /** Tool version, for sets made by an outside generator. */
  version?: string;
  count: number;
  /** Sizes as "RxC" (rows x columns). */
  sizes: string[];
  /** Difficulty as the source names it, and how it was graded. */
  difficulty?: string;
  /** Each puzzle's rules level by id: basic, corners, trial (deduction with trial), or search (none of these decides it). */
  levels?: Record<string, string>;
  created?: string;
}

export const BUILTIN_DIRECTORY = new URL('./', import.meta.url);

export function builtinDatasetNames(): string[] {
  return readdirSync(BUILTIN_DIRECTORY, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/manifest.json`, BUILTIN_DIRECTORY)))
    .map((d) => d.name)
    .sort();
}

export function builtinManifest(name: string): DatasetManifest {
  return JSON.parse(readFileSync(new URL(`${name}/manifest.json`, BUILTIN_DIRECTORY), 'utf8')) as DatasetManifest;
}

/** Path of a built-in set's puzzles.txt, or undefined when there is no such set. */
export function builtinPuzzlesPath(name: string): string | undefined {
  if (!/^[\w.-]+$/.test(name)) return undefined;
  const url = new URL(`${name}/puzzles.txt`, BUILTIN_DIRECTORY);
  return existsSync(url) ? url.pathname : undefined;
}

/** The `id<TAB>puzzle` lines of a puzzles.txt (comments and blank lines skipped). */
export function readPuzzleLines(text: string): { id: string; puzzle: string; line: number }[] {
  const out: { id: string; puzzle: string; line: number }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const tab = line.indexOf('\t');
    if (tab >= 0) out.push({ id: line.slice(0, tab).trim(), puzzle: line.slice(tab + 1).trim(), line: i + 1 });
    else out.push({ id: String(i + 1), puzzle: line, line: i + 1 });
  });
  return out;
}
