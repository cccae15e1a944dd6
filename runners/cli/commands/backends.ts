import type { Command } from 'commander';
import { backendRows } from '../../harness/solving/backend-rows.ts';
import { flagOption } from '../../settings/command-line.ts';

export function register(declared: Command): void {
  declared
    .addOption(flagOption('json', { help: 'print an array of {name, description, available, reason, options, presolver, certifies, certifiesByDefault, grids}' }))
    .addOption(flagOption('versions'))
    .action(async (options: { json?: boolean; versions?: boolean }) => {
      const rows = await backendRows(options.versions);
      if (options.json) {
        process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
        return;
      }
      const width = Math.max(4, ...rows.map((r) => r.name.length));
      for (const row of rows) {
        const mark = row.available ? 'yes' : 'no ';
        process.stdout.write(`${row.name.padEnd(width)}  ${mark}  ${row.description}\n`);
        if ('version' in row) process.stdout.write(`${' '.repeat(width)}       version: ${row.version}\n`);
        if (!row.available && 'reason' in row) process.stdout.write(`${' '.repeat(width)}       unavailable: ${row.reason}\n`);
        for (const o of row.options) {
          process.stdout.write(`${' '.repeat(width)}       --option ${o.name}=${o.choices ? o.choices.join('|') : '…'} (default ${o.default}): ${o.description}\n`);
        }
        if (row.presolver) {
          const options = row.options.length ? '[:option=value,...]' : '';
          process.stdout.write(`${' '.repeat(width)}       also a presolver: --presolve ${row.name}${options} (decides edges before another back-end encodes the puzzle)\n`);
        }
        if (row.grids === 'any') process.stdout.write(`${' '.repeat(width)}       grids: every grid (square, and Loopy's other tilings: triangular, honeycomb, ...)\n`);
        if (row.certifies) process.stdout.write(`${' '.repeat(width)}       certifies: --certify gives a proof of each unique or no-loop answer, checked by the independent checker${row.certifiesByDefault ? '; bench --unique and serve do so by default (the proof costs little beside the answer)' : ''}\n`);
      }
    });
}
