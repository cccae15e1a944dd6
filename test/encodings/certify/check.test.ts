// The proof checker on hand-built proofs: small puzzles whose proofs are written out step by step, each of
// them verified; then every way of breaking them (a step dropped, a literal flipped, a forged lemma, a claim
// of uniqueness where there are two loops) rejected at the step that breaks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkProof, checkStep, describeResult, type CertifyResult } from '../../../encodings/certify/check.ts';
import { gridOf, makePuzzle, type Clue, type Puzzle } from '../../../encodings/grid.ts';
import { solveExactly } from '../../../encodings/oracle.ts';

/** Variables of a grid's edges and vertices, as proofs write them (index + 1). */
function names(puzzle: Puzzle) {
  const grid = gridOf(puzzle);
  return {
    h: (r: number, c: number) => grid.horizontalEdge(r, c) + 1,
    v: (r: number, c: number) => grid.verticalEdge(r, c) + 1,
    vertex: (r: number, c: number) => grid.vertex(r, c) + 1,
    cell: (r: number, c: number) => grid.edgesOfCell(grid.cell(r, c)).map((e) => e + 1),
  };
}

const proof = (puzzle: Puzzle, claim: string, ...steps: string[]) => [`p slitherlink-proof 1 ${puzzle.rows} ${puzzle.cols}`, claim, ...steps].join('\n') + '\n';
const neg = (vars: number[]) => vars.map((x) => -x).join(' ');

/** Every solution the exact oracle lists, and whether one is the loop a proof claims (none for `claim unsat`). */
function solutionsAndClaim(puzzle: Puzzle, text: string) {
  const solutions = solveExactly(puzzle, 10_000).solutions.map((s) => s.on);
  const claim = text.split('\n')[1].split(' ');
  const loop = claim[1] === 'unique' ? claim.slice(2, -1).map((x) => Number(x) - 1) : null;
  const isLoop = (on: Uint8Array) => loop !== null && on.reduce((n, bit) => n + bit, 0) === loop.length && loop.every((e) => on[e]);
  return { solutions, loop, isLoop };
}

/** Every clause the proof states is satisfied by every solution other than the claimed loop. */
function assertStepsHold(puzzle: Puzzle, text: string): void {
  const { solutions, isLoop } = solutionsAndClaim(puzzle, text);
  for (const line of text.trim().split('\n').slice(2)) {
    const tokens = line.split(' ');
    if (tokens[0] === 'd' || tokens[0] === 'c') continue;
    const literals = tokens.slice(/^-?\d+$/.test(tokens[0]) ? 0 : 1, tokens.indexOf('0', 0));
    for (const on of solutions) {
      if (isLoop(on)) continue;
      assert.ok(literals.some((x) => (Number(x) > 0 ? on[Number(x) - 1] === 1 : on[-Number(x) - 1] === 0)), `'${line}' is falsified by a solution`);
    }
  }
}

/** What a verified proof must mean, held against every solution: the claim is true and every step holds. */
function assertMeansWhatItSays(puzzle: Puzzle, text: string): void {
  const { solutions, loop, isLoop } = solutionsAndClaim(puzzle, text);
  assert.equal(solutions.filter((on) => !isLoop(on)).length, 0, 'a verified claim is true');
  if (loop) assert.equal(solutions.length, 1, 'the claimed loop is a solution');
  assertStepsHold(puzzle, text);
}

/** A lemma's own test (as the checker runs it when the empty clause needs the lemma) refuses it, for this reason. */
function stepRejected(puzzle: Puzzle, line: string, reason: RegExp): void {
  const problem = checkStep(puzzle, line);
  assert.ok(problem !== null, `'${line}' must be refused`);
  assert.match(problem, reason);
}

function rejectedAt(result: CertifyResult, line: number, kind: string, reason?: RegExp): void {
  assert.equal(result.verified, false, 'the proof must be rejected');
  if (result.verified) return;
  assert.equal(result.line, line, describeResult(result));
  assert.equal(result.kind, kind, describeResult(result));
  if (reason) assert.match(result.reason, reason);
}

// 1x2, clues 3 3: the only loop goes round both cells. If the middle edge were on, each cell would need two
// more of its three other edges, and both corners beside a 3 pull the loop round it: a 4, not a 3.
const twoThrees = makePuzzle(1, 2, [3, 3]);
const T = names(twoThrees);
const aroundBoth = [T.h(0, 0), T.h(0, 1), T.h(1, 0), T.h(1, 1), T.v(0, 0), T.v(0, 2)];
const twoThreesProof = proof(
  twoThrees,
  `claim unique ${aroundBoth.join(' ')} 0`,
  `b ${neg(aroundBoth)} 0`, //                       line 3: the loop round both cells is not the answer
  `w -${T.v(0, 1)} -${T.v(0, 0)} 0`, //              line 4: middle and left edge on make the left 3 a 4
  `-${T.v(0, 1)} 0`, //                              line 5: so the middle edge is off (by unit propagation)
  '0', //                                           line 6: then both 3s take their outer edges: the blocked loop
);

// 1x3, clues 4 . 4: each 4 is a loop of its own; two loops are no solution.
const twoFours = makePuzzle(1, 3, [4, null, 4]);
const F = names(twoFours);
const leftSquare = F.cell(0, 0);
const leftCorners = [F.vertex(0, 0), F.vertex(0, 1), F.vertex(1, 0), F.vertex(1, 1)];

// 2x2, clues 1 . / . 1: two loops, the squares of the two blank cells.
const twoOnes = makePuzzle(2, 2, [1, null, null, 1] as Clue[]);
const O = names(twoOnes);
const topRight = O.cell(0, 1);
const bottomLeft = O.cell(1, 0);

test('a proof of a unique loop with a blocking clause, a window lemma and learnt clauses is verified', () => {
  const result = checkProof(twoThrees, twoThreesProof);
  assert.ok(result.verified, describeResult(result));
  assert.equal(result.claim.kind, 'unique');
  assert.match(describeResult(result), /^verified: unique loop/);
  assert.deepEqual([result.steps['blocking clause'], result.steps['window lemma'], result.steps['learnt clause']], [1, 1, 1]);
});

test('proofs of no loop by a cycle lemma, by a cut lemma and by a cut lemma that leaves one crossing edge out are verified', () => {
  const right = F.h(0, 2);
  const crossing = [F.h(0, 1), F.h(1, 1)];
  const proofs = [
    proof(twoFours, 'claim unsat', `y ${neg(leftSquare)} -${right} 0`, '0'),
    proof(twoFours, 'claim unsat', `y ${neg(leftSquare)} -${right} 0 ${leftSquare.join(' ')} 0`, '0'),
    proof(twoFours, 'claim unsat', `x -${F.h(0, 0)} -${right} ${crossing.join(' ')} 0 ${leftCorners.join(' ')} 0`, '0'),
    proof(twoFours, 'claim unsat', `x -${F.h(0, 0)} -${right} ${crossing[0]} 0 ${leftCorners.join(' ')} 0`, '0'),
    // Without a vertex set: with the crossing edges gone, the two tops lie in different blocks.
    proof(twoFours, 'claim unsat', `x -${F.h(0, 0)} -${right} ${crossing.join(' ')} 0`, '0'),
  ];
  for (const text of proofs) {
    const result = checkProof(twoFours, text);
    assert.ok(result.verified, `${describeResult(result)}\n${text}`);
    assert.equal(describeResult(result).split(' (')[0], 'verified: no loop');
  }
});

test('dropping any step of a hand-built proof is rejected, naming the step that no longer holds', () => {
  const lines = twoThreesProof.trimEnd().split('\n');
  // Dropping the blocking clause, the lemma or the learnt clause leaves the next step without its support.
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 2), ...lines.slice(3)].join('\n')), 5, 'empty clause');
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 3), ...lines.slice(4)].join('\n')), 4, 'learnt clause', /unit propagation/);
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 4), ...lines.slice(5)].join('\n')), 5, 'empty clause');
  rejectedAt(checkProof(twoThrees, lines.slice(0, 5).join('\n')), 5, 'end of proof', /without the empty clause/);
  rejectedAt(checkProof(twoFours, proof(twoFours, 'claim unsat', '0')), 3, 'empty clause');
  assert.throws(() => checkProof(twoThrees, lines.slice(1).join('\n')), /header/);
});

test('flipping any literal of a hand-built proof is rejected, unless the flipped step still holds', () => {
  // Every step of this proof is needed, so a flipped step that is false fails, at its line or at one after it.
  // A flipped literal can leave a true clause (the window lemma with the left edge flipped still holds: the
  // middle edge on and the left one off leave the left 3 with one edge). What the checker accepts must be true.
  const lines = twoThreesProof.trimEnd().split('\n');
  let rejected = 0;
  let accepted = 0;
  for (let i = 1; i < lines.length; i++) {
    const tokens = lines[i].split(' ');
    for (let k = 0; k < tokens.length; k++) {
      if (!/^-?[1-9]\d*$/.test(tokens[k]) || (i === 1 && k < 2)) continue;
      const flipped = [...tokens];
      flipped[k] = tokens[k].startsWith('-') ? tokens[k].slice(1) : `-${tokens[k]}`;
      const text = [...lines.slice(0, i), flipped.join(' '), ...lines.slice(i + 1)].join('\n');
      const result = checkProof(twoThrees, text);
      if (result.verified) {
        assertMeansWhatItSays(twoThrees, text);
        accepted++;
      } else {
        // At the flipped step when the empty clause still needs it, else at a later step that needed what it said.
        assert.ok(result.line >= i + 1, `flipping ${tokens[k]} on line ${i + 1}: ${describeResult(result)}`);
        rejected++;
      }
    }
  }
  assert.ok(rejected >= 12 && accepted <= 2, `${rejected} rejected, ${accepted} accepted`);
});

test('a forged window lemma is rejected: the rules near it allow its edges otherwise', () => {
  // The middle edge alone: within the window (the two middle vertices and the two cells) it can be on.
  const forged = twoThreesProof.replace(`w -${T.v(0, 1)} -${T.v(0, 0)} 0`, `w -${T.v(0, 1)} 0`);
  rejectedAt(checkProof(twoThrees, forged), 4, 'window lemma', /allow an assignment that falsifies it/);
});

test('forged cycle lemmas are rejected: not a cycle, or a cycle that is a solution falsifying the clause', () => {
  const path = leftSquare.slice(0, 3);
  // Needed for the empty clause (the 4s put every edge of the lemma on), so checked, and refused.
  rejectedAt(checkProof(twoFours, proof(twoFours, 'claim unsat', `y ${neg(path)} -${F.h(0, 2)} 0`, '0')), 3, 'cycle lemma', /no cycle/);
  rejectedAt(checkProof(twoFours, proof(twoFours, 'claim unsat', `y ${neg(leftSquare)} 0 ${path.join(' ')} 0`, '0')), 3, 'cycle lemma', /not one cycle/);
  rejectedAt(checkProof(twoFours, proof(twoFours, 'claim unsat', `y ${neg(path)} 0 ${leftSquare.join(' ')} 0`, '0')), 3, 'cycle lemma', /does not hold/);
  // On the two-loop puzzle each square is a solution: "not all of it on" is false of it. No proof needs these
  // alone (unit propagation decides nothing there), so their own test is asked directly.
  stepRejected(twoOnes, `y ${neg(topRight)} 0`, /is a solution of the puzzle and falsifies/);
  // A +x beside the cycle must be on the cycle to satisfy it.
  stepRejected(twoOnes, `y ${neg(topRight)} ${bottomLeft[0]} 0`, /falsifies/);
});

test('a named cycle must be one cycle: two cycles, or a vertex met three times, are refused, that vertex named', () => {
  const rightSquare = F.cell(0, 2);
  // The two 4s' squares: every vertex met twice, but two cycles.
  stepRejected(twoFours, `y ${neg(leftSquare)} ${neg(rightSquare)} 0 ${leftSquare.join(' ')} ${rightSquare.join(' ')} 0`, /more than one cycle/);
  // The top edge right of the left square, named first: its left end is met three times, its right end once.
  const spur = F.h(0, 1);
  stepRejected(twoFours, `y -${spur} ${neg(leftSquare)} 0 ${spur} ${leftSquare.join(' ')} 0`, new RegExp(`vertex ${F.vertex(0, 1)} has 3 of its edges`));
  // Named in another order, the first vertex met that is not met twice is the one named.
  stepRejected(twoFours, `y -${spur} ${neg(leftSquare)} 0 ${[...leftSquare].reverse().join(' ')} ${spur} 0`, /vertex \d+ has [13] of its edges/);
  // An edge named twice counts once: the square is still one cycle (on the two-loop puzzle, a solution that
  // falsifies the clause).
  stepRejected(twoOnes, `y ${neg(topRight)} 0 ${topRight.join(' ')} ${topRight[0]} 0`, /is a solution of the puzzle and falsifies/);
});

test('forged cut lemmas are rejected: crossing edges missing, or no edge on either side', () => {
  const right = F.h(0, 2);
  const [top, bottom] = [F.h(0, 1), F.h(1, 1)];
  const cut = (clause: string, hinge = '') => checkProof(twoFours, proof(twoFours, 'claim unsat', `x ${clause} 0 ${leftCorners.join(' ')} 0${hinge}`, '0'));
  rejectedAt(cut(`-${F.h(0, 0)} -${right}`), 3, 'cut lemma', /misses 2 edges leaving the set/);
  const cutStep = (clause: string, hinge = '') => `x ${clause} 0 ${leftCorners.join(' ')} 0${hinge}`;
  // The crossing edges are off in every loop of this puzzle, so no conflict needs these: their own test refuses them.
  stepRejected(twoFours, cutStep(`-${F.h(0, 0)} ${top} ${bottom}`), /outside the set/);
  stepRejected(twoFours, cutStep(`-${right} ${top} ${bottom}`), /touching the set/);
  // Without a vertex set: with both crossing edges there, the loop round all three cells holds both tops; with
  // one of them gone the other is a bridge, but with none gone it is not.
  rejectedAt(checkProof(twoFours, proof(twoFours, 'claim unsat', `x -${F.h(0, 0)} -${right} 0`, '0')), 3, 'cut lemma', /lie in one block/);
  rejectedAt(checkProof(twoFours, proof(twoFours, 'claim unsat', `x -${bottom} ${top} 0`)), 3, 'end of proof');
  stepRejected(twoFours, `x -${bottom} 0`, /no bridge/);
  // With a hinge vertex no crossing edge may be left out.
  const hinge = ` ${F.vertex(0, 2)}`;
  stepRejected(twoFours, cutStep(`-${F.h(0, 0)} -${right} ${top}`, hinge), /misses 1 edges/);
  stepRejected(twoFours, cutStep(`-${F.h(0, 0)} -${F.h(0, 1)} ${bottom}`, hinge), /outside the set and the hinge/);
});

test('a cut lemma with a hinge vertex holds where the loop could only pass through the hinge', () => {
  // 2x2 blank. S = the top-left corner and its two neighbours, hinge = the centre. The edges from S to the rest
  // other than the centre are off: a loop through the top-left corner closes through the centre and cannot
  // reach the bottom-right edge. As the lemma is not enough for the empty clause, the proof fails at its end.
  const blank = makePuzzle(2, 2, [null, null, null, null]);
  const B = names(blank);
  const inside = [B.vertex(0, 0), B.vertex(0, 1), B.vertex(1, 0)];
  const cut = (hinge: string) => proof(blank, 'claim unsat', `x -${B.h(0, 0)} -${B.h(2, 1)} ${B.h(0, 1)} ${B.v(1, 0)} 0 ${inside.join(' ')} 0${hinge}`);
  const withHinge = cut(` ${B.vertex(1, 1)}`);
  assertStepsHold(blank, withHinge);
  rejectedAt(checkProof(blank, withHinge), 3, 'end of proof');
  assert.equal(checkStep(blank, withHinge.trimEnd().split('\n')[2]), null);
  // Without the hinge the two edges to the centre are missing; the hinge must not be in the set.
  stepRejected(blank, cut('').trimEnd().split('\n')[2], /misses 2 edges/);
  stepRejected(blank, cut(` ${B.vertex(0, 1)}`).trimEnd().split('\n')[2], /hinge vertex .* is in the set/);
});

test('uniqueness of a puzzle with two loops is rejected however the proof goes', () => {
  const claim = `claim unique ${topRight.join(' ')} 0`;
  const block = `b ${neg(topRight)} 0`;
  rejectedAt(checkProof(twoOnes, proof(twoOnes, claim, block, '0')), 4, 'empty clause');
  // The other loop's cycle lemma is false, and would not give the empty clause even if it were true.
  rejectedAt(checkProof(twoOnes, proof(twoOnes, claim, block, `y ${neg(bottomLeft)} 0`, '0')), 5, 'empty clause');
  stepRejected(twoOnes, `y ${neg(bottomLeft)} 0`, /is a solution/);
  rejectedAt(checkProof(twoOnes, proof(twoOnes, claim, `b ${neg(bottomLeft)} 0`, '0')), 4, 'empty clause');
  // A forged blocking clause that the empty clause needs: one edge of the loop instead of all of them.
  rejectedAt(checkProof(twoThrees, twoThreesProof.replace(`b ${neg(aroundBoth)} 0`, `b -${aroundBoth[0]} 0`)), 3, 'blocking clause', new RegExp(`neither .*\\+${T.v(0, 1)} is missing`));
  // The other form of a blocking clause: +e for every edge off the loop (here the middle edge alone).
  const byEdgesOff = proof(twoThrees, `claim unique ${aroundBoth.join(' ')} 0`, `b ${T.v(0, 1)} 0`, `w -${T.v(0, 1)} -${T.v(0, 0)} 0`, `-${T.v(0, 1)} 0`, '0');
  const verified = checkProof(twoThrees, byEdgesOff);
  assert.ok(verified.verified && verified.checked['blocking clause'] === 1, describeResult(verified));
  assertMeansWhatItSays(twoThrees, byEdgesOff);
  rejectedAt(checkProof(twoOnes, proof(twoOnes, `claim unique ${[...topRight, ...bottomLeft].join(' ')} 0`, block, '0')), 2, 'claim', /not a solution: vertex \(1, 1\) has 4 loop edges/);
  // The same proof of the 3 3 puzzle, held against a puzzle with the clues gone, fails.
  const blank = makePuzzle(1, 2, [null, null]);
  assert.equal(checkProof(blank, twoThreesProof).verified, false);
});

test('deletions take clauses out of unit propagation, and deleting an absent clause is an error', () => {
  const lines = twoThreesProof.trimEnd().split('\n');
  const lemma = `${-T.v(0, 0)} ${-T.v(0, 1)}`; // the window lemma's literals in another order
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 4), `d ${lemma} 0`, ...lines.slice(4)].join('\n')), 6, 'learnt clause', /unit propagation/);
  const afterUse = [...lines.slice(0, 5), `d ${lemma} 0`, ...lines.slice(5)].join('\n');
  assert.ok(checkProof(twoThrees, afterUse).verified, 'deleting a lemma once no longer needed');
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 5), `d ${T.v(0, 1)} 0`, ...lines.slice(5)].join('\n')), 6, 'deletion', /no such clause/);
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 5), `d ${lemma} 0`, `d ${lemma} 0`, ...lines.slice(5)].join('\n')), 7, 'deletion', /no such clause/);
  // Two copies of the window lemma's literals, one of them as a cycle lemma, which fails its test (they hold no
  // cycle): a deletion takes the later copy out, whichever copy it is written as (the checker finds a deletion
  // written as an earlier line by that line's text), and the copy left is the one checked.
  const written = lines[3].slice(2); // the window lemma's literals, as line 4 writes them
  const withCopies = (first: string, second: string, deleted: string) => [...lines.slice(0, 3), first, second, `d ${deleted}`, ...lines.slice(4)].join('\n');
  for (const deleted of [written, `${lemma} 0`]) {
    const learntLeft = checkProof(twoThrees, withCopies(`w ${written}`, `y ${lemma} 0`, deleted));
    assert.ok(learntLeft.verified && learntLeft.checked['window lemma'] === 1 && learntLeft.checked['cycle lemma'] === 0, describeResult(learntLeft));
    rejectedAt(checkProof(twoThrees, withCopies(`y ${written}`, `w ${lemma} 0`, deleted)), 4, 'cycle lemma', /hold no cycle/);
  }
  // Deleted as often as it was added, then once more: no such clause.
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 3), `w ${written}`, `w ${written}`, `d ${written}`, `d ${written}`, `d ${lemma} 0`, ...lines.slice(4)].join('\n')), 8, 'deletion', /no such clause/);
});

test('checking backwards: only the clauses the empty clause needs are checked, the result counts them, and deletions hold going back', () => {
  const lines = twoThreesProof.trimEnd().split('\n');
  const all = checkProof(twoThrees, twoThreesProof);
  assert.ok(all.verified);
  assert.deepEqual(all.checked, { 'blocking clause': 1, 'window lemma': 1, 'cycle lemma': 0, 'cut lemma': 0, 'rule lemma': 0, 'learnt clause': 1 });
  assert.match(describeResult(all), /; 3 of the 3 clauses given checked, those the empty clause needs\)$/);
  // A clause added after the conflict is never needed, so never checked, even when it is no lemma at all.
  const after = checkProof(twoThrees, [...lines.slice(0, 5), `w ${T.v(0, 1)} 0`, `${T.v(0, 1)} 0`, ...lines.slice(5)].join('\n'));
  assert.ok(after.verified, describeResult(after));
  assert.deepEqual([after.steps['window lemma'], after.checked['window lemma'], after.steps['learnt clause'], after.checked['learnt clause']], [2, 1, 2, 1]);
  assert.match(describeResult(after), /3 of the 5 clauses given checked/);
  // The unit clause that decided the middle edge, deleted: the edge stays decided (the convention of DRAT
  // checkers), and the empty clause still follows, going forwards and when its reasons are marked backwards.
  const deletedUnit = checkProof(twoThrees, [...lines.slice(0, 5), `d -${T.v(0, 1)} 0`, ...lines.slice(5)].join('\n'));
  assert.ok(deletedUnit.verified, describeResult(deletedUnit));
  assert.equal(deletedUnit.checked['learnt clause'], 1);
  // The window lemma deleted before the learnt clause that needs it: not there for that clause's check.
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 4), `d -${T.v(0, 0)} -${T.v(0, 1)} 0`, ...lines.slice(4)].join('\n')), 6, 'learnt clause', /unit propagation from the clauses before it/);
  // Deleted and added again: the second copy is the one the learnt clause uses, and it is checked.
  const again = checkProof(twoThrees, [...lines.slice(0, 4), `d -${T.v(0, 0)} -${T.v(0, 1)} 0`, lines[3], ...lines.slice(4)].join('\n'));
  assert.ok(again.verified, describeResult(again));
  assert.equal(again.checked['window lemma'], 1);
  rejectedAt(checkProof(twoThrees, [...lines.slice(0, 4), `d -${T.v(0, 0)} -${T.v(0, 1)} 0`, `w -${T.v(0, 1)} 0`, ...lines.slice(4)].join('\n')), 6, 'window lemma', /allow an assignment/);
});

test('malformed steps are rejected at their line; a header for another grid is bad input', () => {
  const lines = twoThreesProof.trimEnd().split('\n');
  const at4 = (step: string) => checkProof(twoThrees, [...lines.slice(0, 3), step, ...lines.slice(4)].join('\n'));
  rejectedAt(at4(`w -${T.v(0, 1)} -${T.v(0, 0)}`), 4, 'window lemma', /does not end with 0/);
  rejectedAt(at4('w -99 0'), 4, 'window lemma', /not an edge variable/);
  rejectedAt(at4('z 1 0'), 4, 'unknown step');
  rejectedAt(at4('claim unsat'), 4, 'claim');
  rejectedAt(checkProof(twoThrees, `${twoThreesProof}-1 0\n`), 7, 'end of proof', /goes on after the empty clause/);
  assert.throws(() => checkProof(twoThrees, twoThreesProof.replace('proof 1 1 2', 'proof 1 2 2')), /proof is for a 2x2 grid but the puzzle is 1x2/);
  assert.throws(() => checkProof(twoThrees, twoThreesProof.replace('slitherlink-proof 1', 'slitherlink-proof 7')), /version 7/);
  // Comments and blank lines are ignored anywhere.
  assert.ok(checkProof(twoThrees, twoThreesProof.replace('\n0\n', '\nc the end\n\n0\nc done\n')).verified);
});

test("the proof's words reach messages escaped: a control sequence in a proof cannot repaint the terminal", () => {
  const lines = twoThreesProof.trimEnd().split('\n');
  const at4 = (step: string) => checkProof(twoThrees, [...lines.slice(0, 3), step, ...lines.slice(4)].join('\n'));
  // ESC [ 2 J clears the screen, BEL rings, U+009B is the one-character CSI, U+202E turns text round.
  const nasty = '\u001b[2J\u0007\u009b31m\u202e';
  const raw = /[^\x20-\x7e]/;
  const messages: string[] = [];
  const rejected = (result: CertifyResult) => {
    assert.equal(result.verified, false);
    messages.push(describeResult(result));
  };
  rejected(at4(`w -${nasty} 0`)); // not an edge variable
  rejected(at4(`${nasty} 1 0`)); // not a step
  rejected(at4(`w -${T.v(0, 1)} -${T.v(0, 0)} 0 ${nasty}`)); // after the clause
  rejected(at4(`x -${T.v(0, 1)} 0 ${nasty} 0`)); // not a vertex
  rejected(checkProof(twoThrees, `${twoThreesProof}${nasty} 0\n`)); // after the empty clause
  for (const header of [`p slitherlink-proof ${nasty} 1 2`, `p slitherlink-proof 1 ${nasty} 2`, `p slitherlink-proof 1 1 ${nasty}`]) {
    assert.throws(() => checkProof(twoThrees, twoThreesProof.replace('p slitherlink-proof 1 1 2', header)), (error: Error) => {
      messages.push(error.message);
      return true;
    });
  }
  assert.equal(messages.length, 8);
  for (const message of messages) {
    assert.doesNotMatch(message, raw, JSON.stringify(message));
    assert.match(message, /U\+001B '\[' '2' 'J' U\+0007 U\+009B '3' '1' 'm' U\+202E/, message);
  }
});
