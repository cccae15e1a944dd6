// asp-closure (slitherlinky): its "connected" relation over ordered pairs of on-edges, taken literally, in
// answer-set programming (closure.lp). The recursion that is unsound in SAT (sat-closure closure=seed) is the
// exact transitive closure under stable-model semantics. Grounds to about E^2 atoms and 6 E^2 rules.
import { aspBackend, type AspConnectivity } from './asp-backend.ts';

/** Past this many c(i, j) derivation rules (about 6 E^2) clingo runs out of wasm memory: 1.4M (15x15) ground, 4.2M (20x20) did not. */
const MAX_RULES = 3_000_000;

export const closure: AspConnectivity = {
  name: 'asp-closure',
  description: "ASP (clingo, wasm): slitherlinky's transitive closure of connected on-edges as written, sound under stable-model semantics; ~E^2 ground atoms",
  file: 'closure.lp',
  // On the hard 10x10 Loopy set clingo's auto configuration took a median of 20 s (one run past 60 s), handy 5.7 s.
  configuration: 'handy',
  tooLarge(grid) {
    const rules = 6 * grid.edgeCount * grid.edgeCount;
    return rules > MAX_RULES ? `about ${rules} ground closure rules for ${grid.edgeCount} edges (limit ${MAX_RULES})` : null;
  },
};

export default aspBackend(closure);
