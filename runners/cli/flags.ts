// Every flag a command offers, declared once (as CaDiCaL's options.hpp declares each option once): its
// spelling, the typed value it gives, its default and its help. A command lists the flags it takes; it may
// word the help or choose the default for itself, never the value's type. Adding a flag to several commands
// is one entry here and its name in each command's list.
import { Option, type Command } from 'commander';
import { UsageError } from '../../encodings/errors.ts';
import { parseBackendList, parseBackendSpec, parseOptionPairs, type BackendChoice } from '../../encodings/backend-spec.ts';
import { parseGridSize, sizeName } from '../../encodings/grid.ts';
import type { PlanFlags } from '../harness/experiment.ts';
import { PLAN_DEFAULTS } from '../harness/plan-defaults.ts';
import { parseInteger, parseSeconds } from '../harness/values.ts';

interface Flag<T> {
  /** The spelling, as commander takes it: `--timeout <seconds>`. */
  readonly flags: string;
  readonly help: string;
  /** Reads the text typed (and the value before it, for a repeatable flag); throws a UsageError naming the flag. */
  readonly parse?: (text: string, previous: T | undefined) => T;
  readonly default?: T;
  /** How the default reads in --help, when not the value itself. */
  readonly defaultText?: string;
  /** A switch an experiment file can turn on: the help of its `--no-` form, which turns it off over the file. */
  readonly negation?: string;
}

const flag = <T>(declaration: Flag<T>): Flag<T> => declaration;

export const FLAGS = {
  dataset: flag<string>({ flags: '--dataset <set>', help: 'built-in set name (see `datasets`), a file of puzzles (one URL or Loopy ID per line), a directory of puzzle files, or a janko JSON / LPL text collection', default: PLAN_DEFAULTS.dataset }),
  backends: flag<BackendChoice[]>({ flags: '--backends <ids>', help: 'back-ends, comma-separated, each optionally with its options after a colon: e.g. cdcl-loop:core=typescript,rules or sat-lazy:engine=cadical:resolve=scratch', parse: (text) => parseBackendList(text, '--backends') }),
  backend: flag<BackendChoice>({ flags: '--backend <id>', help: 'the back-end (see `backends`), optionally with its options after a colon, e.g. cdcl-loop:core=typescript', parse: (text) => parseBackendSpec(text, '--backend') }),
  config: flag<string>({ flags: '--config <file>', help: 'an experiment file (YAML or JSON) naming datasets, back-ends with options, and limits; a flag typed beside it wins over the file' }),
  unique: flag<boolean>({ flags: '--unique', help: 'also prove or refute that the solution is unique', negation: 'do not prove uniqueness, even where the experiment file asks for it' }),
  certify: flag<boolean>({ flags: '--certify', help: 'also certify the answer: a proof that the loop is the only one, or that there is none, checked by an independent checker (implies --unique; a back-end that cannot certify says so)', negation: 'do not certify, even where the experiment file asks for it' }),
  timeout: flag<number>({ flags: '--timeout <seconds>', help: 'time limit per run', parse: (text) => parseSeconds(text, '--timeout'), default: PLAN_DEFAULTS.timeout }),
  repeat: flag<number>({ flags: '--repeat <k>', help: 'runs per instance and back-end', parse: (text) => parseInteger(text, '--repeat', 1), default: PLAN_DEFAULTS.repeat }),
  jobs: flag<number>({ flags: '--jobs <n>', help: 'worker processes in parallel (default: cores - 1, at least 1)', parse: (text) => parseInteger(text, '--jobs', 1) }),
  seed: flag<number>({ flags: '--seed <n>', help: 'random seed for solvers that take one', parse: (text) => parseInteger(text, '--seed'), default: PLAN_DEFAULTS.seed }),
  out: flag<string>({ flags: '--out <dir>', help: 'results directory' }),
  resume: flag<boolean>({ flags: '--resume', help: 'continue the run in --out, made with the same settings (else refused, naming what differs): recorded runs are skipped, none repeated; without it an --out that holds a run is refused' }),
  memory: flag<number>({ flags: '--memory <mb>', help: 'memory cap per worker process (resident MB; over it the run is memout)', parse: (text) => parseInteger(text, '--memory', 64), default: PLAN_DEFAULTS.memoryMb }),
  limit: flag<number>({ flags: '--limit <n>', help: 'only the first N instances (after --sizes and --sample)', parse: (text) => parseInteger(text, '--limit', 1) }),
  sizes: flag<string[]>({ flags: '--sizes <list>', help: 'only these sizes, RxC (rows x columns), comma-separated, e.g. 30x25,40x35', parse: (text) => text.split(',').map((s) => sizeName(parseGridSize(s, '--sizes: each size'))) }),
  sample: flag<number>({ flags: '--sample <n>', help: 'a random sample of N instances (drawn with --seed)', parse: (text) => parseInteger(text, '--sample', 1) }),
  option: flag<Record<string, string>>({ flags: '--option <key=value>', help: 'a back-end option, for every back-end that declares it (repeatable; see `backends`)', parse: (text, previous) => ({ ...previous, ...parseOptionPairs([text]) }) }),
  presolve: flag<string>({ flags: '--presolve <backend>', help: "decide edges with this back-end's deduction first: rules, or with its options, e.g. rules:trial=off", parse: (text) => (parseBackendSpec(text, '--presolve'), text.trim()) }),
  json: flag<boolean>({ flags: '--json', help: 'print JSON instead of text' }),
  count: flag<number>({ flags: '--count <n>', help: 'how many puzzles', parse: (text) => parseInteger(text, '--count', 1) }),
  report: flag<boolean>({ flags: '--no-report', help: 'do not build the report at the end' }),
  baseline: flag<string>({ flags: '--baseline <id>', help: 'the back-end every scatter chart of the report is drawn against (default: auto when it is among the back-ends run, being what a back-end is usually compared against; else the first listed)' }),
  satEngine: flag<string>({ flags: '--sat-engine <name>', help: 'SAT engine of the sat-* back-ends: logic-solver (default), cadical, minisat, cryptominisat' }),
} as const;

export type FlagName = keyof typeof FLAGS;
type ValueOf<N extends FlagName> = (typeof FLAGS)[N] extends Flag<infer T> ? T : never;
type Wording<N extends FlagName> = { help?: string; default?: ValueOf<N>; defaultText?: string };

/** The commander option of a declared flag; `wording` changes its help or default for one command. */
export function flagOption<N extends FlagName>(name: N, wording: Wording<N> = {}): Option {
  const declared = FLAGS[name] as Flag<unknown>;
  const option = new Option(declared.flags, wording.help ?? declared.help);
  if (option.attributeName() !== name) throw new Error(`internal: flag ${declared.flags} is declared as '${name}'`);
  if (declared.parse) option.argParser(declared.parse as (text: string, previous: unknown) => unknown);
  const fallback = 'default' in wording ? wording.default : declared.default;
  if (fallback !== undefined) option.default(fallback, wording.defaultText ?? declared.defaultText);
  return option;
}

/** Adds the named flags to a command, in the order given; `wording` changes a flag's help or default for this command. */
export function addFlags(command: Command, names: readonly FlagName[], wording: { readonly [N in FlagName]?: Wording<N> } = {}): Command {
  for (const name of names) {
    const option = flagOption(name, wording[name] as Wording<typeof name>);
    command.addOption(option);
    const { negation } = FLAGS[name] as Flag<unknown>;
    // Only beside --config, the file it turns off. Both forms set the same value, typed either way; neither has
    // a default, so a file's setting stands until one is typed.
    if (negation && names.includes('config')) command.addOption(new Option(`--no-${option.long!.slice(2)}`, negation));
  }
  return command;
}

/** True when the user typed the flag (not its default): commander's option-value source. */
export function typed(command: Command, name: string): boolean {
  const source = command.getOptionValueSource(name);
  return source === 'cli' || source === 'env';
}

/** The values of the named flags the user typed; a flag left at its default is absent. */
export function typedFlags<N extends FlagName>(command: Command, names: readonly N[]): { [K in N]?: ValueOf<K> } {
  const values = command.opts();
  return Object.fromEntries(names.filter((n) => typed(command, n)).map((n) => [n, values[n]])) as { [K in N]?: ValueOf<K> };
}

/** The plan flags the user typed, in the plan's vocabulary (--sat-engine is the option `engine`). */
export function planFlags(command: Command): PlanFlags {
  const t = typedFlags(command, ['dataset', 'backends', 'timeout', 'unique', 'certify', 'repeat', 'jobs', 'seed', 'out', 'memory', 'sizes', 'limit', 'sample', 'option', 'presolve', 'satEngine']);
  const options = { ...t.option, ...(t.satEngine ? { engine: t.satEngine } : {}) };
  return {
    ...(t.dataset !== undefined ? { dataset: t.dataset } : {}),
    ...(t.backends ? { backends: t.backends } : {}),
    ...(t.timeout !== undefined ? { timeout: t.timeout } : {}),
    ...(t.unique !== undefined ? { unique: t.unique } : {}),
    ...(t.certify !== undefined ? { certify: t.certify } : {}),
    ...(t.repeat !== undefined ? { repeat: t.repeat } : {}),
    ...(t.jobs !== undefined ? { jobs: t.jobs } : {}),
    ...(t.seed !== undefined ? { seed: t.seed } : {}),
    ...(t.out !== undefined ? { out: t.out } : {}),
    ...(t.memory !== undefined ? { memoryMb: t.memory } : {}),
    ...(t.sizes ? { sizes: t.sizes } : {}),
    ...(t.limit !== undefined ? { limit: t.limit } : {}),
    ...(t.sample !== undefined ? { sample: t.sample } : {}),
    ...(Object.keys(options).length ? { options } : {}),
    ...(t.presolve !== undefined ? { presolve: t.presolve } : {}),
  };
}

/** Refuses flags that do nothing in this mode, e.g. plan flags beside `bench --collect`: an error, not silence. */
export function refuseTyped(command: Command, allowed: readonly string[], why: string): void {
  const extra = command.options.filter((o) => typed(command, o.attributeName()) && !allowed.includes(o.attributeName()));
  if (extra.length) throw new UsageError(`${extra.map((o) => o.long).join(', ')}: ${why}`);
}
