// The clauses a proof has established, and reverse unit propagation (RUP) over them, with two watched literals
// so that checking a proof costs about what finding it did.
//
// Literals are coded as the cores code them: 2e for "edge e on", 2e + 1 for "edge e off". Assignments made at
// the top level (units of the established clauses) are never undone; a RUP check assigns the negation of its
// clause above them, propagates, and takes its own assignments back.
//
// Why RUP is sound: every established clause is satisfied by every solution in question. Let a solution
// falsify clause D. Then it sets every literal of D false, and each unit that propagation derives from there is
// forced by an established clause the solution satisfies, so the solution sets it too. Propagation thus never
// meets a clause with all literals false under that solution; reaching a conflict proves that no solution
// falsifies D. Deleting clauses only leaves fewer to propagate with; a top-level unit derived from a clause that
// is later deleted stays, as it was implied when derived and stays implied.

export const onLiteral = (edge: number): number => 2 * edge;
export const offLiteral = (edge: number): number => 2 * edge + 1;

export class ClauseSet {
  /** Per literal: 1 true, -1 false, 0 unassigned (a literal and its negation are set together). */
  private readonly value: Int8Array;
  private readonly trail: Int32Array;
  private trailLength = 0;
  private head = 0;
  /** Clauses by id; null once deleted. A watched clause keeps its two watched literals first. */
  private readonly clauses: (Int32Array | null)[] = [];
  /** Per clause: where the search for a new watched literal starts (2 or more). */
  private readonly searchFrom: number[] = [];
  /** Per literal: the clauses watching it (looked at when it becomes false), as pairs: the clause's id, and another of its literals (if true, the clause is satisfied). */
  private readonly watches: number[][];
  /** Ids of the live clauses by a hash of their literals (in any order), for deletion; made at the first deletion, kept up to date after. */
  private byKey: Map<number, number[]> | null = null;
  /** Per literal: the last stamp that marked it (to drop repeated literals, to compare clauses as sets). */
  private readonly seen: Int32Array;
  private stamp = 0;
  /** The top level is contradictory: every clause, the empty one included, follows. */
  private contradiction = false;

  constructor(readonly edgeCount: number) {
    this.value = new Int8Array(2 * edgeCount);
    this.trail = new Int32Array(edgeCount);
    this.watches = Array.from({ length: 2 * edgeCount }, () => []);
    this.seen = new Int32Array(2 * edgeCount);
  }

  get contradictory(): boolean {
    return this.contradiction;
  }

  /** 1 when the literal is true, -1 false, 0 unassigned. */
  private valueOf(literal: number): number {
    return this.value[literal];
  }

  private assign(literal: number): void {
    this.value[literal] = 1;
    this.value[literal ^ 1] = -1;
    this.trail[this.trailLength++] = literal;
  }

  /** Adds a clause (already checked to be implied) and propagates its consequences at the top level. */
  add(literals: readonly number[]): void {
    const clause = this.withoutRepeats(literals);
    const id = this.clauses.length;
    this.clauses.push(clause);
    this.searchFrom.push(2);
    this.index(id);
    if (this.contradiction) return;
    // Watch the two best literals: a true one, else unassigned ones; false ones only if there are no others.
    this.bringForward(clause, 0);
    if (clause.length > 1 && this.valueOf(clause[0]) !== 1) this.bringForward(clause, 1);
    const first = clause.length > 0 ? this.valueOf(clause[0]) : -1;
    if (first === -1) {
      this.contradiction = true;
      return;
    }
    if (clause.length >= 2) {
      this.watches[clause[0]].push(id, clause[1]);
      this.watches[clause[1]].push(id, clause[0]);
    }
    if (first === 0 && (clause.length === 1 || this.valueOf(clause[1]) === -1)) {
      this.assign(clause[0]);
      if (!this.propagate()) this.contradiction = true;
    }
  }

  private withoutRepeats(literals: readonly number[]): Int32Array {
    const stamp = ++this.stamp;
    const out: number[] = [];
    for (const literal of literals) {
      if (this.seen[literal] === stamp) continue;
      this.seen[literal] = stamp;
      out.push(literal);
    }
    return Int32Array.from(out);
  }

  /** Swaps into clause[at] the best literal from there on: true, else unassigned, else false. */
  private bringForward(clause: Int32Array, at: number): void {
    let best = at;
    for (let k = at; k < clause.length; k++) {
      const v = this.valueOf(clause[k]);
      if (v > this.valueOf(clause[best])) best = k;
      if (v === 1) break;
    }
    const literal = clause[best];
    clause[best] = clause[at];
    clause[at] = literal;
  }

  private index(id: number): void {
    const clause = this.clauses[id];
    if (this.byKey === null || clause === null) return;
    const key = keyOf(clause);
    const same = this.byKey.get(key);
    if (same) same.push(id);
    else this.byKey.set(key, [id]);
  }

  /** Where in `ids` (live clauses) one with exactly these (distinct) literals is, or -1. */
  private positionOf(literals: Int32Array, ids: readonly number[]): number {
    const stamp = ++this.stamp;
    for (const literal of literals) this.seen[literal] = stamp;
    return ids.findIndex((id) => this.clauses[id]!.length === literals.length && this.clauses[id]!.every((literal) => this.seen[literal] === stamp));
  }

  /** Removes one copy of the clause (its literals in any order); false when there is none. */
  delete(literals: readonly number[]): boolean {
    if (this.byKey === null) {
      // Most proofs delete nothing: the index is made only when needed.
      this.byKey = new Map();
      for (let id = 0; id < this.clauses.length; id++) this.index(id);
    }
    const clause = this.withoutRepeats(literals);
    const ids = this.byKey.get(keyOf(clause)) ?? [];
    const at = this.positionOf(clause, ids);
    if (at < 0) return false;
    this.clauses[ids[at]] = null; // dropped from its watch lists when next met there
    ids.splice(at, 1);
    return true;
  }

  /** True when setting every literal of the clause false and propagating reaches a conflict. */
  followsByUnitPropagation(literals: readonly number[]): boolean {
    if (this.contradiction) return true;
    const mark = this.trailLength;
    let conflict = false;
    for (const literal of literals) {
      const v = this.valueOf(literal);
      if (v === 1) {
        conflict = true; // true already (at the top level, or its negation is in the clause too)
        break;
      }
      if (v === 0) this.assign(literal ^ 1);
    }
    if (!conflict) conflict = !this.propagate();
    while (this.trailLength > mark) {
      const literal = this.trail[--this.trailLength];
      this.value[literal] = 0;
      this.value[literal ^ 1] = 0;
    }
    this.head = mark;
    return conflict;
  }

  /** Unit propagation from the assignments not yet propagated; false on a conflict. */
  private propagate(): boolean {
    while (this.head < this.trailLength) {
      const falsified = this.trail[this.head++] ^ 1;
      const list = this.watches[falsified];
      let kept = 0;
      let i = 0;
      let conflict = false;
      for (; i < list.length; i += 2) {
        const id = list[i];
        const blocker = list[i + 1];
        // A true literal of the clause, seen last time: nothing to do, and the clause need not be read.
        if (this.valueOf(blocker) === 1) {
          list[kept++] = id;
          list[kept++] = blocker;
          continue;
        }
        const clause = this.clauses[id];
        if (clause === null) continue;
        if (clause[0] === falsified) {
          clause[0] = clause[1];
          clause[1] = falsified;
        }
        const other = clause[0];
        if (this.valueOf(other) === 1) {
          list[kept++] = id;
          list[kept++] = other;
          continue;
        }
        // Look for a literal not false to watch instead, from where the last search stopped (long clauses
        // would otherwise be read from the start again and again).
        let moved = false;
        const n = clause.length;
        const from = this.searchFrom[id];
        for (let step = 0; step < n - 2; step++) {
          const k = from + step < n ? from + step : from + step - n + 2;
          if (this.valueOf(clause[k]) !== -1) {
            clause[1] = clause[k];
            clause[k] = falsified;
            this.watches[clause[1]].push(id, other);
            this.searchFrom[id] = k;
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[kept++] = id;
        list[kept++] = other;
        if (this.valueOf(other) === -1) {
          conflict = true;
          i += 2;
          break;
        }
        this.assign(other);
      }
      for (; i < list.length; i++) list[kept++] = list[i];
      list.length = kept;
      if (conflict) return false;
    }
    return true;
  }

}

/** A hash of a clause's literals that does not depend on their order (a sum of mixed literals). */
function keyOf(clause: Int32Array): number {
  let key = 0;
  for (const literal of clause) {
    let x = Math.imul(literal + 1, 0x9e3779b1);
    x ^= x >>> 15;
    key = (key + Math.imul(x, 0x85ebca77)) | 0;
  }
  return key;
}
