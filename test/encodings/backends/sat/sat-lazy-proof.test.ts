// sat-lazy certified with CaDiCaL: its "unique" and "no loop" answers on built-in puzzles come with proofs that
// the independent checker verifies; proofs mutated at random are rejected, or (when the mutant still holds)
// mean only what is true of every solution the exact oracle lists.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readPuzzleLines } from '../../../../datasets/builtin.ts';
import { engineAvailability } from '../../../../encodings/backends/sat/engines.ts';
import satLazy from '../../../../encodings/backends/sat/sat-lazy.ts';
import { checkProof, describeResult } from '../../../../encodings/certify/check.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import type { Puzzle } from '../../../../encodings/grid.ts';
import { solveExactly } from '../../../../encodings/oracle.ts';

const cadical = engineAvailability('cadical');
const skip = cadical.available ? false : cadical.reason;

function sample(set: string, count: number): { id: string; puzzle: Puzzle }[] {
  const text = readFileSync(new URL(`../../../../datasets/${set}/puzzles.txt`, import.meta.url), 'utf8');
  return readPuzzleLines(text).slice(0, count).map(({ id, puzzle }) => ({ id, puzzle: parsePuzzle(puzzle, id).puzzle }));
}

const certified = (puzzle: Puzzle) => satLazy.solve(puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params: { engine: 'cadical' }, certify: true });

test('sat-lazy says when it can certify: with CaDiCaL, not with an engine that writes no proof', () => {
  assert.equal(satLazy.certifies!({ engine: 'cadical' }), true);
  assert.match(String(satLazy.certifies!({ engine: 'logic-solver' })), /writes no DRAT proof/);
});

test('sat-lazy with CaDiCaL: every unique and no-loop answer on built-in samples comes with a proof that verifies', { skip }, async () => {
  for (const { id, puzzle } of [...sample('gen-5x5', 3), ...sample('gen-7x7', 2), ...sample('unsat', 2)]) {
    const result = await certified(puzzle);
    assert.ok(result.status === 'unsat' || result.unique === true, `${id}: ${result.status}`);
    assert.ok(result.proof, `${id}: a proof`);
    const checked = checkProof(puzzle, result.proof!);
    assert.ok(checked.verified, `${id}: ${describeResult(checked)}`);
    if (result.status === 'unsat') assert.equal(checked.claim.kind, 'unsat');
    else assert.deepEqual(checked.claim.kind === 'unique' && checked.claim.loop.on, result.solution!.on);
  }
  // Two loops: the answer is the second loop itself, no proof.
  const [multi] = sample('multi', 1);
  const several = await certified(multi.puzzle);
  assert.equal(several.unique, false);
  assert.equal(several.proof, undefined);
});

test('mutants of real proofs are rejected, or hold for every solution', { skip }, async () => {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  let rejected = 0;
  let held = 0;
  for (const { id, puzzle } of sample('gen-5x5', 2)) {
    const proof = (await certified(puzzle)).proof!;
    const lines = proof.trimEnd().split('\n');
    const solutions = solveExactly(puzzle, 1000).solutions.map((s) => s.on);
    for (let k = 0; k < 40; k++) {
      const at = 2 + Math.floor(rand() * (lines.length - 2));
      if (lines[at].startsWith('c')) continue;
      const mutant = [...lines];
      const tokens = lines[at].split(' ');
      const literalAt = tokens.findIndex((t, i) => i > 0 && /^-?[1-9]/.test(t)) + Math.floor(rand() * 2);
      if (rand() < 0.5 || !/^-?[1-9]/.test(tokens[literalAt] ?? '')) mutant.splice(at, 1);
      else mutant[at] = tokens.map((t, i) => (i === literalAt ? String(-Number(t)) : t)).join(' ');
      const result = checkProof(puzzle, mutant.join('\n'));
      if (!result.verified) {
        rejected++;
        continue;
      }
      // Accepted: the mutant must still be a proof of a true claim, each of its clauses true of every other solution.
      held++;
      const loop = result.claim.kind === 'unique' ? result.claim.loop.on : null;
      const isLoop = (on: Uint8Array) => loop !== null && on.every((bit, e) => bit === loop[e]);
      assert.ok(solutions.every(isLoop), `${id}: a verified mutant claims what is false`);
    }
  }
  // Only the steps the empty clause needs are checked, and most of a proof from CaDiCaL is not needed (every
  // clause of its run is listed): most mutants hold, and each must claim only what is true.
  assert.ok(rejected >= 8, `${rejected} mutants rejected, ${held} held`);
});
