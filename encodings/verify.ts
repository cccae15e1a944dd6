// The independent verifier: every answer from every back-end passes through here before anyone sees it.
// It shares no code with the back-ends beyond the grid's index arithmetic, and walks the loop itself.
import { flatGridOf, sameShape, type Puzzle } from './grid.ts';
import { shapeText, type Solution } from './solution.ts';

export type Verdict = { valid: true } | { valid: false; reason: string };

export function verify(puzzle: Puzzle, solution: Solution): Verdict {
  const fail = (reason: string): Verdict => ({ valid: false, reason });
  if (!sameShape(solution, puzzle)) {
    const text = (shape: Solution | Puzzle) => (shape.tiling ? shapeText(shape) : `${shape.rows}x${shape.cols}`);
    return fail(`solution is ${text(solution)} but the puzzle is ${text(puzzle)}`);
  }
  // The flat tables (a few slots of edges per vertex and per face, -1 where there are fewer, 2 ends per edge):
  // every answer of a warm worker passes here, so the checks index arrays rather than walk lists.
  const grid = flatGridOf(puzzle);
  const on = solution.on;
  if (on.length !== grid.edgeCount) return fail(`solution has ${on.length} edges, expected ${grid.edgeCount}`);
  const { vertexEdges, cellEdges, edgeEnds, vertexSlots, cellSlots } = grid;
  const square = !puzzle.tiling;
  const vertexName = (vertex: number) => (square ? `vertex (${Math.floor(vertex / (grid.cols + 1))}, ${vertex % (grid.cols + 1)})` : `vertex ${vertex}`);
  const faceName = (cell: number) => (square ? `cell (${Math.floor(cell / grid.cols)}, ${cell % grid.cols})` : `face ${cell}`);
  // Degrees from the vertices' slots; the loop's edges counted from them (each edge has two ends).
  let ends = 0;
  for (let vertex = 0; vertex < grid.vertexCount; vertex++) {
    let degree = 0;
    for (let k = vertex * vertexSlots; k < vertex * vertexSlots + vertexSlots; k++) if (vertexEdges[k] >= 0) degree += on[vertexEdges[k]];
    if (degree !== 0 && degree !== 2) return fail(`${vertexName(vertex)} has ${degree} loop edges (must be 0 or 2)`);
    ends += degree;
  }
  if (ends === 0) return fail('no edge is on the loop (a loop needs at least one edge)');
  const total = ends / 2;
  let start = 0;
  while (!on[start]) start++;
  for (let cell = 0; cell < grid.cellCount; cell++) {
    const clue = puzzle.clues[cell];
    if (typeof clue !== 'number') continue;
    let count = 0;
    for (let k = cell * cellSlots; k < cell * cellSlots + cellSlots; k++) if (cellEdges[k] >= 0) count += on[cellEdges[k]];
    if (count !== clue) return fail(`${faceName(cell)} has clue ${clue} but ${count} of its edges are on the loop`);
  }
  // Walk from one on-edge along the loop; with every degree 0 or 2 the walk closes one loop.
  const first = edgeEnds[start * 2];
  let walked = 1;
  let previous = start;
  let at = edgeEnds[start * 2 + 1];
  while (at !== first) {
    let next = -1;
    for (let k = at * vertexSlots; k < at * vertexSlots + vertexSlots; k++) {
      const e = vertexEdges[k];
      if (e >= 0 && e !== previous && on[e]) next = e;
    }
    if (next < 0) return fail('the loop is broken'); // unreachable when every degree is 0 or 2
    at = edgeEnds[next * 2] === at ? edgeEnds[next * 2 + 1] : edgeEnds[next * 2];
    previous = next;
    walked++;
  }
  if (walked !== total) return fail(`the edges form more than one loop (the loop through the first edge has ${walked} of ${total} edges)`);
  return { valid: true };
}
