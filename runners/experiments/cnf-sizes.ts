// CNF sizes of every SAT encoding for grid sizes 5x5 .. 40x35 (npm run bench:cnf-sizes): variables and
// clauses, counted by building the CNF of a blank grid (the connectivity part does not depend on clues).
// The encodings come from the registry (`Backend.cnf`), so a new SAT back-end shows up without an edit here.
import { parseSizes } from '../../datasets/load.ts';
import type { Backend } from '../../encodings/backend.ts';
import { makePuzzle, parseGridSize } from '../../encodings/grid.ts';
import { BACKEND_IDS, getBackend } from '../../encodings/registry.ts';
import { markdownTable } from '../../reports/tables.ts';
import { checked, commandLine, fail } from './script.ts';

const DEFAULT_SIZES = '5x5,7x7,10x10,15x15,20x20,30x25,40x35';
const USAGE = `usage: tsx runners/experiments/cnf-sizes.ts [--backends ID,...] [--sizes RxC,...]

Variables and clauses of the CNF of a blank grid, per SAT back-end (every back-end that offers cnf(), unless
--backends names some) and size (default ${DEFAULT_SIZES}). Prints a markdown table.`;

const { values } = commandLine(USAGE, { options: { backends: { type: 'string' }, sizes: { type: 'string', default: DEFAULT_SIZES } } });
const sizes = checked(() => parseSizes(values.sizes)).map((s) => parseGridSize(s));

// getBackend is async, so an unknown id arrives as a rejection, not a throw.
const load = async (id: string): Promise<Backend> => {
  try {
    return await getBackend(id);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
};
let backends: Backend[];
if (values.backends) {
  backends = await Promise.all(values.backends.split(',').map((id) => load(id.trim())));
  const without = backends.filter((b) => typeof b.cnf !== 'function').map((b) => b.name);
  if (without.length) fail(`${without.join(', ')}: no CNF (Backend.cnf); not a SAT encoding`);
} else {
  backends = (await Promise.all(BACKEND_IDS.map(load))).filter((b) => typeof b.cnf === 'function');
  if (backends.length === 0) fail('no registered back-end offers cnf() (Backend.cnf in encodings/backend.ts)');
}

const lines: string[][] = [];
for (const { rows, cols } of sizes) {
  const blank = makePuzzle(rows, cols, new Array(rows * cols).fill(null));
  const cells: string[] = [];
  for (const backend of backends) {
    try {
      const cnf = backend.cnf!(blank);
      cells.push(String(cnf.variableCount), String(cnf.clauses.length));
    } catch (error) {
      // An encoding whose variable numbering overflows on a large grid says so with a RangeError.
      if (!(error instanceof RangeError)) throw error;
      cells.push('too large', '-');
    }
  }
  lines.push([`${rows}x${cols}`, ...cells]);
}
process.stdout.write(markdownTable(
  ['size', ...backends.flatMap((b) => [`${b.name} vars`, `${b.name} clauses`])],
  lines,
  ['left', ...backends.flatMap(() => ['right', 'right'] as const)],
));
