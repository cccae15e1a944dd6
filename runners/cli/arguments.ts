// The operands the commands take, as the command table declares them (each command's module reads them in
// its action, in this order).
import { SOURCE_NAMES } from '../experiments/source-names.ts';

/** An operand of a command: `<name>`, or `<name...>` for one or more. */
export interface CommandArgument {
  readonly name: string;
  readonly help: string;
}

const PUZZLE_SOURCES = 'puzz.link URL, Loopy game ID, puzzle file';

/** The puzzle operand, as every command that reads one puzzle takes it. */
export const PUZZLE: CommandArgument = { name: '<puzzle>', help: `${PUZZLE_SOURCES}, or - for stdin` };
/** solve's: one puzzle, or a list of them. */
export const PUZZLE_OR_LIST: CommandArgument = {
  name: '<puzzle>',
  help: `${PUZZLE.help}; a file or stdin of many puzzles, one per line (ID<TAB>puzzle or the puzzle alone), prints one JSON line per puzzle as each is solved`,
};
/** convert's: it reads every format. */
export const PUZZLE_ANY_FORMAT: CommandArgument = { name: '<puzzle>', help: `${PUZZLE_SOURCES} (text grid, pzprv3, JSON), or - for stdin` };
export const SOLUTION: CommandArgument = { name: '<solution>', help: 'solution JSON file {rows, cols, h, v} (or a `solve --json` result)' };
export const PROOF: CommandArgument = { name: '<proof>', help: 'proof file in the format of docs/proof-format.md (the proof states its claim), or - for stdin' };
export const RESULTS: CommandArgument = { name: '<dir>', help: 'a results directory written by `bench`' };
export const BASELINE_RESULTS: CommandArgument = { name: '<a>', help: 'the baseline results directory (bench, merge or bench --slurm output)' };
export const COMPARED_RESULTS: CommandArgument = { name: '<b>', help: 'the results directory compared with it' };
export const MERGED_RESULTS: CommandArgument = { name: '<out>', help: 'the merged results directory (created; an earlier merge there is replaced)' };
export const SHARDS: CommandArgument = { name: '<dirs...>', help: 'shard directories, in any order' };
/** reproduce's: what to reproduce. */
export const SOURCE: CommandArgument = { name: '<what>', help: `list, all, or a source: ${SOURCE_NAMES.join(', ')}` };
