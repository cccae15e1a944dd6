// A certified auto takes plain auto's steps, its deduction written into the proof: the stage that answers and the
// edges deduction decides are the same with and without --certify, and the proof verifies, on the square grid
// and Loopy's others. Held against a puzzle with one clue changed or taken out, a proof of deduction's answer
// verifies only what the exact oracle confirms; a cycle lemma of deduction's forged into one whose cycle is the
// solution is rejected, at its line or at a later step that needed the lemma it replaced.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readPuzzleLines } from '../../../../datasets/builtin.ts';
import { checkProof, describeResult } from '../../../../encodings/certify/check.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { gridOf, withClues, type Clue, type Puzzle } from '../../../../encodings/grid.ts';
import { solveExactly } from '../../../../encodings/oracle.ts';
import { getBackend } from '../../../../encodings/registry.ts';

function sample(set: string, from: number, count: number): { id: string; puzzle: Puzzle }[] {
  const text = readFileSync(new URL(`../../../../datasets/${set}/puzzles.txt`, import.meta.url), 'utf8');
  return readPuzzleLines(text).slice(from, from + count).map(({ id, puzzle }) => ({ id: `${set} ${id}`, puzzle: parsePuzzle(puzzle, id).puzzle }));
}

// No time budget for the presolve: trial's deadline would otherwise make the two paths differ on a loaded machine.
const params = { 'trial-ms': 'none' };

async function auto(puzzle: Puzzle, certify: boolean) {
  const backend = await getBackend('auto');
  await backend.prepare?.();
  return backend.solve(puzzle, { timeoutMs: 60_000, unique: true, seed: 1, params, certify });
}

test('certified auto answers by the same steps as plain auto, and its proof verifies', async () => {
  const puzzles = [
    ...sample('loopy-7x7-hard', 0, 4),
    ...sample('gen-5x5', 0, 3),
    ...sample('gen-15x15-hard', 0, 2),
    ...sample('unsat', 0, 2),
    ...sample('unsat', 4, 3),
    ...sample('loopy-grids-7x7', 0, 16),
    ...sample('gen-grids-7x7', 0, 6),
  ];
  const finished = new Map<string, number>();
  for (const { id, puzzle } of puzzles) {
    const plain = await auto(puzzle, false);
    const certified = await auto(puzzle, true);
    // On other grids a certified deduction runs without the corner rules' rings, which write no proof lines yet.
    if (!puzzle.tiling) {
      assert.equal(certified.stats.finishedBy, plain.stats.finishedBy, `${id}: the stage that answers`);
      assert.equal(certified.stats.decidedByRules, plain.stats.decidedByRules, `${id}: the edges deduction decides`);
    }
    assert.deepEqual([certified.status, certified.unique], [plain.status, plain.unique], id);
    assert.ok(certified.proof, `${id}: a proof`);
    const checked = checkProof(puzzle, certified.proof!);
    assert.ok(checked.verified, `${id}: ${describeResult(checked)}`);
    if (checked.claim.kind === 'unique') assert.deepEqual(checked.claim.loop.on, certified.solution!.on, `${id}: the claimed loop is the answer`);
    const way = `${certified.stats.finishedBy} ${certified.status}`;
    finished.set(way, (finished.get(way) ?? 0) + 1);
  }
  // Deduction answers alone (a loop, a contradiction) and hands over to the search, each several times.
  for (const way of ['rules solved', 'rules unsat', 'cdcl-loop solved', 'cdcl-loop unsat']) assert.ok((finished.get(way) ?? 0) >= 2, `${way}: ${JSON.stringify([...finished])}`);
});

/** The puzzle with one more clue, on its first blank cell, that its only loop does not meet: no loop. */
async function withoutLoop(puzzle: Puzzle): Promise<Puzzle> {
  const loop = (await auto(puzzle, false)).solution!.on;
  const cell = puzzle.clues.indexOf(null);
  const count = gridOf(puzzle).edgesOfCell(cell).filter((e) => loop[e]).length;
  return withClues(puzzle, puzzle.clues.map((c, i) => (i === cell ? (count + 1) % 4 : c)));
}

test('a proof of deduction held against every one-clue variant of its puzzle verifies only what is true', async () => {
  // 5x5s (the exact oracle is quick there) that deduction answers alone: two loops (one with trial, one by the
  // corner rules) and two with no loop, made so from others.
  const loops = [...sample('gen-5x5', 5, 2)];
  const none = await Promise.all(sample('gen-5x5', 2, 2).map(async ({ id, puzzle }) => ({ id: `${id} + a clue`, puzzle: await withoutLoop(puzzle) })));
  const tally = { variants: 0, verified: 0, deductionRejected: 0 };
  for (const { id, puzzle } of [...loops, ...none]) {
    const result = await auto(puzzle, true);
    assert.equal(result.stats.finishedBy, 'rules', id);
    const proof = result.proof!;
    for (let cell = 0; cell < puzzle.clues.length; cell++) {
      for (const value of [null, 0, 1, 2, 3, 4] as Clue[]) {
        if (value === puzzle.clues[cell]) continue;
        const variant = withClues(puzzle, puzzle.clues.map((c, i) => (i === cell ? value : c)));
        tally.variants++;
        const checked = checkProof(variant, proof);
        if (!checked.verified) {
          if (checked.kind === 'learnt clause' || checked.kind === 'local lemma' || checked.kind === 'cycle lemma') tally.deductionRejected++;
          continue;
        }
        tally.verified++;
        const truth = solveExactly(variant, 2);
        if (checked.claim.kind === 'unsat') assert.equal(truth.count, 0, `${id} cell ${cell} = ${value}: no loop claimed`);
        else assert.deepEqual([truth.count, truth.solutions[0]?.on], [1, checked.claim.loop.on], `${id} cell ${cell} = ${value}: the claimed loop is the only one`);
      }
    }
  }
  // Many variants fail at a deduction line (an edge the count rules decide has no line of its own: the checker
  // decides it, so a variant that breaks it fails at the next line resting on it).
  assert.ok(tally.deductionRejected >= 30, JSON.stringify(tally));
});

test("a deduction's cycle lemma forged into one whose cycle is the solution is rejected", async () => {
  let forged = 0;
  for (const { id, puzzle } of sample('loopy-7x7-hard', 0, 6)) {
    const result = await auto(puzzle, true);
    if (result.stats.finishedBy !== 'rules' || result.status !== 'solved') continue;
    const lines = result.proof!.trimEnd().split('\n');
    const at = lines.findIndex((line) => line.startsWith('y '));
    if (at < 0) continue;
    const loop: number[] = [];
    result.solution!.on.forEach((bit, e) => bit && loop.push(-(e + 1)));
    const mutant = [...lines];
    mutant[at] = `y ${loop.join(' ')} 0`;
    const checked = checkProof(puzzle, mutant.join('\n'));
    // Checked backwards, the proof fails at the forged lemma when the empty clause needs it, else at a later step
    // that needed the lemma it replaced.
    assert.equal(checked.verified, false, `${id}: ${describeResult(checked)}`);
    assert.ok(!checked.verified && (checked.line === at + 1 ? checked.kind === 'cycle lemma' : checked.line > at + 1), `${id}: ${describeResult(checked)}`);
    forged++;
  }
  assert.ok(forged >= 2, `${forged} proofs forged`);
});
