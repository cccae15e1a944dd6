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

/** Adds the rule over row `at` of a flat table (slots per row, -1 where none) with these allowed counts. */
function addRule(table: Int32Array, at: number, slots: number, allowed: number): void {
  if (ruleCount + 1 >= ruleStart.length) {
    ruleStart = grown(ruleStart, 2 * ruleStart.length);
    ruleAllowed = grown(ruleAllowed, ruleStart.length);
  }
  let top = ruleStart[ruleCount];
  if (top + slots > ruleEdges.length) ruleEdges = grown(ruleEdges, 2 * (top + slots));
  for (let i = at * slots; i < at * slots + slots; i++) if (table[i] >= 0) ruleEdges[top++] = table[i];
  ruleAllowed[ruleCount++] = allowed;
  ruleStart[ruleCount] = top;
}

/** Per edge, its value in the lemma being checked (OFF, ON, OPEN; NONE outside it): reused, and reset after each lemma. */
let valueOf = new Uint8Array(0);
const OFF = 0;
const ON = 1;
const OPEN = 2;
const NONE = 3;

/**
 * The lemma being checked, in reused arrays (a proof of deduction has a rule lemma per few edges): its named
 * rules' edges (ruleEdges[ruleStart[k] ..< ruleStart[k + 1]]) and allowed counts as bits, its open edges, the
 * edges it gave a value, and the RUP clause of an assignment.
 */
let ruleEdges = new Int32Array(64);
let ruleStart = new Int32Array(9);
let ruleAllowed = new Int32Array(8);
let ruleCount = 0;
const open = new Int32Array(RULE_LEMMA_MAX_OPEN_EDGES);
let openCount = 0;
let touched = new Int32Array(64);
let touchedCount = 0;
let check = new Int32Array(64);
let clauseLength = 0;
let refused: string | null = null;

/** Why the rule lemma does not hold (given the clauses before it, in `clauses`), or null. Vertices and faces are indices. */
export function ruleLemmaProblem(puzzle: Puzzle, clauses: ClauseSet, literals: ArrayLike<number>, vertices: ArrayLike<number>, faces: ArrayLike<number>): string | null {
  const grid = adjacencyOf(puzzle).flat;
  if (vertices.length + faces.length === 0) return 'it names no rule (no vertex and no face)';
  ruleCount = 0;
  ruleStart[0] = 0;
  for (let k = 0; k < vertices.length; k++) addRule(grid.vertexEdges, vertices[k], grid.vertexSlots, 0b101);
  for (let k = 0; k < faces.length; k++) {
    const clue = puzzle.clues[faces[k]];
    if (typeof clue !== 'number') return `face ${faces[k] + 1} has no clue: it names no rule`;
    addRule(grid.cellEdges, faces[k], grid.cellSlots, 1 << clue);
  }
  if (valueOf.length < grid.edgeCount) valueOf = new Uint8Array(grid.edgeCount).fill(NONE);
  touchedCount = 0;
  try {
    return problem(clauses, literals);
  } finally {
    for (let k = 0; k < touchedCount; k++) valueOf[touched[k]] = NONE;
  }
}

function grown(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(size);
  bigger.set(array);
  return bigger;
}

function touch(e: number, value: number): void {
  if (valueOf[e] === NONE) {
    if (touchedCount === touched.length) touched = grown(touched, 2 * touchedCount);
    touched[touchedCount++] = e;
  }
  valueOf[e] = value;
}

function problem(clauses: ClauseSet, literals: ArrayLike<number>): string | null {
  // The clause's edges take the value that falsifies their literal.
  for (let k = 0; k < literals.length; k++) {
    const falsified = literals[k] & 1 ? ON : OFF;
    const e = literals[k] >> 1;
    if (valueOf[e] === 1 - falsified) return null; // holds e and -e
    touch(e, falsified);
  }
  openCount = 0;
  let openEdges = 0;
  for (let k = 0; k < ruleStart[ruleCount]; k++) {
    const e = ruleEdges[k];
    if (valueOf[e] !== NONE) continue;
    touch(e, OPEN);
    if (openCount < RULE_LEMMA_MAX_OPEN_EDGES) open[openCount++] = e;
    openEdges++;
  }
  if (openEdges > RULE_LEMMA_MAX_OPEN_EDGES) {
    return `its rules have ${openEdges} edges outside the clause; a rule lemma may leave at most ${RULE_LEMMA_MAX_OPEN_EDGES}, so that checking it tries at most 2^${RULE_LEMMA_MAX_OPEN_EDGES} assignments`;
  }
  for (let r = 0; r < ruleCount; r++) if (!possible(r)) return null;
  // The RUP clause: the lemma's literals, then each open edge's literal that the assignment falsifies. An
  // assignment whose conflict is at once (in a rule or a two-literal clause over its edges) needs no propagation.
  clauseLength = literals.length;
  if (check.length < clauseLength + openCount) check = new Int32Array(2 * (clauseLength + openCount));
  for (let k = 0; k < clauseLength; k++) check[k] = literals[k];
  refused = null;
  walk(clauses, 0);
  return refused;
}

/** Whether rule r can still meet its count with the values set so far. */
function possible(r: number): boolean {
  let on = 0;
  let unset = 0;
  for (let k = ruleStart[r]; k < ruleStart[r + 1]; k++) {
    const v = valueOf[ruleEdges[k]];
    if (v === ON) on++;
    else if (v === OPEN) unset++;
  }
  return (ruleAllowed[r] & (((1 << (unset + 1)) - 1) << on)) !== 0;
}

/** Whether every rule holding edge e can still meet its count. */
function possibleAround(e: number): boolean {
  for (let r = 0; r < ruleCount; r++) {
    for (let k = ruleStart[r]; k < ruleStart[r + 1]; k++) {
      if (ruleEdges[k] !== e) continue;
      if (!possible(r)) return false;
      break;
    }
  }
  return true;
}

/** Tries every assignment of open[i..] that meets the rules; false (and `refused` set) at one that unit propagation does not refute. */
function walk(clauses: ClauseSet, i: number): boolean {
  if (i === openCount) {
    const n = clauseLength + openCount;
    for (let k = 0; k < openCount; k++) check[clauseLength + k] = 2 * open[k] + valueOf[open[k]];
    if (clauses.refutedAtOnce(check, 0, n) || clauses.followsByUnitPropagation(check, 0, n)) return true;
    const on: number[] = [];
    for (let k = 0; k < openCount; k++) if (valueOf[open[k]] === ON) on.push(open[k] + 1);
    refused = `its rules allow an assignment of their open edges (on: ${on.join(' ') || 'none'}; the others off) that unit propagation from the clauses before it does not refute`;
    return false;
  }
  const e = open[i];
  for (let bit = OFF; bit <= ON; bit++) {
    valueOf[e] = bit;
    if (possibleAround(e) && !walk(clauses, i + 1)) return false;
  }
  valueOf[e] = OPEN;
  return true;
}
