// Experiment files (YAML or JSON): which datasets, which back-ends with which options, and the limits.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { UsageError } from '../../encodings/errors.ts';
import { parseGridSize } from '../../encodings/grid.ts';

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

export const experimentSchema = z.object({
  name: z.string().optional(),
  datasets: z.array(datasetEntry).min(1),
  backends: z.array(backendEntry).min(1),
  timeout: z.number().positive().optional().describe('seconds per run'),
  unique: z.boolean().optional(),
  repeat: z.number().int().positive().optional(),
  jobs: z.number().int().positive().optional(),
  seed: z.number().int().optional(),
  out: z.string().optional(),
  memoryMb: z.number().int().positive().optional(),
}).strict();

export type Experiment = z.infer<typeof experimentSchema>;

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
