// Loopy's spectre grid (t17), which came after the sgt-loopy Debian ships: game IDs that a newer Loopy printed, read
// and written back byte for byte, with the counts of Loopy's own grid of each; the shape every spectre grid must have;
// the patch read as Loopy reads it; puzzles solved alike by several back-ends; the JSON and SVG forms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLoopy, writeLoopy } from '../../../encodings/formats/loopy.ts';
import { gridOf } from '../../../encodings/grid.ts';
import { PuzzleError } from '../../../encodings/errors.ts';
import { readSpectrePatch } from '../../../encodings/tilings/loopy-spectres.ts';
import { drawnPatches, facesJoinUp, jsonAndSvgHold, sameLoopEverywhere } from '../../helpers/loopy-ids.ts';

// Printed by Loopy built from Simon Tatham's source of 2023 and later (`--generate` at difficulties e, n, h), each
// with the faces, dots and edges of Loopy's own grid for it, and a fingerprint of that grid: the FNV-1a hash of its
// faces in order, each as its corners' coordinates in order. They start with each turn parity (1: G's rare spectre)
// and end on five of the nine hexagon kinds.
const IDS: readonly [id: string, faces: number, dots: number, edges: number, fingerprint: number][] = [
  ['6x6t17:00352F_6aA0aD7c59c', 15, 125, 139, 0xea548efd],
  ['6x6t17:1126412S_0c80fBa', 14, 117, 130, 0xc01735fa],
  ['6x6t17:A045113416X_0b037dAb', 13, 107, 119, 0x55a3d79e],
  ['6x6t17:80325D_a23aCb0a0b', 12, 103, 114, 0xf6baf7c3],
  ['10x10t17:8010046G_B8aA7d29Aa7a374096a6Aa6Aa87bAAb5a5b0aCAc3c', 52, 373, 424, 0xef553cae],
  ['12x9t17:203220S_a886AA7bBa67a87C4a75b4DaBAe06b8Ba5aC500f0e', 58, 420, 477, 0x15f5200c],
  [
    '20x20t17:401266467143F_a5aBAa45Ca88A8aB7Cd3c96i79BDaAC8BaB6b774aA94aAAAAAaAb4AaAb4Aa505a7b98aB89cAa66ABe9562Ca7Ca0dC54a596a77aAaB9a9772ABAa7d4c8f06b7aA82c40e6A7AABaBb9Ba945a79580b886a0c0b04b46eAeAaCaAa7Aa10a6a76aDBA6c',
    253, 1666, 1918, 0x6b731735,
  ],
];

/** Twice the signed area of a polygon. */
const area2 = (corners: readonly (readonly [number, number])[]) =>
  corners.reduce((sum, [x, y], k) => {
    const [nx, ny] = corners[(k + 1) % corners.length];
    return sum + x * ny - nx * y;
  }, 0);

/** FNV-1a, 32 bits. */
const fnv = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
};

test("spectre game IDs read, write back byte for byte, and have Loopy's faces, in Loopy's order, with its corners", () => {
  for (const [id, faces, dots, edges, fingerprint] of IDS) {
    const puzzle = readLoopy(id);
    assert.equal(writeLoopy(puzzle), id);
    assert.equal(puzzle.tiling?.type, 'spectres');
    const grid = gridOf(puzzle);
    assert.deepEqual([grid.faceCount, grid.vertexCount, grid.edgeCount], [faces, dots, edges], id);
    const drawn = Array.from({ length: grid.faceCount }, (_, face) => grid.verticesOfFace(face).map((v) => grid.vertexPoint(v).join(',')).join(' '));
    assert.equal(fnv(drawn.join(';')), fingerprint, `${id}: not Loopy's faces, order or corners`);
  }
});

test('a spectre grid is a connected planar patch of spectres: 14 corners each, all of one area, all walked the same way round', () => {
  for (const [id] of IDS) {
    const grid = gridOf(readLoopy(id));
    assert.equal(grid.vertexCount - grid.edgeCount + grid.faceCount, 1, `${id}: V - E + F = 1`);
    const areas: number[] = [];
    for (let face = 0; face < grid.faceCount; face++) {
      assert.equal(grid.edgesOfFace(face).length, 14, `${id}: face ${face}`);
      const corners = grid.verticesOfFace(face).map((v) => grid.vertexPoint(v));
      // All 14 sides are one length, 2 sqrt(2) spectre units of 8; Loopy rounds each sqrt(3) part to a whole unit.
      corners.forEach(([x, y], k) => {
        const [nx, ny] = corners[(k + 1) % 14];
        assert.ok(Math.abs(Math.hypot(nx - x, ny - y) - 16 * Math.SQRT2) < 1.5, `${id}: face ${face} side ${k}`);
      });
      areas.push(area2(corners));
    }
    // Every spectre is the same tile, turned but never mirrored: one area (up to that rounding), one sign.
    const mean = areas.reduce((a, b) => a + b, 0) / areas.length;
    for (const area of areas) assert.ok(Math.abs(area - mean) < Math.abs(mean) * 0.04 && Math.sign(area) === Math.sign(mean), `${id}: area ${area} against ${mean}`);
    facesJoinUp(grid, id);
  }
});

test('a spectre patch is read as Loopy reads it, and a wrong one is refused saying why', () => {
  const refused = (text: string, pattern: RegExp) => assert.throws(() => readLoopy(text), (error: unknown) => error instanceof PuzzleError && pattern.test(error.message));
  refused('6x6t17:C0352F_a', /a turn \(0-9, A or B\), digits and a hexagon letter/);
  refused('6x6t17:00352_a', /a turn \(0-9, A or B\), digits and a hexagon letter/);
  refused('6x6t17:00352Q_a', /'Q' in '00352Q' is not a hexagon kind/);
  refused('6x6t17:0F_a', /needs at least one coordinate/);
  // G expands into seven hexagons (0-6), every other kind into eight.
  refused('6x6t17:0007G_a', /hexagon G .* has no part number 7 \(it has 7\)/);
  refused('6x6t17:0008F_a', /hexagon F .* has no part number 8 \(it has 8\)/);
  // Only G holds two spectres: part 0 of an F is an F.
  refused('6x6t17:010F_a', /hexagon F .* has no spectre number 1 \(it has 1\)/);
  refused('6x6t17:00352F_6aA0aD7c59ca', /goes past the 15 faces/);
  refused('5x6t17:00352F_a', /must both be at least 6/);
  // Read from the top down: part 2 of a G is a G, part 0 of that an F (kind 7), part 2 of that a G, holding spectre 1.
  assert.deepEqual(readSpectrePatch('B1202G'), {
    orientation: 11,
    coords: { spectre: 1, hexes: [{ index: 2, kind: 0 }, { index: 0, kind: 7 }, { index: 2, kind: 0 }, { index: -1, kind: 0 }] },
  });
  // A short patch is grown as Loopy grows it, from its generator seeded with "dummy": Loopy's own faces (fingerprints as above).
  for (const [size, patch, faces, fingerprint] of [[6, '00F', 13, 0x442f3c71], [10, '8002S', 54, 0xb70e62db]] as const) {
    const grid = gridOf({ rows: size, cols: size, tiling: { type: 'spectres', width: size, height: size, patch } });
    assert.equal(grid.faceCount, faces, patch);
    const drawn = Array.from({ length: grid.faceCount }, (_, face) => grid.verticesOfFace(face).map((v) => grid.vertexPoint(v).join(',')).join(' '));
    assert.equal(fnv(drawn.join(';')), fingerprint, patch);
  }
});

test('a drawn spectre patch is one Loopy accepts, the same for the same draws', () => {
  for (const patch of drawnPatches('spectres')) {
    assert.match(patch, /^[0-9AB]\d{2,}[GDJLXPSFY]$/);
    // G's rare spectre (1) is turned by an odd number of twelfths, every other by an even number.
    assert.equal(parseInt(patch[0], 12) % 2, Number(patch[1]), patch);
  }
});

test('spectre puzzles: auto, cpsat-circuit, sat-lazy, glpk-cuts and rules each find the one loop, the same, and it passes the verifier', async (t) => {
  await sameLoopEverywhere(t, ['auto', 'cpsat-circuit', 'sat-lazy', 'glpk-cuts', 'rules'], IDS.slice(0, 6).map(([id]) => id));
});

test('a spectre puzzle round-trips through JSON and is drawn as SVG, every face and clue', () => {
  jsonAndSvgHold(IDS[4][0]);
});
