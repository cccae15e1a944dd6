// The rule lemma: a clause implied by named vertices' and faces' rules together with the clauses before it,
// each assignment of the rules' open edges refuted by unit propagation. Accepted where it holds, refused when
// its rules and the clauses before it allow an assignment falsifying it, past its bound, or naming no rule
// (a face with no clue, a face or vertex that does not exist); a forged clause that a rule lemma rests on is
// found by checking backwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkProof, checkStep, describeResult } from '../../../encodings/certify/check.ts';
import { RULE_LEMMA_MAX_OPEN_EDGES } from '../../../encodings/certify/rule-lemma.ts';
import { gridOf, makePuzzle, type Clue } from '../../../encodings/grid.ts';
import { PROOF_RULE_MAX_OPEN_EDGES } from '../../../encodings/wasm/proof-records.ts';

// 1x2, clues 3 3: the only loop goes round both cells, the middle edge off.
const twoThrees = makePuzzle(1, 2, [3, 3]);
const grid = gridOf(twoThrees);
const top = grid.horizontalEdge(0, 0) + 1;
const left = grid.verticalEdge(0, 0) + 1;
const middle = grid.verticalEdge(0, 1) + 1;
const header = ['p slitherlink-proof 1 1 2', 'claim unsat'];

test('a rule lemma that its face or vertex implies from the clauses before it is accepted', () => {
  // The left 3 with the middle and left edges on: its top or bottom edge on too, and the corner there then
  // has one edge on (unit propagation over the base).
  assert.equal(checkStep(twoThrees, `r -${middle} -${left} 0 0 1 0`), null);
  // The top-left corner (vertex 1) alone: its top edge on means its left edge on.
  assert.equal(checkStep(twoThrees, `r -${top} ${left} 0 1 0 0`), null);
  // The clause false breaks the rule itself: no assignment to refute.
  assert.equal(checkStep(makePuzzle(2, 2, [0, null, null, null] as Clue[]), `r -${top} 0 0 1 0`), null);
});

test('a rule lemma its rules and the clauses before it do not imply is refused, saying which assignment is left', () => {
  // 2x2 with a 0 top left: its top edge on is refuted, but off is no contradiction.
  const zero = makePuzzle(2, 2, [0, null, null, null] as Clue[]);
  assert.match(checkStep(zero, `r ${top} 0 0 1 0`) ?? 'accepted', /allow an assignment of their open edges \(on: none; the others off\) that unit propagation from the clauses before it does not refute/);
  // The middle edge on: the left 3 alone allows it (its top and bottom on, the left edge off; or all three).
  assert.match(checkStep(twoThrees, `r ${middle} 0 0 1 0`) ?? 'accepted', /allow an assignment/);
});

test('a rule lemma naming no rule, a face without a clue, or a face or vertex that does not exist is refused', () => {
  const blank = makePuzzle(2, 2, [1, null, null, null] as Clue[]);
  assert.match(checkStep(blank, `r -${top} 0 0 2 0`) ?? 'accepted', /face 2 has no clue/);
  assert.match(checkStep(blank, `r -${top} 0 0 0`) ?? 'accepted', /names no rule/);
  assert.match(checkStep(blank, `r -${top} 0 0 5 0`) ?? 'accepted', /'5' is not a face \(1-4\)/);
  assert.match(checkStep(blank, `r -${top} 0 10 0 0`) ?? 'accepted', /'10' is not a vertex \(1-9\)/);
  assert.match(checkStep(blank, `r -${top} 0`) ?? 'accepted', /does not end with 0/);
  assert.match(checkStep(blank, `r -${top} 0 0 1 0 7`) ?? 'accepted', /unexpected '7' after the clause/);
  // In a proof the same line is rejected at its line, for its form.
  const result = checkProof(blank, ['p slitherlink-proof 1 2 2', 'claim unsat', `r -${top} 0 0 5 0`, '0'].join('\n'));
  assert.ok(!result.verified && result.line === 3 && result.kind === 'rule lemma', describeResult(result));
});

test('a rule lemma leaving more than 14 of its rules\' edges open is refused', () => {
  // A 3x3 of 2s: the top row's three faces leave 9 edges besides the clause's, six faces 16.
  const twos = makePuzzle(3, 3, Array<Clue>(9).fill(2));
  const g = gridOf(twos);
  const e = g.horizontalEdge(0, 0) + 1;
  assert.doesNotMatch(checkStep(twos, `r -${e} 0 0 1 2 3 0`) ?? 'accepted', /at most 14/);
  assert.match(checkStep(twos, `r -${e} 0 0 1 2 3 4 5 6 0`) ?? 'accepted', /its rules have \d+ edges outside the clause; a rule lemma may leave at most 14/);
});

test('checked backwards, a forged clause that a rule lemma rests on is rejected at its own line', () => {
  // "The middle edge on, or the left edge off" is false (the loop has the left edge on, the middle off); with
  // it, the left 3 implies the middle edge on; then the window lemma and the left 3 give a contradiction.
  const forged = `${middle} -${left} 0`;
  const steps = [forged, `r ${middle} 0 0 1 0`, `d ${forged}`, `w -${middle} -${left} 0`, '0'];
  const result = checkProof(twoThrees, [...header, ...steps].join('\n'));
  assert.ok(!result.verified && result.line === 3 && result.kind === 'learnt clause', describeResult(result));
  // Without the forged clause the rule lemma is the step that fails.
  const alone = checkProof(twoThrees, [...header, `r ${middle} 0 0 1 0`, `w -${middle} -${left} 0`, '0'].join('\n'));
  assert.ok(!alone.verified && alone.line === 3 && alone.kind === 'rule lemma', describeResult(alone));
  assert.match(alone.verified ? '' : alone.reason, /does not refute/);
});

test('a proof with a rule lemma in place of a window lemma is verified, and the rule lemmas counted', () => {
  const loop = [grid.horizontalEdge(0, 0), grid.horizontalEdge(0, 1), grid.horizontalEdge(1, 0), grid.horizontalEdge(1, 1), grid.verticalEdge(0, 0), grid.verticalEdge(0, 2)].map((e) => e + 1);
  const text = ['p slitherlink-proof 1 1 2', `claim unique ${loop.join(' ')} 0`, `b ${loop.map((x) => -x).join(' ')} 0`, `r -${middle} -${left} 0 0 1 0`, `-${middle} 0`, '0'].join('\n');
  const result = checkProof(twoThrees, text);
  assert.ok(result.verified, describeResult(result));
  assert.equal(result.checked['rule lemma'], 1);
  assert.match(describeResult(result), /1 rule lemma, /);
});

test('the rules core keeps within the checker\'s bound on a rule lemma\'s open edges', () => {
  assert.equal(PROOF_RULE_MAX_OPEN_EDGES, RULE_LEMMA_MAX_OPEN_EDGES);
});
