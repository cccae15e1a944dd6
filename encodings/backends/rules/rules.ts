// rules: the deduction method of Liu, Wu and Sun (liu-wu-sun) with a complete search on top; also a
// presolver that fixes the edges deduction decides before another back-end encodes the puzzle.
import { onOff, optionValue, type Backend, type PresolveResult, type SolveOptions, type SolveResult } from '../../backend.ts';
import type { Puzzle } from '../../grid.ts';
import { graphPuzzleOf } from '../../wasm/graph-tables.ts';
import { UNIQUENESS_UNDECIDED } from '../../protocol.ts';
import { OWN_CODE } from '../../project.ts';
import { presolveWithRules, solveWithRules } from './search.ts';
import { LINE, UNKNOWN } from './state.ts';
import { loadRulesCore, presolveWithRulesCore, solveWithRulesCore } from './wasm/binding.ts';
import { loopOf } from '../../solution.ts';

/** The core that runs: the wasm one has the corner rules, not the basic level's II.A patterns (patterns.ts). */
function coreFor(options: SolveOptions, corners: boolean): 'wasm' | 'typescript' {
  return corners && optionValue(backend, options, 'core') === 'wasm' ? 'wasm' : 'typescript';
}

const backend: Backend = {
  name: 'rules',
  // The wasm core deduces on any planar graph (vertex degree, clues met or saturated, loop closing, the corner
  // sets of any two edges that meet around a face, trial, search); the TypeScript reference is square-only.
  grids: 'any',
  description: 'deduction rules of Liu, Wu and Sun (basic rules + corner edge-count sets), optional trial, then depth-first search',
  options: [
    { name: 'rules', description: 'basic: vertex, clue and loop rules with the II.A patterns for 3s, 2s and 1s (the paper\'s P_old; always run by the TypeScript core); corners: with the corner sets of the paper (P_new), on other grids those of any two edges that follow each other around a face', default: 'corners', choices: ['basic', 'corners'] },
    onOff('trial', 'trial and generalisation before search (on: decides edges deduction alone leaves open, so far less search on hard puzzles)'),
    {
      name: 'core',
      description: 'wasm: the solver compiled to WebAssembly, fast from the first solve in a process; typescript: the reference, same answers and stats, slow until V8 has warmed it up',
      default: 'wasm',
      choices: ['wasm', 'typescript'],
    },
  ],
  ...OWN_CODE,
  async prepare() {
    loadRulesCore();
  },
  // One puzzle per process: wasm compiled eagerly by the baseline compiler halves the first solve (1.2 ms
  // against 3.1 ms, Loopy 10x10 hard, medians); warm workers keep V8's optimising tier (1.9x faster on janko).
  oneShotV8Flags: ['--liftoff-only', '--no-wasm-lazy-compilation'],
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = performance.now();
    const corners = optionValue(backend, options, 'rules') === 'corners';
    const trial = optionValue(backend, options, 'trial') === 'on';
    const core = puzzle.tiling ? 'wasm' : coreFor(options, corners);
    if (puzzle.tiling && optionValue(backend, options, 'core') === 'typescript') throw new Error('rules core=typescript reads the square grid only; the wasm core solves other grids');
    const asked = { corners, trial, maxSolutions: options.unique ? 2 : 1, deadline: started + options.timeoutMs };
    const outcome = puzzle.tiling ? solveWithRulesCore(graphPuzzleOf(puzzle), asked) : (core === 'wasm' ? solveWithRulesCore : solveWithRules)(puzzle, asked);
    const stats = {
      ...outcome.stats,
      level: outcome.level,
      decidedWithoutSearch: outcome.decidedWithoutSearch,
      rules: corners ? 'corners' : 'basic',
      trial,
      core,
      solverMs: performance.now() - started,
    };
    const solution = (i: number) => loopOf(puzzle, outcome.solutions[i]);
    if (outcome.status !== 'solved') return { status: outcome.status, solution: null, unique: null, stats };
    if (!options.unique) return { status: 'solved', solution: solution(0), unique: null, stats };
    if (outcome.solutions.length >= 2) return { status: 'solved', solution: solution(0), unique: false, secondSolution: solution(1), stats };
    // One solution: unique, unless the search was cut short by the clock.
    const timedOut = performance.now() - started >= options.timeoutMs;
    return timedOut ? { status: 'solved', solution: solution(0), unique: null, stats, message: UNIQUENESS_UNDECIDED } : { status: 'solved', solution: solution(0), unique: true, stats };
  },
  /** Everything the deduction decides without search, with the same options as a solve (`--presolve rules:trial=off`). */
  async presolve(puzzle: Puzzle, options: SolveOptions): Promise<PresolveResult> {
    if (puzzle.tiling) throw new Error(`rules presolves the square grid only, not a ${puzzle.tiling.type} grid`);
    const deadline = performance.now() + options.timeoutMs;
    const corners = optionValue(backend, options, 'rules') === 'corners';
    const trial = optionValue(backend, options, 'trial') === 'on';
    const presolveWith = coreFor(options, corners) === 'wasm' ? presolveWithRulesCore : presolveWithRules;
    const result = presolveWith(puzzle, { corners, trial, deadline });
    const decided: { edge: number; on: boolean }[] = [];
    result.state.forEach((s, edge) => s !== UNKNOWN && decided.push({ edge, on: s === LINE }));
    const known = new Set((puzzle.fixedEdges ?? []).map((f) => f.edge));
    const stats = { decided: decided.length, edges: result.state.length, rules: corners ? 'corners' : 'basic', trial, trialFinished: result.trialFinished };
    return { fixed: result.contradiction ? [] : decided.filter((f) => !known.has(f.edge)), contradiction: result.contradiction, stats };
  },
};

export default backend;
