// The puzzle's rules in CNF, shared by every SAT encoding: one variable per edge (edge e is variable e + 1),
// degree 0 or 2 at every vertex, clue counts, at least one edge, fixed edges. Connectivity is each
// encoding's own business.
import { cluedCells, gridOf, type Grid, type Puzzle } from '../../grid.ts';
import { Cnf, type Literal } from './cnf.ts';

export interface PuzzleCnf {
  cnf: Cnf;
  grid: Grid;
  edge: (e: number) => Literal;
}

export function degreeAndClueCnf(puzzle: Puzzle): PuzzleCnf {
  const grid = gridOf(puzzle);
  const cnf = new Cnf();
  const first = cnf.newGroup('edge', grid.edgeCount);
  const edge = (e: number) => first + e;
  for (let v = 0; v < grid.vertexCount; v++) cnf.countIn(grid.edgesAtVertex(v).map(edge), [0, 2]);
  for (const [cell, clue] of cluedCells(puzzle)) cnf.countIn(grid.edgesOfCell(cell).map(edge), [clue]);
  cnf.atLeastOne(Array.from({ length: grid.edgeCount }, (_, e) => edge(e)));
  for (const f of puzzle.fixedEdges ?? []) cnf.add([f.on ? edge(f.edge) : -edge(f.edge)]);
  return { cnf, grid, edge };
}

/**
 * The start edge: the on-edge of lowest index. prefix(e) <-> some edge <= e is on; start(e) <-> e on and no
 * lower edge on. Exactly one start exists whenever an edge is on, so choosing it loses no solution.
 */
export function startEdge({ cnf, grid, edge }: PuzzleCnf): (e: number) => Literal {
  const prefix = cnf.newGroup('prefix', grid.edgeCount);
  const start = cnf.newGroup('start', grid.edgeCount);
  for (let e = 0; e < grid.edgeCount; e++) {
    cnf.defineOr(prefix + e, e === 0 ? [edge(0)] : [prefix + e - 1, edge(e)]);
    cnf.defineAnd(start + e, e === 0 ? [edge(0)] : [edge(e), -(prefix + e - 1)]);
  }
  return (e: number) => start + e;
}
