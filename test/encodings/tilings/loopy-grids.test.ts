// Loopy's grids built by encodings/tilings/: the shape of each (a planar patch of simple faces), its game IDs
// read and written back byte for byte, and its geometry against Loopy's own drawing of the same ID.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { TILINGS } from '../../../encodings/tilings/index.ts';
import { graphFromFaces } from '../../../encodings/planar-graph.ts';
import { gridOf } from '../../../encodings/grid.ts';
import { readLoopy, writeLoopy } from '../../../encodings/formats/loopy.ts';
import { PuzzleError } from '../../../encodings/errors.ts';
import { findLoopy } from '../../../datasets/loopy.ts';
import { Random } from '../../../datasets/generator.ts';

const loopy = findLoopy();
const needsLoopy = loopy ? undefined : 'sgt-loopy is not installed (npm run setup:system): skipped';
const SIZES = [[3, 3], [4, 6], [7, 5], [10, 10]] as const;

for (const [name, entry] of Object.entries(TILINGS)) {
  test(`${name}: every size is a connected planar patch of simple faces (V - E + F = 1)`, () => {
    for (const [w, h] of SIZES.map(([w, h]) => [Math.max(w, entry.least), Math.max(h, entry.least)])) {
      // Triangular IDs carry Loopy's layout "0"; a Penrose patch is an offset and an angle, and as Loopy's
      // generator does, another is tried when one leaves no face. A hat or spectre patch is drawn as our generator draws one.
      const offsets = Array.from({ length: 40 }, (_, k) => `G${(k * 97) % 1000},${(k * 61) % 900},${(k * 36) % 360}`);
      const drawn = (draw: NonNullable<typeof entry.drawPatch>) =>
        Array.from({ length: 40 }, (_, k) => {
          const random = new Random(k, w, h, 0);
          return draw(w, h, (min, max) => random.int(min, max));
        });
      const required = entry.patchForm?.startsWith('G') || !entry.drawPatch ? offsets : drawn(entry.drawPatch);
      const patches = entry.patch === 'required' ? required : [entry.patch === 'optional' ? '0' : undefined];
      const built = (patch: string | undefined) => {
        try {
          return entry.build(w, h, patch);
        } catch {
          return undefined;
        }
      };
      let raw = built(patches[0]);
      for (let k = 1; !raw && k < patches.length; k++) raw = built(patches[k]);
      assert.ok(raw, `${name} ${w}x${h}: no patch tried gives a face`);
      const graph = graphFromFaces(raw.dots, raw.faces, name);
      assert.equal(graph.vertexCount - graph.edgeCount + graph.faceCount, 1, `${name} ${w}x${h}`);
      assert.equal(new Set(raw.dots.map(([x, y]) => `${x},${y}`)).size, raw.dots.length, 'no two dots at one point');
      // Connected: every face reached from the first across shared edges.
      const seen = new Set([0]);
      const stack = [0];
      while (stack.length) for (const e of graph.faceEdges[stack.pop()!]) for (const f of graph.edgeFaces[e]) if (!seen.has(f)) seen.add(f), stack.push(f);
      assert.equal(seen.size, graph.faceCount);
    }
  });

  // The hat and spectre grids came after the sgt-loopy that Debian ships: loopy-hats.test.ts and loopy-spectres.test.ts
  // beside this file hold their IDs.
  const tooNew = entry.loopyType > 15 ? `sgt-loopy 20230122 has no ${entry.title} grid: skipped` : undefined;
  test(`${name}: Loopy's game IDs read, write back byte for byte, and match Loopy's drawing`, { skip: tooNew ?? needsLoopy }, () => {
    // Smaller than the shape test's: Loopy takes seconds to generate a larger puzzle of some grids.
    for (const [w, h] of [[4, 4], [6, 4], [5, 7]]) {
      const ids = execFileSync(loopy!, ['--generate', '2', `${w}x${h}t${entry.loopyType}de#slitherbench-${name}`], { encoding: 'utf8' }).trim().split('\n');
      for (const id of ids) {
        const puzzle = readLoopy(id);
        assert.equal(writeLoopy(puzzle), id);
        assert.deepEqual(puzzle.tiling?.type, name);
        matchesDrawing(id, puzzle);
      }
    }
  });
}

/**
 * Loopy's PostScript (`--print`) draws each dot as a circle, each edge as a dotted line of small circles and
 * each clue at its face: our dots, mapped by one scale and shift (y flipped), are its dots, each of its edge
 * dots lies on one of our edges and each of our edges has some, and each clue lies inside our face of that clue.
 */
function matchesDrawing(id: string, puzzle: ReturnType<typeof readLoopy>): void {
  const ps = execFileSync(loopy!, ['--print', '1x1'], { input: `${id}\n`, encoding: 'utf8' });
  const circles = [...ps.matchAll(/newpath (-?\d+) (-?\d+) (\d+) 0 360 arc/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
  const dotRadius = Math.max(...circles.map((c) => c[2]));
  const dots = circles.filter((c) => c[2] === dotRadius);
  const edgeDots = circles.filter((c) => c[2] < dotRadius);
  const clues = [...ps.matchAll(/2 div (-?\d+) exch sub (-?\d+) exch moveto pop pop\n\(([^)]*)\)/g)].map((m) => ({ x: Number(m[2]), y: Number(m[1]), text: m[3] }));
  const grid = gridOf(puzzle);
  const ours = Array.from({ length: grid.vertexCount }, (_, v) => grid.vertexPoint(v));
  assert.equal(dots.length, ours.length, `${id}: dots`);
  const span = (values: number[]) => Math.max(...values) - Math.min(...values);
  const scale = span(dots.map((d) => d[0])) / span(ours.map((p) => p[0]));
  const shiftX = Math.min(...dots.map((d) => d[0])) - scale * Math.min(...ours.map((p) => p[0]));
  const shiftY = Math.max(...dots.map((d) => d[1])) + scale * Math.min(...ours.map((p) => p[1]));
  const map = ([x, y]: readonly [number, number]) => [scale * x + shiftX, shiftY - scale * y];
  const tolerance = Math.max(2, scale);
  for (const point of ours) {
    const [x, y] = map(point);
    assert.ok(dots.some(([dx, dy]) => Math.abs(dx - x) <= tolerance && Math.abs(dy - y) <= tolerance), `${id}: no dot of Loopy's at (${x}, ${y})`);
  }
  const segments = Array.from({ length: grid.edgeCount }, (_, e) => grid.verticesOfEdge(e).map((v) => map(grid.vertexPoint(v))));
  const near = ([x, y]: number[], [[ax, ay], [bx, by]]: number[][]) => {
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
    return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= tolerance;
  };
  const covered = new Set<number>();
  for (const dot of edgeDots) {
    const e = segments.findIndex((segment) => near(dot, segment));
    assert.ok(e >= 0, `${id}: Loopy draws an edge through (${dot[0]}, ${dot[1]}), which is on none of ours`);
    covered.add(e);
  }
  assert.equal(covered.size, grid.edgeCount, `${id}: Loopy draws ${covered.size} of our ${grid.edgeCount} edges`);
  const clued = puzzle.clues.flatMap((clue, face) => (clue === null ? [] : [{ face, clue }]));
  assert.equal(clues.length, clued.length, `${id}: clues`);
  clued.forEach(({ face, clue }, k) => {
    assert.equal(clues[k].text, String(clue));
    const corners = grid.verticesOfFace(face).map((v) => map(grid.vertexPoint(v)));
    assert.ok(inside(clues[k].x, clues[k].y, corners), `${id}: clue ${k + 1} (${clue}) is drawn outside face ${face}`);
  });
}

/** Whether a point is inside a simple polygon (even-odd ray crossing). */
function inside(x: number, y: number, corners: number[][]): boolean {
  let result = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const [xi, yi] = corners[i];
    const [xj, yj] = corners[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

test('a game ID of another grid is refused with the place and the reason', () => {
  const refused = (id: string, pattern: RegExp) => assert.throws(() => readLoopy(id), (error: unknown) => error instanceof PuzzleError && pattern.test(error.message));
  refused('4x4t2:0b42a5a31a2', /truncated: it covers 12 of the 16 faces/);
  refused('4x4t2:0b42a5a31a23cc', /goes past the 16 faces/);
  refused('4x4t2:0b47a5a31a23c', /character 10 \('7'\): clue 7 is impossible on face 4, which has 6 edges/);
  refused('4x4t2:0_0b42a5a31a23c', /takes no grid description/);
  refused('4x4t1:1_c0a1a21b2d022b020c212c1a2', /unknown layout '1'/);
  refused('2x2t2:aaaa', /must both be at least 3/);
  refused('4x4t11:G-1,2,3_a', /patch angle 3 is not a multiple of 36/);
  refused('4x4t11:G-99999,2,36_a', /patch offset -99999,2 is out of bounds/);
  refused('4x4t12:a2b', /needs its grid description/);
  refused('4x4t16:0,0,0,H_a', /width and height of a hat grid must both be at least 6/);
  refused('6x6t16:a', /a hat grid needs its grid description/);
  refused('6x6t17:a', /a spectre grid needs its grid description/);
  refused('6x6t18:a', /t18 \(unknown\) is not supported/);
  refused('4x4t2:0b42a5a31a23c!', /not a clue/);
});

test('a triangular ID without a grid description reads as the first layout, and writes back without one', () => {
  // Loopy's own example of its first layout (grid.c).
  const id = '5x5t1:2c2a1a2a201a1a1a1112a1a2b1211f0b21a2a2a0a';
  const puzzle = readLoopy(id);
  assert.equal(puzzle.tiling?.patch, undefined);
  assert.equal(gridOf(puzzle).faceCount, 50);
  assert.equal(writeLoopy(puzzle), id);
});
