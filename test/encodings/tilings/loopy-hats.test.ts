// Loopy's hat grid (t16), which came after the sgt-loopy Debian ships: game IDs that a newer Loopy printed, read and
// written back byte for byte, with the counts of Loopy's own grid of each; the shape every hat grid must have; the
// patch read as Loopy reads it; puzzles solved alike by several back-ends; the JSON and SVG forms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLoopy, writeLoopy } from '../../../encodings/formats/loopy.ts';
import { gridOf } from '../../../encodings/grid.ts';
import { PuzzleError } from '../../../encodings/errors.ts';
import { readHatPatch } from '../../../encodings/tilings/loopy-hats.ts';
import { listBackends } from '../../../encodings/registry.ts';
import { puzzleAssertions } from '../../../encodings/backends/smt/z3-model.ts';
import { verify } from '../../../encodings/verify.ts';
import { drawnPatches, facesJoinUp, jsonAndSvgHold, sameLoopEverywhere } from '../../helpers/loopy-ids.ts';

// Printed by Loopy built from Simon Tatham's source of 2023 and later (`--generate` at difficulties e, n, h), each
// with the faces, dots and edges of Loopy's own grid for it.
const IDS: readonly [id: string, faces: number, dots: number, edges: number][] = [
  ['6x6t16:3,3,1,8,H_b8d9409b9a', 15, 125, 139],
  ['6x6t16:6,1,4,4,P_a72aA92aC089c3', 16, 130, 145],
  ['8x8t16:3,3,1,8,1,F_a0Ca8c9dA2d0a9Bb68e', 32, 245, 276],
  ['8x8t16:3,2,1,12,0,P_cC675aCeCaD7a9685a0600d39b', 36, 267, 302],
  ['12x10t16:3,3,1,8,1,F_9a7Cc8ACa4a8a57e3c2bD596a7A9a9bACa458B7a89a6e7Ad8bB', 69, 493, 561],
  ['12x10t16:5,0,1,8,9,H_94a7aAbAa4c7aBaAa9dD8a0d4b6b7aBgC9b0BAb60c3bDa', 68, 483, 550],
  [
    '20x20t16:3,3,1,8,1,10,9,H_CDcCaAaAa7dAa5a8C3a7779a8bA884833c0a5aCcAC6b8dAc8a7A7aAC5aC949a8CCb67a9aAb9Ad69b8Be7a927a6Cc76a999c7cBa177b4a28AaCAa8aCf75dBaC78Cb8a5887AcACa9a89bAa76b9a8c8c8Aa8c82257dCa8b5a9A87c69975BdAdA7a9b8b2Ba',
    264, 1727, 1990,
  ],
];

/** Twice the signed area of a polygon. */
const area2 = (corners: readonly (readonly [number, number])[]) =>
  corners.reduce((sum, [x, y], k) => {
    const [nx, ny] = corners[(k + 1) % corners.length];
    return sum + x * ny - nx * y;
  }, 0);

test("hat game IDs read, write back byte for byte, and have Loopy's numbers of faces, dots and edges", () => {
  for (const [id, faces, dots, edges] of IDS) {
    const puzzle = readLoopy(id);
    assert.equal(writeLoopy(puzzle), id);
    assert.equal(puzzle.tiling?.type, 'hats');
    const grid = gridOf(puzzle);
    assert.deepEqual([grid.faceCount, grid.vertexCount, grid.edgeCount], [faces, dots, edges], id);
  }
});

test('a hat grid is a connected planar patch of hats: 14 corners each, all of one area, all walked the same way round', () => {
  for (const [id] of IDS) {
    const grid = gridOf(readLoopy(id));
    assert.equal(grid.vertexCount - grid.edgeCount + grid.faceCount, 1, `${id}: V - E + F = 1`);
    const areas = new Set<number>();
    for (let face = 0; face < grid.faceCount; face++) {
      assert.equal(grid.edgesOfFace(face).length, 14, `${id}: face ${face}`);
      // Every hat is the same tile (some mirrored), drawn through one linear map: one area, and one sign.
      areas.add(area2(grid.verticesOfFace(face).map((v) => grid.vertexPoint(v))));
    }
    assert.equal(areas.size, 1, `${id}: faces of ${areas.size} different areas`);
    facesJoinUp(grid, id);
  }
});

test('a hat patch is read as Loopy reads it, and a wrong one is refused saying why', () => {
  const refused = (text: string, pattern: RegExp) => assert.throws(() => readLoopy(text), (error: unknown) => error instanceof PuzzleError && pattern.test(error.message));
  refused('6x6t16:3,3,1,8_a', /numbers each followed by ',' and then H, T, P or F/);
  refused('6x6t16:3,3,H_a', /needs at least three numbers/);
  refused('6x6t16:8,3,1,8,H_a', /kite number 8 .* is not one of a hat's 8 kites/);
  refused('6x6t16:3,3,1,13,H_a', /metatile H .* has no part number 13 \(it has 13\)/);
  // Part 1 of a T is a P, which has two hats.
  refused('6x6t16:3,2,1,T_a', /metatile P .* has no hat number 2 \(it has 2\)/);
  refused('6x6t16:3,3,1,8,H_b8d9409b9aa', /goes past the 15 faces/);
  // A short patch is grown the way Loopy grows it (each metatile the first place it can have in a larger one).
  assert.equal(readHatPatch('0,0,0,H').length, 4);
  assert.equal(gridOf({ rows: 6, cols: 6, tiling: { type: 'hats', width: 6, height: 6, patch: '0,0,0,H' } }).faceCount, 15);
});

test('a drawn hat patch is one Loopy accepts, the same for the same draws', () => {
  for (const patch of drawnPatches('hats')) assert.match(patch, /^(\d{1,2},){3,}[HTPF]$/);
});

// sat-lazy and glpk-cuts among them: a hat's 14 edges are more than the count rules of their models once took, and
// two hats can share two edges.
test('hat puzzles: auto, cpsat-circuit, sat-lazy, glpk-cuts and rules each find the one loop, the same, and it passes the verifier', async (t) => {
  await sameLoopEverywhere(t, ['auto', 'cpsat-circuit', 'sat-lazy', 'glpk-cuts', 'rules'], IDS.slice(0, 4).map(([id]) => id));
});

// A clue of 5 to 9 on a 14-edge hat would take thousands of clauses; Z3's wasm failed on the 20x20 puzzle's 34 MB of them.
test('z3-lazy on a 20x20 hat puzzle: clue counts past its clause bound go to Z3 as pbeq, and the one loop passes the verifier', async (t) => {
  const backend = (await listBackends()).find((b) => b.name === 'z3-lazy')!;
  const availability = await backend.available();
  if (!availability.available) return t.skip(`z3-lazy: ${availability.reason}`);
  const puzzle = readLoopy(IDS[6][0]);
  const model = puzzleAssertions(puzzle, 'clauses');
  assert.ok(model.text.includes('pbeq'), 'some hat clue stated as pbeq');
  assert.ok(model.count < 10_000, `${model.count} assertions`);
  const result = await backend.solve(puzzle, { timeoutMs: 120_000, unique: true, seed: 1, params: {} });
  assert.equal(result.status, 'solved', result.message ?? '');
  assert.deepEqual(verify(puzzle, result.solution!), { valid: true });
  assert.equal(result.unique, true);
});

test('a hat puzzle round-trips through JSON and is drawn as SVG, every face and clue', () => {
  jsonAndSvgHold(IDS[2][0]);
});
