// The one interface every back-end implements, as a BenchExec tool module: name, version, availability,
// solve with options, stats. A back-end turns the IR into a model, runs its solver and turns the answer
// back into a solution; limits, processes, verification and records belong to runners/.
import type { FixedEdge, Puzzle } from './grid.ts';
import type { Solution } from './solution.ts';
import { UsageError } from './errors.ts';

export type Status = 'solved' | 'unsat' | 'timeout' | 'memout' | 'error';

/** A value a back-end reports in `stats`: counts, times in ms, flags, names. */
export type StatValue = number | string | boolean | null;

/**
 * The stat keys every back-end uses for the same things, so that runners and reports read them without
 * translation. Anything else a back-end measures goes beside them under its own name.
 */
export interface CoreStats {
  /** Building the model from the IR, in ms. */
  encodeMs?: number;
  /** Time inside the solver engine, in ms (all calls added up). */
  solverMs?: number;
  /** Variables or columns of the model. */
  variables?: number;
  /** Clauses (SAT) or constraints / rows (CP, SMT, ILP) of the model as first built. */
  constraints?: number;
  /** Solver calls, uniqueness included (a lazy back-end's solve-and-cut rounds show here). */
  iterations?: number;
  /** Cuts added by a solve-and-cut loop. */
  cuts?: number;
}
export const CORE_STAT_KEYS = ['encodeMs', 'solverMs', 'variables', 'constraints', 'iterations', 'cuts'] as const;

export type Stats = CoreStats & { [key: string]: StatValue | undefined };

/** Back-end options by name (see `Backend.options`), as given on the command line. */
export type Params = Readonly<Record<string, string>>;

export interface SolveOptions {
  /** Wall-clock budget for encode + solve + uniqueness, in milliseconds. */
  readonly timeoutMs: number;
  /** Also prove or refute that the solution is the only one. */
  readonly unique: boolean;
  /** Random seed for solvers that take one. */
  readonly seed: number;
  readonly params: Params;
  /**
   * Also write a proof of a unique or no-loop answer (docs/proof-format.md), where `Backend.certifies` says the
   * back-end can; the runner checks it. Goes with `unique`.
   */
  readonly certify?: boolean;
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
  /** With `certify`: the proof of a unique loop or of no loop (docs/proof-format.md), in its text form. */
  readonly proof?: string;
  readonly stats: Stats;
}

/** A SolveResult before its stats are attached: what the shared protocol steps return. */
export type Outcome = Omit<SolveResult, 'stats'>;

export interface BackendOption {
  readonly name: string;
  readonly description: string;
  readonly default: string;
  /** Allowed values, when the option is a choice. */
  readonly choices?: readonly string[];
  /** Older spellings of choices, still accepted: e.g. `seed` for `cpsat-chapter`. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Choices that are unsound on purpose (a source's encoding reproduced as written): `fuzz --backends all` leaves them out. */
  readonly unsound?: readonly string[];
}

/** An option that turns something on or off. */
export function onOff(name: string, description: string, defaultValue: 'on' | 'off' = 'on'): BackendOption {
  return { name, description, default: defaultValue, choices: ['on', 'off'] };
}

export type Availability = { available: true; detail?: string } | { available: false; reason: string };

/** The CNF of a puzzle under a SAT encoding, for `encode --dimacs` and size tables. */
export interface EncodedCnf {
  readonly variableCount: number;
  readonly clauses: readonly (readonly number[])[];
  /** The variable of each edge (edge e is variable `edgeVariable(e)`). */
  edgeVariable(edge: number): number;
  /** DIMACS text, with the given comment lines and the encoding's own group names. */
  toDimacs(comments: readonly string[]): string;
  /** Sizes of the connectivity part, and the formula they follow. */
  readonly stats: Stats;
}

export interface Backend {
  /** The ID used on the command line and in results, e.g. `cpsat-circuit`. */
  readonly name: string;
  /** One line: the encoding and the engine. */
  readonly description: string;
  /** Options this back-end reads from `SolveOptions.params`. */
  readonly options?: readonly BackendOption[];
  /**
   * The grids it solves: `any` planar grid (every tiling of encodings/tilings/), or the square grid only (absent).
   * A puzzle on a grid it does not solve is refused before it is called.
   */
  readonly grids?: 'square' | 'any';
  /** Can it run on this machine? Cheap (no engine is loaded) and never throws. */
  available(): Promise<Availability>;
  /** The engine and its version, read from its package or binary, never typed in; may load the engine. */
  version(params?: Params): Promise<string>;
  /** Loads libraries and starts engines, so that `solve` times exclude it. Called once per process. */
  prepare?(): Promise<void>;
  /**
   * V8 flags that make a single run in a fresh process fastest (for example wasm compiled by the baseline
   * compiler only). `solve` applies them before prepare(); bench's reused workers do not, since they run
   * warm. Whoever applies them records them in stats as `v8Flags`.
   */
  readonly oneShotV8Flags?: readonly string[];
  solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult>;
  /** Back-ends that can decide edges without solving (deduction rules) offer themselves as presolvers. */
  presolve?(puzzle: Puzzle, options: SolveOptions): Promise<PresolveResult>;
  /**
   * Whether `solve` with `certify` gives a proof of every unique and no-loop answer under these options: true,
   * or why not (one line for users). A back-end without it writes no proofs.
   */
  certifies?(params: Params): true | string;
  /**
   * Whether its proof costs little beside its answer under these options (written as it solves, not by a second
   * run), so that `bench` and `serve` certify its unique and no-loop answers by default. True only where
   * `certifies` is true.
   */
  certifiesByDefault?(params: Params): boolean;
  /** CNF encodings give their formula, so that `encode` and size tables need no back-end by path; `params` as for `solve`. */
  cnf?(puzzle: Puzzle, params?: Params): EncodedCnf;
}

export interface PresolveResult {
  /** Edges decided; the pipeline fixes them in the IR before encoding. */
  readonly fixed: readonly FixedEdge[];
  /** True when the deduction found a contradiction: the puzzle has no solution. */
  readonly contradiction: boolean;
  readonly stats: Stats;
}

export const defaultSolveOptions: SolveOptions = Object.freeze({ timeoutMs: 60_000, unique: false, seed: 1, params: Object.freeze({}) });

/** Reads a back-end option, falling back to its declared default; an old alias reads as its new name. */
export function optionValue(backend: Backend, options: SolveOptions, name: string): string {
  const declared = backend.options?.find((o) => o.name === name);
  if (!declared) throw new Error(`${backend.name}: option '${name}' is not declared`);
  const value = options.params[name] ?? declared.default;
  return declared.aliases?.[value] ?? value;
}

/** Why this back-end cannot be given this puzzle (its grid), as one line for users, or null. */
export function gridRefusal(backend: Backend, puzzle: Puzzle): string | null {
  if (!puzzle.tiling || backend.grids === 'any') return null;
  return `back-end '${backend.name}' solves square grids only, not a ${puzzle.tiling.type} grid (\`backends\` lists those that solve any grid)`;
}

/** Checks params against what the back-end declares, so that a typo is an error, not a silent default. */
export function checkParams(backend: Backend, params: Params, where?: string): void {
  const at = where ? `${where}: ` : '';
  for (const [key, value] of Object.entries(params)) {
    const declared = backend.options?.find((o) => o.name === key);
    if (!declared) {
      const known = backend.options?.map((o) => o.name).join(', ') || 'none';
      throw new UsageError(`${at}back-end '${backend.name}' has no option '${key}' (its options: ${known})`);
    }
    if (declared.choices && !declared.choices.includes(declared.aliases?.[value] ?? value)) {
      throw new UsageError(`${at}option ${key} of '${backend.name}' must be one of ${declared.choices.join(', ')}; got '${value}'`);
    }
  }
}
