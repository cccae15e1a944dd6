// Experiment files (YAML or JSON): which datasets, which back-ends with which options, and the limits; and
// the plan a command runs, resolved from its flags, such a file and the defaults.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { UsageError } from '../../../encodings/errors.ts';
import { parseGridSize } from '../../../encodings/grid.ts';
import type { Backend } from '../../../encodings/backend.ts';
import { backendLabel, checkParams, parseBackendList, parseBackendSpec, requireAvailable, resolveBackendSpec, splitAvailable, type BackendChoice } from '../../../encodings/backend-spec.ts';
import { listBackends } from '../../../encodings/registry.ts';
import { loadDataset, parseSizes, type Dataset } from '../../../datasets/load.ts';
import { DEFAULT_BACKENDS } from './default-backends.ts';
import { loadPresolver } from '../solving/presolver.ts';
import { certifiesUnasked } from '../solving/certificate.ts';
import { CERTIFY_WHERE_CHEAP, PLAN_DEFAULTS, SETTINGS, settingRows, type CertifyMode, type FileSettingName, type FileSettings, type PlanFlags, type SettingName, type ValueKind, type ValueOf } from '../../settings/table.ts';

const isGridSize = (text: string) => {
  try {
    parseGridSize(text);
    return true;
  } catch {
    return false;
  }
};

const datasetEntry = z.union([
  z.string().min(1),
  z.object({
    path: z.string().min(1).describe('built-in name, file or directory'),
    sizes: z.array(z.string().refine(isGridSize, 'a size is RxC (rows x columns), e.g. 10x10')).optional(),
    limit: z.number().int().positive().optional(),
    sample: z.number().int().positive().optional(),
    seed: z.number().int().optional(),
  }).strict(),
]);

const backendEntry = z.union([
  z.string().min(1),
  z.object({
    id: z.string().min(1),
    label: z.string().min(1).optional(),
    options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    presolve: z.string().min(1).optional(),
  }).strict(),
]);

const kindSchema: Record<ValueKind, z.ZodTypeAny> = {
  text: z.string(),
  switch: z.boolean(),
  'whole number': z.number().int(),
  'positive whole number': z.number().int().positive(),
  'positive number': z.number().positive(),
};

/** The file's keys for the plan's values, from the settings table (each in its typed unit, e.g. seconds). */
function settingKeys(): Record<string, z.ZodTypeAny> {
  const keys: Record<string, z.ZodTypeAny> = {};
  for (const [, row] of settingRows()) {
    if (row.file === undefined) continue;
    const value = kindSchema[row.kind ?? 'text'];
    keys[row.file] = (row.unit ? value.describe(`${row.unit.typed} per run`) : value).optional();
  }
  return keys;
}

/** An experiment file: its name, datasets and back-ends (lists, read here), and a key for each value of the plan in the table. */
export const experimentSchema = z.object({
  name: z.string().optional(),
  datasets: z.array(datasetEntry).min(1),
  backends: z.array(backendEntry).min(1),
  ...settingKeys(),
}).strict() as unknown as z.ZodType<Experiment>;

/** The plan's values in an experiment file, by setting name, in the table's units (times in ms). */
type FileValues = { [N in FileSettingName]?: ValueOf<N> };

export type Experiment = { name?: string; datasets: z.infer<typeof datasetEntry>[]; backends: z.infer<typeof backendEntry>[] } & FileSettings;

export function readExperiment(path: string): Experiment {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let value: unknown;
  try {
    value = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new UsageError(`${path}: not valid ${/\.json$/i.test(path) ? 'JSON' : 'YAML'} (${(error as Error).message.split('\n')[0]})`);
  }
  const parsed = experimentSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${path}: ${issue.path.join('.') || 'top level'}: ${issue.message}`);
  }
  return parsed.data;
}

// One plan resolution for bench, fuzz and reproduce: an explicit flag beats the experiment file, which beats
// the default, for every setting. The command line passes only the flags the user typed (commander's
// option-value source tells them apart from defaults); the defaults are the settings table's.

export { PLAN_DEFAULTS };

/** One back-end of a plan: its registry ID, its name in results, its options and its presolver. */
export interface BackendSpec {
  /** The back-end ID in the registry. */
  id: string;
  /** The name in results (defaults to the ID, with options appended). */
  label: string;
  params: Record<string, string>;
  presolve?: string;
  /** Its proof costs little beside its answer (`Backend.certifiesByDefault`, no presolve): with uniqueness it certifies by default. */
  certifiesByDefault?: true;
}

export type { PlanFlags };

type HasDefault<N extends SettingName> = (typeof SETTINGS)[N] extends { default: unknown } ? true : false;

/**
 * The values of a plan, by setting name, in the table's units (times in ms): each typed, else the file's, else
 * the default. `unique` is true with `certify`; `certify` is the mode resolved (CertifyMode). Unset where neither
 * a flag, the file nor a default says: the command chooses (jobs: cores - 1; out: results/<name>-<time>;
 * baseline: chooseBaseline's).
 */
export type PlanValues = Omit<{ [N in FileSettingName as HasDefault<N> extends true ? N : never]: ValueOf<N> }, 'certify'>
  & { [N in FileSettingName as HasDefault<N> extends true ? never : N]?: ValueOf<N> }
  & { certify: CertifyMode };

/** A plan ready to run: datasets loaded and filtered, back-ends checked and able to run here. */
export interface ResolvedPlan {
  name?: string;
  datasets: Dataset[];
  backends: BackendSpec[];
  settings: PlanValues;
  /** Default back-ends left out because they cannot run here, with why. */
  skipped: string[];
}

/** Every value of the plan that the table gives an experiment-file key: typed, else the file's, else the default. */
function planValues(flags: PlanFlags, experiment: Experiment | undefined): PlanValues {
  const values: Record<string, unknown> = {};
  for (const [name, row] of settingRows()) {
    if (row.file === undefined) continue;
    const inFile = (experiment as Record<string, unknown> | undefined)?.[row.file];
    const value = flags[name] ?? (inFile !== undefined && row.unit ? row.unit.fromTyped(inFile as number) : inFile) ?? row.default;
    if (value !== undefined) values[name] = value;
  }
  // Typed, else the file's; neither: with uniqueness, the back-ends whose proof costs little (resolvePlan narrows it).
  const chosen = flags.certify ?? experiment?.certify;
  values.unique = Boolean(values.unique || chosen);
  values.certify = chosen ?? (values.unique ? CERTIFY_WHERE_CHEAP : false);
  return values as PlanValues;
}

/** Resolves a plan from the flags the user typed and an experiment file (read with readExperiment), if any. */
export async function resolvePlan(flags: PlanFlags, file?: { path: string; experiment: Experiment }): Promise<ResolvedPlan> {
  const experiment = file?.experiment;
  const settings = planValues(flags, experiment);
  const { seed } = settings;
  const datasets = flags.dataset !== undefined || !experiment
    ? [loadDataset(flags.dataset ?? PLAN_DEFAULTS.dataset, { sizes: flags.sizes, limit: flags.limit, sample: flags.sample, seed })]
    : experiment.datasets.map((d) => {
      const entry = typeof d === 'string' ? { path: d } : d;
      const sizes = flags.sizes ?? (entry.sizes ? parseSizes(entry.sizes.join(',')) : undefined);
      return loadDataset(entry.path, { sizes, limit: flags.limit ?? entry.limit, sample: flags.sample ?? entry.sample, seed: flags.seed ?? entry.seed ?? seed });
    });
  const wanted = flags.backends
    ? flags.backends.map((choice) => ({ choice, where: '--backends' }))
    : experiment
      ? experimentBackends(experiment, file!.path)
      : undefined;
  // --sat-engine is the back-end option `engine`, over an --option engine=.
  const options = { ...flags.option, ...(flags.satEngine ? { engine: flags.satEngine } : {}) };
  const shared: SharedChoices = { ...(flags.presolve !== undefined ? { presolve: flags.presolve } : {}), ...(Object.keys(options).length ? { options } : {}) };
  const { backends, skipped } = wanted ? { backends: await checkedVariants(wanted, shared), skipped: [] } : await defaultVariants(shared);
  // A plan none of whose back-ends certifies by default certifies nothing, and records so (as it did before the default).
  if (settings.certify === CERTIFY_WHERE_CHEAP && !backends.some((b) => b.certifiesByDefault)) settings.certify = false;
  return {
    ...(experiment?.name !== undefined ? { name: experiment.name } : {}),
    datasets,
    backends,
    settings,
    skipped,
  };
}

/** What a typed flag sets for every back-end of a plan: a presolver in front of each, and options for each that declares them. */
interface SharedChoices {
  presolve?: string;
  options?: Readonly<Record<string, string>>;
}

interface WantedBackend {
  choice: BackendChoice;
  where: string;
  label?: string;
  presolve?: string;
}

/** The file's back-end entries: a spec string (`cdcl-loop:core=typescript`, or several split by commas) or an object. */
function experimentBackends(experiment: Experiment, path: string): WantedBackend[] {
  return experiment.backends.flatMap((entry, k) => {
    const where = `${path}: backends.${k}`;
    if (typeof entry === 'string') return parseBackendList(entry, where).map((choice) => ({ choice, where }));
    const choice = parseBackendSpec(entry.id, where);
    const own = Object.fromEntries(Object.entries(entry.options ?? {}).map(([key, value]) => [key, String(value)]));
    for (const key of Object.keys(own)) if (Object.hasOwn(choice.params, key)) throw new UsageError(`${where}: option '${key}' is given both in the id and in options`);
    return [{ choice: { id: choice.id, params: { ...choice.params, ...own } }, where, ...(entry.label ? { label: entry.label } : {}), ...(entry.presolve ? { presolve: entry.presolve } : {}) }];
  });
}

/** Each wanted back-end checked (known, options declared, able to run here), with the shared options and presolver. */
async function checkedVariants(wanted: readonly WantedBackend[], flags: SharedChoices): Promise<BackendSpec[]> {
  const specs: BackendSpec[] = [];
  const declared = new Set<string>();
  for (const w of wanted) {
    const { backend, params: own } = await resolveBackendSpec(w.choice, w.where);
    await requireAvailable(backend);
    for (const o of backend.options ?? []) declared.add(o.name);
    specs.push(await variant(backend, own, flags.presolve ?? w.presolve, flags.options, w));
  }
  checkSharedOptions(flags.options, declared);
  return distinctLabels(specs);
}

/** The default back-ends (DEFAULT_BACKENDS) that can run here; the others are listed with why. */
async function defaultVariants(flags: SharedChoices): Promise<{ backends: BackendSpec[]; skipped: string[] }> {
  const all = await listBackends();
  const { usable, skipped } = await splitAvailable(all.filter((b) => DEFAULT_BACKENDS.includes(b.name)));
  skipped.push(...DEFAULT_BACKENDS.filter((id) => !all.some((b) => b.name === id)).map((id) => `${id} (not part of this build)`));
  const backends: BackendSpec[] = [];
  const declared = new Set<string>();
  for (const id of DEFAULT_BACKENDS) {
    const backend = usable.find((b) => b.name === id);
    if (!backend) continue;
    for (const o of backend.options ?? []) declared.add(o.name);
    backends.push(await variant(backend, {}, flags.presolve, flags.options));
  }
  if (backends.length === 0) throw new UsageError(`no default back-end can run here: ${skipped.join('; ')}`);
  checkSharedOptions(flags.options, declared);
  return { backends, skipped };
}

/**
 * One back-end of the plan: its own options in its label, the shared ones (typed flags) over them where it
 * declares them. A label from the file names what the file asked for; when a typed flag changes that entry's
 * own options or presolver, the label is made from what runs instead, so that results never carry a wrong name.
 */
async function variant(backend: Backend, own: Record<string, string>, presolve: string | undefined, shared: Readonly<Record<string, string>> = {}, named?: { label?: string; presolve?: string }): Promise<BackendSpec> {
  if (presolve) await loadPresolver(presolve);
  const names = new Set(backend.options?.map((o) => o.name) ?? []);
  const typed = Object.fromEntries(Object.entries(shared).filter(([k]) => names.has(k)));
  const params = { ...own, ...typed };
  checkParams(backend, params, '--option');
  const ownNow = Object.fromEntries(Object.keys(own).map((k) => [k, params[k]]));
  const changed = presolve !== named?.presolve || Object.keys(own).some((k) => ownNow[k] !== own[k]);
  const label = named?.label !== undefined && !changed ? named.label : backendLabel(backend.name, ownNow, presolve);
  return { id: backend.name, label, params, ...(presolve ? { presolve } : {}), ...(certifiesUnasked(backend, params, presolve) ? { certifiesByDefault: true as const } : {}) };
}

/** A shared option no back-end of the plan declares would change nothing: an error, not silence. */
function checkSharedOptions(shared: Readonly<Record<string, string>> | undefined, declared: ReadonlySet<string>): void {
  for (const [key, value] of Object.entries(shared ?? {})) {
    if (!declared.has(key)) throw new UsageError(`--option ${key}=${value}: no back-end of this run has an option '${key}'`);
  }
}

function distinctLabels(specs: BackendSpec[]): BackendSpec[] {
  const seen = new Set<string>();
  for (const s of specs) {
    if (seen.has(s.label)) throw new UsageError(`back-end '${s.label}' is listed twice; give each a distinct label in the experiment file, or different options`);
    seen.add(s.label);
  }
  return specs;
}

/** Every back-end named by a spec list, checked and able to run here (fuzz's --backends; bench's goes through resolvePlan). */
export async function resolveVariants(choices: readonly BackendChoice[], options: { presolve?: string; where?: string } = {}): Promise<BackendSpec[]> {
  return checkedVariants(choices.map((choice) => ({ choice, where: options.where ?? '--backends' })), { presolve: options.presolve });
}

/** The default back-ends that can run here, with the presolver in front of each (fuzz's default). */
export async function resolveDefaultVariants(presolve?: string): Promise<{ backends: BackendSpec[]; skipped: string[] }> {
  return defaultVariants({ presolve });
}
