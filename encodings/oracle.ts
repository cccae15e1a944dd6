// The exact oracle for small grids: list every simple cycle of the vertex grid that meets the clues, by
// depth-first search, sharing no code with any back-end. Blank grids give OEIS A140517 (1, 13, 213, 9349,
// 1222363 cycles for 1x1 to 5x5); clues prune the search, which makes most 5x5 puzzles quick.
import { gridOf, type Puzzle } from './grid.ts';
import type { Solution } from './solution.ts';

export interface OracleAnswer {
  /** Solutions found, capped at the limit asked for (2 by default: none, one or several). */
  readonly count: number;
  /** The loops, at most `limit` of them. */
  readonly solutions: readonly Solution[];
  /** True when the search stopped at the limit: there may be more. */
  readonly capped: boolean;
}

/** Largest grid the fuzzer checks against the oracle by default (cells). */
export const ORACLE_MAX_CELLS = 25;

/**
 * Every loop that solves the puzzle, up to `limit`. Fixed edges (a presolved puzzle) are honoured: an edge
 * fixed off is never used, and a loop must hold every edge fixed on. `deadline` (a Date.now() value)
 * throws a RangeError when passed, so that a caller can give up on a grid too large to list.
 */
export function solveExactly(puzzle: Puzzle, limit = 2, deadline = Infinity): OracleAnswer {
  const grid = gridOf(puzzle);
  const clue = puzzle.clues.map((c) => (typeof c === 'number' ? c : -1));
  const onCount = new Int32Array(grid.cellCount);
  const allowed = new Uint8Array(grid.edgeCount).fill(1);
  const required: number[] = [];
  for (const f of puzzle.fixedEdges ?? []) {
    if (f.on) required.push(f.edge);
    else allowed[f.edge] = 0;
  }
  // A clue-0 cell forbids its edges outright.
  for (let cell = 0; cell < grid.cellCount; cell++) if (clue[cell] === 0) for (const e of grid.edgesOfCell(cell)) allowed[e] = 0;
  const cellsOf = Array.from({ length: grid.edgeCount }, (_, e) => grid.cellsBesideEdge(e).filter((c) => clue[c] >= 0));
  const clued = clue.flatMap((c, cell) => (c > 0 ? [cell] : []));
  const neighbours = Array.from({ length: grid.vertexCount }, (_, v) => grid.edgesAtVertex(v).filter((e) => allowed[e]).map((e) => {
    const [a, b] = grid.verticesOfEdge(e);
    return [e, a === v ? b : a] as const;
  }));

  const solutions: Solution[] = [];
  const onPath = new Uint8Array(grid.edgeCount);
  const visited = new Uint8Array(grid.vertexCount);
  let steps = 0;

  const add = (e: number): boolean => {
    onPath[e] = 1;
    let fits = true;
    for (const c of cellsOf[e]) if (++onCount[c] > clue[c]) fits = false;
    return fits;
  };
  const remove = (e: number) => {
    onPath[e] = 0;
    for (const c of cellsOf[e]) onCount[c]--;
  };
  const meetsEverything = () => clued.every((c) => onCount[c] === clue[c]) && required.every((e) => onPath[e]);

  // Cycles whose lowest vertex is `start`: walk through higher vertices only, and keep one of the two
  // directions of each cycle (the one whose first edge is lower than its closing edge).
  const walk = (start: number, at: number, firstEdge: number, length: number): boolean => {
    if ((++steps & 0xffff) === 0 && Date.now() > deadline) throw new RangeError('the exact oracle ran out of time');
    for (const [e, next] of neighbours[at]) {
      if (onPath[e]) continue;
      if (next === start) {
        if (length < 3 || e < firstEdge) continue;
        if (add(e) && meetsEverything()) {
          solutions.push({ rows: puzzle.rows, cols: puzzle.cols, on: onPath.slice() });
          if (solutions.length >= limit) {
            remove(e);
            return true;
          }
        }
        remove(e);
        continue;
      }
      if (next < start || visited[next]) continue;
      if (add(e)) {
        visited[next] = 1;
        const stop = walk(start, next, firstEdge, length + 1);
        visited[next] = 0;
        if (stop) {
          remove(e);
          return true;
        }
      }
      remove(e);
    }
    return false;
  };

  search: for (let start = 0; start < grid.vertexCount; start++) {
    visited[start] = 1;
    for (const [e, next] of neighbours[start]) {
      if (next < start) continue;
      if (add(e)) {
        visited[next] = 1;
        const stop = walk(start, next, e, 1);
        visited[next] = 0;
        if (stop) {
          remove(e);
          visited[start] = 0;
          break search;
        }
      }
      remove(e);
    }
    visited[start] = 0;
  }
  return { count: solutions.length, solutions, capped: solutions.length >= limit };
}
