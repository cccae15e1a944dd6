import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../../../encodings/errors.ts';
import { gridOf } from '../../../encodings/grid.ts';
import { listBackends } from '../../../encodings/registry.ts';
import { formatBackendSpec, resolveBackendSpec, type BackendChoice } from '../../../encodings/backend-spec.ts';
import { flagOption } from '../../settings/command-line.ts';
import { readPuzzleArgument } from '../input.ts';

export function register(declared: Command): void {
  declared
    .addOption(flagOption('backend', { help: 'a back-end with a CNF encoding (sat-*; `backends` lists them), optionally with its options, e.g. sat-closure:closure=squaring; sat-lazy gives its degree and clue CNF, before any cut' }).makeOptionMandatory())
    .addOption(flagOption('dimacs'))
    .action(async (puzzleArg: string, flags: { backend: BackendChoice; dimacs?: string }) => {
      const { puzzle } = readPuzzleArgument(puzzleArg);
      const { backend, params } = await resolveBackendSpec(flags.backend, '--backend');
      if (!backend.cnf) {
        const cnf = (await listBackends()).filter((b) => b.cnf).map((b) => b.name);
        throw new UsageError(`back-end '${backend.name}' is not a CNF encoding (use one of ${cnf.join(', ')})`);
      }
      let formula;
      try {
        formula = backend.cnf(puzzle, params);
      } catch (error) {
        if (error instanceof RangeError) throw new UsageError(`the ${backend.name} encoding of this ${puzzle.rows}x${puzzle.cols} puzzle is too large: ${error.message}`);
        throw error;
      }
      const grid = gridOf(puzzle);
      const comments = [
        `slitherbench ${formatBackendSpec(flags.backend)} encoding of a ${puzzle.rows}x${puzzle.cols} Slitherlink puzzle`,
        'edge variables: variable edge(e) = e + 1; "c edge V h|v R C" lines name each (h: from vertex (R,C) to (R,C+1); v: to (R+1,C))',
        ...Object.entries(formula.stats).map(([k, v]) => `stat ${k} = ${v}`),
        ...Array.from({ length: grid.edgeCount }, (_, e) => {
          const [kind, r, c] = grid.edgePosition(e);
          return `edge ${formula.edgeVariable(e)} ${kind} ${r} ${c}`;
        }),
      ];
      const text = formula.toDimacs(comments);
      if (flags.dimacs) {
        writeFileSync(flags.dimacs, text);
        process.stderr.write(`encode: ${formula.variableCount} variables, ${formula.clauses.length} clauses -> ${flags.dimacs}\n`);
      } else process.stdout.write(text);
    });
}
