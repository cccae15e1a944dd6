// What the scripts that set our back-ends beside the peer (cspuz_core) share: one puzzle solved in a fresh
// process, the peer's binary run the same way, each puzzle's fastest warm run, and the per-group summary
// (median, worst, ratios to the peer). cdcl-peer.ts and search.ts use it; the summary is pure and tested.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import type { RunRecord } from '../../reports/records.ts';
import { median } from '../../reports/statistics.ts';
import { fmt } from '../../reports/tables.ts';

const BIN = new URL('../../bin/slitherbench.js', import.meta.url).pathname;

export interface FreshResult {
  status: string;
  unique: boolean | null;
  /** The back-end's own time (solve's timeMs); NaN when the process failed. */
  ms: number;
  /** The whole process, start to exit, as the caller saw it. */
  processMs: number;
  message?: string;
}

/**
 * `solve PUZZLE --backend B --unique --json` in a new process. The solve's own --timeout stops the back-end;
 * the process is killed 30 s later still, so that a hung start-up cannot stop a long run.
 */
export function solveInFreshProcess(puzzle: string, backend: string, timeoutSeconds: number, options: string[] = []): FreshResult {
  const started = performance.now();
  try {
    const text = execFileSync(process.execPath, [BIN, 'solve', puzzle, '--backend', backend, '--unique', '--json', '--timeout', String(timeoutSeconds), ...options.flatMap((o) => ['--option', o])], { encoding: 'utf8', timeout: (timeoutSeconds + 30) * 1000, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
    const result = JSON.parse(text) as { status: string; unique: boolean | null; timeMs: number };
    return { status: result.status, unique: result.unique, ms: result.timeMs, processMs: performance.now() - started };
  } catch (error) {
    const e = error as Error & { signal?: string; stderr?: string };
    const killed = e.signal === 'SIGTERM';
    const message = killed ? `killed after ${timeoutSeconds + 30} s` : (e.stderr?.trim().split('\n').pop() ?? e.message.split('\n')[0]);
    return { status: killed ? 'timeout' : 'error', unique: null, ms: killed ? timeoutSeconds * 1000 : NaN, processMs: performance.now() - started, message };
  }
}

/**
 * The peer binary (cspuz_core's `cspuz-slither`) is not part of this project: the user supplies it with --peer-bin
 * (default: bin/cspuz-slither in the folder PEER, else ~/cspuz-peer). Its recorded times are in
 * ../shared/datasets/reference/.
 */
export const PEER_BINARY = `${process.env.PEER ?? `${homedir()}/cspuz-peer`}/bin/cspuz-slither`;

export function peerBinaryPresent(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface PeerResult {
  /** unique, multiple, none, invalid, timeout or error (the binary's words, and ours for the last two). */
  status: string;
  /** Whole process, start to exit, measured from here. */
  ms: number;
  /** What the binary reports itself: solve and uniqueness check, without parsing and process start. */
  inProcessMs: number | null;
}

/** The peer on one puzzle in a process of its own (`--once`), timed from outside. */
export function runPeerOnce(bin: string, puzzle: string, timeoutSeconds: number): PeerResult {
  const started = performance.now();
  const run = spawnSync(bin, ['--once', puzzle], { encoding: 'utf8', timeout: timeoutSeconds * 1000 });
  const ms = performance.now() - started;
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { status: 'timeout', ms: timeoutSeconds * 1000, inProcessMs: null };
  // One line: `<input>\t<status>\t<ms>`; exit 0 unique, 1 multiple, 2 none, 3 invalid.
  const fields = (run.stdout ?? '').trim().split('\t');
  if (run.error || fields.length < 3) return { status: 'error', ms, inProcessMs: null };
  const inProcess = Number(fields[2]);
  return { status: fields[1], ms, inProcessMs: Number.isFinite(inProcess) ? inProcess : null };
}

/** Each puzzle's fastest answered run among a warm run's repeats (the worker's JIT is cold for the first puzzles). */
export function fastestWarmRuns(records: readonly RunRecord[]): RunRecord[] {
  const fastest = new Map<string, RunRecord>();
  for (const r of records) {
    const key = `${r.backend}\t${r.instance}`;
    const best = fastest.get(key);
    if (!best || (r.status === 'solved' && !(best.status === 'solved' && best.solve_ms <= r.solve_ms))) fastest.set(key, r);
  }
  return [...fastest.values()];
}

/** One run of ours beside the peer's figure for the same puzzle. */
export interface PuzzleRun {
  set: string;
  id: string;
  backend: string;
  mode: string;
  status: string;
  unique: boolean | null;
  ms: number;
  peerMs: number | null;
}

/** Answered: a loop with uniqueness decided, or no loop; the verifier has checked each. */
export const isAnswered = (r: Pick<PuzzleRun, 'status' | 'unique'>) => (r.status === 'solved' && r.unique !== null) || r.status === 'unsat';

export interface SummaryRow {
  set: string;
  backend: string;
  mode: string;
  runs: number;
  answered: number;
  timeouts: number;
  /** Over answered runs and timeouts, a timeout counted at the limit (so a median or worst that is one is a lower bound). */
  medianMs: number | null;
  worstMs: number | null;
  /** The median or the worst is a timeout's limit, not a time. */
  medianCensored: boolean;
  worstCensored: boolean;
  /** Puzzles with a time of ours and a peer figure. */
  withPeer: number;
  peerMedianMs: number | null;
  /** Our median over the puzzles the peer has, over the peer's median there (a lower bound when censored). */
  medianRatio: number | null;
  medianRatioCensored: boolean;
  /** The largest ours / peer's of one puzzle, and which. */
  worstRatio: number | null;
  worstRatioId: string | null;
  worstRatioCensored: boolean;
}

/**
 * Per set, back-end and mode, in first-seen order. Errors count in `runs` only. A timeout counts at
 * `timeoutMs` (or its own time, if larger): leaving it out would make a back-end that times out look fast.
 */
export function summarize(runs: readonly PuzzleRun[], timeoutMs: number): SummaryRow[] {
  const groups = new Map<string, PuzzleRun[]>();
  for (const r of runs) {
    const key = `${r.set}\t${r.backend}\t${r.mode}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((of) => {
    const timed = of
      .filter((r) => isAnswered(r) || r.status === 'timeout')
      .map((r) => (r.status === 'timeout' ? { ...r, ms: Math.max(timeoutMs, Number.isFinite(r.ms) ? r.ms : 0), censored: true } : { ...r, censored: false }));
    const sorted = [...timed].sort((a, b) => a.ms - b.ms);
    const ours = censoredMedian(timed);
    const withPeer = timed.filter((r) => r.peerMs !== null && r.peerMs > 0);
    const peerMedianMs = median(withPeer.map((r) => r.peerMs!));
    const oursOnPeer = censoredMedian(withPeer);
    let worst: (typeof withPeer)[number] | undefined;
    for (const r of withPeer) if (!worst || r.ms / r.peerMs! > worst.ms / worst.peerMs!) worst = r;
    return {
      set: of[0].set, backend: of[0].backend, mode: of[0].mode,
      runs: of.length, answered: of.filter(isAnswered).length, timeouts: of.filter((r) => r.status === 'timeout').length,
      medianMs: ours.value, worstMs: sorted.length ? sorted[sorted.length - 1].ms : null,
      medianCensored: ours.censored, worstCensored: sorted.length > 0 && sorted[sorted.length - 1].censored,
      withPeer: withPeer.length, peerMedianMs,
      medianRatio: oursOnPeer.value !== null && peerMedianMs ? oursOnPeer.value / peerMedianMs : null, medianRatioCensored: oursOnPeer.censored,
      worstRatio: worst ? worst.ms / worst.peerMs! : null, worstRatioId: worst?.id ?? null, worstRatioCensored: worst?.censored ?? false,
    };
  });
}

/** The median of times, and whether it is a lower bound: the middle run, or one of the two middle runs, is a timeout. */
function censoredMedian(runs: readonly { ms: number; censored: boolean }[]): { value: number | null; censored: boolean } {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const middle = sorted.length % 2 ? [sorted[(sorted.length - 1) / 2]] : sorted.slice(sorted.length / 2 - 1, sorted.length / 2 + 1);
  return { value: median(sorted.map((r) => r.ms)), censored: middle.some((r) => r.censored) };
}

/** A figure that may be a lower bound (a timeout's limit): `>=` in front then. */
export const atLeast = (x: number | null, censored: boolean, digits: number) => (x === null ? '-' : `${censored ? '>=' : ''}${fmt(x, digits)}`);
