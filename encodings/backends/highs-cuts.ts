// highs-cuts: the same integer program and cut loop as glpk-cuts, solved by HiGHS (wasm), so that the
// effect of the ILP engine can be told apart from that of the encoding.
import { createRequire } from 'node:module';
import { ilpBackend, toLpText, type IlpEngine, type IlpModel } from './_ilp-model.ts';

type Highs = { solve(problem: string, options?: Record<string, unknown>): { Status: string; Columns: Record<string, { Primal: number }> } };
let highs: Highs | undefined;

const engine: IlpEngine = {
  name: 'highs',
  async load() {
    if (!highs) {
      const load = createRequire(import.meta.url)('highs') as (() => Promise<Highs>) | { default: () => Promise<Highs> };
      highs = await (typeof load === 'function' ? load : load.default)();
    }
  },
  solve(model: IlpModel, timeLimitSeconds: number) {
    const started = performance.now();
    const result = highs!.solve(toLpText(model), { output_flag: false, time_limit: Math.max(0.001, timeLimitSeconds), random_seed: 1 });
    const ms = performance.now() - started;
    if (result.Status === 'Optimal') return { status: 'optimal' as const, values: new Map(Object.entries(result.Columns).map(([k, c]) => [k, c.Primal])), ms };
    if (result.Status === 'Infeasible') return { status: 'infeasible' as const, values: new Map(), ms };
    if (/time limit/i.test(result.Status)) return { status: 'timeout' as const, values: new Map(), ms };
    throw new Error(`HiGHS ended with status ${result.Status}`);
  },
};

export default ilpBackend('highs-cuts', 'HiGHS integer program (wasm): the glpk-cuts model and cut loop on another ILP engine', engine);
