// Every loop a cdcl-loop search finds, one blocking clause after another: the tests of both cores use it to
// check that the blocking clauses lose no loop and find none twice.
import assert from 'node:assert/strict';
import { createLoopSearch, type LoopSearchOptions } from '../../encodings/backends/cdcl/loop-search.ts';
import type { Puzzle } from '../../encodings/grid.ts';
import { verify } from '../../encodings/verify.ts';

/** The loops as edge keys, sorted; each verified. */
export function enumerateLoops(puzzle: Puzzle, options: LoopSearchOptions): string[] {
  const search = createLoopSearch(puzzle, options);
  const found: string[] = [];
  while (search.solve(performance.now() + 60_000) === 'sat') {
    const on = search.model();
    assert.deepEqual(verify(puzzle, { rows: puzzle.rows, cols: puzzle.cols, on }), { valid: true });
    found.push(on.join(''));
    search.block(on);
  }
  return found.sort();
}
