// The checker on real proofs: cdcl-loop's and auto's "unique" and "no loop" answers on samples of the built-in
// sets come with proofs it verifies; mutants of those proofs (a step dropped, a literal flipped, a lemma
// weakened into a false one, the claim moved to another puzzle) are rejected at a step, or, where the mutant
// still holds, claim only what the exact oracle confirms.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readPuzzleLines } from '../../../datasets/builtin.ts';
import { checkProof, checkStep, describeResult } from '../../../encodings/certify/check.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { gridOf, makePuzzle, withClues, type Clue, type Puzzle } from '../../../encodings/grid.ts';
import { solveExactly } from '../../../encodings/oracle.ts';
import { getBackend } from '../../../encodings/registry.ts';

function sample(set: string, count: number): { id: string; puzzle: Puzzle }[] {
  const text = readFileSync(new URL(`../../../datasets/${set}/puzzles.txt`, import.meta.url), 'utf8');
  return readPuzzleLines(text).slice(0, count).map(({ id, puzzle }) => ({ id, puzzle: parsePuzzle(puzzle, id).puzzle }));
}

async function certified(name: 'cdcl-loop' | 'auto', puzzle: Puzzle) {
  const backend = await getBackend(name);
  await backend.prepare?.();
  return backend.solve(puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params: {}, certify: true });
}

test('cdcl-loop and auto: every unique and no-loop answer on samples of the built-in sets has a proof that verifies', async () => {
  const puzzles = [...sample('gen-5x5', 2), ...sample('gen-10x10-minimal', 2), ...sample('gen-15x15-hard', 1), ...sample('unsat', 2)];
  for (const name of ['cdcl-loop', 'auto'] as const) {
    for (const { id, puzzle } of puzzles) {
      const result = await certified(name, puzzle);
      assert.ok(result.status === 'unsat' || result.unique === true, `${name} ${id}: ${result.status} ${result.unique}`);
      assert.ok(result.proof, `${name} ${id}: a proof`);
      const checked = checkProof(puzzle, result.proof!);
      assert.ok(checked.verified, `${name} ${id}: ${describeResult(checked)}`);
      assert.equal(checked.claim.kind, result.status === 'unsat' ? 'unsat' : 'unique', `${name} ${id}`);
      if (checked.claim.kind === 'unique') assert.deepEqual(checked.claim.loop.on, result.solution!.on, `${name} ${id}: the claimed loop is the answer`);
    }
  }
});

test('a real proof held against a puzzle with one clue taken out, which has two loops, is rejected', async () => {
  // Taking clues out of a unique 5x5 until it has a second loop: the old proof must fail on the new puzzle.
  for (const { id, puzzle } of sample('gen-5x5', 3)) {
    const proof = (await certified('cdcl-loop', puzzle)).proof!;
    let weaker = puzzle;
    for (let cell = 0; cell < puzzle.clues.length && solveExactly(weaker, 2).count < 2; cell++) {
      weaker = makePuzzle(puzzle.rows, puzzle.cols, weaker.clues.map((c, i) => (i === cell ? null : c)));
    }
    assert.equal(solveExactly(weaker, 2).count, 2, `${id}: a weaker puzzle with two loops`);
    const checked = checkProof(weaker, proof);
    assert.equal(checked.verified, false, `${id}: ${describeResult(checked)}`);
  }
});

test('random mutants of real proofs are rejected at a step, or claim only what is true', async () => {
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const tally = { dropped: 0, flipped: 0, rejected: 0, held: 0, lemmasRejected: 0, lemmaMutantsRejected: 0 };
  for (const { id, puzzle } of sample('gen-5x5', 4)) {
    const proof = (await certified('cdcl-loop', puzzle)).proof!;
    const lines = proof.trimEnd().split('\n');
    const solutions = solveExactly(puzzle, 1000).solutions.map((s) => s.on);
    const steps = lines.map((line, i) => i).filter((i) => i >= 2 && !lines[i].startsWith('c'));
    // Half the mutants are of lemmas: a proof trimmed to what its empty clause needs holds few beside its learnt
    // clauses. A needed lemma mutated is mostly refused at a learnt clause it no longer gives, met first going back.
    const lemmas = steps.filter((i) => /^[wyxr] /.test(lines[i]));
    for (let k = 0; k < 60; k++) {
      const from = lemmas.length > 0 && rand() < 0.5 ? lemmas : steps;
      const at = from[Math.floor(rand() * from.length)];
      const tokens = lines[at].split(' ');
      const numbers = tokens.map((t, i) => i).filter((i) => /^-?[1-9]\d*$/.test(tokens[i]) && i < tokens.indexOf('0', /^[a-z]$/.test(tokens[0]) ? 1 : 0));
      const mutant = [...lines];
      if (numbers.length === 0 || rand() < 0.4) {
        mutant.splice(at, 1);
        tally.dropped++;
      } else {
        const i = numbers[Math.floor(rand() * numbers.length)];
        mutant[at] = tokens.map((t, j) => (j === i ? String(-Number(t)) : t)).join(' ');
        tally.flipped++;
      }
      const result = checkProof(puzzle, mutant.join('\n'));
      if (!result.verified) {
        tally.rejected++;
        if (/lemma/.test(result.kind)) tally.lemmasRejected++;
        if (/^[wyxr] /.test(lines[at])) tally.lemmaMutantsRejected++;
        assert.ok(result.line >= 1 && result.line <= lines.length + 1, describeResult(result));
        continue;
      }
      // Accepted: still a proof of a true claim (a dropped step that was not needed, a flip that left a true clause).
      tally.held++;
      const loop = result.claim.kind === 'unique' ? result.claim.loop.on : null;
      assert.ok(solutions.every((on) => loop !== null && on.every((bit, e) => bit === loop[e])), `${id}: a verified mutant claims what is false`);
    }
  }
  assert.ok(tally.rejected >= 100 && tally.lemmaMutantsRejected >= 50, JSON.stringify(tally));
});

test('a forged learnt clause in a real proof is rejected where the empty clause needs it, and left unchecked where not', async () => {
  // "One of these two edges off the loop is on": false of the loop, and not implied by the base. Put right after
  // the claim, it is either used by a later step (then checked there, and refused) or never used (then never
  // checked: the proof verifies, with the same clauses checked as without it).
  const { puzzle } = sample('gen-10x10-minimal', 1)[0];
  const result = await certified('cdcl-loop', puzzle);
  const lines = result.proof!.trimEnd().split('\n');
  const plain = checkProof(puzzle, result.proof!);
  assert.ok(plain.verified, describeResult(plain));
  const checkedCount = (r: typeof plain) => (r.verified ? Object.values(r.checked).reduce((a, b) => a + b, 0) : -1);
  assert.ok(checkedCount(plain) < lines.length - 3, 'some steps of a real proof are not needed');
  const off = [...result.solution!.on.keys()].filter((e) => !result.solution!.on[e]);
  const tally = { refused: 0, unchecked: 0 };
  for (let i = 0; i + 7 < off.length && i < 40; i++) {
    const forged = `${off[i] + 1} ${off[i + 7] + 1} 0`;
    if (checkStep(puzzle, forged) === null) continue;
    const mutant = checkProof(puzzle, [...lines.slice(0, 2), forged, ...lines.slice(2)].join('\n'));
    if (!mutant.verified) {
      assert.deepEqual([mutant.line, mutant.kind], [3, 'learnt clause'], describeResult(mutant));
      tally.refused++;
      continue;
    }
    assert.equal(mutant.steps['learnt clause'], plain.steps['learnt clause'] + 1);
    assert.equal(checkedCount(mutant), checkedCount(plain), describeResult(mutant));
    assert.deepEqual(mutant.claim, plain.claim);
    tally.unchecked++;
  }
  assert.ok(tally.refused >= 5 && tally.unchecked >= 5, JSON.stringify(tally));
});

test('weakening a real lemma into a false one is rejected at that lemma', async () => {
  // Each lemma of a real proof with its literals beyond the first two dropped is often no longer implied;
  // whenever the checker still accepts the shortened lemma, every solution satisfies it.
  let rejected = 0;
  for (const { puzzle } of sample('gen-5x5', 4)) {
    const proof = (await certified('cdcl-loop', puzzle)).proof!;
    const lines = proof.trimEnd().split('\n');
    const solutions = solveExactly(puzzle, 1000).solutions.map((s) => s.on);
    for (let at = 2; at < lines.length; at++) {
      if (!/^[yxw] /.test(lines[at])) continue;
      const tokens = lines[at].split(' ');
      const literals = tokens.slice(1, tokens.indexOf('0', 1)).slice(0, 2);
      const shortened = `${tokens[0]} ${literals.join(' ')} 0`;
      // A lemma is tested on the puzzle alone: its own test, as a proof runs it when the empty clause needs it.
      if (checkStep(puzzle, shortened) !== null) {
        rejected++;
        continue;
      }
      for (const on of solutions) {
        assert.ok(literals.some((x) => (Number(x) > 0 ? on[Number(x) - 1] === 1 : on[-Number(x) - 1] === 0)), `'${shortened}' accepted but false`);
      }
    }
  }
  assert.ok(rejected >= 15, `${rejected} shortened lemmas rejected`);
});

test('on other grids, real proofs held against every one-clue variant of their puzzle verify only what is true', async () => {
  // Each of Loopy's other grids, a small puzzle of each (loopy-grids-7x7 holds 7x7s; the exact oracle lists these).
  const ids = ['4x4t1:0_c0a1a21b2d022b020c212c1a2', '4x4t2:0b42a5a31a23c', '4x4t4:3a343a24c3b4a23d00', '4x4t6:0a2a2a0b5b63a3a3c3150', '5x5t12:G445,2265,108_3a0b3a2', '4x4t14:a2d3c24d0a151b00c2a2b1a2b02a13125'];
  const tally = { variants: 0, verified: 0 };
  for (const id of ids) {
    const puzzle = parsePuzzle(id).puzzle;
    const grid = gridOf(puzzle);
    for (const name of ['cdcl-loop', 'auto'] as const) {
      const proof = (await certified(name, puzzle)).proof!;
      assert.ok(checkProof(puzzle, proof).verified, `${name} ${id}: its own puzzle`);
      for (let face = 0; face < grid.faceCount; face++) {
        for (const value of [null, ...Array.from({ length: grid.edgesOfFace(face).length + 1 }, (_, v) => v)] as Clue[]) {
          if (value === puzzle.clues[face]) continue;
          const variant = withClues(puzzle, puzzle.clues.map((c, i) => (i === face ? value : c)));
          tally.variants++;
          const checked = checkProof(variant, proof);
          if (!checked.verified) continue;
          tally.verified++;
          const truth = solveExactly(variant, 2);
          if (checked.claim.kind === 'unsat') assert.equal(truth.count, 0, `${name} ${id} face ${face} = ${value}: no loop claimed`);
          else assert.deepEqual([truth.count, truth.solutions[0]?.on], [1, checked.claim.loop.on], `${name} ${id} face ${face} = ${value}: the claimed loop is the only one`);
        }
      }
    }
  }
  // Removing a clue often leaves the loop unique: some variants verify, and most changed values cannot.
  assert.ok(tally.verified > 0 && tally.verified < tally.variants / 2, JSON.stringify(tally));
});
