// bench:search: auto, cdcl-loop and rules (or any back-ends with their options) beside the peer (cspuz_core)
// on puzzles that need search, fresh (one process per puzzle) and warm (bench workers), and a sweep of freshly
// generated hard puzzles that hunts for the worst ratio. Usage and definitions: SEARCH_USAGE in search-options.ts; docs/cdcl-loop.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { builtinDatasetNames } from '../../datasets/builtin.ts';
import { defaultStrategy, generateSet } from '../../datasets/generator.ts';
import { loadDataset } from '../../datasets/load.ts';
import { PEER_BUILTIN } from '../../datasets/shared.ts';
import { writePuzzle } from '../../encodings/formats/index.ts';
import { clueCount } from '../../encodings/grid.ts';
import { formatBackendSpec, parseBackendSpec } from '../../encodings/backend-spec.ts';
import { isInputError } from '../../encodings/errors.ts';
import { readPeerRuns } from '../../reports/peer.ts';
import { readRecords } from '../../reports/records.ts';
import { median } from '../../reports/statistics.ts';
import { fmt, markdownTable } from '../../reports/tables.ts';
import { readExperiment, resolveVariants } from '../harness/plans/experiment.ts';
import { backendOracle, pickOracleBackend, type OracleCounters } from '../harness/solving/oracle.ts';
import { Progress } from '../harness/execution/progress.ts';
import { execute, stopOnInterrupt } from '../harness/execution/executor.ts';
import { checkPlan, readLog, RunLog } from '../harness/results/run-log.ts';
import { benchExperiment } from './bench-run.ts';
import { checked, commandLine, fail } from './script.ts';
import { parseSearchOptions, SEARCH_OPTIONS, SEARCH_USAGE, type SetsOptions, type SweepOptions } from './search-options.ts';
import { atLeast, fastestWarmRuns, PEER_BINARY, peerBinaryPresent, runPeerOnce, solveInFreshProcess, summarize, type FreshResult, type PeerResult, type PuzzleRun, type SummaryRow } from './versus-peer.ts';

const CONFIG = new URL('./search.yaml', import.meta.url).pathname;

const { values } = commandLine(SEARCH_USAGE, { options: SEARCH_OPTIONS });
const base = checked(() => readExperiment(CONFIG));
const options = checked(() => parseSearchOptions(values, {
  sets: base.datasets.map((d) => (typeof d === 'string' ? d : d.path)),
  // An entry written with its options keeps them, as bench would run it.
  backends: base.backends.map((b) => (typeof b === 'string' ? b : formatBackendSpec({ id: b.id, params: Object.fromEntries(Object.entries(b.options ?? {}).map(([key, value]) => [key, String(value)])) }))),
  repeat: base.repeat ?? 1,
}, builtinDatasetNames()));
// Each spec checked as bench checks its --backends (known, options declared, able to run here); the warm
// run's results name each by its label, e.g. rules[trial=off] for rules:trial=off.
const specs = options.sweep ? [options.backend] : options.backends;
const variants = await resolveVariants(specs.map((spec) => parseBackendSpec(spec, '--backends'))).catch((error: unknown) => {
  if (isInputError(error)) fail(error.message);
  throw error;
});
const specOfLabel = new Map(variants.map((v, i) => [v.label, specs[i]]));

const peerBin = options.peerBin ?? PEER_BINARY;
const peerPresent = peerBinaryPresent(peerBin);
if (!peerPresent) process.stderr.write(`bench:search: the peer binary is missing (${peerBin}; give the path of cspuz_core's cspuz-slither with --peer-bin): ${options.sweep || options.peerSource === 'binary' ? 'no peer figures, the peer columns stay empty' : 'peer figures only where the reference CSV has the puzzle'}\n`);

/** A log of finished runs in --out, carried on by running the same command again (none written with --report). */
function openLog<T>(path: string, key: (line: T) => string, noun: string, report: boolean): { previous: T[]; append(line: T): void; close(): void } {
  if (report) return { previous: readLog<T>(path, false), append: () => undefined, close: () => undefined };
  return checked(() => new RunLog<T>({ path, resume: true, key, sync: 'each', noun }));
}

const ms = (x: number | null | undefined, digits = 1) => fmt(x, digits);

if (options.sweep) await sweep(options);
else await sets(options);

/** One puzzle and back-end; with --runs above 1, `ms` is the median of `runs` (all answered), else the first run that did not answer. */
interface FreshLine { set: string; id: string; backend: string; status: string; unique: boolean | null; ms: number; processMs: number; message?: string; runs?: number[] }
interface PeerLine extends PeerResult { set: string; id: string }

/** `n` runs of one puzzle: the first that did not answer, else the median run, with every run's ms. */
function medianRun<R extends { status: string; ms: number }>(n: number, run: () => R): R & { runs?: number[] } {
  const results: R[] = [];
  for (let i = 0; i < n; i++) {
    const r = run();
    if (r.status === 'timeout' || r.status === 'error') return r;
    results.push(r);
  }
  if (n === 1) return results[0];
  const sorted = [...results].sort((a, b) => a.ms - b.ms);
  return { ...sorted[(n - 1) >> 1], runs: results.map((r) => r.ms) };
}

async function sets(o: SetsOptions): Promise<void> {
  mkdirSync(o.out, { recursive: true });
  const freshPath = join(o.out, 'fresh.jsonl');
  const peerPath = join(o.out, 'peer.jsonl');
  const key = (set: string, id: string, backend = '') => `${set}\t${id}\t${backend}`;
  const freshLog = openLog<FreshLine>(freshPath, (r) => key(r.set, r.id, r.backend), 'fresh runs', o.report);
  const peerLog = openLog<PeerLine>(peerPath, (r) => key(r.set, r.id), 'peer runs', o.report);
  const fresh = new Map(freshLog.previous.map((r) => [key(r.set, r.id, r.backend), r]));
  const peerRuns = new Map(peerLog.previous.map((r) => [key(r.set, r.id), r]));
  const csv = readPeerRuns(PEER_BUILTIN);
  if (csv.size === 0) process.stderr.write(`bench:search: no reference CSV at ${PEER_BUILTIN}\n`);

  const tasks = o.sets.flatMap((set) => loadDataset(set).instances.slice(0, o.perSet).map((instance) => ({ set, id: instance.id, url: writePuzzle(instance.puzzle, 'url').trim() })));
  const urls = new Map(tasks.map((t) => [key(t.set, t.id), t.url]));
  // The peer's figure: the CSV's (with --peer-source csv), else a run of the binary kept in peer.jsonl.
  const peerOf = (set: string, id: string): { ms: number; source: string; status: string } | null => {
    const row = o.peerSource === 'csv' ? csv.get(`${set}/${id}`) : undefined;
    if (row) return { ms: row.ms, source: 'csv', status: row.status.toLowerCase() };
    const run = peerRuns.get(key(set, id));
    return run && run.status !== 'timeout' && run.status !== 'error' ? { ms: run.ms, source: 'binary', status: run.status } : run ? { ms: NaN, source: 'binary', status: run.status } : null;
  };

  const freshBackends = o.modes.includes('fresh') ? o.backends : [];
  const progress = new Progress('bench:search fresh', o.report ? 0 : tasks.length);
  for (const t of o.report ? [] : tasks) {
    const notes: string[] = [];
    if (!peerOf(t.set, t.id) && peerPresent) {
      const run: PeerLine = { set: t.set, id: t.id, ...medianRun(o.runs, () => runPeerOnce(peerBin, t.url, o.timeoutSeconds)) };
      peerLog.append(run);
      peerRuns.set(key(t.set, t.id), run);
      notes.push(`peer ${ms(run.ms)}`);
    }
    for (const backend of freshBackends) {
      if (fresh.has(key(t.set, t.id, backend))) continue;
      const result = medianRun(o.runs, () => solveInFreshProcess(t.url, backend, o.timeoutSeconds));
      const line: FreshLine = { set: t.set, id: t.id, backend, ...result };
      freshLog.append(line);
      fresh.set(key(t.set, t.id, backend), line);
      notes.push(`${backend} ${result.status === 'solved' ? ms(result.ms) : result.status}`);
    }
    progress.tick(`${t.set} ${t.id}`, notes.join(', '));
  }
  progress.done();
  freshLog.close();
  peerLog.close();

  let warmNote = '';
  if (o.modes.includes('warm') && !o.report) {
    // The run bench makes, written down beside its results: search.yaml with this command's choices.
    const warmDir = join(o.out, 'warm');
    const warmConfig = join(o.out, 'warm.yaml');
    const experiment = { ...base, out: warmDir, timeout: o.timeoutSeconds, repeat: o.repeat, backends: o.backends, datasets: o.sets.map((set) => (Number.isFinite(o.perSet) ? { path: set, limit: o.perSet } : set)) };
    const outcome = await benchExperiment('bench:search warm', experiment, warmConfig, warmDir);
    if (!outcome) return;
    try {
      const reports = (await import('../../reports/index.ts')) as { buildReport: (dir: string) => Promise<{ htmlPath: string }> };
      await reports.buildReport(warmDir);
    } catch (error) {
      process.stderr.write(`bench:search warm: warning: the report could not be built (${(error as Error).message}); try \`slitherbench report ${warmDir}\`\n`);
    }
    // Back-ends disagreed or the verifier rejected an answer: the runs are recorded, and the summary shows them.
    if (outcome.disagreements.length > 0) warmNote = `\n**The warm run found ${outcome.disagreements.length} disagreement${outcome.disagreements.length > 1 ? 's' : ''}: back-ends disagreed or an answer was rejected; see ${warmDir}.**\n`;
  }

  const runs: (PuzzleRun & { processMs: number | null; peerSource: string; peerStatus: string; url: string })[] = [];
  const withPeer = (set: string, id: string) => {
    const p = peerOf(set, id);
    return { peerMs: p && Number.isFinite(p.ms) ? p.ms : null, peerSource: p?.source ?? '', peerStatus: p?.status ?? '', url: urls.get(key(set, id)) ?? '' };
  };
  for (const t of tasks) {
    for (const backend of freshBackends) {
      const r = fresh.get(key(t.set, t.id, backend));
      if (r) runs.push({ set: t.set, id: t.id, backend, mode: 'fresh', status: r.status, unique: r.unique, ms: r.ms, processMs: r.processMs, ...withPeer(t.set, t.id) });
    }
  }
  if (o.modes.includes('warm') && existsSync(join(o.out, 'warm', 'results.jsonl'))) {
    for (const r of fastestWarmRuns(readRecords(join(o.out, 'warm')))) {
      const id = r.instance.slice(r.instance.lastIndexOf('/') + 1);
      const backend = specOfLabel.get(r.backend);
      if (!urls.has(key(r.dataset, id)) || backend === undefined) continue;
      runs.push({ set: r.dataset, id, backend, mode: 'warm', status: r.status, unique: r.unique, ms: r.solve_ms, processMs: null, ...withPeer(r.dataset, id) });
    }
  }
  writeFileSync(join(o.out, 'runs.csv'), stringify(runs.map((r) => ({ ...r, unique: r.unique === null ? '' : String(r.unique) })), { header: true }));

  // Every set is of unique puzzles: a 'not unique' from either side is a disagreement, worth more than any time;
  // errors (and the peer's timeouts, which have no ratio) are listed with them so that none goes unseen.
  const disagreements = [
    ...runs.filter((r) => r.status === 'solved' && r.unique === false).map((r) => `${r.set} ${r.id}: ${r.backend} ${r.mode} found a second loop`),
    ...runs.filter((r) => r.status === 'unsat' || r.status === 'wrong' || r.status === 'error').map((r) => `${r.set} ${r.id}: ${r.backend} ${r.mode} ${r.status}`),
    ...tasks.map((t) => ({ t, p: peerOf(t.set, t.id) })).filter(({ p }) => p && p.status !== 'unique').map(({ t, p }) => `${t.set} ${t.id}: peer (${p!.source}) ${p!.status}${p!.status === 'timeout' || p!.status === 'error' ? ' (a failure, not an answer)' : ''}`),
  ];
  const rows = summarize(runs, o.timeoutSeconds * 1000);
  const table = (set: string) => {
    const body = rows.filter((g) => g.set === set).map(summaryCells);
    const peers = tasks.filter((t) => t.set === set).map((t) => peerOf(t.set, t.id)).filter((p) => p && Number.isFinite(p.ms));
    const sources = [...new Set(peers.map((p) => p!.source))].join('+');
    body.push([`peer (${sources || 'none'})`, 'whole process', `${peers.length}/${tasks.filter((t) => t.set === set).length}`, ms(median(peers.map((p) => p!.ms)), 2), ms(peers.length ? Math.max(...peers.map((p) => p!.ms)) : null), '', '', '']);
    return markdownTable(['back-end', 'mode', 'answered', 'median ms', 'worst ms', 'median / peer median', 'worst ours / peer', 'worst puzzle'], body, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'left']);
  };
  const summary = [
    '# Search back-ends beside the peer (bench:search)',
    '',
    `${[o.modes.includes('fresh') ? 'fresh: `solve --unique --json` timeMs in a new process per puzzle' : '', o.modes.includes('warm') ? `warm: \`bench\` workers (${join(o.out, 'warm.yaml')}), each puzzle's fastest of its repeats (${o.repeat} in this command)` : ''].filter(Boolean).join('; ')}. Timeout ${o.timeoutSeconds} s per run, counted at the limit (\`>=\`). Peer: cspuz_core, whole process; \`csv\` = ${PEER_BUILTIN} (re-measured 2026-11-24 on a quiet machine), \`binary\` = ${peerBin} run here${peerPresent ? '' : ' (MISSING: no binary figures)'}. Ratios are ours / peer on the same puzzles; ${o.runs === 1 ? 'one fresh run' : `the median of ${o.runs} fresh runs (as this command asked; runs kept in --out count as they were made)`} per puzzle and side, on a shared 2-core machine.`,
    warmNote,
    ...o.sets.flatMap((set) => [`## ${set}`, '', table(set), '']),
    disagreements.length ? `## Disagreements and failures (${disagreements.length})\n\n${disagreements.map((d) => `- ${d}`).join('\n')}\n` : `No disagreement: every answer was unique${peerPresent || o.peerSource === 'csv' ? ', ours and the peer\'s' : ' (ours; no peer)'}.\n`,
  ].join('\n');
  writeFileSync(join(o.out, 'summary.md'), summary);
  process.stdout.write(summary);
}

function summaryCells(g: SummaryRow): string[] {
  return [g.backend, g.mode, `${g.answered}/${g.runs}`, atLeast(g.medianMs, g.medianCensored, 2), atLeast(g.worstMs, g.worstCensored, 1), atLeast(g.medianRatio, g.medianRatioCensored, 2), atLeast(g.worstRatio, g.worstRatioCensored, 2), g.worstRatioId ?? ''];
}

/** One sweep puzzle; the back-end's run is kept under its spec as written (`auto`, `rules:trial=off`). */
type SweepLine = { index: number; id: string; url: string; clues: number; difficulty: string; level: string; peer: PeerResult | null } & { [spec: string]: unknown };
/** The run of the sweep's back-end on one puzzle. */
function oursOf(o: SweepOptions, line: SweepLine): FreshResult {
  return line[o.backend] as FreshResult;
}

async function sweep(o: SweepOptions): Promise<void> {
  const dir = join(o.out, 'sweep');
  mkdirSync(dir, { recursive: true });
  // auto is left out of the plan, as before the sweep took other back-ends, so that its sweeps carry on.
  const plan = { size: `${o.rows}x${o.cols}`, count: o.count, seed: o.seed, difficulty: 'hard', ...(o.backend === 'auto' ? {} : { backend: o.backend }) };
  const planPath = join(dir, 'plan.json');
  // A longer or shorter sweep of the same puzzles carries on: all but the count must match.
  const shapeOf = ({ count: _count, backend = 'auto', ...shape }: Record<string, unknown>) => ({ ...shape, backend });
  const earlier = existsSync(planPath) ? { plan: shapeOf(JSON.parse(readFileSync(planPath, 'utf8')) as Record<string, unknown>) } : undefined;
  const log = openLog<SweepLine>(join(dir, 'runs.jsonl'), (l) => String(l.index), 'sweep runs', o.report);
  checked(() => checkPlan({ plan: shapeOf(plan), earlier, changed: 'refuse', who: 'bench:search', remedy: 'give those, or another --out' }, dir));
  if (!o.report) writeFileSync(planPath, JSON.stringify(plan, null, 2) + '\n');
  const lines = log.previous.filter((l) => l.index < o.count);
  const done = new Set(lines.map((l) => l.index));
  // Puzzle i depends on the seed and i alone: each is one task.
  const tasks = Array.from({ length: o.count }, (_, i) => i).filter((i) => !done.has(i));

  if (tasks.length > 0 && !o.report) {
    // The default uniqueness check of `generate` (rules deduction, then auto): it grades by deduction level,
    // which --difficulty hard needs; --confirm none, as our back-end and the peer both prove uniqueness again below.
    const counters: OracleCounters = { calls: 0, timeouts: 0 };
    const oracle = await backendOracle(await pickOracleBackend(), 60_000, counters);
    const progress = new Progress(`bench:search sweep ${plan.size}`, o.count, o.count - tasks.length);
    process.stderr.write(`bench:search sweep: ${o.count} hard ${plan.size} puzzles from seed ${o.seed}${lines.length ? `, carrying on at ${tasks[0] + 1}` : ''}; each: ${o.backend} in a fresh process${peerPresent ? ', the peer binary' : ''}\n`);
    let shown = 0;
    const { signal, release } = stopOnInterrupt('bench:search: stopping (Ctrl-C again to quit at once)...');
    // A run cut short by Ctrl-C (which reaches the solving processes too) is no figure.
    const failed = (status: string | undefined) => status === 'error' || status === 'timeout';
    try {
      await execute<number, SweepLine>({
        tasks, jobs: 1, signal, log,
        answered: (l) => !failed(oursOf(o, l).status) && !failed(l.peer?.status),
        run: async (index) => {
          let made: SweepLine | undefined;
          await generateSet({
            rows: o.rows, cols: o.cols, count: index + 1, seed: o.seed, difficulty: 'hard', oracle,
            strategy: defaultStrategy(o.rows * o.cols, true),
            resume: { done: index, attempt: 0 },
            shouldStop: () => signal.stopped,
            onRound: (position, round) => {
              if (Date.now() - shown < 5000) return;
              shown = Date.now();
              progress.note(`generating puzzle ${position.done + 1} (attempt ${position.attempt + 1}): ${round.phase} ${round.settled}/${round.total}`);
            },
            onPuzzle: (i, generated, difficulty) => {
              const url = writePuzzle(generated.puzzle, 'url').trim();
              const ours = solveInFreshProcess(url, o.backend, o.timeoutSeconds);
              const peer = peerPresent ? runPeerOnce(peerBin, url, o.timeoutSeconds) : null;
              made = { index: i, id: `${plan.size}-s${o.seed}-${String(i + 1).padStart(3, '0')}`, url, clues: clueCount(generated.puzzle), difficulty, level: generated.level ?? '', [o.backend]: ours, peer };
            },
          });
          return made;
        },
        done: (_index, line) => {
          lines.push(line);
          const { peer } = line;
          const ours = oursOf(o, line);
          const ratio = peer && peer.status === 'unique' ? ` (${fmt(ours.ms / peer.ms, 2)}x)` : '';
          progress.tick(`${line.id}`, `${o.backend} ${ours.status === 'solved' ? ms(ours.ms) : ours.status}${peer ? `, peer ${peer.status === 'unique' ? ms(peer.ms) : peer.status}` : ''}${ratio}`);
        },
      });
    } finally {
      release();
      progress.done();
    }
    if (signal.stopped) {
      process.stderr.write(`bench:search sweep: interrupted; ${lines.length} of ${o.count} puzzles recorded in ${dir}: run the same command to carry on\n`);
      process.exitCode = 130;
      return;
    }
  }
  log.close();
  lines.sort((a, b) => a.index - b.index);
  reportSweep(o, dir, lines.filter((l) => l.index < o.count));
}

/** The sweep's summary: medians, the worst ratio, every run over --over-ms, and any disagreement. */
function reportSweep(o: SweepOptions, dir: string, lines: SweepLine[]): void {
  const name = o.backend;
  const ours = (l: SweepLine) => oursOf(o, l);
  const answered = (l: SweepLine) => ours(l).status === 'solved' && ours(l).unique === true;
  const timed = (l: SweepLine) => (ours(l).status === 'timeout' ? Math.max(o.timeoutSeconds * 1000, ours(l).ms) : ours(l).ms);
  const paired = lines.filter((l) => (answered(l) || ours(l).status === 'timeout') && l.peer?.status === 'unique');
  const ratios = paired.map((l) => ({ l, ratio: timed(l) / l.peer!.ms })).sort((a, b) => b.ratio - a.ratio);
  const slow = lines.filter((l) => timed(l) > o.overMs || (l.peer && l.peer.ms > o.overMs));
  const disagreements = lines.filter((l) => !(answered(l) || ours(l).status === 'timeout') || (l.peer && l.peer.status !== 'unique' && l.peer.status !== 'timeout'));
  writeFileSync(join(dir, 'sweep.csv'), stringify(lines.map((l) => ({
    id: l.id, clues: l.clues, difficulty: l.difficulty, level: l.level, [`${name}_status`]: ours(l).status, [`${name}_unique`]: String(ours(l).unique), [`${name}_ms`]: ours(l).ms, [`${name}_process_ms`]: ours(l).processMs,
    peer_status: l.peer?.status ?? '', peer_ms: l.peer?.ms ?? '', peer_in_process_ms: l.peer?.inProcessMs ?? '', ratio: l.peer?.status === 'unique' ? timed(l) / l.peer.ms : '', url: l.url,
  })), { header: true }));
  const oursMs = lines.filter((l) => answered(l) || ours(l).status === 'timeout').map(timed);
  const peerMs = lines.filter((l) => l.peer?.status === 'unique').map((l) => l.peer!.ms);
  const worst = ratios[0];
  const summary = [
    `# bench:search sweep: ${lines.length} hard ${o.rows}x${o.cols} puzzles, seed ${o.seed}`,
    '',
    `${name}: \`solve --backend ${name} --unique --json\` timeMs in a fresh process; peer: ${peerPresent ? `${o.peerBin ?? PEER_BINARY} --once, whole process` : 'MISSING (no peer binary)'}. Timeout ${o.timeoutSeconds} s. One run per puzzle and side, on a shared 2-core machine.`,
    '',
    markdownTable(['', 'puzzles', 'median ms', 'worst ms'], [
      [`${name} (fresh)`, oursMs.length, ms(median(oursMs), 2), ms(oursMs.length ? Math.max(...oursMs) : null)],
      ['peer (whole process)', peerMs.length, ms(median(peerMs), 2), ms(peerMs.length ? Math.max(...peerMs) : null)],
    ], ['left', 'right', 'right', 'right']),
    '',
    worst ? `Median ratio ${name} / peer per puzzle: ${fmt(median(ratios.map((r) => r.ratio)), 2)}; worst: **${fmt(worst.ratio, 2)}x** on ${worst.l.id} (${name} ${ms(timed(worst.l))} ms, peer ${ms(worst.l.peer!.ms)} ms) ${worst.l.url}` : 'No ratio: no puzzle has both an answer of ours and a peer figure.',
    '',
    worst ? `Five worst ratios:\n\n${markdownTable(['puzzle', `${name} ms`, 'peer ms', 'ratio', 'url'], ratios.slice(0, 5).map((r) => [r.l.id, ms(timed(r.l)), ms(r.l.peer!.ms), fmt(r.ratio, 2), r.l.url]), ['left', 'right', 'right', 'right', 'left'])}\n` : '',
    `Runs over ${o.overMs} ms (${slow.length}):${slow.length ? '\n\n' + markdownTable(['puzzle', `${name} ms`, `${name} status`, 'peer ms', 'peer status', 'url'], slow.map((l) => [l.id, ms(timed(l)), ours(l).status, ms(l.peer?.ms), l.peer?.status ?? '-', l.url]), ['left', 'right', 'left', 'right', 'left', 'left']) : ' none'}`,
    '',
    disagreements.length ? `Disagreements (${disagreements.length}):\n\n${disagreements.map((l) => `- ${l.id}: ${name} ${ours(l).status}${ours(l).unique === false ? ' (a second loop)' : ''}, peer ${l.peer?.status ?? '-'} ${l.url}`).join('\n')}\n` : `No disagreement: every puzzle unique for ${name} and the peer.\n`,
  ].join('\n');
  writeFileSync(join(dir, 'summary.md'), summary);
  process.stdout.write(summary);
}
