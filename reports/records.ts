// The run record: one per finished run (instance x back-end x repeat), its columns and its readers.
// runners/ writes results.jsonl run by run and results.csv at the end; reports and scripts read them here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_STAT_KEYS, type CoreStats, type Stats, type Status } from '../encodings/backend.ts';

/** 'wrong' is a run whose answer the verifier rejected (the contract's solve reports it as 'error'). */
export type RunStatus = Status | 'wrong';

export interface RunRecord {
  /** The puzzle's id in its dataset, or its line number in a file of puzzles (from 1). */
  instance: string;
  dataset: string;
  backend: string;
  repeat: number;
  status: RunStatus;
  unique: boolean | null;
  /** The back-end's engine and version, as it reports them (`Backend.version`). */
  backend_version?: string;
  /** Wall time seen by the runner for this run, including messaging with the worker process. */
  wall_ms: number;
  /** The back-end's own time (the contract's timeMs). */
  solve_ms: number;
  /** Model building time, when the back-end reports it. */
  encode_ms: number | null;
  /** Time inside the solver engine itself, when the back-end reports it. */
  solver_ms: number | null;
  /** Rows and columns of the square grid; on another grid, its height and width. */
  rows: number;
  cols: number;
  clues: number;
  /** The grid: `square`, or a tiling's type (encodings/tilings/); absent in records written before other grids. */
  grid?: string;
  /** The grid's edges (the size that compares across grids); absent in records written before other grids. */
  edges?: number;
  variables: number | null;
  /** Clauses (SAT), constraints or rows (CP, SMT, ILP). */
  clauses: number | null;
  iterations: number | null;
  cuts: number | null;
  peak_rss_mb: number | null;
  /** 'yes' / 'no' when a published solution or other back-ends could be compared, else ''. */
  agrees: '' | 'yes' | 'no';
  /**
   * In a run that certifies (bench --certify): yes, the answer is certified (a proof the independent checker
   * verified, or two different loops); no, it is not (no answer, no proof, or a proof the checker rejected);
   * not supported, the back-end writes no proofs.
   */
  certified?: 'yes' | 'no' | 'not supported';
  /** The proof's size in bytes, when there is one. */
  proof_bytes?: number | null;
  /** The checker's time for the proof, in ms. */
  check_ms?: number | null;
  message: string;
  /** The back-end's full stats, as JSON (kept in results.jsonl; flattened selectively in the CSV). */
  stats: Stats;
  /** The solution's key (`solutionToKey` in encodings/solution.ts); '' if none. */
  solution_key: string;
  /** The puzzle as a puzz.link URL, so reports can draw it. */
  puzzle: string;
}

/**
 * The record column of each core stat (`CoreStats`): one table for every back-end, so that a back-end's
 * stats reach the CSV without any back-end-specific translation. `clauses` keeps its name from the first
 * result files; it holds constraints and rows too.
 */
export const STAT_COLUMNS = {
  encodeMs: 'encode_ms', solverMs: 'solver_ms', variables: 'variables', constraints: 'clauses', iterations: 'iterations', cuts: 'cuts',
} as const satisfies Record<keyof CoreStats, keyof RunRecord>;

type StatColumn = (typeof STAT_COLUMNS)[keyof CoreStats];

/** The core stat columns of a record, null where the back-end did not report the stat. */
export function statColumns(stats: Stats): Record<StatColumn, number | null> {
  const out = {} as Record<StatColumn, number | null>;
  for (const key of CORE_STAT_KEYS) {
    const value = stats[key];
    out[STAT_COLUMNS[key]] = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
  return out;
}

export const runKey = (r: { instance: string; backend: string; repeat: number }) => `${r.instance}\u0000${r.backend}\u0000${r.repeat}`;

export const CSV_COLUMNS = [
  'instance', 'dataset', 'backend', 'repeat', 'status', 'unique', 'wall_ms', 'solve_ms', 'encode_ms', 'solver_ms',
  'rows', 'cols', 'clues', 'variables', 'clauses', 'iterations', 'cuts', 'peak_rss_mb', 'agrees', 'message', 'backend_version',
  'certified', 'proof_bytes', 'check_ms', 'grid', 'edges',
] as const;

/**
 * The values of a JSONL file written line by line, and the byte length of its whole lines: a writer killed
 * mid-line leaves a torn last line, which ends the reading (anything after it is discarded).
 */
export function parseJsonLines<T>(text: string): { values: T[]; goodBytes: number } {
  const values: T[] = [];
  let goodBytes = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    const end = Math.min(offset + Buffer.byteLength(line) + 1, Buffer.byteLength(text));
    if (line.trim()) {
      try {
        values.push(JSON.parse(line) as T);
      } catch {
        break;
      }
    }
    goodBytes = end;
    offset = end;
  }
  return { values, goodBytes };
}

/** Parsed records of results.jsonl and the byte length of its whole lines (a run killed mid-write leaves a torn last line). */
export function parseRecordLines(text: string): { records: RunRecord[]; goodBytes: number } {
  const { values, goodBytes } = parseJsonLines<RunRecord>(text);
  // A record repeated by an interrupted resume keeps its first copy.
  const seen = new Set<string>();
  return { records: values.filter((r) => (seen.has(runKey(r)) ? false : (seen.add(runKey(r)), true))), goodBytes };
}

/** The records of a results directory (none when it has no results.jsonl). */
export function readRecords(dir: string): RunRecord[] {
  const path = join(dir, 'results.jsonl');
  return existsSync(path) ? parseRecordLines(readFileSync(path, 'utf8')).records : [];
}

/** A run that ended with an answer: a verified loop, or a proof that there is none. */
export const isSolvedLike = (r: { status: RunStatus }) => r.status === 'solved' || r.status === 'unsat';

/** The size class of a record: `RxC` on the square grid, the grid's type and its size on another (`honeycomb 10x10`, width x height). */
export const sizeClassOf = (r: { rows: number; cols: number; grid?: string }) => (r.grid && r.grid !== 'square' ? `${r.grid} ${r.cols}x${r.rows}` : `${r.rows}x${r.cols}`);
