// The one step every grid builder repeats: faces given by their corners' coordinates, corners at the same point
// made one dot, dots numbered in order of first use (as Loopy's grid.c numbers them).
import type { RawTiling } from '../planar-graph.ts';

export type Point = readonly [number, number];

/** The dots and faces that `draw` lays down, one `face(...corners)` call per face, in order. */
export function sketch(draw: (face: (...corners: Point[]) => void) => void): RawTiling {
  const dots: [number, number][] = [];
  const faces: number[][] = [];
  const dotAt = new Map<string, number>();
  draw((...corners) => {
    faces.push(
      corners.map(([x, y]) => {
        const key = `${x},${y}`;
        let dot = dotAt.get(key);
        if (dot === undefined) {
          dot = dots.length;
          dots.push([x, y]);
          dotAt.set(key, dot);
        }
        return dot;
      }),
    );
  });
  return { dots, faces };
}

/** For each cell of a width x height layout, row by row, as Loopy's builders walk it. */
export function eachCell(width: number, height: number, visit: (x: number, y: number) => void): void {
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) visit(x, y);
}

/** The twelve corners of the dodecagon centred at (px, py) that four of Loopy's grids share (sides a and b). */
export function dodecagon(px: number, py: number, a: number, b: number): Point[] {
  return [
    [px + a, py - (2 * a + b)], [px + a + b, py - (a + b)], [px + 2 * a + b, py - a], [px + 2 * a + b, py + a],
    [px + a + b, py + a + b], [px + a, py + 2 * a + b], [px - a, py + 2 * a + b], [px - (a + b), py + a + b],
    [px - (2 * a + b), py + a], [px - (2 * a + b), py - a], [px - (a + b), py - (a + b)], [px - a, py - (2 * a + b)],
  ];
}
