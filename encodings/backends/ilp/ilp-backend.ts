// The solve-and-cut back-end over any ILP engine: build the model, solve, cut off the extra loops of an
// integer solution, solve again; uniqueness by a no-good row. Only the engine adapter differs between
// glpk-cuts and highs-cuts.
import { optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { elapsedMs } from '../../clock.ts';
import type { Puzzle } from '../../grid.ts';
import { CUT_KINDS, decideUniqueness, findSingleLoop, firstOutcome, loopCuts, type CutKind, type LoopCounts, type SolveStep } from '../../protocol.ts';
import { buildIlp, cutRow, differentLoopRow, edgeColumn, type IlpModel } from './model.ts';

export interface IlpEngine {
  name: string;
  /** The engine and its version, read from its package (and the engine where it says). */
  version(): Promise<string>;
  /** Whether its package is installed; loads nothing. */
  installed(): boolean;
  load(): Promise<void>;
  /** Solves from scratch; values are column values when a solution exists. */
  solve(model: IlpModel, timeLimitSeconds: number): { status: 'optimal' | 'infeasible' | 'timeout'; values: Map<string, number>; ms: number };
}

export function ilpBackend(name: string, description: string, engine: IlpEngine): Backend {
  const backend: Backend = {
    name,
    description,
    options: [{ name: 'cuts', description: 'cutset: generalised subtour cut x(delta(S)) >= 2(y_i + y_j - 1); loop: forbid the loop unless it is the whole loop', default: 'cutset', choices: CUT_KINDS }],
    async available() {
      return engine.installed() ? { available: true } : { available: false, reason: `the npm package of ${engine.name} is not installed (npm ci)` };
    },
    version: () => engine.version(),
    prepare: () => engine.load(),
    async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
      const started = performance.now();
      await engine.load();
      const kind = optionValue(backend, options, 'cuts') as CutKind;
      const { model, grid } = buildIlp(puzzle);
      const perIteration: number[] = [];
      const counts: LoopCounts = { iterations: 0, cuts: 0 };
      const stats: Stats = { engine: engine.name, cutKind: kind, variables: model.columns.length, constraints: model.rows.length, encodeMs: elapsedMs(started), solverMs: 0 };
      const solveStep: SolveStep = async (timeLeftMs) => {
        const answer = engine.solve(model, timeLeftMs / 1000);
        perIteration.push(Math.round(answer.ms * 10) / 10);
        stats.solverMs! += answer.ms;
        if (answer.status !== 'optimal') return answer.status === 'infeasible' ? 'unsat' : 'timeout';
        return Uint8Array.from({ length: grid.edgeCount }, (_, e) => (answer.values.get(edgeColumn(e))! > 0.5 ? 1 : 0));
      };
      const cutsFor = (loops: number[][]) => {
        const rows = loopCuts(grid, loops, kind).map((cut, i) => cutRow(cut, `cut${counts.iterations}_${i}`));
        model.rows.push(...rows);
        return rows.length;
      };
      const findLoop = () => findSingleLoop(puzzle, solveStep, cutsFor, started + options.timeoutMs, counts);
      const finish = (outcome: Omit<SolveResult, 'stats'>): SolveResult => ({ ...outcome, stats: { ...stats, ...counts, rowsAtEnd: model.rows.length, msPerIteration: perIteration.join(' ') } });
      const first = await findLoop();
      if (typeof first === 'string' || !options.unique) return finish(firstOutcome(first));
      return finish(await decideUniqueness(first, () => {
        model.rows.push(differentLoopRow(first.on));
        return findLoop();
      }));
    },
  };
  return backend;
}
