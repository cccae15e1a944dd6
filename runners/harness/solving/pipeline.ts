// The solve pipeline: (presolve) -> back-end -> independent verifier -> a checked result. Runs in the
// calling process; runners/workers/worker.ts puts it behind a process boundary for hard limits.
import { gridRefusal, type Backend, type Params, type SolveOptions, type SolveResult, type Stats, type Status } from '../../../encodings/backend.ts';
import { withFixedEdges, type Puzzle } from '../../../encodings/grid.ts';
import { sameSolution, solutionToKey, type Solution } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';
import { elapsedMs, now, roundMs } from '../../../encodings/clock.ts';
import { certificateOf, certifyBlocker } from './certificate.ts';
import type { RunResult } from './run-result.ts';

export interface PipelineOptions extends SolveOptions {
  /** A back-end whose `presolve` decides edges first. */
  readonly presolver?: Backend;
  /** The presolver's own options (not the solving back-end's). */
  readonly presolverParams?: Params;
  /** With `certify`: write the proof here instead of checking it. */
  readonly proofFile?: string;
  /** With `certify`: called just before the proof is checked; the V8 flags it sets (one-shot-flags.ts, in a process that exits after the check) are recorded in stats.v8Flags. */
  readonly beforeCheck?: () => string;
}

const versions = new Map<string, string>();
const versionKey = (backend: Backend, params: Params) => (isEmpty(params) ? backend.name : `${backend.name}\u0000${JSON.stringify(params)}`);

function isEmpty(params: Params): boolean {
  for (const _ in params) return false;
  return true;
}

/** The back-end's version for these options, asked once per process (it may load the engine). */
async function versionOf(backend: Backend, params: Params): Promise<string | undefined> {
  const key = versionKey(backend, params);
  if (!versions.has(key)) {
    try {
      versions.set(key, await backend.version(params));
    } catch (error) {
      versions.set(key, `unknown (${(error as Error).message})`);
    }
  }
  return versions.get(key);
}

export async function solveWithBackend(backend: Backend, puzzle: Puzzle, asked: PipelineOptions): Promise<RunResult> {
  // Known after a worker's first solve: a warm solve does not wait a turn of the event loop for it.
  const backendVersion = versions.get(versionKey(backend, asked.params)) ?? (await versionOf(backend, asked.params));
  const started = now();
  const stats: Stats = {};
  let solvedMs: number | undefined;
  // A certified answer is about uniqueness too; a run that cannot be certified says why, and runs as asked.
  const blocker = asked.certify ? certifyBlocker(backend, asked.params, puzzle, asked.presolver !== undefined) : null;
  const certify = asked.certify === true && !blocker;
  const options: PipelineOptions = asked.certify ? { ...asked, unique: true, certify } : asked;
  try {
    const refusal = gridRefusal(backend, puzzle) ?? (options.presolver ? gridRefusal(options.presolver, puzzle) : null);
    if (refusal) return finish('error', null, null, refusal);
    let presolved = puzzle;
    if (options.presolver) {
      if (!options.presolver.presolve) throw new Error(`back-end '${options.presolver.name}' cannot presolve`);
      const pre = await options.presolver.presolve(puzzle, { ...options, params: options.presolverParams ?? {} });
      stats.presolver = options.presolver.name;
      stats.presolveMs = roundMs(elapsedMs(started));
      stats.presolveFixedEdges = pre.fixed.length;
      for (const [k, v] of Object.entries(pre.stats)) if (v !== undefined) stats[`presolve.${k}`] = v;
      if (pre.contradiction) return finish('unsat', null, null);
      presolved = withFixedEdges(puzzle, pre.fixed);
    }
    const remaining = Math.max(1, options.timeoutMs - elapsedMs(started));
    const result: SolveResult = await backend.solve(presolved, { ...options, timeoutMs: remaining });
    // timeMs is the back-end's own time (the contract): it stops here, before the verifier's checks.
    solvedMs = roundMs(elapsedMs(started));
    Object.assign(stats, result.stats);
    const checkStarted = now();
    const run = check(result);
    stats.verifyMs = roundMs(elapsedMs(checkStarted));
    if (certify) {
      // After the solve, so that only the check's JavaScript is compiled as the flags say.
      if (options.beforeCheck && !options.proofFile) stats.v8Flags = [stats.v8Flags, options.beforeCheck()].filter(Boolean).join(' ');
      run.certificate = await certificateOf(puzzle, result, run.status, run.unique, options.proofFile);
    }
    return run;
  } catch (error) {
    return finish('error', null, null, error instanceof Error ? error.message : String(error));
  }

  function check(result: SolveResult): RunResult {
    if (result.status !== 'solved') return finish(result.status, null, null, result.message);
    if (!result.solution) return finish('error', null, null, 'back-end said solved but gave no solution', true);
    // Verified against the puzzle as given, not as presolved: a wrong presolve shows here too.
    const verdict = verify(puzzle, result.solution);
    if (!verdict.valid) {
      // The rejected answer stays in the stats (its key), so that a report can draw what was wrong.
      stats.rejectedAnswer = solutionToKey(result.solution);
      return finish('error', null, null, `verifier rejected the answer: ${verdict.reason}`, true);
    }
    const unique = options.unique ? result.unique : null;
    if (options.unique && unique === null) return finish('timeout', null, null, result.message ?? 'a solution was found but uniqueness was not decided within the time limit');
    if (unique === false && result.secondSolution) {
      const second = verify(puzzle, result.secondSolution);
      if (!second.valid) return finish('error', null, null, `verifier rejected the second solution: ${second.reason}`, true);
      if (sameSolution(result.solution, result.secondSolution)) return finish('error', null, null, 'the second solution equals the first', true);
      return { ...finish('solved', result.solution, unique, result.message), secondSolution: result.secondSolution };
    }
    return finish('solved', result.solution, unique, result.message);
  }

  function finish(status: Status, solution: Solution | null, unique: boolean | null, message?: string, rejected?: boolean): RunResult {
    const run: RunResult = { status, unique, solution, backend: backend.name, timeMs: solvedMs ?? roundMs(elapsedMs(started)), stats };
    if (backendVersion) run.backendVersion = backendVersion;
    if (asked.certify) run.certificate = blocker ?? { certified: 'no', reason: `no answer (${status})` };
    if (message) run.message = message;
    if (rejected) run.rejected = true;
    return run;
  }
}
