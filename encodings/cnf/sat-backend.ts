// What every SAT back-end shares: choose the engine, solve, read the loop, optionally cut extra loops
// (sat-lazy), and prove uniqueness by blocking the loop found. Each back-end supplies only its
// connectivity encoding.
import type { Backend, BackendOption, SolveOptions, SolveResult, Stats } from '../backend.ts';
import { optionValue } from '../backend.ts';
import type { Puzzle } from '../grid.ts';
import { edgeComponents, type Solution } from '../solution.ts';
import type { Clause } from './builder.ts';
import { createEngine, engineAvailability, ENGINE_NAMES, MemoutError, preloadLogicSolver, type EngineName } from './engines.ts';
import { rulesCnf, type PuzzleCnf } from './slitherlink.ts';

export interface SatEncoding {
  name: string;
  description: string;
  /** Adds the connectivity clauses; returns stats about their size (e.g. the formula of R and C). */
  connect?(encoded: PuzzleCnf, puzzle: Puzzle): Stats;
  /** Clauses that forbid the extra loops of a model (sat-lazy); none when the model is one loop. */
  cuts?(encoded: PuzzleCnf, loops: number[][]): Clause[];
}

export const engineOption: BackendOption = { name: 'engine', description: 'SAT engine (also --sat-engine)', default: 'logic-solver', choices: ENGINE_NAMES };

/** The CNF an encoding gives for a puzzle (for `encode --dimacs`). */
export function encodeCnf(encoding: SatEncoding, puzzle: Puzzle): { encoded: PuzzleCnf; stats: Stats } {
  const encoded = rulesCnf(puzzle);
  const stats = encoding.connect?.(encoded, puzzle) ?? {};
  return { encoded, stats };
}

const elapsed = (since: number) => performance.now() - since;

export function satBackend(encoding: SatEncoding): Backend {
  const backend: Backend = {
    name: encoding.name,
    description: encoding.description,
    options: [engineOption],
    async prepare() {
      preloadLogicSolver();
    },
    async available() {
      return { available: true, detail: ENGINE_NAMES.filter((n) => engineAvailability(n).available).join(', ') };
    },
    async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
      const started = performance.now();
      const engineName = optionValue(backend, options, 'engine') as EngineName;
      const availability = engineAvailability(engineName);
      if (!availability.available) return { status: 'error', solution: null, unique: null, stats: { engine: engineName }, message: availability.reason };
      let encoded: PuzzleCnf;
      const stats: Stats = { engine: engineName };
      try {
        const built = encodeCnf(encoding, puzzle);
        encoded = built.encoded;
        Object.assign(stats, built.stats);
      } catch (error) {
        if (error instanceof RangeError) return { status: 'memout', solution: null, unique: null, stats, message: `encoding too large: ${error.message}` };
        throw error;
      }
      const { cnf, grid, edge } = encoded;
      stats.variables = cnf.variableCount;
      stats.clauses = cnf.clauses.length;
      stats.encodeMs = elapsed(started);
      const engine = createEngine(engineName);
      stats.incremental = engine.incremental;
      let iterations = 0;
      let cuts = 0;
      let solverMs = 0;
      const finish = (result: Omit<SolveResult, 'stats'>): SolveResult => {
        Object.assign(stats, { solverMs, iterations, ...(encoding.cuts ? { cuts } : {}), clausesAtEnd: cnf.clauses.length });
        return { ...result, stats };
      };
      let added = 0;
      const push = () => {
        engine.addClauses(cnf.clauses.slice(added), cnf.variableCount);
        added = cnf.clauses.length;
      };
      /** One loop, or null when unsat / out of time. */
      const findLoop = async (): Promise<Solution | 'unsat' | 'timeout' | 'memout'> => {
        for (;;) {
          const left = options.timeoutMs - elapsed(started);
          if (left <= 0) return 'timeout';
          push();
          iterations++;
          const answer = await engine.solve(left);
          solverMs += engine.lastSolveMs;
          if (answer !== 'sat') return answer;
          const on = new Uint8Array(grid.edgeCount);
          for (let e = 0; e < grid.edgeCount; e++) on[e] = engine.value(edge(e)) ? 1 : 0;
          if (encoding.cuts) {
            const loops = edgeComponents(grid, (e) => on[e] === 1);
            if (loops.length > 1) {
              for (const clause of encoding.cuts(encoded, loops)) cnf.add(clause);
              cuts += loops.length;
              continue;
            }
          }
          return { rows: puzzle.rows, cols: puzzle.cols, on };
        }
      };
      try {
        const first = await findLoop();
        if (typeof first === 'string') return finish({ status: first === 'unsat' ? 'unsat' : first, solution: null, unique: null });
        if (!options.unique) return finish({ status: 'solved', solution: first, unique: null });
        // Block this loop on the edge variables and look for another.
        cnf.add(Array.from({ length: grid.edgeCount }, (_, e) => (first.on[e] ? -edge(e) : edge(e))));
        const second = await findLoop();
        if (second === 'unsat') return finish({ status: 'solved', solution: first, unique: true });
        if (typeof second === 'string') return finish({ status: 'solved', solution: first, unique: null, message: `uniqueness not decided (${second})` });
        return finish({ status: 'solved', solution: first, unique: false, secondSolution: second });
      } catch (error) {
        if (error instanceof MemoutError) return finish({ status: 'memout', solution: null, unique: null, message: error.message });
        throw error;
      }
    },
  };
  return backend;
}
