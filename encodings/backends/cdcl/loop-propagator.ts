// The single-loop propagator: the on-edges read from the trail form paths (segments), tracked with their
// two ends and their length, undone in trail order. Two deductions, each with a reason clause:
// - an edge joining the two ends of a path closes a cycle; it is off when an on-edge lies outside that
//   path (witness: an on-edge at another path's end) or when the cycle would leave a clue unmet (every
//   other edge would be off, so the cells' counts would be final);
// - a closed cycle with an on-edge outside it, or with a clue unmet, is a conflict.
// A closed cycle with neither is the whole loop: every other edge off is a model.
import type { FlatGrid, Puzzle } from '../../grid.ts';
import { THEORY_CONFLICT, THEORY_MODEL, THEORY_OK, UNDEF, type CdclSolver, type Theory } from './solver.ts';
import { CONNECTIVITY_BLOCKS, CONNECTIVITY_COMPONENTS, CONNECTIVITY_OFF } from './wasm/abi.ts';

const on = (edge: number) => 2 * edge;
/** At most this many fixpoints without a connectivity walk, after walks that found nothing. */
const MAX_SKIP = 15;
/** The same for the block rule's walk (about twice the component walk): component walks without it, at most. */
const MAX_BLOCK_SKIP = 15;
const off = (edge: number) => 2 * edge + 1;

/** How much of the connectivity of the loop the propagator enforces (cdcl-loop's `connectivity` option). */
export const CONNECTIVITY = ['blocks', 'components', 'off'] as const;
export type Connectivity = (typeof CONNECTIVITY)[number];
/** The wasm core's number for each level (wasm/abi.ts). */
export const connectivityLevel = (c: Connectivity): number => (c === 'off' ? CONNECTIVITY_OFF : c === 'components' ? CONNECTIVITY_COMPONENTS : CONNECTIVITY_BLOCKS);

export class LoopPropagator implements Theory {
  private head = 0;
  private readonly degree: Int32Array;
  private readonly partner: Int32Array;
  private readonly pathLength: Int32Array;
  private readonly ends: Int32Array;
  private endCount = 0;
  private readonly endIndex: Int32Array;
  private readonly onEdge: Uint8Array;
  private totalOn = 0;
  private readonly clue: Int8Array;
  private readonly cellOn: Int8Array;
  /** Clued cells whose on-edges do not number the clue. */
  private mismatch = 0;
  /** Undo log: [vertex, partner, pathLength, degree] before each change. */
  private log = new Int32Array(1024);
  private logTop = 0;
  private readonly logTopAt: Int32Array;
  private readonly readEdge: Int32Array;
  /** A vertex of the closed cycle, and the trail index where it closed (-1: none). */
  private closedVertex = -1;
  private closedAt = -1;
  private closedLength = 0;
  /** Edge from vertex a to vertex b: looked up through a's four directions. */
  private readonly grid: FlatGrid;
  private readonly because: number[] = [];
  private readonly component: Int32Array;
  private readonly componentOn: Int32Array;
  private readonly componentOpen: Uint8Array;
  /** Vertices in the order the component walk met them; component i is stack[componentStart[i]..componentStart[i + 1]). */
  private readonly stack: Int32Array;
  private readonly componentStart: Int32Array;
  private skip = 0;
  private skipLeft = 0;
  private blockSkip = 0;
  private blockSkipLeft = 0;
  // The block rule's depth-first search (component 0 of the walk): per vertex its preorder number, the lowest
  // preorder one back edge from its subtree reaches, where its subtree ends in stack[], its tree parent and edge.
  private readonly preorder: Int32Array;
  private readonly lowest: Int32Array;
  private readonly subtreeEnd: Int32Array;
  private readonly treeParent: Int32Array;
  private readonly treeEdge: Int32Array;
  private readonly nextSlot: Int32Array;
  private readonly dfsStack: Int32Array;
  /** onBefore[i]: vertices of stack[0..i) with an on-edge. */
  private readonly onBefore: Int32Array;

  constructor(grid: FlatGrid, puzzle: Puzzle, private readonly connectivity: Connectivity = 'blocks') {
    this.grid = grid;
    const { vertexCount, edgeCount, cellCount } = grid;
    this.degree = new Int32Array(vertexCount);
    this.partner = new Int32Array(vertexCount).fill(-1);
    this.pathLength = new Int32Array(vertexCount);
    this.ends = new Int32Array(vertexCount);
    this.endIndex = new Int32Array(vertexCount).fill(-1);
    this.onEdge = new Uint8Array(edgeCount);
    this.clue = new Int8Array(cellCount).fill(-1);
    this.cellOn = new Int8Array(cellCount);
    this.logTopAt = new Int32Array(edgeCount + 1);
    this.readEdge = new Int32Array(edgeCount + 1);
    this.component = new Int32Array(vertexCount);
    this.componentOn = new Int32Array(vertexCount);
    this.componentOpen = new Uint8Array(vertexCount);
    this.stack = new Int32Array(vertexCount);
    this.componentStart = new Int32Array(vertexCount + 1);
    this.preorder = new Int32Array(vertexCount);
    this.lowest = new Int32Array(vertexCount);
    this.subtreeEnd = new Int32Array(vertexCount);
    this.treeParent = new Int32Array(vertexCount);
    this.treeEdge = new Int32Array(vertexCount);
    this.nextSlot = new Int32Array(vertexCount);
    this.dfsStack = new Int32Array(vertexCount);
    this.onBefore = new Int32Array(vertexCount + 1);
    puzzle.clues.forEach((c, cell) => {
      if (typeof c === 'number') {
        this.clue[cell] = c;
        if (c !== 0) this.mismatch++;
      }
    });
  }

  private setEnd(v: number, isEnd: boolean): void {
    const at = this.endIndex[v];
    if (isEnd && at < 0) {
      this.endIndex[v] = this.endCount;
      this.ends[this.endCount++] = v;
    } else if (!isEnd && at >= 0) {
      const last = this.ends[--this.endCount];
      this.ends[at] = last;
      this.endIndex[last] = at;
      this.endIndex[v] = -1;
    }
  }

  private remember(v: number): void {
    if (this.logTop + 4 > this.log.length) {
      const bigger = new Int32Array(this.log.length * 2);
      bigger.set(this.log);
      this.log = bigger;
    }
    const log = this.log;
    log[this.logTop++] = v;
    log[this.logTop++] = this.partner[v];
    log[this.logTop++] = this.pathLength[v];
    log[this.logTop++] = this.degree[v];
  }

  private countCells(edge: number, delta: number): void {
    for (let k = 0; k < 2; k++) {
      const cell = this.grid.edgeCells[2 * edge + k];
      if (cell < 0 || this.clue[cell] < 0) continue;
      if (this.cellOn[cell] !== this.clue[cell]) this.mismatch--;
      this.cellOn[cell] += delta;
      if (this.cellOn[cell] !== this.clue[cell]) this.mismatch++;
    }
  }

  /** The on-edge at a vertex other than `not`, or -1. */
  private nextOn(v: number, not: number): number {
    const ve = this.grid.vertexEdges;
    for (let k = 0; k < 4; k++) {
      const e = ve[4 * v + k];
      if (e >= 0 && e !== not && this.onEdge[e]) return e;
    }
    return -1;
  }

  /** Pushes `off(e)` for every on-edge of the path or cycle through v (walking from v). */
  private collectPath(v: number, out: number[]): void {
    const endsOf = this.grid.edgeEnds;
    let e = this.nextOn(v, -1);
    const firstEdge = e;
    while (e >= 0) {
      out.push(off(e));
      v = endsOf[2 * e] === v ? endsOf[2 * e + 1] : endsOf[2 * e];
      e = this.nextOn(v, e);
      if (e === firstEdge) break;
    }
  }

  /** An on-edge at a path end other than a and b: a witness outside their path. */
  private witnessBeside(a: number, b: number): number {
    for (let i = 0; i < this.endCount; i++) {
      const z = this.ends[i];
      if (z !== a && z !== b) return this.nextOn(z, -1);
    }
    return -1;
  }

  /** Adds on-edge `e` (trail index `index`); returns a conflict when it closes a second cycle or a cycle with an on-edge outside it. */
  private addOn(e: number, index: number, solver: CdclSolver): boolean {
    const a = this.grid.edgeEnds[2 * e];
    const b = this.grid.edgeEnds[2 * e + 1];
    const da = this.degree[a];
    const db = this.degree[b];
    this.remember(a);
    this.remember(b);
    this.onEdge[e] = 1;
    this.totalOn++;
    this.countCells(e, 1);
    this.degree[a] = da + 1;
    this.degree[b] = db + 1;
    if (da === 0 && db === 0) {
      this.partner[a] = b;
      this.partner[b] = a;
      this.pathLength[a] = this.pathLength[b] = 1;
      this.setEnd(a, true);
      this.setEnd(b, true);
      return false;
    }
    if (da === 1 && db === 1 && this.partner[a] === b) {
      this.setEnd(a, false);
      this.setEnd(b, false);
      const length = this.pathLength[a] + 1;
      this.partner[a] = this.partner[b] = -1;
      if (this.closedVertex >= 0 || this.totalOn > length) {
        // Two cycles, or a cycle and a path: the witness is on the other one.
        const witness = this.closedVertex >= 0 ? this.nextOn(this.closedVertex, -1) : this.witnessBeside(a, b);
        const conflict = solver.theoryConflict;
        conflict.length = 0;
        this.collectPath(a, conflict);
        conflict.push(off(witness));
        return true;
      }
      this.closedVertex = a;
      this.closedAt = index;
      this.closedLength = length;
      return false;
    }
    // Extend one path, or join two: the far ends become partners.
    const x = da === 1 ? this.partner[a] : a;
    const y = db === 1 ? this.partner[b] : b;
    const length = (da === 1 ? this.pathLength[a] : 0) + (db === 1 ? this.pathLength[b] : 0) + 1;
    if (x !== a) this.remember(x);
    if (y !== b) this.remember(y);
    if (da === 1) {
      this.setEnd(a, false);
      this.partner[a] = -1;
    }
    if (db === 1) {
      this.setEnd(b, false);
      this.partner[b] = -1;
    }
    this.partner[x] = y;
    this.partner[y] = x;
    this.pathLength[x] = this.pathLength[y] = length;
    this.setEnd(x, true);
    this.setEnd(y, true);
    return false;
  }

  /** The edge between two vertices, or -1 when they are not neighbours. */
  private edgeBetween(a: number, b: number): number {
    const ve = this.grid.vertexEdges;
    const endsOf = this.grid.edgeEnds;
    for (let k = 0; k < 4; k++) {
      const e = ve[4 * a + k];
      if (e >= 0 && (endsOf[2 * e] === b || endsOf[2 * e + 1] === b)) return e;
    }
    return -1;
  }

  propagate(solver: CdclSolver): number {
    const trail = solver.trail;
    while (this.head < solver.trailLength) {
      const index = this.head++;
      const lit = trail[index];
      this.logTopAt[index] = this.logTop;
      if (lit & 1) {
        this.readEdge[index] = -1;
        continue;
      }
      this.readEdge[index] = lit >> 1;
      if (this.addOn(lit >> 1, index, solver)) return THEORY_CONFLICT;
    }
    if (this.closedVertex >= 0) {
      const conflict = solver.theoryConflict;
      conflict.length = 0;
      if (this.totalOn > this.closedLength) {
        this.collectPath(this.closedVertex, conflict);
        conflict.push(off(this.witnessBeside(-1, -1)));
        return THEORY_CONFLICT;
      }
      if (this.mismatch > 0) {
        // These edges on make a closed loop, so they are the whole loop, and some clue is unmet.
        this.collectPath(this.closedVertex, conflict);
        return THEORY_CONFLICT;
      }
      return THEORY_MODEL;
    }
    // The closing edge of each path: off when the cycle it would make cannot be the loop.
    const because = this.because;
    const trailBefore = solver.trailLength;
    for (let i = 0; i < this.endCount; i++) {
      const x = this.ends[i];
      const y = this.partner[x];
      if (y < x) continue;
      const e = this.edgeBetween(x, y);
      if (e < 0 || solver.value(on(e)) !== UNDEF) continue;
      let witness = -1;
      if (this.totalOn > this.pathLength[x]) witness = this.witnessBeside(x, y);
      else if (!this.cluesMetIfClosedBy(e)) witness = -2;
      if (witness === -1) continue;
      because.length = 0;
      this.collectPath(x, because);
      if (witness >= 0) because.push(off(witness));
      solver.imply(off(e), because);
    }
    if (this.connectivity === 'off' || solver.trailLength !== trailBefore || this.totalOn === 0) return THEORY_OK;
    // The walk costs O(grid) per fixpoint: after a walk that found nothing, skip a growing number of
    // fixpoints (up to MAX_SKIP), so that large puzzles the path rules settle do not pay it at every step.
    if (this.skipLeft > 0) {
      this.skipLeft--;
      return THEORY_OK;
    }
    const answer = this.propagateConnectivity(solver);
    this.skip = answer !== THEORY_OK || solver.trailLength !== trailBefore ? 0 : Math.min(2 * this.skip + 1, MAX_SKIP);
    this.skipLeft = this.skip;
    return answer;
  }

  /**
   * Components of the graph of edges not off. Two components holding on-edges: a conflict (the cut around
   * one of them is all off). A component without on-edges: its edges are off (the loop cannot reach them),
   * all for one reason, stored once. The cut around a component is its off-edges leading out of it.
   * With blocks, the component of the first on-edge is walked depth first from that edge, for propagateBlocks.
   */
  private propagateConnectivity(solver: CdclSolver): number {
    const { vertexCount, vertexEdges, edgeEnds } = this.grid;
    const component = this.component;
    component.fill(-1);
    const order = this.stack;
    let visited = 0;
    let components = 0;
    let withOn = -1;
    let witness = -1;
    const blocks = this.connectivity === 'blocks' && this.blockSkipLeft === 0;
    if (this.connectivity === 'blocks' && !blocks) this.blockSkipLeft--;
    if (blocks) {
      witness = this.firstOnEdge();
      visited = this.depthFirst(witness, solver);
      this.componentStart[0] = 0;
      this.componentOn[0] = witness;
      withOn = 0;
      components = 1;
    }
    for (let start = 0; start < vertexCount; start++) {
      if (component[start] >= 0) continue;
      const id = components++;
      this.componentStart[id] = visited;
      component[start] = id;
      order[visited++] = start;
      let onHere = -1;
      let undecided = false;
      for (let next = this.componentStart[id]; next < visited; next++) {
        const v = order[next];
        for (let k = 0; k < 4; k++) {
          const e = vertexEdges[4 * v + k];
          if (e < 0) continue;
          const value = solver.value(on(e));
          if (value === 0) continue;
          if (value === 1) onHere = e;
          else undecided = true;
          const w = edgeEnds[2 * e] === v ? edgeEnds[2 * e + 1] : edgeEnds[2 * e];
          if (component[w] < 0) {
            component[w] = id;
            order[visited++] = w;
          }
        }
      }
      this.componentOn[id] = onHere;
      this.componentOpen[id] = undecided ? 1 : 0;
      if (onHere >= 0) {
        if (withOn >= 0) {
          // Two separate groups of on-edges: some edge of the cut around this one must be on.
          // Either cut separates the two groups: the shorter one makes the shorter learnt clause.
          const conflict = solver.theoryConflict;
          conflict.length = 0;
          this.pushCut(id, visited, solver, conflict);
          const there = this.because;
          there.length = 0;
          this.pushCut(withOn, this.componentStart[withOn + 1], solver, there);
          if (there.length < conflict.length) {
            conflict.length = 0;
            conflict.push(...there);
          }
          conflict.push(off(onHere), off(witness));
          return THEORY_CONFLICT;
        }
        withOn = id;
        witness = onHere;
      }
    }
    this.componentStart[components] = visited;
    const because = this.because;
    for (let id = 0; id < components; id++) {
      if (this.componentOn[id] >= 0 || !this.componentOpen[id]) continue;
      because.length = 0;
      this.pushCut(id, this.componentStart[id + 1], solver, because);
      because.push(off(witness));
      this.fenceOff(this.componentStart[id], this.componentStart[id + 1], -1, solver);
    }
    if (!blocks) return THEORY_OK;
    const before = solver.trailLength;
    const answer = this.propagateBlocks(witness, this.componentStart[1], solver);
    this.blockSkip = answer !== THEORY_OK || solver.trailLength !== before ? 0 : Math.min(2 * this.blockSkip + 1, MAX_BLOCK_SKIP);
    this.blockSkipLeft = this.blockSkip;
    return answer;
  }

  /**
   * Every undecided edge touching stack[from..to) off, for the one reason in `because`, stored once. Each edge
   * once: an edge between two of those vertices from its first end, an edge to `besides` from its other end
   * (no other edge not off leaves them).
   */
  private fenceOff(from: number, to: number, besides: number, solver: CdclSolver): void {
    const { vertexEdges, edgeEnds } = this.grid;
    const fenced: number[] = [];
    for (let i = from; i < to; i++) {
      const v = this.stack[i];
      for (let k = 0; k < 4; k++) {
        const e = vertexEdges[4 * v + k];
        if (e < 0 || solver.value(on(e)) !== UNDEF) continue;
        const w = edgeEnds[2 * e] === v ? edgeEnds[2 * e + 1] : edgeEnds[2 * e];
        if (w === besides || edgeEnds[2 * e] === v) fenced.push(off(e));
      }
    }
    solver.implyAll(fenced, this.because);
  }

  /** The on-edge read first from the trail (the theory has read at least one). */
  private firstOnEdge(): number {
    for (let i = 0; i < this.head; i++) if (this.readEdge[i] >= 0) return this.readEdge[i];
    throw new Error('internal: the connectivity walk ran without an on-edge');
  }

  /**
   * Tarjan's depth-first search over edges not off, as component 0, from one end r of `first` with `first`
   * the first tree edge: afterwards stack[0..n) lists the component in preorder, r's subtrees are its blocks
   * at r, and the subtree of the other end holds the block of `first`. Returns n.
   */
  private depthFirst(first: number, solver: CdclSolver): number {
    const { vertexEdges, edgeEnds } = this.grid;
    const { component, preorder, lowest, treeParent, treeEdge, nextSlot, dfsStack } = this;
    const r = edgeEnds[2 * first];
    let visited = 0;
    let top = 0;
    const discover = (v: number, parent: number, edge: number) => {
      component[v] = 0;
      preorder[v] = lowest[v] = visited;
      this.stack[visited++] = v;
      treeParent[v] = parent;
      treeEdge[v] = edge;
      nextSlot[v] = 0;
      dfsStack[top++] = v;
    };
    discover(r, -1, -1);
    discover(edgeEnds[2 * first + 1], r, first);
    while (top > 0) {
      const v = dfsStack[top - 1];
      const k = nextSlot[v];
      if (k < 4) {
        nextSlot[v] = k + 1;
        const e = vertexEdges[4 * v + k];
        if (e < 0 || e === treeEdge[v] || solver.value(on(e)) === 0) continue;
        const w = edgeEnds[2 * e] === v ? edgeEnds[2 * e + 1] : edgeEnds[2 * e];
        if (component[w] < 0) discover(w, v, e);
        else lowest[v] = Math.min(lowest[v], preorder[w]);
      } else {
        top--;
        this.subtreeEnd[v] = visited;
        const p = treeParent[v];
        if (p >= 0) lowest[p] = Math.min(lowest[p], lowest[v]);
      }
    }
    return visited;
  }

  /** `on(e)` for every off-edge from the subtree stack[from..to) to a vertex outside it other than `besides`. */
  private pushSubtreeCut(from: number, to: number, besides: number, solver: CdclSolver, out: number[]): void {
    const { vertexEdges, edgeEnds } = this.grid;
    for (let i = from; i < to; i++) {
      const v = this.stack[i];
      for (let k = 0; k < 4; k++) {
        const e = vertexEdges[4 * v + k];
        if (e < 0 || solver.value(on(e)) !== 0) continue;
        const w = edgeEnds[2 * e] === v ? edgeEnds[2 * e + 1] : edgeEnds[2 * e];
        if (w === besides) continue;
        if (this.component[w] !== 0 || this.preorder[w] < from || this.preorder[w] >= to) out.push(on(e));
      }
    }
  }

  /**
   * The block rule: a loop is a cycle, so it lies inside one block (biconnected piece) of the graph of edges
   * not off, the block of `first`. If `first` is a bridge (its far subtree has no other way back), a conflict.
   * A subtree hanging from vertex p with no back edge above p is reached from the rest only through p, so a
   * loop entering it would have both its edges at p there and could not hold `first`: an on-edge touching
   * the subtree is a conflict, else its edges are off. Reason: the subtree's cut, edges to p left out, and first.
   */
  private propagateBlocks(first: number, n: number, solver: CdclSolver): number {
    const { stack, lowest, preorder, treeParent, subtreeEnd, onBefore } = this;
    const conflict = solver.theoryConflict;
    const s = stack[1];
    if (lowest[s] > 0) {
      conflict.length = 0;
      this.pushSubtreeCut(1, subtreeEnd[s], -1, solver, conflict);
      conflict.push(off(first));
      return THEORY_CONFLICT;
    }
    onBefore[0] = 0;
    for (let i = 0; i < n; i++) onBefore[i + 1] = onBefore[i] + (this.degree[stack[i]] > 0 ? 1 : 0);
    const because = this.because;
    let i = 2;
    while (i < n) {
      const c = stack[i];
      const p = treeParent[c];
      const end = subtreeEnd[c];
      if (lowest[c] < preorder[p]) {
        i++;
        continue;
      }
      if (onBefore[end] > onBefore[i]) {
        let inside = -1;
        for (let j = i; j < end && inside < 0; j++) if (this.degree[stack[j]] > 0) inside = this.nextOn(stack[j], -1);
        conflict.length = 0;
        this.pushSubtreeCut(i, end, p, solver, conflict);
        conflict.push(off(inside), off(first));
        return THEORY_CONFLICT;
      }
      because.length = 0;
      this.pushSubtreeCut(i, end, p, solver, because);
      because.push(off(first));
      this.fenceOff(i, end, p, solver);
      i = end;
    }
    return THEORY_OK;
  }

  /** `on(e)` (false now) for every off-edge leading out of component `id` (its vertices: order[componentStart[id]..end)). */
  private pushCut(id: number, end: number, solver: CdclSolver, out: number[]): void {
    const { vertexEdges, edgeEnds } = this.grid;
    for (let i = this.componentStart[id]; i < end; i++) {
      const v = this.stack[i];
      for (let k = 0; k < 4; k++) {
        const e = vertexEdges[4 * v + k];
        if (e < 0 || solver.value(on(e)) !== 0) continue;
        const w = edgeEnds[2 * e] === v ? edgeEnds[2 * e + 1] : edgeEnds[2 * e];
        if (this.component[w] !== id) out.push(on(e));
      }
    }
  }

  /** With every on-edge on one path, would that path plus `e` meet every clue? */
  private cluesMetIfClosedBy(e: number): boolean {
    let mismatch = this.mismatch;
    for (let k = 0; k < 2; k++) {
      const cell = this.grid.edgeCells[2 * e + k];
      if (cell < 0 || this.clue[cell] < 0) continue;
      const before = this.cellOn[cell] !== this.clue[cell] ? 1 : 0;
      const after = this.cellOn[cell] + 1 !== this.clue[cell] ? 1 : 0;
      mismatch += after - before;
    }
    return mismatch === 0;
  }

  backtrack(length: number): void {
    while (this.head > length) {
      const index = --this.head;
      const e = this.readEdge[index];
      if (e < 0) continue;
      const stop = this.logTopAt[index];
      const log = this.log;
      while (this.logTop > stop) {
        this.logTop -= 4;
        const v = log[this.logTop];
        this.partner[v] = log[this.logTop + 1];
        this.pathLength[v] = log[this.logTop + 2];
        this.degree[v] = log[this.logTop + 3];
        this.setEnd(v, this.degree[v] === 1);
      }
      this.onEdge[e] = 0;
      this.totalOn--;
      this.countCells(e, -1);
      if (this.closedAt === index) {
        this.closedVertex = -1;
        this.closedAt = -1;
      }
    }
  }
}
