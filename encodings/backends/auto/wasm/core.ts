// auto's two stages in one module (AssemblyScript): the rules core's deduction and trial (liu-wu-sun), then
// the cdcl core's search on the edges left open, with the uniqueness step, in one call from JavaScript. Why:
// in a fresh process every line of JavaScript runs cold (its compile and first inline-cache misses cost a few
// microseconds each), and auto's steps in JavaScript cost more than the search of a 10x10. The steps are
// those of ../auto.ts, rules/wasm/binding.ts's presolveInStages and cdcl/loop-search.ts's Portfolio, in the
// same order, so that the answers and counters are the same (test/encodings/backends/auto/wasm/binding.test.ts).
// The search's exports are the cdcl core's, so that JavaScript can carry on a search past its first turn.
import * as rules from '../../rules/wasm/core';
import * as search from '../../cdcl/wasm/core';
// The puzzle's graph, which both stages hold in one place: set up once here, read by both.
import { allocateGraph, edgeCount, fillSquareGrid, gridEdgeCount, gridVertexCount, square } from '../../../wasm/grid';
import * as rulesAbi from '../../rules/wasm/abi';
import { writeLoopText, writeRecordsText } from '../../../wasm/proof-text';
import { CONTRADICTION as RULES_CONTRADICTION, CONTRADICTION_IN_TRIAL, TRIAL_STOPPED as RULES_TRIAL_STOPPED } from '../../rules/wasm/abi';
import { SAT } from '../../cdcl/wasm/abi';
import { CLAUSES, CONTRADICTION, CORNER_CLAUSES, DECIDED, DECIDED_EDGES, FIRST_ANSWER, INFO_SLOTS, NOT_RUN, PRESOLVE, PRESOLVED_AT } from './abi';
import { RULES_LEVEL, RULES_STATUS, SEARCHED, SECOND_ANSWER, TRIAL_FINISHED, TRIAL_COMPLETED, TRIAL_NOT_RUN, TRIAL_RAN, TRIAL_TIMED_OUT } from './abi';

export * from '../../cdcl/wasm/core';
export { loopBlockingAt, loopClaimAt, proofTextLength, proofTextPointer } from '../../../wasm/proof-text';

@external("env", "now")
declare function now(): f64;

// Edge states in the rules core.
const LINE = <u8>rulesAbi.LINE;
const CROSS = <u8>rulesAbi.CROSS;

const info = new StaticArray<f64>(INFO_SLOTS);
/** The puzzle's fixed edges, as pairs (edge, 1 on or 0 off). */
let fixedEdges = new StaticArray<i32>(0);
let firstLoop = new StaticArray<u8>(0);

/** The R x C grid as the puzzle's graph; the wrapper then writes the clues (at cluesPointer) before `solveAuto`. */
export function autoSquareGrid(rows: i32, cols: i32): void {
  allocateGraph(gridVertexCount(rows, cols), gridEdgeCount(rows, cols), rows * cols, 4, 4, true);
  fillSquareGrid(rows, cols);
}

/**
 * Another grid than the square one, of these counts and slot sizes, as the puzzle's graph; the wrapper then writes
 * its tables and clues (encodings/wasm/graph-tables.ts) before `solveAuto`.
 */
export function autoGraph(vertices: i32, edges: i32, faces: i32, vertexSlots: i32, faceSlots: i32): void {
  allocateGraph(vertices, edges, faces, vertexSlots, faceSlots, false);
}

/** Room for `n` fixed edges of the puzzle (pairs: edge, 1 on or 0 off), written by the wrapper before `solveAuto`. */
export function autoFixedPointer(n: i32): usize {
  if (fixedEdges.length < 2 * n) fixedEdges = new StaticArray<i32>(2 * n);
  return changetype<usize>(fixedEdges);
}

/**
 * Frees what earlier solves left (built with the minimal runtime, nothing is freed by itself). The wrapper
 * calls it between solves, when no array is held on the wasm stack.
 */
export function collect(): void {
  __collect();
}

export function infoPointer(): usize { return changetype<usize>(info); }
/** The first loop found by the search (one byte per edge, 1 on); the second, when there is one, is at loopPointer. */
export function firstLoopPointer(): usize { return changetype<usize>(firstLoop); }
/** With DECIDED and the rules core's status solved: the loop deduction made (one byte per edge, 1 on). */
export function decidedLoopPointer(): usize { return rules.solutionsPointer(); }
/** With `proof`: the deduction's proof records (deductionProofLength() integers), before the search's own. */
export function deductionProofPointer(): usize { return rules.proofPointer(); }
export function deductionProofLength(): i32 { return rules.proofLength(); }

/**
 * The search's proof records written since its last drainProof as the proof's lines of text (at proofTextPointer,
 * proofTextLength bytes). The cdcl core leaves its records to the binding: each cdcl-loop search takes an instance
 * of its own, and the text writer's state would be set up in every one.
 */
export function proofText(): void {
  writeRecordsText(search.proofRecords(), search.proofLength(), edgeCount);
}

/**
 * With `proof`: the deduction's records as the proof's lines of text (at proofTextPointer, proofTextLength bytes);
 * with `decidedLoop`, after them the lists of the loop deduction decided (its claim's and its blocking clause's).
 */
export function deductionProofText(decidedLoop: bool): void {
  writeRecordsText(rules.proofRecords(), rules.proofLength(), edgeCount);
  if (decidedLoop) writeLoopText(rules.solutionsArray(), edgeCount);
}

/**
 * The puzzle (its graph and clues set up by autoSquareGrid or autoGraph) and its fixed edges assumed, deduction with the corner rules (on square faces), trial when deduction decided at least `trialFrom` of the edges (0-1;
 * above 1: never), both until `presolveDeadline`; a puzzle decided completely is checked for one loop. Then
 * the search on the puzzle with the decided edges as units, its first turn of `firstTurn` conflicts, and with
 * `unique` the loop found blocked and a second first turn. Everything the wrapper needs is in `info`. With
 * `proof` both stages write a proof: the deduction's lines (at deductionProofPointer), then the search's from
 * the edges it decided (at proofPointer), as one proof with the empty clause at the end of either.
 */
export function solveAuto(fixedCount: i32, seed: i32, connectivity: i32, corners: bool, trialFrom: f64, presolveDeadline: f64, deadline: f64, firstTurn: f64, unique: bool, proof: bool): void {
  const edges = edgeCount;
  info[FIRST_ANSWER] = NOT_RUN;
  info[SECOND_ANSWER] = NOT_RUN;
  info[TRIAL_RAN] = 0;
  info[TRIAL_FINISHED] = TRIAL_NOT_RUN;

  rules.setupOnGraph(1);
  rules.finishSetup();
  if (proof) rules.startProof();
  for (let i = 0; i < fixedCount; i++) {
    if (!rules.assume(unchecked(fixedEdges[2 * i]), unchecked(fixedEdges[2 * i + 1]) == 1 ? LINE : CROSS)) {
      presolved(CONTRADICTION, 0);
      return;
    }
  }
  if (rules.presolve(true, false, presolveDeadline) == RULES_CONTRADICTION) {
    presolved(CONTRADICTION, 0);
    return;
  }
  const trialRan = <f64>(edges - rules.getUnknowns()) >= trialFrom * <f64>edges && rules.getUnknowns() > 0;
  if (trialRan) {
    info[TRIAL_RAN] = 1;
    const code = rules.continueWithTrial(presolveDeadline);
    info[TRIAL_FINISHED] = code != RULES_TRIAL_STOPPED ? TRIAL_COMPLETED : TRIAL_TIMED_OUT;
    if (code == CONTRADICTION_IN_TRIAL) {
      presolved(CONTRADICTION, 0);
      return;
    }
  }
  const decided = edges - rules.getUnknowns();
  if (decided == edges) {
    info[RULES_STATUS] = rules.solve(true, false, 1, presolveDeadline);
    info[RULES_LEVEL] = rules.level();
    presolved(DECIDED, decided);
    return;
  }
  presolved(SEARCHED, decided);

  search.setupOnGraph(seed, connectivity);
  search.finishSetup();
  if (proof) search.startProof();
  memory.copy(search.inputPointer((edges + 3) >> 2), rules.statePointer(), edges);
  const units = search.addFixedEdges();
  search.addRuleClauses();
  // The fixed edges are decided in the presolve's state too: as in the steps, their units follow the rule clauses.
  for (let i = 0; i < fixedCount; i++) {
    store<i32>(search.inputPointer(1), 2 * unchecked(fixedEdges[2 * i]) + (unchecked(fixedEdges[2 * i + 1]) == 1 ? 0 : 1));
    search.addClause(1);
  }
  const cornerCount = corners && square ? search.addCornerClauses() : 0;
  info[CLAUSES] = search.getClauseCount() + fixedCount + units;
  info[CORNER_CLAUSES] = max(0, cornerCount);

  const first = search.solve(deadline, firstTurn);
  info[FIRST_ANSWER] = first;
  if (first != SAT || !unique) {
    if (first == SAT) keepFirstLoop(edges);
    return;
  }
  keepFirstLoop(edges);
  search.addBlockingClause();
  info[SECOND_ANSWER] = search.solve(deadline, firstTurn);
  if (info[SECOND_ANSWER] == SAT) search.writeModel();
}

function presolved(how: i32, decided: i32): void {
  // The deduction's proof ends here: with a contradiction, the empty clause; a decided puzzle's loop check and
  // the search write nothing into it.
  if (how == CONTRADICTION) rules.logEmpty();
  rules.stopProof();
  info[PRESOLVE] = how;
  info[DECIDED_EDGES] = decided;
  info[PRESOLVED_AT] = now();
}

/** The model's loop, kept where the second model cannot overwrite it; loopBytes keeps it for addBlockingClause. */
function keepFirstLoop(edges: i32): void {
  if (firstLoop.length < edges) firstLoop = new StaticArray<u8>(edges);
  memory.copy(changetype<usize>(firstLoop), search.writeModel(), edges);
}
