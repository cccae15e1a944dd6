// One record per finished run (instance x back-end x repeat): written to results.jsonl as it finishes,
// and to results.csv; the reports read these. Columns are the contract's plus what the back-ends measure.
import type { Stats, Status } from '../encodings/backend.ts';

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
  /** Wall time seen by the runner for this run, including messaging with the worker process. */
  wall_ms: number;
  /** The back-end's own time (the contract's timeMs). */
  solve_ms: number;
  /** Model building time, when the back-end reports it. */
  encode_ms: number | null;
  /** Time inside the solver engine itself, when the back-end reports it. */
  solver_ms: number | null;
  rows: number;
  cols: number;
  clues: number;
  variables: number | null;
  /** Clauses (SAT), constraints or rows (CP, SMT, ILP). */
  clauses: number | null;
  iterations: number | null;
  cuts: number | null;
  peak_rss_mb: number | null;
  /** 'yes' / 'no' when a published solution or other back-ends could be compared, else ''. */
  agrees: '' | 'yes' | 'no';
  message: string;
  /** The back-end's full stats, as JSON (kept in results.jsonl; flattened selectively in the CSV). */
  stats: Stats;
  /** The solution's edges as the contract's h/v strings joined by '/', for agreement checks; '' if none. */
  solution_key: string;
  /** The puzzle as a puzz.link URL, so reports can draw it. */
  puzzle: string;
}
