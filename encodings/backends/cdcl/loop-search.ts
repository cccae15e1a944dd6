// One search for loops of a puzzle, whichever core runs it (the TypeScript reference or the wasm core), and
// the protocol both back-ends of the family use: a first loop, then a blocking clause and a second search.
// Several searches over the same edges (the puzzle as given, the puzzle after the rules presolve) can run
// interleaved with growing conflict budgets, so that one stuck in a heavy tail cannot hold the answer back.
import type { Outcome, Stats } from '../../backend.ts';
import { flatGridOf, type Puzzle } from '../../grid.ts';
import { decideUniqueness, firstOutcome, type LoopAnswer } from '../../protocol.ts';
import type { Solution } from '../../solution.ts';
import { loopClauses } from './loop-clauses.ts';
import { LoopPropagator, type Connectivity } from './loop-propagator.ts';
import { CdclSolver, type CdclStats, type SolveAnswer } from './solver.ts';
import { WasmLoopSearch } from './wasm-search.ts';

export type Core = 'wasm' | 'typescript';

export interface LoopSearchOptions {
  corners: boolean;
  connectivity: Connectivity;
  seed: number;
  core: Core;
}

/** What both cores offer: search on, add a clause, read the model and the counters. */
export interface LoopSearch {
  solve(deadline: number, conflictBudget?: number): SolveAnswer;
  addClause(literals: readonly number[]): boolean;
  /** Adds the puzzle's clauses (loop-clauses.ts): how many, and how many of them are corner clauses. */
  addPuzzleClauses(puzzle: Puzzle, corners: boolean): { count: number; cornerCount: number };
  /** The on-edges of the last model (edges left unassigned are off). */
  model(): Uint8Array;
  stats(): CdclStats;
}

class TypeScriptLoopSearch implements LoopSearch {
  constructor(readonly solver: CdclSolver) {}
  solve(deadline: number, conflictBudget?: number): SolveAnswer {
    return this.solver.solve(deadline, conflictBudget);
  }
  addClause(literals: readonly number[]): boolean {
    return this.solver.addClause(literals);
  }
  addPuzzleClauses(puzzle: Puzzle, corners: boolean): { count: number; cornerCount: number } {
    const { flat, count, cornerCount } = loopClauses(puzzle, corners);
    for (let at = 0; at < flat.length; at += flat[at] + 1) this.solver.addClause(Array.from(flat.subarray(at + 1, at + 1 + flat[at])));
    return { count, cornerCount };
  }
  model(): Uint8Array {
    const on = new Uint8Array(this.solver.variables);
    for (let e = 0; e < on.length; e++) on[e] = this.solver.assign[e] === 1 ? 1 : 0;
    return on;
  }
  stats(): CdclStats {
    return { ...this.solver.stats };
  }
}

/**
 * A search over the puzzle's edges with its clauses loaded, in the chosen core; `fixed`: edge states decided
 * in advance (0 open, 1 on, 2 off, as the rules core leaves them), added as unit clauses.
 */
export function createLoopSearch(puzzle: Puzzle, options: LoopSearchOptions, fixed?: Uint8Array): { search: LoopSearch; clauses: number; cornerCount: number } {
  let search: LoopSearch;
  let units = 0;
  if (options.core === 'wasm') {
    const wasm = new WasmLoopSearch(puzzle, options.seed, options.connectivity);
    if (fixed) units = wasm.addFixedEdges(fixed);
    search = wasm;
  } else {
    const grid = flatGridOf(puzzle);
    search = new TypeScriptLoopSearch(new CdclSolver(grid.edgeCount, new LoopPropagator(grid, puzzle, options.connectivity), options.seed));
    fixed?.forEach((state, edge) => {
      if (state === 0) return;
      search.addClause([2 * edge + (state === 1 ? 0 : 1)]);
      units++;
    });
  }
  const { count, cornerCount } = search.addPuzzleClauses(puzzle, options.corners);
  return { search, clauses: count + units, cornerCount };
}

/** Every edge of the loop on makes that loop the whole answer, so "not all of them" excludes exactly it. */
export function blockingClause(loop: Uint8Array): number[] {
  const clause: number[] = [];
  loop.forEach((bit, e) => bit && clause.push(2 * e + 1));
  return clause;
}

/** Conflicts the first search gets before the second starts, and the growth of each turn's budget. */
const FIRST_TURN = 1000;
const GROWTH = 2;

/**
 * Runs searches over the same edges in turns of growing conflict budgets (the first one alone at first), until
 * one finds a loop or proves there is none. Every search must have the same loops: a loop found by one is
 * blocked in all of them by the uniqueness step. A search is created when its first turn comes.
 */
export class Portfolio {
  private readonly searches: (LoopSearch | undefined)[];
  private readonly blocking: number[][] = [];
  iterations = 0;
  /** Which search gave the last answer. */
  answeredBy = 0;

  constructor(private readonly makers: (() => LoopSearch)[]) {
    this.searches = makers.map(() => undefined);
  }

  private search(i: number): LoopSearch {
    let search = this.searches[i];
    if (!search) {
      search = this.searches[i] = this.makers[i]();
      for (const clause of this.blocking) search.addClause(clause);
    }
    return search;
  }

  private solveOnce(deadline: number, rows: number, cols: number): LoopAnswer {
    this.iterations++;
    const n = this.makers.length;
    let budget = FIRST_TURN;
    // The search that gave the last answer goes first: what it learnt found that loop, and the uniqueness
    // search needs the same region.
    const first = this.answeredBy;
    for (let turn = 0; ; turn++) {
      const i = (first + turn) % n;
      const search = this.search(i);
      const answer = search.solve(deadline, n === 1 ? Infinity : budget);
      if (answer === 'sat') {
        this.answeredBy = i;
        return { rows, cols, on: search.model() };
      }
      if (answer === 'unsat' || answer === 'timeout') {
        this.answeredBy = i;
        return answer;
      }
      if (turn % n === n - 1) budget *= GROWTH;
    }
  }

  /** The first loop and, with `unique`, whether there is a second (every search keeps what it learnt). */
  async run(puzzle: Puzzle, deadline: number, unique: boolean): Promise<Outcome> {
    const first = this.solveOnce(deadline, puzzle.rows, puzzle.cols);
    if (typeof first === 'string' || !unique) return firstOutcome(first);
    return decideUniqueness(first, async (loop: Solution) => {
      const clause = blockingClause(loop.on);
      this.blocking.push(clause);
      for (const search of this.searches) search?.addClause(clause);
      return this.solveOnce(deadline, puzzle.rows, puzzle.cols);
    });
  }

  /** The counters of every search that ran, added up. */
  stats(): Stats {
    const total: Record<string, number> = {};
    for (const search of this.searches) for (const [k, v] of Object.entries(search?.stats() ?? {})) total[k] = (total[k] ?? 0) + v;
    return {
      iterations: this.iterations,
      conflicts: total.conflicts,
      decisions: total.decisions,
      propagations: total.propagations,
      learnedClauses: total.learnedClauses,
      deletedClauses: total.deletedClauses,
      restarts: total.restarts,
      loopPropagations: total.theoryPropagations,
      loopConflicts: total.theoryConflicts,
      searches: this.searches.filter(Boolean).length,
    };
  }
}
