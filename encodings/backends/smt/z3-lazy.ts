// z3-lazy: Z3 (wasm) on edge Booleans with the degree and clue rules; loops found in a model are cut lazily
// and the same solver checks again (incremental, no rebuild). By default the rules go to Z3's SAT core
// (logic QF_FD) as clauses, and each extra loop is cut against a root vertex set that every solution meets
// (z3-model.ts says why each cut is sound). Z3's user propagator, which could check loops during search as
// cspuz_core does, is out of reach: z3-solver 5.2 binds Z3_solver_propagate_declare/register/consequence
// but not Z3_solver_propagate_init or its callbacks, and check() runs on a wasm worker thread.
import { defaultSolveOptions, optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { elapsedMs } from '../../clock.ts';
import { gridOf, makePuzzle, type Puzzle } from '../../grid.ts';
import { decideUniqueness, edgesOff, findSingleLoop, firstOutcome, loopCuts, type LoopCounts, type SolveStep } from '../../protocol.ts';
import { describePackage, packageVersion } from '../../versions.ts';
import { z3Context } from './z3.ts';
import { assert, COUNT_FORMS, cutAssertion, cutsAgainst, declarations, edgeCutAssertion, edgeName, MOST_CLAUSES_PER_COUNT, or, puzzleAssertions, rootVertices, type CountForm } from './z3-model.ts';

const CUTS = ['rooted', 'cutset-any', 'cutset', 'loop'] as const;
type Cuts = (typeof CUTS)[number];
const ENGINES = ['sat', 'smt'] as const;
type Engine = (typeof ENGINES)[number];

const backend: Backend = {
  name: 'z3-lazy',
  grids: 'any',
  description: 'Z3 (wasm): degree and clue clauses on its SAT core, extra loops cut lazily (cut-set cuts against a root) on the same solver',
  options: [
    {
      name: 'cuts',
      description: 'rooted: with R a vertex set every solution meets (a 3-clue corner, else opposite corners of a 1- or 2-clue; on other grids a vertex of a face with all its edges but one on, else every other vertex of a clued face), a loop S missing R gives "an edge within S on -> an edge leaving S on", a loop holding R the same for the rest of the grid, other loops as cutset-any; cutset-any: no single loop has edges both within S and away from S unless it crosses the cut around S; cutset: the same for one vertex pair per loop; loop: forbid a loop unless it is the whole loop',
      default: 'rooted',
      choices: CUTS,
    },
    { name: 'engine', description: 'sat: Z3\'s incremental SAT core (logic QF_FD); smt: Z3\'s default solver (a tactic on the first check, the SMT core after it), as first written', default: 'sat', choices: ENGINES },
    { name: 'counts', description: `clauses: degree and clue counts as clauses (no k+1 of the edges on, no n-k+1 off), except a clue whose count would take more than ${MOST_CLAUSES_PER_COUNT} clauses (a large face with a middling clue, as on the hat grid), stated as a pbeq; pb: every count as a pseudo-Boolean equality (pbeq), left to Z3`, default: 'clauses', choices: COUNT_FORMS },
  ],
  async available() {
    return packageVersion('z3-solver') ? { available: true } : { available: false, reason: 'npm package z3-solver is not installed (npm ci)' };
  },
  async version() {
    const { full } = await z3Context();
    return `${describePackage('z3-solver')}, ${full}`;
  },
  async prepare() {
    const { Z3 } = await z3Context();
    // Z3's wasm is compiled lazily: the first real check of a process takes most of a second. Pay it here,
    // on the default solver and on a blank 4x4 grid through the whole default path (cuts, uniqueness).
    const solver = new Z3.Solver();
    solver.fromString('(declare-const warm Bool) (declare-const cold Bool) (assert (or warm cold)) (assert ((_ pbeq 1 1 1) warm cold))');
    await solver.check();
    await backend.solve(makePuzzle(4, 4, new Array(16).fill(null)), { ...defaultSolveOptions, unique: true, timeoutMs: 30_000 });
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = performance.now();
    const { Z3, lowLevel } = await z3Context();
    const cuts = optionValue(backend, options, 'cuts') as Cuts;
    const engine = optionValue(backend, options, 'engine') as Engine;
    const counts = optionValue(backend, options, 'counts') as CountForm;
    const grid = gridOf(puzzle);
    const edge = edgeConstants(Z3, grid.edgeCount);
    const solver = engine === 'sat' ? new Z3.Solver('QF_FD') : new Z3.Solver();
    solver.set('random_seed', options.seed >>> 0);
    const model = puzzleAssertions(puzzle, counts);
    // The solver keeps these declarations for every later fromString (cuts, uniqueness).
    solver.fromString(`${declarations(grid)}\n${model.text}`);
    let added = model.count;
    const stats: Stats = { variables: grid.edgeCount, constraints: model.count, cutKind: cuts, engine, counts, encodeMs: elapsedMs(started), solverMs: 0 };
    // Where the time goes: the first check (no cuts yet) against the later ones, and reading models in JS.
    const timing = { firstCheckMs: 0, laterChecksMs: 0, modelMs: 0, cutMs: 0, checks: 0 };
    const loopCounts: LoopCounts = { iterations: 0, cuts: 0 };

    const solveStep: SolveStep = async (timeLeftMs) => {
      const limit = Math.max(1, Math.floor(timeLeftMs));
      solver.set('timeout', limit);
      const checkStarted = performance.now();
      // Hard stop in case Z3's own timeout is not honoured (e.g. inside a long propagation).
      const stop = setTimeout(() => Z3.interrupt(), limit + 250);
      const answer = await solver.check().finally(() => clearTimeout(stop));
      const checkMs = elapsedMs(checkStarted);
      stats.solverMs! += checkMs;
      if (timing.checks++ === 0) timing.firstCheckMs = checkMs;
      else timing.laterChecksMs += checkMs;
      if (answer === 'unsat') return 'unsat';
      if (answer !== 'sat') {
        // 'unknown': normally the time limit; keep Z3's reason so that other causes show in the results.
        stats.reasonUnknown = String(solver.reasonUnknown());
        return 'timeout';
      }
      const readStarted = performance.now();
      const on = readEdges(Z3, lowLevel, solver, edge);
      timing.modelMs += elapsedMs(readStarted);
      return on;
    };
    const root = cuts === 'rooted' ? rootVertices(puzzle) : [];
    stats.rootVertices = root.length;
    const cutsFor = (loops: number[][]) => {
      const cutStarted = performance.now();
      const pieces = cuts === 'rooted' || cuts === 'cutset-any'
        ? cutsAgainst(grid, loops, root).map(edgeCutAssertion)
        : loopCuts(grid, loops, cuts).map((cut) => cutAssertion(grid, cut));
      if (pieces.length > 0) solver.fromString(pieces.join('\n'));
      added += pieces.length;
      timing.cutMs += elapsedMs(cutStarted);
      return pieces.length;
    };
    const findLoop = () => findSingleLoop(puzzle, solveStep, cutsFor, started + options.timeoutMs, loopCounts);
    const finish = (outcome: Omit<SolveResult, 'stats'>): SolveResult => {
      try {
        const z3Stats = solver.statistics();
        // The SMT core names them plainly, the SAT core with a 'sat ' prefix.
        const keys: string[] = z3Stats.keys();
        for (const key of ['conflicts', 'decisions', 'propagations']) {
          const found = keys.find((k) => k === key || k === `sat ${key}`);
          if (found) stats[key] = z3Stats.get(found);
        }
        z3Stats.release?.();
      } catch {
        // statistics are a nicety
      }
      Object.assign(stats, loopCounts, timing, { jsMs: elapsedMs(started) - stats.solverMs!, constraintsAtEnd: added });
      return { ...outcome, stats };
    };
    const first = await findLoop();
    if (typeof first === 'string' || !options.unique) return finish(firstOutcome(first));
    return finish(await decideUniqueness(first, () => {
      // Some edge that this loop leaves off is on.
      solver.fromString(assert(or(edgesOff(first).map(edgeName))));
      added++;
      return findLoop();
    }));
  },
};

// One wasm call per edge and no JS object per value: the high-level eval costs several times more.
function readEdges(Z3: Awaited<ReturnType<typeof z3Context>>['Z3'], lowLevel: Awaited<ReturnType<typeof z3Context>>['lowLevel'], solver: { ptr: unknown }, edge: { ast: unknown }[]): Uint8Array {
  const model = lowLevel.solver_get_model(Z3.ptr, solver.ptr);
  lowLevel.model_inc_ref(Z3.ptr, model);
  try {
    return Uint8Array.from(edge, (e) => {
      const value = lowLevel.model_eval(Z3.ptr, model, e.ast, true);
      return value !== null && lowLevel.get_bool_value(Z3.ptr, value) === 1 ? 1 : 0;
    });
  } finally {
    lowLevel.model_dec_ref(Z3.ptr, model);
  }
}

// The edge constants, made once per grid size: Z3 gives the same term for the same name and sort.
const edgeCache = new Map<number, { ast: unknown }[]>();
function edgeConstants(Z3: Awaited<ReturnType<typeof z3Context>>['Z3'], edgeCount: number): { ast: unknown }[] {
  let edges = edgeCache.get(edgeCount);
  if (!edges) {
    edges = Array.from({ length: edgeCount }, (_, e) => Z3.Bool.const(edgeName(e)));
    edgeCache.set(edgeCount, edges);
  }
  return edges;
}

export default backend;
