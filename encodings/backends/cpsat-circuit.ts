// cpsat-circuit: OR-Tools CP-SAT with the circuit constraint (seed 000). A Boolean per edge, two arc literals
// per edge summing to it, a self-loop literal per vertex true exactly when the vertex is off the loop, and
// AddCircuit over all arcs: the active arcs form one circuit through every on-loop vertex.
import v8 from 'node:v8';
import { optionValue, type Backend, type SolveOptions, type SolveResult } from '../backend.ts';
import { cluedCells, gridOf, type Puzzle } from '../grid.ts';
import type { Solution } from '../solution.ts';

type CpSat = typeof import('or-tools-wasm/cp-sat');
type CpModel = import('or-tools-wasm/cp-sat').CpModel;
type BoolVar = import('or-tools-wasm/cp-sat').BoolVar;

let cpSat: CpSat | undefined;
let liftoffOnly = false;

/** The model and its edge literals, built from the IR alone. */
export function buildCircuitModel(lib: CpSat, puzzle: Puzzle): { model: CpModel; edges: BoolVar[]; variables: number; constraints: number } {
  const grid = gridOf(puzzle);
  const model = new lib.CpModel();
  let variables = 0;
  let constraints = 0;
  const edges = Array.from({ length: grid.edgeCount }, (_, e) => {
    variables++;
    return model.newBoolVar(`edge${e}`);
  });
  const fix = (e: number, on: boolean) => {
    model.addEquality(edges[e], on ? 1 : 0);
    constraints++;
  };
  for (const [cell, clue] of cluedCells(puzzle)) {
    const around = grid.edgesOfCell(cell);
    // Clue 0 and 4 decide all four edges: fixed values instead of a sum.
    if (clue === 0 || clue === 4) around.forEach((e) => fix(e, clue === 4));
    else {
      model.addLinearConstraint(lib.LinearExpr.sum(around.map((e) => edges[e])), clue, clue);
      constraints++;
    }
  }
  for (const f of puzzle.fixedEdges ?? []) fix(f.edge, f.on);
  const arcs: [number, number, BoolVar][] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    const forward = model.newBoolVar();
    const backward = model.newBoolVar();
    variables += 2;
    model.addEquality(lib.LinearExpr.sum([forward, backward]), edges[e]);
    constraints++;
    arcs.push([a, b, forward], [b, a, backward]);
  }
  for (let vertex = 0; vertex < grid.vertexCount; vertex++) {
    const degree = lib.LinearExpr.sum(grid.edgesAtVertex(vertex).map((e) => edges[e]));
    const off = model.newBoolVar();
    variables++;
    model.addEquality(degree, 0).onlyEnforceIf(off);
    model.addEquality(degree, 2).onlyEnforceIf(off.not());
    constraints += 2;
    arcs.push([vertex, vertex, off]);
  }
  model.addCircuit(arcs);
  // Without this, every vertex taking its self-loop is a "circuit" with no edge at all.
  model.addBoolOr(edges);
  constraints += 2;
  return { model, edges, variables, constraints };
}

const elapsed = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

const backend: Backend = {
  name: 'cpsat-circuit',
  description: 'OR-Tools CP-SAT 9.15 (wasm): edge Booleans, arc literals, AddCircuit with self-loops for off-loop vertices',
  options: [
    { name: 'workers', description: 'CP-SAT search workers (1 keeps runs comparable)', default: '1' },
    { name: 'params', description: 'fast: no CP-SAT presolve, linearization level 0 (about 2x faster on 10x10s here); default: CP-SAT\'s own defaults', default: 'fast', choices: ['fast', 'default'] },
  ],
  async available() {
    try {
      await import.meta.resolve?.('or-tools-wasm/cp-sat');
      return { available: true };
    } catch (error) {
      return { available: false, reason: `npm package or-tools-wasm is not installed (${(error as Error).message})` };
    }
  },
  async prepare() {
    await load();
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const lib = await load();
    const workers = Number(optionValue(backend, options, 'workers'));
    if (!Number.isInteger(workers) || workers < 1) throw new Error(`workers must be a whole number >= 1, got ${options.params.workers}`);
    const started = process.hrtime.bigint();
    const { model, edges, variables, constraints } = buildCircuitModel(lib, puzzle);
    const encodeMs = elapsed(started);
    const preset = optionValue(backend, options, 'params');
    const tuning = preset === 'fast' ? { cpModelPresolve: false, linearizationLevel: 0 } : {};
    const stats: Record<string, number | string | boolean> = { variables, constraints, encodeMs, workers, params: preset, liftoffOnly, solves: 0, solverMs: 0, branches: 0, conflicts: 0 };
    const solveOnce = async (): Promise<'feasible' | 'infeasible' | 'timeout'> => {
      const left = options.timeoutMs - elapsed(started);
      if (left <= 0) return 'timeout';
      const solver = new lib.CpSolver();
      const status = await solver.solve(model, { maxTimeInSeconds: left / 1000, numSearchWorkers: workers, randomSeed: options.seed, ...tuning });
      stats.solves = (stats.solves as number) + 1;
      stats.solverMs = (stats.solverMs as number) + solver.wallTime * 1000;
      stats.branches = (stats.branches as number) + solver.numBranches;
      stats.conflicts = (stats.conflicts as number) + solver.numConflicts;
      const name = solver.statusName(status);
      if (name === 'OPTIMAL' || name === 'FEASIBLE') {
        lastValues = edges.map((e) => (solver.booleanValue(e) ? 1 : 0));
        return 'feasible';
      }
      if (name === 'INFEASIBLE') return 'infeasible';
      if (name === 'UNKNOWN') return 'timeout';
      throw new Error(`CP-SAT answered ${name}`);
    };
    let lastValues: number[] = [];
    const first = await solveOnce();
    if (first !== 'feasible') return { status: first === 'infeasible' ? 'unsat' : 'timeout', solution: null, unique: null, stats };
    const solution: Solution = { rows: puzzle.rows, cols: puzzle.cols, on: Uint8Array.from(lastValues) };
    if (!options.unique) return { status: 'solved', solution, unique: null, stats };
    // Forbid this exact set of edges and ask for another loop.
    model.addBoolOr(edges.map((e, i) => (solution.on[i] ? e.not() : e)));
    const second = await solveOnce();
    if (second === 'timeout') return { status: 'solved', solution, unique: null, stats, message: 'uniqueness not decided within the time limit' };
    if (second === 'infeasible') return { status: 'solved', solution, unique: true, stats };
    return { status: 'solved', solution, unique: false, secondSolution: { rows: puzzle.rows, cols: puzzle.cols, on: Uint8Array.from(lastValues) }, stats };
  },
};

/** SLITHERBENCH_LIFTOFF=off lets V8 optimise the wasm (slower start and exit, faster long solves). */
async function load(): Promise<CpSat> {
  if (!cpSat) {
    // V8's optimising tier recompiles the 12 MB module in the background for seconds of CPU and holds the
    // process at exit; Liftoff alone starts at once. Recorded in stats as liftoffOnly.
    if (process.env.SLITHERBENCH_LIFTOFF !== 'off') {
      v8.setFlagsFromString('--liftoff-only');
      liftoffOnly = true;
    }
    cpSat = await import('or-tools-wasm/cp-sat');
    // The first solve starts the runtime's threads; pay that here, not inside a timed solve.
    const warm = new cpSat.CpModel();
    warm.addBoolOr([warm.newBoolVar()]);
    await new cpSat.CpSolver().solve(warm, { numSearchWorkers: 1 });
  }
  return cpSat;
}

export default backend;
