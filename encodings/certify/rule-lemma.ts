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
import { adjacencyOf, clueCounts, VERTEX_COUNTS } from './lemmas.ts';
import type { Puzzle } from '../grid.ts';

/**
 * The most edges of a rule lemma's named rules that its clause leaves open; past it the line is refused. A
 * line costs at most one RUP check per assignment of them that meets the named rules: 2^14 at most, C(14, 7)
 * = 3,432 for one face's clue. Loopy's faces have at most 12 edges, and a unit's decided edges are in its clause.
 */
export const RULE_LEMMA_MAX_OPEN_EDGES = 14;

/** Per grid: each edge's value while a line is judged (1 on, 0 off, -1 open), current where its mark is the line's stamp. */
const scratches = new WeakMap<object, { stamp: number; mark: Int32Array; value: Int8Array; check: Int32Array }>();

/** The line being judged: its named rules (rule k's edges are edges[start[k] ..< start[k + 1]], its counts as bits), open edges and RUP clause. */
interface Search {
  readonly clauses: ClauseSet;
  readonly value: Int8Array;
  readonly edges: number[];
  readonly start: number[];
  readonly allowed: number[];
  readonly open: number[];
  /** The lemma's literals, then the literal each open edge assigned so far falsifies. */
  readonly check: Int32Array;
  readonly n: number;
}

/**
 * Why the rule lemma does not hold (given the clauses before it, in `clauses`), or null. Its named rules are
 * `named` from `at` on: the number of vertices, the vertices, the number of faces, the faces (as indices), as
 * the checker keeps them for every rule lemma of a proof in one list.
 */
export function ruleLemmaProblem(puzzle: Puzzle, clauses: ClauseSet, literals: ArrayLike<number>, named: ArrayLike<number>, at = 0): string | null {
  const { flat } = adjacencyOf(puzzle);
  const vertexCount = named[at];
  const faceCount = named[at + 1 + vertexCount];
  if (vertexCount + faceCount === 0) return 'it names no rule (no vertex and no face)';
  const edges: number[] = [];
  const start: number[] = [0];
  const allowed: number[] = [];
  for (let k = at + 1; k < at + 1 + vertexCount; k++) takeRule(edges, start, allowed, flat.vertexEdges, flat.vertexSlots, named[k], VERTEX_COUNTS);
  for (let k = at + 2 + vertexCount; k < at + 2 + vertexCount + faceCount; k++) {
    const face = named[k];
    const clue = puzzle.clues[face];
    if (typeof clue !== 'number') return `face ${face + 1} has no clue: it names no rule`;
    takeRule(edges, start, allowed, flat.cellEdges, flat.cellSlots, face, clueCounts(clue));
  }
  let scratch = scratches.get(flat);
  if (!scratch) scratches.set(flat, (scratch = { stamp: 0, mark: new Int32Array(flat.edgeCount), value: new Int8Array(flat.edgeCount), check: new Int32Array(64) }));
  const { mark, value } = scratch;
  const stamp = ++scratch.stamp;
  // The clause's edges take the value that falsifies their literal.
  for (let k = 0; k < literals.length; k++) {
    const literal = literals[k];
    const e = literal >> 1;
    const falsified = literal & 1;
    if (mark[e] === stamp && value[e] !== falsified) return null; // holds e and -e
    mark[e] = stamp;
    value[e] = falsified;
  }
  const open: number[] = [];
  for (let k = 0; k < edges.length; k++) {
    const e = edges[k];
    if (mark[e] === stamp) continue;
    mark[e] = stamp;
    value[e] = -1;
    open.push(e);
  }
  if (open.length > RULE_LEMMA_MAX_OPEN_EDGES) {
    return `its rules have ${open.length} edges outside the clause; a rule lemma may leave at most ${RULE_LEMMA_MAX_OPEN_EDGES}, so that checking it tries at most 2^${RULE_LEMMA_MAX_OPEN_EDGES} assignments`;
  }
  const n = literals.length;
  // The RUP clause of an assignment: the lemma's literals, then one per open edge assigned (in the grid's scratch, grown when a line needs more).
  if (scratch.check.length < n + open.length) scratch.check = new Int32Array(2 * (n + open.length));
  const search: Search = { clauses, value, edges, start, allowed, open, check: scratch.check, n };
  for (let k = 0; k < n; k++) search.check[k] = literals[k];
  if (!possible(search) || refuted(search, 0)) return null;
  const on = open.filter((e) => value[e] === 1).map((e) => e + 1);
  return `its rules allow an assignment of their open edges (on: ${on.join(' ') || 'none'}; the others off) that unit propagation from the clauses before it does not refute`;
}

function takeRule(edges: number[], start: number[], allowed: number[], table: Int32Array, slots: number, k: number, counts: number): void {
  for (let i = k * slots; i < k * slots + slots; i++) if (table[i] >= 0) edges.push(table[i]);
  start.push(edges.length);
  allowed.push(counts);
}

/** Whether every named rule can still reach an allowed count. */
function possible({ value, edges, start, allowed }: Search): boolean {
  for (let k = 0; k < allowed.length; k++) {
    let on = 0;
    let unset = 0;
    for (let i = start[k]; i < start[k + 1]; i++) {
      const v = value[edges[i]];
      if (v === 1) on++;
      else if (v === -1) unset++;
    }
    if ((allowed[k] & (((1 << (unset + 1)) - 1) << on)) === 0) return false;
  }
  return true;
}

/**
 * Whether every assignment of the open edges from the i-th on, after those before it, that meets the named
 * rules is refuted by unit propagation (else the open edges keep the one that is not). Depth first; an
 * assignment of the first i that unit propagation refutes covers every way to go on from it (its RUP clause
 * implies theirs), so the search goes no deeper there. Tried at every second edge (a corner's clause falls with
 * two): on 8 compassdodecagonal 10x10 proofs a check takes half the time.
 */
function refuted(search: Search, i: number): boolean {
  const { clauses, value, open, check, n } = search;
  if (open.length === 0) return clauses.followsByUnitPropagation(check, 0, n);
  if (i > 0) {
    check[n + i - 1] = 2 * open[i - 1] + value[open[i - 1]];
    if ((i === open.length || i % 2 === 0) && clauses.followsByUnitPropagation(check, 0, n + i)) return true;
    if (i === open.length) return false;
  }
  for (let bit = 0; bit < 2; bit++) {
    value[open[i]] = bit;
    if (possible(search) && !refuted(search, i + 1)) return false;
  }
  value[open[i]] = -1;
  return true;
}
