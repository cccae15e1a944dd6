// The grids a puzzle can be drawn on besides the square one, by name: each is a small pure builder in a file of
// its own, from a size (Loopy's width and height) and, for the Penrose tilings, a patch. Adding a grid is one
// file and one line here (docs/grids.md).
import { PuzzleError } from '../errors.ts';
import type { RawTiling } from '../planar-graph.ts';
import { cairo, floret, kites, octagonal, snubsquare } from './loopy-mixed.ts';
import { compassdodecagonal, dodecagonal, greatdodecagonal, greatgreatdodecagonal } from './loopy-dodecagonal.ts';
import { greathexagonal, honeycomb, kagome } from './loopy-hexagonal.ts';
import { triangular } from './loopy-triangular.ts';
import { drawHatPatch, hats } from './loopy-hats.ts';
import { drawSpectrePatch, spectres } from './loopy-spectres.ts';
import { drawP2KitePatch, drawP3ThickPatch, penroseP2Kite, penroseP3Thick } from './loopy-penrose.ts';

/** Builds a grid's dots and faces, faces in the order of a Loopy game ID's clues. */
export type TilingBuilder = (width: number, height: number, patch?: string) => RawTiling;

export interface TilingEntry {
  readonly build: TilingBuilder;
  /** Loopy's number for the grid type (the T of `WxHtT:...`). */
  readonly loopyType: number;
  /** What people call it. */
  readonly title: string;
  /** Whether a game ID gives a grid description (its patch) before the clues: Loopy's triangular, Penrose, hat and spectre grids. */
  readonly patch?: 'optional' | 'required';
  /** What a required grid description looks like, for messages (`G<x>,<y>,<angle>`). */
  readonly patchForm?: string;
  /** Loopy's smallest sizes: width and height at least `least`, and one of them at least `oneAtLeast`. */
  readonly least: number;
  readonly oneAtLeast: number;
  /** A grid that the sgt-loopy Debian ships (20230122) does not have: Loopy's IDs of it come from later versions. */
  readonly newerLoopy?: boolean;
  /** A grid whose patch is required: draws one for a new puzzle (`int(min, max)`: a whole number in [min, max]). */
  readonly drawPatch?: (width: number, height: number, int: (min: number, max: number) => number) => string;
}

// Named as Loopy's grid.h names them; in the order of Loopy's grid type numbers. The square grid is a puzzle with no tiling.
export const TILINGS: Readonly<Record<string, TilingEntry>> = {
  triangular: { build: triangular, loopyType: 1, title: 'triangular', least: 3, oneAtLeast: 3, patch: 'optional' },
  honeycomb: { build: honeycomb, loopyType: 2, title: 'honeycomb', least: 3, oneAtLeast: 3 },
  snubsquare: { build: snubsquare, loopyType: 3, title: 'snub square', least: 3, oneAtLeast: 3 },
  cairo: { build: cairo, loopyType: 4, title: 'Cairo', least: 3, oneAtLeast: 4 },
  greathexagonal: { build: greathexagonal, loopyType: 5, title: 'great hexagonal', least: 3, oneAtLeast: 3 },
  octagonal: { build: octagonal, loopyType: 6, title: 'octagonal', least: 3, oneAtLeast: 3 },
  kites: { build: kites, loopyType: 7, title: 'kites', least: 3, oneAtLeast: 3 },
  floret: { build: floret, loopyType: 8, title: 'floret', least: 1, oneAtLeast: 2 },
  dodecagonal: { build: dodecagonal, loopyType: 9, title: 'dodecagonal', least: 2, oneAtLeast: 2 },
  greatdodecagonal: { build: greatdodecagonal, loopyType: 10, title: 'great dodecagonal', least: 2, oneAtLeast: 2 },
  penrose_p2_kite: { build: penroseP2Kite, loopyType: 11, title: 'Penrose kite/dart', least: 3, oneAtLeast: 3, patch: 'required', patchForm: 'G<x>,<y>,<angle>', drawPatch: drawP2KitePatch },
  penrose_p3_thick: { build: penroseP3Thick, loopyType: 12, title: 'Penrose rhomb', least: 3, oneAtLeast: 3, patch: 'required', patchForm: 'G<x>,<y>,<angle>', drawPatch: drawP3ThickPatch },
  greatgreatdodecagonal: { build: greatgreatdodecagonal, loopyType: 13, title: 'great-great dodecagonal', least: 2, oneAtLeast: 2 },
  kagome: { build: kagome, loopyType: 14, title: 'kagome', least: 3, oneAtLeast: 3 },
  compassdodecagonal: { build: compassdodecagonal, loopyType: 15, title: 'compass dodecagonal', least: 2, oneAtLeast: 2 },
  hats: { build: hats, loopyType: 16, title: 'hat', least: 6, oneAtLeast: 6, patch: 'required', patchForm: '<kite>,<hat>,<metatile>,...,<H|T|P|F>', newerLoopy: true, drawPatch: drawHatPatch },
  spectres: { build: spectres, loopyType: 17, title: 'spectre', least: 6, oneAtLeast: 6, patch: 'required', patchForm: '<turn><digits><G|D|J|L|X|P|S|F|Y>', newerLoopy: true, drawPatch: drawSpectrePatch },
};

/** The grids other than the square one that the Loopy Debian ships (sgt-puzzles 20230122) plays: all but the newer ones. */
export const DEBIAN_LOOPY_TILINGS: readonly string[] = Object.keys(TILINGS).filter((name) => !TILINGS[name].newerLoopy);

/** A tiling's name by Loopy's grid type number (0, the square grid, has none). */
export function tilingByLoopyType(type: number): string | undefined {
  return Object.keys(TILINGS).find((name) => TILINGS[name].loopyType === type);
}

/** What is wrong with a tiling's size by Loopy's limits, as a sentence, or null. */
export function tilingSizeProblem(type: string, width: number, height: number): string | null {
  const entry = TILINGS[type];
  if (width < entry.least || height < entry.least) return `width and height of a ${entry.title} grid must both be at least ${entry.least}`;
  if (width < entry.oneAtLeast && height < entry.oneAtLeast) return `width or height of a ${entry.title} grid must be at least ${entry.oneAtLeast}`;
  return null;
}

/** The builder of a tiling by name; a PuzzleError naming the known ones for any other. */
export function tilingBuilder(type: string): TilingBuilder {
  const entry = Object.hasOwn(TILINGS, type) ? TILINGS[type] : undefined;
  if (!entry) throw new PuzzleError(`unknown grid '${type}' (known: square, ${Object.keys(TILINGS).join(', ')})`);
  return entry.build;
}
