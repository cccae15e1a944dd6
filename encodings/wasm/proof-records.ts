// The records of a proof written by a wasm core after its startProof (docs/proof-format.md), in one file that
// the cores (AssemblyScript) and cdcl/proof-log.ts (TypeScript), which turns them into the proof's text, import
// (auto's core turns its deduction's records into text itself, with proof-text.ts beside this file):
// [kind, n, literal x n] (literal 2e: edge e on, 2e + 1: off), a cut lemma followed by [hinge vertex or -1, m,
// vertex x m], a rule lemma by [m, vertex x m, k, face x k] (the rules it names). A cycle lemma names no cycle:
// the checker finds it among the clause's off edges (docs/proof-format.md). The cdcl core writes learnt
// clauses, cycle and cut lemmas, the blocking clause and the empty clause (no deletion: it keeps only the lines
// the empty clause needs); the rules core (auto's deduction) learnt clauses, cycle lemmas, rule lemmas (on grids
// other than the square) and the empty clause.
export const PROOF_LEARNT = 1;
export const PROOF_DELETE = 2;
export const PROOF_WINDOW = 3;
export const PROOF_CYCLE = 4;
export const PROOF_CUT = 5;
export const PROOF_BLOCKING = 6;
export const PROOF_EMPTY = 7;
export const PROOF_RULE = 9;
/** The most edges a rule lemma's rules may leave open, the checker's bound (certify/rule-lemma.ts; a test holds them equal). */
export const PROOF_RULE_MAX_OPEN_EDGES = 14;
