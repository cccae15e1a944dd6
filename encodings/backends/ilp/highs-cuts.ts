// highs-cuts: the same integer program and cut loop as glpk-cuts, solved by HiGHS (wasm), so that the
// effect of the ILP engine can be told apart from that of the encoding.
import { createRequire } from 'node:module';
import { describePackage, packageVersion } from '../../versions.ts';
import type { Highs } from 'highs';
import { ilpBackend, type IlpAnswer, type IlpEngine, type IlpSession } from './ilp-backend.ts';
import { toLpText, type IlpModel } from './model.ts';

type HighsLoader = (settings?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<Highs>;
let highs: Highs | undefined;
let running = '';

const engine: IlpEngine = {
  name: 'highs',
  installed: () => packageVersion('highs') !== null,
  async version() {
    await this.load();
    return `${describePackage('highs')}, HiGHS ${running || '(version not printed)'}`;
  },
  async load() {
    if (!highs) {
      const load = createRequire(import.meta.url)('highs') as HighsLoader | { default: HighsLoader };
      // HiGHS names its version only in its log: one logged solve of a one-column model at load reads it.
      highs = await (typeof load === 'function' ? load : load.default)({ print: (text) => (running ||= /Running HiGHS (\S+)/.exec(text)?.[1] ?? ''), printErr: () => {} });
      highs.solve('Minimize\n obj: x\nSubject To\n c: x >= 1\nEnd\n', { output_flag: true });
    }
  },
  solve(model: IlpModel, timeLimitSeconds: number, relaxed = false) {
    const started = performance.now();
    const result = highs!.solve(toLpText(model, relaxed), { output_flag: false, time_limit: Math.max(0.001, timeLimitSeconds), random_seed: 1 });
    const ms = performance.now() - started;
    if (result.Status === 'Optimal') return { status: 'optimal' as const, values: new Map(Object.entries(result.Columns).map(([k, c]) => [k, c.Primal])), ms };
    if (result.Status === 'Infeasible') return { status: 'infeasible' as const, values: new Map(), ms };
    if (/time limit/i.test(result.Status)) return { status: 'timeout' as const, values: new Map(), ms };
    throw new Error(`HiGHS ended with status ${result.Status}`);
  },
  incremental: (model) => highsSession(highs!, model),
  // HiGHS cuts and presolves well by itself: LP rounds only before the first solve of each search, and no
  // x_e <= y_v rows (on one gen-20x20 puzzle they made each integer solve slower and the separation five
  // times slower). On the janko collection this solves all 1176 puzzles, where separation=integer misses two.
  lpTuning: { rounds: 20, beforeEverySolve: false, edgeEndRows: false },
  defaultSeparation: 'lp',
  // The cell columns made HiGHS slower on the first five of gen-20x20 and loopy-20x20-hard (medians 8.8 s
  // and 2.8 s against 5.4 s and 0.99 s; README, "GLPK: two engines").
  defaultInside: 'off',
};

/**
 * One HiGHS model kept in memory for a whole solve: new rows are appended, and the relaxation is re-solved
 * from the last basis (without presolve, so that the basis is kept): a round of LP cuts takes milliseconds,
 * where a fresh solve from LP text took 100-150 ms at 10x10.
 */
function highsSession(h: Highs, model: IlpModel): IlpSession {
  const native = h.createModel();
  const n = model.columns.length;
  const index = new Map(model.columns.map((name, i) => [name, i]));
  const all = { kind: 'range', from: 0, to: n - 1 } as const;
  native.options.set({ output_flag: false, random_seed: 1 });
  native.addVars(new Float64Array(n), new Float64Array(n).fill(1));
  let rowsPassed = 0;
  let mode: 'lp' | 'mip' | undefined;
  const status = h.constants.modelStatus;
  return {
    solve(timeLimitSeconds: number, relaxed = false): IlpAnswer {
      for (; rowsPassed < model.rows.length; rowsPassed++) {
        const row = model.rows[rowsPassed];
        native.addRow(row.lo ?? -h.infinity, row.hi ?? h.infinity, { indices: Int32Array.from(row.terms, ([name]) => index.get(name)!), values: Float64Array.from(row.terms, ([, coef]) => coef) });
      }
      // Switching between the relaxation and the integer program drops the basis: only on a switch.
      if (mode !== (relaxed ? 'lp' : 'mip')) {
        mode = relaxed ? 'lp' : 'mip';
        const costs = new Float64Array(n);
        if (relaxed) for (const [name, coef] of model.lpObjective ?? []) costs[index.get(name)!] = coef;
        native.changeColsCost(all, costs);
        if (relaxed) native.clearIntegrality();
        else native.changeColsIntegrality(all, new Int32Array(n).fill(h.constants.variableType.integer));
        native.options.set({ presolve: relaxed ? 'off' : 'choose' });
      }
      // time_limit counts all runs of a model since its clocks were last zeroed.
      native.zeroAllClocks();
      native.options.set({ time_limit: Math.max(0.001, timeLimitSeconds) });
      const started = performance.now();
      const { modelStatus } = native.run();
      const ms = performance.now() - started;
      if (modelStatus === status.optimal) {
        const values = native.getSolution().colValue;
        return { status: 'optimal', values: new Map(model.columns.map((name, i) => [name, values[i]])), ms };
      }
      // Every column lies in [0, 1], so nothing is unbounded: 'unbounded or infeasible' means infeasible.
      if (modelStatus === status.infeasible || modelStatus === status.unboundedOrInfeasible) return { status: 'infeasible', values: new Map(), ms };
      if (modelStatus === status.timeLimit) return { status: 'timeout', values: new Map(), ms };
      throw new Error(`HiGHS ended with model status ${modelStatus}`);
    },
    dispose: () => native.dispose(),
  };
}

export default ilpBackend('highs-cuts', 'HiGHS integer program (wasm): the glpk-cuts model and cut loop on another ILP engine, cut-set cuts separated exactly on the LP relaxation first', [engine]);
