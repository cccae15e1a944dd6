// Loopy's spectre grid (type 17, newer than the Debian 20230122 version): the chiral aperiodic "spectre" monotile
// of Smith, Myers, Kaplan and Goodman-Strauss. Loopy names one spectre by its place in a hierarchy of nine kinds of
// marked hexagon (G, D, J, L, X, P, S, F, Y), each of which expands into seven or eight smaller ones and, at the
// bottom, into one spectre (two for G). From that spectre it finds its neighbours breadth first, edge 0 to 13, and
// keeps each spectre whose 14 corners lie in the box. The facts (the hexagons' expansions, orientations and edge
// kinds, the shapes of those edges, the spectre's turns, the odds) are those of Loopy's spectre-tables-manual.h and
// auxiliary/spectre-tables-extra.h; the tables of which edge meets which are worked out here from those facts, as
// Loopy's auxiliary/spectre-gen.c works them out, the first time a spectre grid is built.
import { PuzzleError } from '../errors.ts';
import type { RawTiling } from '../planar-graph.ts';
import type { Point } from './sketch.ts';
import { trimmedGrid } from './trim.ts';
import { loopyRandom, pickByOdds } from './loopy-random.ts';

// ---- Exact points: c0 + c1 d + c2 d^2 + c3 d^3, d the turn by 30 degrees (so d^4 = d^2 - 1) ----

type Z = readonly [number, number, number, number];
const zAdd = (a: Z, b: Z): Z => [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
const zSub = (a: Z, b: Z): Z => [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]];
const timesD = ([a, b, c, e]: Z): Z => [-e, a, b + e, c];
const zMul = (a: Z, b: Z): Z => {
  let r: Z = [0, 0, 0, 0];
  for (let i = 3; i >= 0; i--) r = zAdd(timesD(r), [a[0] * b[i], a[1] * b[i], a[2] * b[i], a[3] * b[i]]);
  return r;
};
/** d^s: a turn by 30 s degrees anticlockwise. */
const ROT: readonly Z[] = (() => {
  const out: Z[] = [[1, 0, 0, 0]];
  for (let s = 1; s < 12; s++) out.push(timesD(out[s - 1]));
  return out;
})();
const rot = (s: number): Z => ROT[((s % 12) + 12) % 12];
const zKey = (p: Z) => p.join(',');

// ---- The facts: hexagons, their expansions, the shapes of their edges, the spectre ----

const HEXES = 'GDJLXPSFY';
const [G, D, S] = [0, 1, 6];
/** The kinds of the hexagons each kind expands into, in Loopy's numbering (rows 0 1 / 2 3 / 4 5 6 / 7; G has no 7). */
const SUBHEXES: readonly (readonly number[])[] = ['FXGSPDJ', 'FPGSXDFX', 'FPGSYDFP', 'FPGSYDFX', 'FYGSYDFP', 'FYGSYDFX', 'LPGSXDFX', 'FPGSYDFY', 'FYGSYDFY']
  .map((kinds) => [...kinds].map((kind) => HEXES.indexOf(kind)));
/** Where those hexagons sit (centres 6 apart) and their turns in sixths, the same for every kind. */
const HEX_CENTRES: readonly Z[] = [[0, 0, 0, 0], [6, 0, 0, 0], [0, 0, -6, 0], [6, 0, -6, 0], [0, 0, -12, 0], [6, 0, -12, 0], [12, 0, -12, 0], [12, 0, -18, 0]];
const HEX_TURNS = [2, 1, 0, 1, 4, 5, 0, 5];
const spectreCount = (hex: number) => (hex === G ? 2 : 1);

/** The paper's eight kinds of hexagon edge, a minus sign for the matching one; eta matches itself. */
const [ETA, ALPHA, BETA, GAMMA, DELTA, EPSILON, ZETA, THETA] = [0, 1, 2, 3, 4, 5, 6, 7];
/** Each kind's six edges, anticlockwise from the top corner. */
const HEX_EDGES: readonly (readonly number[])[] = [
  [-BETA, -ALPHA, ALPHA, -GAMMA, -DELTA, BETA], [-ZETA, GAMMA, BETA, -EPSILON, ALPHA, -GAMMA], [-BETA, GAMMA, BETA, THETA, BETA, ETA],
  [-BETA, GAMMA, BETA, -EPSILON, ALPHA, -THETA], [-BETA, -ALPHA, EPSILON, THETA, BETA, ETA], [-BETA, -ALPHA, EPSILON, -EPSILON, ALPHA, -THETA],
  [DELTA, ZETA, BETA, -EPSILON, ALPHA, -GAMMA], [-BETA, GAMMA, BETA, -EPSILON, EPSILON, ETA], [-BETA, -ALPHA, EPSILON, -EPSILON, EPSILON, ETA],
];
/** The turns (in twelfths) along each kind of edge, walked clockwise round an expansion into hexagons, and into spectres. */
const HEX_EDGE_TURNS = [[2, 2, -2, -2], [2, -2], [-2], [2, -2, -2, 2], [-2, 2, -2, 2], [2, -2, -2], [-2, 2], [2, 2, -2, -2, 2]];
// Theta is a single spectre edge: no turn.
const SPECTRE_EDGE_TURNS = [[0], [-2, 3], [3, -2], [2], [2, 3, 2, -3, 2], [3], [-2], []];
/** The walk round an expansion's outline starts at one place for most kinds, and at another for D and S. */
const rare = (hex: number) => hex === D || hex === S;

/** The spectre's turn at each corner, in twelfths, from corner 0 at the top of its head; all 14 edges equally long. */
const SPECTRE_TURNS = [-3, -2, 3, -2, -3, 2, -3, 2, -3, -2, 0, -2, 3, -2];
/** Each kind's share of the hexagons in the limit, scaled by 10^7 (Loopy's figures). */
const ODDS = [10000000, 10000000, 1270167, 1270167, 7459667, 7459667, 10000000, 17459667, 13810500];

// ---- The tables of neighbouring edges, worked out from the expansions' shapes ----

/** One edge seen from across it: an edge of a child (`child`, its edge `edge`), or piece `edge` of side `child` of the parent. */
interface Across { readonly inside: boolean; readonly child: number; readonly edge: number }
/** For one kind: across each child's edge; where each side of the parent starts among its pieces and how many; across each piece. */
interface Expansion { readonly across: readonly Across[]; readonly sides: readonly (readonly [start: number, count: number])[]; readonly inward: readonly Across[] }

/** The directed edges drawn so far, looked up by their ends. */
class EdgeMap {
  private readonly byEnds = new Map<string, Across>();
  private readonly fromPoint = new Map<string, Z[]>();
  add(start: Z, finish: Z, across: Across): void {
    this.byEnds.set(`${zKey(start)}>${zKey(finish)}`, across);
    const list = this.fromPoint.get(zKey(start)) ?? [];
    list.push(finish);
    this.fromPoint.set(zKey(start), list);
  }
  /** What lies across the edge from start to finish: the edge drawn from finish to start. */
  reverse(start: Z, finish: Z): Across {
    const found = this.byEnds.get(`${zKey(finish)}>${zKey(start)}`);
    if (!found) throw new Error(`spectre tables: nothing across ${zKey(start)} > ${zKey(finish)}`);
    return found;
  }
  /** The outline edge leaving `point` (the first by its far end's coefficients, as Loopy orders them). */
  outwardFrom(point: Z): Z {
    const ends = [...(this.fromPoint.get(zKey(point)) ?? [])].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
    const end = ends.find((finish) => !this.byEnds.has(`${zKey(finish)}>${zKey(point)}`));
    if (!end) throw new Error(`spectre tables: no outline edge at ${zKey(point)}`);
    return zSub(end, point);
  }
}

/** A kind's expansion into hexagons: each child anticlockwise from its top corner, then the outline, side by side. */
function hexExpansion(hex: number): Expansion {
  const edges = new EdgeMap();
  const inner: [Z, Z][] = [];
  SUBHEXES[hex].forEach((_, child) => {
    let corner = zMul([-2, 0, 4, 0], rot(2 * HEX_TURNS[child]));
    for (let k = 0; k < 6; k++) {
      const next = zMul(corner, rot(2));
      const ends: [Z, Z] = [zAdd(HEX_CENTRES[child], corner), zAdd(HEX_CENTRES[child], next)];
      edges.add(...ends, { inside: true, child, edge: k });
      inner.push(ends);
      corner = next;
    }
  });
  const outer: [Z, Z][] = [];
  const starts: number[] = [];
  let [pos, dir]: [Z, Z] = rare(hex) ? [[-2, 0, -14, 0], [-2, 0, 4, 0]] : [[-4, 0, -10, 0], [2, 0, 2, 0]];
  HEX_EDGES[hex].forEach((kind, side) => {
    const turns = kind < 0 ? HEX_EDGE_TURNS[-kind].map((t) => -t).reverse() : HEX_EDGE_TURNS[kind];
    starts.push(outer.length);
    for (let k = 0; k <= turns.length; k++) {
      const next = zAdd(pos, dir);
      if (k < turns.length) dir = zMul(dir, rot(turns[k]));
      edges.add(pos, next, { inside: false, child: side, edge: k });
      outer.push([pos, next]);
      pos = next;
    }
    // The sides of an expansion meet at left turns of 60 degrees.
    dir = zMul(dir, rot(-2));
  });
  starts.push(outer.length);
  return {
    across: inner.map(([a, b]) => edges.reverse(a, b)),
    sides: starts.slice(0, 6).map((start, side) => [start, starts[side + 1] - start]),
    inward: outer.map(([a, b]) => edges.reverse(a, b)),
  };
}

/** A kind's expansion into its spectre (two for G): the outline is walked the other way, each expansion flipping the hand. */
function spectreExpansion(hex: number): Expansion {
  const edges = new EdgeMap();
  const inner: [Z, Z][] = [];
  const corners: Z[] = [];
  for (let spectre = 0; spectre < spectreCount(hex); spectre++) {
    // G's second spectre, the rare one turned by an odd number of twelfths, placed by hand as Loopy places it.
    let pos: Z = spectre === 1 ? [2, 6, 2, 0] : [0, 0, 0, 0];
    let dir = zMul([2, 0, 0, 2], rot(spectre === 1 ? 6 : 5));
    for (let k = 0; k < 14; k++) {
      const next = zAdd(pos, dir);
      edges.add(pos, next, { inside: true, child: spectre, edge: k });
      inner.push([pos, next]);
      corners.push(pos);
      pos = next;
      dir = zMul(dir, rot(SPECTRE_TURNS[(k + 1) % 14]));
    }
  }
  const outer: [Z, Z][] = [];
  // Each side's start counted from the end of the outline, which is written backwards, until its length is known.
  const fromEnd = new Array<number>(6);
  let pos = corners[rare(hex) ? 8 : 9];
  let dir: Z = [0, 0, 0, 0];
  for (let i = 0; i < 6; i++) {
    const kind = HEX_EDGES[hex][5 - i];
    const turns = kind < 0 ? SPECTRE_EDGE_TURNS[-kind].map((t) => -t).reverse() : SPECTRE_EDGE_TURNS[kind];
    // S's last two sides do not follow the spectre's outline: the fifth goes on as the fourth went, the sixth back.
    if (hex === S && i === 5) dir = zMul(dir, rot(6));
    else if (!(hex === S && i === 4)) dir = edges.outwardFrom(pos);
    const side: [Z, Z][] = [];
    for (let k = 0; k <= turns.length; k++) {
      const next = zAdd(pos, dir);
      if (k < turns.length) dir = zMul(dir, rot(turns[k]));
      edges.add(next, pos, { inside: false, child: 5 - i, edge: turns.length - k });
      side.unshift([next, pos]);
      pos = next;
    }
    outer.unshift(...side);
    fromEnd[5 - i] = outer.length;
  }
  const total = outer.length;
  return {
    across: inner.map(([a, b]) => edges.reverse(a, b)),
    sides: fromEnd.map((back, side) => [total - back, back - (side === 5 ? 0 : fromEnd[side + 1])]),
    inward: outer.map(([a, b]) => edges.reverse(a, b)),
  };
}

/** Each kind's expansions into hexagons and into spectres, worked out on first use: a run on other grids never pays for them. */
let expansions: { readonly hex: readonly Expansion[]; readonly spectre: readonly Expansion[] } | undefined;
const expansionTables = () => (expansions ??= { hex: SUBHEXES.map((_, hex) => hexExpansion(hex)), spectre: SUBHEXES.map((_, hex) => spectreExpansion(hex)) });
/** The places a hexagon of each kind can have in a larger one (kind, index, odds), and a spectre in a hexagon. */
const PARENTS: readonly (readonly [hex: number, index: number, odds: number][])[] = SUBHEXES.map((_, kind) =>
  SUBHEXES.flatMap((children, hex) => children.flatMap((child, index) => (child === kind ? [[hex, index, ODDS[hex]] as [number, number, number]] : []))));
const SPECTRE_PLACES: readonly [hex: number, index: number, odds: number][] = SUBHEXES.flatMap((_, hex) =>
  Array.from({ length: spectreCount(hex) }, (_, index) => [hex, index, ODDS[hex]] as [number, number, number]));

// ---- A spectre's place in the hierarchy, and stepping across an edge ----

/** The spectre's index in its smallest hexagon, then each hexagon's index in the next (-1: not yet known) and kind. */
interface Coords { spectre: number; hexes: { index: number; kind: number }[] }
const copy = (c: Coords): Coords => ({ spectre: c.spectre, hexes: c.hexes.map((h) => ({ ...h })) });

class Hierarchy {
  /**
   * `draw` makes up the larger hexagons the walk needs beyond the prototype: at random for a new patch, and for a
   * patch too short for its box, Loopy's own generator seeded with "dummy", as Loopy reads such a patch.
   */
  constructor(readonly prototype: Coords, private draw: ((limit: number) => number) | undefined) {}

  private readonly tables = expansionTables();

  /** Makes `coords` at least `n` hexagons deep, copying from the prototype, which grows first if it must. */
  extend(coords: Coords, n: number): void {
    const proto = this.prototype.hexes;
    while (proto.length < n) {
      this.draw ??= loopyRandom('dummy');
      const top = proto[proto.length - 1];
      const [kind, index] = pickByOdds(PARENTS[top.kind], this.draw);
      top.index = index;
      proto.push({ index: -1, kind });
    }
    const hexes = coords.hexes;
    while (hexes.length < n) {
      hexes[hexes.length - 1].index = proto[hexes.length - 1].index;
      hexes.push({ index: -1, kind: proto[hexes.length].kind });
    }
  }

  /** Crosses edge `edge` of the hexagon at `depth`; returns the edge it comes in by. */
  private stepHex(coords: Coords, depth: number, edge: number): number {
    this.extend(coords, depth + 2);
    let map = this.tables.hex[coords.hexes[depth + 1].kind];
    let across = map.across[6 * coords.hexes[depth].index + edge];
    if (!across.inside) {
      const side = this.stepHex(coords, depth + 1, across.child);
      map = this.tables.hex[coords.hexes[depth + 1].kind];
      const [start, count] = map.sides[side];
      across = map.inward[start + count - 1 - across.edge];
    }
    coords.hexes[depth] = { index: across.child, kind: SUBHEXES[coords.hexes[depth + 1].kind][across.child] };
    return across.edge;
  }

  /** Crosses edge `edge` of the spectre; returns the edge of the spectre beyond that it comes in by. */
  step(coords: Coords, edge: number): number {
    let across = this.tables.spectre[coords.hexes[0].kind].across[14 * coords.spectre + edge];
    while (!across.inside) {
      const side = this.stepHex(coords, 0, across.child);
      const map = this.tables.spectre[coords.hexes[0].kind];
      const [start, count] = map.sides[side];
      across = map.inward[start + count - 1 - across.edge];
    }
    coords.spectre = across.child;
    return across.edge;
  }
}

// ---- Spectres in the plane, and the breadth-first walk over a box ----

interface Spectre { readonly corners: readonly Z[]; readonly coords: Coords }

/** The corners of the spectre whose edge from corner `index` runs from u to v. */
function placeSpectre(u: Z, v: Z, index: number): Z[] {
  const corners = new Array<Z>(14);
  let [at, step] = [u, zSub(v, u)];
  for (let i = 0; i < 14; i++) {
    corners[(i + index) % 14] = at;
    at = zAdd(at, step);
    step = zMul(step, rot(SPECTRE_TURNS[(i + 1 + index) % 14]));
  }
  return corners;
}

/** The sign of a + b sqrt(3), exactly. */
function sign(a: number, b: number): number {
  if (a >= 0 && b >= 0) return a === 0 && b === 0 ? 0 : 1;
  if (a <= 0 && b <= 0) return -1;
  return a * a > 3 * b * b ? Math.sign(a) : Math.sign(b);
}

/** The whole number nearest to n sqrt(3), exactly (Loopy's n_times_root_k). */
function timesRoot3(n: number): number {
  const m = Math.abs(n);
  let x = Math.floor(m * Math.sqrt(3));
  while (x * x > 3 * m * m) x--;
  while ((x + 1) * (x + 1) <= 3 * m * m) x++;
  // sqrt(3) is irrational, so n sqrt(3) is never half way between two whole numbers.
  return Math.sign(n) * (x * x + x + 1 <= 3 * m * m ? x + 1 : x);
}

/** Loopy's units: the box's side steps of 7 spectre units, 8 grid units to one. */
const [SQUARE, UNIT] = [7, 8];

/**
 * Walks outwards from the patch's spectre, edge 0 to 13 of each, keeping each spectre whose 14 corners lie in the
 * box (in the order met) and going on only from those; calls `keep` with each one's corners in Loopy's grid units.
 */
function walkSpectres(hierarchy: Hierarchy, orientation: number, width: number, height: number, keep?: (corners: Point[]) => void): void {
  const [w, h] = [width * SQUARE, height * SQUARE];
  const [xOffset, yOffset] = [Math.trunc(w / 2), Math.trunc(h / 2)];
  const edge = zMul(zAdd(rot(0), rot(-3)), rot(orientation));
  const first = zMul(zAdd(edge, zMul(edge, rot(-3))), zAdd(rot(5), rot(-5)));
  const inBox = (spectre: Spectre): Point[] | null => {
    const out: Point[] = [];
    for (const [c0, c1, c2, c3] of spectre.corners) {
      // Twice the real and imaginary parts, each as a + b sqrt(3).
      const [xa, xb, ya, yb] = [2 * c0 + c2, c1, 2 * c3 + c1, c2];
      if (sign(xa + xOffset, xb) < 0 || sign(xa + xOffset - w, xb) > 0 || sign(ya - yOffset + h, yb) < 0 || sign(ya - yOffset, yb) > 0) return null;
      out.push([(xOffset + xa) * UNIT + timesRoot3(xb * UNIT), (yOffset - ya) * UNIT + timesRoot3(-yb * UNIT)]);
    }
    return out;
  };
  const start: Spectre = { corners: placeSpectre(first, zAdd(first, edge), 0), coords: copy(hierarchy.prototype) };
  const key = (s: Spectre) => `${zKey(s.corners[0])};${zKey(s.corners[1])}`;
  const placed = new Set([key(start)]);
  const queue: Spectre[] = [];
  const visit = (spectre: Spectre) => {
    const corners = inBox(spectre);
    if (!corners) return false;
    keep?.(corners);
    queue.push(spectre);
    return true;
  };
  visit(start);
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q];
    for (let edge = 0; edge < 14; edge++) {
      const coords = copy(from.coords);
      const entry = hierarchy.step(coords, edge);
      const next: Spectre = { corners: placeSpectre(from.corners[(edge + 1) % 14], from.corners[edge], entry), coords };
      if (placed.has(key(next))) continue;
      if (visit(next)) placed.add(key(next));
    }
  }
}

// ---- Patches ----

const WHAT = 'spectre grid';

/** A patch as Loopy writes it: the starting spectre's turn (0-9, A, B in twelfths), its coordinates, its largest hexagon's kind. */
export function readSpectrePatch(patch: string | undefined): { orientation: number; coords: Coords } {
  const m = patch === undefined ? null : /^([0-9AB])(\d*)([A-Z])$/.exec(patch);
  if (!m) throw new PuzzleError(`${WHAT}: the grid description must be a turn (0-9, A or B), digits and a hexagon letter (${[...HEXES].join(', ')}), before '_' (as Loopy writes it); got '${patch ?? ''}'`);
  const orientation = parseInt(m[1], 12);
  const digits = [...m[2]].map(Number);
  let kind = HEXES.indexOf(m[3]);
  if (kind < 0) throw new PuzzleError(`${WHAT}: '${m[3]}' in '${patch}' is not a hexagon kind (${[...HEXES].join(', ')})`);
  if (digits.length === 0) throw new PuzzleError(`${WHAT}: the grid description '${patch}' needs at least one coordinate`);
  const hexes = new Array<{ index: number; kind: number }>(digits.length);
  hexes[digits.length - 1] = { index: -1, kind };
  for (let i = digits.length - 1; i > 0; i--) {
    const parts = SUBHEXES[kind].length;
    if (digits[i] >= parts) throw new PuzzleError(`${WHAT}: hexagon ${HEXES[kind]} in '${patch}' has no part number ${digits[i]} (it has ${parts})`);
    kind = SUBHEXES[kind][digits[i]];
    hexes[i - 1] = { index: digits[i], kind };
  }
  if (digits[0] >= spectreCount(kind)) throw new PuzzleError(`${WHAT}: hexagon ${HEXES[kind]} in '${patch}' has no spectre number ${digits[0]} (it has ${spectreCount(kind)})`);
  return { orientation, coords: { spectre: digits[0], hexes } };
}

export function spectres(width: number, height: number, patch?: string): RawTiling {
  const { orientation, coords } = readSpectrePatch(patch);
  const faces: Point[][] = [];
  walkSpectres(new Hierarchy(coords, undefined), orientation, width, height, (corners) => faces.push(corners));
  return trimmedGrid(faces, WHAT, patch, width, height);
}

/**
 * A patch drawn as Loopy draws one for a new puzzle: a random starting spectre (with its kind's odds), a turn of a
 * sixth times 0-5 (plus a twelfth for G's rare second spectre), and each larger hexagon at random with Loopy's odds,
 * as far up as the walk over the box needs.
 */
export function drawSpectrePatch(width: number, height: number, int: (min: number, max: number) => number): string {
  const draw = (limit: number) => int(0, limit - 1);
  const [kind, spectre] = pickByOdds(SPECTRE_PLACES, draw);
  const orientation = 2 * int(0, 5) + spectre;
  const hierarchy = new Hierarchy({ spectre, hexes: [{ index: -1, kind }] }, draw);
  walkSpectres(hierarchy, orientation, width, height);
  const hexes = hierarchy.prototype.hexes;
  return `${orientation.toString(12).toUpperCase()}${spectre}${hexes.slice(0, -1).map((h) => h.index).join('')}${HEXES[hexes[hexes.length - 1].kind]}`;
}
