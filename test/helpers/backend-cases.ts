// Shared cases for the back-end tests: a puzzle in, a verified loop (or unsat) out, for any back-end.
// Each back-end family has its own test file, so that each runs in its own process.
import { existsSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { parsePuzzle, readJankoPuzzles } from '../../encodings/formats/index.ts';
import { gridOf, makePuzzle, withFixedEdges, type Puzzle } from '../../encodings/grid.ts';
import { getBackend } from '../../encodings/registry.ts';
import { verify } from '../../encodings/verify.ts';
import { solveWithBackend } from '../../runners/harness/solving/pipeline.ts';
import { type RunResult } from '../../runners/harness/solving/run-result.ts';

export const JANKO = new URL('../../../shared/datasets/janko/Slitherlink_puzzles.json', import.meta.url);

const puzzle = (text: string) => parsePuzzle(text).puzzle;

export async function run(backendName: string, p: Puzzle, unique = true, params: Record<string, string> = {}): Promise<RunResult> {
  const backend = await getBackend(backendName);
  await backend.prepare?.();
  const result = await solveWithBackend(backend, p, { timeoutMs: 60_000, unique, seed: 1, params });
  if (result.solution) assert.deepEqual(verify(p, result.solution), { valid: true });
  return result;
}

/** The cases every back-end must get right; `large` is a puzzle with several loops in its degree+clue models. */
export function backendCases(backendName: string, params: Record<string, string> = {}, large = '5x5t0:3222b2a0c21a1d12b3') {
  return {
    async oneByOne() {
      const four = await run(backendName, puzzle('1 1\n4\n'), true, params);
      assert.equal(four.status, 'solved');
      assert.equal(four.unique, true);
      const blank = await run(backendName, puzzle('1 1\n.\n'), true, params);
      assert.equal(blank.status, 'solved');
      assert.equal(blank.unique, true, 'the unit square is the only loop of a 1x1 grid');
    },
    async noLoopIsNoSolution() {
      assert.equal((await run(backendName, puzzle('3 3\n000\n000\n000\n'), true, params)).status, 'unsat');
      assert.equal((await run(backendName, puzzle('2 2\n3 3\n3 3\n'), true, params)).status, 'unsat');
    },
    async severalSolutions() {
      const r = await run(backendName, puzzle('2 3\n...\n...\n'), true, params);
      assert.equal(r.status, 'solved');
      assert.equal(r.unique, false);
      assert.equal(r.message ?? '', '', 'the pipeline checked the second solution too');
    },
    async uniqueLoop() {
      const p = puzzle(large);
      const r = await run(backendName, p, true, params);
      assert.equal(r.status, 'solved');
      assert.equal(r.unique, true);
      return r;
    },
    async fixedEdges() {
      const blank = makePuzzle(2, 3, new Array(6).fill(null));
      const grid = gridOf(blank);
      const right = grid.verticalEdge(1, 3);
      const r = await run(backendName, withFixedEdges(blank, [{ edge: right, on: true }, { edge: grid.horizontalEdge(0, 0), on: true }]), false, params);
      assert.equal(r.status, 'solved');
      const on = r.solution!.on;
      assert.equal(on[right], 1);
      assert.equal(on[grid.horizontalEdge(0, 0)], 1);
      const clash = withFixedEdges(makePuzzle(1, 1, [4]), [{ edge: 0, on: false }]);
      assert.equal((await run(backendName, clash, false, params)).status, 'unsat');
    },
    async janko(t: TestContext, ids: string[]) {
      if (!existsSync(JANKO)) {
        t.skip('../shared/datasets is absent: janko puzzles not tested');
        return;
      }
      const all = readJankoPuzzles(readFileSync(JANKO, 'utf8'));
      for (const id of ids) {
        const entry = all.find((e) => e.id === id);
        assert.ok(entry, `janko ${id}`);
        const r = await run(backendName, entry.puzzle, true, params);
        assert.equal(r.status, 'solved', `${id}: ${r.message ?? ''}`);
        assert.equal(r.unique, true, id);
      }
    },
  };
}
