// The settings that only the experiment scripts (runners/experiments/, npm run bench:*) take, in the table's
// form: a flag, its help and how its text is read. A script takes these and the settings of table.ts alike
// (experiments/script.ts makes its command line, --help and values from both) and may word a setting's help or
// choose its default for itself, as a command does; the value's type and its checks are the row's.
import { parseChoice, parseInteger, parseIntegerList, parseNameList, parseSeconds } from '../harness/plans/values.ts';
import { setting, SETTINGS } from './table.ts';

export const EXPERIMENT_SETTINGS = {
  sets: setting<string[]>()({ flags: '--sets <names>', help: 'built-in sets, comma-separated (see `slitherbench datasets`)', parse: (text) => parseNameList(text, '--sets') }),
  perSet: setting<number>()({ flags: '--per-set <n>', help: 'at most N puzzles of each set, the first N (default: all)', parse: (text) => parseInteger(text, '--per-set', 1) }),
  processes: setting<number>()({ flags: '--processes <n>', help: 'the first N puzzles of each set also solved as a user runs them, each in a process of its own: `solve --certify` (proof written and checked) against `solve --unique` (0: none)', parse: (text) => parseInteger(text, '--processes', 0) }),
  perSize: setting<number>()({ flags: '--per-size <n>', help: 'puzzles per size', parse: (text) => parseInteger(text, '--per-size', 1) }),
  perGrid: setting<number>()({ flags: '--per-grid <n>', help: 'puzzles per grid and target number of edges', parse: (text) => parseInteger(text, '--per-grid', 1) }),
  edges: setting<number[]>()({ flags: '--edges <list>', help: 'target numbers of edges, comma-separated', parse: (text) => parseIntegerList(text, '--edges', 12) }),
  core: setting<'wasm' | 'typescript' | 'both'>()({ flags: '--core <name>', help: 'which core to run: wasm, typescript or both', parse: (text) => parseChoice(text, '--core', ['wasm', 'typescript', 'both']) }),
  warmRun: setting<string>()({ flags: '--warm-run <dir>', help: 'the results of a warm bench run to read' }),
  jankoSample: setting<number>()({ flags: '--janko <n>', help: 'also a sample of N janko puzzles (0: none)', parse: (text) => parseInteger(text, '--janko', 0) }),
  jankoFile: setting<string>()({ flags: '--janko-file <file>', help: 'the janko collection (JSON)' }),
  peerFile: setting<string>()({ flags: '--peer-file <file>', help: "the peer's (cspuz_core) timings, a CSV" }),
  peer: setting<boolean>()({ flags: '--peer <on|off>', help: 'also time the peer, cspuz_core\'s cspuz-slither, when its binary is found', parse: (text) => parseChoice(text, '--peer', ['on', 'off']) === 'on' }),
  peerBin: setting<string>()({ flags: '--peer-bin <path>', help: 'the peer binary, which you supply' }),
  vary: setting<string[]>()({ flags: '--vary <option>', help: 'the back-end option whose choices are compared', parse: (text) => parseNameList(text, '--vary') }),
  solves: setting<number>()({ flags: '--solves <n>', help: 'puzzles solved in each round', parse: (text) => parseInteger(text, '--solves', 1) }),
  rounds: setting<number>()({ flags: '--rounds <n>', help: 'rounds, alternating between the ways compared', parse: (text) => parseInteger(text, '--rounds', 1) }),
  blocks: setting<number>()({ flags: '--blocks <n>', help: 'blocks of solves, alternating between the ways compared', parse: (text) => parseInteger(text, '--blocks', 1) }),
  seconds: setting<number>()({ flags: '--seconds <n>', help: 'how long each load lasts, in seconds', parse: (text) => parseSeconds(text, '--seconds') }),
  clients: setting<number[]>()({ flags: '--clients <list>', help: 'numbers of clients sending at once, comma-separated', parse: (text) => parseIntegerList(text, '--clients', 1) }),
  runs: setting<number>()({ flags: '--runs <n>', help: 'runs of each command', parse: (text) => parseInteger(text, '--runs', 1) }),
  modes: setting<('fresh' | 'warm')[]>()({ flags: '--modes <list>', help: 'how each puzzle is solved, comma-separated: fresh (a process per puzzle), warm (bench\'s workers) or both', parse: (text) => parseNameList(text, '--modes').map((mode) => parseChoice(mode, '--modes', ['fresh', 'warm'])) }),
  peerSource: setting<'csv' | 'binary'>()({ flags: '--peer-source <where>', help: "where the peer's time comes from: csv (its recorded times) or binary", parse: (text) => parseChoice(text, '--peer-source', ['csv', 'binary']) }),
  overMs: setting<number>()({ flags: '--over-ms <ms>', help: 'list every run slower than this, in ms', parse: (text) => parseInteger(text, '--over-ms', 0) }),
  sweep: setting<boolean>()({ flags: '--sweep', help: 'instead: generate fresh puzzles and run them as they are made' }),
  summaryOnly: setting<boolean>()({ flags: '--report', help: 'run nothing: only rebuild the summary from the runs already in --out' }),
  bin: setting<string>()({ flags: '--bin <path>', help: 'the slitherbench bin to start' }),
} as const;

/** Every setting a script may take: the commands' (table.ts) and the scripts' own (no name or flag in both). */
export const SCRIPT_SETTINGS = { ...SETTINGS, ...EXPERIMENT_SETTINGS };
export type ScriptSettingName = keyof typeof SCRIPT_SETTINGS;
