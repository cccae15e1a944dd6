// cdcl-loop's WebAssembly core (wasm/core.ts, compiled into core-wasm.ts) behind the LoopSearch interface.
// The module is compiled once per process; each search is an instance of its own (a few typed arrays), so
// that auto's searches can take turns.
import { clueCodesOf, edgeCountOf, type Puzzle } from '../../grid.ts';
import { CDCL_CORE_WASM } from './core-wasm.ts';
import { connectivityLevel, type Connectivity } from './loop-propagator.ts';
import type { CdclStats, SolveAnswer } from './solver.ts';

interface Core {
  memory: WebAssembly.Memory;
  setupGrid(rows: number, cols: number, seed: number, connectivity: number): void;
  cluesPointer(): number;
  assignPointer(): number;
  inputPointer(n: number): number;
  finishSetup(): void;
  addClause(n: number): number;
  addFixedEdges(): number;
  addRuleClauses(): number;
  addCornerClauses(): number;
  getClauseCount(): number;
  solve(deadline: number, budget: number): number;
  stat(k: number): number;
}

const ANSWERS: readonly SolveAnswer[] = ['sat', 'unsat', 'timeout', 'budget'];
const IMPORTS = {
  env: {
    now: () => performance.now(),
    abort: () => {
      throw new Error('internal: the cdcl-loop wasm core aborted');
    },
  },
};

let compiled: WebAssembly.Module | undefined;
/** One instance made with the module and not used yet: the first search in a process takes it. */
let spare: Core | undefined;

const instantiate = (module: WebAssembly.Module): Core => new WebAssembly.Instance(module, IMPORTS).exports as unknown as Core;

/**
 * Compiles the module and makes one instance (once per process); back-ends call it from `prepare`, so that
 * solve times exclude loading the core, as a native solver's exclude loading its binary. Its searches
 * allocate their arrays anew in each instance (setupGrid).
 */
export function loadCdclCore(): WebAssembly.Module {
  if (!compiled) {
    compiled = new WebAssembly.Module(Buffer.from(CDCL_CORE_WASM, 'base64'));
    spare = instantiate(compiled);
  }
  return compiled;
}

function takeInstance(): Core {
  const module = loadCdclCore();
  const core = spare ?? instantiate(module);
  spare = undefined;
  return core;
}

// A LoopSearch (loop-search.ts), by shape: importing the interface would make an import cycle.
export class WasmLoopSearch {
  private readonly core: Core;
  private readonly edgeCount: number;

  constructor(puzzle: Puzzle, seed: number, connectivity: Connectivity) {
    const core = (this.core = takeInstance());
    this.edgeCount = edgeCountOf(puzzle);
    core.setupGrid(puzzle.rows, puzzle.cols, seed, connectivityLevel(connectivity));
    new Int8Array(core.memory.buffer, core.cluesPointer(), puzzle.rows * puzzle.cols).set(clueCodesOf(puzzle));
    core.finishSetup();
  }

  solve(deadline: number, conflictBudget = Infinity): SolveAnswer {
    return ANSWERS[this.core.solve(deadline, Number.isFinite(conflictBudget) ? conflictBudget : -1)];
  }

  /** Edge states decided in advance (0 open, 1 on, 2 off, as the rules core writes them), as unit clauses. */
  addFixedEdges(states: Uint8Array): number {
    const at = this.core.inputPointer(Math.ceil(states.length / 4));
    new Uint8Array(this.core.memory.buffer, at, states.length).set(states);
    return this.core.addFixedEdges();
  }

  addClause(literals: readonly number[]): boolean {
    // The pointer first: making room may grow the memory, and a view taken before would be detached.
    const at = this.core.inputPointer(literals.length);
    new Int32Array(this.core.memory.buffer, at, literals.length).set(literals);
    return this.core.addClause(literals.length) === 1;
  }

  /** The same clauses as loop-clauses.ts, in the same order, written by the core itself (no JavaScript loop in a cold process). */
  addPuzzleClauses(puzzle: Puzzle, corners: boolean): { count: number; cornerCount: number } {
    this.core.addRuleClauses();
    for (const f of puzzle.fixedEdges ?? []) this.addClause([2 * f.edge + (f.on ? 0 : 1)]);
    const cornerCount = corners ? this.core.addCornerClauses() : 0;
    return { count: this.core.getClauseCount() + (puzzle.fixedEdges?.length ?? 0), cornerCount: Math.max(0, cornerCount) };
  }

  model(): Uint8Array {
    const assign = new Uint8Array(this.core.memory.buffer, this.core.assignPointer(), this.edgeCount);
    return assign.map((a) => (a === 1 ? 1 : 0));
  }

  stats(): CdclStats {
    const s = (k: number) => this.core.stat(k);
    return { conflicts: s(0), decisions: s(1), propagations: s(2), learnedClauses: s(3), deletedClauses: s(4), restarts: s(5), theoryPropagations: s(6), theoryConflicts: s(7) };
  }
}
