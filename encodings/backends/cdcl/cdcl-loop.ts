// cdcl-loop: our own CDCL solver over the edge variables, on the shared degree and clue CNF, with the
// single-loop rule as a propagator inside the search (sat-lazy's cuts, applied to partial assignments
// with reason clauses instead of after full models). Uniqueness: a blocking clause, then a second search
// that keeps everything learnt in the first.
import { elapsedMs, now } from '../../clock.ts';
import { defaultSolveOptions, onOff, optionValue, type Backend, type BackendOption, type SolveOptions, type SolveResult } from '../../backend.ts';
import { edgeCountOf, type Puzzle } from '../../grid.ts';
import { OWN_CODE } from '../../project.ts';
import { createLoopSearch, Portfolio, proofOf, searchCertifies, writesProof, type Core, type LoopSearchOptions } from './loop-search.ts';
import { CONNECTIVITY, type Connectivity } from './loop-propagator.ts';
import { loadCdclCore } from './wasm/binding.ts';

/** The options of the search itself, which auto passes on. */
export const SEARCH_OPTIONS: BackendOption[] = [
  { name: 'connectivity', description: "components: also split the graph of edges not off into components after each fixpoint (two holding on-edges: conflict; one without: its edges off), which spares the search many conflicts on fully minimal puzzles; blocks: also the block rule (the loop lies in one biconnected block of that graph: edges beyond a cut vertex off, an on-edge there or on a bridge a conflict); off: the path rules only", default: 'blocks', choices: CONNECTIVITY },
  onOff('corners', 'on: add the corner rules of liu-wu-sun as clauses over pairs of edges (a clue cell\'s corner: both edges on or both off, or exactly one); off: the degree and clue CNF only'),
  { name: 'core', description: 'wasm: the solver compiled to WebAssembly (fast from the first solve in a process); typescript: the reference it is tested against', default: 'wasm', choices: ['wasm', 'typescript'] },
];

/** The search options chosen for a back-end that declares SEARCH_OPTIONS. */
export function searchOptions(backend: Backend, options: SolveOptions): LoopSearchOptions {
  return {
    corners: optionValue(backend, options, 'corners') === 'on',
    connectivity: optionValue(backend, options, 'connectivity') as Connectivity,
    core: optionValue(backend, options, 'core') as Core,
    seed: options.seed,
  };
}

const backend: Backend = {
  name: 'cdcl-loop',
  description: 'own CDCL solver (watched literals, 1-UIP, VSIDS, LBD restarts, rephasing) on the degree + clue CNF, with a single-loop propagator inside the search; in wasm',
  options: SEARCH_OPTIONS,
  // Any planar grid in the wasm core (the corner rules on the square grid only); core=typescript: the square grid.
  grids: 'any',
  ...OWN_CODE,
  async prepare() {
    loadCdclCore();
  },
  // One puzzle per process: every function of the core compiled by the optimising compiler in prepare (outside
  // the solve's time); search runs long enough in the core that the baseline compiler's code costs more.
  oneShotV8Flags: ['--no-liftoff', '--no-wasm-lazy-compilation'],
  certifies(params) {
    return searchCertifies({ core: optionValue(backend, { ...defaultSolveOptions, params }, 'core') as Core });
  },
  // The wasm core writes its proof as it searches, for a small share of the solve's own time (docs/results/certify.md).
  certifiesByDefault(params) {
    return backend.certifies!(params) === true;
  },
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = now();
    const chosen = searchOptions(backend, options);
    const certify = writesProof(options.certify, puzzle, chosen);
    const search = createLoopSearch(puzzle, chosen, undefined, certify);
    const encodeMs = elapsedMs(started);
    const portfolio = new Portfolio(search);
    const outcome = portfolio.run(puzzle, started + options.timeoutMs, options.unique);
    const stats = { variables: edgeCountOf(puzzle), constraints: search.clauses, cornerClauses: search.cornerCount, encodeMs, solverMs: elapsedMs(started) - encodeMs, ...portfolio.stats() };
    const proof = certify ? proofOf(search, puzzle, outcome) : undefined;
    return { ...outcome, ...(proof ? { proof } : {}), stats };
  },
};

export default backend;
