// auto's WebAssembly core (core.ts, compiled into core.wasm.ts): the rules presolve and cdcl-loop's first
// turns in one call. A search that runs past its first turn goes on in JavaScript's Portfolio, in the same
// instance, beside cdcl-loop's search on the puzzle as given (another instance of this module).
import type { Outcome, SolveResult, Stats } from '../../../backend.ts';
import { elapsedMs } from '../../../clock.ts';
import { clueCodesOf, edgeCountOf, type Puzzle } from '../../../grid.ts';
import { firstOutcome, uniquenessOutcome } from '../../../protocol.ts';
import { CorePool } from '../../../wasm/core-pool.ts';
import { graphPuzzleOf, slotTablesOf, writeGraphTables, type TablePointers } from '../../../wasm/graph-tables.ts';
import { FIRST_TURN, Portfolio, proofOf, searchStats, type LoopSearchOptions } from '../../cdcl/loop-search.ts';
import { ProofLog, type LoopLists } from '../../cdcl/proof-log.ts';
import { PROOF_EMPTY } from '../../../wasm/proof-records.ts';
import { connectivityLevel } from '../../cdcl/loop-propagator.ts';
import { ANSWERS, WasmLoopSearch, type CdclCore } from '../../cdcl/wasm/binding.ts';
import { levelName, STATUS } from '../../rules/wasm/binding.ts';
import { CLAUSES, CONTRADICTION, CORNER_CLAUSES, DECIDED_EDGES, FIRST_ANSWER, INFO_SLOTS, NOT_RUN, PRESOLVE, PRESOLVED_AT } from './abi.ts';
import { RULES_LEVEL, RULES_STATUS, SEARCHED, SECOND_ANSWER, TRIAL_COMPLETED, TRIAL_FINISHED, TRIAL_NOT_RUN, TRIAL_RAN } from './abi.ts';
import { AUTO_CORE_WASM } from './core.wasm.ts';
import { loopOf } from '../../../solution.ts';

/** auto's core as its module exports it (the cdcl core's functions, which it holds too, and its own). */
export interface AutoCore extends CdclCore, PuzzleCore {
  collect(): void;
  autoFixedPointer(n: number): number;
  infoPointer(): number;
  firstLoopPointer(): number;
  decidedLoopPointer(): number;
  solveAuto(fixedCount: number, seed: number, connectivity: number, corners: number, trialFrom: number, presolveDeadline: number, deadline: number, firstTurn: number, unique: number, proof: number): void;
  deductionProofPointer(): number;
  deductionProofLength(): number;
  deductionProofText(decidedLoop: number): void;
  proofText(): void;
  proofTextPointer(): number;
  proofTextLength(): number;
  loopClaimAt(): number;
  loopBlockingAt(): number;
}

/**
 * Instances are given back when a solve ends and reused: each setup starts from scratch, and a new instance's
 * first touch of each memory page cost a warm solve of a Loopy 10x10 0.3 ms, most of it. Built with the
 * minimal runtime, an instance frees what the last solve left only when told (`collect`).
 */
const autoCores = new CorePool<AutoCore>(AUTO_CORE_WASM, 'auto', (core) => core.collect());

/** What writePuzzle needs of auto's core. */
export interface PuzzleCore extends TablePointers {
  memory: WebAssembly.Memory;
  autoSquareGrid(rows: number, cols: number): void;
  autoGraph(vertices: number, edges: number, faces: number, vertexSlots: number, faceSlots: number): void;
  cluesPointer(): number;
}

/** The puzzle's graph and clues, once for both stages: the core fills the square grid's tables, this the tables of another grid. */
export function writePuzzle(core: PuzzleCore, puzzle: Puzzle): void {
  if (puzzle.tiling) {
    const graph = graphPuzzleOf(puzzle);
    const t = slotTablesOf(graph.graph);
    core.autoGraph(t.vertexCount, t.edgeCount, t.faceCount, t.vertexSlots, t.faceSlots);
    writeGraphTables(core, t, graph.clueCodes);
  } else {
    core.autoSquareGrid(puzzle.rows, puzzle.cols);
    new Int8Array(core.memory.buffer, core.cluesPointer(), puzzle.clues.length).set(clueCodesOf(puzzle));
  }
}

/** Compiles the module and makes one instance (once per process; auto's prepare calls it, as cdcl-loop's does its core). */
export function loadAutoCore(): WebAssembly.Module {
  return autoCores.load();
}

/** auto's stats after a portfolio: its counters, which search answered, and that the search finished. */
export function portfolioStats(stats: Stats, portfolio: Portfolio): Stats {
  return { ...stats, ...portfolio.stats(), answeredBy: portfolio.answeredBy === 0 ? 'first' : 'as given', finishedBy: 'cdcl-loop' };
}

/**
 * auto with the wasm search: the rules presolve (trial when deduction decided
 * at least `trialFrom` of the edges, both until `presolveDeadline`), then the search and the uniqueness step,
 * as auto.ts does them in steps. `started`: when the solve began (for presolveMs). With `certify`, the same
 * steps write a proof of a unique loop or of no loop: the deduction's lines, then the search's (one search: the
 * search on the puzzle as given, which plain auto turns to past the first turn, writes none).
 */
export function solveWithAutoCore(puzzle: Puzzle, options: LoopSearchOptions, run: { started: number; trialFrom: number; trialBudgetMs: number; presolveDeadline: number; deadline: number; unique: boolean; certify?: boolean }): SolveResult {
  const core = autoCores.take();
  const edges = edgeCountOf(puzzle);
  writePuzzle(core, puzzle);
  const fixed = puzzle.fixedEdges ?? [];
  if (fixed.length) {
    const pairs = new Int32Array(core.memory.buffer, core.autoFixedPointer(fixed.length), 2 * fixed.length);
    fixed.forEach((f, i) => pairs.set([f.edge, f.on ? 1 : 0], 2 * i));
  }
  core.solveAuto(fixed.length, options.seed, connectivityLevel(options.connectivity), options.corners ? 1 : 0, run.trialFrom, run.presolveDeadline, run.deadline, FIRST_TURN, run.unique ? 1 : 0, run.certify ? 1 : 0);
  // A view after the call: the call may have grown the memory.
  const info = new Float64Array(core.memory.buffer, core.infoPointer(), INFO_SLOTS).slice();
  const log = run.certify ? new ProofLog(puzzle) : undefined;
  // A loop deduction decided alone ends the proof with its claim and blocking clause: their lists come as text too.
  const decidedLoop = info[PRESOLVE] !== SEARCHED && info[PRESOLVE] !== CONTRADICTION && STATUS[info[RULES_STATUS]] === 'solved';
  const loopLists = log ? deductionText(core, log, decidedLoop) : undefined;
  const loop = (at: number) => loopOf(puzzle, new Uint8Array(core.memory.buffer, at, edges).slice());
  const stats: Stats = {
    presolveMs: info[PRESOLVED_AT] - run.started,
    trialBudgetMs: run.trialBudgetMs,
    decidedByRules: info[DECIDED_EDGES],
    trialRan: info[TRIAL_RAN] === 1,
    trialFinished: info[TRIAL_FINISHED] === TRIAL_NOT_RUN ? null : info[TRIAL_FINISHED] === TRIAL_COMPLETED,
  };
  let done: { outcome: Outcome; stats: Stats; proof?: string };
  if (info[PRESOLVE] === CONTRADICTION) done = { outcome: { status: 'unsat', solution: null, unique: null }, stats: { ...stats, finishedBy: 'rules' } };
  else if (info[PRESOLVE] !== SEARCHED) {
    // Every edge decided by deduction, which is sound for every loop: the one they make is the only one.
    const status = STATUS[info[RULES_STATUS]];
    const finished = { ...stats, finishedBy: 'rules', level: levelName(info[RULES_LEVEL]) };
    done = { outcome: status === 'solved' ? { status, solution: loop(core.decidedLoopPointer()), unique: run.unique ? true : null } : { status, solution: null, unique: null }, stats: finished };
  } else {
    const search = new WasmLoopSearch(core, edges, info[CLAUSES], info[CORNER_CLAUSES]);
    const first = ANSWERS[info[FIRST_ANSWER]];
    const second = info[SECOND_ANSWER] === NOT_RUN ? undefined : ANSWERS[info[SECOND_ANSWER]];
    if (first === 'budget' || second === 'budget') done = carryOn(search, puzzle, options, run, stats, first === 'sat' ? loop(core.firstLoopPointer()).on : undefined);
    else {
      const searched = { ...stats, ...searchStats(search.counters(), second ? 2 : 1, 1), answeredBy: 'first', finishedBy: 'cdcl-loop' };
      const found = first === 'sat' ? loop(core.firstLoopPointer()) : first;
      if (typeof found === 'string' || !second) done = { outcome: firstOutcome(found), stats: searched };
      else done = { outcome: uniquenessOutcome(found, second === 'sat' ? loop(core.loopPointer()) : second), stats: searched };
    }
    if (log) done.proof = proofOf(search, puzzle, done.outcome, log);
  }
  if (log && info[PRESOLVE] !== SEARCHED) done.proof = deductionProof(puzzle, log, done.outcome, info[PRESOLVE] === CONTRADICTION, loopLists);
  autoCores.give(core);
  done.stats.solverMs = elapsedMs(run.started);
  return { ...done.outcome, ...(done.proof ? { proof: done.proof } : {}), stats: done.stats };
}

/**
 * The deduction's lines, which the core writes as text, appended to the log; with `decidedLoop`, the lists of
 * the loop it decided (its edges, and each negated), which the core writes after them.
 */
function deductionText(core: AutoCore, log: ProofLog, decidedLoop: boolean): LoopLists | undefined {
  core.deductionProofText(decidedLoop ? 1 : 0);
  const text = new Uint8Array(core.memory.buffer, core.proofTextPointer(), core.proofTextLength());
  if (!decidedLoop) {
    log.appendText(text);
    return undefined;
  }
  const claimAt = core.loopClaimAt();
  const blockingAt = core.loopBlockingAt();
  log.appendText(text.subarray(0, claimAt));
  return { claim: text.subarray(claimAt, blockingAt), blocking: text.subarray(blockingAt) };
}

/**
 * The proof of an answer deduction gave alone: no loop (its lines end with the empty clause, or every edge is
 * decided and the assignment breaks a rule), or the loop every edge of which it decided, whose blocking clause
 * the units of its edges falsify. `ended`: the lines end with the empty clause (deduction met a contradiction).
 */
function deductionProof(puzzle: Puzzle, log: ProofLog, outcome: Outcome, ended: boolean, loopLists?: LoopLists): string | undefined {
  if (outcome.status === 'unsat') {
    // A contradiction's lines end with the empty clause already (the rules core wrote it).
    if (!ended) log.append(Int32Array.of(PROOF_EMPTY, 0));
    return log.text(puzzle, { kind: 'unsat' });
  }
  if (outcome.unique !== true || !outcome.solution || !loopLists) return undefined;
  return log.textBlockingLoop(puzzle, loopLists);
}

/**
 * auto asked to certify: one search of the puzzle as given that writes a proof of its answer (a proof's base is
 * the puzzle's rules alone, so the presolve's decisions cannot enter it), in an instance of this module, which
 * auto's prepare compiled.
 */
export function certifiedSearch(puzzle: Puzzle, options: LoopSearchOptions, run: { started: number; deadline: number; unique: boolean }): SolveResult {
  const core = autoCores.take();
  const search = WasmLoopSearch.load(puzzle, options, undefined, core, true);
  const portfolio = new Portfolio(search);
  const outcome = portfolio.run(puzzle, run.deadline, run.unique);
  const stats = { ...portfolioStats({ decidedByRules: 0, certifiedSearch: 'as given' }, portfolio), solverMs: elapsedMs(run.started) };
  const proof = proofOf(search, puzzle, outcome);
  autoCores.give(core);
  return { ...outcome, ...(proof ? { proof } : {}), stats };
}

/**
 * Past the first turn: the turns go on as Portfolio takes them, the puzzle as given in a second instance (not
 * when certifying: the proof is the first search's).
 */
function carryOn(search: WasmLoopSearch, puzzle: Puzzle, options: LoopSearchOptions, run: { deadline: number; unique: boolean; certify?: boolean }, stats: Stats, first?: Uint8Array): { outcome: Outcome; stats: Stats } {
  let asGiven: AutoCore | undefined;
  const portfolio = new Portfolio(search, run.certify ? [] : [() => WasmLoopSearch.load(puzzle, options, undefined, (asGiven = autoCores.take()))]);
  const outcome = portfolio.run(puzzle, run.deadline, run.unique, { turn: 1, first });
  if (asGiven) autoCores.give(asGiven);
  return { outcome, stats: portfolioStats(stats, portfolio) };
}
