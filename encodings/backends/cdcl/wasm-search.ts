// cdcl-loop's WebAssembly core (wasm/core.ts, compiled into core-wasm.ts) behind the LoopSearch interface.
// The module is compiled once per process; each search is an instance of its own (a few typed arrays), so
// that auto's searches can take turns.
import type { FlatGrid, Puzzle } from '../../grid.ts';
import { CDCL_CORE_WASM } from './core-wasm.ts';
import { connectivityLevel, type Connectivity } from './loop-propagator.ts';
import type { CdclStats, SolveAnswer } from './solver.ts';

interface Core {
  memory: WebAssembly.Memory;
  setup(vertices: number, edges: number, cells: number, seed: number, connectivity: number): void;
  vertexEdgesPointer(): number;
  edgeEndsPointer(): number;
  edgeCellsPointer(): number;
  cluesPointer(): number;
  assignPointer(): number;
  inputPointer(n: number): number;
  finishSetup(): void;
  addClause(n: number): number;
  addRuleClauses(): number;
  addCornerClauses(): number;
  getClauseCount(): number;
  cellEdgesPointer(): number;
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

/** Compiles the module (once per process); back-ends call it from `prepare`, so that solve times exclude it. */
export function loadCdclCore(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(Buffer.from(CDCL_CORE_WASM, 'base64'));
  return compiled;
}

// A LoopSearch (loop-search.ts), by shape: importing the interface would make an import cycle.
export class WasmLoopSearch {
  private readonly core: Core;
  private readonly edgeCount: number;

  constructor(grid: FlatGrid, puzzle: Puzzle, seed: number, connectivity: Connectivity) {
    const core = (this.core = new WebAssembly.Instance(loadCdclCore(), IMPORTS).exports as unknown as Core);
    this.edgeCount = grid.edgeCount;
    core.setup(grid.vertexCount, grid.edgeCount, grid.cellCount, seed, connectivityLevel(connectivity));
    const buffer = core.memory.buffer;
    new Int32Array(buffer, core.vertexEdgesPointer(), grid.vertexCount * 4).set(grid.vertexEdges);
    new Int32Array(buffer, core.edgeEndsPointer(), grid.edgeCount * 2).set(grid.edgeEnds);
    new Int32Array(buffer, core.edgeCellsPointer(), grid.edgeCount * 2).set(grid.edgeCells);
    new Int32Array(buffer, core.cellEdgesPointer(), grid.cellCount * 4).set(grid.cellEdges);
    const clues = new Int8Array(buffer, core.cluesPointer(), grid.cellCount);
    for (let cell = 0; cell < grid.cellCount; cell++) {
      const clue = puzzle.clues[cell];
      clues[cell] = typeof clue === 'number' ? clue : -1;
    }
    core.finishSetup();
  }

  solve(deadline: number, conflictBudget = Infinity): SolveAnswer {
    return ANSWERS[this.core.solve(deadline, Number.isFinite(conflictBudget) ? conflictBudget : -1)];
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
