// Every regression case `fuzz` has shrunk (test/fixtures/regressions/, the same JSON that `fuzz` writes to
// DIR/regressions/) run by every back-end with its default options: status, uniqueness and loop must match
// the exact oracle, which must still give the count recorded when the case was found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { solveExactly } from '../../../../encodings/oracle.ts';
import { listBackends } from '../../../../encodings/registry.ts';
import { solutionToKey } from '../../../../encodings/solution.ts';
import { solveWithBackend } from '../../../../runners/harness/solving/pipeline.ts';

const DIR = new URL('../../../fixtures/regressions/', import.meta.url);
const cases = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((file) => {
  const c = JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as { puzzle: { url: string }; oracle: { count: number } };
  return { file, puzzle: parsePuzzle(c.puzzle.url).puzzle, recorded: c.oracle.count };
});

test('the regression folder holds cases, and the oracle still gives each the recorded count', () => {
  assert.ok(cases.length >= 4);
  for (const c of cases) assert.equal(solveExactly(c.puzzle).count, c.recorded, c.file);
});

test('every back-end answers every regression case as the oracle does', async (t) => {
  for (const backend of await listBackends()) {
    const availability = await backend.available();
    if (!availability.available) {
      t.diagnostic(`${backend.name}: skipped, cannot run here (${availability.reason})`);
      continue;
    }
    await t.test(backend.name, async () => {
      await backend.prepare?.();
      for (const c of cases) {
        const truth = solveExactly(c.puzzle);
        const result = await solveWithBackend(backend, c.puzzle, { timeoutMs: 30_000, unique: true, seed: 1, params: {} });
        const where = `${backend.name} on ${c.file}`;
        assert.equal(result.status, truth.count === 0 ? 'unsat' : 'solved', `${where}: ${result.message ?? ''}`);
        if (truth.count > 0) {
          assert.equal(result.unique, truth.count === 1, `${where}: uniqueness`);
          assert.ok(truth.count === 2 || solutionToKey(result.solution!) === solutionToKey(truth.solutions[0]), `${where}: the one loop`);
        }
      }
    });
  }
});
