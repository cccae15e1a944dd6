// Loopy's two Penrose grids (version 20230122, whose game IDs carry their patch as `G<x>,<y>,<angle>`): kites
// and darts (P2) and thick and thin rhombs (P3). Loopy subdivides one large triangle of the tiling, keeps the
// tiles whose corners fall in a width x height box around the patch's offset, then trims tiles that do not
// touch the largest connected set of inner dots. The facts are those of its penrose.c and grid.c; the
// arithmetic (whole-number vectors over four unit directions, rounding half away from zero) is the same, so
// that the dots and the order of the faces are Loopy's.
import { PuzzleError } from '../errors.ts';
import type { RawTiling } from '../planar-graph.ts';
import type { Point } from './sketch.ts';
import { trimmedGrid } from './trim.ts';

type Which = 'p2' | 'p3';

/** A point as whole multiples of four unit vectors 36 degrees apart. */
type Vector = readonly [a: number, b: number, c: number, d: number];

const PHI = 1.6180339887;
const COS54 = 0.5877852;
const SIN54 = 0.8090169;
const COS18 = 0.9510565;
const SIN18 = 0.3090169;
const TILE_SIZE = 100;
// phi^-3 less 5%: the radius of the circle inside Loopy's starting triangle, for sides of 1.
const INCIRCLE_RADIUS = 0.22426;

const x = ([a, b, c, d]: Vector) => (a + d) * COS54 + (b + c) * COS18;
const y = ([a, b, c, d]: Vector) => (a - d) * SIN54 + (b - c) * SIN18;
const plus = (v: Vector, w: Vector): Vector => [v[0] + w[0], v[1] + w[1], v[2] + w[2], v[3] + w[3]];
const turn36 = ([a, b, c, d]: Vector): Vector => [-d, d + a, -d + b, d + c];
const grow = ([a, b, c, d]: Vector): Vector => [a + b - d, c + d, a + b, c + d - a];
const shrink = ([a, b, c, d]: Vector): Vector => [b - d, c + d - b, a + b - c, c - a];

/** Turned by `angle` degrees (a multiple of 36) the way Loopy turns it. */
function turn(v: Vector, angle: number): Vector {
  let a = angle;
  while (a < 0) a += 360;
  for (let k = 0; k < (360 - a) / 36; k++) v = turn36(v);
  return v;
}

/** `edge`, grown (scale 1) or shrunk (-1) by phi, turned by `angle` and placed at `from`. */
const step = (edge: Vector, scale: number, from: Vector, angle: number): Vector => plus(turn(scale < 0 ? shrink(edge) : scale > 0 ? grow(edge) : edge, angle), from);

/** The size of Loopy's starting triangle and the depth of subdivision for a width x height grid. */
function startingTriangle(which: Which, width: number, height: number): { radius: number; size: number; depth: number } {
  const tile = which === 'p2' ? Math.trunc((TILE_SIZE * 3) / 2) : Math.trunc((TILE_SIZE * 5) / 4);
  const radius = tile * 3.11 * Math.sqrt(width * width + height * height);
  let size = tile;
  let depth = 0;
  while (size * INCIRCLE_RADIUS < radius) {
    depth++;
    size *= PHI;
  }
  return { radius, size: Math.trunc(size), depth };
}

/** The patch of a game ID, `G<x offset>,<y offset>,<angle>`, or why it is not one Loopy accepts. */
export function readPatch(which: Which, width: number, height: number, patch: string | undefined): { x: number; y: number; angle: number } {
  const what = `Penrose ${which === 'p2' ? 'kite/dart' : 'rhomb'} grid`;
  const m = patch === undefined ? null : /^G(-?\d+),(-?\d+),(-?\d+)$/.exec(patch);
  if (!m) throw new PuzzleError(`${what}: the grid description must be G<x>,<y>,<angle> before '_' (as Loopy writes it); got '${patch ?? ''}'`);
  const [px, py, angle] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const inner = Math.trunc(startingTriangle(which, width, height).radius - Math.sqrt(width * width + height * height));
  if (Math.sqrt(px * px + py * py) > inner) throw new PuzzleError(`${what}: the patch offset ${px},${py} is out of bounds (at most ${inner} from the centre)`);
  if (angle % 36 !== 0 || angle < 0 || angle >= 360) throw new PuzzleError(`${what}: the patch angle ${angle} is not a multiple of 36 from 0 to 324`);
  return { x: px, y: py, angle };
}

/**
 * A patch drawn as Loopy draws one for a new puzzle: an offset anywhere within the bound readPatch accepts, and
 * a turn of a multiple of 36 degrees; `int(min, max)` draws a whole number in [min, max].
 */
export function drawPatch(which: Which, width: number, height: number, int: (min: number, max: number) => number): string {
  const inner = Math.trunc(startingTriangle(which, width, height).radius - Math.sqrt(width * width + height * height));
  let x: number;
  let y: number;
  do {
    x = int(-inner, inner);
    y = int(-inner, inner);
  } while (x * x + y * y > inner * inner);
  return `G${x},${y},${36 * int(0, 9)}`;
}

function penrose(which: Which, width: number, height: number, patch: string | undefined): RawTiling {
  const { x: px, y: py, angle } = readPatch(which, width, height, patch);
  const { size, depth: deepest } = startingTriangle(which, width, height);
  const [xmin, xmax] = [px - (width * TILE_SIZE) / 2, px + (width * TILE_SIZE) / 2].map(Math.trunc);
  const [ymin, ymax] = [py - (height * TILE_SIZE) / 2, py + (height * TILE_SIZE) / 2].map(Math.trunc);
  const tiles: Point[][] = [];
  const roundAway = (r: number) => (r > 0 ? Math.floor(r + 0.5) : Math.ceil(r - 0.5));
  // The tiles of the last subdivision whose corners all fall in the box.
  const tile = (corners: Vector[], depth: number) => {
    if (depth < deepest) return;
    const points = corners.map((v): Point => [roundAway(x(v)), roundAway(y(v))]);
    if (points.every(([cx, cy]) => cx >= xmin && cx <= xmax && cy >= ymin && cy <= ymax)) tiles.push(points);
  };
  // Half-tiles (triangles) split into smaller ones; a whole tile is drawn from the half whose flip is +1.
  const kiteHalf = (depth: number, flip: number, origin: Vector, edge: Vector): void => {
    if (flip > 0) tile([origin, step(edge, 0, origin, -36), step(edge, 0, origin, 0), step(edge, 0, origin, 36)], depth);
    if (depth >= deepest) return;
    const next = plus(origin, turn(edge, -36 * flip));
    const nextEdge = turn(edge, 108 * flip);
    dartHalf(depth + 1, flip, origin, shrink(edge));
    kiteHalf(depth + 1, flip, next, shrink(nextEdge));
    kiteHalf(depth + 1, -flip, next, shrink(nextEdge));
  };
  const dartHalf = (depth: number, flip: number, origin: Vector, edge: Vector): void => {
    if (flip > 0) tile([origin, step(edge, 0, origin, -72), step(edge, -1, origin, -36), step(edge, 0, origin, 0)], depth);
    if (depth >= deepest) return;
    kiteHalf(depth + 1, -flip, origin, shrink(turn(edge, -36 * flip)));
    dartHalf(depth + 1, flip, plus(origin, edge), shrink(turn(edge, -144 * flip)));
  };
  const thickHalf = (depth: number, flip: number, origin: Vector, edge: Vector): void => {
    if (flip > 0) tile([origin, step(edge, 0, origin, -36), step(edge, 1, origin, 0), step(edge, 0, origin, 36)], depth);
    if (depth >= deepest) return;
    const next = plus(origin, edge);
    thickHalf(depth + 1, -flip, next, shrink(turn(edge, 180)));
    thinHalf(depth + 1, flip, next, shrink(turn(edge, -108 * flip)));
    thickHalf(depth + 1, flip, plus(origin, grow(edge)), shrink(turn(edge, -144 * flip)));
  };
  const thinHalf = (depth: number, flip: number, origin: Vector, edge: Vector): void => {
    if (flip > 0) {
      const third = step(edge, 0, origin, 0);
      tile([origin, step(edge, 0, origin, -36), step(edge, 0, third, -36), third], depth);
    }
    if (depth >= deepest) return;
    const next = plus(origin, edge);
    thickHalf(depth + 1, -flip, next, shrink(turn(edge, 180)));
    thinHalf(depth + 1, flip, next, shrink(turn(edge, -108 * flip)));
  };
  const origin = turn(shrink(shrink([0, -size, -size, 0])), angle);
  const base = turn([0, size, 0, 0], angle);
  if (which === 'p2') kiteHalf(0, 1, origin, base);
  else thinHalf(0, 1, origin, base);
  return trimmedGrid(tiles, 'Penrose grid', patch, width, height);
}

export const penroseP2Kite = (width: number, height: number, patch?: string): RawTiling => penrose('p2', width, height, patch);
export const penroseP3Thick = (width: number, height: number, patch?: string): RawTiling => penrose('p3', width, height, patch);
export const drawP2KitePatch = (width: number, height: number, int: (min: number, max: number) => number): string => drawPatch('p2', width, height, int);
export const drawP3ThickPatch = (width: number, height: number, int: (min: number, max: number) => number): string => drawPatch('p3', width, height, int);
