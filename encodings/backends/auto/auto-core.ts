// auto's WebAssembly core (wasm/core.ts, compiled into core-wasm.ts): the rules presolve and cdcl-loop's first
// turns in one call. A search that runs past its first turn goes on in JavaScript's Portfolio, in the same
// instance, beside cdcl-loop's search on the puzzle as given (another instance of this module).
import type { Outcome, SolveResult, Stats } from '../../backend.ts';
import { elapsedMs } from '../../clock.ts';
import { clueCodesOf, edgeCountOf, type Puzzle } from '../../grid.ts';
import { firstOutcome, uniquenessOutcome } from '../../protocol.ts';
import { FIRST_TURN, Portfolio, searchStats, type LoopSearchOptions } from '../cdcl/loop-search.ts';
import { connectivityLevel } from '../cdcl/loop-propagator.ts';
import { IMPORTS, WasmLoopSearch, type CdclCore } from '../cdcl/wasm-search.ts';
import { LEVEL_NAMES } from '../rules/wasm-core.ts';
import { AUTO_CORE_WASM } from './core-wasm.ts';

interface AutoCore extends CdclCore {
  autoCluesPointer(cells: number): number;
  collect(): void;
  autoFixedPointer(n: number): number;
  infoPointer(): number;
  firstLoopPointer(): number;
  decidedLoopPointer(): number;
  solveAuto(rows: number, cols: number, fixedCount: number, seed: number, connectivity: number, corners: number, trialFrom: number, presolveDeadline: number, deadline: number, firstTurn: number, unique: number): void;
}

// The slots of the core's info array (wasm/core.ts).
const PRESOLVE = 0;
const DECIDED_EDGES = 1;
const TRIAL_RAN = 2;
const TRIAL_FINISHED = 3;
const PRESOLVED_AT = 4;
const RULES_STATUS = 5;
const RULES_LEVEL = 6;
const FIRST_ANSWER = 7;
const SECOND_ANSWER = 8;
const CLAUSES = 9;
const CORNER_CLAUSES = 10;
const SEARCHED = 0;
const CONTRADICTION = 1;
const SAT = 0;
const UNSAT = 1;
const BUDGET = 3;

let compiled: WebAssembly.Module | undefined;
/**
 * Instances free for a solve: the one prepare makes (a fresh process's first solve finds it ready) and those
 * of solves that have finished. Each setup starts from scratch, so reusing one costs no fresh memory: a new
 * instance's first touch of each page cost a warm solve of a Loopy 10x10 0.3 ms, most of it.
 */
const idle: AutoCore[] = [];

const instantiate = (module: WebAssembly.Module): AutoCore => new WebAssembly.Instance(module, IMPORTS).exports as unknown as AutoCore;

/** Compiles the module and makes one instance (once per process; auto's prepare calls it, as cdcl-loop's does its core). */
export function loadAutoCore(): WebAssembly.Module {
  if (!compiled) {
    compiled = new WebAssembly.Module(Buffer.from(AUTO_CORE_WASM, 'base64'));
    idle.push(instantiate(compiled));
  }
  return compiled;
}

function takeInstance(): AutoCore {
  const module = loadAutoCore();
  const core = idle.pop();
  if (!core) return instantiate(module);
  // What the last solve left, freed before this one allocates (the one from prepare has nothing to free).
  core.collect();
  return core;
}

/**
 * auto with the wasm search: the rules presolve (trial when deduction decided
 * at least `trialFrom` of the edges, both until `presolveDeadline`), then the search and the uniqueness step,
 * as auto.ts does them in steps. `started`: when the solve began (for presolveMs).
 */
export function solveWithAutoCore(puzzle: Puzzle, options: LoopSearchOptions, run: { started: number; trialFrom: number; trialBudgetMs: number; presolveDeadline: number; deadline: number; unique: boolean }): SolveResult {
  const core = takeInstance();
  const edges = edgeCountOf(puzzle);
  const cells = puzzle.rows * puzzle.cols;
  new Int8Array(core.memory.buffer, core.autoCluesPointer(cells), cells).set(clueCodesOf(puzzle));
  const fixed = puzzle.fixedEdges ?? [];
  if (fixed.length) {
    const pairs = new Int32Array(core.memory.buffer, core.autoFixedPointer(fixed.length), 2 * fixed.length);
    fixed.forEach((f, i) => pairs.set([f.edge, f.on ? 1 : 0], 2 * i));
  }
  core.solveAuto(puzzle.rows, puzzle.cols, fixed.length, options.seed, connectivityLevel(options.connectivity), options.corners ? 1 : 0, run.trialFrom, run.presolveDeadline, run.deadline, FIRST_TURN, run.unique ? 1 : 0);
  // A view after the call: the call may have grown the memory.
  const info = new Float64Array(core.memory.buffer, core.infoPointer(), 11).slice();
  const loop = (at: number) => new Uint8Array(core.memory.buffer, at, edges).slice();
  const stats: Stats = {
    presolveMs: info[PRESOLVED_AT] - run.started,
    trialBudgetMs: run.trialBudgetMs,
    decidedByRules: info[DECIDED_EDGES],
    trialRan: info[TRIAL_RAN] === 1,
    trialFinished: info[TRIAL_FINISHED] < 0 ? null : info[TRIAL_FINISHED] === 1,
  };
  if (info[PRESOLVE] !== SEARCHED) {
    const done = presolved(info, stats, puzzle, run.unique, loop(core.decidedLoopPointer()));
    idle.push(core);
    return finish(done, run.started);
  }
  const search = new WasmLoopSearch(core, edges, info[CLAUSES], info[CORNER_CLAUSES]);
  const first = info[FIRST_ANSWER];
  const second = info[SECOND_ANSWER];
  if (first === BUDGET || second === BUDGET) return finish(carryOn(core, search, puzzle, options, run, stats, first === BUDGET ? undefined : loop(core.firstLoopPointer())), run.started);
  const searched = { ...stats, ...searchStats(search.counters(), second < 0 ? 1 : 2, 1), answeredBy: 'first', finishedBy: 'cdcl-loop' };
  let outcome: Outcome;
  if (first !== SAT) outcome = firstOutcome(first === UNSAT ? 'unsat' : 'timeout');
  else {
    const found = { rows: puzzle.rows, cols: puzzle.cols, on: loop(core.firstLoopPointer()) };
    if (second < 0) outcome = firstOutcome(found);
    else outcome = uniquenessOutcome(found, second === SAT ? { rows: puzzle.rows, cols: puzzle.cols, on: loop(core.loopPointer()) } : second === UNSAT ? 'unsat' : 'timeout');
  }
  idle.push(core);
  return finish({ outcome, stats: searched }, run.started);
}

/** The result, with solverMs last (as auto's steps give it). */
function finish(done: { outcome: Outcome; stats: Stats }, started: number): SolveResult {
  done.stats.solverMs = elapsedMs(started);
  return { ...done.outcome, stats: done.stats };
}

/** The presolve's own answers: a contradiction, or every edge decided (the loop they make, or none). */
function presolved(info: Float64Array, stats: Stats, puzzle: Puzzle, unique: boolean, decidedLoop: Uint8Array): { outcome: Outcome; stats: Stats } {
  if (info[PRESOLVE] === CONTRADICTION) return { outcome: { status: 'unsat', solution: null, unique: null }, stats: { ...stats, finishedBy: 'rules' } };
  // Every edge decided by deduction, which is sound for every loop: the one they make is the only one.
  const finished = { ...stats, finishedBy: 'rules', level: info[RULES_LEVEL] >= 0 ? LEVEL_NAMES[info[RULES_LEVEL]] : null };
  if (info[RULES_STATUS] !== SAT) return { outcome: { status: info[RULES_STATUS] === UNSAT ? 'unsat' : 'timeout', solution: null, unique: null }, stats: finished };
  return { outcome: { status: 'solved', solution: { rows: puzzle.rows, cols: puzzle.cols, on: decidedLoop }, unique: unique ? true : null }, stats: finished };
}

/** Past the first turn: the turns go on as Portfolio takes them, the puzzle as given in a second instance. */
function carryOn(core: AutoCore, search: WasmLoopSearch, puzzle: Puzzle, options: LoopSearchOptions, run: { deadline: number; unique: boolean }, stats: Stats, first?: Uint8Array): { outcome: Outcome; stats: Stats } {
  let asGiven: AutoCore | undefined;
  const portfolio = new Portfolio(search, [() => WasmLoopSearch.load(puzzle, options, undefined, (asGiven = takeInstance()))]);
  const outcome = portfolio.run(puzzle, run.deadline, run.unique, { turn: 1, first });
  const done = { outcome, stats: { ...stats, ...portfolio.stats(), answeredBy: portfolio.answeredBy === 0 ? 'first' : 'as given', finishedBy: 'cdcl-loop' } };
  idle.push(core, ...(asGiven ? [asGiven] : []));
  return done;
}
