// The clauses of a proof and reverse unit propagation (RUP) over them, with two watched literals, for checking
// backwards as drat-trim does (check.ts): every clause is added in order and propagated at the top level
// without being checked; then, from the conflict at the end, the clauses it needs are marked and the marked
// ones checked in reverse order, each against the clauses before it, marking what its own conflict used.
//
// Literals are coded as the cores code them: 2e for "edge e on", 2e + 1 for "edge e off". Clause i holds
// literals[start[i] ..< start[i + 1]], all in one flat array, and the watch lists are segments of one pool:
// a 500x500 grid's base (2 million clauses) takes tens of megabytes, not one object per clause.
//
// Why RUP is sound: every clause used is satisfied by every solution in question. Let a solution falsify
// clause D. Then it sets every literal of D false, and each unit that propagation derives from there is forced
// by a clause the solution satisfies, so the solution sets it too. Propagation thus never meets a clause with
// all literals false under that solution; reaching a conflict proves that no solution falsifies D. The clauses
// a conflict used are found through the reason of each literal propagated; those, and only those, must be
// valid for D to be, which is why the others are never checked.
//
// Going backwards restores, before each step, exactly the state the forward pass had there: each top-level
// assignment records the clause being added when it was made (its time), and undoing the addition of clause c
// unassigns every assignment of time c or later; a deletion is undone by watching the clause again. A deletion
// of the clause that is the reason of a top-level assignment is ignored (the clause stays in propagation, as in
// DRAT checkers: the literal was implied, and stays implied, and the clause, satisfied by it, adds nothing).
//
// Counting rules ("the number of these edges on is one of these counts": a vertex's degree, a clue) are not
// written out as clauses: each keeps how many of its edges are on and off, and propagation decides its open
// edges when every count still possible is the number on now (all open ones off) or that plus the open ones
// (all on), and finds a conflict when none is. That is exactly what unit propagation over the rule's prime
// implicates decides (docs/proof-format.md argues it), at a cost per assignment bounded by the rule's size.
// An edge a rule decided has the rule as its reason: the rule's other edges assigned before it (for a
// conflict, all its assigned edges), which marking walks as it walks a clause's false literals.

export const onLiteral = (edge: number): number => 2 * edge;
export const offLiteral = (edge: number): number => 2 * edge + 1;

const ALIVE = 1;
/** A reason or conflict that is no clause: an assumption of a RUP check, or no conflict. */
const NONE = -1;
/** Counting rule k as a reason or conflict (clause ids are 0 and up). */
const ruleCode = (rule: number): number => -2 - rule;
/** The time of a RUP check's own assignments, later than any clause's. */
const CHECK_TIME = 0x7fffffff;
const WATCHED = 2;
const MARKED = 4;
/** The most edges a counting rule may have (its allowed counts are the bits of one word). */
const RULE_MAX_EDGES = 30;
/** An edge off, as a rule's count of its edges on and off holds it. */
const OFF_COUNT = 0x10000;

/** What a deletion did: removed the clause from propagation, or kept it as the reason of a top-level assignment. */
export type Deletion = { removed: number } | { kept: number } | null;

/** Empty tables that a clause set holds until it has its own (each allocation of its own costs time): never written. */
const NO_INTS = new Int32Array(0);
/** The start of no rules. */
const NO_RULES = new Int32Array(1);

/** A growable Int32Array. */
class Ints {
  data: Int32Array;
  length = 0;
  /** Starts empty in `data`: a capacity, or a table to fill (a view of a buffer shared with other tables). */
  constructor(data: number | Int32Array = 16) {
    this.data = typeof data === 'number' ? new Int32Array(data) : data;
  }
  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }
  grow(needed: number): void {
    const data = new Int32Array(Math.max(needed, this.data.length * 2));
    data.set(this.data.subarray(0, this.length));
    this.data = data;
  }
}

export class ClauseSet {
  /** Per literal: 1 true, -1 false, 0 unassigned (a literal and its negation are set together). */
  private readonly value: Int8Array;
  private readonly trail: Int32Array;
  private trailLength = 0;
  private head = 0;
  /** Per edge: the clause that propagated its assignment (-1: an assumption of a RUP check), and the assignment's time. */
  private readonly reason: Int32Array;
  private readonly time: Int32Array;
  /** Per edge: its position in the trail while assigned. */
  private readonly position: Int32Array;
  /** Per edge: its top-level assignment's reasons are already marked. */
  private readonly reasonsMarked: Uint8Array;
  /** Per edge: the last RUP check whose conflict analysis reached it. */
  private readonly seen: Int32Array;
  private stamp = 0;

  private readonly literals: Ints;
  /** Clause i is literals[start[i] ..< start[i + 1]]. */
  private readonly start: Ints;
  private flags: Uint8Array;
  /** Per clause: where the search for a new watched literal starts (2 or more). */
  private searchFrom: Int32Array;

  /** Per literal, a segment of the pool: the clauses watching it (looked at when it becomes false), as pairs of the clause's id and another of its literals (if true, the clause is satisfied). */
  private pool: Int32Array;
  private poolTop = 0;
  private readonly watchAt: Int32Array;
  private readonly watchSize: Int32Array;
  private readonly watchRoom: Int32Array;

  /**
   * Live clauses by a hash of their literals (in any order), for deletions: bucket heads, and per clause the
   * next in its bucket and its hash, the sum of its literals' keys (all from the first deletion on: the clauses
   * before it are read once then, and each later one as it is stored; proofs of deduction delete nothing).
   */
  private buckets = NO_INTS;
  private readonly hash = new Ints(NO_INTS);
  private readonly nextInBucket = new Ints(NO_INTS);
  /** Per literal, a fixed random number: its share of a clause's hash (from the first deletion on). */
  private literalKey = NO_INTS;
  private indexed = 0;

  /** The clause (or rule, as ruleCode) found falsified at the top level, or NONE while there is none. */
  private conflictClause = NONE;

  /** Counting rule k: its edges ruleEdges[ruleStart[k] ..< ruleStart[k + 1]], its allowed counts as bits, how many of its edges are on (the low 16 bits of ruleCount) and off (the bits above). */
  private ruleEdges: Int32Array<ArrayBufferLike> = NO_INTS;
  private ruleStart: Int32Array<ArrayBufferLike> = NO_RULES;
  private ruleAllowed: Int32Array<ArrayBufferLike> = NO_INTS;
  private ruleCount: Int32Array<ArrayBufferLike> = NO_INTS;
  /** Per edge, the rules over it: edgeRules[edgeRuleStart[e] ..< edgeRuleStart[e + 1]]. */
  private edgeRules: Int32Array<ArrayBufferLike> = NO_INTS;
  private edgeRuleStart: Int32Array;
  /** Per literal: the last stamp that saw it (to drop repeats, to compare clauses as sets). */
  private readonly literalStamp: Int32Array;
  /** The reasons still to be marked, with where each rests (each edge's reason is queued once a marking, and the conflict's). */
  private readonly stack: Int32Array;

  /**
   * A clause set over `edgeCount` edges, its tables sized for about `expected` clauses and literals besides the
   * base's. Sized once, they seldom grow: each growth is an allocation, and in a fresh process, optimised code
   * that meets a step it has not met before (a table growing late) is thrown away and compiled again.
   */
  constructor(readonly edgeCount: number, expected = { clauses: 16, literals: 16 }) {
    const clauses = expected.clauses + 2;
    // Every table shares one buffer: a check makes one clause set, and each buffer of its own costs an
    // allocation (a few microseconds each, more than filling most of them). Tables that grow move out of it.
    const literalRoom = expected.literals + edgeCount;
    // Two watches of two numbers per clause, and each literal's list with room to grow and move: a clause's
    // two lists seldom take more than six numbers (proofs of many short clauses use four to five a clause).
    const poolRoom = 6 * clauses + 1024;
    const intCount = 14 * edgeCount + 1 + literalRoom + (2 * edgeCount + 2) + (clauses + 1) + clauses + poolRoom;
    const buffer = new ArrayBuffer(4 * intCount + 3 * edgeCount + clauses);
    let top = 0;
    const ints = (length: number): Int32Array => {
      const table = new Int32Array(buffer, top, length);
      top += 4 * length;
      return table;
    };
    this.trail = ints(edgeCount);
    this.reason = ints(edgeCount);
    this.time = ints(edgeCount);
    this.position = ints(edgeCount);
    this.literalStamp = ints(2 * edgeCount);
    this.seen = ints(edgeCount);
    this.watchAt = ints(2 * edgeCount);
    this.watchSize = ints(2 * edgeCount);
    this.watchRoom = ints(2 * edgeCount);
    this.edgeRuleStart = ints(edgeCount + 1);
    this.literals = new Ints(ints(literalRoom));
    this.stack = ints(2 * edgeCount + 2);
    this.start = new Ints(ints(clauses + 1));
    this.searchFrom = ints(clauses);
    this.pool = ints(poolRoom);
    this.value = new Int8Array(buffer, top, 2 * edgeCount);
    this.reasonsMarked = new Uint8Array(buffer, top + 2 * edgeCount, edgeCount);
    this.flags = new Uint8Array(buffer, top + 3 * edgeCount, clauses);
    this.start.push(0);
  }

  /**
   * Sets the counting rules, before any clause: rule k says that the number of the edges
   * edges[start[k] ..< start[k + 1]] that are on has its bit set in allowed[k] (counts up to 30). What they
   * decide at once (a clue 0, or a contradiction) is decided here, for good. `byEdge`, when the caller has
   * it, lists each edge's rules (byEdge.rules[byEdge.start[e] ..< byEdge.start[e + 1]], in increasing order);
   * else it is worked out here.
   */
  setRules(edges: Int32Array, start: Int32Array, allowed: Int32Array, byEdge?: { rules: Int32Array; start: Int32Array }): void {
    if (this.count > 0 || this.ruleAllowed.length > 0) throw new Error('internal: rules are set once, before any clause');
    const rules = allowed.length;
    for (let r = 0; r < rules; r++) if (start[r + 1] - start[r] > RULE_MAX_EDGES) throw new Error(`internal: a counting rule over more than ${RULE_MAX_EDGES} edges`);
    this.ruleEdges = edges;
    this.ruleStart = start;
    this.ruleAllowed = allowed;
    this.ruleCount = new Int32Array(rules);
    if (byEdge) {
      this.edgeRuleStart.set(byEdge.start);
      this.edgeRules = byEdge.rules;
    } else {
      // Each edge's rules, edgeRules[from[e] ..< from[e + 1]], by counting.
      const from = this.edgeRuleStart;
      const total = start[rules];
      const edgeCount = this.edgeCount;
      for (let k = 0; k < total; k++) from[edges[k] + 1]++;
      for (let e = 0; e < edgeCount; e++) from[e + 1] += from[e];
      const fill = from.slice(0, edgeCount);
      const edgeRules = new Int32Array(total);
      for (let r = 0; r < rules; r++) for (let k = start[r], end = start[r + 1]; k < end; k++) edgeRules[fill[edges[k]]++] = r;
      this.edgeRules = edgeRules;
    }
    // Assignments made here have a time before every clause's, so going backwards never undoes them.
    // Only a rule that allows no count, or only none or all of its edges on, decides anything with no edge set.
    for (let r = 0; r < rules && !this.contradictory; r++) {
      const n = start[r + 1] - start[r];
      const possible = allowed[r] & ((1 << (n + 1)) - 1);
      if (possible !== 0 && possible !== 1 && possible !== 1 << n) continue;
      this.conflictClause = this.checkRule(r, -1);
    }
    if (!this.contradictory) this.propagate(-1);
  }

  /**
   * Decides what rule r decides now (assignments at `time`); NONE, or the rule's code when it allows no count
   * (worked out on every call, so that the conflict's path meets no step that has not run before).
   */
  private checkRule(r: number, time: number): number {
    const code = ruleCode(r);
    const ruleStart = this.ruleStart;
    const from = ruleStart[r];
    const to = ruleStart[r + 1];
    const count = this.ruleCount[r];
    const on = count & 0xffff;
    const open = to - from - on - (count >>> 16);
    const possible = this.ruleAllowed[r] & (((1 << (open + 1)) - 1) << on);
    if (possible === 0) return code;
    if (open === 0) return NONE;
    const allOff = possible === 1 << on;
    if (!allOff && possible !== 1 << (on + open)) return NONE;
    const edges = this.ruleEdges;
    const value = this.value;
    for (let k = from; k < to; k++) {
      const e = edges[k];
      if (value[2 * e] === 0) this.assign(allOff ? 2 * e + 1 : 2 * e, code, time);
    }
    return NONE;
  }

  /**
   * Clauses are indexed for deletions from the first deletion on. (Told by the buckets' length, not a flag: a
   * field that changes once throws away code optimised while it held.)
   */
  private isIndexing(): boolean {
    return this.buckets.length > 0;
  }

  /** The clauses added so far contradict each other at the top level. */
  get contradictory(): boolean {
    return this.conflictClause !== NONE;
  }

  get count(): number {
    return this.start.length - 1;
  }

  isMarked(id: number): boolean {
    return (this.flags[id] & MARKED) !== 0;
  }

  /**
   * Adds a clause (its literals, repeats dropped) and returns its id. Until the clauses contradict each other
   * it is watched and propagated at the top level; after that it is only kept, for deletions to find.
   */
  add(literals: ArrayLike<number>, length = literals.length): number {
    const id = this.count;
    const stamp = ++this.stamp;
    const store = this.literals;
    if (store.length + length > store.data.length) store.grow(store.length + length);
    // Written straight into the store.
    const data = store.data;
    const literalStamp = this.literalStamp;
    let top = store.length;
    for (let k = 0; k < length; k++) {
      const literal = literals[k];
      if (literalStamp[literal] === stamp) continue;
      literalStamp[literal] = stamp;
      data[top++] = literal;
    }
    store.length = top;
    this.start.push(top);
    if (id >= this.flags.length) this.growClauses(id + 1);
    this.flags[id] = ALIVE;
    this.searchFrom[id] = 2;
    // Clauses are indexed for deletions from the first deletion on (proofs of deduction delete nothing).
    if (this.isIndexing()) {
      this.hash.push(this.hashOf(id));
      this.nextInBucket.push(-1);
      this.index(id);
    }
    if (!this.contradictory) this.attach(id, id);
    return id;
  }

  private growClauses(needed: number): void {
    const size = Math.max(needed, this.flags.length * 2);
    const flags = new Uint8Array(size);
    flags.set(this.flags);
    this.flags = flags;
    const searchFrom = new Int32Array(size);
    searchFrom.set(this.searchFrom);
    this.searchFrom = searchFrom;
  }

  /**
   * Watches clause `id` under the current assignment and propagates what it implies, assignments taking time
   * `time`. Watched: a true or unassigned literal first, then the best other (true, unassigned, else the false
   * one assigned last, so that undoing assignments later never leaves a unit clause unseen).
   */
  private attach(id: number, time: number): void {
    const data = this.literals.data;
    const from = this.start.data[id];
    const n = this.start.data[id + 1] - from;
    if (n === 0) {
      this.conflictClause = id;
      return;
    }
    if (n > 1) this.bringTwoForward(from, from + n);
    const first = this.value[data[from]];
    if (n >= 2) {
      this.pushWatch(data[from], id, data[from + 1]);
      this.pushWatch(data[from + 1], id, data[from]);
      this.flags[id] |= WATCHED;
    }
    if (first === -1) {
      this.conflictClause = id;
      return;
    }
    if (first === 0 && (n === 1 || this.value[data[from + 1]] === -1)) {
      this.assign(data[from], id, time);
      if (!this.propagate(time)) return;
    }
  }

  /**
   * Brings the best literal of the clause at from..to into its first place, then the best of the rest into its
   * second: true above unassigned above false; among false ones, the one assigned last; among equals, the first
   * met. In one pass over the clause (a long clause is read when it is added and when its deletion is undone),
   * placing them as two passes would: the first pass swaps the best with the first literal, so the second meets
   * that first literal in the best one's place. (The rank is worked out inline: a call per literal is what an
   * unoptimised scan costs most.)
   */
  private bringTwoForward(from: number, to: number): void {
    const data = this.literals.data;
    const value = this.value;
    const position = this.position;
    // Above every trail position: unassigned, and one more for true.
    const assigned = this.edgeCount + 2;
    // The best two literals after the first, by rank and then place: (rank1, at1) before (rank2, at2).
    let rank1 = -1;
    let at1 = -1;
    let rank2 = -1;
    let at2 = -1;
    for (let k = from + 1; k < to; k++) {
      const literal = data[k];
      const v = value[literal];
      const rank = v === -1 ? position[literal >> 1] : assigned + v;
      if (rank > rank1) {
        rank2 = rank1;
        at2 = at1;
        rank1 = rank;
        at1 = k;
      } else if (rank > rank2) {
        rank2 = rank;
        at2 = k;
      }
    }
    const head = data[from];
    const v = value[head];
    const rank0 = v === -1 ? position[head >> 1] : assigned + v;
    if (rank0 >= rank1) {
      // The first literal stays first; the second is the best of the rest.
      const second = data[at1];
      data[at1] = data[from + 1];
      data[from + 1] = second;
      return;
    }
    // The best of the rest comes first, and the first literal takes its place at1; the second is the better of
    // it and the runner-up (on equal ranks, the one met first in the second pass: the lower place).
    data[from] = data[at1];
    data[at1] = head;
    const secondAt = at2 < 0 || rank0 > rank2 || (rank0 === rank2 && at1 < at2) ? at1 : at2;
    const second = data[secondAt];
    data[secondAt] = data[from + 1];
    data[from + 1] = second;
  }

  private assign(literal: number, reason: number, time: number): void {
    const value = this.value;
    value[literal] = 1;
    value[literal ^ 1] = -1;
    const e = literal >> 1;
    const step = (literal & 1) === 0 ? 1 : OFF_COUNT;
    const counts = this.ruleCount;
    const rules = this.edgeRules;
    const edgeRuleStart = this.edgeRuleStart;
    for (let k = edgeRuleStart[e], end = edgeRuleStart[e + 1]; k < end; k++) counts[rules[k]] += step;
    this.reason[e] = reason;
    this.time[e] = time;
    const at = this.trailLength;
    this.position[e] = at;
    this.trail[at] = literal;
    this.trailLength = at + 1;
  }

  /** Undoes the last assignment on the trail; returns its literal. */
  private unassignLast(): number {
    const literal = this.trail[--this.trailLength];
    const value = this.value;
    value[literal] = 0;
    value[literal ^ 1] = 0;
    const e = literal >> 1;
    const step = (literal & 1) === 0 ? 1 : OFF_COUNT;
    const counts = this.ruleCount;
    const rules = this.edgeRules;
    const edgeRuleStart = this.edgeRuleStart;
    for (let k = edgeRuleStart[e], end = edgeRuleStart[e + 1]; k < end; k++) counts[rules[k]] -= step;
    return literal;
  }

  private pushWatch(literal: number, id: number, blocker: number): void {
    const size = this.watchSize[literal];
    if (size + 2 > this.watchRoom[literal]) this.moveWatches(literal, Math.max(4, 2 * this.watchRoom[literal]));
    const at = this.watchAt[literal] + size;
    const pool = this.pool;
    pool[at] = id;
    pool[at + 1] = blocker;
    this.watchSize[literal] = size + 2;
  }

  /** Gives the literal's watch list `room` entries at the end of the pool, packing the pool first when it is full. */
  private moveWatches(literal: number, room: number): void {
    const { watchAt, watchSize, watchRoom } = this;
    if (this.poolTop + room > this.pool.length) {
      // Repack every list into a new pool, twice the room they need, so that a list moves at most a few times.
      let needed = room;
      for (let l = 0; l < watchRoom.length; l++) needed += watchRoom[l];
      const old = this.pool;
      const pool = new Int32Array(Math.max(1 << 16, 2 * needed));
      let top = 0;
      for (let l = 0; l < watchRoom.length; l++) {
        for (let k = 0, from = watchAt[l], size = watchSize[l]; k < size; k++) pool[top + k] = old[from + k];
        watchAt[l] = top;
        top += watchRoom[l];
      }
      this.pool = pool;
      this.poolTop = top;
    }
    const pool = this.pool;
    const at = this.poolTop;
    for (let k = 0, from = watchAt[literal], size = watchSize[literal]; k < size; k++) pool[at + k] = pool[from + k];
    watchAt[literal] = at;
    watchRoom[literal] = room;
    this.poolTop += room;
  }

  private dropWatch(literal: number, id: number): void {
    const at = this.watchAt[literal];
    const size = this.watchSize[literal];
    for (let k = at; k < at + size; k += 2) {
      if (this.pool[k] !== id) continue;
      this.pool[k] = this.pool[at + size - 2];
      this.pool[k + 1] = this.pool[at + size - 1];
      this.watchSize[literal] = size - 2;
      return;
    }
  }

  /** Takes a watched clause out of propagation (its watches are its first two literals). */
  private detach(id: number): void {
    if (this.flags[id] & WATCHED) {
      const from = this.start.data[id];
      this.dropWatch(this.literals.data[from], id);
      this.dropWatch(this.literals.data[from + 1], id);
      this.flags[id] &= ~WATCHED;
    }
  }

  private index(id: number): void {
    if (++this.indexed > this.buckets.length) {
      // Rehash into twice the buckets, so that a bucket holds about one clause.
      this.buckets = new Int32Array(2 * this.buckets.length).fill(-1);
      for (let c = 0; c < id; c++) if (this.nextInBucket.data[c] !== -2) this.link(c);
    }
    this.link(id);
  }

  private link(id: number): void {
    const bucket = this.hash.data[id] & (this.buckets.length - 1);
    this.nextInBucket.data[id] = this.buckets[bucket];
    this.buckets[bucket] = id;
  }

  /**
   * Deletes one copy of the clause (its literals in any order, repeats dropped): the clause is no longer found
   * by later deletions and leaves propagation, unless it is the reason of a top-level assignment (then it
   * stays, as the convention in the file's head says). Null when there is no such clause.
   */
  delete(literals: ArrayLike<number>, length = literals.length): Deletion {
    this.startIndex();
    const stamp = ++this.stamp;
    const literalStamp = this.literalStamp;
    let size = 0;
    let key = 0;
    for (let k = 0; k < length; k++) {
      const literal = literals[k];
      if (literalStamp[literal] === stamp) continue;
      literalStamp[literal] = stamp;
      size++;
      key = (key + this.literalKey[literal]) | 0;
    }
    // The latest live clause with these literals: a bucket lists its clauses from the latest.
    const { data: hash } = this.hash;
    const { data: starts } = this.start;
    for (let c = this.buckets[key & (this.buckets.length - 1)]; c >= 0; c = this.nextInBucket.data[c]) {
      if (hash[c] === key && starts[c + 1] - starts[c] === size && this.holdsStamped(c, stamp)) return this.remove(c);
    }
    return null;
  }

  /**
   * Deletes one copy of the literals of clause `id` (the latest live one, which may be `id`), as delete() given
   * them would, without reading them; undefined when `id` is no longer live (deleted), for the caller to read the
   * deletion's literals instead.
   */
  deleteLike(id: number): Exclude<Deletion, null> | undefined {
    this.startIndex();
    if (this.nextInBucket.data[id] === -2) return undefined;
    const { data: hash } = this.hash;
    const { data: starts } = this.start;
    const key = hash[id];
    const size = starts[id + 1] - starts[id];
    let stamp = -1;
    for (let c = this.buckets[key & (this.buckets.length - 1)]; c >= 0; c = this.nextInBucket.data[c]) {
      if (c === id) return this.remove(c);
      if (hash[c] !== key || starts[c + 1] - starts[c] !== size) continue;
      // A later clause with the same hash and size: the same literals as id's? (seldom asked, so id's are stamped only then)
      if (stamp < 0) {
        stamp = ++this.stamp;
        for (let k = starts[id]; k < starts[id + 1]; k++) this.literalStamp[this.literals.data[k]] = stamp;
      }
      if (this.holdsStamped(c, stamp)) return this.remove(c);
    }
    throw new Error('internal: a live clause missing from its bucket');
  }

  /** Indexes every clause so far, at the first deletion. */
  private startIndex(): void {
    if (this.isIndexing()) return;
    // xorshift32 from a fixed start: the same keys in every run, so that a check is repeatable.
    const literalKey = (this.literalKey = new Int32Array(2 * this.edgeCount));
    for (let l = 0, x = 0x2545f491; l < literalKey.length; l++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      literalKey[l] = x;
    }
    // Room for the clauses expected (the tables' size), so that adding them seldom grows the index.
    const expected = Math.max(this.count, this.flags.length);
    this.nextInBucket.grow(expected);
    this.hash.grow(expected);
    this.buckets = new Int32Array(1 << Math.max(10, Math.ceil(Math.log2(expected)))).fill(-1);
    for (let c = 0; c < this.count; c++) {
      this.hash.push(this.hashOf(c));
      this.nextInBucket.push(-1);
      this.index(c);
    }
  }

  /** The hash of clause c: the sum of its literals' keys (its literals are each once in it). */
  private hashOf(c: number): number {
    const data = this.literals.data;
    const literalKey = this.literalKey;
    let key = 0;
    for (let k = this.start.data[c], end = this.start.data[c + 1]; k < end; k++) key = (key + literalKey[data[k]]) | 0;
    return key;
  }

  /** Every literal of clause c has `stamp` (c holds no literal outside the stamped ones). */
  private holdsStamped(c: number, stamp: number): boolean {
    const data = this.literals.data;
    for (let k = this.start.data[c], end = this.start.data[c + 1]; k < end; k++) if (this.literalStamp[data[k]] !== stamp) return false;
    return true;
  }

  /** Takes clause `found` out of the index and, unless it is the reason of a top-level assignment, out of propagation. */
  private remove(found: number): Exclude<Deletion, null> {
    this.unindex(found);
    if (this.contradictory) return { removed: found }; // nothing is propagated any more: the watches stay as the conflict left them
    const first = this.literals.data[this.start.data[found]];
    if (this.value[first] === 1 && this.reason[first >> 1] === found) return { kept: found };
    this.detach(found);
    this.flags[found] &= ~ALIVE;
    return { removed: found };
  }

  private unindex(id: number): void {
    const bucket = this.hash.data[id] & (this.buckets.length - 1);
    if (this.buckets[bucket] === id) this.buckets[bucket] = this.nextInBucket.data[id];
    else {
      let c = this.buckets[bucket];
      while (this.nextInBucket.data[c] !== id) c = this.nextInBucket.data[c];
      this.nextInBucket.data[c] = this.nextInBucket.data[id];
    }
    this.nextInBucket.data[id] = -2;
    this.indexed--;
  }

  /**
   * Marks the clauses the top-level conflict needs: the clause found falsified and, through the reasons of its
   * literals, every clause that propagated them.
   */
  markConflict(): void {
    if (!this.contradictory) throw new Error('internal: no conflict to mark from');
    this.markFrom(this.conflictClause, this.trailLength);
  }

  /**
   * Undoes the addition of clause `id` (going backwards): unassigns what was assigned since it was added and
   * takes it out of propagation. Clauses added after it must have been undone already.
   */
  undoAdd(id: number): void {
    const time = this.time;
    const trail = this.trail;
    const reasonsMarked = this.reasonsMarked;
    while (this.trailLength > 0 && time[trail[this.trailLength - 1] >> 1] >= id) reasonsMarked[this.unassignLast() >> 1] = 0;
    this.head = this.trailLength;
    this.conflictClause = NONE;
    this.detach(id);
    this.flags[id] &= ~ALIVE;
  }

  /** The literals of clause `id` (a view of the store: valid until the next clause is added). */
  clauseLiterals(id: number): Int32Array {
    return this.literals.data.subarray(this.start.data[id], this.start.data[id + 1]);
  }

  /** Undoes the deletion of clause `id` (going backwards): it propagates again. */
  undoDelete(id: number): void {
    this.flags[id] |= ALIVE;
    const from = this.start.data[id];
    // A unit clause is satisfied here (it was, in the forward pass, when it was deleted): nothing to watch.
    if (this.start.data[id + 1] - from < 2) return;
    const before = this.trailLength;
    this.attach(id, CHECK_TIME);
    if (this.contradictory || this.trailLength !== before) throw new Error('internal: a clause restored going backwards is unit or in conflict');
  }

  /** followsByUnitPropagation for clause `id` (not in propagation: its addition undone). */
  clauseFollows(id: number): boolean {
    return this.followsByUnitPropagation(this.literals.data, this.start.data[id], this.start.data[id + 1]);
  }

  /**
   * True when setting every literal of the clause false and propagating reaches a conflict; then the clauses
   * that conflict used (and the reasons of the top-level assignments it used) are marked.
   */
  followsByUnitPropagation(literals: ArrayLike<number>, from = 0, to = literals.length): boolean {
    if (this.contradictory) throw new Error('internal: a RUP check on contradictory clauses');
    const mark = this.trailLength;
    let conflict = NONE;
    let trueAlready = -1;
    for (let k = from; k < to; k++) {
      const literal = literals[k];
      const v = this.value[literal];
      if (v === 1) {
        trueAlready = literal; // true already (at the top level, or its negation is in the clause too)
        break;
      }
      if (v === 0) this.assign(literal ^ 1, NONE, CHECK_TIME);
    }
    if (trueAlready < 0 && !this.propagate(CHECK_TIME)) conflict = this.conflictClause;
    const follows = trueAlready >= 0 || conflict !== NONE;
    if (conflict !== NONE) this.markFrom(conflict, mark);
    else if (trueAlready >= 0 && this.position[trueAlready >> 1] < mark) this.markFrom(NONE, mark, trueAlready >> 1);
    while (this.trailLength > mark) this.unassignLast();
    this.head = mark;
    this.conflictClause = NONE;
    return follows;
  }

  /**
   * Marks clause `conflict` (or the reason of the top-level assignment of `edge`) and the reasons of the false
   * literals it holds, and theirs, back to the assumptions. Assignments at trail positions from `mark` on are
   * the check's own; those before, the top level's, whose reasons are marked once for all checks. A rule as a
   * reason stands for its edges assigned before the edge it decided (as a conflict, all its assigned edges):
   * of those, the ones on alone when they suffice, else the ones off alone when they do, else both. The ones
   * on, a of them, say at least a are on; the ones off, b of them, at most n - b; the decided edge, set the
   * other way, adds one to either bound; no allowed count between the two.
   * (One loop with its tables in locals: marking is a fifth of a check of a proof of deduction.)
   */
  private markFrom(conflict: number, mark: number, edge = -1): void {
    // The reasons to mark, each with where it rests: the conflict and at most one per edge (an edge is reached
    // once a marking), so the stack's room, two numbers per edge and two more, is never exceeded.
    const stack = this.stack;
    let top = 0;
    const stamp = ++this.stamp;
    const position = this.position;
    const reason = this.reason;
    const value = this.value;
    const data = this.literals.data;
    const starts = this.start.data;
    const ruleStart = this.ruleStart;
    const ruleEdges = this.ruleEdges;
    const trail = this.trail;
    const trailLength = this.trailLength;
    if (conflict !== NONE) {
      if (conflict >= 0) this.flags[conflict] |= MARKED;
      stack[top++] = conflict;
      stack[top++] = trailLength;
    } else if (this.reach(edge, stamp, mark)) {
      stack[top++] = reason[edge];
      stack[top++] = position[edge];
    }
    while (top > 0) {
      const before = stack[--top];
      const c = stack[--top];
      if (c >= 0) {
        // The literals c holds false; the one it implied, or one not assigned, is not false.
        for (let k = starts[c], end = starts[c + 1]; k < end; k++) {
          const literal = data[k];
          if (value[literal] !== -1) continue;
          const e = literal >> 1;
          if (!this.reach(e, stamp, mark)) continue;
          stack[top++] = reason[e];
          stack[top++] = position[e];
        }
        continue;
      }
      const r = -2 - c;
      const from = ruleStart[r];
      const to = ruleStart[r + 1];
      const n = to - from;
      // The rule's edges set before it decided, on and off.
      let on = 0;
      let off = 0;
      for (let k = from; k < to; k++) {
        const e = ruleEdges[k];
        if (position[e] >= before) continue;
        const v = value[2 * e];
        if (v === 1) on++;
        else if (v === -1) off++;
      }
      // The decided edge set the other way: on (low 1) when the rule set it off, off (high 1) when on.
      const decided = before < trailLength ? trail[before] : -1;
      const low = decided >= 0 && (decided & 1) === 1 ? 1 : 0;
      const high = decided >= 0 && (decided & 1) === 0 ? 1 : 0;
      const allowed = this.ruleAllowed[r];
      const onAlone = noCountIn(allowed, on + low, n - high);
      // The value of the edges to reach: 1 (on), -1 (off), or 0 for both.
      const reached = onAlone ? 1 : noCountIn(allowed, low, n - off - high) ? -1 : 0;
      for (let k = from; k < to; k++) {
        const e = ruleEdges[k];
        if (position[e] >= before) continue;
        const v = value[2 * e];
        if (v === 0 || (reached !== 0 && v !== reached)) continue;
        if (!this.reach(e, stamp, mark)) continue;
        stack[top++] = reason[e];
        stack[top++] = position[e];
      }
    }
  }

  /**
   * Marking (its stamp `stamp`, the check's own assignments from trail position `checkStart` on) reached edge
   * e's assignment: whether its reason is to be queued, which it is once per marking, and a top-level one's
   * once for all checks (a clause as a reason is marked here). One path serves both, so that code optimised
   * while the top level's conflict is marked has met every step the checks' marking takes (in a fresh
   * process, a step never met deoptimises it).
   */
  private reach(e: number, stamp: number, checkStart: number): boolean {
    const seen = this.seen;
    if (seen[e] === stamp) return false;
    seen[e] = stamp;
    // Decided by the rules before any clause (time -1): by the rules alone, from edges the rules alone decided
    // in turn, so no clause is found back from it.
    if (this.time[e] < 0) return false;
    if (this.position[e] < checkStart) {
      if (this.reasonsMarked[e] !== 0) return false;
      this.reasonsMarked[e] = 1;
    }
    const r = this.reason[e];
    if (r === NONE) return false;
    if (r >= 0) this.flags[r] |= MARKED;
    return true;
  }

  /** Unit propagation from the assignments not yet propagated, each made at `time`; false on a conflict (then `conflictClause` is set). */
  private propagate(time: number): boolean {
    const data = this.literals.data;
    const starts = this.start.data;
    const value = this.value;
    // The clause or rule found falsified. Every exit goes through the store below, so that code optimised
    // before the first conflict has met it (in a fresh process, a step never met deoptimises the code).
    let conflict = NONE;
    while (conflict === NONE && this.head < this.trailLength) {
      const falsified = this.trail[this.head++] ^ 1;
      const size = this.watchSize[falsified];
      // The pool and where the watch list lies in it: read again after a watch is pushed elsewhere, which may repack the pool.
      let pool = this.pool;
      let at = this.watchAt[falsified];
      let kept = 0;
      let i = 0;
      for (; i < size; i += 2) {
        const id = pool[at + i];
        // The literal kept beside the clause in the list: the one seen true last time, else the other watched.
        let beside = pool[at + i + 1];
        // A true literal there: nothing to do, and the clause need not be read. Past a conflict the rest of the
        // list is kept as it is. (One step keeps an entry, whatever the case, so that none is met late.)
        if (conflict === NONE && value[beside] !== 1) {
          const from = starts[id];
          if (data[from] === falsified) {
            data[from] = data[from + 1];
            data[from + 1] = falsified;
          }
          beside = data[from];
          if (value[beside] !== 1) {
            // Look for a literal not false to watch instead, from where the last search stopped (long clauses
            // would otherwise be read from the start again and again).
            let moved = false;
            const n = starts[id + 1] - from;
            const searchFrom = this.searchFrom[id];
            for (let step = 0; step < n - 2; step++) {
              const k = searchFrom + step < n ? searchFrom + step : searchFrom + step - n + 2;
              if (value[data[from + k]] !== -1) {
                data[from + 1] = data[from + k];
                data[from + k] = falsified;
                this.pushWatch(data[from + 1], id, beside);
                this.searchFrom[id] = k;
                moved = true;
                break;
              }
            }
            if (moved) {
              pool = this.pool;
              at = this.watchAt[falsified];
              continue;
            }
            if (value[beside] === -1) conflict = id;
            else this.assign(beside, id, time);
          }
        }
        pool[at + kept++] = id;
        pool[at + kept++] = beside;
      }
      this.watchSize[falsified] = kept;
      const e = falsified >> 1;
      const edgeRules = this.edgeRules;
      for (let k = this.edgeRuleStart[e], end = this.edgeRuleStart[e + 1]; conflict === NONE && k < end; k++) conflict = this.checkRule(edgeRules[k], time);
    }
    this.conflictClause = conflict;
    return conflict === NONE;
  }
}

/** No count least..most (none when most < least) has its bit set in `allowed`. */
function noCountIn(allowed: number, least: number, most: number): boolean {
  return most < least || (allowed & (((1 << (most - least + 1)) - 1) << least)) === 0;
}
