// The one interface every back-end implements. A back-end turns the IR into a model, runs its solver and
// turns the answer back into a solution; limits, processes, verification and records belong to runners/.
import type { FixedEdge, Puzzle } from './grid.ts';
import type { Solution } from './solution.ts';

export type Status = 'solved' | 'unsat' | 'timeout' | 'memout' | 'error';

/** A value a back-end reports in `stats`: counts, times in ms, flags, names. */
export type StatValue = number | string | boolean | null;
export type Stats = Record<string, StatValue>;

export interface SolveOptions {
  /** Wall-clock budget for encode + solve + uniqueness, in milliseconds. */
  readonly timeoutMs: number;
  /** Also prove or refute that the solution is the only one. */
  readonly unique: boolean;
  /** Random seed for solvers that take one. */
  readonly seed: number;
  /** Back-end specific options by name (see `Backend.options`), as given on the command line. */
  readonly params: Readonly<Record<string, string>>;
}

export interface SolveResult {
  readonly status: Status;
  /** Present when status is 'solved'. */
  readonly solution: Solution | null;
  /** null unless uniqueness was asked for; true when a second solution was proven not to exist. */
  readonly unique: boolean | null;
  /** When uniqueness was refuted: the second solution found. */
  readonly secondSolution?: Solution | null;
  /** Why the status is 'error' (or anything else worth saying). */
  readonly message?: string;
  /** Model sizes, solver counters, times. Conventional keys: variables, clauses, constraints, iterations, cuts, solverMs, encodeMs. */
  readonly stats: Stats;
}

export interface BackendOption {
  readonly name: string;
  readonly description: string;
  readonly default: string;
  /** Allowed values, when the option is a choice. */
  readonly choices?: readonly string[];
}

export type Availability = { available: true; detail?: string } | { available: false; reason: string };

export interface Backend {
  /** The ID used on the command line and in results, e.g. `cpsat-circuit`. */
  readonly name: string;
  /** One line: the encoding and the engine. */
  readonly description: string;
  /** Options this back-end reads from `SolveOptions.params`. */
  readonly options?: readonly BackendOption[];
  /** Can it run on this machine? Must be cheap and must not throw. */
  available(): Promise<Availability>;
  /** Loads libraries and starts engines, so that `solve` times exclude it. Called once per process. */
  prepare?(): Promise<void>;
  solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult>;
  /** Back-ends that can decide edges without solving (deduction rules) offer themselves as presolvers. */
  presolve?(puzzle: Puzzle, options: SolveOptions): Promise<PresolveResult>;
}

export interface PresolveResult {
  /** Edges decided; the pipeline fixes them in the IR before encoding. */
  readonly fixed: readonly FixedEdge[];
  /** True when the deduction found a contradiction: the puzzle has no solution. */
  readonly contradiction: boolean;
  readonly stats: Stats;
}

export const defaultSolveOptions: SolveOptions = Object.freeze({ timeoutMs: 60_000, unique: false, seed: 1, params: Object.freeze({}) });

/** Reads a back-end option, falling back to its declared default. */
export function optionValue(backend: Backend, options: SolveOptions, name: string): string {
  const declared = backend.options?.find((o) => o.name === name);
  if (!declared) throw new Error(`${backend.name}: option '${name}' is not declared`);
  return options.params[name] ?? declared.default;
}
