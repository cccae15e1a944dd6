// The deduction method of Liu, Wu and Sun (seed 002): edge states (line, cross, unknown), the basic rules,
// the corner edge-count sets E(C) of cells and vertices propagated to a fixpoint, optional trial and
// generalisation, and a complete depth-first search with an undo trail on top.
//
// Corners: a corner is a pair of perpendicular edges meeting at a vertex; E(C) is the set of possible
// numbers of lines among the two (a 3-bit mask over {0, 1, 2}). Each vertex has four (up-left, up-right,
// down-left, down-right) and they are also the corners of the four cells around it, so one array holds
// all. A unit (a vertex, or a clued cell) is propagated by enumerating the 16 assignments of its 4 edges
// that fit its rule (degree 0 or 2; the clue), the edge states and its corner sets, and keeping only what
// some assignment allows: this is Tables 1-4 of the paper in one step (e.g. a 1-cell corner {0} makes the
// diagonal corner {1}; a vertex corner {2} makes the diagonal {0}), and the "union over cases" of the
// paper's illustrations. With corners off, units see edge states only: the basic vertex and clue rules.
import { gridOf, type Puzzle } from '../grid.ts';

export const UNKNOWN = 0;
export const LINE = 1;
export const CROSS = 2;

export type Level = 'basic' | 'corners' | 'trial' | 'search';

export interface RulesOptions {
  corners: boolean;
  trial: boolean;
  /** Stop searching after this many solutions (2 for uniqueness). */
  maxSolutions: number;
  deadline: number;
}

export interface RulesStats {
  byVertex: number;
  byCell: number;
  byLoop: number;
  byTrial: number;
  byGuess: number;
  nodes: number;
  maxDepth: number;
  cornerUpdates: number;
}

const POPCOUNT = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
// Corner q of a vertex uses vertex edge slots [up, down, left, right]: UL = up+left, UR = up+right, DL = down+left, DR = down+right.
// Cell edge slots [top, bottom, left, right]; cell corner UL = top+left (vertex (r,c) DR), UR = top+right
// (vertex (r,c+1) DL), DL = bottom+left (vertex (r+1,c) UR), DR = bottom+right (vertex (r+1,c+1) UL).
// Both use the same slot pairs.
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
class Contradiction {}
const CONTRADICTION = new Contradiction();
/** Thrown when the deadline passes; the state is then as the last finished step left it. */
class Timeout extends Error {}

export class RulesSolver {
  readonly edgeCount: number;
  readonly vertexCount: number;
  readonly state: Uint8Array;
  private readonly corner: Uint8Array;
  private readonly vertexEdges: Int32Array; // 4 per vertex, -1 where the border has no edge
  private readonly cellEdges: Int32Array; // 4 per cell
  private readonly cellCorners: Int32Array; // 4 corner indices per cell
  private readonly edgeEnds: Int32Array; // 2 per edge
  private readonly edgeCells: Int32Array; // 2 per edge, -1 if none
  private readonly clues: Int8Array; // -1 for no clue
  private readonly cluedCells: number[];
  // Loop segments: line degree per vertex, and for an end of a segment its other end and the segment's length.
  private readonly degree: Uint8Array;
  private readonly partner: Int32Array;
  private readonly length: Int32Array;
  private lines = 0;
  private unknowns: number;
  // Undo trail: [kind, index, old value] triples. kinds: 0 edge, 1 corner, 2 partner, 3 length.
  private trail: number[] = [];
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private tail = 0;
  private corners = false;
  private family = 0; // which rule family is deciding now, for stats
  readonly stats: RulesStats = { byVertex: 0, byCell: 0, byLoop: 0, byTrial: 0, byGuess: 0, nodes: 0, maxDepth: 0, cornerUpdates: 0 };
  solutions: Uint8Array[] = [];

  constructor(private readonly puzzle: Puzzle) {
    const grid = gridOf(puzzle);
    const { rows: R, cols: C } = puzzle;
    this.edgeCount = grid.edgeCount;
    this.vertexCount = grid.vertexCount;
    this.state = new Uint8Array(grid.edgeCount);
    this.unknowns = grid.edgeCount;
    this.corner = new Uint8Array(grid.vertexCount * 4).fill(7);
    this.vertexEdges = new Int32Array(grid.vertexCount * 4).fill(-1);
    for (let r = 0; r <= R; r++) {
      for (let c = 0; c <= C; c++) {
        const v = grid.vertex(r, c);
        if (r > 0) this.vertexEdges[v * 4] = grid.verticalEdge(r - 1, c);
        if (r < R) this.vertexEdges[v * 4 + 1] = grid.verticalEdge(r, c);
        if (c > 0) this.vertexEdges[v * 4 + 2] = grid.horizontalEdge(r, c - 1);
        if (c < C) this.vertexEdges[v * 4 + 3] = grid.horizontalEdge(r, c);
      }
    }
    this.cellEdges = new Int32Array(grid.cellCount * 4);
    this.cellCorners = new Int32Array(grid.cellCount * 4);
    for (let cell = 0; cell < grid.cellCount; cell++) {
      const [r, c] = grid.cellPosition(cell);
      grid.edgesOfCell(cell).forEach((e, i) => (this.cellEdges[cell * 4 + i] = e));
      this.cellCorners[cell * 4] = grid.vertex(r, c) * 4 + 3;
      this.cellCorners[cell * 4 + 1] = grid.vertex(r, c + 1) * 4 + 2;
      this.cellCorners[cell * 4 + 2] = grid.vertex(r + 1, c) * 4 + 1;
      this.cellCorners[cell * 4 + 3] = grid.vertex(r + 1, c + 1) * 4;
    }
    this.edgeEnds = new Int32Array(grid.edgeCount * 2);
    this.edgeCells = new Int32Array(grid.edgeCount * 2).fill(-1);
    for (let e = 0; e < grid.edgeCount; e++) {
      const [a, b] = grid.verticesOfEdge(e);
      this.edgeEnds[e * 2] = a;
      this.edgeEnds[e * 2 + 1] = b;
      grid.cellsBesideEdge(e).forEach((cell, i) => (this.edgeCells[e * 2 + i] = cell));
    }
    this.clues = Int8Array.from(puzzle.clues, (clue) => (typeof clue === 'number' ? clue : -1));
    this.cluedCells = [...this.clues.keys()].filter((cell) => this.clues[cell] >= 0);
    this.degree = new Uint8Array(grid.vertexCount);
    this.partner = new Int32Array(grid.vertexCount).fill(-1);
    this.length = new Int32Array(grid.vertexCount);
    const units = grid.vertexCount + grid.cellCount;
    this.queue = new Int32Array(units + 1);
    this.queued = new Uint8Array(units);
  }

  get unknownCount(): number {
    return this.unknowns;
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

  private count(): void {
    if (this.family === 0) this.stats.byVertex++;
    else if (this.family === 1) this.stats.byCell++;
    else if (this.family === 2) this.stats.byLoop++;
    else if (this.family === 3) this.stats.byTrial++;
    else this.stats.byGuess++;
  }

  private setPartner(v: number, p: number, len: number): void {
    this.trail.push(2, v, this.partner[v], 3, v, this.length[v]);
    this.partner[v] = p;
    this.length[v] = len;
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
    this.trail.push(0, e, 0);
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
      this.family = 2;
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
          this.family = 2;
          this.set(f, CROSS);
          this.family = family;
        }
      }
    }
  }

  private undo(mark: number): void {
    const t = this.trail;
    while (t.length > mark) {
      const old = t.pop()!;
      const index = t.pop()!;
      const kind = t.pop()!;
      if (kind === 0) {
        if (this.state[index] === LINE) {
          this.degree[this.edgeEnds[index * 2]]--;
          this.degree[this.edgeEnds[index * 2 + 1]]--;
          this.lines--;
        }
        this.state[index] = old;
        this.unknowns++;
      } else if (kind === 1) this.corner[index] = old;
      else if (kind === 2) this.partner[index] = old;
      else this.length[index] = old;
    }
  }

  private restrictCorner(k: number, mask: number): void {
    const old = this.corner[k];
    const next = old & mask;
    if (next === old) return;
    if (next === 0) throw CONTRADICTION;
    this.trail.push(1, k, old);
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
    this.family = isVertex ? 0 : 1;
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

  /** Fixes edges (a presolver's, or the puzzle's own fixed edges) and propagates. */
  assume(edge: number, value: number): boolean {
    try {
      this.family = 4;
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

  /**
   * Trial and generalisation: try each unknown edge both ways; a contradiction decides it, otherwise keep
   * what both branches imply. Repeats until nothing changes.
   */
  trial(deadline: number): boolean {
    // Each branch's implications are read off the undo trail (not copies of the whole state); a probe's own
    // deductions are not counted in the rule-family stats, only what trial keeps.
    const mark0 = new Int32Array(this.edgeCount);
    const valueInLine = new Uint8Array(this.edgeCount);
    const common: number[] = [];
    const stats = this.stats;
    let stamp = 0;
    let changed = true;
    while (changed) {
      changed = false;
      for (let e = 0; e < this.edgeCount; e++) {
        if (this.state[e] !== UNKNOWN) continue;
        if (performance.now() > deadline) throw new Timeout();
        const { byVertex, byCell, byLoop, byGuess, cornerUpdates } = stats;
        const mark = this.trail.length;
        const t = this.trail;
        const lineOk = this.assume(e, LINE);
        stamp++;
        if (lineOk) {
          for (let i = mark; i < t.length; i += 3) {
            if (t[i] === 0) {
              mark0[t[i + 1]] = stamp;
              valueInLine[t[i + 1]] = this.state[t[i + 1]];
            }
          }
        }
        this.undo(mark);
        const crossOk = this.assume(e, CROSS);
        common.length = 0;
        if (lineOk && crossOk) {
          for (let i = mark; i < t.length; i += 3) {
            const f = t[i + 1];
            if (t[i] === 0 && mark0[f] === stamp && valueInLine[f] === this.state[f]) common.push(f, this.state[f]);
          }
        }
        this.undo(mark);
        Object.assign(stats, { byVertex, byCell, byLoop, byGuess, cornerUpdates });
        this.family = 3;
        if (!lineOk && !crossOk) return false;
        try {
          if (!lineOk) this.set(e, CROSS);
          else if (!crossOk) this.set(e, LINE);
          else {
            // In edge order, as a scan of the whole state would.
            const order: number[] = [];
            for (let i = 0; i < common.length; i += 2) order.push(i);
            order.sort((a, b) => common[a] - common[b]);
            for (const i of order) if (this.state[common[i]] === UNKNOWN) this.set(common[i], common[i + 1]);
          }
        } catch (error) {
          if (!(error instanceof Contradiction)) throw error;
          return false;
        }
        if (this.trail.length > mark) {
          changed = true;
          if (!this.propagate()) return false;
        }
      }
    }
    return true;
  }

  /** Whether every edge is decided and the lines form one loop satisfying every clue. */
  isSolved(): boolean {
    if (this.lines === 0) return false;
    for (let e = 0; e < this.edgeCount; e++) if (this.state[e] === UNKNOWN) return false;
    for (let v = 0; v < this.vertexCount; v++) if (this.degree[v] !== 0 && this.degree[v] !== 2) return false;
    for (const cell of this.cluedCells) {
      let n = 0;
      for (let i = 0; i < 4; i++) if (this.state[this.cellEdges[cell * 4 + i]] === LINE) n++;
      if (n !== this.clues[cell]) return false;
    }
    // The loop rule lets a loop close only when it holds every line, so the lines are one loop if closed.
    let start = -1;
    for (let e = 0; e < this.edgeCount && start < 0; e++) if (this.state[e] === LINE) start = e;
    let at = this.edgeEnds[start * 2 + 1];
    let previous = start;
    let walked = 1;
    while (at !== this.edgeEnds[start * 2]) {
      let next = -1;
      for (let slot = 0; slot < 4; slot++) {
        const f = this.vertexEdges[at * 4 + slot];
        if (f >= 0 && f !== previous && this.state[f] === LINE) next = f;
      }
      if (next < 0) return false;
      at = this.edgeEnds[next * 2] === at ? this.edgeEnds[next * 2 + 1] : this.edgeEnds[next * 2];
      previous = next;
      walked++;
    }
    return walked === this.lines;
  }

  /** The unknown edge to branch on: at a segment end with the fewest open edges, else beside a clue. */
  private chooseEdge(): number {
    let best = -1;
    let bestScore = Infinity;
    for (let v = 0; v < this.vertexCount; v++) {
      if (this.degree[v] !== 1) continue;
      let open = 0;
      let candidate = -1;
      for (let slot = 0; slot < 4; slot++) {
        const f = this.vertexEdges[v * 4 + slot];
        if (f >= 0 && this.state[f] === UNKNOWN) {
          open++;
          candidate = f;
        }
      }
      if (candidate >= 0 && open < bestScore) {
        bestScore = open;
        best = candidate;
        if (open <= 2) break;
      }
    }
    if (best >= 0) return best;
    for (const cell of this.cluedCells) {
      for (let i = 0; i < 4; i++) {
        const e = this.cellEdges[cell * 4 + i];
        if (this.state[e] === UNKNOWN) return e;
      }
    }
    for (let e = 0; e < this.edgeCount; e++) if (this.state[e] === UNKNOWN) return e;
    return -1;
  }

  /** Depth-first search to `maxSolutions` solutions; each found is kept in `solutions`. */
  search(maxSolutions: number, deadline: number, depth = 0): void {
    this.stats.nodes++;
    if (depth > this.stats.maxDepth) this.stats.maxDepth = depth;
    if ((this.stats.nodes & 255) === 0 && performance.now() > deadline) throw new Timeout();
    const e = this.chooseEdge();
    if (e < 0) {
      if (this.isSolved()) this.solutions.push(Uint8Array.from(this.state, (s) => (s === LINE ? 1 : 0)));
      return;
    }
    for (const value of [LINE, CROSS]) {
      const mark = this.trail.length;
      if (this.assume(e, value)) this.search(maxSolutions, deadline, depth + 1);
      this.undo(mark);
      if (this.solutions.length >= maxSolutions) return;
    }
  }

  /** Forgets the undo trail: what is decided now stays decided. */
  commit(): void {
    this.trail = [];
  }

  decided(): { edge: number; on: boolean }[] {
    const out: { edge: number; on: boolean }[] = [];
    for (let e = 0; e < this.edgeCount; e++) if (this.state[e] !== UNKNOWN) out.push({ edge: e, on: this.state[e] === LINE });
    return out;
  }
}

export { Contradiction, Timeout };

export interface RulesOutcome {
  status: 'solved' | 'unsat' | 'timeout';
  solutions: Uint8Array[];
  /** The weakest level that decided the puzzle (search when guessing was needed). */
  level: Level | null;
  /** Edges decided before any guess. */
  decidedWithoutSearch: number;
  stats: RulesStats;
}

/** Solves with deduction first, then search; finds up to `maxSolutions` solutions. */
export function solveWithRules(puzzle: Puzzle, options: RulesOptions): RulesOutcome {
  const solver = new RulesSolver(puzzle);
  const outcome = (status: RulesOutcome['status'], level: Level | null): RulesOutcome => ({
    status,
    solutions: solver.solutions,
    level,
    decidedWithoutSearch,
    stats: solver.stats,
  });
  let decidedWithoutSearch = 0;
  try {
    for (const f of puzzle.fixedEdges ?? []) if (!solver.assume(f.edge, f.on ? LINE : CROSS)) return outcome('unsat', null);
    const stages: [Level, () => boolean][] = [['basic', () => solver.deduce(false)]];
    if (options.corners) stages.push(['corners', () => solver.deduce(true)]);
    if (options.trial) stages.push(['trial', () => solver.trial(options.deadline)]);
    for (const [level, run] of stages) {
      if (!run()) return outcome('unsat', level);
      decidedWithoutSearch = solver.edgeCount - solver.unknownCount;
      if (solver.unknownCount === 0) {
        if (!solver.isSolved()) return outcome('unsat', level);
        solver.solutions.push(Uint8Array.from(solver.state, (s) => (s === LINE ? 1 : 0)));
        return outcome('solved', level);
      }
    }
    solver.commit();
    solver.search(options.maxSolutions, options.deadline);
    return outcome(solver.solutions.length > 0 ? 'solved' : 'unsat', 'search');
  } catch (error) {
    if (error instanceof Timeout) return outcome(solver.solutions.length > 0 ? 'solved' : 'timeout', null);
    throw error;
  }
}

/**
 * The weakest deduction level (basic, then corners) that decides every edge into one valid loop, or null
 * when deduction alone does not (or finds a contradiction). Deciding every edge without a guess proves the
 * solution unique, so this is a fast uniqueness test for puzzles meant to be solved by reasoning.
 */
export function deductionLevel(puzzle: Puzzle, upTo: 'basic' | 'corners'): 'basic' | 'corners' | null {
  const solver = new RulesSolver(puzzle);
  if (!solver.deduce(false)) return null;
  if (solver.unknownCount === 0) return solver.isSolved() ? 'basic' : null;
  if (upTo === 'basic' || !solver.deduce(true)) return null;
  return solver.unknownCount === 0 && solver.isSolved() ? 'corners' : null;
}
