// The plan of a bench run as data (plan.json), its fingerprint, and its split into N disjoint shards.
// Every shard of one run computes the same plan and the same split, so merge can tell which tasks are
// missing without any shard having seen the others.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../../encodings/errors.ts';
import { runKey } from '../../../reports/records.ts';
import { fingerprintOf } from '../results/run-log.ts';
import type { PlanSettingFields } from '../results/run-file.ts';

/** One run to do: instance x back-end x repeat, with the size that predicts its cost. */
export interface PlanTask {
  instance: string;
  dataset: string;
  backend: string;
  repeat: number;
  cells: number;
}

/** Everything that decides what a run measures; two runs with equal plans measure the same thing. */
export type PlanDescription = PlanSettingFields & {
  datasets: { name: string; contentHash: string; instances: [id: string, rows: number, cols: number][] }[];
  backends: { id: string; label: string; params: Record<string, string>; presolve?: string }[];
  gitCommit: string | null;
};

export interface PlanFile extends PlanDescription {
  fingerprint: string;
  /** The bench arguments that made the plan, so that merge can print the command for missing tasks. */
  argv: string[];
}

export interface ShardSpec {
  /** 1..count */
  index: number;
  count: number;
}

/** Parses `K/N` with 1 <= K <= N. */
export function parseShard(text: string): ShardSpec {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`--shard takes K/N (e.g. 2/8, shards counted from 1), got '${text}'`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) throw new UsageError(`--shard ${text}: K must be between 1 and N (N at least 1)`);
  return { index, count };
}

/** sha256 of a dataset's instances as they will be solved: ids and puzzles, in order. */
export function contentHash(instances: readonly { id: string; puzzle: string }[]): string {
  const hash = createHash('sha256');
  for (const i of instances) hash.update(`${i.id}\t${i.puzzle}\n`);
  return hash.digest('hex');
}

export function planFingerprint(plan: PlanDescription): string {
  return fingerprintOf(plan);
}

/** Instance ids are prefixed with the dataset name only when a run has several datasets. */
export const qualifiedInstance = (dataset: string, id: string, datasetCount: number) => (datasetCount > 1 ? `${dataset}/${id}` : id);

/** The whole task list of a plan, in the order a single-machine run takes it. */
export function planTasks(plan: Pick<PlanDescription, 'datasets' | 'backends' | 'repeat'>): PlanTask[] {
  const tasks: PlanTask[] = [];
  for (const backend of plan.backends) {
    for (const dataset of plan.datasets) {
      for (const [id, rows, cols] of dataset.instances) {
        for (let repeat = 1; repeat <= plan.repeat; repeat++) {
          tasks.push({ instance: qualifiedInstance(dataset.name, id, plan.datasets.length), dataset: dataset.name, backend: backend.label, repeat, cells: rows * cols });
        }
      }
    }
  }
  return tasks;
}

// A run's cost grows with its grid; the constant stands for the per-run cost that every puzzle pays.
const expectedCost = (task: PlanTask) => task.cells + 50;

/**
 * The shard (1..count) of each task: largest expected cost first, each to the shard with the least cost
 * so far (ties to the lowest shard). Deterministic, disjoint, and balanced to within one task's cost.
 */
export function assignShards(tasks: readonly PlanTask[], count: number): number[] {
  const order = tasks.map((_, i) => i).sort((a, b) => expectedCost(tasks[b]) - expectedCost(tasks[a]) || a - b);
  const load = new Array<number>(count).fill(0);
  const shard = new Array<number>(tasks.length);
  for (const i of order) {
    let best = 0;
    for (let s = 1; s < count; s++) if (load[s] < load[best]) best = s;
    load[best] += expectedCost(tasks[i]);
    shard[i] = best + 1;
  }
  return shard;
}

/** The tasks of one shard, in plan order. */
export function shardTasks(tasks: readonly PlanTask[], shard: ShardSpec): PlanTask[] {
  const assigned = assignShards(tasks, shard.count);
  return tasks.filter((_, i) => assigned[i] === shard.index);
}

export const taskKey = (t: PlanTask) => runKey(t);

export function readPlanFile(dir: string): PlanFile | null {
  const path = join(dir, 'plan.json');
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as PlanFile;
  } catch (error) {
    throw new UsageError(`${path}: not valid JSON (${(error as Error).message})`);
  }
}
