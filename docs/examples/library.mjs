// Solve a puzzle with two back-ends, prove it has one loop, check the loop and draw it.
// Run from a project where slitherbench is installed: node library.mjs
import { writeFileSync } from 'node:fs';
import { parsePuzzle, renderSvg, solve, verify } from 'slitherbench';

const puzzle = parsePuzzle('10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b');
for (const backend of ['auto', 'cpsat-circuit']) {
  const result = await solve(puzzle, { backend, unique: true, timeoutMs: 30_000 });
  const verdict = result.solution ? verify(puzzle, result.solution) : { valid: false, reason: result.message };
  console.log(`${backend}: ${result.status}, unique ${result.unique}, ${result.timeMs} ms, loop ${verdict.valid ? 'checked' : `rejected: ${verdict.reason}`}`);
  if (backend === 'auto' && result.solution) writeFileSync('loop.svg', renderSvg(puzzle, result.solution));
}
