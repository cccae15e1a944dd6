// The generator's uniqueness oracle, made from a back-end through the verified solve pipeline.
import type { Backend, Params } from '../../../encodings/backend.ts';
import type { Puzzle } from '../../../encodings/grid.ts';
import { listBackends } from '../../../encodings/registry.ts';
import type { OracleAnswer, UniquenessOracle } from '../../../datasets/generator.ts';
import { solveWithBackend } from './pipeline.ts';
import { type RunResult } from './run-result.ts';
import { LEVELS, type Level } from '../../../encodings/backends/rules/levels.ts';
import { deduceWithLevel } from '../../../encodings/backends/rules/search.ts';
import { presolveWithRulesCore } from '../../../encodings/backends/rules/wasm/binding.ts';
import { solutionFromEdges } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';

/**
 * The searcher behind the default oracle, in order of preference: auto (deduction, then cdcl-loop) is the
 * fastest exact search here; never an engine with a fixed heap (sat-lazy's logic-solver ran out of its 64 MB
 * on a 100x100).
 */
export const ORACLE_PREFERENCE = ['auto', 'cdcl-loop', 'cpsat-circuit'];

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
  /** Checks deduction settled without the searcher. */
  deduced?: number;
}

/** Edges where two loops differ: where a second solution shows the puzzle is not unique. */
function differingEdges(result: RunResult): number[] | undefined {
  if (!result.solution || !result.secondSolution) return undefined;
  const out: number[] = [];
  const a = result.solution.on;
  const b = result.secondSolution.on;
  for (let e = 0; e < a.length; e++) if (a[e] !== b[e]) out.push(e);
  return out;
}

/**
 * Deduction on another grid than the square one, in the rules' wasm core, up to `maxLevel` (basic: vertex and
 * clue counting; corners: with the corner rules, which hold on any grid there): every edge decided, and the loop
 * they make verified, proves the puzzle unique, graded basic when counting alone decides it.
 */
function deduceOnAnyGrid(puzzle: Puzzle, timeoutMs: number, maxLevel: Level | undefined): { level?: Level; undecided: number[] } {
  const deduce = (corners: boolean) => presolveWithRulesCore(puzzle, { corners, trial: false, deadline: performance.now() + timeoutMs });
  const pre = deduce(maxLevel !== 'basic');
  if (pre.contradiction) return { undecided: [] };
  const undecided: number[] = [];
  const on: number[] = [];
  pre.state.forEach((s, e) => (s === 0 ? undecided.push(e) : s === 1 && on.push(e)));
  if (undecided.length > 0) return { undecided };
  if (!verify(puzzle, solutionFromEdges(puzzle, on)).valid) return { undecided: [] };
  // Graded only once decided: most calls leave edges open, and counting alone costs a second pass.
  return { level: maxLevel === 'basic' || deduce(false).state.every((s) => s !== 0) ? 'basic' : 'corners', undecided };
}

/**
 * An exact oracle. Deduction (the liu-wu-sun rules up to corners) decides first: deciding every edge proves
 * the puzzle unique and grades it, in milliseconds even at 200x200. What it leaves, the back-end settles (in
 * this process, through the verifier), unless a maxLevel of basic or corners makes deduction's answer final.
 * A check that times out counts as "not unique" (the clue is kept), which keeps every output puzzle unique
 * but can make the output depend on machine speed; the count is reported.
 * With `deduction: false`, the back-end alone answers (an explicit `--backend`), and grades if it can.
 */
export async function backendOracle(backend: Backend, timeoutMs: number, counters: OracleCounters, options: { deduction?: boolean; params?: Params } = {}): Promise<UniquenessOracle> {
  await backend.prepare?.();
  const deduction = options.deduction ?? true;
  return async (puzzle: Puzzle, maxLevel?: Level): Promise<OracleAnswer> => {
    counters.calls++;
    if (deduction || maxLevel === 'basic' || maxLevel === 'corners') {
      const deduced = puzzle.tiling ? deduceOnAnyGrid(puzzle, timeoutMs, maxLevel) : deduceWithLevel(puzzle, maxLevel === 'basic' ? 'basic' : 'corners');
      if (deduced.level) {
        counters.deduced = (counters.deduced ?? 0) + 1;
        return { unique: true, level: deduced.level };
      }
      // Deduction alone decides these: no search needed.
      if (maxLevel === 'basic' || maxLevel === 'corners') return { unique: false, where: deduced.undecided };
    }
    if (maxLevel === 'trial') {
      // Deduction and trial (in the rules' wasm core): every edge decided proves the loop unique.
      const pre = presolveWithRulesCore(puzzle, { corners: true, trial: true, deadline: performance.now() + timeoutMs });
      if (pre.trialFinished === false) counters.timeouts++;
      if (pre.contradiction) return { unique: false, where: [] };
      const undecided: number[] = [];
      const on: number[] = [];
      pre.state.forEach((s, e) => (s === 0 ? undecided.push(e) : s === 1 && on.push(e)));
      if (undecided.length > 0) return { unique: false, where: undecided };
      return verify(puzzle, solutionFromEdges(puzzle, on)).valid ? { unique: true, level: 'trial' } : { unique: false, where: [] };
    }
    const result = await solveWithBackend(backend, puzzle, { timeoutMs, unique: true, seed: 1, params: options.params ?? {} });
    if (result.status === 'solved') {
      const reported = typeof result.stats.level === 'string' && (LEVELS as readonly string[]).includes(result.stats.level) ? (result.stats.level as Level) : undefined;
      // After deduction failed, whatever settled it searched: the level is beyond corners.
      const level = deduction ? (reported === 'trial' ? 'trial' : 'search') : reported;
      return result.unique === true ? { unique: true, level } : { unique: false, where: differingEdges(result) };
    }
    if (result.status === 'timeout') {
      counters.timeouts++;
      return { unique: false };
    }
    throw new Error(`uniqueness check by ${backend.name} failed: ${result.status}${result.message ? ` (${result.message})` : ''}`);
  };
}
