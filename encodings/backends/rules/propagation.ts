// The rules of Liu, Wu and Sun (liu-wu-sun), propagated to a fixpoint: the vertex and clue rules, the loop
// rules, and the corner edge-count sets E(C) of cells and vertices.
// Kept beside rules/wasm/core.ts, which mirrors it step for step: the basic level's patterns (patterns.ts) build on
// it, and search.ts's deduction level (grading datasets and generated puzzles) and the core's equivalence test run it.
//
// Corners: a corner is a pair of perpendicular edges meeting at a vertex; E(C) is the set of possible
// numbers of lines among the two (a 3-bit mask over {0, 1, 2}). Each vertex has four (up-left, up-right,
// down-left, down-right) and they are also the corners of the four cells around it, so one array holds
// all. A unit (a vertex, or a clued cell) is propagated by enumerating the 16 assignments of its 4 edges
// that fit its rule (degree 0 or 2; the clue), the edge states and its corner sets, and keeping only what
// some assignment allows: this is Tables 1-4 of the paper in one step (e.g. a 1-cell corner {0} makes the
// diagonal corner {1}; a vertex corner {2} makes the diagonal {0}), and the "union over cases" of the
// paper's illustrations. With corners off, units see edge states only: the basic vertex and clue rules.
import type { Puzzle } from '../../grid.ts';
import * as shared from './state.ts';
import { RulesState } from './state.ts';

// Module-local copies of the shared names (see state.ts).
const { UNKNOWN, LINE, CROSS, RuleFamily, TrailKind } = shared;

const POPCOUNT = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
// Corner q of a vertex uses vertex edge slots [up, down, left, right]: UL = up+left, UR = up+right, DL = down+left, DR = down+right.
// Cell edge slots [top, bottom, left, right]: a cell's corner q is the same slot pair (see RulesState).
const CORNER_SLOTS = [[0, 2], [0, 3], [1, 2], [1, 3]];
/** CORNER_BIT[mask * 4 + q]: the bit of E(C) for the number of lines that assignment `mask` puts on corner q. */
const CORNER_BIT = new Uint8Array(64);
for (let mask = 0; mask < 16; mask++) {
  for (let q = 0; q < 4; q++) CORNER_BIT[mask * 4 + q] = 1 << (((mask >> CORNER_SLOTS[q][0]) & 1) + ((mask >> CORNER_SLOTS[q][1]) & 1));
}
/** The assignments a unit's rule allows: index 0..4 a cell with that clue, 5 a vertex (degree 0 or 2). */
const UNIT_MASKS: Uint8Array[] = [0, 1, 2, 3, 4, 5].map((k) =>
  Uint8Array.from([...Array(16).keys()].filter((mask) => (k === 5 ? POPCOUNT[mask] === 0 || POPCOUNT[mask] === 2 : POPCOUNT[mask] === k))),
);

// A contradiction is thrown often during search and trial: a plain object without a stack trace is cheap.
export class Contradiction {}
const CONTRADICTION = new Contradiction();

export class Propagator extends RulesState {
  // A ring of units to propagate: vertices 0..V-1, then clued cells V + cell.
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private tail = 0;
  private corners = false;

  constructor(puzzle: Puzzle) {
    super(puzzle);
    const units = this.vertexCount + this.cellEdges.length / 4;
    this.queue = new Int32Array(units + 1);
    this.queued = new Uint8Array(units);
  }

  private enqueue(unit: number): void {
    if (unit < 0 || this.queued[unit]) return;
    this.queued[unit] = 1;
    this.queue[this.tail] = unit;
    this.tail = this.tail + 1 === this.queue.length ? 0 : this.tail + 1;
  }

  private enqueueEdge(e: number): void {
    this.enqueue(this.edgeEnds[e * 2]);
    this.enqueue(this.edgeEnds[e * 2 + 1]);
    const a = this.edgeCells[e * 2];
    const b = this.edgeCells[e * 2 + 1];
    if (a >= 0 && this.clues[a] >= 0) this.enqueue(this.vertexCount + a);
    if (b >= 0 && this.clues[b] >= 0) this.enqueue(this.vertexCount + b);
  }

  /** Sets an unknown edge; throws Contradiction when the loop rules forbid it. */
  set(e: number, value: number): void {
    const current = this.state[e];
    if (current === value) return;
    if (current !== UNKNOWN) throw CONTRADICTION;
    const a = this.edgeEnds[e * 2];
    const b = this.edgeEnds[e * 2 + 1];
    const da = this.degree[a];
    const db = this.degree[b];
    // Checked before anything changes, so that the undo trail always matches the state.
    if (value === LINE && (da >= 2 || db >= 2)) throw CONTRADICTION;
    // Crossing the last unknown edge while no edge is a line leaves no loop at all.
    if (value === CROSS && this.unknowns === 1 && this.lines === 0) throw CONTRADICTION;
    this.count();
    this.trail.push(TrailKind.edge, e, UNKNOWN);
    this.state[e] = value;
    this.unknowns--;
    this.enqueueEdge(e);
    if (value === CROSS) return;
    this.degree[a]++;
    this.degree[b]++;
    this.lines++;
    if (da === 1 && db === 1 && this.partner[a] === b) {
      // This line closes a loop: it must be the only one, and then every other edge is a cross.
      if (this.lines !== this.length[a] + 1) throw CONTRADICTION;
      const family = this.family;
      this.family = RuleFamily.loop;
      for (let f = 0; f < this.edgeCount; f++) if (this.state[f] === UNKNOWN) this.set(f, CROSS);
      this.family = family;
      return;
    }
    const endA = da === 1 ? this.partner[a] : a;
    const endB = db === 1 ? this.partner[b] : b;
    const len = (da === 1 ? this.length[a] : 0) + (db === 1 ? this.length[b] : 0) + 1;
    this.setPartner(endA, endB, len);
    this.setPartner(endB, endA, len);
    // An edge joining the two ends would close this segment while other lines remain: a cross.
    if (this.lines > len) {
      for (let slot = 0; slot < 4; slot++) {
        const f = this.vertexEdges[endA * 4 + slot];
        if (f >= 0 && this.state[f] === UNKNOWN && (this.edgeEnds[f * 2] === endB || this.edgeEnds[f * 2 + 1] === endB)) {
          const family = this.family;
          this.family = RuleFamily.loop;
          this.set(f, CROSS);
          this.family = family;
        }
      }
    }
  }

  private restrictCorner(k: number, mask: number): void {
    const old = this.corner[k];
    const next = old & mask;
    if (next === old) return;
    if (next === 0) throw CONTRADICTION;
    this.trail.push(TrailKind.corner, k, old);
    this.corner[k] = next;
    this.stats.cornerUpdates++;
    const v = k >> 2;
    this.enqueue(v);
    // The cell in quadrant q of vertex v: UL -> (r-1, c-1) ... found through the vertex's edges.
    const q = k & 3;
    const vertical = this.vertexEdges[v * 4 + (q < 2 ? 0 : 1)];
    const horizontal = this.vertexEdges[v * 4 + (q & 1 ? 3 : 2)];
    if (vertical >= 0 && horizontal >= 0) {
      // The cell shared by these two edges.
      const c0 = this.edgeCells[vertical * 2];
      const c1 = this.edgeCells[vertical * 2 + 1];
      const h0 = this.edgeCells[horizontal * 2];
      const h1 = this.edgeCells[horizontal * 2 + 1];
      const cell = c0 >= 0 && (c0 === h0 || c0 === h1) ? c0 : c1;
      if (cell >= 0 && this.clues[cell] >= 0) this.enqueue(this.vertexCount + cell);
    }
  }

  /** Enumerates the assignments of a unit's 4 edge slots and keeps what some allowed assignment allows. */
  private propagateUnit(unit: number): void {
    // The hot loop: flat tables and locals only (no closures, no allocation), see CORNER_BIT and UNIT_MASKS.
    const isVertex = unit < this.vertexCount;
    const base = isVertex ? unit * 4 : (unit - this.vertexCount) * 4;
    const edges = isVertex ? this.vertexEdges : this.cellEdges;
    const state = this.state;
    let mustOn = 0;
    let mustOff = 0;
    for (let i = 0; i < 4; i++) {
      const e = edges[base + i];
      if (e < 0) mustOff |= 1 << i;
      else {
        const s = state[e];
        if (s === CROSS) mustOff |= 1 << i;
        else if (s === LINE) mustOn |= 1 << i;
      }
    }
    const masks = UNIT_MASKS[isVertex ? 5 : this.clues[unit - this.vertexCount]];
    const useCorners = this.corners;
    const corner = this.corner;
    let k0 = 0, k1 = 0, k2 = 0, k3 = 0;
    let e0 = 7, e1 = 7, e2 = 7, e3 = 7;
    if (useCorners) {
      const at = isVertex ? null : this.cellCorners;
      k0 = at ? at[base] : base;
      k1 = at ? at[base + 1] : base + 1;
      k2 = at ? at[base + 2] : base + 2;
      k3 = at ? at[base + 3] : base + 3;
      e0 = corner[k0];
      e1 = corner[k1];
      e2 = corner[k2];
      e3 = corner[k3];
    }
    let canOn = 0;
    let canOff = 0;
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    let any = false;
    for (let j = 0; j < masks.length; j++) {
      const mask = masks[j];
      if ((mask & mustOn) !== mustOn || (mask & mustOff) !== 0) continue;
      const b = mask * 4;
      const b0 = CORNER_BIT[b], b1 = CORNER_BIT[b + 1], b2 = CORNER_BIT[b + 2], b3 = CORNER_BIT[b + 3];
      if (!(e0 & b0) || !(e1 & b1) || !(e2 & b2) || !(e3 & b3)) continue;
      any = true;
      canOn |= mask;
      canOff |= ~mask & 15;
      s0 |= b0;
      s1 |= b1;
      s2 |= b2;
      s3 |= b3;
    }
    if (!any) throw CONTRADICTION;
    this.family = isVertex ? RuleFamily.vertex : RuleFamily.cell;
    if ((canOn & canOff) !== 15) {
      for (let i = 0; i < 4; i++) {
        const e = edges[base + i];
        if (e < 0 || state[e] !== UNKNOWN) continue;
        if (!(canOff & (1 << i))) this.set(e, LINE);
        else if (!(canOn & (1 << i))) this.set(e, CROSS);
      }
    }
    if (useCorners) {
      this.restrictCorner(k0, s0);
      this.restrictCorner(k1, s1);
      this.restrictCorner(k2, s2);
      this.restrictCorner(k3, s3);
    }
  }

  /** Runs the queue to a fixpoint; false on contradiction. */
  propagate(): boolean {
    try {
      while (this.head !== this.tail) {
        const unit = this.queue[this.head];
        this.head = this.head + 1 === this.queue.length ? 0 : this.head + 1;
        this.queued[unit] = 0;
        this.propagateUnit(unit);
      }
      return true;
    } catch (error) {
      if (!(error instanceof Contradiction)) throw error;
      this.clearQueue();
      return false;
    }
  }

  private clearQueue(): void {
    while (this.head !== this.tail) {
      this.queued[this.queue[this.head]] = 0;
      this.head = this.head + 1 === this.queue.length ? 0 : this.head + 1;
    }
  }

  private enqueueAll(): void {
    for (let v = 0; v < this.vertexCount; v++) this.enqueue(v);
    for (const cell of this.cluedCells) this.enqueue(this.vertexCount + cell);
  }

  /** Fixes an edge (a guess, a trial probe, a presolver's or the puzzle's own) and propagates; counted as a guess. */
  assume(edge: number, value: number): boolean {
    try {
      this.family = RuleFamily.guess;
      this.set(edge, value);
    } catch (error) {
      if (!(error instanceof Contradiction)) throw error;
      return false;
    }
    return this.propagate();
  }

  /** Deduction without guessing, at the given strength; false on contradiction. */
  deduce(corners: boolean): boolean {
    this.corners = corners;
    this.enqueueAll();
    return this.propagate();
  }
}
