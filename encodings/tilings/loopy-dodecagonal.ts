// Loopy's four grids of dodecagons, each with other faces filling the gaps: dodecagonal (triangles, 3.12.12),
// great dodecagonal (hexagons and squares, 4.6.12), great-great dodecagonal (hexagons, squares and triangles) and
// compass dodecagonal (squares and triangles). Coordinates are those of Loopy's grid.c, faces in its order.
import { dodecagon, eachCell, sketch, type Point } from './sketch.ts';
import type { RawTiling } from '../planar-graph.ts';

// Loopy's side vectors: 15 and 26 stand for 1 and sqrt(3) in whole numbers.
const a = 15;
const b = 26;

/** A dodecagon of a staggered layout: its centre, its place, and whether it has neighbours on both sides of its row's gaps. */
interface Staggered { x: number; y: number; px: number; py: number; odd: boolean; inside: boolean }

/**
 * Rows of dodecagons `across` apart and `down` below each other, odd rows shifted half a step right, as three of
 * Loopy's builders lay them; `gaps` adds the faces beside each dodecagon, after it.
 */
function staggered(width: number, height: number, across: number, down: number, gaps: (face: (...corners: Point[]) => void, at: Staggered) => void): RawTiling {
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const odd = y % 2 === 1;
      const px = across * x + (odd ? across / 2 : 0);
      const py = down * y;
      face(...dodecagon(px, py, a, b));
      gaps(face, { x, y, px, py, odd, inside: (x < width - 1 || !odd) && (x > 0 || odd) });
    }),
  );
}

/** Rows of dodecagons, odd rows shifted half a step right, with a triangle above and below each in the gaps. */
export function dodecagonal(width: number, height: number): RawTiling {
  return staggered(width, height, 4 * a + 2 * b, 3 * a + 2 * b, (face, { y, px, py, inside }) => {
    if (y < height - 1 && inside) face([px + a, py + 2 * a + b], [px, py + 2 * a + 2 * b], [px - a, py + 2 * a + b]);
    if (y > 0 && inside) face([px - a, py - (2 * a + b)], [px, py - (2 * a + 2 * b)], [px + a, py - (2 * a + b)]);
  });
}

/** Dodecagons with hexagons above and below and squares between neighbours. */
export function greatdodecagonal(width: number, height: number): RawTiling {
  return staggered(width, height, 6 * a + 2 * b, 3 * a + 3 * b, (face, { x, y, px, py, odd, inside }) => {
    if (y < height - 1 && inside) {
      face([px + a, py + 2 * a + b], [px + 2 * a, py + 2 * a + 2 * b], [px + a, py + 2 * a + 3 * b], [px - a, py + 2 * a + 3 * b], [px - 2 * a, py + 2 * a + 2 * b], [px - a, py + 2 * a + b]);
    }
    if (y > 0 && inside) {
      face([px - a, py - (2 * a + b)], [px - 2 * a, py - (2 * a + 2 * b)], [px - a, py - (2 * a + 3 * b)], [px + a, py - (2 * a + 3 * b)], [px + 2 * a, py - (2 * a + 2 * b)], [px + a, py - (2 * a + b)]);
    }
    if (x < width - 1) face([px + 2 * a + b, py - a], [px + 4 * a + b, py - a], [px + 4 * a + b, py + a], [px + 2 * a + b, py + a]);
    if (y > 0 && (x < width - 1 || !odd)) face([px + a, py - (2 * a + b)], [px + 2 * a, py - (2 * a + 2 * b)], [px + 2 * a + b, py - (a + 2 * b)], [px + a + b, py - (a + b)]);
    if (y > 0 && (x > 0 || odd)) face([px - (a + b), py - (a + b)], [px - (2 * a + b), py - (a + 2 * b)], [px - 2 * a, py - (2 * a + 2 * b)], [px - a, py - (2 * a + b)]);
  });
}

/** Dodecagons with hexagons on three sides, squares around them and triangles in the last gaps. */
export function greatgreatdodecagonal(width: number, height: number): RawTiling {
  return staggered(width, height, 4 * a + 4 * b, 6 * a + 2 * b, (face, { x, y, px, py, odd, inside }) => {
    const notLastColumn = x < width - 1;
    const notLastRow = y < height - 1;
    if (y > 0 && (notLastColumn || !odd)) {
      face([px + a + 2 * b, py - (4 * a + b)], [px + a + 2 * b, py - (2 * a + b)], [px + a + b, py - (a + b)], [px + a, py - (2 * a + b)], [px + a, py - (4 * a + b)], [px + a + b, py - (5 * a + b)]);
    }
    if (notLastColumn) face([px + 2 * a + 3 * b, py - a], [px + 2 * a + 3 * b, py + a], [px + 2 * a + 2 * b, py + 2 * a], [px + 2 * a + b, py + a], [px + 2 * a + b, py - a], [px + 2 * a + 2 * b, py - 2 * a]);
    if (notLastRow && (notLastColumn || !odd)) {
      face([px + a + 2 * b, py + 2 * a + b], [px + a + 2 * b, py + 4 * a + b], [px + a + b, py + 5 * a + b], [px + a, py + 4 * a + b], [px + a, py + 2 * a + b], [px + a + b, py + a + b]);
    }
    if (y > 0 && notLastColumn) face([px + a + 2 * b, py - (2 * a + b)], [px + 2 * a + 2 * b, py - 2 * a], [px + 2 * a + b, py - a], [px + a + b, py - (a + b)]);
    if (notLastRow && notLastColumn) face([px + 2 * a + 2 * b, py + 2 * a], [px + a + 2 * b, py + 2 * a + b], [px + a + b, py + a + b], [px + 2 * a + b, py + a]);
    if (notLastRow && inside) face([px + a, py + 2 * a + b], [px + a, py + 4 * a + b], [px - a, py + 4 * a + b], [px - a, py + 2 * a + b]);
    if (x > 0 && notLastRow) face([px - (2 * a + b), py + a], [px - (a + b), py + a + b], [px - (a + 2 * b), py + 2 * a + b], [px - (2 * a + 2 * b), py + 2 * a]);
    if (x > 0 && y > 0) face([px - (a + b), py - (a + b)], [px - (2 * a + b), py - a], [px - (2 * a + 2 * b), py - 2 * a], [px - (a + 2 * b), py - (2 * a + b)]);
    if (y > 0 && inside) face([px + a, py - (4 * a + b)], [px + a, py - (2 * a + b)], [px - a, py - (2 * a + b)], [px - a, py - (4 * a + b)]);
    if (y > 0 && notLastColumn) face([px + 3 * a + 2 * b, py - (2 * a + b)], [px + 2 * a + 2 * b, py - 2 * a], [px + a + 2 * b, py - (2 * a + b)]);
    if (notLastRow && notLastColumn) face([px + 3 * a + 2 * b, py + 2 * a + b], [px + a + 2 * b, py + 2 * a + b], [px + 2 * a + 2 * b, py + 2 * a]);
  });
}

/** A square lattice of dodecagons; between each four, a square with a triangle on each side. */
export function compassdodecagonal(width: number, height: number): RawTiling {
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const px = (4 * a + 2 * b) * x;
      const py = (4 * a + 2 * b) * y;
      face(...dodecagon(px, py, a, b));
      if (x < width - 1 && y < height - 1) {
        face([px + 2 * a + b, py + a], [px + 3 * a + b, py + a + b], [px + a + b, py + a + b]);
        face([px + 3 * a + 2 * b, py + 2 * a + b], [px + 3 * a + b, py + 3 * a + b], [px + 3 * a + b, py + a + b]);
        face([px + 3 * a + b, py + 3 * a + b], [px + 2 * a + b, py + 3 * a + 2 * b], [px + a + b, py + 3 * a + b]);
        face([px + a + b, py + a + b], [px + a + b, py + 3 * a + b], [px + a, py + 2 * a + b]);
        face([px + 3 * a + b, py + a + b], [px + 3 * a + b, py + 3 * a + b], [px + a + b, py + 3 * a + b], [px + a + b, py + a + b]);
      }
    }),
  );
}
