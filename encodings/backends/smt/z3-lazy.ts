// z3-lazy: Z3 (wasm) on edge Booleans with pseudo-Boolean clue and degree constraints; loops found in a
// model are cut lazily and the same solver checks again (incremental, no rebuild).
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { elapsedMs } from '../../clock.ts';
import { cluedCells, gridOf, type Puzzle } from '../../grid.ts';
import { CUT_KINDS, decideUniqueness, edgesOff, findSingleLoop, firstOutcome, loopCuts, type CutKind, type LoopCounts, type SolveStep } from '../../protocol.ts';
import { describePackage, packageVersion } from '../../versions.ts';
import { z3Context } from './z3.ts';

const backend: Backend = {
  name: 'z3-lazy',
  description: 'Z3 SMT (wasm): pseudo-Boolean clue and degree constraints, extra loops cut lazily on the same solver',
  options: [{ name: 'cuts', description: 'loop: forbid a loop unless it is the whole loop; cutset: the loop through S and an outside vertex must cross the cut around S', default: 'cutset', choices: CUT_KINDS }],
  async available() {
    return packageVersion('z3-solver') ? { available: true } : { available: false, reason: 'npm package z3-solver is not installed (npm ci)' };
  },
  async version() {
    const { full } = await z3Context();
    return `${describePackage('z3-solver')}, ${full}`;
  },
  async prepare() {
    const { Z3 } = await z3Context();
    // The first check of a process is slow (wasm warm-up): pay it here.
    const solver = new Z3.Solver();
    solver.add(Z3.Bool.const('warm'));
    await solver.check();
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = performance.now();
    const { Z3 } = await z3Context();
    const cutKind = optionValue(backend, options, 'cuts') as CutKind;
    const grid = gridOf(puzzle);
    const edge = Array.from({ length: grid.edgeCount }, (_, e) => Z3.Bool.const(`e${e}`));
    const onLoop = Array.from({ length: grid.vertexCount }, (_, v) => Z3.Bool.const(`v${v}`));
    const solver = new Z3.Solver();
    solver.set('random_seed', options.seed >>> 0);
    let added = 0;
    const add = (c: unknown) => {
      solver.add(c);
      added++;
    };
    const ones = (n: number) => new Array<number>(n).fill(1);
    for (let v = 0; v < grid.vertexCount; v++) {
      const at = grid.edgesAtVertex(v).map((e) => edge[e]);
      // A vertex is on the loop exactly when one of its edges is, and then exactly two are.
      add(Z3.Eq(onLoop[v], Z3.Or(...at)));
      add(Z3.Implies(onLoop[v], Z3.PbEq(at, ones(at.length), 2)));
    }
    for (const [cell, clue] of cluedCells(puzzle)) add(Z3.PbEq(grid.edgesOfCell(cell).map((e) => edge[e]), ones(4), clue));
    add(Z3.Or(...edge));
    for (const f of puzzle.fixedEdges ?? []) add(f.on ? edge[f.edge] : Z3.Not(edge[f.edge]));
    const stats: Stats = { variables: grid.edgeCount + grid.vertexCount, constraints: added, cutKind, encodeMs: elapsedMs(started), solverMs: 0 };
    const counts: LoopCounts = { iterations: 0, cuts: 0 };

    const solveStep: SolveStep = async (timeLeftMs) => {
      const limit = Math.max(1, Math.floor(timeLeftMs));
      solver.set('timeout', limit);
      const checkStarted = performance.now();
      // Hard stop in case Z3's own timeout is not honoured (e.g. inside a long propagation).
      const stop = setTimeout(() => Z3.interrupt(), limit + 250);
      const answer = await solver.check().finally(() => clearTimeout(stop));
      stats.solverMs! += elapsedMs(checkStarted);
      if (answer === 'unsat') return 'unsat';
      if (answer !== 'sat') {
        // 'unknown': normally the time limit; keep Z3's reason so that other causes show in the results.
        stats.reasonUnknown = String(solver.reasonUnknown());
        return 'timeout';
      }
      const model = solver.model();
      return Uint8Array.from(edge, (e) => (Z3.isTrue(model.eval(e, true)) ? 1 : 0));
    };
    const cutsFor = (loops: number[][]) => {
      const cuts = loopCuts(grid, loops, cutKind);
      for (const cut of cuts) {
        if (cut.kind === 'loop') add(Z3.Implies(Z3.And(...cut.loop.map((e) => edge[e])), Z3.Not(Z3.Or(...cut.verticesOff.map((v) => onLoop[v])))));
        else add(Z3.Or(Z3.Not(onLoop[cut.inside]), Z3.Not(onLoop[cut.outside]), ...cut.crossing.map((e) => edge[e])));
      }
      return cuts.length;
    };
    const findLoop = () => findSingleLoop(puzzle, solveStep, cutsFor, started + options.timeoutMs, counts);
    const finish = (outcome: Omit<SolveResult, 'stats'>): SolveResult => {
      try {
        const z3Stats = solver.statistics();
        for (const key of ['conflicts', 'decisions', 'propagations']) if (z3Stats.keys().includes(key)) stats[key] = z3Stats.get(key);
        z3Stats.release?.();
      } catch {
        // statistics are a nicety
      }
      Object.assign(stats, counts, { jsMs: elapsedMs(started) - stats.solverMs!, constraintsAtEnd: added });
      return { ...outcome, stats };
    };
    const first = await findLoop();
    if (typeof first === 'string' || !options.unique) return finish(firstOutcome(first));
    return finish(await decideUniqueness(first, () => {
      // Some edge that this loop leaves off is on.
      add(Z3.Or(...edgesOff(first).map((e) => edge[e])));
      return findLoop();
    }));
  },
};

export default backend;
