// The integer program shared by glpk-cuts and highs-cuts: a binary column per edge and per vertex (and,
// with option inside, per cell), sum of the edges at v = 2 x (v on the loop), clue equalities, at least one
// edge; cuts as rows.
import { cluedCells, gridOf, type Grid, type Puzzle } from '../../grid.ts';
import type { LoopCut } from '../../protocol.ts';

export interface IlpRow {
  name: string;
  terms: [string, number][];
  lo?: number;
  hi?: number;
}

export interface IlpModel {
  /** All columns are binary. */
  columns: string[];
  rows: IlpRow[];
  /** Minimised by the LP relaxation's rounds of separation; the integer solves keep a zero objective. */
  lpObjective?: [string, number][];
}

/** Column names: x_e, 1 when edge e is on the loop; y_v, 1 when vertex v is. */
export const edgeColumn = (e: number) => `x${e}`;
export const vertexColumn = (v: number) => `y${v}`;
/** With the inside formulation: c_i, 1 when cell i is inside the loop. */
export const cellColumn = (cell: number) => `c${cell}`;

/** The model of a puzzle, before any cut. */
export function buildIlp(puzzle: Puzzle): { model: IlpModel; grid: Grid } {
  const grid = gridOf(puzzle);
  const columns = [...Array.from({ length: grid.edgeCount }, (_, e) => edgeColumn(e)), ...Array.from({ length: grid.vertexCount }, (_, v) => vertexColumn(v))];
  const rows: IlpRow[] = [];
  for (let v = 0; v < grid.vertexCount; v++) {
    rows.push({ name: `degree${v}`, terms: [...grid.edgesAtVertex(v).map((e): [string, number] => [edgeColumn(e), 1]), [vertexColumn(v), -2]], lo: 0, hi: 0 });
  }
  for (const [cell, clue] of cluedCells(puzzle)) {
    // Clue 0 is four zero bounds in effect; the equality says the same and presolve removes it.
    rows.push({ name: `clue${cell}`, terms: grid.edgesOfCell(cell).map((e): [string, number] => [edgeColumn(e), 1]), lo: clue, hi: clue });
  }
  rows.push({ name: 'some_edge', terms: Array.from({ length: grid.edgeCount }, (_, e): [string, number] => [edgeColumn(e), 1]), lo: 1 });
  for (const f of puzzle.fixedEdges ?? []) rows.push({ name: `fixed${f.edge}`, terms: [[edgeColumn(f.edge), 1]], lo: f.on ? 1 : 0, hi: f.on ? 1 : 0 });
  return { model: { columns, rows }, grid };
}

/**
 * A shared loop cut as a row. cutset: x(crossing) >= 2 (y_inside + y_outside - 1). loop: with the witness
 * vertex j of another loop, sum x(L) + |L| y_j <= 2|L| - 1 (all of L on forces j off).
 */
export function cutRow(cut: LoopCut, name: string): IlpRow {
  if (cut.kind === 'loop') {
    return { name, terms: [...cut.loop.map((e): [string, number] => [edgeColumn(e), 1]), [vertexColumn(cut.witness), cut.loop.length]], hi: 2 * cut.loop.length - 1 };
  }
  const terms = new Map<string, number>(cut.crossing.map((e) => [edgeColumn(e), 1]));
  terms.set(vertexColumn(cut.inside), -2);
  terms.set(vertexColumn(cut.outside), -2);
  return { name, terms: [...terms], lo: -2 };
}

/** The no-good of a loop: at least one edge differs from it. */
export function differentLoopRow(on: Uint8Array): IlpRow {
  let ones = 0;
  for (const bit of on) ones += bit;
  return { name: 'nogood', terms: Array.from(on, (bit, e): [string, number] => [edgeColumn(e), bit ? 1 : -1]), hi: ones - 1 };
}

/**
 * The inside formulation (option `inside`): a loop is a Jordan curve, so each cell is inside or outside it,
 * and an edge is on exactly when the cells on its two sides differ (beyond the border, outside):
 * x_e = c_i XOR c_j as four rows, x_e = c_i on the border. A clue k on a face of d edges then fixes the count
 * of inside neighbours: k of them when the face is outside, d - k when inside, so
 * sum c_neighbours = k + (d - 2k) c_i (border neighbours counted as 0; d = 4 on the square grid). Every single loop has exactly one such point, and the rows cut off
 * fractional points of the degree and clue rows that no edge row sees; the cell columns are also strong
 * columns to branch on (one fixes the side of a whole cell).
 */
export function insideFormulation(puzzle: Puzzle, grid: Grid): { columns: string[]; rows: IlpRow[] } {
  const columns = Array.from({ length: grid.cellCount }, (_, cell) => cellColumn(cell));
  const rows: IlpRow[] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const x = edgeColumn(e);
    const cells = grid.cellsBesideEdge(e).map(cellColumn);
    if (cells.length === 1) {
      rows.push({ name: `side${e}`, terms: [[x, 1], [cells[0], -1]], lo: 0, hi: 0 });
      continue;
    }
    const [a, b] = cells;
    rows.push(
      { name: `side${e}_apart`, terms: [[x, 1], [a, -1], [b, -1]], hi: 0 },
      { name: `side${e}_both`, terms: [[x, 1], [a, 1], [b, 1]], hi: 2 },
      { name: `side${e}_a`, terms: [[x, 1], [a, -1], [b, 1]], lo: 0 },
      { name: `side${e}_b`, terms: [[x, 1], [a, 1], [b, -1]], lo: 0 },
    );
  }
  for (const [cell, clue] of cluedCells(puzzle)) {
    const edges = grid.edgesOfFace(cell);
    // One term per neighbour, counted once for each edge it shares (two hats can share two edges): a solver's row
    // names each column once.
    const neighbours = new Map<string, number>();
    for (const e of edges) {
      for (const other of grid.facesBesideEdge(e)) {
        const column = cellColumn(other);
        if (other !== cell) neighbours.set(column, (neighbours.get(column) ?? 0) + 1);
      }
    }
    // A clue of half the edges (a 2 on the square grid) has as many inside neighbours either way: its own column drops out.
    const own: [string, number][] = 2 * clue === edges.length ? [] : [[cellColumn(cell), 2 * clue - edges.length]];
    rows.push({ name: `clue${cell}_inside`, terms: [...neighbours, ...own], lo: clue, hi: clue });
  }
  return { columns, rows };
}

/**
 * Any other loop uses an edge this one leaves off (a loop whose edges all lie on another loop is that loop):
 * the no-good without its terms for the loop's own edges, so the LP relaxation feels it more.
 */
export function otherLoopRow(on: Uint8Array, name = 'other_loop'): IlpRow {
  const terms: [string, number][] = [];
  on.forEach((bit, e) => {
    if (!bit) terms.push([edgeColumn(e), 1]);
  });
  return { name, terms, lo: 1 };
}

/**
 * Valid inequalities that every single loop satisfies, to tighten the LP relaxation:
 * - an edge on the loop puts both its end vertices on it: x_e <= y_v (when `edgeEnds`);
 * - the corners of a face with all its edges but one on the loop (a 3 on the square grid) are on the loop
 *   (each corner has two of its edges, at most one edge is off);
 * - at a corner v of a 1, the 1's two edges there hold at most y_v (at most one, and none when v is off);
 * - a 2 in a corner of the grid: whether the corner vertex is on (its two edges on, the other two off) or
 *   off (the other two on), each of its neighbours along the border has one cell edge on and one off, so
 *   that vertex's border edge away from the 2 is on. This needs the face's edges not at the corner to touch
 *   both neighbours: faces of at most 4 edges.
 */
export function validInequalityRows(puzzle: Puzzle, grid: Grid, edgeEnds = true): IlpRow[] {
  const rows: IlpRow[] = [];
  for (let e = 0; e < grid.edgeCount && edgeEnds; e++) {
    for (const v of grid.verticesOfEdge(e)) rows.push({ name: `edge${e}_at${v}`, terms: [[edgeColumn(e), 1], [vertexColumn(v), -1]], hi: 0 });
  }
  for (const [cell, clue] of cluedCells(puzzle)) {
    const edges = grid.edgesOfCell(cell);
    for (const v of new Set(edges.flatMap((e) => grid.verticesOfEdge(e)))) {
      const here = edges.filter((e) => grid.verticesOfEdge(e).includes(v));
      if (clue === edges.length - 1) rows.push({ name: `three${cell}_corner${v}`, terms: [[vertexColumn(v), 1]], lo: 1, hi: 1 });
      if (clue === 1) rows.push({ name: `one${cell}_corner${v}`, terms: [...here.map((e): [string, number] => [edgeColumn(e), 1]), [vertexColumn(v), -1]], hi: 0 });
      if (clue === 2 && edges.length <= 4 && grid.edgesAtVertex(v).length === 2) {
        for (const e of here) {
          const [a, b] = grid.verticesOfEdge(e);
          const neighbour = a === v ? b : a;
          const around = grid.edgesAtVertex(neighbour);
          if (around.length !== 3) continue;
          const border = around.find((f) => !edges.includes(f))!;
          rows.push({ name: `two${cell}_corner${v}_border${border}`, terms: [[edgeColumn(border), 1]], lo: 1, hi: 1 });
        }
      }
    }
  }
  return rows;
}

/** CPLEX LP text of a model (all columns binary, objective 0); `relaxed`: columns in [0, 1] instead. */
export function toLpText(model: IlpModel, relaxed = false): string {
  const expr = (terms: [string, number][]) => terms.map(([name, c], i) => `${c < 0 ? '- ' : i > 0 ? '+ ' : ''}${Math.abs(c)} ${name}`).join(' ');
  const objective = relaxed && model.lpObjective?.length ? expr(model.lpObjective) : `0 ${model.columns[0]}`;
  const lines = ['Minimize', ` obj: ${objective}`, 'Subject To'];
  for (const row of model.rows) {
    if (row.lo !== undefined && row.hi !== undefined && row.lo === row.hi) lines.push(` ${row.name}: ${expr(row.terms)} = ${row.lo}`);
    else {
      if (row.lo !== undefined) lines.push(` ${row.name}_lo: ${expr(row.terms)} >= ${row.lo}`);
      if (row.hi !== undefined) lines.push(` ${row.name}_hi: ${expr(row.terms)} <= ${row.hi}`);
    }
  }
  if (relaxed) lines.push('Bounds', ...model.columns.map((c) => ` 0 <= ${c} <= 1`), 'End');
  else lines.push('Binary', ...model.columns.map((c) => ` ${c}`), 'End');
  return lines.join('\n') + '\n';
}
