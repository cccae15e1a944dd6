// The exact oracle for small grids: list every simple cycle of the vertex grid that meets the clues, by
// depth-first search, sharing no code with any back-end. Blank grids give OEIS A140517 (1, 13, 213, 9349,
// 1222363 cycles for 1x1 to 5x5); clues prune the search, which makes most 5x5 puzzles quick.
import { gridOf, type Puzzle } from './grid.ts';
import { loopOf, type Solution } from './solution.ts';

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
  // An edge is dead while some reason rules it out (an end vertex below the start vertex, or inside the
  // path); `open` counts a cell's edges neither on the path nor dead, so that a clue out of reach prunes.
  const dead = new Int32Array(grid.edgeCount);
  const open = new Int32Array(grid.cellCount);
  for (let cell = 0; cell < grid.cellCount; cell++) for (const e of grid.edgesOfCell(cell)) if (allowed[e]) open[cell]++;
  let steps = 0;

  const reachable = (cells: readonly number[]) => cells.every((c) => onCount[c] + open[c] >= clue[c]);
  const add = (e: number): boolean => {
    onPath[e] = 1;
    let fits = true;
    for (const c of cellsOf[e]) {
      open[c]--;
      if (++onCount[c] > clue[c]) fits = false;
    }
    return fits;
  };
  const remove = (e: number) => {
    onPath[e] = 0;
    for (const c of cellsOf[e]) {
      open[c]++;
      onCount[c]--;
    }
  };
  /** Rules out the free edges at a vertex; returns them, to be revived later, and whether every clue stays reachable. */
  const kill = (vertex: number, killed: number[]): boolean => {
    let fits = true;
    for (const [e] of neighbours[vertex]) {
      if (onPath[e]) continue;
      killed.push(e);
      if (dead[e]++ === 0) {
        for (const c of cellsOf[e]) open[c]--;
        if (!reachable(cellsOf[e])) fits = false;
      }
    }
    return fits;
  };
  const revive = (killed: readonly number[]) => {
    for (const e of killed) if (--dead[e] === 0) for (const c of cellsOf[e]) open[c]++;
  };
  const meetsEverything = () => clued.every((c) => onCount[c] === clue[c]) && required.every((e) => onPath[e]);

  // Cycles whose lowest vertex is `start`: walk through higher vertices only, and keep one of the two
  // directions of each cycle (the one whose first edge is lower than its closing edge).
  const walk = (start: number, at: number, firstEdge: number, length: number): boolean => {
    if ((++steps & 0xffff) === 0 && Date.now() > deadline) throw new RangeError('the exact oracle ran out of time');
    for (const [e, next] of neighbours[at]) {
      if (onPath[e] || dead[e]) continue;
      if (next === start) {
        // A loop is at least three edges long: a triangle's closes after a path of two.
        if (length < 2 || e < firstEdge) continue;
        if (add(e) && meetsEverything()) {
          solutions.push(loopOf(puzzle, onPath.slice()));
          if (solutions.length >= limit) {
            remove(e);
            return true;
          }
        }
        remove(e);
        continue;
      }
      if (next < start || visited[next]) continue;
      let stop = false;
      if (add(e)) {
        // `at` now has its two loop edges: its other edges are out.
        const killed: number[] = [];
        if (kill(at, killed)) {
          visited[next] = 1;
          stop = walk(start, next, firstEdge, length + 1);
          visited[next] = 0;
        }
        revive(killed);
      }
      remove(e);
      if (stop) return true;
    }
    return false;
  };

  search: for (let start = 0; start < grid.vertexCount; start++) {
    // Vertices below the start are off every cycle still to be found; once a clue is out of reach, no later start helps.
    if (start > 0 && !kill(start - 1, [])) break;
    visited[start] = 1;
    for (const [e, next] of neighbours[start]) {
      if (next < start || dead[e]) continue;
      let stop = false;
      if (add(e)) {
        visited[next] = 1;
        stop = walk(start, next, e, 1);
        visited[next] = 0;
      }
      remove(e);
      if (stop) break search;
    }
    visited[start] = 0;
  }
  return { count: solutions.length, solutions, capped: solutions.length >= limit };
}
