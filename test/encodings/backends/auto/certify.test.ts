// A certified auto takes plain auto's steps, its deduction written into the proof: the stage that answers and the
// edges deduction decides are the same with and without --certify, and the proof verifies, on the square grid
// and Loopy's others. Held against a puzzle with one clue changed or taken out, a proof of deduction's answer
// verifies only what the exact oracle confirms; a cycle lemma of deduction's forged into one whose cycle is the
// solution is rejected, at its line or at a later step that needed the lemma it replaced.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readPuzzleLines } from '../../../../datasets/builtin.ts';
import { checkProof, checkStep, describeResult } from '../../../../encodings/certify/check.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { gridOf, withClues, type Clue, type Puzzle } from '../../../../encodings/grid.ts';
import { solveExactly } from '../../../../encodings/oracle.ts';
import { getBackend } from '../../../../encodings/registry.ts';
import { verify } from '../../../../encodings/verify.ts';

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
    assert.equal(certified.stats.finishedBy, plain.stats.finishedBy, `${id}: the stage that answers`);
    assert.equal(certified.stats.decidedByRules, plain.stats.decidedByRules, `${id}: the edges deduction decides`);
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
          if (checked.kind === 'learnt clause' || checked.kind === 'rule lemma' || checked.kind === 'cycle lemma') tally.deductionRejected++;
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
  // decides it, so a variant that breaks it fails at the next line resting on it; a line the checker's top level
  // satisfies already is not written either).
  assert.ok(tally.deductionRejected >= 20, JSON.stringify(tally));
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

/** Loopy's other grids, one built-in hard class each (loopy-GRID-10x10-hard; loopy-10x10-hard is the square). */
const otherGridClasses = readdirSync(new URL('../../../../datasets/', import.meta.url)).filter((set) => /^loopy-[a-z0-9_]+-10x10-hard$/.test(set));

test('on every other grid\'s hard class, certified auto takes plain auto\'s steps, rings and parity written as rule lemmas, and its proof verifies', async () => {
  assert.ok(otherGridClasses.length >= 15, otherGridClasses.join(' '));
  let ruleLemmas = 0;
  for (const set of otherGridClasses) {
    for (const { id, puzzle } of sample(set, 0, 2)) {
      const plain = await auto(puzzle, false);
      const certified = await auto(puzzle, true);
      assert.deepEqual([certified.status, certified.unique, certified.stats.finishedBy, certified.stats.decidedByRules], [plain.status, plain.unique, plain.stats.finishedBy, plain.stats.decidedByRules], id);
      assert.equal(verify(puzzle, certified.solution!).valid, true, `${id}: the answer passes the verifier`);
      const checked = checkProof(puzzle, certified.proof!);
      assert.ok(checked.verified, `${id}: ${describeResult(checked)}`);
      assert.deepEqual(checked.claim.kind === 'unique' && checked.claim.loop.on, certified.solution!.on, `${id}: the claimed loop is the answer`);
      ruleLemmas += checked.checked['rule lemma'];
    }
  }
  assert.ok(ruleLemmas > 100, `${ruleLemmas} rule lemmas checked`);
});

test('forged rule lemmas in real proofs are rejected: a flipped conclusion, another unit named, past the bound, a face that does not exist', async () => {
  const { id, puzzle } = sample('loopy-honeycomb-10x10-hard', 0, 1)[0];
  const lines = (await auto(puzzle, true)).proof!.trimEnd().split('\n');
  const rules = lines.map((line, i) => i).filter((i) => lines[i].startsWith('r '));
  const rejected = (mutant: string[], why: RegExp, atLine?: number) => {
    const checked = checkProof(puzzle, mutant.join('\n'));
    assert.equal(checked.verified, false, `${id}: ${describeResult(checked)}`);
    if (checked.verified) return;
    assert.match(checked.reason, why, describeResult(checked));
    if (atLine !== undefined) assert.equal(checked.line, atLine, describeResult(checked));
  };
  // The first literal of a deduction's line is its conclusion: flipped where the line then says what is false
  // (the loop falsifies it), it is rejected at that line, or at a later step that needed the one it replaced, unless
  // the empty clause needs neither (then the proof still holds without it).
  const loop = (await auto(puzzle, false)).solution!.on;
  const falseIn = (tokens: string[]) => tokens.slice(1, tokens.indexOf('0')).every((x) => (Number(x) > 0 ? !loop[Number(x) - 1] : loop[-Number(x) - 1]));
  const tally = { forged: 0, rejected: 0 };
  for (const at of rules.slice(0, 80)) {
    const tokens = lines[at].split(' ');
    const forged = ['r', String(-Number(tokens[1])), ...tokens.slice(2)];
    if (!falseIn(forged)) continue;
    tally.forged++;
    const checked = checkProof(puzzle, [...lines.slice(0, at), forged.join(' '), ...lines.slice(at + 1)].join('\n'));
    if (checked.verified) continue;
    tally.rejected++;
    assert.ok(checked.line === at + 1 ? checked.kind === 'rule lemma' : checked.line > at + 1, `${id}: ${describeResult(checked)}`);
  }
  assert.ok(tally.forged >= 20 && tally.rejected >= tally.forged / 2, JSON.stringify(tally));
  // Every rule lemma naming the first vertex instead of its own unit: the rules named do not imply them.
  rejected(lines.map((line) => (line.startsWith('r ') ? `${line.slice(0, line.indexOf(' 0 ') + 3)}1 0 0` : line)), /unit propagation from the clauses before it does not refute/);
  // The last rule lemma naming ten clued faces: past the bound; naming a face past the last: not a face.
  const last = rules[rules.length - 1];
  const head = lines[last].slice(0, lines[last].indexOf(' 0 ') + 3);
  const clued = puzzle.clues.map((clue, face) => (clue === null ? -1 : face + 1)).filter((face) => face > 0);
  // (Its own check, as the checker runs it when the empty clause needs the line.)
  assert.match(checkStep(puzzle, `${head}0 ${clued.slice(0, 10).join(' ')} 0`) ?? 'accepted', /a rule lemma may leave at most 14/);
  rejected([...lines.slice(0, last), `${head}0 ${puzzle.clues.length + 1} 0`, ...lines.slice(last + 1)], /is not a face/, last + 1);
});
