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
// used, as a learnt clause's does, so checking backwards tests those clauses in turn. An assignment that
// unit propagation would refute first thing (a rule or a two-literal clause over its edges broken) is refuted
// so without propagating (clauses.ts, refutedAtOnce), marking what that conflict uses.
import type { ClauseSet } from './clauses.ts';
import { adjacencyOf } from './lemmas.ts';
import type { Puzzle } from '../grid.ts';

/**
 * The most edges of a rule lemma's named rules that its clause leaves open; past it the line is refused. A
 * line costs at most one RUP check per assignment of them that meets the named rules: 2^14 at most, C(14, 7)
 * = 3,432 for one face's clue. Loopy's faces have at most 12 edges, and a unit's decided edges are in its clause.
 */
export const RULE_LEMMA_MAX_OPEN_EDGES = 14;

/** Per edge, its value in the lemma being checked (OFF, ON, OPEN; NONE outside it): reused, and reset after each lemma. */
let valueOf = new Uint8Array(0);
const OFF = 0;
const ON = 1;
const OPEN = 2;
const NONE = 3;

/** Why the rule lemma does not hold (given the clauses before it, in `clauses`), or null. Vertices and faces are indices. */
export function ruleLemmaProblem(puzzle: Puzzle, clauses: ClauseSet, literals: readonly number[], vertices: readonly number[], faces: readonly number[]): string | null {
  const grid = adjacencyOf(puzzle);
  if (vertices.length + faces.length === 0) return 'it names no rule (no vertex and no face)';
  const rules: { edges: number[]; allowed: number }[] = vertices.map((v) => ({ edges: grid.edgesAtVertex(v), allowed: 0b101 }));
  for (const face of faces) {
    const clue = puzzle.clues[face];
    if (typeof clue !== 'number') return `face ${face + 1} has no clue: it names no rule`;
    rules.push({ edges: grid.edgesOfFace(face), allowed: 1 << clue });
  }
  if (valueOf.length < grid.edgeCount) valueOf = new Uint8Array(grid.edgeCount).fill(NONE);
  const touched: number[] = [];
  try {
    return search(clauses, literals, rules, touched);
  } finally {
    for (const e of touched) valueOf[e] = NONE;
  }
}

function search(clauses: ClauseSet, literals: readonly number[], rules: { edges: number[]; allowed: number }[], touched: number[]): string | null {
  // The clause's edges take the value that falsifies their literal.
  for (const literal of literals) {
    const falsified = literal & 1 ? ON : OFF;
    const e = literal >> 1;
    if (valueOf[e] === 1 - falsified) return null; // holds e and -e
    if (valueOf[e] === NONE) touched.push(e);
    valueOf[e] = falsified;
  }
  const open: number[] = [];
  for (const rule of rules) for (const e of rule.edges) if (valueOf[e] === NONE) {
    valueOf[e] = OPEN;
    touched.push(e);
    open.push(e);
  }
  if (open.length > RULE_LEMMA_MAX_OPEN_EDGES) {
    return `its rules have ${open.length} edges outside the clause; a rule lemma may leave at most ${RULE_LEMMA_MAX_OPEN_EDGES}, so that checking it tries at most 2^${RULE_LEMMA_MAX_OPEN_EDGES} assignments`;
  }
  const rulesOf = open.map((e) => rules.filter((r) => r.edges.includes(e)));
  const possible = (rule: (typeof rules)[number]): boolean => {
    let on = 0;
    let unset = 0;
    for (const e of rule.edges) {
      const v = valueOf[e];
      if (v === ON) on++;
      else if (v === OPEN) unset++;
    }
    const counts = ((1 << (unset + 1)) - 1) << on;
    return (rule.allowed & counts) !== 0;
  };
  if (!rules.every(possible)) return null;
  // The RUP clause: the lemma's literals, then each open edge's literal that the assignment falsifies. An
  // assignment whose conflict is at once (in a rule or a two-literal clause over its edges) needs no propagation.
  const check = new Int32Array(literals.length + open.length);
  check.set(literals);
  let refused: string | null = null;
  const walk = (i: number): boolean => {
    if (i === open.length) {
      for (let k = 0; k < open.length; k++) check[literals.length + k] = 2 * open[k] + valueOf[open[k]];
      if (clauses.refutedAtOnce(check) || clauses.followsByUnitPropagation(check)) return true;
      const on = open.filter((e) => valueOf[e] === ON).map((e) => e + 1);
      refused = `its rules allow an assignment of their open edges (on: ${on.join(' ') || 'none'}; the others off) that unit propagation from the clauses before it does not refute`;
      return false;
    }
    for (const bit of [OFF, ON]) {
      valueOf[open[i]] = bit;
      if (rulesOf[i].every(possible) && !walk(i + 1)) return false;
    }
    valueOf[open[i]] = OPEN;
    return true;
  };
  walk(0);
  return refused;
}
