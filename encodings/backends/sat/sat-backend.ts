// What every SAT back-end shares: the degree and clue CNF, the engine (an encoding never knows which one
// runs it), and the shared protocol: solve, cut extra loops (sat-lazy), prove uniqueness by forbidding the
// loop found. Each back-end supplies only its connectivity encoding.
import type { Backend, BackendOption, EncodedCnf, Params, SolveOptions, SolveResult, Stats } from '../../backend.ts';
import { defaultSolveOptions, optionValue } from '../../backend.ts';
import { elapsedMs } from '../../clock.ts';
import type { Puzzle } from '../../grid.ts';
import { decideUniqueness, edgesOff, findSingleLoop, firstOutcome, type LoopCounts, type SolveStep } from '../../protocol.ts';
import type { Clause } from './cnf.ts';
import { createEngine, engineAvailability, engineVersion, ENGINE_NAMES, MemoutError, preloadLogicSolver, PROOF_ENGINES, type EngineName } from './engines.ts';
import { LazyProof } from './lazy-proof.ts';
import { degreeAndClueCnf, type PuzzleCnf } from './puzzle-cnf.ts';

export interface SatEncoding {
  name: string;
  description: string;
  /** The encoding's own options (beside the engine); `connect` gets them with defaults filled in. */
  options?: readonly BackendOption[];
  /** The grids its connectivity part is written for (Backend.grids): the degree and clue CNF fits any. */
  grids?: 'square' | 'any';
  /** Adds the connectivity clauses to the degree and clue CNF; returns their sizes (and the formula they follow). */
  connect?(model: PuzzleCnf, puzzle: Puzzle, params: Params): Stats;
  /**
   * Clauses that forbid these loops together (sat-lazy); none for an encoding that is connected already. With
   * `certify`, over the edge variables only, each a cycle lemma (docs/proof-format.md).
   */
  cuts?(model: PuzzleCnf, loops: number[][], certify?: boolean): Clause[];
  /** Its CNF, cuts included, can be over the edge variables alone, so that a DRAT proof certifies the answer. */
  certifies?: boolean;
}

export const engineOption: BackendOption = { name: 'engine', description: 'SAT engine (also --sat-engine)', default: 'logic-solver', choices: ENGINE_NAMES };

/** The whole CNF of a puzzle under an encoding, before any cut. Throws RangeError when it would be too large. */
export function encodeCnf(encoding: SatEncoding, puzzle: Puzzle, params: Params = {}): { model: PuzzleCnf; stats: Stats } {
  const model = degreeAndClueCnf(puzzle);
  const stats = encoding.connect?.(model, puzzle, params) ?? {};
  return { model, stats };
}

export function satBackend(encoding: SatEncoding): Backend {
  // The encoding's options with their defaults (and old spellings) resolved.
  const encodingParams = (options: SolveOptions): Params =>
    Object.fromEntries((encoding.options ?? []).map((o) => [o.name, optionValue(backend, options, o.name)]));
  const backend: Backend = {
    name: encoding.name,
    description: encoding.description,
    grids: encoding.grids,
    options: [engineOption, ...(encoding.options ?? [])],
    async prepare() {
      preloadLogicSolver();
    },
    async available() {
      return { available: true, detail: ENGINE_NAMES.filter((n) => engineAvailability(n).available).join(', ') };
    },
    async version(params = {}) {
      return engineVersion((params.engine ?? engineOption.default) as EngineName);
    },
    certifies(params: Params = {}) {
      if (!encoding.certifies) return `${encoding.name}'s CNF has helper variables beside the edges: a DRAT proof of it would certify the answer only relative to the encoding`;
      const engineName = (params.engine ?? engineOption.default) as EngineName;
      if (!PROOF_ENGINES.includes(engineName)) return `${engineName} writes no DRAT proof: certify with --option engine=${PROOF_ENGINES.join('|')}`;
      return true;
    },
    cnf(puzzle: Puzzle, params: Params = {}): EncodedCnf {
      const { model, stats } = encodeCnf(encoding, puzzle, encodingParams({ ...defaultSolveOptions, params }));
      return { variableCount: model.cnf.variableCount, clauses: model.cnf.clauses, edgeVariable: model.edge, toDimacs: (comments) => model.cnf.toDimacs(comments), stats };
    },
    async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
      const started = performance.now();
      const deadline = started + options.timeoutMs;
      const engineName = optionValue(backend, options, 'engine') as EngineName;
      const availability = engineAvailability(engineName);
      const stats: Stats = { engine: engineName };
      if (!availability.available) return { status: 'error', solution: null, unique: null, stats, message: availability.reason };
      let model: PuzzleCnf;
      try {
        const built = encodeCnf(encoding, puzzle, encodingParams(options));
        model = built.model;
        Object.assign(stats, built.stats);
      } catch (error) {
        if (error instanceof RangeError) return { status: 'memout', solution: null, unique: null, stats, message: `encoding too large: ${error.message}` };
        throw error;
      }
      const { cnf, grid, edge } = model;
      Object.assign(stats, { variables: cnf.variableCount, constraints: cnf.clauses.length, encodeMs: elapsedMs(started) });
      // resolve=scratch (an encoding option of sat-lazy): a new engine for every solve, to measure what
      // incremental re-solving saves.
      const scratch = encodingParams(options).resolve === 'scratch';
      // Certifying: every clause of the CNF goes into the proof with its reason; the engine writes DRAT.
      const proof = options.certify && backend.certifies!(options.params) === true && !puzzle.fixedEdges?.length && LazyProof.edgesOnly(grid, cnf.variableCount, edge) ? new LazyProof(grid) : null;
      for (const clause of proof ? cnf.clauses : []) proof!.rule(clause);
      let engine = createEngine(engineName, { proof: proof !== null });
      stats.incremental = engine.incremental && !scratch;
      const counts: LoopCounts = { iterations: 0, cuts: 0 };
      let solverMs = 0;
      let added = 0;

      const solveStep: SolveStep = async (timeLeftMs) => {
        if (scratch && added > 0) {
          engine = createEngine(engineName, { proof: proof !== null });
          added = 0;
        }
        engine.addClauses(cnf.clauses.slice(added), cnf.variableCount);
        added = cnf.clauses.length;
        const answer = await engine.solve(timeLeftMs);
        solverMs += engine.lastSolveMs;
        if (answer !== 'sat') return answer;
        return Uint8Array.from({ length: grid.edgeCount }, (_, e) => (engine.value(edge(e)) ? 1 : 0));
      };
      const cutsFor = (loops: number[][]) => {
        if (!encoding.cuts) return 0;
        for (const clause of encoding.cuts(model, loops, proof !== null)) {
          cnf.add(clause);
          proof?.cut(clause);
        }
        return loops.length;
      };
      const findLoop = () => findSingleLoop(puzzle, solveStep, cutsFor, deadline, counts);
      const finish = (outcome: Omit<SolveResult, 'stats'>): SolveResult => {
        Object.assign(stats, { solverMs, iterations: counts.iterations, ...(encoding.cuts ? { cuts: counts.cuts, firstModelLoops: counts.firstModelLoops ?? null } : {}), clausesAtEnd: cnf.clauses.length });
        // A proof of the last run's unsat answer: no loop at all, or none but the first one.
        const proven = outcome.status === 'unsat' || outcome.unique === true;
        const drat = proven ? engine.lastProof : null;
        return drat && proof ? { ...outcome, proof: proof.text(outcome.unique ? outcome.solution : null, drat), stats } : { ...outcome, stats };
      };
      try {
        const first = await findLoop();
        if (typeof first === 'string' || !options.unique) return finish(firstOutcome(first));
        return finish(await decideUniqueness(first, () => {
          // Some edge that this loop leaves off is on.
          const blocking = edgesOff(first).map(edge);
          cnf.add(blocking);
          proof?.blocking(blocking);
          return findLoop();
        }));
      } catch (error) {
        if (error instanceof MemoutError) return finish({ status: 'memout', solution: null, unique: null, message: error.message });
        throw error;
      }
    },
  };
  return backend;
}
