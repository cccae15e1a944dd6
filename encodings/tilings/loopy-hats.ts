// Loopy's hat grid (type 16, newer than the Debian 20230122 version): the aperiodic "hat" monotile of Smith, Myers,
// Kaplan and Goodman-Strauss, each hat a union of 8 kites of the kites grid. Loopy's patch names a kite by its
// place in the tiling's hierarchy of metatiles (H, T, P, F), walks the kites of a box in a fixed serpentine
// order, and keeps each hat whose 14 corners fall in the box, in the order its kite number 0 is met. The facts
// (the metatiles' shapes and expansions, where the hats sit in them, the numbering of children, hats and kites,
// the walk) are those of Loopy's hat.c and auxiliary/hatgen.c; the tables of neighbouring kites are worked out
// here from those facts.
import { PuzzleError } from '../errors.ts';
import type { RawTiling } from '../planar-graph.ts';
import type { Point } from './sketch.ts';
import { trimmedGrid } from './trim.ts';
import { pickByOdds } from './loopy-random.ts';

/** A point x + y r of the kites grid, r the sixth root of unity at 60 degrees, triangles of side 6. */
type P = readonly [x: number, y: number];
const add = (a: P, b: P): P => [a[0] + b[0], a[1] + b[1]];
const minus = (a: P, b: P): P => [a[0] - b[0], a[1] - b[1]];
const times = (k: number, a: P): P => [k * a[0], k * a[1]];
const turnLeft = ([x, y]: P): P => [-y, x + y];
const turnRight = ([x, y]: P): P => [x + y, -x];
/** `v` in the frame with origin `start`, first axis `axis` and second axis turned 60 degrees from it (or -60). */
const place = (start: P, axis: P, v: P, mirrored = false): P => {
  const second = mirrored ? turnRight(axis) : turnLeft(axis);
  return [start[0] + v[0] * axis[0] + v[1] * second[0], start[1] + v[0] * axis[1] + v[1] * second[1]];
};

const TYPES = ['H', 'T', 'P', 'F'] as const;
type Meta = 0 | 1 | 2 | 3;
const [H, T, P_, F] = [0, 1, 2, 3] as const;

/** Each metatile's corners, first at its start, in its own frame; and the corners of its expansion. */
const CORNERS: readonly (readonly P[])[] = [
  [[0, 0], [4, -2], [12, 6], [10, 10], [-6, 18], [-8, 16]],
  [[0, 0], [6, 6], [-6, 12]],
  [[0, 0], [4, 4], [-4, 20], [-8, 16]],
  [[0, 0], [4, -2], [6, 0], [-2, 16], [-6, 12]],
];
const EXPANDED_CORNERS: readonly (readonly P[])[] = [
  [[0, 0], [12, -6], [30, 12], [24, 24], [-12, 42], [-18, 36]],
  [[0, 0], [12, 12], [-12, 24]],
  [[0, 0], [14, 8], [-4, 44], [-18, 36]],
  [[0, 0], [14, -4], [18, 6], [0, 42], [-14, 34]],
];

interface Placed { readonly type: Meta; readonly start: P; readonly axis: P }
/** The children of each metatile's expansion, in Loopy's numbering, in the expansion's frame. */
const CHILDREN: readonly (readonly Placed[])[] = [
  [[H, -4, 20, 1, 0], [H, 2, 2, 1, 0], [H, 8, 26, 0, -1], [T, 6, 24, -1, 0], [P_, -8, 16, 1, 0], [P_, 4, 34, 0, -1], [P_, 6, 0, 1, -1],
    [F, -10, 38, -1, 1], [F, -10, 44, 0, -1], [F, -4, 2, 1, 0], [F, 2, 2, 0, -1], [F, 26, 14, 1, 0], [F, 32, 8, -1, 1]],
  [[H, 10, 10, -1, 1], [P_, -6, 0, 1, 0], [P_, 8, 14, 0, 1], [P_, 18, 6, -1, 1], [F, -14, 34, -1, 0], [F, -8, -2, 1, -1], [F, 22, 4, 0, 1]],
  [[H, 4, 22, 0, 1], [H, 10, 10, -1, 1], [P_, -6, 0, 1, 0], [P_, 6, 24, 1, 0], [P_, 8, 14, 0, 1], [F, -20, 40, 1, -1], [F, -14, 34, -1, 0],
    [F, -8, -2, 1, -1], [F, 4, 46, -1, 1], [F, 10, 10, 1, 0], [F, 16, 4, -1, 1]],
  [[H, 8, 20, 0, 1], [H, 14, 8, -1, 1], [P_, 10, 22, 1, 0], [P_, 12, 12, 0, 1], [F, -16, 38, 1, -1], [F, -10, 32, -1, 0], [F, -4, 2, 1, 0],
    [F, 2, 2, 0, -1], [F, 8, 44, -1, 1], [F, 14, 8, 1, 0], [F, 20, 2, -1, 1]],
].map((list) => list.map(([type, sx, sy, ax, ay]) => ({ type: type as Meta, start: [sx, sy] as P, axis: [ax, ay] as P })));

/** The hats of each metatile, in Loopy's numbering: start, axis and whether the hat is the mirrored one. */
const HATS: readonly (readonly { start: P; axis: P; mirrored: boolean }[])[] = [
  [{ start: [6, 0], axis: [1, 0], mirrored: false }, { start: [6, 6], axis: [0, -1], mirrored: false },
    { start: [0, 12], axis: [1, 0], mirrored: false }, { start: [0, 6], axis: [-1, 0], mirrored: true }],
  [{ start: [-2, 10], axis: [-1, 1], mirrored: false }],
  [{ start: [-2, 10], axis: [-1, 1], mirrored: false }, { start: [-2, 16], axis: [0, 1], mirrored: false }],
  [{ start: [0, 6], axis: [-1, 1], mirrored: false }, { start: [0, 12], axis: [0, 1], mirrored: false }],
];
/** A point inside each of a hat's 8 kites, in Loopy's kite numbering, in the hat's frame. */
const KITE_POINTS: readonly P[] = [[-7, 5], [-5, 4], [-5, 1], [-4, -1], [-1, -1], [-2, 1], [-1, 2], [1, 1]];

/** The four ways to step from a kite to one beside it. */
const Step = { Left: 0, Right: 1, ForwardLeft: 2, ForwardRight: 3 } as const;
type Step = (typeof Step)[keyof typeof Step];

/** A step from the kite holding point `k` to the kite beside it, by points inside kites (hexagon centres at multiples of 6). */
function stepPoint(k: P, step: Step): P {
  const round6 = (v: number) => Math.sign(v) * Math.trunc((Math.abs(v) + 3) / 6) * 6;
  const centre: P = [round6(k[0]), round6(k[1])];
  const offset = minus(k, centre);
  switch (step) {
    case Step.Left: return add(centre, turnLeft(offset));
    case Step.Right: return add(centre, turnRight(offset));
    case Step.ForwardLeft: return add(add(k, turnLeft(offset)), offset);
    default: return add(add(k, turnRight(offset)), offset);
  }
}

/** A kite by its corners: the pointy one at a hexagon's centre, the two beside it, and the far one. */
interface Kite { readonly centre: P; readonly left: P; readonly right: P; readonly outer: P }

function stepKite(k: Kite, step: Step): Kite {
  switch (step) {
    case Step.Left: return { centre: k.centre, right: k.left, outer: minus(times(2, k.left), k.outer), left: minus(add(k.centre, k.left), k.right) };
    case Step.Right: return { centre: k.centre, left: k.right, outer: minus(times(2, k.right), k.outer), right: minus(add(k.centre, k.right), k.left) };
    case Step.ForwardLeft: return { outer: k.outer, right: k.left, centre: minus(times(2, k.left), k.centre), left: minus(add(k.right, k.left), k.centre) };
    default: return { outer: k.outer, left: k.right, centre: minus(times(2, k.right), k.centre), right: minus(add(k.left, k.right), k.centre) };
  }
}

// ---- The tables of neighbouring kites, worked out from the metatiles' geometry ----

interface Tile { readonly type: Meta; readonly start: P; readonly axis: P; readonly parents: { parent: Tile; index: number }[] }
const tileKey = (t: { type: number; start: P; axis: P }) => `${t.type}:${t.start}:${t.axis}`;

/** Metatiles in Loopy's order: by type, then start, then axis. */
const sortTiles = (tiles: readonly Tile[]): Tile[] =>
  [...tiles].sort((a, b) => a.type - b.type || a.start[0] - b.start[0] || a.start[1] - b.start[1] || a.axis[0] - b.axis[0] || a.axis[1] - b.axis[1]);

/**
 * One expansion of a patch of metatiles. Expansion does not keep shapes exactly, so each tile's expanded corners
 * are placed from a corner a neighbour already placed, spreading out from the first tile; a child that two
 * parents share is one tile with both parents.
 */
function expand(patch: readonly Tile[]): Tile[] {
  const sorted = sortTiles(patch);
  const tilesAt = new Map<string, Tile[]>();
  for (const tile of sorted) for (const corner of CORNERS[tile.type]) {
    const at = place(tile.start, tile.axis, corner);
    const list = tilesAt.get(`${at}`) ?? [];
    list.push(tile);
    tilesAt.set(`${at}`, list);
  }
  const placed = new Map<string, P>();
  const queue: Tile[] = [];
  const queued = new Set<Tile>();
  const mark = (corner: P, to: P) => {
    if (placed.has(`${corner}`)) return;
    placed.set(`${corner}`, to);
    for (const tile of tilesAt.get(`${corner}`)!) if (!queued.has(tile)) (queued.add(tile), queue.push(tile));
  };
  mark(sorted[0].start, [0, 0]);
  const out = new Map<string, Tile>();
  for (let q = 0; q < queue.length; q++) {
    const tile = queue[q];
    const before = CORNERS[tile.type].map((c) => place(tile.start, tile.axis, c));
    const after = EXPANDED_CORNERS[tile.type].map((c) => place([0, 0], tile.axis, c));
    const known = before.findIndex((c) => placed.has(`${c}`));
    const shift = minus(placed.get(`${before[known]}`)!, after[known]);
    before.forEach((c, k) => mark(c, add(after[k], shift)));
    CHILDREN[tile.type].forEach((child, index) => {
      const made = { type: child.type, start: place(shift, tile.axis, child.start), axis: place([0, 0], tile.axis, child.axis), parents: [] };
      const key = tileKey(made);
      const tileHere = out.get(key) ?? made;
      out.set(key, tileHere);
      tileHere.parents.push({ parent: tile, index });
    });
  }
  return [...out.values()];
}

const single = (type: Meta): Tile => ({ type, start: [0, 0], axis: [1, 0], parents: [] });
const CHILD_TYPES: readonly (readonly Meta[])[] = CHILDREN.map((list) => list.map((child) => child.type));
const HAT_COUNTS = HATS.map((list) => list.length);
const MOST_CHILDREN = 13;
const kiteSlot = (step: Step, kite: number, hat: number, meta: number) => step + 4 * (kite + 8 * (hat + 4 * meta));

/**
 * For each metatile type: from (kite, hat, child) inside one of its expansions and a step, the (kite, hat, child)
 * of the kite beside it, or none when that kite lies outside the expansion.
 */
const kiteMaps = (): readonly Int16Array[] => TYPES.map((_, type) => {
  const table = new Int16Array(4 * 8 * 4 * MOST_CHILDREN * 3).fill(-1);
  const where = new Map<string, [number, number, number]>();
  const points: [P, number, number, number][] = [];
  const children = sortTiles(expand([single(type as Meta)]));
  // Hexagon centres fall at multiples of 6 measured from a hat's start (Loopy measures from the first hat's).
  const origin = place(children[0].start, children[0].axis, HATS[children[0].type][0].start);
  for (const child of children) {
    const meta = child.parents[0].index;
    HATS[child.type].forEach((hat, h) => {
      const start = minus(place(child.start, child.axis, hat.start), origin);
      const axis = place([0, 0], child.axis, hat.axis);
      KITE_POINTS.forEach((point, k) => {
        const at = place(start, axis, point, hat.mirrored);
        where.set(`${at}`, [k, h, meta]);
        points.push([at, k, h, meta]);
      });
    });
  }
  for (const [at, k, h, meta] of points) for (const step of [Step.Left, Step.Right, Step.ForwardLeft, Step.ForwardRight]) {
    const next = where.get(`${stepPoint(at, step)}`);
    if (next) table.set(next, 3 * kiteSlot(step, k, h, meta));
  }
  return table;
});

/**
 * For each metatile type: a grandchild of its expansion named as (child of child) can often be named another way,
 * through a neighbouring child; each name leads to the next, round a cycle (a name with no other leads to itself).
 */
const metaMaps = (): readonly Int16Array[] => TYPES.map((_, type) => {
  const table = new Int16Array(MOST_CHILDREN * MOST_CHILDREN * 2).fill(-1);
  for (const grandchild of expand(expand([single(type as Meta)]))) {
    const names = grandchild.parents.map(({ parent, index }) => index + MOST_CHILDREN * parent.parents[0].index);
    names.forEach((name, k) => {
      const next = names[(k + 1) % names.length];
      table[2 * name] = next % MOST_CHILDREN;
      table[2 * name + 1] = Math.trunc(next / MOST_CHILDREN);
    });
  }
  return table;
});

/** Both tables, worked out on first use: every process loads this module, and a run on other grids never needs them. */
let maps: { readonly kite: readonly Int16Array[]; readonly meta: readonly Int16Array[] } | undefined;
const hatMaps = () => (maps ??= { kite: kiteMaps(), meta: metaMaps() });

// ---- Coordinates of a kite in the hierarchy, and stepping between them ----

/** Entry 0 a kite of a hat, 1 a hat of a metatile, 2 and up a metatile of the next; the last one's index is not yet known (-1). */
interface Coord { index: number; type: Meta | 'kite' | 'hat' }
type Coords = Coord[];

/** The places a metatile can have in a larger one, first the one Loopy takes when the patch says no more, with Loopy's odds. */
const PARENTS: readonly (readonly [type: Meta, index: number, odds: number][])[] = (() => {
  // The limiting share of each metatile type (Loopy's figures, scaled by 10^7).
  const [h, t, p, f] = [10000000, 1458980, 7082039, 11458980];
  return [
    [[H, 0, h], [H, 1, h], [H, 2, h], [T, 0, t], [P_, 0, p], [P_, 1, p], [F, 0, f], [F, 1, f]],
    [[H, 3, h]],
    [[H, 4, h], [H, 5, h], [H, 6, h], [P_, 4, p], [F, 3, f]],
    [[H, 8, h], [H, 9, h], [H, 12, h], [P_, 5, p], [P_, 10, p], [F, 6, f], [F, 8, f], [F, 10, f]],
  ];
})();
/** The starting hat of a random patch, with Loopy's odds (its T entry weighted as a P, as Loopy has it). */
const STARTING_HATS: readonly [type: Meta, index: number, odds: number][] = [
  [H, 0, 10000000], [H, 1, 10000000], [H, 2, 10000000], [H, 3, 10000000], [T, 0, 7082039], [P_, 0, 7082039], [P_, 1, 7082039], [F, 0, 11458980], [F, 1, 11458980],
];

type Draw = (min: number, max: number) => number;
/** Loopy's weighted choice, or with no draws Loopy's first choice. */
const choose = <E extends readonly [Meta, number, number]>(options: readonly E[], int: Draw | undefined): E => (int ? pickByOdds(options, (limit) => int(0, limit - 1)) : options[0]);

/** The whole coordinates of the starting kite, grown upwards as the walk needs them (at random, or by Loopy's first choice). */
class Hierarchy {
  constructor(readonly prototype: Coords, private readonly int: Draw | undefined) {}

  /** Makes `coords` at least `n` long, copying from the prototype, which grows first if it must. */
  extend(coords: Coords, n: number): void {
    const proto = this.prototype;
    while (proto.length < n) {
      const top = proto[proto.length - 1];
      const [type, index] = choose(PARENTS[top.type as Meta], this.int);
      top.index = index;
      proto.push({ index: -1, type });
    }
    while (coords.length < n) {
      coords[coords.length - 1].index = proto[coords.length - 1].index;
      coords.push({ index: -1, type: proto[coords.length].type });
    }
  }

  step(coords: Coords, step: Step): Coords {
    const direct = this.kiteStep(coords, step);
    if (direct) return direct;
    for (let depth = 2; ; depth++) {
      const found = this.metaStep(coords, step, depth);
      if (found) return found;
    }
  }

  private kiteStep(coords: Coords, step: Step): Coords | null {
    this.extend(coords, 4);
    const type = coords[3].type as Meta;
    const slot = 3 * kiteSlot(step, coords[0].index, coords[1].index, coords[2].index);
    const [kite, hat, meta] = hatMaps().kite[type].subarray(slot, slot + 3);
    if (kite < 0) return null;
    const out = coords.map((c) => ({ ...c }));
    out[2] = { index: meta, type: CHILD_TYPES[type][meta] };
    out[1] = { index: hat, type: 'hat' };
    out[0] = { index: kite, type: 'kite' };
    return out;
  }

  /** Renames the metatiles at `depth` and `depth + 1` round their cycle until a step below succeeds, or the cycle closes. */
  private metaStep(coords: Coords, step: Step, depth: number): Coords | null {
    this.extend(coords, depth + 3);
    const [first, second] = [coords[depth].index, coords[depth + 1].index];
    const outer = coords[depth + 2].type as Meta;
    let [meta, meta2] = [first, second];
    let renamed: Coords | null = null;
    for (;;) {
      const current = renamed ?? coords;
      const found = depth > 2 ? this.metaStep(current, step, depth - 1) : this.kiteStep(current, step);
      if (found) return found;
      const name = 2 * (meta2 * MOST_CHILDREN + meta);
      [meta, meta2] = [hatMaps().meta[outer][name], hatMaps().meta[outer][name + 1]];
      if (meta === first && meta2 === second) return null;
      renamed ??= coords.map((c) => ({ ...c }));
      renamed[depth + 1] = { index: meta2, type: CHILD_TYPES[outer][meta2] };
      renamed[depth] = { index: meta, type: CHILD_TYPES[renamed[depth + 1].type as Meta][meta] };
    }
  }
}

// ---- The walk over a box of kites, and the hats it keeps ----

/** One step of the walk: its direction, the state after it, and whether it starts from the kite before the last. */
type Move = readonly [step: Step, next: number, fromLastButOne?: true];

/**
 * Loopy's walk as a table of its states (1 to 14). A plain state always makes its move; a state that runs along a
 * row (`along` 1 rightwards, -1 leftwards) moves x one kite on and makes `inside`, or, at the row's end, makes
 * `atEnd` where x stays (a leftward one first goes down a row, and ends the walk after the last).
 */
const KITE_WALK: Readonly<Record<number, Move | { along: 1 | -1; inside: Move; atEnd: Move }>> = {
  1: [Step.ForwardRight, 2],
  2: { along: 1, inside: [Step.Right, 3], atEnd: [Step.ForwardRight, 4] },
  3: [Step.Right, 1],
  4: [Step.Left, 5],
  5: [Step.Right, 6, true],
  6: { along: -1, inside: [Step.ForwardRight, 7], atEnd: [Step.Right, 9] },
  7: [Step.Right, 8],
  8: [Step.Right, 6],
  9: [Step.Right, 10],
  10: [Step.Right, 11],
  11: { along: 1, inside: [Step.ForwardRight, 9], atEnd: [Step.ForwardRight, 12, true] },
  12: [Step.ForwardRight, 13],
  13: { along: -1, inside: [Step.Right, 14], atEnd: [Step.Left, 1] },
  14: [Step.Right, 12],
};

/**
 * Loopy's order of the kites of a width x height box: a serpentine over rows of the kites grid, each kite beside
 * one of the last three. Yields each kite's step from the one it is reached from (by its place among the last three).
 */
function* kiteWalk(width: number, height: number): Generator<{ from: number; to: number; step: Step }> {
  let [state, x, y, current, previousFrom] = [1, 0, 0, 0, 0];
  for (;;) {
    const entry = KITE_WALK[state];
    let move: Move;
    if (Array.isArray(entry)) move = entry as Move;
    else {
      const { along, inside, atEnd } = entry as { along: 1 | -1; inside: Move; atEnd: Move };
      if (along > 0 ? x + 1 < width : x > 0) (x += along), (move = inside);
      else if (along > 0) move = atEnd;
      else {
        if (y + 1 >= height) return;
        y++;
        move = atEnd;
      }
    }
    // Two of the steps start from the kite the previous kite was reached from.
    const from = move[2] ? previousFrom : current;
    current = (current + 1) % 3;
    state = move[1];
    previousFrom = from;
    yield { from, to: current, step: move[0] };
  }
}

/** The hat whose kite number 0 is `kite`, as its 14 corners in Loopy's order, or null when a corner leaves the box. */
function hatCorners(kite: Kite, mirrored: boolean, width: number, height: number): Point[] | null {
  let k: Kite = mirrored ? { ...kite, left: kite.right, right: kite.left } : kite;
  const corners: P[] = [k.centre, k.right, k.outer, k.left];
  k = stepKite(stepKite(k, Step.Left), Step.ForwardRight);
  corners.push(k.centre);
  k = stepKite(k, Step.Right);
  corners.push(k.right, k.outer);
  k = stepKite(k, Step.ForwardLeft);
  corners.push(k.left, k.centre);
  k = stepKite(stepKite(stepKite(k, Step.Right), Step.Right), Step.Right);
  corners.push(k.right, k.outer, k.left);
  k = stepKite(k, Step.Left);
  corners.push(k.outer, k.left);
  // A mirrored hat is walked the other way round, so that every face goes round the same way.
  if (mirrored) corners.reverse();
  const out: Point[] = [];
  for (const [px, py] of corners) {
    const [x, y] = [Math.trunc((2 * px + py) / 3), py];
    if (x < 0 || x > 4 * width || y < 0 || y > 6 * height) return null;
    // Loopy's units: 14 across and 8 down per unit of its hat coordinates.
    out.push([x * 14, y * 8]);
  }
  return out;
}

/** A patch as Loopy writes it, `c0,c1,...,X` (X one of H, T, P, F), read into the starting kite's coordinates. */
export function readHatPatch(patch: string | undefined): Coords {
  const what = 'hat grid';
  const m = patch === undefined ? null : /^((?:\d{1,2},)*)([HTPF])$/.exec(patch);
  if (!m) throw new PuzzleError(`${what}: the grid description must be numbers each followed by ',' and then H, T, P or F, before '_' (as Loopy writes it); got '${patch ?? ''}'`);
  const numbers = m[1].split(',').filter((s) => s !== '').map(Number);
  if (numbers.length < 3) throw new PuzzleError(`${what}: the grid description '${patch}' needs at least three numbers`);
  if (numbers[0] >= 8) throw new PuzzleError(`${what}: kite number ${numbers[0]} in '${patch}' is not one of a hat's 8 kites (0-7)`);
  let type = TYPES.indexOf(m[2] as (typeof TYPES)[number]) as Meta;
  const coords: Coords = new Array<Coord>(numbers.length + 1);
  coords[numbers.length] = { index: -1, type };
  for (let i = numbers.length - 1; i > 1; i--) {
    if (numbers[i] >= CHILD_TYPES[type].length) throw new PuzzleError(`${what}: metatile ${TYPES[type]} in '${patch}' has no part number ${numbers[i]} (it has ${CHILD_TYPES[type].length})`);
    coords[i] = { index: numbers[i], type: CHILD_TYPES[type][numbers[i]] };
    type = CHILD_TYPES[type][numbers[i]];
  }
  if (numbers[1] >= HAT_COUNTS[type]) throw new PuzzleError(`${what}: metatile ${TYPES[type]} in '${patch}' has no hat number ${numbers[1]} (it has ${HAT_COUNTS[type]})`);
  coords[1] = { index: numbers[1], type: 'hat' };
  coords[0] = { index: numbers[0], type: 'kite' };
  return coords;
}

/** Walks the box from the starting kite, calling `keep` with each hat's corners as its kite number 0 is met. */
function walkHats(hierarchy: Hierarchy, width: number, height: number, keep?: (corners: Point[]) => void): void {
  const start: Kite = { centre: [0, 0], left: [0, 3], right: [3, 0], outer: [2, 2] };
  const kites: Kite[] = [start, start, start];
  const coords: Coords[] = [hierarchy.prototype.map((c) => ({ ...c })), [], []];
  const visit = (slot: number) => {
    const here = coords[slot];
    if (!keep || here[0].index !== 0) return;
    const corners = hatCorners(kites[slot], here[2].type === H && here[1].index === 3, width, height);
    if (corners) keep(corners);
  };
  visit(0);
  for (const { from, to, step } of kiteWalk(width, height)) {
    kites[to] = stepKite(kites[from], step);
    coords[to] = hierarchy.step(coords[from], step);
    visit(to);
  }
}

export function hats(width: number, height: number, patch?: string): RawTiling {
  const hierarchy = new Hierarchy(readHatPatch(patch), undefined);
  const faces: Point[][] = [];
  walkHats(hierarchy, width, height, (corners) => faces.push(corners));
  return trimmedGrid(faces, 'hat grid', patch, width, height);
}

/**
 * A patch drawn as Loopy draws one for a new puzzle: a random starting hat and kite, and each larger metatile
 * chosen at random, with Loopy's odds, as far up as the walk over the box needs.
 */
export function drawHatPatch(width: number, height: number, int: Draw): string {
  const [type, hat] = choose(STARTING_HATS, int);
  const hierarchy = new Hierarchy([{ index: int(0, 7), type: 'kite' }, { index: hat, type: 'hat' }, { index: -1, type }], int);
  walkHats(hierarchy, width, height);
  const proto = hierarchy.prototype;
  return `${proto.slice(0, -1).map((c) => `${c.index},`).join('')}${TYPES[proto[proto.length - 1].type as Meta]}`;
}
