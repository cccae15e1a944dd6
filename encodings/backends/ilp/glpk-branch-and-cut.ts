// glpk-cuts on glpk-wasm: one GLPK branch and cut per search, or (solveBeyond, with uniqueness) one for the
// first loop and the proof together. GLPK calls back at every node of its tree:
// - GLP_IROWGEN, with the node's LP solution: the cuts found earlier that it violates, and, on an integral
//   point with several loops, the cuts of its loops, go into the node as lazy rows (as GLPK's own TSP example
//   does), so GLPK re-solves the node instead of taking the point; past the first loop, an integral point
//   with one loop is recorded and cut off the same way;
// - GLP_ICUTGEN, at a fractional point: the violated cut-set inequalities (separation.ts, minimum cuts) go to
//   GLPK's cut pool;
// - GLP_IBRANCH: with branch=cells, the most fractional cell column is branched on;
// - GLP_IBINGO: an integral point passed the lazy rows, so it is one loop: the search stops there.
// GLPK keeps a row for the subtree of the node that added it; our own pool of every cut found lets all
// other nodes (and a uniqueness search) take it again. The outer check of ilp-backend.ts stays: GLPK's
// heuristics (simple rounding, feasibility pump, proximity search) record integer points without the
// callback, so a point with several loops can still come back; its loops are then cut and GLPK runs again.
import type { BackendOption } from '../../backend.ts';
import { loopCuts } from '../../protocol.ts';
import { edgeComponents } from '../../solution.ts';
import { BR_TECH, BT_TECH, GLP, IOCP, PP_TECH, SMCP, loadGlpk, writeField, type GlpkModule } from './glpk-api.ts';
import type { BranchAndCutContext, BranchAndCutSession, BranchAndCutStats, IlpAnswer } from './ilp-backend.ts';
import { cellColumn, cutRow, edgeColumn, otherLoopRow, vertexColumn, type IlpModel, type IlpRow } from './model.ts';
import { violatedCutsets } from './separation.ts';

/** GLPK's tol_int: the callback takes a node's point as integral exactly when GLPK will. */
const TOL_INT = 1e-5;

const onOff = ['on', 'off'] as const;

/**
 * GLPK's own settings (glp_iocp), under GLPK's names. Defaults chosen by measurement (README, "GLPK:
 * two engines"); see the engine section there for the runs.
 */
export const GLPK_SETTINGS = {
  gmi_cuts: { choices: onOff, default: 'off', description: "GLPK's Gomory mixed-integer cuts" },
  mir_cuts: { choices: onOff, default: 'off', description: "GLPK's mixed-integer rounding cuts" },
  cov_cuts: { choices: onOff, default: 'off', description: "GLPK's mixed cover cuts" },
  clq_cuts: { choices: onOff, default: 'off', description: "GLPK's clique cuts" },
  fp_heur: { choices: onOff, default: 'off', description: "GLPK's feasibility pump heuristic" },
  ps_heur: { choices: onOff, default: 'off', description: "GLPK's proximity search heuristic" },
  sr_heur: { choices: onOff, default: 'off', description: "GLPK's simple rounding heuristic (its points skip the callback: a rounded point with several loops ends the tree and is cut in a new one)" },
  br_tech: { choices: Object.keys(BR_TECH) as (keyof typeof BR_TECH)[], default: 'pch', description: 'branching variable: first, last or most fractional, Driebeck-Tomlin, hybrid pseudocost' },
  bt_tech: { choices: Object.keys(BT_TECH) as (keyof typeof BT_TECH)[], default: 'dfs', description: 'next node: depth first, breadth first, best local bound, best projection' },
  pp_tech: { choices: Object.keys(PP_TECH) as (keyof typeof PP_TECH)[], default: 'all', description: "GLPK's node preprocessing: none, at the root, at every node" },
  presolve: { choices: onOff, default: 'off', description: "GLPK's MIP presolver: its tree then holds presolved columns, which the callback cannot name, so cuts come only between runs (a new tree each time, as with glpk.js)" },
} as const satisfies Record<string, { choices: readonly string[]; default: string; description: string }>;
export type GlpkSetting = keyof typeof GLPK_SETTINGS;

/** Settings of the callback, beside GLPK's own. */
export const CALLBACK_SETTINGS = {
  branch: { choices: ['cells', 'glpk'], default: 'cells', description: "the column to branch on: the most fractional cell column while one is fractional (with inside=on), else GLPK's choice (br_tech)" },
} as const satisfies Record<string, { choices: readonly string[]; default: string; description: string }>;
export type GlpkSettings = Record<GlpkSetting | keyof typeof CALLBACK_SETTINGS, string>;

export const glpkSettingOptions: BackendOption[] = Object.entries({ ...GLPK_SETTINGS, ...CALLBACK_SETTINGS }).map(([name, s]) => ({ name, description: `${s.description} (engine glpk-wasm)`, default: s.default, choices: s.choices }));

/** The settings as they go into CSV rows and stats: `br_tech=dth bt_tech=dfs ...`. */
export const describeSettings = (settings: GlpkSettings) => Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(' ');

/** glp_iocp at `iocp` for a run: GLPK's defaults, then the settings, the time limit (ms) and the callback. */
export function fillIocp(m: GlpkModule, iocp: number, settings: GlpkSettings, timeLimitMs: number, callback: number): void {
  m._glp_init_iocp(iocp);
  const set = (name: keyof typeof IOCP.fields, value: number) => writeField(m, iocp, IOCP.fields[name], value);
  set('msg_lev', GLP.MSG_OFF);
  set('tm_lim', timeLimitMs);
  // The proximity search calls no callback while it runs: its own limit (60 s by default) is cut to ours.
  set('ps_tm_lim', Math.min(60_000, timeLimitMs));
  set('cb_func', callback);
  set('br_tech', BR_TECH[settings.br_tech as keyof typeof BR_TECH]);
  set('bt_tech', BT_TECH[settings.bt_tech as keyof typeof BT_TECH]);
  set('pp_tech', PP_TECH[settings.pp_tech as keyof typeof PP_TECH]);
  for (const flag of ['gmi_cuts', 'mir_cuts', 'cov_cuts', 'clq_cuts', 'fp_heur', 'ps_heur', 'sr_heur', 'presolve'] as const) set(flag, settings[flag] === 'on' ? GLP.ON : GLP.OFF);
}

let glpk: GlpkModule | undefined;
/** Set when a solve threw inside GLPK (an abort leaves the module unusable): the next load starts afresh. */
let poisoned = false;
/** GLPK's last lines of output, for error messages (messages are off unless GLPK fails). */
const output: string[] = [];

export async function loadGlpkWasm(): Promise<GlpkModule> {
  if (!glpk || poisoned) {
    glpk = await loadGlpk((text) => {
      output.push(text);
      if (output.length > 20) output.shift();
    });
    poisoned = false;
  }
  return glpk;
}

export function glpkWasmVersion(): string {
  return glpk ? glpk.UTF8ToString(glpk._glp_version()) : 'not loaded';
}

export function branchAndCut(model: IlpModel, context: BranchAndCutContext<GlpkSettings>): BranchAndCutSession {
  if (!glpk || poisoned) throw new Error('glpk-wasm is not loaded');
  const m = glpk;
  const { grid, settings } = context;
  const n = model.columns.length;
  const index = new Map(model.columns.map((name, j) => [name, j + 1]));
  const edgeIndex = Int32Array.from({ length: grid.edgeCount }, (_, e) => index.get(edgeColumn(e))!);
  const vertexIndex = Int32Array.from({ length: grid.vertexCount }, (_, v) => index.get(vertexColumn(v))!);
  const stats: BranchAndCutStats = { trees: 0, nodes: 0, fractionalCuts: 0, integralCuts: 0, poolCuts: 0, callbackMs: 0, separationMs: 0 };
  const presolve = settings.presolve === 'on';

  // Every allocation of the session, freed by dispose (in reverse).
  const problem = m._glp_create_prob();
  const ind = m._malloc(4 * (n + 1));
  const val = m._malloc(8 * (n + 1));
  const iocp = m._malloc(IOCP.size);
  const smcp = m._malloc(SMCP.size);
  const treeSize = m._malloc(12);
  try {
    m._glp_set_obj_dir(problem, GLP.MIN);
    m._glp_add_cols(problem, n);
    for (let j = 1; j <= n; j++) m._glp_set_col_kind(problem, j, GLP.BV);
    for (let e = 0; e < grid.edgeCount; e++) m._glp_set_obj_coef(problem, index.get(edgeColumn(e))!, 1);
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) poisoned = true;
    throw error;
  }

  /** Writes a row's terms into ind/val (1-based) and returns its length. */
  const terms = (row: IlpRow) => {
    row.terms.forEach(([name, coef], k) => {
      m.HEAP32[(ind >> 2) + k + 1] = index.get(name)!;
      m.HEAPF64[(val >> 3) + k + 1] = coef;
    });
    return row.terms.length;
  };
  let rowsPassed = 0;
  const syncRows = () => {
    const added = model.rows.length - rowsPassed;
    if (added === 0) return;
    const first = m._glp_add_rows(problem, added);
    for (let i = 0; i < added; i++) {
      const row = model.rows[rowsPassed + i];
      const type = row.lo !== undefined && row.hi !== undefined ? (row.lo === row.hi ? GLP.FX : GLP.DB) : row.lo !== undefined ? GLP.LO : GLP.UP;
      m._glp_set_row_bnds(problem, first + i, type, row.lo ?? 0, row.hi ?? 0);
      m._glp_set_mat_row(problem, first + i, terms(row), ind, val);
    }
    rowsPassed = model.rows.length;
  };

  // The callback. A JS exception must not unwind through GLPK's frames (its tree would never be freed):
  // it is kept, the search is stopped, and it is thrown again once glp_intopt has returned.
  let failure: unknown;
  let nodeRounds = new Map<number, number>();
  const x = new Float64Array(grid.edgeCount);
  const y = new Float64Array(grid.vertexCount);
  // Every cut found, in any node of any tree of this solve. GLPK keeps a row added at a node for that
  // node's subtree only: the pool lets every other node take it too, when its point violates it (checked
  // at each node before any separation, a sum per row); the uniqueness search takes them the same way.
  const pool: { row: IlpRow; columns: Int32Array; coefs: Float64Array }[] = [];
  const pooled = new Set<string>();
  const toPool = (row: IlpRow) => {
    const key = `${row.lo}/${row.hi}/${row.terms.map(([name, c]) => `${c}${name}`).join(' ')}`;
    if (pooled.has(key)) return;
    pooled.add(key);
    pool.push({ row, columns: Int32Array.from(row.terms, ([name]) => index.get(name)! - 1), coefs: Float64Array.from(row.terms, ([, c]) => c) });
  };
  /** Pool rows the point (all columns, 0-based) violates by more than `tolerance`. */
  const violatedPoolRows = (point: Float64Array, tolerance = 1e-4) =>
    pool.filter(({ row, columns, coefs }) => {
      let sum = 0;
      for (let k = 0; k < columns.length; k++) sum += coefs[k] * point[columns[k]];
      return (row.lo !== undefined && sum < row.lo - tolerance) || (row.hi !== undefined && sum > row.hi + tolerance);
    });
  // Lazy rows (GLP_IROWGEN) go straight into the node's problem; GLPK then re-solves the node.
  const addLazy = (lp: number, row: IlpRow) => {
    const i = m._glp_add_rows(lp, 1);
    m._glp_set_row_bnds(lp, i, row.lo !== undefined ? GLP.LO : GLP.UP, row.lo ?? 0, row.hi ?? 0);
    m._glp_set_mat_row(lp, i, terms(row), ind, val);
    toPool(row);
  };
  // Cuts (GLP_ICUTGEN) go to GLPK's cut pool, a user class (101..200); GLPK adds the useful ones and drops
  // them again once inactive.
  const addCut = (tree: number, row: IlpRow) => {
    m._glp_ios_add_row(tree, 0, 101, 0, terms(row), ind, val, row.lo !== undefined ? GLP.LO : GLP.UP, row.lo ?? row.hi!);
    toPool(row);
  };
  /** The node's LP point into x and y; whether every column is integral by GLPK's tolerance. */
  const point = new Float64Array(n);
  const readPoint = (lp: number) => {
    let integral = true;
    for (let j = 0; j < n; j++) point[j] = m._glp_get_col_prim(lp, j + 1);
    for (let e = 0; e < grid.edgeCount; e++) {
      x[e] = point[edgeIndex[e] - 1];
      if (Math.abs(x[e] - Math.round(x[e])) > TOL_INT) integral = false;
    }
    for (let v = 0; v < grid.vertexCount; v++) {
      y[v] = point[vertexIndex[v] - 1];
      if (Math.abs(y[v] - Math.round(y[v])) > TOL_INT) integral = false;
    }
    return integral;
  };
  // branch=cells: a cell column fixes which side of the loop a whole cell is on, and with it the cell's
  // edges against its fixed neighbours.
  // Without inside=on there are none, and GLPK chooses.
  const cellIndex = settings.branch === 'cells' ? Array.from({ length: grid.cellCount }, (_, cell) => index.get(cellColumn(cell)) ?? 0).filter((j) => j > 0) : [];
  const branchOnCell = (tree: number) => {
    const lp = m._glp_ios_get_prob(tree);
    let best = 0;
    let distance = Infinity;
    for (const j of cellIndex) {
      if (!m._glp_ios_can_branch(tree, j)) continue;
      const d = Math.abs(m._glp_get_col_prim(lp, j) - 0.5);
      if (d < distance) [best, distance] = [j, d];
    }
    // GLPK_NO_BRNCH: GLPK picks which child goes first.
    if (best > 0) m._glp_ios_branch_upon(tree, best, 0);
  };
  let treeNodes = 0;
  let treeStarted = 0;
  // Set while a search goes past the first loop (solveBeyond): the single loops found, as points over all columns.
  let beyond: { found: { point: Float64Array; at: number }[]; incumbent: boolean; started: number } | undefined;
  const callback = (tree: number) => {
    const started = performance.now();
    try {
      if (performance.now() >= context.deadline) {
        m._glp_ios_terminate(tree);
        return;
      }
      const reason = m._glp_ios_reason(tree);
      // A node point that passed the lazy rows is a single loop: with any objective it is an answer. Past
      // the first loop, GLPK took a point the callback did not cut (a heuristic's): its bound now prunes
      // the tree, so the search ends and says so.
      if (reason === GLP.IBINGO) {
        if (beyond) beyond.incumbent = true;
        m._glp_ios_terminate(tree);
        return;
      }
      if (reason === GLP.ISELECT) {
        m._glp_ios_tree_size(tree, 0, 0, treeSize);
        treeNodes = m.HEAP32[treeSize >> 2];
      }
      // The root is done when GLPK first asks for a branching.
      if (stats.rootMs === undefined && reason === GLP.IBRANCH) stats.rootMs = performance.now() - treeStarted;
      if (reason === GLP.IBRANCH && cellIndex.length > 0 && !presolve) {
        branchOnCell(tree);
        return;
      }
      // The presolved tree's columns are not the model's: no cuts inside it (see GLPK_SETTINGS.presolve).
      if (presolve || (reason !== GLP.IROWGEN && reason !== GLP.ICUTGEN)) return;
      const lp = m._glp_ios_get_prob(tree);
      const separationStarted = performance.now();
      const integral = readPoint(lp);
      const fromPool = reason === GLP.IROWGEN ? violatedPoolRows(point) : [];
      if (fromPool.length > 0) {
        for (const { row } of fromPool) addLazy(lp, row);
        stats.poolCuts += fromPool.length;
      } else if (reason === GLP.IROWGEN && integral) {
        // GLPK takes this point unless a row cuts it: cut every loop when there are several.
        const loops = edgeComponents(grid, (e) => x[e] > 0.5);
        if (loops.length > 1) {
          const cuts = loopCuts(grid, loops, context.kind);
          cuts.forEach((cut, i) => addLazy(lp, cutRow(cut, `bc${stats.integralCuts + i}`)));
          stats.integralCuts += cuts.length;
        } else if (beyond) {
          // A single loop: recorded and cut off, so that GLPK never holds an incumbent (whose bound would
          // prune the rest of the tree) and the search goes on for a second loop.
          const on = Uint8Array.from(x, (value) => (value > 0.5 ? 1 : 0));
          beyond.found.push({ point: point.slice(), at: performance.now() - beyond.started });
          stats.firstLoopMs ??= beyond.found[0].at;
          addLazy(lp, otherLoopRow(on, `other_loop${beyond.found.length}`));
          if (beyond.found.length >= 2) m._glp_ios_terminate(tree);
        }
      } else if (reason === GLP.ICUTGEN && !integral && context.fractional) {
        // Rounds at one node are bounded: past a few, the search does better to branch than to chase them.
        const node = m._glp_ios_curr_node(tree);
        const rounds = nodeRounds.get(node) ?? 0;
        const level = m._glp_ios_node_level(tree, node);
        const root = level === 0;
        if (rounds < (root ? ROOT_ROUNDS : NODE_ROUNDS)) {
          nodeRounds.set(node, rounds + 1);
          const cuts = violatedCutsets(grid, x, y, 1e-3, level <= FLOW_DEPTH);
          cuts.forEach((cut, i) => addCut(tree, cutRow(cut, `lp${stats.fractionalCuts + i}`)));
          stats.fractionalCuts += cuts.length;
        }
      }
      stats.separationMs += performance.now() - separationStarted;
    } catch (error) {
      failure ??= error;
      m._glp_ios_terminate(tree);
    } finally {
      stats.callbackMs += performance.now() - started;
    }
  };
  const callbackPointer = m.addFunction((tree: number) => callback(tree), 'vii');

  let disposed = false;
  /**
   * One glp_intopt over the model's rows, after a simplex from the last basis; `infeasible` when the LP
   * relaxation already has no point. A GLPK error aborts the wasm module (its message is in the output):
   * the next solve loads a new one.
   */
  const run = (): { code: number; status: number } | 'infeasible' | 'timeout' => {
    const leftMs = () => Math.floor(context.deadline - performance.now());
    try {
      syncRows();
      if (leftMs() <= 1) return 'timeout';
      // Without the MIP presolver glp_intopt starts from an optimal basis of the LP relaxation: the
      // simplex warm-starts from the basis of the last run (with its rows kept), and an infeasible
      // relaxation already proves the integer program infeasible.
      if (!presolve) {
        m._glp_init_smcp(smcp);
        writeField(m, smcp, SMCP.fields.msg_lev, GLP.MSG_OFF);
        writeField(m, smcp, SMCP.fields.tm_lim, Math.max(1, leftMs()));
        const code = m._glp_simplex(problem, smcp);
        const status = m._glp_get_status(problem);
        if (status === GLP.NOFEAS) return 'infeasible';
        if (code === GLP.ETMLIM) return 'timeout';
        if (code !== 0 || status !== GLP.OPT) throw new Error(`GLPK's simplex ended with code ${code}, status ${status}`);
      }
      if (leftMs() <= 1) return 'timeout';
      fillIocp(m, iocp, settings, Math.max(1, leftMs()), callbackPointer);
      nodeRounds = new Map();
      failure = undefined;
      stats.trees++;
      treeNodes = 0;
      treeStarted = performance.now();
      const code = m._glp_intopt(problem, iocp);
      stats.nodes += treeNodes;
      if (failure !== undefined) throw failure;
      // GLPK takes the tree's rows off the problem again (the pool keeps them for the next run).
      if (m._glp_get_num_rows(problem) !== rowsPassed) throw new Error(`GLPK left ${m._glp_get_num_rows(problem)} rows, expected ${rowsPassed}`);
      return { code, status: m._glp_mip_status(problem) };
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        poisoned = true;
        throw new Error(`GLPK failed: ${output.filter((l) => l.trim()).slice(-3).join(' / ') || error.message}`);
      }
      throw error;
    }
  };
  /** Whether a tree that found no (further) point closed: every node explored, none left for the time limit. */
  const closed = ({ code, status }: { code: number; status: number }) => (code === 0 && status === GLP.NOFEAS) || code === GLP.ENOPFS;
  const valuesOf = (column: (j: number) => number) => new Map(model.columns.map((name, j) => [name, column(j)]));

  const session: BranchAndCutSession = {
    stats,
    solve(): IlpAnswer {
      const started = performance.now();
      const ended = run();
      const ms = performance.now() - started;
      if (ended === 'infeasible' || ended === 'timeout') return { status: ended, values: new Map(), ms };
      const { code, status } = ended;
      // The objective only steers the LPs: any integer point recorded before a stop is an answer.
      if (status === GLP.OPT || status === GLP.FEAS) return { status: 'optimal', values: valuesOf((j) => m._glp_mip_col_val(problem, j + 1)), ms };
      if (closed(ended)) return { status: 'infeasible', values: new Map(), ms };
      if (code === GLP.ETMLIM || code === GLP.ESTOP) return { status: 'timeout', values: new Map(), ms };
      throw new Error(`GLPK's branch and cut ended with code ${code}, status ${status}`);
    },
    // GLPK's heuristics record points without the callback: with any of them on, the tree could be pruned
    // by an incumbent, so the searches stay apart.
    ...(['fp_heur', 'ps_heur', 'sr_heur', 'presolve'].some((flag) => settings[flag as GlpkSetting] === 'on')
      ? {}
      : {
          solveBeyond() {
            const started = performance.now();
            beyond = { found: [], incumbent: false, started };
            try {
              const ended = run();
              const ms = performance.now() - started;
              const found = beyond.found.map(({ point, at }): IlpAnswer => ({ status: 'optimal', values: valuesOf((j) => point[j]), ms: at }));
              if (ended === 'infeasible') return { found, end: 'exhausted' as const, ms };
              if (ended === 'timeout') return { found, end: 'timeout' as const, ms };
              if (beyond.incumbent || ended.status === GLP.OPT || ended.status === GLP.FEAS) return { found, end: 'incumbent' as const, ms };
              if (found.length >= 2) return { found, end: 'stopped' as const, ms };
              if (closed(ended)) return { found, end: 'exhausted' as const, ms };
              if (ended.code === GLP.ETMLIM || ended.code === GLP.ESTOP) return { found, end: 'timeout' as const, ms };
              throw new Error(`GLPK's branch and cut ended with code ${ended.code}, status ${ended.status}`);
            } finally {
              beyond = undefined;
            }
          },
        }),
    dispose() {
      if (disposed) return;
      disposed = true;
      m.removeFunction(callbackPointer);
      // A module that aborted is dropped whole; its memory goes with it.
      if (poisoned) return;
      m._glp_delete_prob(problem);
      for (const pointer of [treeSize, smcp, iocp, val, ind]) m._free(pointer);
    },
  };
  return session;
}

/**
 * How the tree is steered (single runs; README, "GLPK: two engines"):
 * - the node LPs minimise the number of edges, and the first integral node that passes the lazy rows ends
 *   the search (GLP_IBINGO): the objective only steers the LPs, no optimality is proven. Against a zero
 *   objective a 15x15 took 11-20 s instead of over 60 (with a zero objective each round of cuts lands the
 *   LP on some other vertex of the polytope, and the rounds do not settle);
 * - the root separates exactly (minimum cuts) for up to 50 rounds; nodes down to depth 8 exactly too, for up
 *   to 5 rounds; deeper nodes 5 rounds of only the cheap cuts around components. With the cell columns the
 *   trees are small (tens to hundreds of nodes at 20x20), and exact cuts near the top shrink them further:
 *   loopy-20x20-hard went from 9/10 (cheap cuts below the root, one round) to 10/10 within 60 s, once the
 *   components of the edges at 1/2 and above were tried before any flow (separation.ts); without that, the
 *   flows took 70% of the time.
 */
const ROOT_ROUNDS = 50;
const NODE_ROUNDS = 5;
/** Nodes down to this depth separate exactly (minimum cuts), as the root does. */
const FLOW_DEPTH = 8;
