// The settings that only the experiment scripts (runners/experiments/, npm run bench:*) take, in the table's
// form: a flag and its help, the value read by the script itself. A script takes these and the settings of
// table.ts alike (experiments/script.ts makes its command line and --help from both) and may word a setting's
// help or default for itself, as a command does.
import { SETTINGS, type Setting } from './table.ts';

/** A row of this part of the table; its flag stays a literal in its type, for the script's parsed values. */
const setting = <const R extends Setting<string | boolean>>(row: R): R => row;

export const EXPERIMENT_SETTINGS = {
  sets: setting({ flags: '--sets <names>', help: 'built-in sets, comma-separated (see `slitherbench datasets`)' }),
  perSet: setting({ flags: '--per-set <n>', help: 'at most N puzzles of each set, the first N (default: all)' }),
  perSize: setting({ flags: '--per-size <n>', help: 'puzzles per size' }),
  perGrid: setting({ flags: '--per-grid <n>', help: 'puzzles per grid and target number of edges' }),
  edges: setting({ flags: '--edges <list>', help: 'target numbers of edges, comma-separated' }),
  core: setting({ flags: '--core <name>', help: 'which core to run: wasm, typescript or both' }),
  warmRun: setting({ flags: '--warm-run <dir>', help: 'the results of a warm bench run to read' }),
  jankoSample: setting({ flags: '--janko <n>', help: 'also a sample of N janko puzzles (0: none)' }),
  jankoFile: setting({ flags: '--janko-file <file>', help: 'the janko collection (JSON)' }),
  peerFile: setting({ flags: '--peer-file <file>', help: "the peer's (cspuz_core) timings, a CSV" }),
  peer: setting({ flags: '--peer <on|off>', help: 'also time the peer, cspuz_core\'s cspuz-slither, when its binary is found' }),
  peerBin: setting({ flags: '--peer-bin <path>', help: 'the peer binary, which you supply' }),
  vary: setting({ flags: '--vary <option>', help: 'the back-end option whose choices are compared' }),
  solves: setting({ flags: '--solves <n>', help: 'puzzles solved in each round' }),
  rounds: setting({ flags: '--rounds <n>', help: 'rounds, alternating between the ways compared' }),
  blocks: setting({ flags: '--blocks <n>', help: 'blocks of solves, alternating between the ways compared' }),
  seconds: setting({ flags: '--seconds <n>', help: 'how long each load lasts, in seconds' }),
  clients: setting({ flags: '--clients <list>', help: 'numbers of clients sending at once, comma-separated' }),
  runs: setting({ flags: '--runs <n>', help: 'runs of each command' }),
  modes: setting({ flags: '--modes <list>', help: 'how each puzzle is solved, comma-separated: fresh (a process per puzzle), warm (bench\'s workers) or both' }),
  peerSource: setting({ flags: '--peer-source <where>', help: "where the peer's time comes from: csv (its recorded times) or binary" }),
  overMs: setting({ flags: '--over-ms <ms>', help: 'list every run slower than this, in ms' }),
  sweep: setting({ flags: '--sweep', help: 'instead: generate fresh puzzles and run them as they are made' }),
  summaryOnly: setting({ flags: '--report', help: 'run nothing: only rebuild the summary from the runs already in --out' }),
  bin: setting({ flags: '--bin <path>', help: 'the slitherbench bin to start' }),
} as const;

/** Every setting a script may take: the commands' (table.ts) and the scripts' own (no name or flag in both). */
export const SCRIPT_SETTINGS = { ...SETTINGS, ...EXPERIMENT_SETTINGS };
export type ScriptSettingName = keyof typeof SCRIPT_SETTINGS;
