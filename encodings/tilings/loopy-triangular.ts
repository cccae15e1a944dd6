// Loopy's triangular grid. Its game IDs say which of two layouts they use: "0" before the clues (`WxHt1:0_...`,
// what Loopy writes today: no triangle hangs on by one edge, and an even height is symmetric) or nothing (the
// first layout, kept so that old IDs still read: rows of 2 x width triangles over a lattice of dots).
import { PuzzleError } from '../errors.ts';
import { sketch, type Point } from './sketch.ts';
import type { RawTiling } from '../planar-graph.ts';

// Loopy's side vectors: 15 and 26 stand for 1 and sqrt(3) in whole numbers.
const X = 15;
const Y = 26;

export function triangular(width: number, height: number, layout?: string): RawTiling {
  if (layout === undefined) return firstLayout(width, height);
  if (layout !== '0') throw new PuzzleError(`triangular grid: unknown layout '${layout}' (Loopy writes 0, or nothing for its first layout)`);
  return sketch((face) => {
    for (let y = 0; y < height; y++) {
      // Rows alternate which way their triangles point, and Loopy's order of a face's corners flips with them.
      const odd = y % 2 === 1;
      const y0 = odd ? y * Y : y * Y + Y;
      const y1 = odd ? y * Y + Y : y * Y;
      for (let x = 0; x <= width; x++) {
        // With an odd height the last row's end triangles would hang on by one edge: Loopy leaves them out.
        if (height % 2 === 1 && y === height - 1 && (x === 0 || x === width)) continue;
        const x0 = 2 * x * X;
        const [left, apex, right]: Point[] = [[x0, y0], [x0 + X, y1], [x0 + 2 * X, y0]];
        if (odd) face(left, right, apex);
        else face(left, apex, right);
      }
      for (let x = 0; x < width; x++) {
        const x0 = (2 * x + 1) * X;
        const [left, apex, right]: Point[] = [[x0, y1], [x0 + X, y0], [x0 + 2 * X, y1]];
        if (odd) face(left, apex, right);
        else face(left, right, apex);
      }
    }
  });
}

function firstLayout(width: number, height: number): RawTiling {
  const dot = (x: number, y: number): Point => [x * 2 * X + (y % 2 ? X : 0), y * Y];
  return sketch((face) => {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (y % 2) {
          face(dot(x, y), dot(x + 1, y + 1), dot(x, y + 1));
          face(dot(x, y), dot(x + 1, y), dot(x + 1, y + 1));
        } else {
          face(dot(x, y), dot(x + 1, y), dot(x, y + 1));
          face(dot(x + 1, y), dot(x + 1, y + 1), dot(x, y + 1));
        }
      }
    }
  });
}
