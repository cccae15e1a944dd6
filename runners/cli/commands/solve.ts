import type { Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import type { Puzzle } from '../../../encodings/grid.ts';
import { readPuzzleArgument } from '../input.ts';
import { readPuzzleInput, solveList } from '../solve-list.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { contractJson, type RunResult } from '../../harness/solving/run-result.ts';
import { DEFAULT_LIMITS } from '../../workers/worker-process.ts';
import { Scheduler, type Lane } from '../../workers/scheduler.ts';
import { DEFAULT_SOLVE_BACKEND } from '../../harness/plans/plan-defaults.ts';
import { getBackend } from '../../../encodings/registry.ts';
import { gridRefusal, type SolveOptions } from '../../../encodings/backend.ts';
import { addSolveFlags } from '../solve-flags.ts';
import { solveOptionsFrom, type SolveFlags } from '../../settings/solve-options.ts';
import { flagOption } from '../../settings/command-line.ts';
import { parseBackendSpec, type BackendChoice } from '../../../encodings/backend-spec.ts';
import { preparedBackend } from '../../harness/solving/solve-request.ts';
import { selfTimed } from '../../workers/worker-kind.ts';
import type { ListSolver } from '../../harness/solving/own-thread-first.ts';
import { describeCertificate } from '../../harness/solving/certificate.ts';
import { resolve } from 'node:path';


export function register(declared: Command): void {
  addSolveFlags(
    declared
      .addOption(flagOption('backend', { default: parseBackendSpec(DEFAULT_SOLVE_BACKEND, '--backend'), defaultText: DEFAULT_SOLVE_BACKEND }))
      .addOption(flagOption('json', { help: 'print the result as one JSON object (status, unique, solution, backend, version, timeMs, stats)' }))
      .addOption(flagOption('svg'))
      .addOption(flagOption('proof'))
      .addOption(flagOption('inProcess')),
  ).action(async (puzzleArg: string, flags: SolveFlags & { backend: BackendChoice; json?: boolean; inProcess?: boolean; svg?: string; proof?: string }, command: Command) => {
    const options = solveOptionsFrom(flags, flags.backend);
    if (flags.proof && !flags.certify) throw new UsageError('--proof needs --certify');
    // The worker writes the proof itself: it may be large, and it need not cross to this process.
    const proofFile = flags.proof ? resolve(flags.proof) : undefined;
    const id = flags.backend.id;
    // A worker, killed if it overruns: synchronous solvers cannot stop themselves. It starts at once, while
    // the input is read (its start and the engine's load overlap it), and checks the back-end as it loads it
    // (unknown, an option it does not declare, cannot run here), so that this thread need not load it too;
    // an input refused first ends it unused. A file or stdin may hold a list of puzzles: its worker stays
    // warm, without the one-shot flags of a worker that answers one puzzle and exits.
    const oneShot = puzzleArg !== '-' && !existsSync(puzzleArg);
    // A list for a back-end that stops at its own time limit starts in this thread (own-thread-first.ts): its
    // worker starts for one puzzle, or for the first of the list that needs longer than its try here.
    const mayStartHere = !oneShot && !flags.inProcess && !options.certify && selfTimed(id, flags.presolve);
    // One lane, whose worker takes a list's puzzles ahead, each waiting in it for the one before to end.
    const lane: Lane = { backend: id, presolve: flags.presolve, params: options.params, key: id };
    const workers = flags.inProcess ? undefined : new Scheduler({ limits: DEFAULT_LIMITS, oneShot, sendAhead: true });
    let checked = mayStartHere ? undefined : workers?.start(lane);
    checked?.catch(() => undefined);
    let result: RunResult;
    let puzzle: Puzzle;
    let rendering: Promise<typeof import('../../../encodings/render.ts')>;
    try {
      const input = (await readPuzzleInput(puzzleArg)) ?? { kind: 'one', parsed: readPuzzleArgument(puzzleArg) };
      if (input.kind === 'list') {
        if (!workers || flags.svg || flags.proof) throw new UsageError(`${flags.svg ? '--svg' : flags.proof ? '--proof' : '--in-process'} takes one puzzle; ${input.where} holds a list (one per line)`);
        const worker: ListSolver = { backend: id, solve: (puzzle, message) => workers.run(lane, (started) => started.solve(puzzle, message)) };
        let solver = worker;
        if (mayStartHere) {
          const [{ OwnThreadFirst }, here] = await Promise.all([import('../../harness/solving/own-thread-first.ts'), preparedBackend(id, options.params, flags.presolve)]);
          solver = new OwnThreadFirst(here.backend, here.presolver, worker);
        }
        process.exitCode = await solveList(input, options, solver, (line) => process.stdout.write(line), checked);
        return;
      }
      puzzle = input.parsed.puzzle;
      if (puzzle.tiling) {
        const refusal = gridRefusal(await getBackend(id), puzzle);
        if (refusal) throw new UsageError(`${refusal}; e.g. --backend ${DEFAULT_SOLVE_BACKEND}`);
      }
      // What prints the answer loads while it is found (a list needs none of it).
      rendering = import('../../../encodings/render.ts');
      if (!workers) {
        result = await solveInProcess(id, puzzle, options, flags.presolve, proofFile);
      } else {
        await (checked ??= workers.start(lane));
        const message = { timeoutMs: options.timeoutMs, unique: options.unique, seed: options.seed, params: { ...options.params }, certify: options.certify, proofFile, ...(options.certify && !proofFile ? { freshCheck: true } : {}) };
        result = (await workers.run(lane, (worker) => worker.solve(puzzle, message))).result;
      }
    } finally {
      workers?.close();
    }
    const { renderSvg, renderText } = await rendering;
    if (flags.svg) writeFileSync(flags.svg, renderSvg(puzzle, result.solution));
    if (flags.json) {
      process.stdout.write(JSON.stringify(contractJson(result)) + '\n');
    } else {
      if (result.solution) process.stdout.write(renderText(puzzle, result.solution));
      const unique = result.unique === null ? '' : result.unique ? ', unique' : ', not unique';
      process.stdout.write(`${result.status}${unique} (${result.backend}, ${result.timeMs.toFixed(1)} ms)${result.message ? `: ${result.message}` : ''}\n`);
      if (result.certificate) process.stdout.write(`${describeCertificate(result.certificate)}\n`);
    }
    // A proof the checker rejected is a fault of the back-end, as an answer the verifier rejects is.
    process.exitCode = result.status === 'error' || result.certificate?.verified === false ? 1 : 0;
  });
}

/** --in-process: the back-end runs in this thread, with no hard time or memory limit (for debugging). */
async function solveInProcess(id: string, puzzle: Puzzle, options: SolveOptions, presolve: string | undefined, proofFile: string | undefined): Promise<RunResult> {
  const [{ applyOneShotFlags, applyOneShotCheckFlags }, { solveWithBackend }] = await Promise.all([import('../../harness/solving/one-shot-flags.ts'), import('../../harness/solving/pipeline.ts')]);
  let v8Flags = '';
  const { backend, presolver } = await preparedBackend(id, options.params, presolve, (loaded) => (v8Flags = applyOneShotFlags(loaded)));
  const result = await solveWithBackend(backend, puzzle, { ...options, proofFile, beforeCheck: applyOneShotCheckFlags, presolver: presolver?.backend, presolverParams: presolver?.params });
  if (v8Flags) result.stats.v8Flags = [v8Flags, result.stats.v8Flags].filter(Boolean).join(' ');
  return result;
}

