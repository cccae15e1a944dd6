// The command line of every experiment script, handled alike: node:util parseArgs, --help on stdout, and
// bad input as one `error:` line on stderr with exit code 2 (what the slitherbench CLI does too).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { hasShared } from '../../datasets/shared.ts';
import { SCRIPT_SETTINGS, type ScriptSettingName } from '../settings/experiment-settings.ts';
import type { Setting } from '../settings/table.ts';

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

type LongOf<F> = F extends `--${infer L} <${string}` ? L : F extends `--${infer L}` ? L : never;
type TypeOf<F> = F extends `${string}<${string}` ? 'string' : 'boolean';
type FlagsOf<N extends ScriptSettingName> = (typeof SCRIPT_SETTINGS)[N]['flags'];
/** parseArgs' options for the settings named: each by its flag, text when the flag takes a value, else a switch; a default the script gives is always there. */
type Options<N extends ScriptSettingName, W> = {
  [K in N as LongOf<FlagsOf<K>>]: { type: TypeOf<FlagsOf<K>> }
    & (K extends keyof W ? (W[K] extends { default: string } ? { default: string } : unknown) & (W[K] extends { multiple: true } ? { multiple: true } : unknown) : unknown);
};

/** How one script words a setting: its help, and its default (as typed) or how the default reads. */
export interface Wording {
  help?: string;
  default?: string;
  defaultText?: string;
  /** The flag may be given again, each value kept (a list). */
  multiple?: true;
}

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

/**
 * The named settings (settings/experiment-settings.ts and table.ts) as parseArgs options, and their list for
 * --help: each with the table's help unless `wording` gives the script's own, its default after it.
 */
export function scriptOptions<const N extends ScriptSettingName, const W extends { readonly [K in N]?: Wording } = {}>(names: readonly N[], wording: W = {} as W): { options: Options<N, W>; list: string } {
  const options: Record<string, { type: 'string' | 'boolean'; default?: string; multiple?: true }> = {};
  const rows: [string, string][] = [];
  for (const name of names) {
    const row = SCRIPT_SETTINGS[name] as Setting<unknown>;
    const word: Wording = (wording as { readonly [K in N]?: Wording })[name] ?? {};
    const long = /^--([\w-]+)/.exec(row.flags)![1];
    options[long] = { type: row.flags.includes('<') ? 'string' : 'boolean', ...(word.default !== undefined ? { default: word.default } : {}), ...(word.multiple ? { multiple: true } : {}) };
    const shown = word.defaultText ?? word.default;
    rows.push([`--${long}`, `${word.help ?? row.help}${shown !== undefined ? ` (default ${shown})` : ''}`]);
  }
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return { options: options as Options<N, W>, list: rows.map(([flag, help]) => `  ${flag.padEnd(width)}${fold(help, width + 2)}`).join('\n') };
}

/**
 * A script's command line from the settings table: `head` is the usage line and what the script does; the
 * named settings follow it as the options' list (scriptOptions), read as commandLine reads them (their values as typed).
 */
export function scriptCommandLine<const N extends ScriptSettingName, const W extends { readonly [K in N]?: Wording } = {}>(head: string, names: readonly N[], wording: W = {} as W, maxPositionals = 0): ReturnType<typeof parseArgs<{ options: Options<N, W>; allowPositionals: boolean }>> {
  const { options, list } = scriptOptions(names, wording);
  return commandLine(`${head}\n${list}`, { options, allowPositionals: maxPositionals > 0 }, maxPositionals);
}
