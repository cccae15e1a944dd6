// Loopy's grids of squares, pentagons and octagons with other faces: snub square (squares and triangles), Cairo
// (pentagons), octagonal (octagons and diamonds), kites and floret (pentagons in flowers of six). Sizes and
// coordinates are those of Loopy's grid.c, so that faces come in the order of a game ID's clues.
import { eachCell, sketch } from './sketch.ts';
import type { RawTiling } from '../planar-graph.ts';

// Loopy's side vectors: 15 and 26 stand for 1 and sqrt(3) in whole numbers.
const A = 15;
const B = 26;

/** Squares tilted one way or the other by the parity of their cell, with triangles between them (3.3.4.3.4). */
export function snubsquare(width: number, height: number): RawTiling {
  const a = A;
  const b = B;
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const px = (a + b) * x;
      const py = (a + b) * y;
      const odd = (x + y) % 2 === 1;
      if (odd) face([px + a, py], [px + a + b, py + a], [px + b, py + a + b], [px, py + b]);
      else face([px + b, py], [px + a + b, py + b], [px + a, py + a + b], [px, py + a]);
      if (x > 0) {
        if (odd) face([px + a, py], [px, py + b], [px - a, py]);
        else face([px, py + a], [px + a, py + a + b], [px - a, py + a + b]);
      }
      if (y > 0) {
        if (odd) face([px + a, py], [px + a + b, py - a], [px + a + b, py + a]);
        else face([px, py - a], [px + b, py], [px, py + a]);
      }
    }),
  );
}

/** Pentagons in pairs, lying and standing by the parity of their cell. */
export function cairo(width: number, height: number): RawTiling {
  const a = 14;
  const b = 31;
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const px = 2 * b * x;
      const py = 2 * b * y;
      const odd = (x + y) % 2 === 1;
      if (y > 0) {
        if (odd) face([px + a, py - b], [px + 2 * b - a, py - b], [px + 2 * b, py], [px + b, py + a], [px, py]);
        else face([px, py], [px + b, py - a], [px + 2 * b, py], [px + 2 * b - a, py + b], [px + a, py + b]);
      }
      if (x > 0) {
        if (odd) face([px, py], [px + b, py + a], [px + b, py + 2 * b - a], [px, py + 2 * b], [px - a, py + b]);
        else face([px, py], [px + a, py + b], [px, py + 2 * b], [px - b, py + 2 * b - a], [px - b, py + a]);
      }
    }),
  );
}

/** Octagons, with a diamond in each inner corner where four meet (4.8.8). */
export function octagonal(width: number, height: number): RawTiling {
  const a = 29;
  const b = 41;
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const px = (2 * a + b) * x;
      const py = (2 * a + b) * y;
      face([px + a, py], [px + a + b, py], [px + 2 * a + b, py + a], [px + 2 * a + b, py + a + b], [px + a + b, py + 2 * a + b], [px + a, py + 2 * a + b], [px, py + a + b], [px, py + a]);
      if (x > 0 && y > 0) face([px, py - a], [px + a, py], [px, py + a], [px - a, py]);
    }),
  );
}

/** Six kites around each dot of degree six, the rows shifted by half a step in turn (the deltoidal trihexagonal tiling). */
export function kites(width: number, height: number): RawTiling {
  const a = A;
  const b = B;
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      const px = 4 * b * x + (y % 2 ? 2 * b : 0);
      const py = 6 * a * y;
      const centre = [px, py] as const;
      face(centre, [px + 2 * b, py], [px + 2 * b, py + 2 * a], [px + b, py + 3 * a]);
      face(centre, [px + b, py + 3 * a], [px, py + 4 * a], [px - b, py + 3 * a]);
      face(centre, [px - b, py + 3 * a], [px - 2 * b, py + 2 * a], [px - 2 * b, py]);
      face(centre, [px - 2 * b, py], [px - 2 * b, py - 2 * a], [px - b, py - 3 * a]);
      face(centre, [px - b, py - 3 * a], [px, py - 4 * a], [px + b, py - 3 * a]);
      face(centre, [px + b, py - 3 * a], [px + 2 * b, py - 2 * a], [px + 2 * b, py]);
    }),
  );
}

/** Flowers of six pentagons around a dot (the 6-fold pentille); even columns leave out their last flower. */
export function floret(width: number, height: number): RawTiling {
  // Loopy's side vectors, chosen so that the grid stands upright on screen (integer division as in C: exact here).
  const px = 75;
  const py = -26;
  const qx = (4 * px) / 5;
  const qy = -py * 2;
  const rx = qx - px;
  const ry = qy - py;
  return sketch((face) =>
    eachCell(width, height, (x, y) => {
      if (x % 2 === 0 && y > 0 && y === height - 1) return;
      const cx = ((6 * px + 3 * qx) / 2) * x;
      const cy = (4 * py - 5 * qy) * y - (x % 2 ? (4 * py - 5 * qy) / 2 : 0);
      const c = [cx, cy] as const;
      face(c, [cx + 2 * rx, cy + 2 * ry], [cx + 2 * rx + qx, cy + 2 * ry + qy], [cx + 2 * qx + rx, cy + 2 * qy + ry], [cx + 2 * qx, cy + 2 * qy]);
      face(c, [cx + 2 * qx, cy + 2 * qy], [cx + 2 * qx + px, cy + 2 * qy + py], [cx + 2 * px + qx, cy + 2 * py + qy], [cx + 2 * px, cy + 2 * py]);
      face(c, [cx + 2 * px, cy + 2 * py], [cx + 2 * px - rx, cy + 2 * py - ry], [cx - 2 * rx + px, cy - 2 * ry + py], [cx - 2 * rx, cy - 2 * ry]);
      face(c, [cx - 2 * rx, cy - 2 * ry], [cx - 2 * rx - qx, cy - 2 * ry - qy], [cx - 2 * qx - rx, cy - 2 * qy - ry], [cx - 2 * qx, cy - 2 * qy]);
      face(c, [cx - 2 * qx, cy - 2 * qy], [cx - 2 * qx - px, cy - 2 * qy - py], [cx - 2 * px - qx, cy - 2 * py - qy], [cx - 2 * px, cy - 2 * py]);
      face(c, [cx - 2 * px, cy - 2 * py], [cx - 2 * px + rx, cy - 2 * py + ry], [cx + 2 * rx - px, cy + 2 * ry - py], [cx + 2 * rx, cy + 2 * ry]);
    }),
  );
}
