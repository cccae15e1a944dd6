// Model sizes of the closure methods against grid size (npm run bench:model-sizes), a sibling of cnf-sizes.ts
// for models that are not CNF: sat-closure's methods (each choice of --option closure, counted from its
// CNF) beside the ASP back-ends (asp-closure, asp-reach: ground atoms and rules from clingo's statistics,
// grounded and solved on a blank grid, whose ground size is within a few atoms of any clued grid's).
// Writes the markdown table to standard output and, with --out DIR, model-sizes.csv and two log-log charts
// against edges E (variables or atoms; clauses or rules): a slope of 2 is growth as E^2.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSolveOptions, type Backend, type Params } from '../../encodings/backend.ts';
import { gridOf, makePuzzle, parseGridSize, type Puzzle } from '../../encodings/grid.ts';
import { specToSvg } from '../../reports/chart-images.ts';
import { chartBase } from '../../reports/specs.ts';
import { markdownTable } from '../../reports/tables.ts';
import { fail, loadBackends, scriptCommandLine } from './script.ts';

const DEFAULT_SIZES = ['3x3', '5x5', '7x7', '10x10', '15x15', '20x20'];
const DEFAULT_BACKENDS = ['sat-closure', 'asp-closure', 'asp-reach'].map((id) => ({ id, params: {} }));
const { values } = scriptCommandLine(`usage: tsx runners/experiments/model-sizes.ts [--backends ID,...] [--sizes RxC,...] [--out DIR]

Model size of a blank grid per method and size, for the back-ends named. A back-end with cnf() counts variables
and clauses of its CNF, one method per choice of its closure option; any other back-end is solved once (no
uniqueness, 300 s limit) and counted by the groundAtoms and groundRules of its stats.`, ['backends', 'sizes', 'out'], {
  backends: { help: 'back-ends, comma-separated', default: DEFAULT_BACKENDS },
  sizes: { help: 'sizes of the blank grids, RxC, comma-separated', default: DEFAULT_SIZES },
  out: { help: 'also write model-sizes.csv and model-sizes-{variables,constraints}.{vl.json,svg}, log-log against edges E, here' },
});
const sizes = values.sizes.map((s) => parseGridSize(s));
const backends = await loadBackends(values.backends, '--backends', 'each closure choice is measured');

interface Method {
  label: string;
  backend: Backend;
  params: Params;
}
const methods: Method[] = backends.flatMap((backend) => {
  const closure = backend.cnf ? backend.options?.find((o) => o.name === 'closure' && o.choices) : undefined;
  if (!closure) return [{ label: backend.name, backend, params: {} }];
  return closure.choices!.map((choice) => ({ label: choice === closure.default ? backend.name : `${backend.name} closure=${choice}`, backend, params: { closure: choice } }));
});

type Size = { variables: number; constraints: number } | { tooLarge: string };

async function measure(method: Method, blank: Puzzle): Promise<Size> {
  if (method.backend.cnf) {
    try {
      const cnf = method.backend.cnf(blank, method.params);
      return { variables: cnf.variableCount, constraints: cnf.clauses.length };
    } catch (error) {
      if (error instanceof RangeError) return { tooLarge: error.message };
      throw error;
    }
  }
  const r = await method.backend.solve(blank, { ...defaultSolveOptions, timeoutMs: 300_000, params: method.params });
  const { groundAtoms, groundRules } = r.stats;
  if (typeof groundAtoms === 'number' && typeof groundRules === 'number') return { variables: groundAtoms, constraints: groundRules };
  return { tooLarge: `${r.status}${r.message ? `: ${r.message}` : ''}` };
}

for (const backend of backends) await backend.prepare?.();
const rows: { size: string; edges: number; method: string; variables: number | null; constraints: number | null }[] = [];
const lines: string[][] = [];
for (const { rows: r, cols: c } of sizes) {
  const blank = makePuzzle(r, c, new Array(r * c).fill(null));
  const edges = gridOf(blank).edgeCount;
  const cells: string[] = [];
  for (const method of methods) {
    process.stderr.write(`model-sizes: ${r}x${c} ${method.label}\n`);
    const size = await measure(method, blank);
    if ('tooLarge' in size) {
      cells.push('too large', '-');
      rows.push({ size: `${r}x${c}`, edges, method: method.label, variables: null, constraints: null });
    } else {
      cells.push(String(size.variables), String(size.constraints));
      rows.push({ size: `${r}x${c}`, edges, method: method.label, ...size });
    }
  }
  lines.push([`${r}x${c}`, String(edges), ...cells]);
}
process.stdout.write(markdownTable(
  ['size', 'edges E', ...methods.flatMap((m) => (m.backend.cnf ? [`${m.label} vars`, `${m.label} clauses`] : [`${m.label} atoms`, `${m.label} rules`]))],
  lines,
  ['left', 'right', ...methods.flatMap(() => ['right', 'right'] as const)],
));

// The growth exponent between the two largest measured sizes: the slope on log-log axes.
for (const m of methods) {
  const measured = rows.filter((x) => x.method === m.label && x.variables !== null);
  if (measured.length < 2) continue;
  const [a, b] = measured.slice(-2);
  const slope = (key: 'variables' | 'constraints') => Math.log(b[key]! / a[key]!) / Math.log(b.edges / a.edges);
  process.stdout.write(`- ${m.label}: ${m.backend.cnf ? 'variables' : 'atoms'} ~ E^${slope('variables').toFixed(2)}, ${m.backend.cnf ? 'clauses' : 'rules'} ~ E^${slope('constraints').toFixed(2)} (${a.size} to ${b.size})\n`);
}

if (values.out) {
  mkdirSync(values.out, { recursive: true });
  writeFileSync(join(values.out, 'model-sizes.csv'), 'size,edges,method,variables,constraints\n' + rows.map((x) => `${x.size},${x.edges},"${x.method}",${x.variables ?? ''},${x.constraints ?? ''}`).join('\n') + '\n');
  for (const [key, title] of [['variables', 'variables (CNF) or ground atoms (ASP)'], ['constraints', 'clauses (CNF) or ground rules (ASP)']] as const) {
    const spec = chartBase(`Model size by edges, blank grid: ${title}`, {
      data: { values: rows.filter((x) => x[key] !== null) },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'edges', type: 'quantitative', scale: { type: 'log' }, title: 'edges E = 2RC+R+C (log)' },
        y: { field: key, type: 'quantitative', scale: { type: 'log' }, title: `${title} (log)` },
        color: { field: 'method', type: 'nominal', title: 'method' },
        tooltip: [{ field: 'size' }, { field: 'method' }, { field: 'variables' }, { field: 'constraints' }],
      },
    });
    writeFileSync(join(values.out, `model-sizes-${key}.vl.json`), JSON.stringify(spec, null, 2) + '\n');
    writeFileSync(join(values.out, `model-sizes-${key}.svg`), await specToSvg(spec));
  }
  process.stderr.write(`model-sizes: wrote model-sizes.csv, model-sizes-{variables,constraints}.{vl.json,svg} in ${values.out}\n`);
}
// clingo's worker thread may still be loaded: nothing is left to wait for.
process.exit(0);
