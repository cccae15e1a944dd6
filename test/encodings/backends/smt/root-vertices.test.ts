// z3-lazy's rooted cuts stand on one claim: every solution's loop meets rootVertices(puzzle). Held here against
// loops known to be solutions (each puzzle's clues read off its loop, some removed) on every grid; on another grid
// the square grid's corners of a 3 missed honeycomb loops and made z3-lazy answer "unsat" to a unique puzzle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rootVertices } from '../../../../encodings/backends/smt/z3-model.ts';
import { fullClues, Random, randomLoop, withPatch } from '../../../../datasets/generator.ts';
import { gridOf, makePuzzle, makeTiledPuzzle, type Clue } from '../../../../encodings/grid.ts';
import { TILINGS } from '../../../../encodings/tilings/index.ts';

test('every root vertex set meets the loop of a solution, on the square grid and on every other grid', () => {
  for (const type of ['square', ...Object.keys(TILINGS)]) {
    let rooted = 0;
    for (let i = 0; i < 60; i++) {
      const size = 3 + (i % 3);
      const random = new Random(9, size, size, i);
      const tiling = type === 'square' ? undefined : withPatch({ type, width: size, height: size }, random);
      const loop = randomLoop(size, size, random, tiling);
      const keep = random.int(5, 60);
      const clues = fullClues(loop).map((c): Clue => (random.int(0, 99) < keep ? c : null));
      const puzzle = tiling ? makeTiledPuzzle(tiling, clues) : makePuzzle(size, size, clues);
      const grid = gridOf(puzzle);
      const onLoop = new Set<number>();
      loop.on.forEach((bit, e) => bit && grid.verticesOfEdge(e).forEach((v) => onLoop.add(v)));
      const root = rootVertices(puzzle);
      if (root.length > 0) rooted++;
      assert.ok(root.length === 0 || root.some((v) => onLoop.has(v)), `${type} ${size}x${size} #${i}: roots ${root} miss the loop`);
    }
    assert.ok(rooted > 30, `${type}: ${rooted} of 60 puzzles had a root`);
  }
});
