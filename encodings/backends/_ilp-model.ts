// The integer program shared by glpk-cuts and highs-cuts: binary x_e per edge and y_v per vertex,
// sum of x at v = 2 y_v, clue equalities, at least one edge; then the solve-and-cut loop. Only the
// engine adapter differs between the two back-ends.
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../backend.ts';
import { cluedCells, gridOf, type Grid, type Puzzle } from '../grid.ts';
import { edgeComponents, edgesLeaving, verticesOfEdges, type Solution } from '../solution.ts';

export interface IlpRow {
  name: string;
  terms: [string, number][];
  lo?: number;
  hi?: number;
}

export interface IlpModel {
  /** All columns are binary. */
  columns: string[];
  rows: IlpRow[];
}

export interface IlpEngine {
  name: string;
  load(): Promise<void>;
  /** Solves from scratch; values are rounded column values when a solution exists. */
  solve(model: IlpModel, timeLimitSeconds: number): { status: 'optimal' | 'infeasible' | 'timeout'; values: Map<string, number>; ms: number };
}

export const x = (e: number) => `x${e}`;
export const y = (v: number) => `y${v}`;

/** The model of a puzzle, before any cut. */
export function buildIlp(puzzle: Puzzle): { model: IlpModel; grid: Grid } {
  const grid = gridOf(puzzle);
  const columns = [...Array.from({ length: grid.edgeCount }, (_, e) => x(e)), ...Array.from({ length: grid.vertexCount }, (_, v) => y(v))];
  const rows: IlpRow[] = [];
  for (let v = 0; v < grid.vertexCount; v++) {
    rows.push({ name: `degree${v}`, terms: [...grid.edgesAtVertex(v).map((e): [string, number] => [x(e), 1]), [y(v), -2]], lo: 0, hi: 0 });
  }
  for (const [cell, clue] of cluedCells(puzzle)) {
    // Clue 0 is four zero bounds in effect; the equality says the same and presolve removes it.
    rows.push({ name: `clue${cell}`, terms: grid.edgesOfCell(cell).map((e): [string, number] => [x(e), 1]), lo: clue, hi: clue });
  }
  rows.push({ name: 'some_edge', terms: Array.from({ length: grid.edgeCount }, (_, e): [string, number] => [x(e), 1]), lo: 1 });
  for (const f of puzzle.fixedEdges ?? []) rows.push({ name: `fixed${f.edge}`, terms: [[x(f.edge), 1]], lo: f.on ? 1 : 0, hi: f.on ? 1 : 0 });
  return { model: { columns, rows }, grid };
}

/**
 * Cuts for a model whose edges form several loops. cutset: for a loop with vertex set S, i in S and j on
 * another loop, x(edges leaving S) >= 2 (y_i + y_j - 1): if both are on the one loop, it crosses the
 * boundary of S twice. loop: all edges of L on makes L the whole loop, so a vertex j of another loop is off:
 * sum x(L) + |L| y_j <= 2|L| - 1 (L alone stays allowed when it satisfies the clues).
 */
export function loopCuts(grid: Grid, loops: number[][], kind: string, serial: number): IlpRow[] {
  return loops.map((loop, i) => {
    const inside = verticesOfEdges(grid, loop);
    const j = verticesOfEdges(grid, loops[(i + 1) % loops.length])[0];
    if (kind === 'loop') {
      return { name: `cut${serial}_${i}`, terms: [...loop.map((e): [string, number] => [x(e), 1]), [y(j), loop.length]], hi: 2 * loop.length - 1 };
    }
    const terms = new Map<string, number>(edgesLeaving(grid, inside).map((e) => [x(e), 1]));
    terms.set(y(inside[0]), -2);
    terms.set(y(j), -2);
    return { name: `cut${serial}_${i}`, terms: [...terms], lo: -2 };
  });
}

/** CPLEX LP text of a model (all columns binary, objective 0). */
export function toLpText(model: IlpModel): string {
  const expr = (terms: [string, number][]) => terms.map(([name, c], i) => `${c < 0 ? '- ' : i > 0 ? '+ ' : ''}${Math.abs(c)} ${name}`).join(' ');
  const lines = ['Minimize', ` obj: 0 ${model.columns[0]}`, 'Subject To'];
  for (const row of model.rows) {
    if (row.lo !== undefined && row.hi !== undefined && row.lo === row.hi) lines.push(` ${row.name}: ${expr(row.terms)} = ${row.lo}`);
    else {
      if (row.lo !== undefined) lines.push(` ${row.name}_lo: ${expr(row.terms)} >= ${row.lo}`);
      if (row.hi !== undefined) lines.push(` ${row.name}_hi: ${expr(row.terms)} <= ${row.hi}`);
    }
  }
  lines.push('Binary', ...model.columns.map((c) => ` ${c}`), 'End');
  return lines.join('\n') + '\n';
}

const elapsed = (since: number) => performance.now() - since;

export function ilpBackend(name: string, description: string, engine: IlpEngine): Backend {
  const backend: Backend = {
    name,
    description,
    options: [{ name: 'cuts', description: 'cutset: generalised subtour cut x(delta(S)) >= 2(y_i + y_j - 1); loop: forbid the loop unless it is the whole loop', default: 'cutset', choices: ['cutset', 'loop'] }],
    async available() {
      try {
        await engine.load();
        return { available: true };
      } catch (error) {
        return { available: false, reason: (error as Error).message };
      }
    },
    prepare: () => engine.load(),
    async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
      const started = performance.now();
      await engine.load();
      const kind = optionValue(backend, options, 'cuts');
      const { model, grid } = buildIlp(puzzle);
      const perIteration: number[] = [];
      const stats: Stats = { engine: engine.name, cutKind: kind, columns: model.columns.length, rows: model.rows.length, encodeMs: elapsed(started), iterations: 0, cuts: 0, solverMs: 0 };
      const findLoop = (): Solution | 'unsat' | 'timeout' => {
        for (;;) {
          const left = (options.timeoutMs - elapsed(started)) / 1000;
          if (left <= 0.001) return 'timeout';
          const answer = engine.solve(model, left);
          perIteration.push(Math.round(answer.ms * 10) / 10);
          stats.solverMs = (stats.solverMs as number) + answer.ms;
          stats.iterations = (stats.iterations as number) + 1;
          if (answer.status !== 'optimal') return answer.status === 'infeasible' ? 'unsat' : 'timeout';
          const on = Uint8Array.from({ length: grid.edgeCount }, (_, e) => (answer.values.get(x(e))! > 0.5 ? 1 : 0));
          const loops = edgeComponents(grid, (e) => on[e] === 1);
          if (loops.length === 1) return { rows: puzzle.rows, cols: puzzle.cols, on };
          const cuts = loopCuts(grid, loops, kind, stats.iterations as number);
          model.rows.push(...cuts);
          stats.cuts = (stats.cuts as number) + cuts.length;
        }
      };
      const finish = (result: Omit<SolveResult, 'stats'>): SolveResult => ({ ...result, stats: { ...stats, rowsAtEnd: model.rows.length, msPerIteration: perIteration.join(' ') } });
      const first = findLoop();
      if (typeof first === 'string') return finish({ status: first, solution: null, unique: null });
      if (!options.unique) return finish({ status: 'solved', solution: first, unique: null });
      // No-good: at least one edge differs from the loop found.
      const ones = [...first.on.keys()].filter((e) => first.on[e]);
      model.rows.push({ name: 'nogood', terms: Array.from({ length: grid.edgeCount }, (_, e): [string, number] => [x(e), first.on[e] ? 1 : -1]), hi: ones.length - 1 });
      const second = findLoop();
      if (second === 'unsat') return finish({ status: 'solved', solution: first, unique: true });
      if (second === 'timeout') return finish({ status: 'solved', solution: first, unique: null, message: 'uniqueness not decided within the time limit' });
      return finish({ status: 'solved', solution: first, unique: false, secondSolution: second });
    },
  };
  return backend;
}
