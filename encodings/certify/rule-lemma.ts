// The rule lemma (`r LITS 0 VERTICES 0 FACES 0`): a clause implied by a few named rules (vertices' degree rules,
// clued faces' counts) together with the clauses before it. What a face's or a vertex's ring decides, or parity,
// rests on that unit's rule and on clauses already in the proof (its corners' clauses, the equal-or-opposite
// pairs of edge classes), so neither the window lemma (the base near its edges alone, within 16 edges) nor a
// single learnt clause states it; split on the unit's open edges it is one line, not one per assignment.
//
// Test: every assignment of the named rules' edges outside the clause (at most RULE_LEMMA_MAX_OPEN_EDGES of
// them) that meets the named rules with the clause false must be refuted by unit propagation from the clauses
// before the line: "clause or not this assignment" follows by RUP. Why that is enough: a solution falsifying
// the clause meets every rule, so it gives such an assignment; it satisfies that RUP clause (valid, as
// clauses.ts argues), so it does not take that assignment after all. Each RUP check marks what its conflict
// used, as a learnt clause's does, so checking backwards tests those clauses in turn.
import type { ClauseSet } from './clauses.ts';
import { adjacencyOf } from './lemmas.ts';
import type { Puzzle } from '../grid.ts';

/**
 * The most edges of a rule lemma's named rules that its clause leaves open; past it the line is refused. A
 * line costs at most one RUP check per assignment of them that meets the named rules: 2^14 at most, C(14, 7)
 * = 3,432 for one face's clue. Loopy's faces have at most 12 edges, and a unit's decided edges are in its clause.
 */
export const RULE_LEMMA_MAX_OPEN_EDGES = 14;

/** Per grid: each edge's value while a line is judged (1 on, 0 off, -1 open), current where its mark is the line's stamp. */
const scratches = new WeakMap<object, { stamp: number; mark: Int32Array; value: Int8Array }>();

/** Why the rule lemma does not hold (given the clauses before it, in `clauses`), or null. Vertices and faces are indices. */
export function ruleLemmaProblem(puzzle: Puzzle, clauses: ClauseSet, literals: readonly number[], vertices: readonly number[], faces: readonly number[]): string | null {
  const { flat } = adjacencyOf(puzzle);
  if (vertices.length + faces.length === 0) return 'it names no rule (no vertex and no face)';
  // The named rules' edges, one after another (rule k's from ruleStart[k]), and their allowed counts as bits.
  const ruleEdges: number[] = [];
  const ruleStart: number[] = [0];
  const allowed: number[] = [];
  const take = (table: Int32Array, slots: number, k: number, counts: number) => {
    for (let i = k * slots; i < k * slots + slots; i++) if (table[i] >= 0) ruleEdges.push(table[i]);
    ruleStart.push(ruleEdges.length);
    allowed.push(counts);
  };
  for (const v of vertices) take(flat.vertexEdges, flat.vertexSlots, v, 0b101);
  for (const face of faces) {
    const clue = puzzle.clues[face];
    if (typeof clue !== 'number') return `face ${face + 1} has no clue: it names no rule`;
    take(flat.cellEdges, flat.cellSlots, face, clue >= 0 && clue <= 30 ? 1 << clue : 0);
  }
  let scratch = scratches.get(flat);
  if (!scratch) scratches.set(flat, (scratch = { stamp: 0, mark: new Int32Array(flat.edgeCount), value: new Int8Array(flat.edgeCount) }));
  const { mark, value } = scratch;
  const stamp = ++scratch.stamp;
  // The clause's edges take the value that falsifies their literal.
  for (const literal of literals) {
    const e = literal >> 1;
    const falsified = literal & 1;
    if (mark[e] === stamp && value[e] !== falsified) return null; // holds e and -e
    mark[e] = stamp;
    value[e] = falsified;
  }
  const open: number[] = [];
  for (const e of ruleEdges) if (mark[e] !== stamp) {
    mark[e] = stamp;
    value[e] = -1;
    open.push(e);
  }
  if (open.length > RULE_LEMMA_MAX_OPEN_EDGES) {
    return `its rules have ${open.length} edges outside the clause; a rule lemma may leave at most ${RULE_LEMMA_MAX_OPEN_EDGES}, so that checking it tries at most 2^${RULE_LEMMA_MAX_OPEN_EDGES} assignments`;
  }
  /** Whether every named rule can still reach an allowed count. */
  const possible = (): boolean => {
    for (let k = 0; k < allowed.length; k++) {
      let on = 0;
      let unset = 0;
      for (let i = ruleStart[k]; i < ruleStart[k + 1]; i++) {
        const v = value[ruleEdges[i]];
        if (v === 1) on++;
        else if (v === -1) unset++;
      }
      if ((allowed[k] & (((1 << (unset + 1)) - 1) << on)) === 0) return false;
    }
    return true;
  };
  if (!possible()) return null;
  // The RUP clause: the lemma's literals, then each open edge's literal that the assignment falsifies.
  const n = literals.length;
  const check = new Int32Array(n + open.length);
  for (let k = 0; k < n; k++) check[k] = literals[k];
  // Depth first over the open edges; an assignment of the first i that unit propagation refutes covers every way
  // to go on from it (its RUP clause implies theirs), so the search goes no deeper there. Tried at every second
  // edge (a corner's clause falls with two): on 8 compassdodecagonal 10x10 proofs a check takes half the time.
  const search = (i: number): boolean => {
    if (open.length === 0) return clauses.followsByUnitPropagation(check);
    if (i > 0) {
      check[n + i - 1] = 2 * open[i - 1] + value[open[i - 1]];
      if ((i === open.length || i % 2 === 0) && clauses.followsByUnitPropagation(check.subarray(0, n + i))) return true;
      if (i === open.length) return false;
    }
    for (let bit = 0; bit < 2; bit++) {
      value[open[i]] = bit;
      if (possible() && !search(i + 1)) return false;
    }
    value[open[i]] = -1;
    return true;
  };
  if (search(0)) return null;
  const on = open.filter((e) => value[e] === 1).map((e) => e + 1);
  return `its rules allow an assignment of their open edges (on: ${on.join(' ') || 'none'}; the others off) that unit propagation from the clauses before it does not refute`;
}
