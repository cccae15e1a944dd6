// The solve-and-cut back-end over any ILP engine: build the model; with separation=lp, solve the LP relaxation
// and add the cut-set inequalities it violates (separation.ts), round after round, until it violates none or
// the engine's round limit or time budget ends; solve the integer program, cut off the extra loops of an
// integer solution, solve again; uniqueness by a no-good row. Only the engine adapter differs between
// glpk-cuts and highs-cuts. An engine that runs its own branch and cut (GLPK on glpk-wasm) takes the
// separation into its search instead, and the loop here only checks what its search returns; with
// uniqueness, its one tree can go on past the first loop (solveBeyond) instead of a second search.
import { onOff, optionValue, type Backend, type BackendOption, type Params, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { elapsedMs } from '../../clock.ts';
import type { Grid, Puzzle } from '../../grid.ts';
import { CUT_KINDS, decideUniqueness, findSingleLoop, firstOutcome, loopCuts, type CutKind, type LoopCounts, type NoLoop, type SolveStep } from '../../protocol.ts';
import { loopOf, type Solution } from '../../solution.ts';
import { buildIlp, cutRow, differentLoopRow, edgeColumn, insideFormulation, validInequalityRows, vertexColumn, type IlpModel } from './model.ts';
import { violatedCutsets } from './separation.ts';

/** An LP point this close to 0/1 in every column is taken as integral. */
const INTEGRAL = 1e-6;

export interface IlpAnswer {
  status: 'optimal' | 'infeasible' | 'timeout';
  /** Column values when a solution exists. */
  values: Map<string, number>;
  ms: number;
}

/** An engine's model kept between calls of one solve; it reads the rows added to the IlpModel since. */
export interface IlpSession {
  solve(timeLimitSeconds: number, relaxed?: boolean): IlpAnswer;
  dispose(): void;
}

/** How separation=lp is best run on an engine (measured on gen-15x15 and gen-20x20; see the engine files). */
export interface LpTuning {
  /** LP rounds before an integer solve, at most. */
  rounds: number;
  /** Rounds before every integer solve of the cut loop, or only before the first of each search. */
  beforeEverySolve: boolean;
  /** Add x_e <= y_v for every edge end (2 rows per edge). */
  edgeEndRows: boolean;
}

export interface IlpEngine {
  name: string;
  /** The engine and its version, read from its package (and the engine where it says). */
  version(): Promise<string>;
  /** Whether its package is installed; loads nothing. */
  installed(): boolean;
  load(): Promise<void>;
  /** Solves from scratch (`relaxed`: the LP relaxation, columns in [0, 1]); values are column values when a solution exists. Engines with a branch and cut have none. */
  solve?(model: IlpModel, timeLimitSeconds: number, relaxed?: boolean): IlpAnswer;
  /** Engines that can keep a model in memory and add rows to it (used by separation=lp). */
  incremental?(model: IlpModel): IlpSession;
  lpTuning: LpTuning;
  /** The separation a plain run uses: whichever measured faster on this engine (see the engine files). */
  defaultSeparation: 'lp' | 'integer';
  /** Whether a plain run adds the inside formulation (cell columns): where it was measured faster. */
  defaultInside: 'on' | 'off';
  /** The engine's own settings, as back-end options (they apply to this engine only). */
  options?: readonly BackendOption[];
  /** What the settings in effect are, for stats (and so for the CSV rows). */
  describeSettings?(settings: Record<string, string>): string;
  /** Engines with a branch and cut of their own: the separation happens inside their search. */
  branchAndCut?(model: IlpModel, context: BranchAndCutContext): BranchAndCutSession;
}

export interface BranchAndCutContext<Settings = Record<string, string>> {
  grid: Grid;
  kind: CutKind;
  /** Separate cut-set cuts on fractional node points too (separation=lp), not only loops of integral ones. */
  fractional: boolean;
  /** The engine's own settings, each set (defaults filled in). */
  settings: Settings;
  /** performance.now() at which the whole solve must end. */
  deadline: number;
}

export interface BranchAndCutStats {
  /** Runs of glp_intopt. */
  trees: number;
  /** When the first single loop was found, from the start of the first tree (ms). */
  firstLoopMs?: number;
  /** The first tree's root: its LP, cut rounds and preprocessing (ms). */
  rootMs?: number;
  /** Subproblems GLPK created, over all trees. */
  nodes: number;
  /** Cut-set cuts from fractional node points; loop cuts from integral node points with several loops. */
  fractionalCuts: number;
  integralCuts: number;
  /** Cuts found before and taken again from the pool, by a node that violated them. */
  poolCuts: number;
  callbackMs: number;
  separationMs: number;
}

/**
 * How a search past the first loop ended: `exhausted`, the tree is closed (every loop is in `found`);
 * `stopped`, a second loop was found; `timeout`; `incumbent`, the engine took an integer point itself (a
 * heuristic's), which prunes its tree, so the search past it proves nothing.
 */
export type BeyondEnd = 'exhausted' | 'stopped' | 'timeout' | 'incumbent';

/** One GLPK problem and callback for a whole solve (first loop and uniqueness); dispose frees the wasm memory. */
export interface BranchAndCutSession {
  solve(): IlpAnswer;
  /**
   * One tree for the first loop and the uniqueness proof: each single loop an integral node reaches is
   * recorded and cut off by a lazy row (another loop uses an edge it leaves off), and the same search goes on
   * until a second loop or the end of the tree. `found` holds the single loops, in the order found (each
   * answer's ms: when it was found); ms is the whole search's.
   */
  solveBeyond?(): { found: IlpAnswer[]; end: BeyondEnd; ms: number };
  readonly stats: BranchAndCutStats;
  dispose(): void;
}

/**
 * A back-end over one or more engines (the first is the default; with several, option `engine` chooses).
 * The separation option's default is the chosen engine's own (`defaultSeparation`).
 */
export function ilpBackend(name: string, description: string, engines: readonly IlpEngine[]): Backend {
  const engineNamed = (params: Params) => {
    const chosen = engines.find((e) => e.name === (params.engine ?? engines[0].name));
    if (!chosen) throw new Error(`${name}: engine '${params.engine}' is not one of ${engines.map((e) => e.name).join(', ')}`);
    return chosen;
  };
  /** An engine's settings: each declared value checked, the defaults filled in; another engine's settings refused. */
  const settingsOf = (engine: IlpEngine, params: Params) => {
    for (const other of engines) {
      for (const option of other.options ?? []) {
        if (other !== engine && !engine.options?.some((o) => o.name === option.name) && params[option.name] !== undefined) {
          throw new Error(`${name}: option ${option.name} applies to engine ${other.name}, not ${engine.name}`);
        }
      }
    }
    return Object.fromEntries((engine.options ?? []).map((option) => {
      const value = params[option.name] ?? option.default;
      if (option.choices && !option.choices.includes(value)) throw new Error(`${name}: option ${option.name} must be one of ${option.choices.join(', ')}; got '${value}'`);
      return [option.name, value];
    }));
  };
  const engineOptions = engines.flatMap((e) => e.options ?? []);
  const backend: Backend = {
    name,
    description,
    grids: 'any',
    options: [
      { name: 'cuts', description: 'cutset: generalised subtour cut x(delta(S)) >= 2(y_i + y_j - 1); loop: forbid the loop unless it is the whole loop', default: 'cutset', choices: CUT_KINDS },
      onOff(
        'inside',
        `on: a binary per cell, 1 inside the loop, each edge the XOR of the cells beside it (outside the grid: 0), and each clue as a count of inside neighbours${engines.length > 1 ? ` (defaults to ${engines.map((e) => `${e.defaultInside} on ${e.name}`).join(', ')})` : ''}`,
        engines[0].defaultInside,
      ),
      {
        name: 'separation',
        description: `lp: valid corner inequalities, then cut-set cuts separated exactly (minimum cuts) at each LP relaxation before the integer solve${engines.some((e) => e.branchAndCut) ? ' (an engine with its own branch and cut: at the nodes of its tree)' : ''}; integer: cuts only against integer solutions with several loops`,
        default: engines[0].defaultSeparation,
        choices: ['lp', 'integer'],
      },
      ...(engines.length > 1
        ? [{ name: 'engine', description: `the ILP engine: ${engines.map((e) => e.name).join(', ')} (separation defaults to ${engines.map((e) => `${e.defaultSeparation} on ${e.name}`).join(', ')})`, default: engines[0].name, choices: engines.map((e) => e.name) }]
        : []),
      ...engineOptions,
    ],
    async available() {
      const missing = engines.filter((e) => !e.installed());
      if (missing.length === engines.length) return { available: false, reason: `the npm package of ${engines.map((e) => e.name).join(' and ')} is not installed (npm ci)` };
      return { available: true, ...(missing.length ? { detail: `engine ${missing.map((e) => e.name).join(', ')} not installed` } : {}) };
    },
    version: (params = {}) => engineNamed(params).version(),
    prepare: () => engines[0].load(),
    async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
      const started = performance.now();
      const engine = engineNamed(options.params);
      const settings = settingsOf(engine, options.params);
      await engine.load();
      const kind = optionValue(backend, options, 'cuts') as CutKind;
      const onLp = (options.params.separation ?? engine.defaultSeparation) === 'lp';
      const { model, grid } = buildIlp(puzzle);
      const inside = (options.params.inside ?? engine.defaultInside) === 'on';
      if (inside) {
        const cells = insideFormulation(puzzle, grid);
        model.columns.push(...cells.columns);
        model.rows.push(...cells.rows);
      }
      const constraints = model.rows.length;
      if (onLp) model.rows.push(...validInequalityRows(puzzle, grid, engine.lpTuning.edgeEndRows));
      // The rounds minimise the loop's length: each round's cuts then raise the optimum, so the rounds settle
      // (with a zero objective every round lands on another vertex of the relaxation and cuts go on).
      if (onLp) model.lpObjective = Array.from({ length: grid.edgeCount }, (_, e) => [edgeColumn(e), 1]);
      const perIteration: number[] = [];
      const counts: LoopCounts = { iterations: 0, cuts: 0 };
      const lp = { rounds: 0, lpCuts: 0, lpMs: 0, separationMs: 0, solvedByLp: 0 };
      const stats: Stats = { engine: engine.name, ...(engine.describeSettings ? { engineSettings: engine.describeSettings(settings) } : {}), cutKind: kind, inside: inside ? 'on' : 'off', separation: onLp ? 'lp' : 'integer', variables: model.columns.length, constraints, validRows: model.rows.length - constraints, encodeMs: elapsedMs(started), solverMs: 0 };
      const tree = engine.branchAndCut?.(model, { grid, kind, fractional: onLp, settings, deadline: started + options.timeoutMs });
      const session = onLp && !tree ? engine.incremental?.(model) : undefined;
      const solveModel = (timeLimitSeconds: number, relaxed = false) => (tree ? tree.solve() : session ? session.solve(timeLimitSeconds, relaxed) : engine.solve!(model, timeLimitSeconds, relaxed));
      const edgesOf = (values: Map<string, number>) => Uint8Array.from({ length: grid.edgeCount }, (_, e) => (values.get(edgeColumn(e))! > 0.5 ? 1 : 0));
      // Cut-set rounds on the LP relaxation: an infeasible LP proves the integer program infeasible, and an
      // integral LP point is an integer solution; otherwise the integer solve starts from a tighter model.
      // After the first round, rounds go on only while this phase has taken less time than the last integer
      // solve: easy puzzles (integer solves of 50 ms) get one round, hard ones up to the round limit.
      let lastIntegerMs = 0;
      const separateOnLp = (deadline: number): Uint8Array | 'unsat' | 'timeout' | undefined => {
        const phaseStarted = performance.now();
        for (let round = 0; round < engine.lpTuning.rounds; round++) {
          const left = deadline - performance.now();
          if (left <= 1) return 'timeout';
          if (round > 0 && performance.now() - phaseStarted > lastIntegerMs) return undefined;
          const answer = solveModel(left / 1000, true);
          lp.lpMs += answer.ms;
          stats.solverMs! += answer.ms;
          lp.rounds++;
          if (answer.status !== 'optimal') return answer.status === 'infeasible' ? 'unsat' : 'timeout';
          const x = Float64Array.from({ length: grid.edgeCount }, (_, e) => answer.values.get(edgeColumn(e)) ?? 0);
          const y = Float64Array.from({ length: grid.vertexCount }, (_, v) => answer.values.get(vertexColumn(v)) ?? 0);
          const separationStarted = performance.now();
          const cuts = violatedCutsets(grid, x, y);
          lp.separationMs += performance.now() - separationStarted;
          if (cuts.length === 0) {
            // Every column integral, vertices too: integral edges alone may still leave a vertex of degree 1.
            if ([...answer.values.values()].every((value) => value < INTEGRAL || value > 1 - INTEGRAL)) {
              lp.solvedByLp++;
              return edgesOf(answer.values);
            }
            return undefined;
          }
          model.rows.push(...cuts.map((cut, i) => cutRow(cut, `lp${lp.rounds}_${i}`)));
          lp.lpCuts += cuts.length;
        }
        return undefined;
      };
      // A branch and cut separates inside its own search, from the root on.
      let lpPending = onLp && !tree;
      const solveStep: SolveStep = async (timeLeftMs) => {
        if (lpPending) {
          lpPending = engine.lpTuning.beforeEverySolve;
          const relaxed = separateOnLp(performance.now() + timeLeftMs);
          if (relaxed !== undefined) return relaxed;
          timeLeftMs = started + options.timeoutMs - performance.now();
          if (timeLeftMs <= 1) return 'timeout';
        }
        const answer = solveModel(timeLeftMs / 1000);
        lastIntegerMs = answer.ms;
        perIteration.push(Math.round(answer.ms * 10) / 10);
        stats.solverMs! += answer.ms;
        if (answer.status !== 'optimal') return answer.status === 'infeasible' ? 'unsat' : 'timeout';
        return edgesOf(answer.values);
      };
      const cutsFor = (loops: number[][]) => {
        const rows = loopCuts(grid, loops, kind).map((cut, i) => cutRow(cut, `cut${counts.iterations}_${i}`));
        model.rows.push(...rows);
        return rows.length;
      };
      const findLoop = () => findSingleLoop(puzzle, solveStep, cutsFor, started + options.timeoutMs, counts);
      const treeStats = () => {
        if (!tree) return {};
        const { trees, nodes, fractionalCuts, integralCuts, poolCuts, callbackMs, separationMs, firstLoopMs, rootMs } = tree.stats;
        const round = (ms: number) => Math.round(ms * 10) / 10;
        return { trees, nodes, lpCuts: fractionalCuts, lazyCuts: integralCuts, poolCuts, callbackMs: round(callbackMs), separationMs: round(separationMs), ...(rootMs !== undefined ? { rootMs: round(rootMs) } : {}), ...(firstLoopMs !== undefined ? { firstLoopMs: round(firstLoopMs) } : {}) };
      };
      const finish = (outcome: Omit<SolveResult, 'stats'>): SolveResult => ({ ...outcome, stats: { ...stats, ...counts, ...lp, lpMs: Math.round(lp.lpMs * 10) / 10, separationMs: Math.round(lp.separationMs * 10) / 10, ...treeStats(), rowsAtEnd: model.rows.length, msPerIteration: perIteration.join(' ') } });
      try {
        let known: Solution | undefined;
        if (options.unique && tree?.solveBeyond) {
          // The uniqueness proof took most of the time when it ran as a second tree (on gen-20x20, 5-54 s
          // after a first loop in 2-7 s): one tree for both keeps the search that found the first loop.
          counts.iterations++;
          const { found, end, ms } = tree.solveBeyond();
          perIteration.push(Math.round(ms * 10) / 10);
          stats.solverMs! += ms;
          const [first, second] = found.map((answer): Solution => loopOf(puzzle, edgesOf(answer.values)));
          if (second) return finish(await decideUniqueness(first, async () => second));
          if (end === 'exhausted' || end === 'timeout') {
            const outcome: NoLoop = end === 'exhausted' ? 'unsat' : 'timeout';
            return finish(first ? await decideUniqueness(first, async () => outcome) : firstOutcome(outcome));
          }
          // A heuristic's point pruned the tree: the searches run again one after the other, from the first
          // loop if one was found (its lazy row is in the session's pool, as the no-good row below says too).
          known = first;
        }
        const first = known ?? (await findLoop());
        if (typeof first === 'string' || !options.unique) return finish(firstOutcome(first));
        return finish(await decideUniqueness(first, () => {
          model.rows.push(differentLoopRow(first.on));
          lpPending = onLp && !tree;
          return findLoop();
        }));
      } finally {
        session?.dispose();
        tree?.dispose();
      }
    },
  };
  return backend;
}
