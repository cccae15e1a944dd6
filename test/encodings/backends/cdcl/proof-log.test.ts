// The proofs cdcl-loop's wasm core writes: on a sample of the built-in sets every unique and no-loop answer
// comes with a proof the independent checker verifies, for the loop the search found; writing the proof
// leaves the search as it was (the same counters); and the core's records read as the format's lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadDataset } from '../../../../datasets/load.ts';
import { checkProof, describeResult } from '../../../../encodings/certify/check.ts';
import { createLoopSearch, Portfolio, proofOf, type LoopSearchOptions } from '../../../../encodings/backends/cdcl/loop-search.ts';
import { ProofLog } from '../../../../encodings/backends/cdcl/proof-log.ts';
import { CONNECTIVITY } from '../../../../encodings/backends/cdcl/loop-propagator.ts';
import type { Puzzle } from '../../../../encodings/grid.ts';

const OPTIONS: LoopSearchOptions = { corners: true, connectivity: 'blocks', core: 'wasm', seed: 1 };

/** One search of the puzzle as given, with or without a proof: the outcome, the counters and the proof. */
function search(puzzle: Puzzle, options: LoopSearchOptions, proof: boolean) {
  const loopSearch = createLoopSearch(puzzle, options, undefined, proof);
  const portfolio = new Portfolio(loopSearch);
  const outcome = portfolio.run(puzzle, performance.now() + 60_000, true);
  return { outcome, counters: loopSearch.counters(), proof: proof ? proofOf(loopSearch, puzzle, outcome) : undefined };
}

// Every set the proofs must cover has a few puzzles here: no loop, several loops, unique ones that need search.
const SAMPLE: [string, number][] = [
  ['unsat', 8],
  ['multi', 2],
  ['gen-5x5', 3],
  ['gen-10x10-minimal', 3],
  ['loopy-10x10-hard', 2],
  ['gen-15x15-hard', 2],
  ['gen-20x20-fully-minimal', 1],
  ['loopy-25x30-hard', 1],
];

test('every unique and no-loop answer on a sample of the built-in sets comes with a proof the checker verifies', () => {
  const kinds = new Set<string>();
  for (const [name, count] of SAMPLE) {
    for (const { id, puzzle } of loadDataset(name).instances.slice(0, count)) {
      const where = `${name} ${id}`;
      const { outcome, proof } = search(puzzle, OPTIONS, true);
      if (outcome.unique === false) {
        assert.equal(proof, undefined, `${where}: two loops need no proof`);
        continue;
      }
      assert.ok(proof, `${where}: ${outcome.status} without a proof`);
      const verdict = checkProof(puzzle, proof);
      assert.ok(verdict.verified, `${where}: ${describeResult(verdict)}`);
      if (outcome.status === 'unsat') assert.equal(verdict.claim.kind, 'unsat', where);
      else {
        assert.equal(verdict.claim.kind, 'unique', where);
        if (verdict.claim.kind === 'unique') assert.deepEqual([...verdict.claim.loop.on], [...outcome.solution!.on], where);
      }
      for (const [kind, n] of Object.entries(verdict.steps)) if (n > 0) kinds.add(kind);
    }
  }
  // The sample exercises every kind of step the core writes (its corner rules' pair clauses and units follow from
  // a clue alone, which the checker's base propagates: it writes no window lemma).
  for (const kind of ['cycle lemma', 'cut lemma', 'learnt clause', 'blocking clause']) assert.ok(kinds.has(kind), `no ${kind} in the sample's proofs`);
});

test('each connectivity level writes proofs the checker verifies', () => {
  const puzzle = loadDataset('gen-15x15-hard').instances[2].puzzle;
  for (const connectivity of CONNECTIVITY) {
    const { proof } = search(puzzle, { ...OPTIONS, connectivity }, true);
    const verdict = checkProof(puzzle, proof!);
    assert.ok(verdict.verified, `connectivity=${connectivity}: ${describeResult(verdict)}`);
  }
});

test('the proof holds only what its empty clause needs: no deletion, and nearly every learnt clause is checked', () => {
  // The checker checks the learnt clauses its empty clause needs; a search's whole log (its clauses as learnt,
  // with deletions) had about three in five of them checked on these puzzles, the trimmed proof nine in ten.
  let given = 0;
  let checked = 0;
  for (const { id, puzzle } of [...loadDataset('gen-15x15-hard').instances.slice(0, 3), ...loadDataset('gen-20x20-fully-minimal').instances.slice(0, 1)]) {
    const { proof } = search(puzzle, OPTIONS, true);
    const verdict = checkProof(puzzle, proof!);
    assert.ok(verdict.verified, `${id}: ${describeResult(verdict)}`);
    assert.equal(verdict.steps.deletion, 0, `${id}: no deletion`);
    given += verdict.steps['learnt clause'];
    checked += verdict.checked['learnt clause'];
  }
  assert.ok(checked >= 0.8 * given, `${checked} of ${given} learnt clauses checked`);
});

test('writing the proof leaves the search as it was: the same answer and counters', () => {
  for (const { id, puzzle } of loadDataset('gen-15x15-hard').instances.slice(0, 3)) {
    const without = search(puzzle, OPTIONS, false);
    const withProof = search(puzzle, OPTIONS, true);
    assert.equal(withProof.outcome.status, without.outcome.status, id);
    assert.deepEqual([...withProof.counters], [...without.counters], id);
  }
});

test("the core's records read as the format's lines", () => {
  const log = new ProofLog({ rows: 3, cols: 3 });
  // A learnt clause (edge 0 on, edge 2 off), a cut lemma with its set and hinge, a deletion, the empty clause.
  log.append(Int32Array.from([1, 2, 0, 5, 5, 2, 3, 8, 4, 2, 10, 11, 2, 2, 0, 5, 7, 0]));
  const text = log.text({ rows: 3, cols: 3 }, { kind: 'unique', loop: Uint8Array.from([1, 1, 1, 1]) });
  assert.equal(text, 'p slitherlink-proof 1 3 3\nclaim unique 1 2 3 4 0\n1 -3 0\nx -2 5 0 11 12 0 5\nd 1 -3 0\n0\n');
});
