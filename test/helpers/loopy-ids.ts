// Checks shared by the tests of Loopy's newer grids (hats, spectres), which hold game IDs a newer Loopy printed.
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readLoopy, writeLoopy } from '../../encodings/formats/loopy.ts';
import { readJsonPuzzle, writeJsonPuzzle } from '../../encodings/formats/json.ts';
import { gridOf, type Clue, type Grid } from '../../encodings/grid.ts';
import { TILINGS } from '../../encodings/tilings/index.ts';
import { Random } from '../../datasets/generator.ts';
import { listBackends } from '../../encodings/registry.ts';
import { verify } from '../../encodings/verify.ts';
import { solutionToKey } from '../../encodings/solution.ts';
import { renderSvg } from '../../encodings/render.ts';

/** Each named back-end (skipped, saying so, where it cannot run) solves each ID: solved, unique, verified, and the same loop as the others. */
export async function sameLoopEverywhere(t: TestContext, names: readonly string[], ids: readonly string[]): Promise<void> {
  const all = await listBackends();
  const answers = new Map<string, Set<string>>();
  for (const name of names) {
    const backend = all.find((b) => b.name === name)!;
    const availability = await backend.available();
    if (!availability.available) {
      t.diagnostic(`${name}: ${availability.reason}: skipped`);
      continue;
    }
    await backend.prepare?.();
    for (const id of ids) {
      const puzzle = readLoopy(id);
      const result = await backend.solve(puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params: {} });
      assert.equal(result.status, 'solved', `${name} ${id}: ${result.message ?? ''}`);
      assert.deepEqual(verify(puzzle, result.solution!), { valid: true }, `${name} ${id}`);
      assert.equal(result.unique, true, `${name} ${id}`);
      const seen = answers.get(id) ?? new Set<string>();
      seen.add(solutionToKey(result.solution!));
      answers.set(id, seen);
      assert.equal(seen.size, 1, `${name} ${id}: another loop than the back-ends before it`);
    }
  }
}

/** The ID's puzzle through JSON and back is the same ID, and its SVG draws every clue. */
export function jsonAndSvgHold(id: string): void {
  const puzzle = readLoopy(id);
  const back = readJsonPuzzle(JSON.parse(writeJsonPuzzle(puzzle))).puzzle;
  assert.equal(writeLoopy(back), id);
  assert.deepEqual(back.tiling, puzzle.tiling);
  const svg = renderSvg(puzzle);
  assert.match(svg, /^<svg /);
  const clues = puzzle.clues.filter((clue: Clue) => clue !== null).map(String);
  const drawn = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  assert.deepEqual(drawn.filter((text) => clues.includes(text)).length, clues.length);
}

/** Every edge of the grid on one face or two, and every face reached from the first across shared edges. */
export function facesJoinUp(grid: Grid, id: string): void {
  for (let edge = 0; edge < grid.edgeCount; edge++) assert.ok([1, 2].includes(grid.facesBesideEdge(edge).length), `${id}: edge ${edge}`);
  const seen = new Set([0]);
  const stack = [0];
  while (stack.length) for (const e of grid.edgesOfFace(stack.pop()!)) for (const f of grid.facesBesideEdge(e)) if (!seen.has(f)) seen.add(f), stack.push(f);
  assert.equal(seen.size, grid.faceCount, `${id}: connected`);
}

/** The patches a tiling draws for an 8x8 grid from seeds 1-5: each the same for the same draws, builds a grid, and not all alike. */
export function drawnPatches(type: 'hats' | 'spectres'): string[] {
  const drawPatch = TILINGS[type].drawPatch!;
  const patches: string[] = [];
  for (let seed = 1; seed <= 5; seed++) {
    const draws = () => {
      const random = new Random(seed, 8, 8, 0);
      return (min: number, max: number) => random.int(min, max);
    };
    const patch = drawPatch(8, 8, draws());
    assert.equal(drawPatch(8, 8, draws()), patch);
    assert.ok(gridOf({ rows: 8, cols: 8, tiling: { type, width: 8, height: 8, patch } }).faceCount > 0, patch);
    patches.push(patch);
  }
  assert.ok(new Set(patches).size > 1, 'different draws, different patches');
  return patches;
}
