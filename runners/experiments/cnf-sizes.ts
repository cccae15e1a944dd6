// CNF sizes of every SAT encoding for grid sizes 5x5 .. 40x35 (npm run bench:cnf-sizes): variables and
// clauses, counted by building the CNF of a blank grid (the connectivity part does not depend on clues;
// sat-closure's default adds a few unit clauses per 3-clue, none here). The encodings come from the
// registry (`Backend.cnf`), so a new SAT back-end shows up without an edit here; each choice of the options
// named by --vary (default: closure) is a method of its own.
// Writes the markdown table to standard output and, with --out DIR, cnf-sizes.csv, cnf-sizes.vl.json and
// cnf-sizes.svg (clauses against vertices, log-log: the slope is the growth exponent).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend, Params } from '../../encodings/backend.ts';
import { makePuzzle, parseGridSize } from '../../encodings/grid.ts';
import { BACKEND_IDS } from '../../encodings/registry.ts';
import { specToSvg } from '../../reports/chart-images.ts';
import { chartBase } from '../../reports/specs.ts';
import { markdownTable } from '../../reports/tables.ts';
import { fail, loadBackends, scriptCommandLine } from './script.ts';

const DEFAULT_SIZES = ['5x5', '7x7', '10x10', '15x15', '20x20', '30x25', '40x35'];
const { values } = scriptCommandLine(`usage: tsx runners/experiments/cnf-sizes.ts [--backends ID,...] [--sizes RxC,...] [--vary OPTION,...] [--out DIR]

Variables and clauses of the CNF of a blank grid, per SAT method and size. A method is a back-end that offers
cnf() (all of them, unless --backends names some) with one choice of an option named by --vary (every choice
of it, the others at their defaults). Prints a markdown table, then each method's size formula (from the
encoding's own stats).`, ['backends', 'sizes', 'vary', 'out'], {
  backends: { help: 'back-ends with cnf(), comma-separated', defaultText: 'every one' },
  sizes: { help: 'sizes of the blank grids, RxC, comma-separated', default: DEFAULT_SIZES },
  vary: { help: 'options whose every choice is a method, comma-separated', default: ['closure'] },
  out: { help: 'also write cnf-sizes.csv, cnf-sizes.vl.json and cnf-sizes.svg (clauses against vertices) here' },
});
const sizes = values.sizes.map((s) => parseGridSize(s));
const varied = values.vary;

let backends: Backend[];
if (values.backends) {
  backends = await loadBackends(values.backends, '--backends', '--vary chooses the options measured');
  const without = backends.filter((b) => typeof b.cnf !== 'function').map((b) => b.name);
  if (without.length) fail(`${without.join(', ')}: no CNF (Backend.cnf); not a SAT encoding`);
} else {
  backends = (await loadBackends(BACKEND_IDS.map((id) => ({ id, params: {} })))).filter((b) => typeof b.cnf === 'function');
  if (backends.length === 0) fail('no registered back-end offers cnf() (Backend.cnf in encodings/backend.ts)');
}

interface Method {
  label: string;
  backend: Backend;
  params: Params;
}
const methods: Method[] = backends.flatMap((backend) => {
  const options = (backend.options ?? []).filter((o) => varied.includes(o.name) && o.choices);
  if (options.length === 0) return [{ label: backend.name, backend, params: {} }];
  return options.flatMap((o) => o.choices!.map((choice) => ({ label: choice === o.default ? backend.name : `${backend.name} ${o.name}=${choice}`, backend, params: { [o.name]: choice } })));
});

const rows: { size: string; vertices: number; method: string; variables: number | null; clauses: number | null }[] = [];
const formulas = new Map<string, string>();
const lines: string[][] = [];
for (const { rows: r, cols: c } of sizes) {
  const blank = makePuzzle(r, c, new Array(r * c).fill(null));
  const cells: string[] = [];
  for (const method of methods) {
    process.stderr.write(`cnf-sizes: ${r}x${c} ${method.label}\n`);
    try {
      const cnf = method.backend.cnf!(blank, method.params);
      cells.push(String(cnf.variableCount), String(cnf.clauses.length));
      rows.push({ size: `${r}x${c}`, vertices: (r + 1) * (c + 1), method: method.label, variables: cnf.variableCount, clauses: cnf.clauses.length });
      if (typeof cnf.stats.sizeFormula === 'string') formulas.set(method.label, cnf.stats.sizeFormula);
    } catch (error) {
      // An encoding past its size limit says so with a RangeError (a memout when solving).
      if (!(error instanceof RangeError)) throw error;
      cells.push('too large', '-');
      rows.push({ size: `${r}x${c}`, vertices: (r + 1) * (c + 1), method: method.label, variables: null, clauses: null });
    }
  }
  lines.push([`${r}x${c}`, ...cells]);
}
process.stdout.write(markdownTable(
  ['size', ...methods.flatMap((m) => [`${m.label} vars`, `${m.label} clauses`])],
  lines,
  ['left', ...methods.flatMap(() => ['right', 'right'] as const)],
));
process.stdout.write('\nSize formulas (V = (R+1)(C+1) vertices, E = 2RC+R+C edges):\n');
for (const m of methods) process.stdout.write(`- ${m.label}: ${formulas.get(m.label) ?? '(the encoding states none)'}\n`);

if (values.out) {
  mkdirSync(values.out, { recursive: true });
  writeFileSync(join(values.out, 'cnf-sizes.csv'), 'size,vertices,method,variables,clauses\n' + rows.map((x) => `${x.size},${x.vertices},"${x.method}",${x.variables ?? ''},${x.clauses ?? ''}`).join('\n') + '\n');
  const spec = chartBase('CNF clauses by grid size (blank grid)', {
    data: { values: rows.filter((x) => x.clauses !== null) },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'vertices', type: 'quantitative', scale: { type: 'log' }, title: 'vertices V = (R+1)(C+1)' },
      y: { field: 'clauses', type: 'quantitative', scale: { type: 'log' }, title: 'clauses' },
      color: { field: 'method', type: 'nominal', title: 'method' },
      tooltip: [{ field: 'size' }, { field: 'method' }, { field: 'variables' }, { field: 'clauses' }],
    },
  });
  writeFileSync(join(values.out, 'cnf-sizes.vl.json'), JSON.stringify(spec, null, 2) + '\n');
  writeFileSync(join(values.out, 'cnf-sizes.svg'), await specToSvg(spec));
  process.stderr.write(`cnf-sizes: wrote cnf-sizes.csv, cnf-sizes.vl.json, cnf-sizes.svg in ${values.out}\n`);
}
