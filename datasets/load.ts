// Loading a benchmark set: a built-in name, a file of puzzles (one URL or Loopy ID per line), a directory of
// puzzle files, or a collection file (janko JSON, LPL text); then the --sizes, --sample and --limit filters.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseGridSize, sizeName, type Puzzle } from '../encodings/grid.ts';
import { PuzzleError } from '../encodings/errors.ts';
import { looksLikeJanko, looksLikeLpl, parsePuzzle, readJankoPuzzles, readJankoSolutions, readLpl } from '../encodings/formats/index.ts';
import type { Solution } from '../encodings/solution.ts';
import { builtinDatasetNames, builtinPuzzlesPath, readPuzzleLines } from './builtin.ts';
import { Random } from './generator.ts';

export interface Instance {
  /** The puzzle's id in its set, or its line number in a file of puzzles (from 1). */
  id: string;
  puzzle: Puzzle;
  /** A published solution, when the collection has one. */
  published?: Solution;
}

export interface Dataset {
  name: string;
  /** Where it was read from. */
  path: string;
  instances: Instance[];
  /** Entries of the collection that could not be read, with why (the run goes on without them). */
  skipped?: { id: string; reason: string }[];
}

export interface DatasetFilters {
  /** "RxC" sizes (rows x columns) to keep. */
  sizes?: string[];
  /** Keep a random sample of this many (after --sizes), drawn with `seed`. */
  sample?: number;
  seed?: number;
  /** Keep the first N (after the other filters). */
  limit?: number;
}

export function loadDataset(spec: string, filters: DatasetFilters = {}): Dataset {
  const builtin = builtinPuzzlesPath(spec);
  let dataset: Dataset;
  if (builtin) dataset = { name: spec, path: builtin, instances: readPuzzleList(readFileSync(builtin, 'utf8'), builtin) };
  else {
    let stat;
    try {
      stat = statSync(spec);
    } catch {
      const known = builtinDatasetNames();
      throw new PuzzleError(`dataset '${spec}' is neither a built-in set (${known.join(', ') || 'none built'}) nor a file or directory`);
    }
    dataset = stat.isDirectory() ? readDirectory(spec) : readFile(spec);
  }
  return { ...dataset, instances: applyFilters(dataset.instances, filters) };
}

function readFile(path: string): Dataset {
  const text = readFileSync(path, 'utf8');
  const name = basename(path).replace(/\.[^.]+$/, '');
  if (looksLikeJanko(text)) {
    const instances: Instance[] = readJankoPuzzles(text, path).map(({ id, puzzle }) => ({ id, puzzle }));
    // The published solutions live beside the puzzles as *_solutions.json.
    const solutionsPath = join(dirname(path), basename(path).replace(/puzzles/i, 'solutions'));
    if (solutionsPath !== path) {
      try {
        const solutions = readJankoSolutions(readFileSync(solutionsPath, 'utf8'), solutionsPath);
        for (const instance of instances) {
          const published = solutions.get(instance.id);
          if (published) instance.published = published;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return { name, path, instances };
  }
  if (looksLikeLpl(text)) {
    const skipped: { id: string; reason: string }[] = [];
    const instances = readLpl(text, path, skipped).map(({ id, puzzle }) => ({ id, puzzle }));
    return { name, path, instances, skipped };
  }
  // A single puzzle file (text grid, pzprv3, JSON) or a list of URLs / game IDs.
  const lines = readPuzzleLines(text);
  const listLike = lines.length > 0 && lines.every((l) => /^(https?:|\d+x\d+[^:\s]*:|puzz\.link|pzv\.jp)/i.test(l.puzzle) || l.id !== String(l.line));
  if (listLike) return { name, path, instances: readPuzzleList(text, path) };
  const parsed = parsePuzzle(text, path);
  return { name, path, instances: [{ id: basename(path), puzzle: parsed.puzzle, ...(parsed.solution ? { published: parsed.solution } : {}) }] };
}

function readPuzzleList(text: string, path: string): Instance[] {
  return readPuzzleLines(text).map(({ id, puzzle, line }) => ({ id, puzzle: parsePuzzle(puzzle, `${path}:${line}`).puzzle }));
}

function readDirectory(dir: string): Dataset {
  const files = readdirSync(dir).filter((f) => !f.startsWith('.')).sort();
  const instances: Instance[] = [];
  for (const file of files) {
    const path = join(dir, file);
    if (!statSync(path).isFile()) continue;
    const parsed = parsePuzzle(readFileSync(path, 'utf8'), path);
    instances.push({ id: file, puzzle: parsed.puzzle, ...(parsed.solution ? { published: parsed.solution } : {}) });
  }
  if (instances.length === 0) throw new PuzzleError(`${dir}: no puzzle files in this directory`);
  return { name: basename(resolve(dir)), path: dir, instances };
}

/** `RxC,RxC,...` (rows x columns), as --sizes takes it, normalised (`010x10` is `10x10`). */
export function parseSizes(text: string): string[] {
  return text.split(',').map((s) => sizeName(parseGridSize(s, '--sizes: each size')));
}

function applyFilters(instances: Instance[], filters: DatasetFilters): Instance[] {
  let out = instances;
  if (filters.sizes?.length) {
    const wanted = new Set(filters.sizes);
    out = out.filter((i) => wanted.has(sizeName(i.puzzle)));
  }
  if (filters.sample !== undefined && filters.sample < out.length) {
    const random = new Random(filters.seed ?? 1, out.length);
    const picked = random.shuffle([...out.keys()]).slice(0, filters.sample).sort((a, b) => a - b);
    out = picked.map((k) => out[k]);
  }
  if (filters.limit !== undefined) out = out.slice(0, filters.limit);
  return out;
}
