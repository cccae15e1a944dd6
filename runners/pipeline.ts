// The solve pipeline: (presolve) -> back-end -> independent verifier -> the contract's result object.
// Runs in the calling process; runners/worker.ts puts it behind a process boundary for hard limits.
import type { Backend, SolveOptions, SolveResult, Stats, Status } from '../encodings/backend.ts';
import { withFixedEdges, type Puzzle } from '../encodings/grid.ts';
import { solutionToJson, type Solution, type SolutionJson } from '../encodings/solution.ts';
import { verify } from '../encodings/verify.ts';

/** The `solve --json` object of the contract. */
export interface RunResult {
  status: Status;
  unique: boolean | null;
  solution: SolutionJson | null;
  backend: string;
  /** The back-end's own time: presolve + encode + solve + uniqueness, no process start or library load. */
  timeMs: number;
  stats: Stats;
  /** Why the status is error (verifier rejection, exception), when it is. */
  message?: string;
  /** True when the verifier rejected an answer the back-end gave. */
  rejected?: boolean;
}

export interface PipelineOptions extends SolveOptions {
  /** A back-end whose `presolve` decides edges first. */
  readonly presolver?: Backend;
  /** The presolver's own options (not the solving back-end's). */
  readonly presolverParams?: Readonly<Record<string, string>>;
}

const elapsed = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

export async function solveWithBackend(backend: Backend, puzzle: Puzzle, options: PipelineOptions): Promise<RunResult> {
  const started = process.hrtime.bigint();
  const stats: Stats = {};
  let encoded = puzzle;
  try {
    if (options.presolver) {
      if (!options.presolver.presolve) throw new Error(`back-end '${options.presolver.name}' cannot presolve`);
      const pre = await options.presolver.presolve(puzzle, { ...options, params: options.presolverParams ?? {} });
      stats.presolver = options.presolver.name;
      stats.presolveMs = round(elapsed(started));
      stats.presolveFixedEdges = pre.fixed.length;
      for (const [k, v] of Object.entries(pre.stats)) stats[`presolve.${k}`] = v;
      if (pre.contradiction) return finish('unsat', null, null);
      encoded = withFixedEdges(puzzle, pre.fixed);
    }
    const remaining = Math.max(1, options.timeoutMs - elapsed(started));
    const result: SolveResult = await backend.solve(encoded, { ...options, timeoutMs: remaining });
    Object.assign(stats, result.stats);
    return check(result);
  } catch (error) {
    return finish('error', null, null, error instanceof Error ? error.message : String(error));
  }

  function check(result: SolveResult): RunResult {
    if (result.status !== 'solved') return finish(result.status, null, null, result.message);
    if (!result.solution) return finish('error', null, null, 'back-end said solved but gave no solution', true);
    const verdict = verify(puzzle, result.solution);
    if (!verdict.valid) return finish('error', null, null, `verifier rejected the answer: ${verdict.reason}`, true);
    let unique = options.unique ? result.unique : null;
    if (options.unique && unique === null) return finish('timeout', null, null, result.message ?? 'a solution was found but uniqueness was not decided within the time limit');
    if (unique === false && result.secondSolution) {
      const second = verify(puzzle, result.secondSolution);
      if (!second.valid) return finish('error', null, null, `verifier rejected the second solution: ${second.reason}`, true);
      if (sameEdges(result.solution, result.secondSolution)) return finish('error', null, null, 'the second solution equals the first', true);
    }
    return finish('solved', result.solution, unique, result.message);
  }

  function finish(status: Status, solution: Solution | null, unique: boolean | null, message?: string, rejected?: boolean): RunResult {
    const run: RunResult = { status, unique, solution: solution ? solutionToJson(solution) : null, backend: backend.name, timeMs: round(elapsed(started)), stats };
    if (message) run.message = message;
    if (rejected) run.rejected = true;
    return run;
  }
}

function sameEdges(a: Solution, b: Solution): boolean {
  return a.on.length === b.on.length && a.on.every((bit, i) => bit === b.on[i]);
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
