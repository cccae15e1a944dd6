// A small CDCL solver over typed arrays: two watched literals, 1-UIP learning with recursive minimisation
// and non-chronological backjumping, VSIDS on a binary heap (reason-side variables bumped too), phase saving
// with rephasing, a small share of random decisions, Glucose's LBD restarts (moving averages, with blocking)
// and LBD-based deletion of learnt clauses. Heavy tails come from long runs in one bad region: the restarts
// and the rephasing leave it, the random decisions keep two seeds from making the same mistakes.
// A theory (the single-loop propagator) runs after unit propagation reaches a fixpoint; it may assign literals with a reason clause, report a conflict clause, or report that the assignment is a model.
//
// Kept beside cdcl/wasm/core.ts, its step-for-step mirror: cdcl-loop's and auto's core=typescript run it (a variant
// of runners/experiments/cdcl.yaml), and test/encodings/backends/cdcl/wasm/binding.test.ts holds the core to it.
//
// Literals: variable v (0-based) is 2v (true) and 2v + 1 (false). Clauses live in one Int32Array arena:
// [size, header, lit0, lit1, ...], header = learnt | deleted << 1 | lbd << 2; lit0 and lit1 are watched.

import { now } from '../../clock.ts';
import * as abi from './wasm/abi.ts';

export const UNDEF = 2;
const LEARNT = 1;
const DELETED = 2;

/** What a theory answers after each unit-propagation fixpoint. */
export const THEORY_OK = 0;
export const THEORY_CONFLICT = 1;
export const THEORY_MODEL = 2;

export interface Theory {
  /** Reads the trail from where it stopped; may call `solver.imply`; fills `solver.theoryConflict` on conflict. */
  propagate(solver: CdclSolver): number;
  /** The trail was cut back to `length` entries: forget what was read beyond it. */
  backtrack(length: number): void;
}

export interface CdclStats {
  conflicts: number;
  decisions: number;
  propagations: number;
  learnedClauses: number;
  deletedClauses: number;
  restarts: number;
  theoryPropagations: number;
  theoryConflicts: number;
}

/** 'budget': the conflict budget of this call ran out; call `solve` again to continue. */
export type SolveAnswer = 'sat' | 'unsat' | 'timeout' | 'budget';

// Glucose's restart rule, the rephasing, the random decisions, VSIDS and the learnt clause limit: their constants
// are the wasm core's too (wasm/abi.ts), copied into module-local constants, which V8 reads faster than
// imported bindings.
const { FAST_LBD, SLOW_LBD, TRAIL_AVERAGE, RESTART_MARGIN, BLOCK_MARGIN, MIN_CONFLICTS_BETWEEN_RESTARTS, BLOCK_AFTER_CONFLICTS, RANDOM_DECISIONS, REPHASE_INTERVAL } = abi;
const { ACTIVITY_DECAY, ACTIVITY_LIMIT, ACTIVITY_SCALE_DOWN, INITIAL_ACTIVITY, LEARNT_LIMIT, LEARNT_LIMIT_STEP, GLUE_LBD } = abi;

const neg = (lit: number) => lit ^ 1;

export class CdclSolver {
  readonly variables: number;
  /** assign[v]: 0 false, 1 true, UNDEF. */
  readonly assign: Uint8Array;
  readonly level: Int32Array;
  /** >= 0: clause offset in the arena; -1: decision or level-0 fact; <= -2: theory reason at pool offset -(r + 2). */
  readonly reason: Int32Array;
  readonly trail: Int32Array;
  trailLength = 0;
  private propagateHead = 0;
  private readonly levelStart: number[] = [];

  private arena = new Int32Array(1 << 16);
  private arenaTop = 0;
  private learnts: number[] = [];
  private watches: Int32Array[];
  private watchLength: Int32Array;

  private pool = new Int32Array(1 << 14);
  private poolTop = 0;

  private readonly activity: Float64Array;
  private activityIncrement = 1;
  private readonly heap: Int32Array;
  private heapSize = 0;
  private readonly heapIndex: Int32Array;
  readonly phase: Uint8Array;

  private readonly seen: Uint8Array;
  private readonly levelSeen: Uint8Array;
  /** Filled by a theory on conflict: literals all false under the current assignment. */
  theoryConflict: number[] = [];
  unsatAtRoot = false;

  /** The phases of the longest trail since the last rephasing (CaDiCaL's best phase). */
  private readonly bestPhase: Uint8Array;
  private bestTrail = 0;
  private fastLbd = 0;
  private slowLbd = 0;
  private trailAverage = 0;
  private averagedConflicts = 0;
  private conflictsAtRestart = 0;
  private nextRephase = REPHASE_INTERVAL;
  private rephases = 0;
  private random: number;
  private readonly stack: number[] = [];
  private readonly reasonScratch: number[] = [];

  readonly stats: CdclStats = { conflicts: 0, decisions: 0, propagations: 0, learnedClauses: 0, deletedClauses: 0, restarts: 0, theoryPropagations: 0, theoryConflicts: 0 };
  private maxLearnts = LEARNT_LIMIT;

  constructor(variables: number, private readonly theory: Theory, seed = 1) {
    this.variables = variables;
    this.assign = new Uint8Array(variables).fill(UNDEF);
    this.level = new Int32Array(variables);
    this.reason = new Int32Array(variables).fill(-1);
    this.trail = new Int32Array(variables);
    this.watches = Array.from({ length: 2 * variables }, () => new Int32Array(8));
    this.watchLength = new Int32Array(2 * variables);
    this.activity = new Float64Array(variables);
    this.heap = new Int32Array(variables);
    this.heapIndex = new Int32Array(variables).fill(-1);
    this.phase = new Uint8Array(variables);
    this.seen = new Uint8Array(variables);
    this.levelSeen = new Uint8Array(variables + 1);
    this.bestPhase = new Uint8Array(variables);
    // A seeded tiny jitter so that `--seed` changes the first decisions and nothing else.
    let x = (seed * 2654435761) >>> 0 || 1;
    for (let v = 0; v < variables; v++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      this.activity[v] = ((x >>> 0) / 4294967296) * INITIAL_ACTIVITY;
      this.heapInsert(v);
    }
    this.random = x || 1;
  }

  /** A xorshift step: the solver's own random numbers, so that a seed fixes the whole search. */
  private nextRandom(): number {
    let x = this.random;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.random = x >>> 0 || 1;
    return this.random / 4294967296;
  }

  value(lit: number): number {
    const a = this.assign[lit >> 1];
    return a === UNDEF ? UNDEF : a ^ (lit & 1);
  }

  get decisionLevel(): number {
    return this.levelStart.length;
  }

  /** Adds a clause at decision level 0 (original or blocking). Returns false when the formula became unsat. */
  addClause(literals: readonly number[]): boolean {
    if (this.decisionLevel > 0) this.cancelUntil(0);
    const lits: number[] = [];
    // seen[v]: 1 + the sign of v's literal already in the clause (a repeat is dropped, a clash is a tautology).
    let tautology = false;
    for (const lit of literals) {
      const v = this.value(lit);
      if (v === 1) tautology = true;
      const mark = this.seen[lit >> 1];
      if (v === 0 || tautology || mark === 1 + (lit & 1)) continue;
      if (mark !== 0) tautology = true;
      else {
        this.seen[lit >> 1] = 1 + (lit & 1);
        lits.push(lit);
      }
    }
    for (const lit of lits) this.seen[lit >> 1] = 0;
    if (tautology) return true;
    if (lits.length === 0) return !(this.unsatAtRoot = true);
    if (lits.length === 1) {
      this.enqueue(lits[0], -1);
      return true;
    }
    this.attach(lits, false, 0);
    return true;
  }

  /** A theory's implication: `lit` becomes true because every literal in `because` is false. */
  imply(lit: number, because: readonly number[]): void {
    const need = because.length + 2;
    this.pool = withRoom(this.pool, this.poolTop, need);
    const at = this.poolTop;
    this.pool[at] = because.length + 1;
    this.pool[at + 1] = lit;
    for (let i = 0; i < because.length; i++) this.pool[at + 2 + i] = because[i];
    this.poolTop += need;
    this.stats.theoryPropagations++;
    this.enqueue(lit, -at - 2);
  }

  /** Several implications with one reason, stored once: a reason's first literal is never read as a cause. */
  implyAll(lits: readonly number[], because: readonly number[]): void {
    if (lits.length === 0) return;
    this.imply(lits[0], because);
    const reason = this.reason[lits[0] >> 1];
    for (let i = 1; i < lits.length; i++) {
      this.stats.theoryPropagations++;
      this.enqueue(lits[i], reason);
    }
  }

  private enqueue(lit: number, reason: number): void {
    const v = lit >> 1;
    this.assign[v] = (lit & 1) ^ 1;
    this.level[v] = this.decisionLevel;
    this.reason[v] = reason;
    this.trail[this.trailLength++] = lit;
  }

  private attach(lits: readonly number[], learnt: boolean, lbd: number): number {
    const need = lits.length + 2;
    this.arena = withRoom(this.arena, this.arenaTop, need);
    const c = this.arenaTop;
    this.arena[c] = lits.length;
    this.arena[c + 1] = (learnt ? LEARNT : 0) | (lbd << 2);
    for (let i = 0; i < lits.length; i++) this.arena[c + 2 + i] = lits[i];
    this.arenaTop += need;
    this.watch(lits[0], c, lits[1]);
    this.watch(lits[1], c, lits[0]);
    if (learnt) this.learnts.push(c);
    return c;
  }

  /** Clause c watches `lit`: it is visited when `lit` becomes false. */
  private watch(lit: number, c: number, blocker: number): void {
    let list = this.watches[lit];
    const n = this.watchLength[lit];
    if (n + 2 > list.length) {
      const bigger = new Int32Array(list.length * 2);
      bigger.set(list);
      this.watches[lit] = list = bigger;
    }
    list[n] = c;
    list[n + 1] = blocker;
    this.watchLength[lit] = n + 2;
  }

  /** Unit propagation to a fixpoint; returns a conflicting clause offset or -1. */
  private propagateUnits(): number {
    const arena = this.arena;
    while (this.propagateHead < this.trailLength) {
      const p = this.trail[this.propagateHead++];
      const falseLit = neg(p);
      const list = this.watches[falseLit];
      const n = this.watchLength[falseLit];
      this.stats.propagations++;
      let i = 0;
      let j = 0;
      let conflict = -1;
      while (i < n) {
        const c = list[i];
        const blocker = list[i + 1];
        i += 2;
        if (this.value(blocker) === 1) {
          list[j++] = c;
          list[j++] = blocker;
          continue;
        }
        if (arena[c + 1] & DELETED) continue;
        // Make lit1 the false one.
        if (arena[c + 2] === falseLit) {
          arena[c + 2] = arena[c + 3];
          arena[c + 3] = falseLit;
        }
        const first = arena[c + 2];
        if (first !== blocker && this.value(first) === 1) {
          list[j++] = c;
          list[j++] = first;
          continue;
        }
        const size = arena[c];
        let moved = false;
        for (let k = 2; k < size; k++) {
          const lit = arena[c + 2 + k];
          if (this.value(lit) !== 0) {
            arena[c + 3] = lit;
            arena[c + 2 + k] = falseLit;
            this.watch(lit, c, first);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[j++] = c;
        list[j++] = first;
        if (this.value(first) === 0) {
          conflict = c;
          while (i < n) list[j++] = list[i++];
        } else {
          this.enqueue(first, c);
        }
      }
      // `watch` may have replaced this literal's list only for other literals (never falseLit itself).
      this.watchLength[falseLit] = j;
      if (conflict >= 0) return conflict;
    }
    return -1;
  }

  /** The literals of a reason or conflict, the implied literal first for reasons. */
  private reasonLiterals(r: number, out: number[]): void {
    out.length = 0;
    if (r >= 0) {
      const size = this.arena[r];
      for (let k = 0; k < size; k++) out.push(this.arena[r + 2 + k]);
    } else {
      // Pool layout: [size, implied, because...], size counting the implied literal.
      const at = -r - 2;
      const size = this.pool[at];
      for (let k = 0; k < size; k++) out.push(this.pool[at + 1 + k]);
    }
  }

  private readonly scratch: number[] = [];
  private readonly learnt: number[] = [];
  private readonly toClear: number[] = [];

  /** 1-UIP analysis of a conflict (all literals false); fills `this.learnt` (asserting literal first), returns the backjump level. */
  private analyze(conflict: readonly number[]): number {
    const learnt = this.learnt;
    learnt.length = 0;
    learnt.push(0);
    const toClear = this.toClear;
    toClear.length = 0;
    let pathCount = 0;
    let lits: readonly number[] = conflict;
    let index = this.trailLength - 1;
    let p = -1;
    const current = this.decisionLevel;
    for (;;) {
      for (let k = p === -1 ? 0 : 1; k < lits.length; k++) {
        const q = lits[k];
        const v = q >> 1;
        if (this.seen[v] || this.level[v] === 0) continue;
        this.seen[v] = 1;
        toClear.push(v);
        this.bumpVariable(v);
        if (this.level[v] >= current) pathCount++;
        else learnt.push(q);
      }
      while (!this.seen[this.trail[index] >> 1]) index--;
      p = this.trail[index];
      index--;
      pathCount--;
      if (pathCount <= 0) break;
      this.reasonLiterals(this.reason[p >> 1], this.scratch);
      lits = this.scratch;
    }
    learnt[0] = neg(p);
    // Drop literals implied by the others (MiniSat's recursive minimisation), then bump the variables of
    // the remaining literals' reasons (CaDiCaL's reason-side bumping): they made the conflict possible.
    let levels = 0;
    for (let i = 1; i < learnt.length; i++) levels |= 1 << (this.level[learnt[i] >> 1] & 31);
    let j = 1;
    for (let i = 1; i < learnt.length; i++) {
      if (this.reason[learnt[i] >> 1] === -1 || !this.redundant(learnt[i], levels)) learnt[j++] = learnt[i];
    }
    learnt.length = j;
    for (let i = 0; i < learnt.length; i++) {
      const r = this.reason[learnt[i] >> 1];
      if (r === -1) continue;
      this.reasonLiterals(r, this.scratch);
      for (let k = 1; k < this.scratch.length; k++) {
        const w = this.scratch[k] >> 1;
        if (!this.seen[w] && this.level[w] > 0) {
          this.seen[w] = 1;
          toClear.push(w);
          this.bumpVariable(w);
        }
      }
    }
    for (const v of toClear) this.seen[v] = 0;
    if (learnt.length === 1) return 0;
    let best = 1;
    for (let i = 2; i < learnt.length; i++) if (this.level[learnt[i] >> 1] > this.level[learnt[best] >> 1]) best = i;
    const swap = learnt[1];
    learnt[1] = learnt[best];
    learnt[best] = swap;
    return this.level[learnt[1] >> 1];
  }

  /** Whether `lit` of a learnt clause follows from the clause's other literals through reasons (seen = in the clause). */
  private redundant(lit: number, levels: number): boolean {
    const stack = this.stack;
    stack.length = 0;
    stack.push(lit);
    const top = this.toClear.length;
    const reasonLits = this.reasonScratch;
    while (stack.length > 0) {
      const q = stack.pop()!;
      this.reasonLiterals(this.reason[q >> 1], reasonLits);
      for (let k = 1; k < reasonLits.length; k++) {
        const w = reasonLits[k] >> 1;
        if (this.seen[w] || this.level[w] === 0) continue;
        if (this.reason[w] !== -1 && (levels & (1 << (this.level[w] & 31))) !== 0) {
          this.seen[w] = 1;
          this.toClear.push(w);
          stack.push(reasonLits[k]);
          continue;
        }
        // A decision, or a level the clause does not hold: undo the marks of this attempt.
        for (let i = top; i < this.toClear.length; i++) this.seen[this.toClear[i]] = 0;
        this.toClear.length = top;
        return false;
      }
    }
    return true;
  }

  private lbd(lits: readonly number[]): number {
    let n = 0;
    for (const lit of lits) {
      const l = this.level[lit >> 1];
      if (!this.levelSeen[l]) {
        this.levelSeen[l] = 1;
        n++;
      }
    }
    for (const lit of lits) this.levelSeen[this.level[lit >> 1]] = 0;
    return n;
  }

  cancelUntil(level: number): void {
    if (this.decisionLevel <= level) return;
    const start = this.levelStart[level];
    for (let i = this.trailLength - 1; i >= start; i--) {
      const v = this.trail[i] >> 1;
      this.phase[v] = this.assign[v];
      this.assign[v] = UNDEF;
      const r = this.reason[v];
      if (r <= -2) this.poolTop = Math.min(this.poolTop, -r - 2);
      this.reason[v] = -1;
      if (this.heapIndex[v] < 0) this.heapInsert(v);
    }
    this.trailLength = start;
    this.propagateHead = Math.min(this.propagateHead, start);
    this.levelStart.length = level;
    this.theory.backtrack(start);
  }

  /** Unit propagation and the theory, alternately, to a joint fixpoint. Conflict: its literals in `out`. */
  private propagateAll(out: number[]): number {
    for (;;) {
      const c = this.propagateUnits();
      if (c >= 0) {
        this.reasonLiterals(c, out);
        return THEORY_CONFLICT;
      }
      const before = this.trailLength;
      const answer = this.theory.propagate(this);
      if (answer === THEORY_CONFLICT) {
        this.stats.theoryConflicts++;
        out.length = 0;
        for (const lit of this.theoryConflict) out.push(lit);
        return THEORY_CONFLICT;
      }
      if (answer === THEORY_MODEL) return THEORY_MODEL;
      if (this.trailLength === before) return THEORY_OK;
    }
  }

  private bumpVariable(v: number): void {
    if ((this.activity[v] += this.activityIncrement) > ACTIVITY_LIMIT) {
      for (let i = 0; i < this.variables; i++) this.activity[i] *= ACTIVITY_SCALE_DOWN;
      this.activityIncrement *= ACTIVITY_SCALE_DOWN;
    }
    const i = this.heapIndex[v];
    if (i >= 0) this.heapUp(i);
  }

  private heapInsert(v: number): void {
    this.heapIndex[v] = this.heapSize;
    this.heap[this.heapSize++] = v;
    this.heapUp(this.heapSize - 1);
  }

  private heapUp(i: number): void {
    const heap = this.heap;
    const v = heap[i];
    const a = this.activity[v];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.activity[heap[parent]] >= a) break;
      heap[i] = heap[parent];
      this.heapIndex[heap[i]] = i;
      i = parent;
    }
    heap[i] = v;
    this.heapIndex[v] = i;
  }

  private heapPop(): number {
    const heap = this.heap;
    const top = heap[0];
    this.heapIndex[top] = -1;
    const last = heap[--this.heapSize];
    if (this.heapSize > 0) {
      let i = 0;
      const a = this.activity[last];
      for (;;) {
        let child = 2 * i + 1;
        if (child >= this.heapSize) break;
        if (child + 1 < this.heapSize && this.activity[heap[child + 1]] > this.activity[heap[child]]) child++;
        if (this.activity[heap[child]] <= a) break;
        heap[i] = heap[child];
        this.heapIndex[heap[i]] = i;
        i = child;
      }
      heap[i] = last;
      this.heapIndex[last] = i;
    }
    return top;
  }

  private reduceLearnts(): void {
    const arena = this.arena;
    const locked = (c: number) => {
      const v = arena[c + 2] >> 1;
      return this.reason[v] === c && this.assign[v] !== UNDEF;
    };
    // Keep the glue clauses (lbd <= GLUE_LBD) and the better half of the rest by lbd, then by size.
    this.learnts.sort((a, b) => (arena[a + 1] >> 2) - (arena[b + 1] >> 2) || arena[a] - arena[b]);
    const keep: number[] = [];
    const half = this.learnts.length >> 1;
    this.learnts.forEach((c, i) => {
      if (i < half || arena[c + 1] >> 2 <= GLUE_LBD || locked(c)) keep.push(c);
      else {
        arena[c + 1] |= DELETED;
        this.stats.deletedClauses++;
      }
    });
    this.learnts = keep;
    // Drop the deleted clauses' watches now, so that propagation never meets them again.
    for (let lit = 0; lit < 2 * this.variables; lit++) {
      const list = this.watches[lit];
      const n = this.watchLength[lit];
      let j = 0;
      for (let i = 0; i < n; i += 2) {
        if (arena[list[i] + 1] & DELETED) continue;
        list[j++] = list[i];
        list[j++] = list[i + 1];
      }
      this.watchLength[lit] = j;
    }
  }

  /** Records a learnt clause's LBD and the trail length in the moving averages of the restart rule. */
  private average(lbd: number): void {
    this.averagedConflicts++;
    // Bias-corrected start (CaDiCaL's EMA): the slow averages are plain means until they have enough data.
    const slow = Math.max(SLOW_LBD, 1 / this.averagedConflicts);
    this.fastLbd += Math.max(FAST_LBD, 1 / this.averagedConflicts) * (lbd - this.fastLbd);
    this.slowLbd += slow * (lbd - this.slowLbd);
    this.trailAverage += Math.max(TRAIL_AVERAGE, 1 / this.averagedConflicts) * (this.trailLength - this.trailAverage);
  }

  private shouldRestart(): boolean {
    const since = this.stats.conflicts - this.conflictsAtRestart;
    if (since < MIN_CONFLICTS_BETWEEN_RESTARTS) return false;
    return this.fastLbd > RESTART_MARGIN * this.slowLbd;
  }

  /** Saved phases replaced in turn by the best trail's, all off (the first phase), the best again, and random. */
  private rephase(): void {
    const kind = this.rephases++ % 4;
    for (let v = 0; v < this.variables; v++) {
      if (kind === 1) this.phase[v] = 0;
      else if (kind === 3) this.phase[v] = this.nextRandom() < 0.5 ? 1 : 0;
      else if (this.bestTrail > 0) this.phase[v] = this.bestPhase[v];
    }
    this.bestTrail = 0;
    this.nextRephase = this.stats.conflicts + REPHASE_INTERVAL * (this.rephases + 1);
  }

  private pickBranchVariable(): number {
    if (this.nextRandom() < RANDOM_DECISIONS && this.heapSize > 0) {
      const v = this.heap[Math.floor(this.nextRandom() * this.heapSize)];
      if (this.assign[v] === UNDEF) return v;
    }
    while (this.heapSize > 0) {
      const v = this.heapPop();
      if (this.assign[v] === UNDEF) return v;
    }
    return -1;
  }

  /**
   * Searches for a model from the current learnt state. 'sat': `assign` holds a model (unassigned
   * variables read as false). Later calls continue with everything learnt so far; with `conflictBudget`,
   * 'budget' once that many conflicts have passed in this call.
   */
  solve(deadline: number, conflictBudget = Infinity): SolveAnswer {
    if (this.unsatAtRoot) return 'unsat';
    const conflict: number[] = [];
    const stopAt = this.stats.conflicts + conflictBudget;
    this.conflictsAtRestart = this.stats.conflicts;
    for (;;) {
      const answer = this.propagateAll(conflict);
      if (answer === THEORY_MODEL) return 'sat';
      if (answer === THEORY_CONFLICT) {
        this.stats.conflicts++;
        let top = 0;
        for (const lit of conflict) top = Math.max(top, this.level[lit >> 1]);
        if (top === 0) {
          this.unsatAtRoot = true;
          return 'unsat';
        }
        if (this.trailLength > this.bestTrail) {
          this.bestTrail = this.trailLength;
          for (let i = 0; i < this.trailLength; i++) {
            const lit = this.trail[i];
            this.bestPhase[lit >> 1] = (lit & 1) ^ 1;
          }
        }
        // Blocking: a trail much longer than usual may be close to a model; let this run go on.
        if (this.stats.conflicts > BLOCK_AFTER_CONFLICTS && this.trailLength > BLOCK_MARGIN * this.trailAverage) this.conflictsAtRestart = this.stats.conflicts;
        // A theory conflict found late lies wholly below the current level: analyse it where it arose.
        if (top < this.decisionLevel) this.cancelUntil(top);
        const back = this.analyze(conflict);
        const learnt = this.learnt;
        const lbd = learnt.length === 1 ? 1 : this.lbd(learnt);
        this.average(lbd);
        this.cancelUntil(back);
        if (learnt.length === 1) this.enqueue(learnt[0], -1);
        else {
          const c = this.attach(learnt, true, lbd);
          this.stats.learnedClauses++;
          this.enqueue(learnt[0], c);
        }
        this.activityIncrement /= ACTIVITY_DECAY;
        if ((this.stats.conflicts & 255) === 0 && now() > deadline) return 'timeout';
        if (this.stats.conflicts >= stopAt) return 'budget';
        continue;
      }
      if (this.shouldRestart()) {
        this.stats.restarts++;
        this.conflictsAtRestart = this.stats.conflicts;
        this.fastLbd = this.slowLbd;
        this.cancelUntil(0);
        if (this.stats.conflicts >= this.nextRephase) this.rephase();
        continue;
      }
      if (this.learnts.length > this.maxLearnts) {
        this.reduceLearnts();
        this.maxLearnts += LEARNT_LIMIT_STEP;
      }
      const next = this.pickBranchVariable();
      // Everything assigned without a conflict: the theory has seen the whole loop close.
      if (next < 0) return 'sat';
      this.stats.decisions++;
      if ((this.stats.decisions & 1023) === 0 && now() > deadline) return 'timeout';
      this.levelStart.push(this.trailLength);
      this.enqueue(2 * next + (this.phase[next] ? 0 : 1), -1);
    }
  }
}

/** `array` if `need` more entries fit after `top`, else a copy of its first `top` entries with room (doubling). */
function withRoom(array: Int32Array<ArrayBuffer>, top: number, need: number): Int32Array<ArrayBuffer> {
  if (top + need <= array.length) return array;
  const bigger = new Int32Array(Math.max(array.length * 2, top + need));
  bigger.set(array.subarray(0, top));
  return bigger;
}
