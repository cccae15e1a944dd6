// The rules solver's WebAssembly core (core.ts, compiled into core.wasm.ts), behind the same entry points as
// the TypeScript reference: a solve (../search.ts solveWithRules) and a presolve. Compiled once per process, by
// the back-end's prepare; V8 compiles wasm with its baseline compiler at once, so that the first solve in a
// fresh process runs at nearly warm speed instead of in the JavaScript interpreter.
import { clueCodesOf, edgeCountOf, type Puzzle } from '../../../grid.ts';
import { CorePool } from '../../../wasm/core-pool.ts';
import { graphPuzzleOf, slotTablesOf, writeGraphTables, type GraphPuzzle } from '../../../wasm/graph-tables.ts';
import { LEVELS, type Level } from '../levels.ts';
import type { PresolveOutcome, RulesOptions, RulesOutcome } from '../search.ts';
import type { RulesStats } from '../state.ts';
import { CONTRADICTION, CONTRADICTION_IN_TRIAL, CROSS, LINE, NO_LEVEL, SOLVED, TIMEOUT, TRIAL_STOPPED, UNSAT } from './abi.ts';
import { STAT_BY_CELL, STAT_BY_GUESS, STAT_BY_LOOP, STAT_BY_TRIAL, STAT_BY_VERTEX, STAT_CORNER_UPDATES, STAT_MAX_DEPTH, STAT_NODES } from './abi.ts';
import { RULES_CORE_WASM } from './core.wasm.ts';

interface Core {
  memory: WebAssembly.Memory;
  setupGrid(rows: number, cols: number, maxSolutions: number): void;
  setupGraph(vertices: number, edges: number, faces: number, vertexSlots: number, faceSlots: number, maxSolutions: number): void;
  vertexEdgesPointer(): number;
  cellEdgesPointer(): number;
  edgeEndsPointer(): number;
  edgeCellsPointer(): number;
  cluesPointer(): number;
  statePointer(): number;
  solutionsPointer(): number;
  finishSetup(): void;
  getSolutionCount(): number;
  getUnknowns(): number;
  stat(k: number): number;
  assume(edge: number, value: number): number;
  solve(corners: number, trial: number, maxSolutions: number, deadline: number): number;
  presolve(corners: number, trial: number, deadline: number): number;
  continueWithTrial(deadline: number): number;
  level(): number;
  decidedWithoutSearch(): number;
}

/** The core's status codes (abi.ts), by name. */
export const STATUS: Readonly<Record<number, RulesOutcome['status']>> = { [SOLVED]: 'solved', [UNSAT]: 'unsat', [TIMEOUT]: 'timeout' };

/** The level the core reports (abi.ts: an index into LEVELS, or NO_LEVEL), by name. */
export function levelName(code: number): Level | null {
  return code === NO_LEVEL ? null : LEVELS[code];
}

/**
 * One instance serves every solve (each setup starts from scratch); its runtime frees what a solve lets go of.
 * A solve that throws keeps its instance, and the next takes a new one.
 */
const rulesCores = new CorePool<Core>(RULES_CORE_WASM, 'rules');

/**
 * Compiles the core and makes its instance (once per process; the back-end's prepare calls it, so that solve
 * times exclude it). V8 flags that change how wasm is compiled (the back-end's oneShotV8Flags) apply from here on.
 */
export function loadRulesCore(): WebAssembly.Module {
  return rulesCores.load();
}

/** `run` with an instance of the core, given back afterwards. */
function withCore<T>(run: (core: Core) => T): T {
  const core = rulesCores.take();
  const result = run(core);
  rulesCores.give(core);
  return result;
}

/**
 * Loads a puzzle into the core: its grid (tables filled by the core, or a graph's written here), clues and fixed
 * edges; false when a fixed edge contradicts.
 */
function load(core: Core, given: Puzzle | GraphPuzzle, maxSolutions: number): boolean {
  const puzzle = 'graph' in given || !given.tiling ? given : graphPuzzleOf(given);
  if ('graph' in puzzle) {
    const tables = slotTablesOf(puzzle.graph);
    core.setupGraph(tables.vertexCount, tables.edgeCount, tables.faceCount, tables.vertexSlots, tables.faceSlots, maxSolutions);
    writeGraphTables(core, tables, puzzle.clueCodes);
  } else {
    core.setupGrid(puzzle.rows, puzzle.cols, maxSolutions);
    new Int8Array(core.memory.buffer, core.cluesPointer(), puzzle.rows * puzzle.cols).set(clueCodesOf(puzzle));
  }
  core.finishSetup();
  for (const f of puzzle.fixedEdges ?? []) if (!core.assume(f.edge, f.on ? LINE : CROSS)) return false;
  return true;
}

function stats(core: Core): RulesStats {
  return {
    byVertex: core.stat(STAT_BY_VERTEX),
    byCell: core.stat(STAT_BY_CELL),
    byLoop: core.stat(STAT_BY_LOOP),
    byTrial: core.stat(STAT_BY_TRIAL),
    byGuess: core.stat(STAT_BY_GUESS),
    nodes: core.stat(STAT_NODES),
    maxDepth: core.stat(STAT_MAX_DEPTH),
    cornerUpdates: core.stat(STAT_CORNER_UPDATES),
  };
}

/**
 * solveWithRules (../search.ts), run by the wasm core, on the square grid or any planar graph (where the corners
 * are any two edges that follow each other around a face, and trial probes with counting alone).
 */
export function solveWithRulesCore(puzzle: Puzzle | GraphPuzzle, options: RulesOptions): RulesOutcome {
  return withCore((core) => solveIn(core, puzzle, options));
}

function solveIn(core: Core, puzzle: Puzzle | GraphPuzzle, options: RulesOptions): RulesOutcome {
  if (!load(core, puzzle, options.maxSolutions)) return { status: 'unsat', solutions: [], level: null, decidedWithoutSearch: 0, stats: stats(core) };
  const status = STATUS[core.solve(options.corners ? 1 : 0, options.trial ? 1 : 0, options.maxSolutions, options.deadline)];
  const edges = 'graph' in puzzle ? puzzle.graph.edgeCount : edgeCountOf(puzzle);
  const all = new Uint8Array(core.memory.buffer, core.solutionsPointer(), edges * core.getSolutionCount());
  const solutions = Array.from({ length: core.getSolutionCount() }, (_, i) => all.slice(i * edges, (i + 1) * edges));
  return { status, solutions, level: levelName(core.level()), decidedWithoutSearch: core.decidedWithoutSearch(), stats: stats(core) };
}

/** presolveWithRules (../search.ts), run by the wasm core. */
export function presolveWithRulesCore(puzzle: Puzzle, options: { corners: boolean; trial: boolean; deadline: number }): PresolveOutcome {
  return withCore((core) => {
    const edges = edgeCountOf(puzzle);
    const code = load(core, puzzle, 1) ? core.presolve(options.corners ? 1 : 0, options.trial ? 1 : 0, options.deadline) : CONTRADICTION;
    return {
      contradiction: code === CONTRADICTION || code === CONTRADICTION_IN_TRIAL,
      trialFinished: !options.trial || code === CONTRADICTION ? null : code !== TRIAL_STOPPED,
      state: new Uint8Array(core.memory.buffer, core.statePointer(), edges).slice(),
    };
  });
}

/** auto's presolve (encodings/backends/auto), in one load of the core. */
export interface StagedPresolve {
  contradiction: boolean;
  trialRan: boolean;
  /** As PresolveOutcome's. */
  trialFinished: boolean | null;
  /** Edges decided (LINE or CROSS in `state`). */
  decided: number;
  /** Edge states (UNKNOWN, LINE, CROSS), one per edge. */
  state: Uint8Array;
  /** When deduction decided every edge: the loop they make, or null when they make none (the puzzle has no loop). */
  loop?: Uint8Array | null;
  /** The level that decided everything, as solveWithRulesCore's (with `loop`). */
  level?: Level | null;
}

/**
 * Deduction with the corner rules, then trial from the state it left when it decided at least `trialFrom` of
 * the edges (0-1; above 1: never); a puzzle decided completely is checked for one loop in the same load.
 * The same as presolveWithRulesCore without trial, then with trial on the puzzle given those edges, but
 * without loading the puzzle again: in a fresh process each JavaScript step costs.
 */
export function presolveInStages(puzzle: Puzzle, options: { trialFrom: number; deadline: number }): StagedPresolve {
  return withCore((core) => presolveInStagesIn(core, puzzle, options));
}

function presolveInStagesIn(core: Core, puzzle: Puzzle, options: { trialFrom: number; deadline: number }): StagedPresolve {
  const edges = edgeCountOf(puzzle);
  const state = () => new Uint8Array(core.memory.buffer, core.statePointer(), edges).slice();
  if (!load(core, puzzle, 1) || core.presolve(1, 0, options.deadline) === CONTRADICTION) return { contradiction: true, trialRan: false, trialFinished: null, decided: 0, state: state() };
  const trialRan = edges - core.getUnknowns() >= options.trialFrom * edges && core.getUnknowns() > 0;
  let trialFinished: boolean | null = null;
  if (trialRan) {
    const code = core.continueWithTrial(options.deadline);
    if (code === CONTRADICTION_IN_TRIAL) return { contradiction: true, trialRan, trialFinished: true, decided: 0, state: state() };
    trialFinished = code !== TRIAL_STOPPED;
  }
  const decided = edges - core.getUnknowns();
  if (decided < edges) return { contradiction: false, trialRan, trialFinished, decided, state: state() };
  // Every edge decided: the core's solve finds them one loop (or none) without search.
  const status = STATUS[core.solve(1, 0, 1, options.deadline)];
  const loop = status === 'solved' ? new Uint8Array(core.memory.buffer, core.solutionsPointer(), edges).slice() : null;
  return { contradiction: false, trialRan, trialFinished, decided, state: state(), loop, level: levelName(core.level()) };
}
