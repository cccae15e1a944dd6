// run.json, as the report, the comparison and the results page read it: one typed form and one reader. bench and
// merge write it (runners/harness/results/run-file.ts, whose record extends this one with every field of the settings
// table); a time limit is stored in seconds, its typed unit, and read here into ms once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../encodings/errors.ts';

/** One back-end of a run as run.json lists it. */
export interface RunInfoBackend {
  id: string;
  label: string;
  params?: Record<string, string>;
  presolve?: string;
  /** Each engine and version its runs reported. */
  versions?: string[];
}

/** run.json: what this layer reads of it; any other field is kept as it is. */
export interface RunInfo {
  /** The machine and software that ran it; a merge lists every machine in `machines`. */
  machine?: unknown;
  machines?: { description: string; hosts?: string[] }[];
  software?: unknown;
  loadAverage?: unknown;
  gitCommit?: string | null;
  datasets?: { name: string; path?: string; instances: number; skipped?: unknown[] }[];
  backends?: RunInfoBackend[];
  started?: string | null;
  ended?: string | null;
  interrupted?: boolean;
  /** The settings' fields this layer reads (the settings table names them). */
  baseline?: string;
  timeoutSeconds?: number;
  unique?: boolean;
  repeat?: number;
  jobs?: number;
  [field: string]: unknown;
}

/** The run.json field of the time limit, in seconds (the settings table's record field for --timeout). */
export const TIMEOUT_FIELD = 'timeoutSeconds';

/**
 * The run.json of a results directory. `missing`: what a directory without one (or, with `lenient`, with one that
 * is not JSON) gives: null, or a UsageError saying what is missing.
 */
export function readRunInfo(dir: string, options: { missing: 'null' | 'error'; lenient?: boolean }): RunInfo | null {
  const path = join(dir, 'run.json');
  if (!existsSync(path)) {
    if (options.missing === 'null') return null;
    throw new UsageError(`${dir}: no run.json here (a results directory is written by \`slitherbench bench --out DIR\`)`);
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as RunInfo;
  } catch (error) {
    if (options.lenient) return null;
    throw error;
  }
}

/** A run's time limit in ms, from its run.json; undefined when it does not say. */
export function runTimeoutMs(run: RunInfo | null): number | undefined {
  const seconds = run?.[TIMEOUT_FIELD];
  return typeof seconds === 'number' ? seconds * 1000 : undefined;
}
