// bench:search's command line (runners/experiments/search.ts), parsed without side effects so that it is tested.
import { formatBackendSpec, parseBackendList, parseBackendSpec } from '../../encodings/backend-spec.ts';
import { parseGridSize } from '../../encodings/grid.ts';
import { parseInteger, parseSeconds } from '../harness/plans/values.ts';
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
  modes: { help: 'fresh, warm or both', defaultText: 'fresh,warm' },
  timeout: { help: "seconds per run, ours and the peer's; a timeout counts at the limit, shown as >=", defaultText: '60' },
  repeat: { help: 'warm runs per puzzle and back-end', defaultText: "search.yaml's" },
  runs: { help: 'fresh processes per puzzle and back-end, and per puzzle for the peer binary: the median counts (on a loaded machine one run of a few milliseconds can be off by half)', defaultText: '1' },
  peerSource: { help: 'csv: the reference CSV where it has the puzzle, else the binary; binary: the binary on every puzzle (one build and one way of timing on both sides)', defaultText: 'csv' },
  peerBin: { help: "the peer binary, cspuz_core's cspuz-slither, which you supply; its recorded times are in ../shared/datasets/reference/", defaultText: '$PEER/bin/cspuz-slither, PEER=~/cspuz-peer' },
  out: { defaultText: 'results/bench-search; the sweep writes DIR/sweep' },
  summaryOnly: { help: 'run nothing: only rebuild the summary from the runs already in --out (with the same --sets, --backends, ... or --sweep options as the runs)' },
});
const SWEEP_OPTIONS = scriptOptions(['sweep', 'count', 'seed', 'size', 'overMs'], {
  sweep: { help: 'instead: generate fresh hard puzzles (as `generate --difficulty hard --confirm none`) and run one back-end (--backends, default auto) in a fresh process and the peer binary on each as it is made; prints the worst ratio and every run over --over-ms' },
  count: { help: 'sweep puzzles', defaultText: '300' },
  seed: { help: 'sweep seed', defaultText: '3: the built-in gen-15x15-hard is seed 2, gen-15x15-minimal seed 1' },
  size: { help: 'sweep grid, RxC', defaultText: '15x15' },
  overMs: { help: "list every sweep run (ours or the peer's) slower than this, in ms", defaultText: '1000' },
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

/** The values parseArgs gives for SEARCH_OPTIONS. */
export type SearchValues = Partial<Record<'sets' | 'backends' | 'modes' | 'per-set' | 'timeout' | 'repeat' | 'runs' | 'peer-source' | 'peer-bin' | 'out' | 'count' | 'seed' | 'size' | 'over-ms', string>> & { sweep?: boolean; report?: boolean };

export const SEARCH_OPTIONS = { ...SETS_OPTIONS.options, ...SWEEP_OPTIONS.options };

const list = (text: string, name: string) => {
  const items = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new Error(`${name} needs at least one name`);
  return [...new Set(items)];
};

/** The specs of a list in the one form every command reads, each once (so a plain ID is its own spec). */
const specs = (text: string, where: string) => [...new Set(parseBackendList(text, where).map(formatBackendSpec))];

/** Options from parsed values; throws an Error saying what is wrong. `knownSets`: the built-in set names. */
export function parseSearchOptions(values: SearchValues, defaults: SearchDefaults, knownSets: readonly string[]): SearchOptions {
  const timeoutSeconds = parseSeconds(values.timeout ?? '60', '--timeout');
  const common = { report: Boolean(values.report), timeoutSeconds, out: values.out ?? 'results/bench-search', ...(values['peer-bin'] ? { peerBin: values['peer-bin'] } : {}) };
  const setsOnly = (['sets', 'modes', 'per-set', 'repeat', 'runs', 'peer-source'] as const).filter((k) => values[k] !== undefined);
  const sweepOnly = (['count', 'seed', 'size', 'over-ms'] as const).filter((k) => values[k] !== undefined);
  if (values.sweep) {
    if (setsOnly.length > 0) throw new Error(`--${setsOnly[0]} is not a sweep option (the sweep runs one back-end fresh and the peer binary)`);
    const { rows, cols } = parseGridSize(values.size ?? '15x15', '--size');
    return {
      sweep: true, ...common, rows, cols,
      backend: formatBackendSpec(parseBackendSpec(values.backends ?? 'auto', '--backends')),
      count: parseInteger(values.count ?? '300', '--count', 1),
      seed: parseInteger(values.seed ?? '3', '--seed'),
      overMs: parseInteger(values['over-ms'] ?? '1000', '--over-ms', 0),
    };
  }
  if (sweepOnly.length > 0) throw new Error(`--${sweepOnly[0]} goes with --sweep`);
  const modes = values.modes ? list(values.modes, '--modes') : ['fresh', 'warm'];
  const badMode = modes.find((m) => m !== 'fresh' && m !== 'warm');
  if (badMode) throw new Error(`--modes: '${badMode}' is neither fresh nor warm`);
  const peerSource = values['peer-source'] ?? 'csv';
  if (peerSource !== 'csv' && peerSource !== 'binary') throw new Error(`--peer-source must be csv or binary; got '${peerSource}'`);
  const sets = values.sets ? list(values.sets, '--sets') : defaults.sets;
  const unknown = sets.filter((s) => !knownSets.includes(s));
  if (unknown.length > 0) throw new Error(`no built-in set ${unknown.map((s) => `'${s}'`).join(', ')} (see \`slitherbench datasets\`; build new ones with npm run datasets:build -- NAME)`);
  return {
    sweep: false, ...common, sets, modes: modes as Mode[], peerSource,
    backends: specs(values.backends ?? defaults.backends.join(','), '--backends'),
    perSet: values['per-set'] ? parseInteger(values['per-set'], '--per-set', 1) : Infinity,
    repeat: values.repeat ? parseInteger(values.repeat, '--repeat', 1) : defaults.repeat,
    runs: values.runs ? parseInteger(values.runs, '--runs', 1) : 1,
  };
}
