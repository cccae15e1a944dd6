// A complete depth-first search over the rules of Liu, Wu and Sun, and the two entry points: a solve
// (deduction at rising levels, then search) and the deduction level of a puzzle (for the generator).
// Kept beside rules/wasm/core.ts, its step-for-step mirror: rules=basic runs only here, datasets/build.ts and the
// generator's oracle grade with deduceWithLevel, and test/encodings/backends/rules/wasm/binding.test.ts holds the core to it.
import type { Puzzle } from '../../grid.ts';
import { Propagator } from './propagation.ts';
import { PatternPropagator } from './patterns.ts';
import * as shared from './state.ts';
import { Timeout, type RulesStats } from './state.ts';

// Module-local copies of the shared names (see state.ts).
const { UNKNOWN, LINE, CROSS } = shared;
import type { Level } from './levels.ts';
import { trial } from './trial.ts';

export interface RulesOptions {
  corners: boolean;
  trial: boolean;
  /** Stop searching after this many solutions (2 for uniqueness). */
  maxSolutions: number;
  deadline: number;
}

export interface RulesOutcome {
  status: 'solved' | 'unsat' | 'timeout';
  solutions: Uint8Array[];
  /** The weakest level that decided the puzzle (search when guessing was needed). */
  level: Level | null;
  /** Edges decided before any guess. */
  decidedWithoutSearch: number;
  stats: RulesStats;
}

/** Whether every edge is decided and the lines form one loop satisfying every clue. */
export function isSolved(s: Propagator): boolean {
  if (s.lines === 0) return false;
  const state = s.state;
  for (let e = 0; e < s.edgeCount; e++) if (state[e] === UNKNOWN) return false;
  for (let v = 0; v < s.vertexCount; v++) if (s.degree[v] !== 0 && s.degree[v] !== 2) return false;
  for (const cell of s.cluedCells) {
    let n = 0;
    for (let i = 0; i < 4; i++) if (state[s.cellEdges[cell * 4 + i]] === LINE) n++;
    if (n !== s.clues[cell]) return false;
  }
  // The loop rule lets a loop close only when it holds every line, so the lines are one loop if closed.
  let start = -1;
  for (let e = 0; e < s.edgeCount && start < 0; e++) if (state[e] === LINE) start = e;
  let at = s.edgeEnds[start * 2 + 1];
  let previous = start;
  let walked = 1;
  while (at !== s.edgeEnds[start * 2]) {
    let next = -1;
    for (let slot = 0; slot < 4; slot++) {
      const f = s.vertexEdges[at * 4 + slot];
      if (f >= 0 && f !== previous && state[f] === LINE) next = f;
    }
    if (next < 0) return false;
    at = s.edgeEnds[next * 2] === at ? s.edgeEnds[next * 2 + 1] : s.edgeEnds[next * 2];
    previous = next;
    walked++;
  }
  return walked === s.lines;
}

/** The unknown edge to branch on: at a segment end with the fewest open edges, else beside a clue. */
function chooseEdge(s: Propagator): number {
  const state = s.state;
  let best = -1;
  let bestScore = Infinity;
  for (let v = 0; v < s.vertexCount; v++) {
    if (s.degree[v] !== 1) continue;
    let open = 0;
    let candidate = -1;
    for (let slot = 0; slot < 4; slot++) {
      const f = s.vertexEdges[v * 4 + slot];
      if (f >= 0 && state[f] === UNKNOWN) {
        open++;
        candidate = f;
      }
    }
    if (candidate >= 0 && open < bestScore) {
      bestScore = open;
      best = candidate;
      if (open <= 2) break;
    }
  }
  if (best >= 0) return best;
  for (const cell of s.cluedCells) {
    for (let i = 0; i < 4; i++) {
      const e = s.cellEdges[cell * 4 + i];
      if (state[e] === UNKNOWN) return e;
    }
  }
  for (let e = 0; e < s.edgeCount; e++) if (state[e] === UNKNOWN) return e;
  return -1;
}

/** Depth-first search to `maxSolutions` solutions, each found pushed to `solutions`; Timeout at the deadline. */
export function search(s: Propagator, solutions: Uint8Array[], maxSolutions: number, deadline: number, depth = 0): void {
  const stats = s.stats;
  stats.nodes++;
  if (depth > stats.maxDepth) stats.maxDepth = depth;
  if ((stats.nodes & 255) === 0 && performance.now() > deadline) throw new Timeout();
  const e = chooseEdge(s);
  if (e < 0) {
    if (isSolved(s)) solutions.push(s.solution());
    return;
  }
  for (const value of [LINE, CROSS]) {
    const mark = s.trail.length;
    if (s.assume(e, value)) search(s, solutions, maxSolutions, deadline, depth + 1);
    s.undo(mark);
    if (solutions.length >= maxSolutions) return;
  }
}

/** Solves with deduction first, then search; finds up to `maxSolutions` solutions. */
export function solveWithRules(puzzle: Puzzle, options: RulesOptions): RulesOutcome {
  // Without corners, the basic level is the paper's P_old: with the section II.A patterns (patterns.ts).
  const solver = options.corners ? new Propagator(puzzle) : new PatternPropagator(puzzle);
  const solutions: Uint8Array[] = [];
  let decidedWithoutSearch = 0;
  const outcome = (status: RulesOutcome['status'], level: Level | null): RulesOutcome => ({ status, solutions, level, decidedWithoutSearch, stats: solver.stats });
  try {
    for (const f of puzzle.fixedEdges ?? []) if (!solver.assume(f.edge, f.on ? LINE : CROSS)) return outcome('unsat', null);
    const stages: [Level, () => boolean][] = [['basic', () => solver.deduce(false)]];
    if (options.corners) stages.push(['corners', () => solver.deduce(true)]);
    if (options.trial) stages.push(['trial', () => trial(solver, options.deadline)]);
    for (const [level, run] of stages) {
      if (!run()) return outcome('unsat', level);
      decidedWithoutSearch = solver.edgeCount - solver.unknownCount;
      if (solver.unknownCount === 0) {
        if (!isSolved(solver)) return outcome('unsat', level);
        solutions.push(solver.solution());
        return outcome('solved', level);
      }
    }
    solver.commit();
    search(solver, solutions, options.maxSolutions, options.deadline);
    return outcome(solutions.length > 0 ? 'solved' : 'unsat', 'search');
  } catch (error) {
    if (error instanceof Timeout) return outcome(solutions.length > 0 ? 'solved' : 'timeout', null);
    throw error;
  }
}

/**
 * The weakest deduction level (basic, then corners) that decides every edge into one valid loop, or null
 * when deduction alone does not (or finds a contradiction). Deciding every edge without a guess proves the
 * solution unique, so this is a fast uniqueness test for puzzles meant to be solved by reasoning.
 */
export function deductionLevel(puzzle: Puzzle, upTo: 'basic' | 'corners'): 'basic' | 'corners' | null {
  return deduceWithLevel(puzzle, upTo).level;
}

/** deductionLevel, with the edges deduction left undecided when it did not decide every edge (for the generator's blame). */
export function deduceWithLevel(puzzle: Puzzle, upTo: 'basic' | 'corners'): { level: 'basic' | 'corners' | null; undecided: number[] } {
  const solver = new Propagator(puzzle);
  const undecided = () => {
    const out: number[] = [];
    for (let e = 0; e < solver.edgeCount; e++) if (solver.state[e] === UNKNOWN) out.push(e);
    return out;
  };
  if (!solver.deduce(false)) return { level: null, undecided: [] };
  if (solver.unknownCount === 0) return { level: isSolved(solver) ? 'basic' : null, undecided: [] };
  if (upTo === 'basic' || !solver.deduce(true)) return { level: null, undecided: undecided() };
  return solver.unknownCount === 0 && isSolved(solver) ? { level: 'corners', undecided: [] } : { level: null, undecided: undecided() };
}

export interface PresolveOutcome {
  contradiction: boolean;
  /** null when trial was off or not reached; false when it stopped at the deadline (what it decided stands). */
  trialFinished: boolean | null;
  /** Edge states after deduction (UNKNOWN, LINE, CROSS), one per edge. */
  state: Uint8Array;
}

/** What deduction decides without search: the fixed edges, the basic rules, the corners, then trial. */
export function presolveWithRules(puzzle: Puzzle, options: { corners: boolean; trial: boolean; deadline: number }): PresolveOutcome {
  const solver = options.corners ? new Propagator(puzzle) : new PatternPropagator(puzzle);
  let ok = true;
  let trialFinished: boolean | null = null;
  for (const f of puzzle.fixedEdges ?? []) ok &&= solver.assume(f.edge, f.on ? LINE : CROSS);
  ok &&= solver.deduce(false);
  if (options.corners) ok &&= solver.deduce(true);
  if (ok && options.trial) {
    try {
      ok = trial(solver, options.deadline);
      trialFinished = true;
    } catch (error) {
      if (!(error instanceof Timeout)) throw error;
      trialFinished = false;
    }
  }
  return { contradiction: !ok, trialFinished, state: solver.state.slice() };
}
