// CNF sizes of every SAT encoding for grid sizes 5x5 .. 40x35 (npm run bench:cnf-sizes): variables and
// clauses, counted by building the CNF of a blank grid (the connectivity part does not depend on clues).
import { encodeCnf, type SatEncoding } from '../encodings/cnf/sat-backend.ts';
import { makePuzzle } from '../encodings/grid.ts';

const sizes = [[5, 5], [7, 7], [10, 10], [15, 15], [20, 20], [30, 25], [40, 35]];
const names = ['sat-lazy', 'sat-reach', 'sat-distance', 'sat-closure'];
const encodings: [string, SatEncoding][] = [];
for (const name of names) encodings.push([name, ((await import(`../encodings/backends/${name}.ts`)) as { encoding: SatEncoding }).encoding]);
process.stdout.write(`| size | ${names.map((n) => `${n} vars | ${n} clauses`).join(' | ')} |\n|---|${names.map(() => '---:|---:').join('|')}|\n`);
for (const [rows, cols] of sizes) {
  const cells: string[] = [];
  for (const [, encoding] of encodings) {
    try {
      const { encoded } = encodeCnf(encoding, makePuzzle(rows, cols, new Array(rows * cols).fill(null)));
      cells.push(String(encoded.cnf.variableCount), String(encoded.cnf.clauses.length));
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      cells.push('too large', '-');
    }
  }
  process.stdout.write(`| ${rows}x${cols} | ${cells.join(' | ')} |\n`);
}
