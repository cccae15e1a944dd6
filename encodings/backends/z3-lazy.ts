// z3-lazy: Z3 (wasm) on edge Booleans with pseudo-Boolean clue and degree constraints; loops found in a
// model are cut lazily and the same solver checks again (incremental, no rebuild).
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../backend.ts';
import { cluedCells, gridOf, type Grid, type Puzzle } from '../grid.ts';
import { edgeComponents, edgesLeaving, verticesOfEdges, type Solution } from '../solution.ts';

type Z3Context = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let z3: Promise<Z3Context> | undefined;

function context(): Promise<Z3Context> {
  z3 ??= (async () => {
    const { init } = await import('z3-solver');
    const { Context } = await init();
    return Context('slitherbench');
  })();
  return z3;
}

const elapsed = (since: number) => performance.now() - since;

/** A cut as plain data (edges and vertices of the puzzle), so that its soundness can be checked without Z3. */
export type LoopCut =
  | { kind: 'loop'; allOn: number[]; verticesOff: number[] }
  | { kind: 'cutset'; u: number; w: number; crossing: number[] };

/** The cuts for a model whose on-edges form `loops` (two or more closed loops), one per loop. */
export function loopCuts(grid: Grid, loops: number[][], kind: string): LoopCut[] {
  return loops.map((loop, i) => {
    const inside = verticesOfEdges(grid, loop);
    if (kind === 'loop') {
      // "All of L on implies no vertex outside L on", not "not all of L on": a simple cycle holds no other
      // cycle, so if L is on in a valid solution, L is the whole loop. Forbidding L outright would be
      // unsound: L may be the one solution, found here beside an extra loop that the clues allowed.
      const set = new Set(inside);
      const verticesOff: number[] = [];
      for (let v = 0; v < grid.vertexCount; v++) if (!set.has(v)) verticesOff.push(v);
      return { kind: 'loop', allOn: loop, verticesOff };
    }
    // u in S and w outside S both on the single loop: the loop leaves S, so an edge of the cut around S
    // is on. True of every solution; false in this model, where S's loop is closed and every vertex of S
    // has its two edges on the loop.
    const other = loops[(i + 1) % loops.length];
    return { kind: 'cutset', u: inside[0], w: verticesOfEdges(grid, other)[0], crossing: edgesLeaving(grid, inside) };
  });
}

const backend: Backend = {
  name: 'z3-lazy',
  description: 'Z3 SMT (wasm): pseudo-Boolean clue and degree constraints, extra loops cut lazily on the same solver',
  options: [{ name: 'cuts', description: 'loop: forbid a loop unless it is the whole loop; cutset: the loop through S and an outside vertex must cross the cut around S', default: 'cutset', choices: ['cutset', 'loop'] }],
  async available() {
    try {
      import.meta.resolve('z3-solver');
      return { available: true };
    } catch {
      return { available: false, reason: 'npm package z3-solver is not installed' };
    }
  },
  async prepare() {
    const Z3 = await context();
    // The first check of a process is slow (wasm warm-up): pay it here.
    const solver = new Z3.Solver();
    solver.add(Z3.Bool.const('warm'));
    await solver.check();
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = performance.now();
    const Z3 = await context();
    const cutKind = optionValue(backend, options, 'cuts');
    const grid = gridOf(puzzle);
    const edge = Array.from({ length: grid.edgeCount }, (_, e) => Z3.Bool.const(`e${e}`));
    const onLoop = Array.from({ length: grid.vertexCount }, (_, v) => Z3.Bool.const(`v${v}`));
    const solver = new Z3.Solver();
    solver.set('random_seed', options.seed >>> 0);
    let constraints = 0;
    const add = (c: unknown) => {
      solver.add(c);
      constraints++;
    };
    const ones = (n: number) => new Array<number>(n).fill(1);
    for (let v = 0; v < grid.vertexCount; v++) {
      const at = grid.edgesAtVertex(v).map((e) => edge[e]);
      // A vertex is on the loop exactly when one of its edges is, and then exactly two are.
      add(Z3.Eq(onLoop[v], Z3.Or(...at)));
      add(Z3.Implies(onLoop[v], Z3.PbEq(at, ones(at.length), 2)));
    }
    for (const [cell, clue] of cluedCells(puzzle)) {
      const around = grid.edgesOfCell(cell).map((e) => edge[e]);
      add(Z3.PbEq(around, ones(4), clue));
    }
    add(Z3.Or(...edge));
    for (const f of puzzle.fixedEdges ?? []) add(f.on ? edge[f.edge] : Z3.Not(edge[f.edge]));
    const stats: Stats = { variables: grid.edgeCount + grid.vertexCount, constraints, cuts: 0, iterations: 0, cutKind, encodeMs: elapsed(started), solverMs: 0 };

    const cut = (loops: number[][]) => {
      for (const c of loopCuts(grid, loops, cutKind)) {
        if (c.kind === 'loop') {
          add(Z3.Implies(Z3.And(...c.allOn.map((e) => edge[e])), Z3.Not(Z3.Or(...c.verticesOff.map((v) => onLoop[v])))));
        } else {
          add(Z3.Or(Z3.Not(onLoop[c.u]), Z3.Not(onLoop[c.w]), ...c.crossing.map((e) => edge[e])));
        }
        stats.cuts = (stats.cuts as number) + 1;
      }
    };

    const findLoop = async (): Promise<Solution | 'unsat' | 'timeout'> => {
      for (;;) {
        const left = options.timeoutMs - elapsed(started);
        if (left <= 1) return 'timeout';
        solver.set('timeout', Math.max(1, Math.floor(left)));
        const checkStarted = performance.now();
        // Hard stop in case Z3's own timeout is not honoured (e.g. inside a long propagation).
        const stop = setTimeout(() => Z3.interrupt(), Math.max(1, Math.floor(left)) + 250);
        const answer = await solver.check().finally(() => clearTimeout(stop));
        stats.solverMs = (stats.solverMs as number) + elapsed(checkStarted);
        stats.iterations = (stats.iterations as number) + 1;
        if (answer === 'unsat') return 'unsat';
        if (answer !== 'sat') {
          // 'unknown': normally the time limit; keep Z3's reason so that other causes show in the results.
          stats.reasonUnknown = String(solver.reasonUnknown());
          return 'timeout';
        }
        const model = solver.model();
        const on = Uint8Array.from(edge, (e) => (Z3.isTrue(model.eval(e, true)) ? 1 : 0));
        const loops = edgeComponents(grid, (e) => on[e] === 1);
        if (loops.length === 1) return { rows: puzzle.rows, cols: puzzle.cols, on };
        cut(loops);
      }
    };
    const finish = (result: Omit<SolveResult, 'stats'>): SolveResult => {
      try {
        const z3Stats = solver.statistics();
        for (const key of ['conflicts', 'decisions', 'propagations']) if (z3Stats.keys().includes(key)) stats[key] = z3Stats.get(key);
        z3Stats.release?.();
      } catch {
        // statistics are a nicety
      }
      stats.jsMs = elapsed(started) - (stats.solverMs as number);
      stats.constraints = constraints;
      return { ...result, stats };
    };
    const first = await findLoop();
    if (typeof first === 'string') return finish({ status: first, solution: null, unique: null });
    if (!options.unique) return finish({ status: 'solved', solution: first, unique: null });
    add(Z3.Or(...edge.map((e, i) => (first.on[i] ? Z3.Not(e) : e))));
    const second = await findLoop();
    if (second === 'unsat') return finish({ status: 'solved', solution: first, unique: true });
    if (second === 'timeout') return finish({ status: 'solved', solution: first, unique: null, message: 'uniqueness not decided within the time limit' });
    return finish({ status: 'solved', solution: first, unique: false, secondSolution: second });
  },
};

export default backend;
