// cpsat-circuit: OR-Tools CP-SAT with the circuit constraint (seed 000). A Boolean per edge, two arc literals
// per edge whose sum is the edge, a self-loop literal per vertex true exactly when the vertex is off the loop,
// and AddCircuit over all arcs: the active arcs form one circuit through every on-loop vertex.
//
// Two encodings of the same model. `seed` is the seed's text: clue sums, and degree 0 or 2 as linear
// constraints under the self-loop literal. `clauses` (default) says the same in CP-SAT's SAT vocabulary,
// which it loads and propagates several times faster with presolve off:
//   - the edge/arc link f + b = e is ExactlyOne(not e, f, b);
//   - a clue is "exactly k of the cell's open edges" as ExactlyOne or clauses;
//   - at a vertex only "no degree 1" and "at most 2" are written: the circuit already makes the self-loop
//     true exactly when no arc, hence no edge, touches the vertex;
//   - edges decided before search (clue 0 and 4, presolved) are constants folded into the clauses: an edge
//     fixed off gets no arcs, and a vertex with no edge left leaves the circuit;
//   - the loop's direction is fixed at one clued cell (see `fixDirection`), so each loop is one solution.
import v8 from 'node:v8';
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../backend.ts';
import { cluedCells, gridOf, type Grid, type Puzzle } from '../grid.ts';
import type { Solution } from '../solution.ts';

type CpSat = typeof import('or-tools-wasm/cp-sat');
type CpModel = import('or-tools-wasm/cp-sat').CpModel;
type BoolVar = import('or-tools-wasm/cp-sat').BoolVar;
type NotBoolVar = import('or-tools-wasm/cp-sat').NotBoolVar;

export type CircuitEncoding = 'clauses' | 'seed';
export const ENCODINGS: readonly CircuitEncoding[] = ['clauses', 'seed'];

export interface CircuitModel {
  readonly model: CpModel;
  /** The edges by edge index: Booleans, or constants for edges decided before search. */
  readonly edges: readonly EdgeTerm[];
  readonly variables: number;
  readonly constraints: number;
}

let cpSat: CpSat | undefined;
let liftoffOnly = false;

/** The model and its edge literals, built from the IR alone. */
export function buildCircuitModel(lib: CpSat, puzzle: Puzzle, encoding: CircuitEncoding = 'clauses'): CircuitModel {
  const grid = gridOf(puzzle);
  const model = new lib.CpModel();
  let edges: EdgeTerm[];
  if (encoding === 'seed') {
    const vars = Array.from({ length: grid.edgeCount }, (_, e) => model.newBoolVar(`edge${e}`));
    addSeedConstraints(lib, model, grid, puzzle, vars);
    edges = vars;
  } else edges = addClauseConstraints(model, grid, puzzle);
  const proto = model.proto();
  return { model, edges, variables: proto.variables?.length ?? 0, constraints: proto.constraints?.length ?? 0 };
}

function addSeedConstraints(lib: CpSat, model: CpModel, grid: Grid, puzzle: Puzzle, edges: BoolVar[]): void {
  for (const [cell, clue] of cluedCells(puzzle)) {
    const around = grid.edgesOfCell(cell);
    // Clue 0 and 4 decide all four edges: fixed values instead of a sum.
    if (clue === 0 || clue === 4) for (const e of around) model.addBoolAnd([clue === 4 ? edges[e] : edges[e].not()]);
    else model.addLinearConstraint(lib.LinearExpr.sum(around.map((e) => edges[e])), clue, clue);
  }
  for (const f of puzzle.fixedEdges ?? []) model.addBoolAnd([f.on ? edges[f.edge] : edges[f.edge].not()]);
  const arcs: [number, number, BoolVar][] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    const forward = model.newBoolVar();
    const backward = model.newBoolVar();
    model.addEquality(lib.LinearExpr.sum([forward, backward]), edges[e]);
    arcs.push([a, b, forward], [b, a, backward]);
  }
  for (let vertex = 0; vertex < grid.vertexCount; vertex++) {
    const degree = lib.LinearExpr.sum(grid.edgesAtVertex(vertex).map((e) => edges[e]));
    const off = model.newBoolVar();
    model.addEquality(degree, 0).onlyEnforceIf(off);
    model.addEquality(degree, 2).onlyEnforceIf(off.not());
    arcs.push([vertex, vertex, off]);
  }
  model.addCircuit(arcs);
  // Without this, every vertex taking its self-loop is a "circuit" with no edge at all.
  model.addBoolOr(edges);
}

const OFF = 0;
const ON = 1;
const OPEN = 2;

/** An edge in the model: a Boolean while open, a constant once decided (clue 0 or 4, presolved). */
export type EdgeTerm = BoolVar | boolean;
type Term = BoolVar | NotBoolVar | boolean;

const negate = (t: EdgeTerm): Term => (typeof t === 'boolean' ? !t : t.not());

/** A clause with its constants folded: dropped when one is true, false ones left out (none left: no solution). */
function addClause(model: CpModel, terms: readonly Term[]): void {
  if (terms.some((t) => t === true)) return;
  model.addBoolOr(terms.filter((t): t is BoolVar | NotBoolVar => t !== false));
}

function addClauseConstraints(model: CpModel, grid: Grid, puzzle: Puzzle): EdgeTerm[] {
  // Edges decided before search: clue 0 and 4 cells, and presolved edges. They become constants, not Booleans.
  const state = new Uint8Array(grid.edgeCount).fill(OPEN);
  let contradiction = false;
  const decide = (e: number, value: typeof OFF | typeof ON) => {
    if (state[e] === OPEN) state[e] = value;
    else if (state[e] !== value) contradiction = true;
  };
  const clued = cluedCells(puzzle);
  for (const [cell, clue] of clued) if (clue === 0 || clue === 4) for (const e of grid.edgesOfCell(cell)) decide(e, clue === 4 ? ON : OFF);
  for (const f of puzzle.fixedEdges ?? []) decide(f.edge, f.on ? ON : OFF);
  if (contradiction) model.addBoolOr([]);
  const edges: EdgeTerm[] = Array.from(state, (s, e) => (s === OPEN ? model.newBoolVar(`edge${e}`) : s === ON));

  for (const [cell, clue] of clued) {
    if (clue === 0 || clue === 4) continue;
    const around = grid.edgesOfCell(cell);
    const on = around.filter((e) => state[e] === ON).length;
    addExactly(model, around.filter((e) => state[e] === OPEN).map((e) => edges[e] as BoolVar), clue - on);
  }

  const forward: (BoolVar | undefined)[] = new Array(grid.edgeCount);
  const backward: (BoolVar | undefined)[] = new Array(grid.edgeCount);
  const arcs: [number, number, BoolVar][] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    if (state[e] === OFF) continue;
    const [a, b] = grid.verticesOfEdge(e);
    const f = (forward[e] = model.newBoolVar());
    const r = (backward[e] = model.newBoolVar());
    const edge = edges[e];
    model.addExactlyOne(edge === true ? [f, r] : [(edge as BoolVar).not(), f, r]);
    arcs.push([a, b, f], [b, a, r]);
  }
  for (let vertex = 0; vertex < grid.vertexCount; vertex++) {
    const at = grid.edgesAtVertex(vertex).filter((e) => state[e] !== OFF).map((e) => edges[e]);
    if (at.length === 0) continue; // no arc touches it: the circuit ignores it
    // By position: two constants are equal as values.
    at.forEach((e, i) => addClause(model, [negate(e), ...at.filter((_, j) => j !== i)]));
    for (const three of subsets(at, 3)) addClause(model, three.map(negate));
    // Every vertex keeps its self-loop, even one with an edge fixed on: without them CP-SAT searched a minute
    // without finding a loop on a sparse 9x11 presolved by rules (test/cpsat-model.test.ts).
    arcs.push([vertex, vertex, model.newBoolVar()]);
  }
  fixDirection(model, grid, clued, forward, backward);
  // With every edge off there is no arc; the empty clause below then says there is no loop.
  if (arcs.length) model.addCircuit(arcs);
  // At least one edge: all self-loops alone would satisfy the circuit.
  addClause(model, edges);
  return edges;
}

/**
 * Each loop is met twice by the circuit, once per direction. Every loop edge on a cell's boundary is run in
 * the same sense around that cell (clockwise when the cell is inside the loop, counter-clockwise when outside),
 * so forbidding the counter-clockwise arcs of one cell with a clue of 1 or more keeps exactly one direction of
 * every loop and loses no edge set.
 */
function fixDirection(model: CpModel, grid: Grid, clued: [number, number][], forward: (BoolVar | undefined)[], backward: (BoolVar | undefined)[]): void {
  // A 3 has the most edges on the loop, so its ban bites earliest.
  const preference = [3, 2, 1, 4];
  const cell = clued.filter(([, clue]) => clue > 0).sort((x, y) => preference.indexOf(x[1]) - preference.indexOf(y[1]))[0]?.[0];
  if (cell === undefined) return;
  const [top, bottom, left, right] = grid.edgesOfCell(cell);
  // Forward arcs run left to right and top to bottom (verticesOfEdge order), so clockwise is top and right
  // forward, bottom and left backward.
  const counterClockwise = [backward[top], backward[right], forward[bottom], forward[left]].filter((arc) => arc !== undefined);
  if (counterClockwise.length) model.addBoolAnd(counterClockwise.map((arc) => arc.not()));
}

/** Exactly `count` of `literals` true, as ExactlyOne where it fits, else clauses. */
function addExactly(model: CpModel, literals: BoolVar[], count: number): void {
  const n = literals.length;
  if (count < 0 || count > n) model.addBoolOr([]);
  else if (count === 0) { if (n) model.addBoolAnd(literals.map((l) => l.not())); }
  else if (count === n) model.addBoolAnd(literals);
  else if (count === 1) model.addExactlyOne(literals);
  else if (count === n - 1) model.addExactlyOne(literals.map((l) => l.not()));
  else {
    // At least `count`: any n - count + 1 of them hold a true one; at most `count`: any count + 1 hold a false one.
    for (const some of subsets(literals, n - count + 1)) model.addBoolOr(some);
    for (const some of subsets(literals, count + 1)) model.addBoolOr(some.map((l) => l.not()));
  }
}

function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, size - 1).map((s) => [first, ...s]), ...subsets(rest, size)];
}

const elapsed = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

type Outcome = 'complete' | 'limit' | 'timeout';

const backend: Backend = {
  name: 'cpsat-circuit',
  description: 'OR-Tools CP-SAT 9.15 (wasm): edge Booleans, arc literals, AddCircuit with self-loops for off-loop vertices',
  options: [
    { name: 'workers', description: 'CP-SAT search workers (1 keeps runs comparable)', default: '1' },
    { name: 'encoding', description: 'clauses: the model in ExactlyOne and clauses, direction fixed at one cell; seed: the seed\'s linear sums', default: 'clauses', choices: ENCODINGS },
    { name: 'params', description: 'fast: no CP-SAT presolve, probing, symmetry detection or linearization; default: CP-SAT\'s own defaults', default: 'fast', choices: ['fast', 'default'] },
    { name: 'uniqueness', description: 'enumerate: one solve listing every loop within a budget, then the no-good if needed; nogood: solve, forbid the loop, solve again', default: 'enumerate', choices: ['enumerate', 'nogood'] },
    { name: 'enumerateBudget', description: 'deterministic time (CP-SAT seconds) the enumeration may spend before the no-good takes over', default: '0.05' },
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
    const encoding = optionValue(backend, options, 'encoding') as CircuitEncoding;
    if (!ENCODINGS.includes(encoding)) throw new Error(`encoding must be one of ${ENCODINGS.join(', ')}, got ${encoding}`);
    const budget = Number(optionValue(backend, options, 'enumerateBudget'));
    if (!(budget > 0)) throw new Error(`enumerateBudget must be a positive number, got ${options.params.enumerateBudget}`);
    // CP-SAT enumerates with one worker only.
    const uniqueness = workers > 1 ? 'nogood' : optionValue(backend, options, 'uniqueness');

    const started = process.hrtime.bigint();
    const { model, edges, variables, constraints } = buildCircuitModel(lib, puzzle, encoding);
    const preset = optionValue(backend, options, 'params');
    // Presolve, probing and symmetry detection cost more than they save on these models; inprocessing stays on:
    // without it a janko 15x25 (800) ran a minute of fruitless search.
    const tuning = preset === 'fast' ? { cpModelPresolve: false, linearizationLevel: 0, cpModelProbingLevel: 0, symmetryLevel: 0 } : {};
    const stats: Stats = { variables, constraints, encodeMs: elapsed(started), encoding, workers, params: preset, uniqueness: options.unique ? uniqueness : null, liftoffOnly, solves: 0, solverMs: 0, deterministicTime: 0, branches: 0, conflicts: 0 };
    const count = (key: string, by: number) => (stats[key] = (stats[key] as number) + by);
    /** The edge set of an answer: constants as decided, Booleans as `value` reads them. */
    const loopOf = (value: (edge: BoolVar) => boolean) => Uint8Array.from(edges, (e) => ((typeof e === 'boolean' ? e : value(e)) ? 1 : 0));

    /** Solves once; returns the distinct edge sets seen (at most two) and how the solve ended. */
    const solveOnce = async (extra: Record<string, unknown> = {}): Promise<{ outcome: Outcome; loops: Uint8Array[] }> => {
      const left = options.timeoutMs - elapsed(started);
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
      if (status === 'FEASIBLE' || status === 'UNKNOWN') return { outcome: elapsed(started) >= options.timeoutMs ? 'timeout' : 'limit', loops };
      throw new Error(`CP-SAT answered ${status}`);
    };
    const solutionOf = (on: Uint8Array): Solution => ({ rows: puzzle.rows, cols: puzzle.cols, on });
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
      stats.enumerated = 0;
      const listed = await solveOnce({ enumerateAllSolutions: true, maxDeterministicTime: budget });
      if (listed.loops.length === 2) return answer(listed.loops, false);
      if (listed.outcome === 'complete') return listed.loops.length ? answer(listed.loops, true) : { status: 'unsat', solution: null, unique: null, stats };
      if (listed.outcome === 'timeout') return listed.loops.length ? answer(listed.loops, null, 'uniqueness not decided within the time limit') : { status: 'timeout', solution: null, unique: null, stats };
      stats.enumerateFallback = true;
      found = listed.loops;
    }
    if (found.length === 0) {
      const first = await solveOnce();
      if (first.loops.length === 0) return { status: first.outcome === 'complete' ? 'unsat' : 'timeout', solution: null, unique: null, stats };
      found = first.loops;
    }
    if (!options.unique) return answer(found, null);
    // A single loop contains no other cycle, so any other loop uses an edge that this one leaves off.
    addClause(model, edges.filter((_, e) => !found[0][e]));
    const second = await solveOnce();
    if (second.loops.length) return answer([found[0], second.loops[0]], false);
    if (second.outcome === 'complete') return answer(found, true);
    return answer(found, null, 'uniqueness not decided within the time limit');
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
