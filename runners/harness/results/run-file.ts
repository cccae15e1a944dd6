// run.json, the record of how a bench run (or a merge of shards) went, and the settings part of plan.json: one
// typed form, written and read here. The settings' fields come from the settings table, in their typed unit
// (a time limit in seconds); everything in memory holds them in the table's units (ms).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longFlag, SETTINGS, settingRows, type Setting, type SettingName, type ValueOf } from '../../settings/table.ts';
import type { Settings } from './resume.ts';
import { readRunInfo, TIMEOUT_FIELD, type RunInfo } from '../../../reports/run-info.ts';

/** A plan's values by setting name, in the table's units (times in ms). */
export type SettingValues = Readonly<Record<string, unknown>>;

type Row<N extends SettingName> = (typeof SETTINGS)[N];
type FieldOf<N extends SettingName, Where extends 'plan' | 'run'> = Row<N> extends { record: { [W in Where]: infer F extends string } } ? F : never;
type OnlyWhenSet<N extends SettingName> = Row<N> extends { record: { onlyWhenSet: true } } ? true : false;

/** The settings' fields of plan.json or run.json, from the table (each in its typed unit; one recorded only when set is optional). */
type SettingFields<Where extends 'plan' | 'run'> = { [N in SettingName as OnlyWhenSet<N> extends true ? never : FieldOf<N, Where>]: ValueOf<N> }
  & { [N in SettingName as OnlyWhenSet<N> extends true ? FieldOf<N, Where> : never]?: ValueOf<N> };

/** plan.json's settings: `timeoutSeconds`, `unique`, ... as the table names them. */
export type PlanSettingFields = SettingFields<'plan'>;

/** One back-end of the run as run.json lists it. */
export interface RunFileBackend {
  id: string;
  label: string;
  params: Record<string, string>;
  presolve?: string;
  /** Each engine and version its runs reported. */
  versions?: string[];
}

/** run.json: what reports/ reads of it (RunInfo), the settings' fields (from the table: `timeoutSeconds`, `unique`, ...; absent in one made before a setting existed) and these. */
export interface RunFile extends RunInfo, Partial<SettingFields<'run'>> {
  invocation?: Record<string, unknown>;
  backends?: RunFileBackend[];
  /** Worker limits: `memoryMbPerWorker` (the --memory setting) and `killGraceMs`. */
  limits?: { memoryMbPerWorker: number; killGraceMs: number };
  plan?: { fingerprint: string; tasks: number };
  shard?: { index: number; count: number; tasks: number };
  resumes?: unknown[];
  /** True for the run.json of `merge` (or `bench --slurm --wait`). */
  merged?: boolean;
  /** The settings' fields, and any a later version added. */
  [field: string]: unknown;
}

const typedValue = (row: Setting<unknown>, value: unknown) => (row.unit && typeof value === 'number' ? row.unit.toTyped(value) : value);

/** The fields of a record that hold settings, each in its typed unit; `where` picks plan.json's or run.json's. */
function settingFields(values: SettingValues, where: 'plan' | 'run'): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, row] of settingRows()) {
    const field = row.record?.[where];
    const value = values[name];
    if (field === undefined || value === undefined) continue;
    if (row.record!.onlyWhenSet && !value) continue;
    fields[field] = typedValue(row, value);
  }
  return fields;
}

/** plan.json's settings: those that decide a run's answers (its fingerprint; shards and a --resume agree on them). */
export const planSettingFields = (values: SettingValues) => settingFields(values, 'plan') as PlanSettingFields;

/** run.json's settings, in the table's order (the baseline, the answers' settings, jobs). */
export const runSettingFields = (values: SettingValues) => settingFields(values, 'run');

/** run.json's settings as a plan.json gives them (a merge's run.json, which has no run of its own). */
export function runFieldsOfPlan(plan: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [, row] of settingRows()) {
    const { plan: from, run: to } = row.record ?? {};
    if (from !== undefined && to !== undefined && plan[from] !== undefined) fields[to] = plan[from];
  }
  return fields;
}

/** The answers' settings of a plan.json as --resume compares them, by their flags, in the typed unit. */
export function planSettingsByFlag(plan: Readonly<Record<string, unknown>>): Settings {
  const settings: Settings = {};
  for (const [, row] of settingRows()) {
    const field = row.record?.plan;
    if (field === undefined) continue;
    // A field the plan does not hold (certify unset, a setting added since) is the default it ran with.
    settings[longFlag(row)] = (field in plan ? plan[field] : typedValue(row, row.default) ?? null) as Settings[string];
  }
  return settings;
}

/** The names of plan.json's settings fields, which every shard of a run must agree on. */
export const planSettingFieldNames = (): string[] => settingRows().flatMap(([, row]) => (row.record?.plan !== undefined ? [row.record.plan] : []));

export function writeRunFile(dir: string, run: RunFile): void {
  writeFileSync(join(dir, 'run.json'), JSON.stringify(run, null, 2) + '\n');
}

/** The run.json of a results directory, or null when there is none (or, when `lenient`, one that is not JSON). */
export const readRunFile = (dir: string, { lenient = false } = {}): RunFile | null => readRunInfo(dir, { missing: 'null', lenient }) as RunFile | null;

// reports/ reads the time limit from the field the table writes it to: the two names are one, or this fails to compile.
const timeoutField: typeof TIMEOUT_FIELD = SETTINGS.timeout.record.run;

/** A run's time limit in ms, from its run.json; undefined when it does not say. */
export function runTimeoutMs(run: RunFile | null): number | undefined {
  const typed = run?.[timeoutField];
  return typeof typed === 'number' ? SETTINGS.timeout.unit.fromTyped(typed) : undefined;
}
