// bench:search's command line (runners/experiments/search.ts), parsed without side effects so that it is tested.
import { formatBackendSpec } from '../../encodings/backend-spec.ts';
import { UsageError } from '../../encodings/errors.ts';
import { parseGridSize } from '../../encodings/grid.ts';
import { SECONDS_AS_MS } from '../settings/table.ts';
import { scriptOptions } from './script.ts';

const SEARCH_HEAD = `usage: npm run bench:search -- [--sets A,B,...] [--backends A,B,...] [--modes fresh,warm] [--per-set N]
                            [--timeout S] [--repeat K] [--runs N] [--peer-source csv|binary] [--peer-bin PATH] [--out DIR] [--report]
       npm run bench:search -- --sweep [--backends A] [--count N] [--seed S] [--size RxC] [--over-ms MS] [--timeout S] [--peer-bin PATH] [--out DIR] [--report]

Our search back-ends beside the peer (cspuz_core) on puzzles that need search. Per set, back-end and mode it
prints the median, the worst, the median's ratio to the peer's median and the worst per-puzzle ratio ours / peer.
  fresh  a new process per puzzle: \`slitherbench solve PUZZLE --backend B --unique --json\`, its timeMs (the
         back-end's own time: encoding, search and the uniqueness proof; process start excluded)
  warm   \`slitherbench bench\` with runners/experiments/search.yaml (workers that live through the run);
         each puzzle's fastest of --repeat runs
  peer   the reference CSV's figure where it has the puzzle (../shared/datasets/reference/cspuz-core-builtin.csv:
         re-measured on a quiet machine on 2026-11-24, whole process), else the peer binary in a process of its own (\`--once\`, whole process
         timed from here). Without the binary those puzzles have no peer figure, and the summary says so.
Finished runs are kept in --out and not run again: run the same command to carry on.`;

const SETS_OPTIONS = scriptOptions(['sets', 'backends', 'modes', 'perSet', 'timeout', 'repeat', 'runs', 'peerSource', 'peerBin', 'out', 'summaryOnly'], {
  sets: { defaultText: 'those of search.yaml' },
  backends: { help: 'back-ends, comma-separated, each optionally with its options after a colon, e.g. cdcl-loop:core=typescript,rules or rules:trial=off (see `slitherbench backends`); each is a column of its own, named as written', defaultText: 'those of search.yaml' },
  modes: { help: 'fresh, warm or both', default: ['fresh', 'warm'] },
  timeout: { help: "seconds per run, ours and the peer's; a timeout counts at the limit, shown as >=" },
  // Unset, search.yaml's: not the table's default.
  repeat: { help: 'warm runs per puzzle and back-end', default: undefined, defaultText: "search.yaml's" },
  runs: { help: 'fresh processes per puzzle and back-end, and per puzzle for the peer binary: the median counts (on a loaded machine one run of a few milliseconds can be off by half)', default: 1 },
  peerSource: { help: 'csv: the reference CSV where it has the puzzle, else the binary; binary: the binary on every puzzle (one build and one way of timing on both sides)', default: 'csv' },
  peerBin: { help: "the peer binary, cspuz_core's cspuz-slither, which you supply; its recorded times are in ../shared/datasets/reference/", defaultText: '$PEER/bin/cspuz-slither, PEER=~/cspuz-peer' },
  out: { default: 'results/bench-search', defaultText: 'results/bench-search; the sweep writes DIR/sweep' },
  summaryOnly: { help: 'run nothing: only rebuild the summary from the runs already in --out (with the same --sets, --backends, ... or --sweep options as the runs)' },
});
const SWEEP_OPTIONS = scriptOptions(['sweep', 'count', 'seed', 'size', 'overMs'], {
  sweep: { help: 'instead: generate fresh hard puzzles (as `generate --difficulty hard --confirm none`) and run one back-end (--backends, default auto) in a fresh process and the peer binary on each as it is made; prints the worst ratio and every run over --over-ms' },
  count: { help: 'sweep puzzles', default: 300 },
  seed: { help: 'sweep seed', default: 3, defaultText: '3: the built-in gen-15x15-hard is seed 2, gen-15x15-minimal seed 1' },
  size: { help: 'sweep grid, RxC', default: '15x15' },
  overMs: { help: "list every sweep run (ours or the peer's) slower than this, in ms", default: 1000 },
});

export const SEARCH_USAGE = `${SEARCH_HEAD}\n\n${SETS_OPTIONS.list}\n\n${SWEEP_OPTIONS.list}`;

export type Mode = 'fresh' | 'warm';
export type PeerSource = 'csv' | 'binary';

export interface SearchDefaults {
  sets: string[];
  backends: string[];
  repeat: number;
}

interface Common {
  /** Run nothing; summarize what --out holds. */
  report: boolean;
  timeoutSeconds: number;
  peerBin?: string;
  out: string;
}

export interface SetsOptions extends Common {
  sweep: false;
  sets: string[];
  /** Back-end specs as written (`rules`, `rules:trial=off`), each once: they name the runs, logs and columns. */
  backends: string[];
  modes: Mode[];
  perSet: number;
  repeat: number;
  /** Fresh processes per puzzle (ours and the peer binary's); the median counts. */
  runs: number;
  peerSource: PeerSource;
}

export interface SweepOptions extends Common {
  sweep: true;
  /** The one back-end the sweep runs, its spec as written (`auto`, or e.g. `cdcl-loop:core=typescript`). */
  backend: string;
  count: number;
  seed: number;
  rows: number;
  cols: number;
  overMs: number;
}

export type SearchOptions = SetsOptions | SweepOptions;

/** What parseArgs reads of SEARCH_OPTIONS (a flag's text, or its texts when typed again), by flag. */
export type SearchValues = Readonly<Record<string, string | boolean | readonly (string | boolean)[] | undefined>>;

export const SEARCH_OPTIONS = { ...SETS_OPTIONS.options, ...SWEEP_OPTIONS.options };
const SETS_ONLY = scriptOptions(['sets', 'modes', 'perSet', 'repeat', 'runs', 'peerSource']);
const SWEEP_ONLY = scriptOptions(['count', 'seed', 'size', 'overMs']);

/** Options from what parseArgs read, each value read by its settings row; throws a UsageError saying what is wrong. `knownSets`: the built-in set names. */
export function parseSearchOptions(values: SearchValues, defaults: SearchDefaults, knownSets: readonly string[]): SearchOptions {
  const given = SETS_OPTIONS.read(values);
  const common = { report: given.summaryOnly, timeoutSeconds: SECONDS_AS_MS.toTyped(given.timeout), out: given.out, ...(given.peerBin ? { peerBin: given.peerBin } : {}) };
  const setsOnly = SETS_ONLY.typed(values);
  const sweepOnly = SWEEP_ONLY.typed(values);
  // The specs in the one form every command reads, each once (so a plain ID is its own spec).
  const specs = given.backends && [...new Set(given.backends.map(formatBackendSpec))];
  if (SWEEP_OPTIONS.read(values).sweep) {
    if (setsOnly.length > 0) throw new UsageError(`${setsOnly[0]} is not a sweep option (the sweep runs one back-end fresh and the peer binary)`);
    const sweep = SWEEP_OPTIONS.read(values);
    if (specs && specs.length > 1) throw new UsageError(`--backends: one back-end expected, got ${specs.length} (${given.backends!.map((b) => b.id).join(', ')})`);
    const { rows, cols } = parseGridSize(sweep.size, '--size');
    return { sweep: true, ...common, rows, cols, backend: specs?.[0] ?? 'auto', count: sweep.count, seed: sweep.seed, overMs: sweep.overMs };
  }
  if (sweepOnly.length > 0) throw new UsageError(`${sweepOnly[0]} goes with --sweep`);
  const sets = given.sets ?? defaults.sets;
  const unknown = sets.filter((s) => !knownSets.includes(s));
  if (unknown.length > 0) throw new UsageError(`no built-in set ${unknown.map((s) => `'${s}'`).join(', ')} (see \`slitherbench datasets\`; build new ones with npm run datasets:build -- NAME)`);
  return {
    sweep: false, ...common, sets, modes: [...new Set(given.modes)], peerSource: given.peerSource,
    backends: specs ?? [...new Set(defaults.backends)],
    perSet: given.perSet ?? Infinity,
    repeat: given.repeat ?? defaults.repeat,
    runs: given.runs,
  };
}
