// The state of the rules solver of Liu, Wu and Sun: the grid as flat typed arrays, edge states, the corner
// sets, the loop segments, and an undo trail that puts all of them back. propagation.ts adds the rules.
import { flatGridOf, type Puzzle } from '../../grid.ts';
import * as abi from './wasm/abi.ts';

// The edge states, the same bytes as in the wasm core (wasm/abi.ts). The solver's modules copy these names
// into module-local constants (`const { LINE } = shared`): V8 reads an imported binding through its module
// cell at each use, and that measured ~2% slower on janko passes.
export const { UNKNOWN, LINE, CROSS } = abi;

/** The rule family deciding an edge now, for the stats: a guess is search's (or a fixed edge given). */
export const RuleFamily = { vertex: 0, cell: 1, loop: 2, trial: 3, guess: 4 } as const;
export type RuleFamily = (typeof RuleFamily)[keyof typeof RuleFamily];

/** What an undo-trail entry restores. */
export const TrailKind = { edge: 0, corner: 1, partner: 2, length: 3 } as const;
export type TrailKind = (typeof TrailKind)[keyof typeof TrailKind];

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

/** Thrown when the deadline passes; the state is then as the last finished step left it. */
export class Timeout extends Error {}

// Fields are public (not private) so that trial.ts and search.ts, free functions over this object, read
// them directly; only propagation.ts and undo write the state.
export class RulesState {
  readonly edgeCount: number;
  readonly vertexCount: number;
  readonly state: Uint8Array;
  /** E(C) of each corner, 4 per vertex (up-left, up-right, down-left, down-right), a mask over {0, 1, 2} lines. */
  readonly corner: Uint8Array;
  readonly vertexEdges: Int32Array; // 4 per vertex [up, down, left, right], -1 where the border has no edge
  readonly cellEdges: Int32Array; // 4 per cell [top, bottom, left, right]
  readonly cellCorners: Int32Array; // 4 corner indices per cell
  readonly edgeEnds: Int32Array; // 2 per edge
  readonly edgeCells: Int32Array; // 2 per edge, -1 if none
  readonly clues: Int8Array; // -1 for no clue
  readonly cluedCells: number[];
  // Loop segments: line degree per vertex, and for an end of a segment its other end and the segment's length.
  readonly degree: Uint8Array;
  readonly partner: Int32Array;
  readonly length: Int32Array;
  lines = 0;
  unknowns: number;
  /** Undo trail: [kind, index, old value] triples, kind a TrailKind. */
  trail: number[] = [];
  family: RuleFamily = RuleFamily.vertex;
  readonly stats: RulesStats = { byVertex: 0, byCell: 0, byLoop: 0, byTrial: 0, byGuess: 0, nodes: 0, maxDepth: 0, cornerUpdates: 0 };

  constructor(puzzle: Puzzle) {
    // Flat tables shared by every puzzle of this size (read only here): building them is a few plain loops.
    const grid = flatGridOf(puzzle);
    this.edgeCount = grid.edgeCount;
    this.vertexCount = grid.vertexCount;
    this.state = new Uint8Array(grid.edgeCount);
    this.unknowns = grid.edgeCount;
    this.corner = new Uint8Array(grid.vertexCount * 4).fill(7);
    this.vertexEdges = grid.vertexEdges;
    this.cellEdges = grid.cellEdges;
    this.edgeEnds = grid.edgeEnds;
    this.edgeCells = grid.edgeCells;
    // A cell's corners are corners of its four vertices: UL = its top-left vertex's DR, UR = top-right's DL,
    // DL = bottom-left's UR, DR = bottom-right's UL; both use the same slot pairs (see CORNER_SLOTS in propagation.ts).
    this.cellCorners = new Int32Array(grid.cellCount * 4);
    for (let cell = 0; cell < grid.cellCount; cell++) {
      const top = this.cellEdges[cell * 4];
      const bottom = this.cellEdges[cell * 4 + 1];
      this.cellCorners[cell * 4] = this.edgeEnds[top * 2] * 4 + 3;
      this.cellCorners[cell * 4 + 1] = this.edgeEnds[top * 2 + 1] * 4 + 2;
      this.cellCorners[cell * 4 + 2] = this.edgeEnds[bottom * 2] * 4 + 1;
      this.cellCorners[cell * 4 + 3] = this.edgeEnds[bottom * 2 + 1] * 4;
    }
    this.clues = new Int8Array(grid.cellCount);
    this.cluedCells = [];
    for (let cell = 0; cell < grid.cellCount; cell++) {
      const clue = puzzle.clues[cell];
      this.clues[cell] = typeof clue === 'number' ? clue : -1;
      if (typeof clue === 'number') this.cluedCells.push(cell);
    }
    this.degree = new Uint8Array(grid.vertexCount);
    this.partner = new Int32Array(grid.vertexCount).fill(-1);
    this.length = new Int32Array(grid.vertexCount);
  }

  get unknownCount(): number {
    return this.unknowns;
  }

  /** Counts one decided edge for the rule family deciding now. */
  protected count(): void {
    const family = this.family;
    if (family === RuleFamily.vertex) this.stats.byVertex++;
    else if (family === RuleFamily.cell) this.stats.byCell++;
    else if (family === RuleFamily.loop) this.stats.byLoop++;
    else if (family === RuleFamily.trial) this.stats.byTrial++;
    else this.stats.byGuess++;
  }

  /** Makes p the other end of the segment ending at v, of `len` lines. */
  protected setPartner(v: number, p: number, len: number): void {
    this.trail.push(TrailKind.partner, v, this.partner[v], TrailKind.length, v, this.length[v]);
    this.partner[v] = p;
    this.length[v] = len;
  }

  /** Puts everything back as it was when the trail was `mark` long. */
  undo(mark: number): void {
    const t = this.trail;
    while (t.length > mark) {
      const old = t.pop()!;
      const index = t.pop()!;
      const kind = t.pop()!;
      if (kind === TrailKind.edge) {
        if (this.state[index] === LINE) {
          this.degree[this.edgeEnds[index * 2]]--;
          this.degree[this.edgeEnds[index * 2 + 1]]--;
          this.lines--;
        }
        this.state[index] = old;
        this.unknowns++;
      } else if (kind === TrailKind.corner) this.corner[index] = old;
      else if (kind === TrailKind.partner) this.partner[index] = old;
      else this.length[index] = old;
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

  /** The lines as 0/1 per edge. */
  solution(): Uint8Array {
    return Uint8Array.from(this.state, (s) => (s === LINE ? 1 : 0));
  }
}
