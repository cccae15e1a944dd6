// The "basic" level of Liu, Wu and Sun (their P_old): the vertex, clue and loop rules plus the pattern rules
// of section II.A for 3s, 2s and 1s, which look at a clue and the edges around one of its corners together.
// The corner sets (propagation.ts with corners on) subsume all of them; this level exists so that P_old in
// `reproduce liu-wu-sun` is the paper's P_old and not a weaker one.
//
// At a corner vertex v of a clued cell: the cell's two edges at v, its two far edges, and the two edges at v
// outside the cell (a missing border edge counts as crossed). The rules, each sound by a case split at v:
// - 3, a line arrives from outside (figure 3): the far edges are lines and the other outside edge a cross;
//   3, both outside edges crossed: both cell edges at v are lines;
// - 2, a line arrives from outside and one far edge is crossed (figure 4): the other far edge is a line and
//   the other outside edge a cross;
// - 1, a line arrives from outside and the other outside edge is crossed (figure 5): both far edges are
//   crosses; 1, both outside edges crossed: both cell edges at v are crosses;
// - two 3s side by side: their two outer edges parallel to the edge between them are lines, and the edges
//   continuing that middle edge are crosses (the middle edge is a line unless the loop is the rectangle
//   around both: the loop rule settles that);
// - two 3s on a diagonal with only 2s between them (figure 6): the outer corner edges of both are lines.
import type { Puzzle } from '../../grid.ts';
import { Contradiction, Propagator } from './propagation.ts';
import * as shared from './state.ts';

// Module-local copies of the shared names (see state.ts).
const { UNKNOWN, LINE, CROSS, RuleFamily } = shared;

// Cell edge slots [top, bottom, left, right]; per corner UL, UR, DL, DR: the cell's two edges at the corner
// and its two far edges.
const AT_CORNER = [[0, 2], [0, 3], [1, 2], [1, 3]];
const FAR = [[1, 3], [1, 2], [0, 3], [0, 2]];
/** Per corner record: clue, cell edges a b, far edges f g, outside edges p q (-1: none). */
const STRIDE = 7;

export class PatternPropagator extends Propagator {
  private readonly cornerRecords: Int32Array;
  /** Edges that are lines in every solution (side-by-side and diagonal 3s), from the clues alone. */
  private readonly forcedLines: number[] = [];
  private readonly forcedCrosses: number[] = [];

  constructor(puzzle: Puzzle) {
    super(puzzle);
    const records: number[] = [];
    for (const cell of this.cluedCells) {
      const clue = this.clues[cell];
      if (clue < 1 || clue > 3) continue;
      const edges = [0, 1, 2, 3].map((i) => this.cellEdges[cell * 4 + i]);
      const [top, bottom] = [edges[0], edges[1]];
      const vertices = [this.edgeEnds[top * 2], this.edgeEnds[top * 2 + 1], this.edgeEnds[bottom * 2], this.edgeEnds[bottom * 2 + 1]];
      vertices.forEach((v, corner) => {
        const [a, b] = AT_CORNER[corner].map((i) => edges[i]);
        const [f, g] = FAR[corner].map((i) => edges[i]);
        const outside = [0, 1, 2, 3].map((slot) => this.vertexEdges[v * 4 + slot]).filter((e) => e !== a && e !== b);
        records.push(clue, a, b, f, g, outside[0], outside[1]);
      });
    }
    this.cornerRecords = Int32Array.from(records);
    this.findThrees();
  }

  /** The cell across edge slot `slot` of `cell`, or -1 at the border. */
  private across(cell: number, slot: number): number {
    const e = this.cellEdges[cell * 4 + slot];
    const [x, y] = [this.edgeCells[e * 2], this.edgeCells[e * 2 + 1]];
    return x === cell ? y : x;
  }

  private findThrees(): void {
    const three = (cell: number) => cell >= 0 && this.clues[cell] === 3;
    const edge = (cell: number, slot: number) => this.cellEdges[cell * 4 + slot];
    for (const cell of this.cluedCells) {
      if (this.clues[cell] !== 3) continue;
      // Side by side: across the right edge (slot 3) and across the bottom edge (slot 1).
      for (const [slot, opposite] of [[3, 2], [1, 0]]) {
        const next = this.across(cell, slot);
        if (!three(next)) continue;
        // The edge between them is a line too unless the loop is the rectangle around both, so it is left
        // to the clue and loop rules.
        const middle = edge(cell, slot);
        this.forcedLines.push(edge(cell, opposite), edge(next, slot));
        // The edges continuing the middle edge beyond its two ends, on the same line.
        const [first, last] = [this.edgeEnds[middle * 2], this.edgeEnds[middle * 2 + 1]];
        const [before, after] = slot === 3 ? [0, 1] : [2, 3];
        for (const e of [this.vertexEdges[first * 4 + before], this.vertexEdges[last * 4 + after]]) if (e >= 0) this.forcedCrosses.push(e);
      }
      // On a diagonal, down-right (right then down) and down-left (left then down), over 2s only.
      for (const [sideways, start, end] of [[3, [0, 2], [1, 3]], [2, [0, 3], [1, 2]]] as const) {
        let at = cell;
        for (;;) {
          const side = this.across(at, sideways);
          at = side >= 0 ? this.across(side, 1) : -1;
          if (at < 0 || (this.clues[at] !== 2 && this.clues[at] !== 3)) break;
          if (this.clues[at] === 3) {
            this.forcedLines.push(...start.map((s) => edge(cell, s)), ...end.map((s) => edge(at, s)));
            break;
          }
        }
      }
    }
  }

  private stateOf(e: number): number {
    return e < 0 ? CROSS : this.state[e];
  }

  private cross(e: number): void {
    if (e >= 0) this.set(e, CROSS);
  }

  /** One pass of the pattern rules; throws Contradiction. */
  private applyPatterns(): void {
    this.family = RuleFamily.cell;
    for (const e of this.forcedLines) this.set(e, LINE);
    for (const e of this.forcedCrosses) this.set(e, CROSS);
    const c = this.cornerRecords;
    for (let i = 0; i < c.length; i += STRIDE) {
      const [clue, a, b, f, g, p, q] = [c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6]];
      const sp = this.stateOf(p);
      const sq = this.stateOf(q);
      if (sp === UNKNOWN && sq === UNKNOWN) continue;
      const arrives = sp === LINE || sq === LINE;
      const other = sp === LINE ? q : p;
      if (clue === 3) {
        if (arrives) {
          this.set(f, LINE);
          this.set(g, LINE);
          this.cross(other);
        } else if (sp === CROSS && sq === CROSS) {
          this.set(a, LINE);
          this.set(b, LINE);
        }
      } else if (clue === 2) {
        if (!arrives) continue;
        const sf = this.state[f];
        const sg = this.state[g];
        if (sf === CROSS || sg === CROSS) {
          this.set(sf === CROSS ? g : f, LINE);
          this.cross(other);
        }
      } else if (arrives && this.stateOf(other) === CROSS) {
        this.set(f, CROSS);
        this.set(g, CROSS);
      } else if (sp === CROSS && sq === CROSS) {
        this.set(a, CROSS);
        this.set(b, CROSS);
      }
    }
  }

  /** The vertex, clue and loop rules to a fixpoint, then the patterns, until neither decides an edge. */
  override propagate(): boolean {
    for (;;) {
      if (!super.propagate()) return false;
      const before = this.unknownCount;
      try {
        this.applyPatterns();
      } catch (error) {
        if (!(error instanceof Contradiction)) throw error;
        super.propagate(); // empties the queue that the failed pass filled
        return false;
      }
      if (this.unknownCount === before) return true;
    }
  }
}
