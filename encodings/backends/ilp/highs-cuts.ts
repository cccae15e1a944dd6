// highs-cuts: the same integer program and cut loop as glpk-cuts, solved by HiGHS (wasm), so that the
// effect of the ILP engine can be told apart from that of the encoding.
import { createRequire } from 'node:module';
import { describePackage, packageVersion } from '../../versions.ts';
import { ilpBackend, type IlpEngine } from './ilp-backend.ts';
import { toLpText, type IlpModel } from './model.ts';

type Highs = { solve(problem: string, options?: Record<string, unknown>): { Status: string; Columns: Record<string, { Primal: number }> } };
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
