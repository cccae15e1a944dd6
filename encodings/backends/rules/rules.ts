// rules: the deduction method of Liu, Wu and Sun (liu-wu-sun) with a complete search on top; also a
// presolver that fixes the edges deduction decides before another back-end encodes the puzzle.
import { optionValue, type Backend, type PresolveResult, type SolveOptions, type SolveResult } from '../../backend.ts';
import type { Puzzle } from '../../grid.ts';
import { UNIQUENESS_UNDECIDED } from '../../protocol.ts';
import { projectManifest } from '../../versions.ts';
import { Propagator } from './propagation.ts';
import { solveWithRules } from './search.ts';
import { CROSS, LINE, Timeout } from './state.ts';
import { trial as runTrial } from './trial.ts';

const backend: Backend = {
  name: 'rules',
  description: 'deduction rules of Liu, Wu and Sun (basic rules + corner edge-count sets), optional trial, then depth-first search',
  options: [
    { name: 'rules', description: 'basic: vertex, clue and loop rules only; corners: with the corner sets of the paper', default: 'corners', choices: ['basic', 'corners'] },
    { name: 'trial', description: 'trial and generalisation before search (on: a janko 20x36 went from a 60 s timeout to 80 ms)', default: 'on', choices: ['on', 'off'] },
  ],
  async available() {
    return { available: true };
  },
  async version() {
    // This back-end is our own code: its version is the project's.
    return `slitherbench ${projectManifest().version}`;
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = performance.now();
    const corners = optionValue(backend, options, 'rules') === 'corners';
    const trial = optionValue(backend, options, 'trial') === 'on';
    const outcome = solveWithRules(puzzle, { corners, trial, maxSolutions: options.unique ? 2 : 1, deadline: started + options.timeoutMs });
    const stats = {
      ...outcome.stats,
      level: outcome.level,
      decidedWithoutSearch: outcome.decidedWithoutSearch,
      rules: corners ? 'corners' : 'basic',
      trial,
      solverMs: performance.now() - started,
    };
    const solution = (i: number) => ({ rows: puzzle.rows, cols: puzzle.cols, on: outcome.solutions[i] });
    if (outcome.status !== 'solved') return { status: outcome.status, solution: null, unique: null, stats };
    if (!options.unique) return { status: 'solved', solution: solution(0), unique: null, stats };
    if (outcome.solutions.length >= 2) return { status: 'solved', solution: solution(0), unique: false, secondSolution: solution(1), stats };
    // One solution: unique, unless the search was cut short by the clock.
    const timedOut = performance.now() - started >= options.timeoutMs;
    return timedOut ? { status: 'solved', solution: solution(0), unique: null, stats, message: UNIQUENESS_UNDECIDED } : { status: 'solved', solution: solution(0), unique: true, stats };
  },
  /** Everything the deduction decides without search, with the same options as a solve (`--presolve rules:trial=off`). */
  async presolve(puzzle: Puzzle, options: SolveOptions): Promise<PresolveResult> {
    const deadline = performance.now() + options.timeoutMs;
    const corners = optionValue(backend, options, 'rules') === 'corners';
    const trial = optionValue(backend, options, 'trial') === 'on';
    const solver = new Propagator(puzzle);
    let ok = true;
    let trialFinished: boolean | null = null;
    for (const f of puzzle.fixedEdges ?? []) ok &&= solver.assume(f.edge, f.on ? LINE : CROSS);
    ok &&= solver.deduce(false);
    if (corners) ok &&= solver.deduce(true);
    if (ok && trial) {
      // Trial stops between probes at the deadline: what it decided by then stands.
      try {
        ok = runTrial(solver, deadline);
        trialFinished = true;
      } catch (error) {
        if (!(error instanceof Timeout)) throw error;
        trialFinished = false;
      }
    }
    const known = new Set((puzzle.fixedEdges ?? []).map((f) => f.edge));
    const stats = { decided: solver.edgeCount - solver.unknownCount, edges: solver.edgeCount, rules: corners ? 'corners' : 'basic', trial, trialFinished };
    return { fixed: ok ? solver.decided().filter((f) => !known.has(f.edge)) : [], contradiction: !ok, stats };
  },
};

export default backend;
