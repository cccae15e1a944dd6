// sat-closure: pure SAT with connectivity as a closure relation. Three forms, by `--option closure=`:
// - elimination (default): vertex-elimination acyclicity of the oriented loop without its root's incoming
//   arc (Rankooh and Rintanen, AAAI 2021); exact, size follows the elimination width (closure-elimination.ts);
// - squaring: the transitive closure by repeated squaring; exact, (RC)^3 log(RC) (closure-squaring.ts);
// - seed: slitherlinky's recursion as written; UNSOUND ALONE, several loops can satisfy it (closure-slitherlinky.ts).
import type { BackendOption, Params, Stats } from '../../backend.ts';
import { eliminationClosure, ELIMINATION_ORDERS, ORIENTATIONS, type EliminationOrder, type Orientation } from './closure-elimination.ts';
import { slitherlinkyClosure } from './closure-slitherlinky.ts';
import { squaringClosure } from './closure-squaring.ts';
import { satBackend, type SatEncoding } from './sat-backend.ts';

export const CLOSURES = ['elimination', 'squaring', 'seed'] as const;

const closureOption: BackendOption = {
  name: 'closure',
  description: 'elimination: vertex-elimination acyclicity (Rankooh and Rintanen 2021), exact, size ~ V w^2 for elimination width w; ' +
    'squaring: transitive closure by repeated squaring, exact, ~ (RC)^3 log(RC), memout past ~8x8; ' +
    "seed: slitherlinky's recursion taken literally, UNSOUND ALONE (it accepts several loops, which the verifier rejects as error)",
  default: 'elimination',
  choices: CLOSURES,
  aliases: { slitherlinky: 'seed' },
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

export const encoding: SatEncoding = {
  name: 'sat-closure',
  description: 'pure SAT, connectivity as a closure: vertex-elimination acyclicity of the oriented loop by default (Rankooh-Rintanen); repeated squaring or slitherlinky\'s recursion by option',
  options: [closureOption, orderOption, orientOption],
  connect(model, puzzle, params: Params): Stats {
    const closure = params.closure;
    if (closure === 'squaring') return { closure, ...squaringClosure(model) };
    if (closure === 'seed') return { closure, ...slitherlinkyClosure(model) };
    return { closure: 'elimination', ...eliminationClosure(model, puzzle, params.order as EliminationOrder, params.orient as Orientation) };
  },
};

export default satBackend(encoding);
