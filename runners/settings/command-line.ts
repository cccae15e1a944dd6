// The command line's side of the settings table: a command lists the settings it takes, and each becomes a
// commander option with the table's spelling, value and default. A command may word the help or choose the
// default for itself, never the value's type.
import { Option, type Command } from 'commander';
import { UsageError } from '../../encodings/errors.ts';
import { benchSettingNames, defaultOf, SETTINGS, type PlanFlags, type Setting, type SettingName, type ValueOf } from './table.ts';

/**
 * How one command words a setting: its help, its default, the name of its value in the spelling (`--out <file>`
 * where the table says `--out <dir>`), and whether it must be given.
 */
type Wording<N extends SettingName> = { help?: string; default?: ValueOf<N>; defaultText?: string; flags?: string; required?: boolean };

const rowOf = (name: string): Setting<unknown> => {
  const row = (SETTINGS as Record<string, Setting<unknown>>)[name];
  if (!row) throw new Error(`internal: no setting '${name}' in the table`);
  return row;
};

/** The commander option of a setting; `wording` changes its help or default for one command. */
export function flagOption<N extends SettingName>(name: N, wording: Wording<N> = {}): Option {
  const declared = rowOf(name);
  const option = new Option(wording.flags ?? declared.flags, wording.help ?? declared.help);
  if (option.attributeName() !== name) throw new Error(`internal: flag ${wording.flags ?? declared.flags} is declared as '${name}'`);
  if (wording.required) option.makeOptionMandatory();
  if (declared.parse) option.argParser(declared.parse as (text: string, previous: unknown) => unknown);
  const { value: fallback, shown } = defaultOf(declared, wording);
  // A switch is off unless typed: no default to show (and none to tell a typed --no- form from).
  if (fallback !== undefined && fallback !== false) option.default(fallback, shown);
  return option;
}

/** Adds the named settings to a command, in the order given; `wording` changes a setting's help or default for this command. */
export function addFlags(command: Command, names: readonly SettingName[], wording: { readonly [N in SettingName]?: Wording<N> } = {}): Command {
  for (const name of names) {
    const option = flagOption(name, wording[name] as Wording<typeof name>);
    command.addOption(option);
    const { negation } = rowOf(name);
    // Only beside --config, the file it turns off. Both forms set the same value, typed either way; neither has
    // a default, so a file's setting stands until one is typed.
    if (negation && names.includes('config')) command.addOption(new Option(`--no-${option.long!.slice(2)}`, negation));
  }
  return command;
}

/**
 * bench's settings: those listed, in their order, then every other setting of a bench plan in the table's
 * (a setting given a runBench option in the table is a setting of bench without a line here).
 */
export function benchFlagNames(listed: readonly SettingName[]): SettingName[] {
  return [...listed, ...(benchSettingNames().filter((n) => !listed.includes(n as SettingName)) as SettingName[])];
}

/** True when the user typed the flag (not its default): commander's option-value source. */
export function typed(command: Command, name: string): boolean {
  const source = command.getOptionValueSource(name);
  return source === 'cli' || source === 'env';
}

/** The values of the named flags the user typed; a flag left at its default is absent. */
export function typedFlags<N extends SettingName>(command: Command, names: readonly N[]): { [K in N]?: ValueOf<K> } {
  const values = command.opts();
  return Object.fromEntries(names.filter((n) => typed(command, n)).map((n) => [n, values[n]])) as { [K in N]?: ValueOf<K> };
}

/** The bench plan's settings the user typed, by setting name. */
export function planFlags(command: Command): PlanFlags {
  const names = benchSettingNames().filter((n) => command.options.some((o) => o.attributeName() === n));
  return typedFlags(command, names as SettingName[]) as PlanFlags;
}

/** Refuses flags that do nothing in this mode, e.g. plan flags beside `bench --collect`: an error, not silence. */
export function refuseTyped(command: Command, allowed: readonly string[], why: string): void {
  const extra = command.options.filter((o) => typed(command, o.attributeName()) && !allowed.includes(o.attributeName()));
  if (extra.length) throw new UsageError(`${extra.map((o) => o.long).join(', ')}: ${why}`);
}
