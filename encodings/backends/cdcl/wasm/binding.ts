// cdcl-loop's WebAssembly core (core.ts, compiled into core.wasm.ts) behind the LoopSearch interface.
// The module is compiled once per process; each search is an instance of its own (a few typed arrays), so
// that auto's searches can take turns.
import { clueCodesOf, edgeCountOf, type Puzzle } from '../../../grid.ts';
import { CorePool } from '../../../wasm/core-pool.ts';
import { graphPuzzleOf, slotTablesOf, writeGraphTables } from '../../../wasm/graph-tables.ts';
import { connectivityLevel, type Connectivity } from '../loop-propagator.ts';
import type { SolveAnswer } from '../solver.ts';
import { BUDGET, COUNTER_SLOTS, SAT, TIMEOUT, UNSAT } from './abi.ts';
import { CDCL_CORE_WASM } from './core.wasm.ts';
import type { ProofLog } from '../proof-log.ts';

/** The cdcl core's exports (auto's core exports them too). */
export interface CdclCore {
  memory: WebAssembly.Memory;
  setupGrid(rows: number, cols: number, seed: number, connectivity: number): void;
  setupGraph(vertices: number, edges: number, faces: number, vertexSlots: number, faceSlots: number, seed: number, connectivity: number): void;
  vertexEdgesPointer(): number;
  cellEdgesPointer(): number;
  edgeEndsPointer(): number;
  edgeCellsPointer(): number;
  cluesPointer(): number;
  inputPointer(n: number): number;
  finishSetup(): void;
  addClause(n: number): number;
  addFixedEdges(): number;
  addRuleClauses(): number;
  addCornerClauses(): number;
  getClauseCount(): number;
  solve(deadline: number, budget: number): number;
  writeModel(): number;
  loopPointer(): number;
  addBlockingClause(): number;
  statsPointer(): number;
  startProof(): void;
  proofPointer(): number;
  proofLength(): number;
  drainProof(): void;
  /** auto's core only: the records as text, at proofTextPointer (proofTextLength bytes). */
  proofText?(): void;
  proofTextPointer?(): number;
  proofTextLength?(): number;
}

/** The answers of the core's solve (abi.ts), by code (auto's core reports its searches' answers in these codes too). */
export const ANSWERS: Readonly<Record<number, SolveAnswer>> = { [SAT]: 'sat', [UNSAT]: 'unsat', [TIMEOUT]: 'timeout', [BUDGET]: 'budget' };

/** cdcl-loop's core: every search takes an instance of its own and keeps it (its arrays are allocated anew in each, by setupGrid). */
const cdclCores = new CorePool<CdclCore>(CDCL_CORE_WASM, 'cdcl-loop');

/** Compiles the cdcl core and makes one instance (once per process). */
export function loadCdclCore(): WebAssembly.Module {
  return cdclCores.load();
}

// A LoopSearch (loop-search.ts), by shape: importing the interface would make an import cycle. In a fresh
// process every line of JavaScript runs cold (a few microseconds each), so each step is one call into the core.
export class WasmLoopSearch {
  /**
   * A search in `core` with the puzzle already loaded (by `load`, or by auto's core in its one call), of
   * `clauses` clauses (rule and corner clauses and a unit per fixed edge), `cornerCount` of them corner clauses.
   */
  constructor(
    private readonly core: CdclCore,
    private readonly edgeCount: number,
    readonly clauses: number,
    readonly cornerCount: number,
  ) {}

  /**
   * The puzzle's clauses, in the same order as loop-clauses.ts writes them (made by the core itself), after
   * `fixed`: edge states decided in advance (0 open, 1 on, 2 off, as the rules core leaves them) as units,
   * so that clauses they satisfy are never attached. `core`: an instance of this module or of auto's. With
   * `proof`, the search writes a proof of what it finds (drainProof reads it). On another grid than the square
   * one the core takes the planar graph's tables, and the corner rules (square faces) are not added.
   */
  static load(puzzle: Puzzle, options: { seed: number; connectivity: Connectivity; corners: boolean }, fixed?: Uint8Array, core: CdclCore = cdclCores.take(), proof = false): WasmLoopSearch {
    const edges = edgeCountOf(puzzle);
    if (puzzle.tiling) {
      const graph = graphPuzzleOf(puzzle);
      const tables = slotTablesOf(graph.graph);
      core.setupGraph(tables.vertexCount, tables.edgeCount, tables.faceCount, tables.vertexSlots, tables.faceSlots, options.seed, connectivityLevel(options.connectivity));
      writeGraphTables(core, tables, graph.clueCodes);
    } else {
      core.setupGrid(puzzle.rows, puzzle.cols, options.seed, connectivityLevel(options.connectivity));
      new Int8Array(core.memory.buffer, core.cluesPointer(), puzzle.rows * puzzle.cols).set(clueCodesOf(puzzle));
    }
    core.finishSetup();
    if (proof) core.startProof();
    let units = 0;
    if (fixed) {
      // The pointer first: making room may grow the memory, and a view taken before would be detached.
      const at = core.inputPointer(Math.ceil(edges / 4));
      new Uint8Array(core.memory.buffer, at, edges).set(fixed);
      units = core.addFixedEdges();
    }
    core.addRuleClauses();
    for (const f of puzzle.fixedEdges ?? []) addClause(core, [2 * f.edge + (f.on ? 0 : 1)]);
    const corners = options.corners && !puzzle.tiling ? core.addCornerClauses() : 0;
    return new WasmLoopSearch(core, edges, core.getClauseCount() + (puzzle.fixedEdges?.length ?? 0) + units, Math.max(0, corners));
  }

  solve(deadline: number, conflictBudget = Infinity): SolveAnswer {
    return ANSWERS[this.core.solve(deadline, Number.isFinite(conflictBudget) ? conflictBudget : -1)];
  }

  /** Forbids this loop (one byte per edge, 1 on): the clause is made in the core. */
  block(loop: Uint8Array): void {
    new Uint8Array(this.core.memory.buffer, this.core.loopPointer(), this.edgeCount).set(loop);
    this.core.addBlockingClause();
  }

  model(): Uint8Array {
    return new Uint8Array(this.core.memory.buffer, this.core.writeModel(), this.edgeCount).slice();
  }

  /** Moves the proof's records written so far into `log`: as the lines of text auto's core makes of them, else as records. */
  drainProof(log: ProofLog): void {
    const core = this.core;
    if (core.proofText && core.proofTextPointer && core.proofTextLength) {
      core.proofText();
      // A view after the call: making the text may have grown the memory.
      log.appendText(new Uint8Array(core.memory.buffer, core.proofTextPointer(), core.proofTextLength()));
    } else log.append(new Int32Array(core.memory.buffer, core.proofPointer(), core.proofLength()));
    core.drainProof();
  }

  /** The counters in the order of loop-search.ts's COUNTERS (statsPointer writes them so). */
  counters(): Float64Array {
    return new Float64Array(this.core.memory.buffer, this.core.statsPointer(), COUNTER_SLOTS).slice();
  }
}

function addClause(core: CdclCore, literals: readonly number[]): boolean {
  // The pointer first: making room may grow the memory, and a view taken before would be detached.
  const at = core.inputPointer(literals.length);
  new Int32Array(core.memory.buffer, at, literals.length).set(literals);
  return core.addClause(literals.length) === 1;
}
