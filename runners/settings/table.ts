// Every setting of slitherbench, declared once (as CaDiCaL's options.hpp declares each option once): its
// flag, help, value and default, and, for a setting of a bench plan, its key in an experiment file, its name
// in the library's runBench and its field in plan.json and run.json. The command line (command-line.ts), the
// experiment schema (harness/plans/experiment.ts), runBench (library/bench.ts), describePlan, the --resume
// comparison and run.json (harness/results/run-file.ts) are all made from this table. docs/architecture.md says how
// to add a setting.
import os from 'node:os';
import { UsageError } from '../../encodings/errors.ts';
import { parseBackendList, parseBackendSpec, parseOptionPairs, type BackendChoice } from '../../encodings/backend-spec.ts';
import { parseGridSize, sizeName } from '../../encodings/grid.ts';
import { DEFAULT_LIMITS, DEFAULT_SOLVE_BACKEND, DEFAULT_TIMEOUT_MS } from '../harness/plans/plan-defaults.ts';
import { parseInteger, parseSeconds } from '../harness/plans/values.ts';

/** What a setting's value is, as an experiment file and runBench check it (the command line parses text instead). */
export type ValueKind = 'text' | 'switch' | 'whole number' | 'positive whole number' | 'positive number';

/**
 * A unit whose typed form differs from the value: a time limit is typed in seconds (on the command line, in a
 * file, in plan.json and run.json) and held in ms everywhere else.
 */
export interface Unit {
  /** The unit as typed, for help and error messages: `seconds`. */
  readonly typed: string;
  readonly fromTyped: (typed: number) => number;
  readonly toTyped: (value: number) => number;
}

// Rounded to the nanosecond, so that a time typed as 1.1 is recorded as 1.1 again, not 1.1000000000000003.
export const SECONDS_AS_MS: Unit = { typed: 'seconds', fromTyped: (s) => Math.round(s * 1e6) / 1e3, toTyped: (ms) => ms / 1000 };

/** A time setting's value: typed in seconds (positive), held in ms. */
const seconds = (flag: string) => ({ parse: (text: string) => SECONDS_AS_MS.fromTyped(parseSeconds(text, flag)), unit: SECONDS_AS_MS });

/** A whole number setting's value, at least `min`. */
const whole = (flag: string, min: number) => ({ parse: (text: string) => parseInteger(text, flag, min) });

export interface Setting<T> {
  /** The spelling, as commander takes it: `--timeout <seconds>`. */
  readonly flags: string;
  readonly help: string;
  /**
   * Reads the text typed (and the value before it, for a repeatable flag); throws a UsageError naming the flag, or
   * `where` when the text came from elsewhere (runBench's `backends`).
   */
  readonly parse?: (text: string, previous: T | undefined, where?: string) => T;
  readonly default?: T;
  /** How the default reads in --help, when not the value itself. */
  readonly defaultText?: string;
  /** A switch an experiment file can turn on: the help of its `--no-` form, which turns it off over the file. */
  readonly negation?: string;
  /** Its unit when the typed form differs from the value (a time typed in seconds, held in ms). */
  readonly unit?: Unit;
  /** What the value is, checked where it is not typed as text (an experiment file, runBench). */
  readonly kind?: ValueKind;
  /**
   * Its key in an experiment file (in the typed unit): a value of the plan, resolved as the flag typed, else the
   * file's, else the default. The datasets and back-ends, whose file form is a list, are read by experiment.ts.
   */
  readonly file?: string;
  /** Its option in the library's runBench: every setting with one is a setting of `bench`, which takes it too. */
  readonly library?: string;
  /** runBench takes it as the command line's text, read by `parse` (`backends: 'auto,rules'`). */
  readonly libraryText?: boolean;
  /**
   * Why it may differ between a run and its --resume (it changes how the run goes or what is shown of it, not
   * what any run records); every other setting a command records must be equal.
   */
  readonly mayDiffer?: string;
  /** Its field in what a bench run records, in the typed unit. */
  readonly record?: {
    /** Its field in plan.json: it decides the answers, so shards and a --resume must agree on it. */
    readonly plan?: string;
    /** Its field in run.json, when there (plan fields are there too unless the run file keeps them elsewhere). */
    readonly run?: string;
    /** Recorded only when true, so that plans made before the setting existed keep their fingerprints. */
    readonly onlyWhenSet?: boolean;
  };
}

/** The value a row gives, for the types made from the table (no row has this property; it is the type's alone). */
type Valued<T> = { readonly valueType?: T };

/** The value of a row made by `setting`. */
export type ValueOfRow<R> = R extends Valued<infer T> ? T : never;

/** A row of the table, its value `T`; its literal keys (file, library) stay in its type, for the types made from the table. */
export const setting = <T>() => <const R extends Setting<T>>(row: R): R & Valued<T> => row;

/** A share from 0 to 1. */
const fraction = (flag: string) => (text: string) => {
  const share = Number(text);
  if (text.trim() === '' || !(share >= 0 && share <= 1)) throw new UsageError(`${flag} must be a number from 0 to 1, got '${text}'`);
  return share;
};

const upTo = (value: number, max: number, flag: string) => {
  if (value > max) throw new UsageError(`${flag} must be at most ${max}, got ${value}`);
  return value;
};

const sizeList = (text: string) => text.split(',').map((s) => sizeName(parseGridSize(s, '--sizes: each size')));

export const SETTINGS = {
  dataset: setting<string>()({ flags: '--dataset <set>', help: 'built-in set name (see `datasets`), a file of puzzles (one URL or Loopy ID per line), a directory of puzzle files, or a janko JSON / LPL text collection', default: 'quick', library: 'dataset', kind: 'text' }),
  backends: setting<BackendChoice[]>()({ flags: '--backends <ids>', help: 'back-ends, comma-separated, each optionally with its options after a colon: e.g. cdcl-loop:core=typescript,rules or sat-lazy:engine=cadical:resolve=scratch', parse: (text, _previous, where = '--backends') => parseBackendList(text, where), library: 'backends', libraryText: true, kind: 'text' }),
  backend: setting<BackendChoice>()({ flags: '--backend <id>', help: 'the back-end (see `backends`), optionally with its options after a colon, e.g. cdcl-loop:core=typescript', parse: (text) => parseBackendSpec(text, '--backend') }),
  config: setting<string>()({ flags: '--config <file>', help: 'an experiment file (YAML or JSON) naming datasets, back-ends with options, and limits; a flag typed beside it wins over the file', library: 'config', kind: 'text' }),
  baseline: setting<string>()({ flags: '--baseline <id>', help: 'the back-end every scatter chart of the report is drawn against (default: auto when it is among the back-ends run, being what a back-end is usually compared against; else the first listed)', kind: 'text', file: 'baseline', library: 'baseline', record: { run: 'baseline' },
    // Only the report's scatter charts depend on it, and run.json takes the latest.
    mayDiffer: "the back-end the report's charts are drawn against" }),
  timeout: setting<number>()({ flags: '--timeout <seconds>', help: 'time limit per run', parse: (text) => SECONDS_AS_MS.fromTyped(parseSeconds(text, '--timeout')), default: DEFAULT_TIMEOUT_MS, defaultText: String(SECONDS_AS_MS.toTyped(DEFAULT_TIMEOUT_MS)), unit: SECONDS_AS_MS, kind: 'positive number', file: 'timeout', library: 'timeoutMs', record: { plan: 'timeoutSeconds', run: 'timeoutSeconds' } }),
  unique: setting<boolean>()({ flags: '--unique', help: 'also prove or refute that the solution is unique', negation: 'do not prove uniqueness, even where the experiment file asks for it', default: false, kind: 'switch', file: 'unique', library: 'unique', record: { plan: 'unique', run: 'unique' } }),
  certify: setting<boolean>()({ flags: '--certify', help: 'also certify the answer: a proof that the loop is the only one, or that there is none, checked by an independent checker (implies --unique; a back-end that cannot certify says so)', negation: 'certify no answer: neither where the experiment file asks for it nor, with --unique, those of the back-ends that certify by default', default: false, kind: 'switch', file: 'certify', library: 'certify', record: { plan: 'certify', run: 'certify', onlyWhenSet: true } }),
  repeat: setting<number>()({ flags: '--repeat <k>', help: 'runs per instance and back-end', parse: (text) => parseInteger(text, '--repeat', 1), default: 1, kind: 'positive whole number', file: 'repeat', library: 'repeat', record: { plan: 'repeat', run: 'repeat' } }),
  seed: setting<number>()({ flags: '--seed <n>', help: 'random seed for solvers that take one', parse: (text) => parseInteger(text, '--seed'), default: 1, kind: 'whole number', file: 'seed', library: 'seed', record: { plan: 'seed', run: 'seed' } }),
  jobs: setting<number>()({ flags: '--jobs <n>', help: 'worker processes in parallel (default: cores - 1, at least 1)', parse: (text) => parseInteger(text, '--jobs', 1), kind: 'positive whole number', file: 'jobs', library: 'jobs', record: { run: 'jobs' },
    // Each run has its own worker and limits, so its answer does not depend on how many run beside it.
    mayDiffer: 'how many runs go at once' }),
  out: setting<string>()({ flags: '--out <dir>', help: 'results directory', kind: 'text', file: 'out', library: 'out' }),
  resume: setting<boolean>()({ flags: '--resume', help: 'continue the run in --out, made with the same settings (else refused, naming what differs): recorded runs are skipped, none repeated; without it an --out that holds a run is refused', kind: 'switch', library: 'resume' }),
  // run.json keeps it in `limits`, beside the kill's grace.
  memory: setting<number>()({ flags: '--memory <mb>', help: 'memory cap per worker process (resident MB; over it the run is memout)', parse: (text) => parseInteger(text, '--memory', 64), default: DEFAULT_LIMITS.memoryMb, kind: 'positive whole number', file: 'memoryMb', library: 'memoryMb', record: { plan: 'memoryMbPerWorker' } }),
  limit: setting<number>()({ flags: '--limit <n>', help: 'only the first N instances (after --sizes and --sample)', parse: (text) => parseInteger(text, '--limit', 1), kind: 'positive whole number', library: 'limit' }),
  sizes: setting<string[]>()({ flags: '--sizes <list>', help: 'only these sizes, RxC (rows x columns), comma-separated, e.g. 30x25,40x35', parse: sizeList, library: 'sizes', libraryText: true, kind: 'text' }),
  sample: setting<number>()({ flags: '--sample <n>', help: 'a random sample of N instances (drawn with --seed)', parse: (text) => parseInteger(text, '--sample', 1), kind: 'positive whole number', library: 'sample' }),
  option: setting<Record<string, string>>()({ flags: '--option <key=value>', help: 'a back-end option, for every back-end that declares it (repeatable; see `backends`)', parse: (text, previous) => ({ ...previous, ...parseOptionPairs([text]) }), library: 'options' }),
  presolve: setting<string>()({ flags: '--presolve <backend>', help: "decide edges with this back-end's deduction first: rules, or with its options, e.g. rules:trial=off", parse: (text, _previous, where = '--presolve') => (parseBackendSpec(text, where), text.trim()), library: 'presolve', libraryText: true, kind: 'text' }),
  satEngine: setting<string>()({ flags: '--sat-engine <name>', help: 'SAT engine of the sat-* back-ends: logic-solver (default), cadical, minisat, cryptominisat', library: 'satEngine', kind: 'text' }),
  json: setting<boolean>()({ flags: '--json', help: 'print JSON instead of text' }),
  count: setting<number>()({ flags: '--count <n>', help: 'how many puzzles', parse: (text) => parseInteger(text, '--count', 1) }),
  // The report is built afresh, from what is recorded, at the end of every run.
  report: setting<boolean>()({ flags: '--no-report', help: 'do not build the report at the end', mayDiffer: 'whether the report is built at the end' }),
  // The settings of one command each. Values are the text typed unless a parse says otherwise; the command reads
  // them. A list or default taken from the code it configures (the grids, the formats) is given by the command's wording.
  // bench: shards and SLURM
  shard: setting<string>()({ flags: '--shard <K/N>', help: 'run only the K-th of N disjoint parts of the task list (K from 1; balanced by puzzle size); join the parts with `merge`' }),
  slurm: setting<boolean>()({ flags: '--slurm', help: 'submit the run as one SLURM array job (one array task per shard, each a `bench --shard K/N`) instead of running it here' }),
  shards: setting<number>()({ flags: '--shards <n>', help: 'with --slurm: number of shards, one array task each', ...whole('--shards', 1) }),
  maxParallel: setting<number>()({ flags: '--max-parallel <m>', help: 'with --slurm: at most M array tasks at once (the %M of --array; default: all)', ...whole('--max-parallel', 1) }),
  wait: setting<boolean>()({ flags: '--wait', help: 'with --slurm: wait for the job, then merge the shards into --out and build the report' }),
  dryRun: setting<boolean>()({ flags: '--dry-run', help: 'with --slurm: print the sbatch script and submit nothing' }),
  sbatchArg: setting<string[]>()({ flags: '--sbatch-arg <arg>', help: 'with --slurm: one more sbatch option, e.g. --sbatch-arg=--partition=long (repeatable; overrides the derived --time, --mem, --cpus-per-task)', parse: (text, previous) => [...(previous ?? []), text], default: [] }),
  collect: setting<string>()({ flags: '--collect <dir>', help: 'merge the shards of an earlier `bench --slurm --out DIR` into DIR and build its report (only --no-report goes with it)' }),
  // fuzz
  largeSizes: setting<string>()({ flags: '--large-sizes <RxC..RxC>', help: 'sizes of the large puzzles (random loops with clues removed), judged by cross-checks', default: '6x6..10x10' }),
  largeShare: setting<number>()({ flags: '--large-share <fraction>', help: 'share of large puzzles, 0 to 1', parse: fraction('--large-share'), default: 0.1 }),
  grids: setting<string>()({ flags: '--grids <names>', help: "the grids puzzles are drawn on, comma-separated: square, any of Loopy's other grids, or all", default: 'square' }),
  oracleCells: setting<number>()({ flags: '--oracle-cells <n>', help: 'the exact oracle judges grids of up to this many cells', ...whole('--oracle-cells', 0) }),
  oracleTimeout: setting<number>()({ flags: '--oracle-timeout <seconds>', help: "the oracle's budget per puzzle; past it the puzzle is judged by cross-checks", ...seconds('--oracle-timeout'), default: 10_000 }),
  shrink: setting<number>()({ flags: '--shrink <n>', help: 'disagreements shrunk per back-end variant (0: none)', ...whole('--shrink', 0), default: 3 }),
  shrinkBudget: setting<number>()({ flags: '--shrink-budget <n>', help: 'puzzles tried while shrinking one disagreement, at most', ...whole('--shrink-budget', 1), default: 400 }),
  // generate
  size: setting<string>()({ flags: '--size <RxC>', help: 'rows x columns, e.g. 10x10 or 30x25 (up to 250x250)' }),
  difficulty: setting<string>()({ flags: '--difficulty <level>', help: "any|easy|medium|hard (graded by the rules back-end's deduction levels)", default: 'any' }),
  with: setting<string>()({ flags: '--with <generator>', help: 'slitherbench (own generator) or loopy (Simon Tatham\'s sgt-loopy, if installed)', default: 'slitherbench' }),
  grid: setting<string>()({ flags: '--grid <type>', help: "square, or another of Loopy's grids (--size is then height x width; docs/grids.md)", default: 'square' }),
  confirm: setting<string>()({ flags: '--confirm <id>', help: 'back-end that proves every finished puzzle unique again, other than the one that built it, optionally with its options, or none (default: cpsat-circuit, an engine of its own, on the square grid and sat-lazy on the others; else cdcl-loop)' }),
  confirmTimeout: setting<number>()({ flags: '--confirm-timeout <seconds>', help: 'time limit of that proof; past it the puzzle is kept (unique by the builder) with a warning', ...seconds('--confirm-timeout'), default: 300_000 }),
  strategy: setting<string>()({ flags: '--strategy <name>', help: 'batch checks the whole grid per kept clue (minimal); local removes clues far apart together and keeps back only those near where uniqueness fails' }),
  minimal: setting<boolean>()({ flags: '--minimal', help: 'local strategy: finally try every remaining clue alone, so that none can be removed (one whole-grid check per clue)' }),
  checkTimeout: setting<number>()({ flags: '--check-timeout <seconds>', help: 'time limit of one uniqueness check', ...seconds('--check-timeout'), default: 60_000 }),
  format: setting<string>()({ flags: '--format <format>', help: 'url|loopy|text|json (text and json: one puzzle per line is not possible, so each is followed by a blank line)', default: 'url' }),
  ids: setting<boolean>()({ flags: '--ids', help: 'prefix every line with an id and a TAB (the built-in dataset layout)' }),
  state: setting<string>()({ flags: '--state <file>', help: 'where an interrupted run (Ctrl-C or a kill) keeps its state (default: OUT.state.json with --out; the finished puzzles in OUT.state.jsonl beside it)' }),
  // solve
  svg: setting<string>()({ flags: '--svg <file>', help: 'also write a picture of the puzzle and its loop as SVG' }),
  proof: setting<string>()({ flags: '--proof <file>', help: 'with --certify: write the proof to this file instead of checking it here (check it with `certify check PUZZLE FILE`)' }),
  inProcess: setting<boolean>()({ flags: '--in-process', help: 'run the back-end in this process (no hard time or memory limit; for debugging)' }),
  // serve
  port: setting<number>()({ flags: '--port <n>', help: 'TCP port (0: any free port)', parse: (text) => upTo(parseInteger(text, '--port', 0), 65535, '--port'), default: 7468 }),
  host: setting<string>()({ flags: '--host <address>', help: 'address to bind; the service has no authentication, so keep it on localhost unless the network is trusted', default: '127.0.0.1' }),
  workers: setting<number>()({ flags: '--workers <n>', help: 'warm workers per back-end (puzzles of one back-end solved at the same time)', ...whole('--workers', 1) }),
  maxPending: setting<number>()({ flags: '--max-pending <n>', help: 'requests queued or running before new ones get 503 with Retry-After', ...whole('--max-pending', 1), default: 32 }),
  warm: setting<string>()({ flags: '--warm <ids>', help: 'back-ends whose workers start with the server (others start on their first request and stay warm), comma-separated, each optionally with its options as --backends takes them (checked at start); "none" for none', default: DEFAULT_SOLVE_BACKEND }),
  bodyLimit: setting<number>()({ flags: '--body-limit <bytes>', help: 'largest request body; larger ones get 413', ...whole('--body-limit', 1024) }),
  maxCells: setting<number>()({ flags: '--max-cells <n>', help: 'largest grid accepted, in cells; larger ones get 400', ...whole('--max-cells', 1) }),
  maxTimeout: setting<number>()({ flags: '--max-timeout <seconds>', help: 'largest time limit a request may ask for (its default too)', ...seconds('--max-timeout') }),
  log: setting<string>()({ flags: '--log <file>', help: 'append every answer with its request to this JSONL file, each line written before the answer is sent' }),
  // reproduce
  quick: setting<boolean>()({ flags: '--quick', help: 'fewer puzzles and shorter limits (under 3 minutes for all); results kept apart from a full run' }),
  claim: setting<string>()({ flags: '--claim <id>', help: 'only this claim of the source (see `reproduce list`)' }),
  run: setting<boolean>()({ flags: '--no-run', help: 'only rebuild the page from the results already in DIR' }),
  // the other commands
  versions: setting<boolean>()({ flags: '--versions', help: 'also ask each available back-end for its engine and version (loads every engine: a few seconds)' }),
  answer: setting<string>()({ flags: '--answer <solution>', help: 'a solution JSON file {rows, cols, h, v} (or a `solve --json` result): the proof must claim this loop as the only one' }),
  failOnRegression: setting<boolean>()({ flags: '--fail-on-regression', help: 'exit 4 when a run solved or proved unsat in A is not in B (for CI)' }),
  failOnMissing: setting<boolean>()({ flags: '--fail-on-missing', help: 'exit with status 5 when planned tasks are missing (for scripts that must not go on with a partial study)' }),
  to: setting<string>()({ flags: '--to <format>', help: 'target format' }),
  dimacs: setting<string>()({ flags: '--dimacs <file>', help: 'where to write the CNF (default: standard output)' }),
  interactive: setting<boolean>()({ flags: '--interactive', help: 'report.html draws its charts live (vega-embed, inlined): tooltips with the instance and time, a back-end filter; without it the page is static SVG and runs no script' }),
  title: setting<string>()({ flags: '--title <text>', help: "the page's heading (default: the directory's name)" }),
} as const;

export type SettingName = keyof typeof SETTINGS;
export type ValueOf<N extends SettingName> = ValueOfRow<(typeof SETTINGS)[N]>;

/** Every row, as the generic code reads them; a test may add one here to see it reach every front end. */
export const settingRows = (): [string, Setting<unknown>][] => Object.entries(SETTINGS as Record<string, Setting<unknown>>);

/** How a command or script words a setting's default: its own value (in the value's unit), or how it reads in help. */
export interface DefaultWording {
  readonly default?: unknown;
  readonly defaultText?: string;
}

/**
 * A setting's default for one command or script (its own, else the row's), and how help shows it when the
 * value itself would not do: as worded, else in the typed unit (a time held in ms shown in seconds).
 */
export function defaultOf(row: Setting<unknown>, wording: DefaultWording): { value: unknown; shown: string | undefined } {
  const value = 'default' in wording ? wording.default : row.default;
  const shown = wording.defaultText ?? ('default' in wording ? undefined : row.defaultText) ?? (row.unit && typeof value === 'number' ? String(row.unit.toTyped(value)) : undefined);
  return { value, shown };
}

/** A setting's flag as the user types it: `--timeout`. */
export const longFlag = (row: Setting<unknown>): string => /--[\w-]+/.exec(row.flags)![0];

/** The settings of a bench plan (those with a runBench option), in the table's order. */
export const benchSettingNames = (): string[] => settingRows().filter(([, row]) => row.library !== undefined).map(([name]) => name);

type BenchSettingName = { [N in SettingName]: (typeof SETTINGS)[N] extends { library: string } ? N : never }[SettingName];

/** The settings whose value a plan resolves, typed, else from an experiment file, else the default. */
export type FileSettingName = { [N in SettingName]: (typeof SETTINGS)[N] extends { file: string } ? N : never }[SettingName];

/** The settings a user typed for a bench plan, by setting name (times in ms): each beats the experiment file's value. */
export type PlanFlags = { readonly [N in BenchSettingName]?: ValueOf<N> } & { readonly [name: string]: unknown };

type LibraryNameOf<N extends SettingName> = (typeof SETTINGS)[N] extends { library: infer L extends string } ? L : never;
type LibraryValueOf<N extends SettingName> = (typeof SETTINGS)[N] extends { libraryText: true } ? string : ValueOf<N>;

/** runBench's options that are settings, by their library names (`timeoutMs`), as the table gives them. */
export type LibrarySettings = { [N in BenchSettingName as LibraryNameOf<N>]?: LibraryValueOf<N> };

type FileKeyOf<N extends SettingName> = (typeof SETTINGS)[N] extends { file: infer K extends string } ? K : never;

/** An experiment file's keys for the plan's values, as the table gives them, each in its typed unit (`timeout` in seconds). */
export type FileSettings = { [N in FileSettingName as FileKeyOf<N>]?: ValueOf<N> };

/**
 * How a bench plan certifies: true, every back-end that can (--certify); false, none (--no-certify, or no
 * uniqueness asked); `where cheap`, with uniqueness and neither typed nor in a file, the back-ends whose proof
 * costs little beside their answer (`Backend.certifiesByDefault`). plan.json and run.json record it so.
 */
export type CertifyMode = boolean | typeof CERTIFY_WHERE_CHEAP;
export const CERTIFY_WHERE_CHEAP = 'where cheap';

/** The defaults of a bench plan's values, by setting name (times in ms). */
export const PLAN_DEFAULTS = Object.freeze({
  dataset: SETTINGS.dataset.default,
  timeout: SETTINGS.timeout.default,
  unique: SETTINGS.unique.default,
  certify: SETTINGS.certify.default,
  repeat: SETTINGS.repeat.default,
  seed: SETTINGS.seed.default,
  memory: SETTINGS.memory.default,
});

/** Workers side by side when --jobs is not given (its help says so): every core but one, for the command itself. */
export const defaultJobs = (): number => Math.max(1, os.availableParallelism() - 1);

/** A value given to runBench or in an experiment file, checked against its kind; throws a UsageError naming it. */
export function checkKind(value: unknown, kind: ValueKind, name: string): void {
  const number = typeof value === 'number' && Number.isFinite(value);
  const ok = kind === 'text' ? typeof value === 'string'
    : kind === 'switch' ? typeof value === 'boolean'
      : kind === 'whole number' ? number && Number.isInteger(value)
        : kind === 'positive whole number' ? number && Number.isInteger(value) && (value as number) > 0
          : number && (value as number) > 0;
  if (!ok) throw new UsageError(`${name} must be ${kind === 'text' ? 'a text' : kind === 'switch' ? 'true or false' : `a ${kind}`}, got ${JSON.stringify(value)}`);
}
