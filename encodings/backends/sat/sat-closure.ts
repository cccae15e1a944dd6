// sat-closure: pure SAT with connectivity as a closure relation. Three forms, by `--option closure=`:
// - elimination (default): vertex-elimination acyclicity of the loop (oriented by its inside) without its
//   root's incoming arc, and reach from the root (Rankooh and Rintanen, AAAI 2021); exact, size follows the
//   elimination width (closure-elimination.ts, docs/closure.md);
// - squaring: the transitive closure by repeated squaring; exact, (RC)^3 log(RC) (closure-squaring.ts);
// - seed: slitherlinky's recursion as written; UNSOUND ALONE, several loops can satisfy it (closure-slitherlinky.ts).
import type { BackendOption, Params, Stats } from '../../backend.ts';
import { eliminationClosure, ELIMINATION_ORDERS, ORIENTATIONS, REACH, type EliminationOrder, type Orientation, type Reach } from './closure-elimination.ts';
import { slitherlinkyClosure } from './closure-slitherlinky.ts';
import { squaringClosure } from './closure-squaring.ts';
import { satBackend, type SatEncoding } from './sat-backend.ts';

export const CLOSURES = ['elimination', 'squaring', 'seed'] as const;

const closureOption: BackendOption = {
  name: 'closure',
  description: 'elimination: vertex-elimination acyclicity and reach (Rankooh and Rintanen 2021), exact, size ~ V w^2 for elimination width w ~ 1.5 sqrt(V); ' +
    'squaring: transitive closure by repeated squaring, exact, ~ (RC)^3 log(RC), memout past ~8x8; ' +
    "seed: slitherlinky's recursion taken literally, UNSOUND ALONE (it accepts several loops, which the verifier rejects as error)",
  default: 'elimination',
  choices: CLOSURES,
  aliases: { slitherlinky: 'seed' },
  unsound: ['seed'],
};

const orderOption: BackendOption = {
  name: 'order',
  description: 'elimination order of the vertex lattice for closure=elimination (min-degree: fewest clauses on grids)',
  default: 'min-degree',
  choices: ELIMINATION_ORDERS,
};

const orientOption: BackendOption = {
  name: 'orient',
  description: 'how closure=elimination orients the loop: inside (cells coloured inside/outside, the loop runs with the inside on its left; no choice) or free (a variable per arc direction)',
  default: 'inside',
  choices: ORIENTATIONS,
};

const reachOption: BackendOption = {
  name: 'reach',
  description: 'closure=elimination: apex (also require every on-loop vertex reached from the root through the exactly defined closure, so that unit propagation empties regions that cannot reach it) or none (acyclicity only)',
  default: 'apex',
  choices: REACH,
};

export const encoding: SatEncoding = {
  name: 'sat-closure',
  grids: 'any',
  description: 'pure SAT, connectivity as a closure: vertex-elimination acyclicity and reach from the root over the loop oriented by its inside (Rankooh-Rintanen) by default; repeated squaring or slitherlinky\'s recursion by option',
  options: [closureOption, orderOption, orientOption, reachOption],
  connect(model, puzzle, params: Params): Stats {
    const closure = params.closure;
    if (closure === 'squaring') return { closure, ...squaringClosure(model) };
    if (closure === 'seed') return { closure, ...slitherlinkyClosure(model) };
    return { closure: 'elimination', ...eliminationClosure(model, puzzle, params.order as EliminationOrder, params.orient as Orientation, params.reach as Reach) };
  },
};

export default satBackend(encoding);
