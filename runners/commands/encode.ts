import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { getBackend } from '../../encodings/registry.ts';
import { encodeCnf, type SatEncoding } from '../../encodings/cnf/sat-backend.ts';
import { UsageError } from '../errors.ts';
import { readPuzzleArgument } from '../input.ts';

/** The SAT encodings by back-end ID, for `encode`. */
async function satEncoding(id: string): Promise<SatEncoding> {
  await getBackend(id); // a clear error for an unknown ID
  const module = (await import(`../../encodings/backends/${id}.ts`)) as { encoding?: SatEncoding };
  if (!module.encoding) throw new UsageError(`back-end '${id}' is not a CNF encoding (use one of sat-lazy, sat-reach, sat-distance, sat-closure)`);
  return module.encoding;
}

export function register(program: Command): void {
  program
    .command('encode')
    .description('write the CNF of a SAT back-end\'s encoding as DIMACS, with comments mapping edges to variables')
    .argument('<puzzle>', 'puzz.link URL, Loopy game ID, puzzle file, or - for stdin')
    .requiredOption('--backend <id>', 'a SAT back-end: sat-closure, sat-reach, sat-distance or sat-lazy (its degree and clue CNF, before any cut)')
    .option('--dimacs <file>', 'where to write the CNF (default: standard output)')
    .action(async (puzzleArg: string, flags: { backend: string; dimacs?: string }) => {
      const { puzzle } = readPuzzleArgument(puzzleArg);
      const encoding = await satEncoding(flags.backend);
      let built;
      try {
        built = encodeCnf(encoding, puzzle);
      } catch (error) {
        if (error instanceof RangeError) throw new UsageError(`the ${flags.backend} encoding of this ${puzzle.rows}x${puzzle.cols} puzzle is too large: ${error.message}`);
        throw error;
      }
      const { cnf, grid, edge } = built.encoded;
      const comments = [
        `slitherbench ${flags.backend} encoding of a ${puzzle.rows}x${puzzle.cols} Slitherlink puzzle`,
        'edge variables: variable edge(e) = e + 1; "c edge V h|v R C" lines name each (h: from vertex (R,C) to (R,C+1); v: to (R+1,C))',
        ...Object.entries(built.stats).map(([k, v]) => `stat ${k} = ${v}`),
        ...Array.from({ length: grid.edgeCount }, (_, e) => {
          const [kind, r, c] = grid.edgePosition(e);
          return `edge ${edge(e)} ${kind} ${r} ${c}`;
        }),
      ];
      const text = cnf.toDimacs(comments);
      if (flags.dimacs) {
        writeFileSync(flags.dimacs, text);
        process.stderr.write(`encode: ${cnf.variableCount} variables, ${cnf.clauses.length} clauses -> ${flags.dimacs}\n`);
      } else process.stdout.write(text);
    });
}
