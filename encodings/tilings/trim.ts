// Loopy's trim of the grids cut out of an aperiodic tiling (Penrose, hats): a box's edge leaves tiles that
// touch the rest by a corner or hang off it; grid.c's "trim vigorously" keeps only those around one connected core.
import { PuzzleError } from '../errors.ts';
import type { RawTiling } from '../planar-graph.ts';
import { sketch, type Point } from './sketch.ts';

/** The tiles trimmed as Loopy trims them, drawn as a grid; a patch that leaves none is refused, naming `what`. */
export function trimmedGrid(tiles: readonly Point[][], what: string, patch: string | undefined, width: number, height: number): RawTiling {
  const kept = trimToInnerCore(tiles);
  if (kept.length === 0) throw new PuzzleError(`${what}: the patch ${patch} leaves no face in a ${width}x${height} grid`);
  return sketch((face) => kept.forEach((corners) => face(...corners)));
}

/**
 * Loopy's trim: keep the tiles that touch the largest connected set of inner dots (a dot whose every edge has
 * a tile on both sides), joined by edges between two inner dots; tiles keep their order.
 */
export function trimToInnerCore(tiles: readonly Point[][]): Point[][] {
  const key = ([px, py]: Point) => `${px},${py}`;
  const index = new Map<string, number>();
  const dotOf = (p: Point) => {
    let k = index.get(key(p));
    if (k === undefined) index.set(key(p), (k = index.size));
    return k;
  };
  const faces = tiles.map((corners) => corners.map(dotOf));
  // Each tile's sides as ordered pairs of dots; a side seen both ways lies between two tiles.
  const sides = new Set<string>();
  for (const face of faces) face.forEach((dot, k) => sides.add(`${face[(k + face.length - 1) % face.length]}>${dot}`));
  const inner = new Array<boolean>(index.size).fill(true);
  const neighbours: number[][] = Array.from({ length: index.size }, () => []);
  for (const side of sides) {
    const [a, b] = side.split('>').map(Number);
    if (!sides.has(`${b}>${a}`)) inner[a] = inner[b] = false;
    else neighbours[a].push(b);
  }
  // Components of inner dots; the largest (the first found, on a tie) is kept.
  const component = new Array<number>(index.size).fill(-1);
  let best = -1;
  let bestSize = 0;
  for (let start = 0; start < index.size; start++) {
    if (!inner[start] || component[start] >= 0) continue;
    const stack = [start];
    component[start] = start;
    let count = 0;
    while (stack.length) {
      const dot = stack.pop()!;
      count++;
      for (const other of neighbours[dot]) if (inner[other] && component[other] < 0) (component[other] = start), stack.push(other);
    }
    if (count > bestSize) (best = start), (bestSize = count);
  }
  return tiles.filter((_, f) => faces[f].some((dot) => inner[dot] && component[dot] === best));
}
