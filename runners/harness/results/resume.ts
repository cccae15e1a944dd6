// One meaning of --resume for every command that writes its results to a place of its own (bench and fuzz
// an --out folder, generate an --out file and its state): a run is carried on only under the settings it
// was started with, and an earlier run's results are never deleted or mixed in without --resume.
import { existsSync, statSync } from 'node:fs';
import { UsageError } from '../../../encodings/errors.ts';
import { longFlag, SETTINGS, settingRows, type Setting, type SettingName } from '../../settings/table.ts';

/** A run's settings by the name the user knows them by (a flag, e.g. `--timeout`), each a short value. */
export type Settings = Record<string, string | number | boolean | null>;

type Value = Settings[string];

/**
 * Settings that may differ between a run and its resume, by flag, with why (the table's `mayDiffer`): each
 * changes how the run goes or what is shown of it, not what any run records. Everything else a command records
 * must be equal.
 */
export const MAY_DIFFER: Readonly<Record<string, string>> = {
  ...Object.fromEntries(settingRows().flatMap(([, row]) => (row.mayDiffer ? [[longFlag(row), row.mayDiffer]] : []))),
  // The commit is not a flag: a resume after an update carries on, and run.json's resumes say under which.
  code: 'the commit the run started under',
};

/**
 * A command's settings as --resume compares them, given by setting name and labelled with the flag the table
 * gives each (in the typed unit: a time limit held in ms is shown in seconds).
 */
export function settingsByFlag(values: { readonly [N in SettingName]?: Value }): Settings {
  const rows = SETTINGS as Readonly<Record<string, Setting<unknown>>>;
  return Object.fromEntries(Object.entries(values).map(([name, value]) => {
    const row = rows[name]!;
    return [longFlag(row), row.unit && typeof value === 'number' ? row.unit.toTyped(value) : value as Value];
  }));
}

export interface ResumeCheck {
  /** The command, for the note on settings that changed but may (`bench`). */
  who: string;
  /** Where the results are, as the user named it (`--out DIR`). */
  place: string;
  resume: boolean;
  /** Whether the place holds anything of an earlier run (see holdsAny). */
  holds: boolean;
  /** The settings the place's run was started with; undefined when it holds no record of them. */
  saved: Settings | undefined;
  now: Settings;
  /** How to start afresh instead, e.g. `choose another --out, or delete DIR`. */
  afresh: string;
}

/**
 * Whether any of the files a command writes is there and not empty. Only its own: a folder may hold the
 * experiment file that asks for the run (reproduce writes it there), which is no earlier run.
 */
export function holdsAny(paths: readonly string[]): boolean {
  return paths.some((p) => existsSync(p) && statSync(p).size > 0);
}

/** The settings that differ, each `NAME was OLD, now NEW`; `keep` chooses which names count. */
function differences(saved: Settings, now: Settings, keep: (name: string) => boolean): string[] {
  const names = [...new Set([...Object.keys(saved), ...Object.keys(now)])].filter(keep);
  const shown = (settings: Settings, name: string) => (name in settings ? String(settings[name]) : '(not recorded)');
  return names.filter((n) => shown(saved, n) !== shown(now, n)).map((n) => `${n} was ${shown(saved, n)}, now ${shown(now, n)}`);
}

/**
 * Throws a UsageError (exit 2) unless the run may go on in its place: a place that holds an earlier run
 * needs --resume, and --resume needs every setting of the earlier run but those of MAY_DIFFER unchanged.
 * An empty or missing place starts afresh, with or without --resume.
 */
export function checkResume(check: ResumeCheck): void {
  const { place, saved, now } = check;
  if (!check.holds) return;
  if (!check.resume) throw new UsageError(`${place} already holds an earlier run; pass --resume to carry it on, or choose another --out`);
  if (!saved) throw new UsageError(`${place} holds no record of the settings it was made with, so it cannot be carried on; to start afresh, ${check.afresh}`);
  const changed = differences(saved, now, (n) => !(n in MAY_DIFFER));
  if (changed.length) throw new UsageError(`${place} was made with other settings: ${changed.join('; ')}. Give those to carry it on; to start afresh, ${check.afresh}`);
  const free = differences(saved, now, (n) => n in MAY_DIFFER);
  if (free.length) process.stderr.write(`${check.who}: carrying on with ${free.join('; ')}\n`);
}
