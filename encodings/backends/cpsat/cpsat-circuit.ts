// cpsat-circuit: the circuit model of model.ts on OR-Tools CP-SAT (wasm, loaded by loader.ts). This file holds
// the back-end: its options, the solve, the uniqueness step and the stats.
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { elapsedMs, now } from '../../clock.ts';
import type { Puzzle } from '../../grid.ts';
import { decideUniqueness, edgesOff, UNIQUENESS_UNDECIDED, type LoopAnswer } from '../../protocol.ts';
import { loopOf as solutionOn, type Solution } from '../../solution.ts';
import { cpSatVersion, liftoffOnly, loadCpSat } from './loader.ts';
import { addClause, buildCircuitModel, ENCODINGS, type CircuitEncoding } from './model.ts';

type BoolVar = import('or-tools-wasm/cp-sat').BoolVar;

/** How a solve ended: proven (a loop, or none), stopped by the enumeration budget, or out of time. */
type Outcome = 'complete' | 'limit' | 'timeout';

const backend: Backend = {
  name: 'cpsat-circuit',
  description: 'OR-Tools CP-SAT (wasm): edge Booleans, arc literals, AddCircuit with self-loops for off-loop vertices',
  grids: 'any',
  options: [
    { name: 'workers', description: 'CP-SAT search workers (1 keeps runs comparable)', default: '1' },
    {
      name: 'encoding',
      description: 'clauses: the model in ExactlyOne and clauses, direction fixed at one cell; cpsat-chapter: the CP-SAT chapter\'s linear sums',
      default: 'clauses',
      choices: ENCODINGS,
      aliases: { seed: 'cpsat-chapter' },
    },
    { name: 'params', description: 'fast: no CP-SAT presolve, probing, symmetry detection or linearization; default: CP-SAT\'s own defaults', default: 'fast', choices: ['fast', 'default'] },
    { name: 'uniqueness', description: 'enumerate: one solve listing every loop within a budget, then the no-good if needed; nogood: solve, forbid the loop, solve again', default: 'enumerate', choices: ['enumerate', 'nogood'] },
    { name: 'enumerateBudget', description: 'deterministic time (CP-SAT seconds) the enumeration may spend before the no-good takes over', default: '0.05' },
  ],
  async available() {
    try {
      import.meta.resolve('or-tools-wasm/cp-sat');
      return { available: true };
    } catch (error) {
      return { available: false, reason: `npm package or-tools-wasm is not installed (${(error as Error).message})` };
    }
  },
  version: () => cpSatVersion(),
  async prepare() {
    await loadCpSat();
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const lib = await loadCpSat();
    const workers = Number(optionValue(backend, options, 'workers'));
    if (!Number.isInteger(workers) || workers < 1) throw new Error(`workers must be a whole number >= 1, got ${options.params.workers}`);
    const encoding = optionValue(backend, options, 'encoding') as CircuitEncoding;
    if (!ENCODINGS.includes(encoding)) throw new Error(`encoding must be one of ${ENCODINGS.join(', ')}, got ${encoding}`);
    const budget = Number(optionValue(backend, options, 'enumerateBudget'));
    if (!(budget > 0)) throw new Error(`enumerateBudget must be a positive number, got ${options.params.enumerateBudget}`);
    // CP-SAT enumerates with one worker only.
    const uniqueness = workers > 1 ? 'nogood' : optionValue(backend, options, 'uniqueness');

    const started = now();
    const { model, edges, variables, constraints } = buildCircuitModel(lib, puzzle, encoding);
    const preset = optionValue(backend, options, 'params');
    // Presolve, probing and symmetry detection cost more than they save on these models; inprocessing stays on:
    // without it a janko 15x25 (800) ran a minute of fruitless search.
    const tuning = preset === 'fast' ? { cpModelPresolve: false, linearizationLevel: 0, cpModelProbingLevel: 0, symmetryLevel: 0 } : {};
    const stats: Stats = {
      variables,
      constraints,
      encodeMs: elapsedMs(started),
      solverMs: 0,
      encoding,
      workers,
      params: preset,
      uniqueness: options.unique ? uniqueness : null,
      liftoffOnly: liftoffOnly(),
      solves: 0,
      deterministicTime: 0,
      branches: 0,
      conflicts: 0,
    };
    const count = (key: string, by: number) => (stats[key] = (stats[key] as number) + by);
    /** The edge set of an answer: constants as decided, Booleans as `value` reads them. */
    const loopOf = (value: (edge: BoolVar) => boolean) => Uint8Array.from(edges, (e) => ((typeof e === 'boolean' ? e : value(e)) ? 1 : 0));

    /** Solves once; returns the distinct edge sets seen (at most two) and how the solve ended. */
    const solveOnce = async (extra: Record<string, unknown> = {}): Promise<{ outcome: Outcome; loops: Uint8Array[] }> => {
      const left = options.timeoutMs - elapsedMs(started);
      if (left <= 0) return { outcome: 'timeout', loops: [] };
      const loops: Uint8Array[] = [];
      const keep = (on: Uint8Array) => {
        if (loops.length < 2 && !loops.some((l) => l.every((bit, i) => bit === on[i]))) loops.push(on);
      };
      const solver = new lib.CpSolver();
      const enumerating = extra.enumerateAllSolutions === true;
      const status = solver.statusName(
        await solver.solve(model, { maxTimeInSeconds: left / 1000, numSearchWorkers: workers, randomSeed: options.seed, ...tuning, ...extra }, enumerating ? {
          onSolution: (response) => {
            count('enumerated', 1);
            keep(loopOf((e) => Boolean(response.solution?.[e.index])));
          },
        } : undefined),
      );
      count('solves', 1);
      count('solverMs', solver.wallTime * 1000);
      count('deterministicTime', solver.response()?.deterministicTime ?? 0);
      count('branches', solver.numBranches);
      count('conflicts', solver.numConflicts);
      if (!enumerating && (status === 'OPTIMAL' || status === 'FEASIBLE')) keep(loopOf((e) => solver.booleanValue(e)));
      if (status === 'OPTIMAL' || status === 'INFEASIBLE') return { outcome: 'complete', loops };
      if (status === 'FEASIBLE' || status === 'UNKNOWN') return { outcome: elapsedMs(started) >= options.timeoutMs ? 'timeout' : 'limit', loops };
      throw new Error(`CP-SAT answered ${status}`);
    };
    const solutionOf = (on: Uint8Array): Solution => solutionOn(puzzle, on);
    const answer = (loops: Uint8Array[], unique: boolean | null, message?: string): SolveResult => ({
      status: 'solved',
      solution: solutionOf(loops[0]),
      unique,
      ...(loops[1] ? { secondSolution: solutionOf(loops[1]) } : {}),
      stats,
      ...(message ? { message } : {}),
    });

    let found: Uint8Array[] = [];
    if (options.unique && uniqueness === 'enumerate') {
      // One enumeration within the budget: two loops refute uniqueness, a complete list of one proves it.
      stats.enumerated = 0;
      const listed = await solveOnce({ enumerateAllSolutions: true, maxDeterministicTime: budget });
      if (listed.loops.length === 2) return answer(listed.loops, false);
      if (listed.outcome === 'complete') return listed.loops.length ? answer(listed.loops, true) : { status: 'unsat', solution: null, unique: null, stats };
      if (listed.outcome === 'timeout') return listed.loops.length ? answer(listed.loops, null, UNIQUENESS_UNDECIDED) : { status: 'timeout', solution: null, unique: null, stats };
      stats.enumerateFallback = true;
      found = listed.loops;
    }
    if (found.length === 0) {
      const first = await solveOnce();
      if (first.loops.length === 0) return { status: first.outcome === 'complete' ? 'unsat' : 'timeout', solution: null, unique: null, stats };
      found = first.loops;
    }
    if (!options.unique) return answer(found, null);
    // The no-good: a single loop holds no other cycle, so any other loop turns on an edge this one leaves off.
    const solveExcluding = async (first: Solution): Promise<LoopAnswer> => {
      addClause(model, edgesOff(first).map((e) => edges[e]));
      const second = await solveOnce();
      if (second.loops.length) return solutionOf(second.loops[0]);
      return second.outcome === 'complete' ? 'unsat' : 'timeout';
    };
    return { ...(await decideUniqueness(solutionOf(found[0]), solveExcluding)), stats };
  },
};

export default backend;
