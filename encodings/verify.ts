// The independent verifier: every answer from every back-end passes through here before anyone sees it.
// It shares no code with the back-ends beyond the grid's index arithmetic, and walks the loop itself.
import { gridOf, type Puzzle } from './grid.ts';
import type { Solution } from './solution.ts';

export type Verdict = { valid: true } | { valid: false; reason: string };

export function verify(puzzle: Puzzle, solution: Solution): Verdict {
  const fail = (reason: string): Verdict => ({ valid: false, reason });
  if (solution.rows !== puzzle.rows || solution.cols !== puzzle.cols) {
    return fail(`solution is ${solution.rows}x${solution.cols} but the puzzle is ${puzzle.rows}x${puzzle.cols}`);
  }
  const grid = gridOf(puzzle);
  if (solution.on.length !== grid.edgeCount) return fail(`solution has ${solution.on.length} edges, expected ${grid.edgeCount}`);
  let total = 0;
  let start = -1;
  for (let e = 0; e < grid.edgeCount; e++) {
    if (solution.on[e]) {
      total++;
      if (start < 0) start = e;
    }
  }
  if (total === 0) return fail('no edge is on the loop (a loop needs at least one edge)');

  for (let vertex = 0; vertex < grid.vertexCount; vertex++) {
    let degree = 0;
    for (const e of grid.edgesAtVertex(vertex)) degree += solution.on[e];
    if (degree !== 0 && degree !== 2) {
      const [r, c] = grid.vertexPosition(vertex);
      return fail(`vertex (${r}, ${c}) has ${degree} loop edges (must be 0 or 2)`);
    }
  }
  for (let cell = 0; cell < grid.cellCount; cell++) {
    const clue = puzzle.clues[cell];
    if (typeof clue !== 'number') continue;
    let count = 0;
    for (const e of grid.edgesOfCell(cell)) count += solution.on[e];
    if (count !== clue) {
      const [r, c] = grid.cellPosition(cell);
      return fail(`cell (${r}, ${c}) has clue ${clue} but ${count} of its edges are on the loop`);
    }
  }
  // Walk from one on-edge along the loop; with every degree 0 or 2 the walk closes one loop.
  const [first, second] = grid.verticesOfEdge(start);
  let walked = 1;
  let previous = start;
  let at = second;
  while (at !== first) {
    let next = -1;
    for (const e of grid.edgesAtVertex(at)) if (e !== previous && solution.on[e]) next = e;
    if (next < 0) return fail('the loop is broken'); // unreachable when every degree is 0 or 2
    const [a, b] = grid.verticesOfEdge(next);
    at = a === at ? b : a;
    previous = next;
    walked++;
  }
  if (walked !== total) return fail(`the edges form more than one loop (the loop through the first edge has ${walked} of ${total} edges)`);
  return { valid: true };
}
