// glpk-cuts: the integer program of model.ts solved by GLPK 5.0 (wasm) on one of two engines.
// - glpk-wasm (the default): GLPK's C API, one branch and cut for the first loop and the uniqueness proof,
//   the connectivity cuts separated inside GLPK's tree by a callback (glpk-branch-and-cut.ts), the cell
//   columns of the inside formulation to branch on; GLPK's own settings are options.
// - glpk.js: glp_intopt with its defaults, from scratch each iteration, connectivity cuts added between runs
//   until one loop remains; with separation=lp, cut-set cuts first separated on the LP relaxation
//   (ilp-backend.ts). It is the package the project started with, kept to compare.
import { describePackage, packageVersion } from '../../versions.ts';
import { branchAndCut, describeSettings, glpkSettingOptions, glpkWasmVersion, loadGlpkWasm, type GlpkSettings } from './glpk-branch-and-cut.ts';
import { ilpBackend, type IlpEngine } from './ilp-backend.ts';
import type { IlpModel } from './model.ts';

/** Both packages, the one in use first: `glpk-wasm 0.1.4 (GLPK 5.0); glpk.js 5.0.0 installed`. */
const bothPackages = (inUse: string, engineVersion: string, other: string) => `${describePackage(inUse)} (GLPK ${engineVersion}); ${describePackage(other)} installed`;

const wasmEngine: IlpEngine = {
  name: 'glpk-wasm',
  installed: () => packageVersion('glpk-wasm') !== null,
  async version() {
    await this.load();
    return bothPackages('glpk-wasm', glpkWasmVersion(), 'glpk.js');
  },
  async load() {
    await loadGlpkWasm();
  },
  branchAndCut: (model, context) => branchAndCut(model, { ...context, settings: context.settings as GlpkSettings }),
  options: glpkSettingOptions,
  describeSettings: (settings) => describeSettings(settings as GlpkSettings),
  // A branch and cut separates inside its tree: no rounds before it. x_e <= y_v left the 20x20 unsolved too,
  // with a tree of the same size (one run).
  lpTuning: { rounds: 0, beforeEverySolve: false, edgeEndRows: false },
  defaultSeparation: 'lp',
  // The cell columns took gen-20x20 from 4/10 to 9/10 (10/10 branching on them) and the 10x10 median from
  // 0.24 s to 0.13 s (README, "GLPK: two engines").
  defaultInside: 'on',
};

type Glpk = Awaited<ReturnType<(typeof import('glpk.js/node'))['default']>>;
let glpk: Glpk | undefined;

const jsEngine: IlpEngine = {
  name: 'glpk.js',
  installed: () => packageVersion('glpk.js') !== null,
  async version() {
    await this.load();
    return bothPackages('glpk.js', String(glpk!.version), 'glpk-wasm');
  },
  async load() {
    glpk ??= await (await import('glpk.js/node')).default();
  },
  solve(model: IlpModel, timeLimitSeconds: number, relaxed = false) {
    const g = glpk!;
    const bounds = (lo?: number, hi?: number) =>
      lo !== undefined && hi !== undefined ? (lo === hi ? { type: g.GLP_FX, lb: lo, ub: hi } : { type: g.GLP_DB, lb: lo, ub: hi }) : lo !== undefined ? { type: g.GLP_LO, lb: lo, ub: 0 } : { type: g.GLP_UP, lb: 0, ub: hi! };
    const started = performance.now();
    const result = g.solve(
      {
        name: 'slitherlink',
        // A zero objective: any integer point will do. (Minimising the edge count made a 10x10 time out at 60 s.)
        objective: { direction: g.GLP_MIN, name: 'objective', vars: relaxed && model.lpObjective?.length ? model.lpObjective.map(([name, coef]) => ({ name, coef })) : [{ name: model.columns[0], coef: 0 }] },
        subjectTo: model.rows.map((r) => ({ name: r.name, vars: r.terms.map(([name, coef]) => ({ name, coef })), bnds: bounds(r.lo, r.hi) })),
        ...(relaxed ? { bounds: model.columns.map((name) => ({ name, type: g.GLP_DB, lb: 0, ub: 1 })) } : { binaries: model.columns }),
      },
      // glp_intopt needs its presolver here: without an LP basis, glpk.js reports every model infeasible.
      // The simplex goes without: after its presolver proves infeasibility, GLPK reports the status undefined.
      { msglev: g.GLP_MSG_OFF, tmlim: Math.max(0.001, timeLimitSeconds), presol: !relaxed },
    );
    const ms = performance.now() - started;
    const status = result.result.status;
    if (status === g.GLP_OPT || status === g.GLP_FEAS) {
      // GLPK reports a feasible, not proven optimal, point when tmlim stops it: with a zero objective any
      // integer-feasible point will do.
      return { status: 'optimal' as const, values: new Map(Object.entries(result.result.vars)), ms };
    }
    if (status === g.GLP_NOFEAS) return { status: 'infeasible' as const, values: new Map(), ms };
    if (ms / 1000 >= timeLimitSeconds * 0.9) return { status: 'timeout' as const, values: new Map(), ms };
    throw new Error(`GLPK ended with status ${status} after ${Math.round(ms)} ms`);
  },
  // GLPK solves each LP from scratch (0.1-0.3 s at 15x15) and its branch and bound is weak: on one
  // gen-15x15 puzzle, five rounds before every integer solve with x_e <= y_v took 9 s; rounds only before
  // the first solve 19 s, without x_e <= y_v 47 s, no rounds at all 43 s (single runs, on a busy machine).
  lpTuning: { rounds: 5, beforeEverySolve: true, edgeEndRows: true },
  // Yet on the 10x10 sets every added row made GLPK's zero-objective branch and bound slower to reach an
  // integer point (median 0.4 s with integer cuts only, 2.3 s with separation=lp), and at 15x15 and 20x20
  // neither finishes most puzzles in 60 s: integer stays the default, lp is an option to chart.
  defaultSeparation: 'integer',
  // Measured on the glpk-wasm engine only: the earlier engine keeps the model it was measured with.
  defaultInside: 'off',
};

export default ilpBackend(
  'glpk-cuts',
  'GLPK integer program (wasm): edge and vertex binaries, degree = 2 x on-loop; engine glpk-wasm: also a binary per cell (inside the loop or not), one branch and cut for the first loop and the uniqueness proof, branching on cells, connectivity cuts separated in its tree (exact cut-set cuts on node LPs, loop cuts on integral nodes); engine=glpk.js: connectivity cuts between runs',
  [wasmEngine, jsEngine],
);
