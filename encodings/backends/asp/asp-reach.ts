// asp-reach: every on-vertex reached from the smallest on-vertex along on-edges, in answer-set programming
// (reach.lp). Reachability is a least fixpoint under stable-model semantics, so a second loop is never
// reached and needs no cut. Grounds to about E atoms.
import { aspBackend, type AspConnectivity } from './asp-backend.ts';

export const reach: AspConnectivity = {
  name: 'asp-reach',
  description: 'ASP (clingo, wasm): reachability from the smallest on-vertex along on-edges, every on-vertex reached; ~E ground atoms',
  file: 'reach.lp',
};

export default aspBackend(reach);
