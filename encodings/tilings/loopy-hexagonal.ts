// Loopy's grids built around hexagons: honeycomb, great hexagonal (hexagons, squares, triangles) and kagome
// (hexagons and triangles). Sizes and coordinates are those of Loopy's grid.c, so that faces come in the order of
// a game ID's clues and dots where Loopy draws them.
import { eachCell, sketch, type Point } from './sketch.ts';
import type { RawTiling } from '../planar-graph.ts';

// Loopy's side vectors: 15 and 26 stand for 1 and sqrt(3) in whole numbers.
const A = 15;
const B = 26;

/** The hexagon centred at (cx, cy) with half-width 2a and half-height b, from its top left corner clockwise. */
const hexagon = (cx: number, cy: number, a: number, b: number): Point[] => [
  [cx - a, cy - b], [cx + a, cy - b], [cx + 2 * a, cy], [cx + a, cy + b], [cx - a, cy + b], [cx - 2 * a, cy],
];

/** Columns of hexagons, odd columns half a hexagon lower. */
export function honeycomb(width: number, height: number): RawTiling {
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      face(...hexagon(3 * A * x, 2 * B * y + (x % 2 ? B : 0), A, B));
    }),
  );
}

/** Hexagons in columns, a square between each two and a triangle between each three (the 4.6.12's dual cousin, 3.4.6.4). */
export function greathexagonal(width: number, height: number): RawTiling {
  const a = A;
  const b = B;
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const px = (3 * a + b) * x;
      const py = (2 * a + 2 * b) * y + (x % 2 ? a + b : 0);
      const notLastRow = y < height - 1;
      face(...hexagon(px, py, a, b));
      if (notLastRow) face([px - a, py + b], [px + a, py + b], [px + a, py + 2 * a + b], [px - a, py + 2 * a + b]);
      if (x < width - 1 && (x % 2 === 0 || notLastRow)) face([px + 2 * a, py], [px + 2 * a + b, py + a], [px + a + b, py + a + b], [px + a, py + b]);
      if (x > 0 && (x % 2 === 0 || notLastRow)) face([px - 2 * a, py], [px - a, py + b], [px - a - b, py + a + b], [px - 2 * a - b, py + a]);
      if (x < width - 1 && notLastRow) face([px + a, py + b], [px + a + b, py + a + b], [px + a, py + 2 * a + b]);
      if (x > 0 && notLastRow) face([px - a, py + b], [px - a, py + 2 * a + b], [px - a - b, py + a + b]);
    }),
  );
}

/** Rows of hexagons, odd rows shifted half a hexagon right, with triangles between them (trihexagonal, 3.6.3.6). */
export function kagome(width: number, height: number): RawTiling {
  const a = A;
  const b = B;
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const odd = y % 2 === 1;
      const px = 4 * a * x + (odd ? 2 * a : 0);
      const py = 2 * b * y;
      face([px + a, py - b], [px + 2 * a, py], [px + a, py + b], [px - a, py + b], [px - 2 * a, py], [px - a, py - b]);
      if (x < width - 1 || (!odd && y > 0)) face([px + 3 * a, py - b], [px + 2 * a, py], [px + a, py - b]);
      if (x < width - 1 || (!odd && y < height - 1)) face([px + 3 * a, py + b], [px + a, py + b], [px + 2 * a, py]);
      if (x === 0 && odd) {
        face([px - a, py - b], [px - 2 * a, py], [px - 3 * a, py - b]);
        if (y < height - 1) face([px - a, py + b], [px - 3 * a, py + b], [px - 2 * a, py]);
      }
    }),
  );
}
