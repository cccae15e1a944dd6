// The command line of every experiment script, handled alike: node:util parseArgs, --help on stdout, and
// bad input as one `error:` line on stderr with exit code 2 (what the slitherbench CLI does too).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { hasShared } from '../../datasets/shared.ts';
import { formatBackendSpec, type BackendChoice } from '../../encodings/backend-spec.ts';
import type { Backend } from '../../encodings/backend.ts';
import { getBackend } from '../../encodings/registry.ts';
import { SCRIPT_SETTINGS, type ScriptSettingName } from '../settings/experiment-settings.ts';
import { defaultOf, type Setting, type ValueOfRow } from '../settings/table.ts';

/** Prints `error: <message>` and exits 2. */
export function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

/** Runs a parser of one value (parseInteger, parseSizes, ...) and turns what it throws into `fail`. */
export function checked<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/**
 * parseArgs with a --help (-h) that prints `usage` and exits 0, and with unknown options, missing values and
 * more than `maxPositionals` arguments reported by `fail`. Give `allowPositionals: true` when it is above 0.
 */
export function commandLine<T extends ParseArgsConfig>(usage: string, config: T, maxPositionals = 0): ReturnType<typeof parseArgs<T>> {
  const parsed = checked(() => parseArgs({ ...config, args: process.argv.slice(2), strict: true, options: { ...config.options, help: { type: 'boolean', short: 'h' } } }));
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage.endsWith('\n') ? usage : `${usage}\n`);
    process.exit(0);
  }
  if (parsed.positionals.length > maxPositionals) fail(`unexpected argument '${parsed.positionals[maxPositionals]}' (see --help)`);
  return parsed as ReturnType<typeof parseArgs<T>>;
}

/**
 * A file of ../shared/datasets (third-party collections, the peer's timings), which a clone may lack:
 * when it is absent, says which and why it matters, then exits 2.
 */
export function requireShared(path: string, what: string): void {
  if (!hasShared(path)) fail(`${what} not found at ${path} (it belongs in ../shared/datasets beside the repository); nothing to do without it`);
}

/**
 * The back-ends a script's `flag` names, loaded: an unknown one is one `error:` line naming the known ones, as
 * bench words it. `optionsRefused` says why options after an ID are not taken, for a script that chooses them itself.
 */
export async function loadBackends(choices: readonly BackendChoice[], flag = '--backends', optionsRefused?: string): Promise<Backend[]> {
  const withOptions = optionsRefused === undefined ? undefined : choices.find((choice) => Object.keys(choice.params).length > 0);
  if (withOptions) fail(`${flag}: ${withOptions.id} is named with options, which are not taken here (${optionsRefused})`);
  // getBackend is async, so an unknown ID arrives as a rejection, not a throw.
  return Promise.all(choices.map((choice) => getBackend(choice.id).catch((error: Error) => fail(`${flag}: ${error.message}`))));
}

type RowOf<N extends ScriptSettingName> = (typeof SCRIPT_SETTINGS)[N];
type ValueOfSetting<N extends ScriptSettingName> = ValueOfRow<RowOf<N>>;

/** How one script words a setting: its help, and its default (in the value's unit, as a command's) or how the default reads. */
export interface Wording<T> {
  help?: string;
  default?: T;
  defaultText?: string;
}
type Wordings<N extends ScriptSettingName> = { readonly [K in N]?: Wording<ValueOfSetting<K>> };

/** A script's values by setting name: always there when a default is (the script's or else the table's) or for a switch. */
export type ScriptValues<N extends ScriptSettingName, W> = {
  [K in N]: K extends keyof W ? (W[K] extends { default: infer D } ? (undefined extends D ? ValueOfSetting<K> | undefined : ValueOfSetting<K>) : Fallback<K>) : Fallback<K>;
};
type Fallback<K extends ScriptSettingName> = RowOf<K> extends { default: unknown } ? ValueOfSetting<K> : ValueOfSetting<K> extends boolean ? boolean : ValueOfSetting<K> | undefined;

/** Help text folded under its flag's column, lines of at most about 116 characters. */
function fold(text: string, indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent + line.length + 1 + word.length > 116) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** A default as the user would type it: a time in its typed unit, a list comma-separated, a back-end as its spec. */
function typedText(row: Setting<unknown>, value: unknown): string {
  if (row.unit && typeof value === 'number') return String(row.unit.toTyped(value));
  if (Array.isArray(value)) return value.map((item) => typedText(row, item)).join(',');
  return typeof value === 'object' && value !== null && 'id' in value ? formatBackendSpec(value as BackendChoice) : String(value);
}

/** The settings of a script: parseArgs' options, their list for --help, and how the typed text becomes values. */
export interface ScriptOptions<N extends ScriptSettingName, W> {
  readonly options: Record<string, { type: 'string' | 'boolean'; multiple: true }>;
  readonly list: string;
  /** The values from what parseArgs read: each text through its row's parse (a repeated flag folded as commander folds it), else its default. Throws a UsageError. */
  readonly read: (parsed: Readonly<Record<string, unknown>>) => ScriptValues<N, W>;
  /** The flags of these settings the user typed. */
  readonly typed: (parsed: Readonly<Record<string, unknown>>) => string[];
}

/**
 * The named settings (settings/experiment-settings.ts and table.ts) as parseArgs options, their list for --help
 * (each with the table's help unless `wording` gives the script's own, its default after it), and their reading:
 * every value read by its row as a command reads it, so that --timeout or --out mean the same in every script.
 */
export function scriptOptions<const N extends ScriptSettingName, const W extends Wordings<N> = {}>(names: readonly N[], wording: W = {} as W): ScriptOptions<N, W> {
  const options: Record<string, { type: 'string' | 'boolean'; multiple: true }> = {};
  const rows: [string, string][] = [];
  const reads: [N, string, Setting<unknown>, Wording<unknown>][] = [];
  for (const name of names) {
    const row = SCRIPT_SETTINGS[name] as Setting<unknown>;
    const word: Wording<unknown> = (wording as Wordings<N>)[name] ?? {};
    const long = /^--([\w-]+)/.exec(row.flags)![1];
    options[long] = { type: row.flags.includes('<') ? 'string' : 'boolean', multiple: true };
    const { value: fallback, shown: worded } = defaultOf(row, word);
    const shown = worded ?? (fallback !== undefined && fallback !== false ? typedText(row, fallback) : undefined);
    rows.push([`--${long}`, `${word.help ?? row.help}${shown !== undefined ? ` (default ${shown})` : ''}`]);
    reads.push([name, long, row, word]);
  }
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  const read = (parsed: Readonly<Record<string, unknown>>) => {
    const values: Record<string, unknown> = {};
    for (const [name, long, row, word] of reads) {
      const typed = parsed[long] === undefined ? [] : [parsed[long]].flat();
      let value = 'default' in word ? word.default : row.default;
      if (typeof typed[0] === 'boolean') value = true;
      else for (const text of typed) value = row.parse ? row.parse(text as string, value) : text;
      values[name] = value ?? (row.flags.includes('<') ? undefined : false);
    }
    return values as ScriptValues<N, W>;
  };
  const typed = (parsed: Readonly<Record<string, unknown>>) => reads.filter(([, long]) => parsed[long] !== undefined).map(([, long]) => `--${long}`);
  return { options, list: rows.map(([flag, help]) => `  ${flag.padEnd(width)}${fold(help, width + 2)}`).join('\n'), read, typed };
}

/**
 * A script's command line from the settings table: `head` is the usage line and what the script does; the
 * named settings follow it as the options' list (scriptOptions), and their values are read by their rows.
 */
export function scriptCommandLine<const N extends ScriptSettingName, const W extends Wordings<N> = {}>(head: string, names: readonly N[], wording: W = {} as W, maxPositionals = 0): { values: ScriptValues<N, W>; positionals: string[] } {
  const settings = scriptOptions(names, wording);
  const { values, positionals } = commandLine(`${head}\n${settings.list}`, { options: settings.options, allowPositionals: maxPositionals > 0 }, maxPositionals);
  return { values: checked(() => settings.read(values)), positionals };
}
