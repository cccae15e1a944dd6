// One search for loops of a puzzle, whichever core runs it (the TypeScript reference or the wasm core), and
// the protocol both back-ends of the family use: a first loop, then a blocking clause and a second search.
// Several searches over the same edges (the puzzle as given, the puzzle after the rules presolve) can run
// interleaved with growing conflict budgets, so that one stuck in a heavy tail cannot hold the answer back.
import type { Outcome, Stats } from '../../backend.ts';
import { flatGridOf, type Puzzle } from '../../grid.ts';
import { firstOutcome, uniquenessOutcome, type NoLoop } from '../../protocol.ts';
import { loopClauses } from './loop-clauses.ts';
import { LoopPropagator, type Connectivity } from './loop-propagator.ts';
import { CdclSolver, type CdclStats, type SolveAnswer } from './solver.ts';
import { WasmLoopSearch } from './wasm/binding.ts';
import { ProofLog, type ProofClaim } from './proof-log.ts';
import { loopOf } from '../../solution.ts';

export type Core = 'wasm' | 'typescript';

export interface LoopSearchOptions {
  corners: boolean;
  connectivity: Connectivity;
  seed: number;
  core: Core;
}

/** What both cores offer, with the puzzle loaded: search on, forbid a loop, read the model and the counters. */
export interface LoopSearch {
  /** The clauses added (rule and corner clauses, and a unit per fixed edge), and how many are corner clauses. */
  readonly clauses: number;
  readonly cornerCount: number;
  solve(deadline: number, conflictBudget?: number): SolveAnswer;
  /** Forbids this loop (one byte per edge, 1 on): the blocking clause of blockingClause. */
  block(loop: Uint8Array): void;
  /** The on-edges of the last model (edges left unassigned are off). */
  model(): Uint8Array;
  /** The solver's counters, in the order of COUNTERS. */
  counters(): Float64Array;
  /** Moves the proof's steps written so far into `log` (a search created with `proof` only). */
  drainProof?(log: ProofLog): void;
}

/** CdclStats's counters in the order LoopSearch.counters gives them (the wasm core writes them so). */
export const COUNTERS: readonly (keyof CdclStats)[] = ['conflicts', 'decisions', 'propagations', 'learnedClauses', 'deletedClauses', 'restarts', 'theoryPropagations', 'theoryConflicts'];

class TypeScriptLoopSearch implements LoopSearch {
  private readonly solver: CdclSolver;
  readonly clauses: number;
  readonly cornerCount: number;

  constructor(puzzle: Puzzle, options: LoopSearchOptions, fixed?: Uint8Array) {
    const grid = flatGridOf(puzzle);
    const solver = (this.solver = new CdclSolver(grid.edgeCount, new LoopPropagator(grid, puzzle, options.connectivity), options.seed));
    let units = 0;
    fixed?.forEach((state, edge) => {
      if (state === 0) return;
      solver.addClause([2 * edge + (state === 1 ? 0 : 1)]);
      units++;
    });
    const { flat, count, cornerCount } = loopClauses(puzzle, options.corners);
    for (let at = 0; at < flat.length; at += flat[at] + 1) solver.addClause(Array.from(flat.subarray(at + 1, at + 1 + flat[at])));
    this.clauses = count + units;
    this.cornerCount = cornerCount;
  }
  solve(deadline: number, conflictBudget?: number): SolveAnswer {
    return this.solver.solve(deadline, conflictBudget);
  }
  block(loop: Uint8Array): void {
    this.solver.addClause(blockingClause(loop));
  }
  model(): Uint8Array {
    const on = new Uint8Array(this.solver.variables);
    for (let e = 0; e < on.length; e++) on[e] = this.solver.assign[e] === 1 ? 1 : 0;
    return on;
  }
  counters(): Float64Array {
    return Float64Array.from(COUNTERS, (k) => this.solver.stats[k]);
  }
}

/**
 * A search over the puzzle's edges with its clauses loaded, in the chosen core; `fixed`: edge states decided
 * in advance (0 open, 1 on, 2 off, as the rules core leaves them), added as unit clauses before the rest. With
 * `proof` the search writes a proof (docs/proof-format.md; the wasm core only), whose base is the puzzle's
 * rules alone: then nothing may be decided in advance.
 */
export function createLoopSearch(puzzle: Puzzle, options: LoopSearchOptions, fixed?: Uint8Array, proof = false): LoopSearch {
  if (proof && (options.core !== 'wasm' || fixed || puzzle.fixedEdges?.length)) throw new Error('internal: a proof is written by the wasm core, for a puzzle with no edge decided in advance');
  if (puzzle.tiling && options.core === 'typescript') throw new Error(`core=typescript reads the square grid only; the wasm core (the default) solves a ${puzzle.tiling.type} grid`);
  return options.core === 'wasm' ? WasmLoopSearch.load(puzzle, options, fixed, undefined, proof) : new TypeScriptLoopSearch(puzzle, options, fixed);
}

/**
 * Whether a solve asked to certify writes a proof: the options allow it, and the puzzle has no edge fixed in
 * advance (a proof's base is the puzzle's rules; the runner does not ask then, and says why).
 */
export function writesProof(certify: boolean | undefined, puzzle: Puzzle, options: { core: Core }): boolean {
  return certify === true && searchCertifies(options) === true && !puzzle.fixedEdges?.length;
}

/** Whether a search with these options can write a proof: true, or why not (Backend.certifies). */
export function searchCertifies(options: { core: Core }): true | string {
  return options.core === 'wasm' ? true : 'the TypeScript reference search (core=typescript) writes no proofs; the default core=wasm does';
}

/** Every edge of the loop on makes that loop the whole answer, so "not all of them" excludes exactly it. */
export function blockingClause(loop: Uint8Array): number[] {
  const clause: number[] = [];
  loop.forEach((bit, e) => bit && clause.push(2 * e + 1));
  return clause;
}

/**
 * The proof a search wrote (created with `proof`), for its outcome: of a unique loop or of no loop; none for
 * other outcomes (a second loop, no answer in time). `log`: the steps before the search's (auto's deduction).
 */
export function proofOf(search: LoopSearch, puzzle: Puzzle, outcome: Outcome, log = new ProofLog(puzzle)): string | undefined {
  const claim: ProofClaim | undefined = outcome.status === 'unsat' ? { kind: 'unsat' } : outcome.unique === true && outcome.solution ? { kind: 'unique', loop: outcome.solution.on } : undefined;
  if (!claim || !search.drainProof) return undefined;
  search.drainProof(log);
  return log.text(puzzle, claim);
}

/** Conflicts the first search gets before the second starts, and the growth of each turn's budget. */
export const FIRST_TURN = 1000;
const GROWTH = 2;

/**
 * Where a run carries on that another caller began (auto's core, in one call): the first search has had the
 * turns before `turn` of the round it stopped in; `first`, when that caller found the first loop, is that
 * loop, already blocked in the first search, and the round stopped in is the uniqueness step's.
 */
export interface CarryOn {
  turn: number;
  first?: Uint8Array;
}

/**
 * Runs searches over the same edges in turns of growing conflict budgets (the first one alone at first), until
 * one finds a loop or proves there is none. Every search must have the same loops: a loop found by one is
 * blocked in all of them by the uniqueness step. A search after the first is created when its first turn comes.
 */
export class Portfolio {
  private readonly searches: (LoopSearch | undefined)[];
  private readonly blocked: Uint8Array[] = [];
  iterations = 0;
  /** Which search gave the last answer. */
  answeredBy = 0;

  constructor(first: LoopSearch, private readonly others: readonly (() => LoopSearch)[] = []) {
    this.searches = [first, ...others.map(() => undefined)];
  }

  /** The first loop's on-edges, or why there is none; turns before `fromTurn` were had already. */
  private solveOnce(deadline: number, fromTurn: number): Uint8Array | NoLoop {
    this.iterations++;
    const n = this.searches.length;
    // The search that gave the last answer goes first: what it learnt found that loop, and the uniqueness
    // search needs the same region.
    const first = this.answeredBy;
    for (let turn = fromTurn; ; turn++) {
      const i = (first + turn) % n;
      let search = this.searches[i];
      if (!search) {
        search = this.searches[i] = this.others[i - 1]();
        for (const loop of this.blocked) search.block(loop);
      }
      // Every search has one turn at a budget before the budget grows.
      const answer = search.solve(deadline, n === 1 ? Infinity : FIRST_TURN * GROWTH ** Math.floor(turn / n));
      if (answer === 'sat' || answer === 'unsat' || answer === 'timeout') {
        this.answeredBy = i;
        return answer === 'sat' ? search.model() : answer;
      }
    }
  }

  /** The first loop and, with `unique`, whether there is a second (every search keeps what it learnt). */
  run(puzzle: Puzzle, deadline: number, unique: boolean, carryOn?: CarryOn): Outcome {
    // A loop carried in is blocked in the first search already, and its round counted.
    const carried = carryOn?.first;
    const turn = carryOn?.turn ?? 0;
    if (carried) this.iterations = 1;
    const on = carried ?? this.solveOnce(deadline, turn);
    if (typeof on === 'string') return firstOutcome(on);
    const first = loopOf(puzzle, on);
    if (!unique) return firstOutcome(first);
    this.blocked.push(on);
    if (!carried) for (const search of this.searches) search?.block(on);
    const second = this.solveOnce(deadline, carried ? turn : 0);
    return uniquenessOutcome(first, typeof second === 'string' ? second : loopOf(puzzle, second));
  }

  /** The counters of every search that ran, added up. */
  stats(): Stats {
    const total = new Float64Array(COUNTERS.length);
    let searches = 0;
    for (const search of this.searches) {
      if (!search) continue;
      searches++;
      const counters = search.counters();
      for (let k = 0; k < total.length; k++) total[k] += counters[k];
    }
    return searchStats(total, this.iterations, searches);
  }
}

/** The stats of cdcl-loop's searches: `counters` in the order of COUNTERS, added up over `searches` searches. */
export function searchStats(counters: Float64Array, iterations: number, searches: number): Stats {
  return {
    iterations,
    conflicts: counters[0],
    decisions: counters[1],
    propagations: counters[2],
    learnedClauses: counters[3],
    deletedClauses: counters[4],
    restarts: counters[5],
    loopPropagations: counters[6],
    loopConflicts: counters[7],
    searches,
  };
}
