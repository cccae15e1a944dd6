// The generator's uniqueness oracle, made from a back-end through the verified solve pipeline.
import type { Backend } from '../../encodings/backend.ts';
import type { Puzzle } from '../../encodings/grid.ts';
import { listBackends } from '../../encodings/registry.ts';
import type { OracleAnswer, UniquenessOracle } from '../../datasets/generator.ts';
import { solveWithBackend } from './pipeline.ts';
import { LEVELS, type Level } from '../../encodings/backends/rules/levels.ts';
import { deductionLevel } from '../../encodings/backends/rules/search.ts';

/** Oracle back-ends in order of preference: the deduction back-end also grades difficulty. */
export const ORACLE_PREFERENCE = ['rules', 'cpsat-circuit', 'sat-lazy', 'z3-lazy'];

export async function pickOracleBackend(name?: string): Promise<Backend> {
  const all = await listBackends();
  const candidates = name ? all.filter((b) => b.name === name) : ORACLE_PREFERENCE.map((n) => all.find((b) => b.name === n)).filter((b): b is Backend => !!b);
  if (name && candidates.length === 0) throw new Error(`unknown back-end '${name}'`);
  for (const backend of candidates) {
    if ((await backend.available()).available) return backend;
  }
  throw new Error(`no back-end can check uniqueness here (tried ${candidates.map((b) => b.name).join(', ') || 'none'})`);
}

export interface OracleCounters {
  calls: number;
  timeouts: number;
  /** Checks the fallback back-end settled. */
  fallbacks?: number;
}

/**
 * An exact oracle from a back-end. A check that times out counts as "not unique" (the clue is kept), which
 * keeps every output puzzle unique but can make the output depend on machine speed; the count is reported.
 * With a fallback, the first back-end gets a short budget and the fallback the full one: the rules back-end's
 * search can take minutes on the few puzzles that a SAT solver settles in a second.
 */
export async function backendOracle(backend: Backend, timeoutMs: number, counters: OracleCounters, fallback?: Backend): Promise<UniquenessOracle> {
  await backend.prepare?.();
  await fallback?.prepare?.();
  const firstBudget = fallback ? Math.min(timeoutMs, 3000) : timeoutMs;
  return async (puzzle: Puzzle, maxLevel?: Level): Promise<OracleAnswer> => {
    counters.calls++;
    if (backend.name === 'rules' && (maxLevel === 'basic' || maxLevel === 'corners')) {
      // Deduction alone decides these: no search needed, and deciding every edge proves uniqueness.
      const level = deductionLevel(puzzle, maxLevel);
      return level ? { unique: true, level } : { unique: false };
    }
    let result = await solveWithBackend(backend, puzzle, { timeoutMs: firstBudget, unique: true, seed: 1, params: {} });
    if (result.status === 'timeout' && fallback) {
      counters.fallbacks = (counters.fallbacks ?? 0) + 1;
      const second = await solveWithBackend(fallback, puzzle, { timeoutMs, unique: true, seed: 1, params: {} });
      if (second.status === 'solved') return { unique: second.unique === true, level: 'search' };
      result = second;
    }
    if (result.status === 'solved') {
      const level = typeof result.stats.level === 'string' && (LEVELS as readonly string[]).includes(result.stats.level) ? (result.stats.level as Level) : undefined;
      return { unique: result.unique === true, level };
    }
    if (result.status === 'timeout') {
      counters.timeouts++;
      return { unique: false };
    }
    throw new Error(`uniqueness check by ${backend.name} failed: ${result.status}${result.message ? ` (${result.message})` : ''}`);
  };
}
