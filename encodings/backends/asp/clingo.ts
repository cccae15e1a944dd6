// Loading clingo (clingo-wasm: clingo in a worker thread) once per process, and one run under a time limit.
// clingo's own --time-limit is passed, but the single-threaded wasm build has no timer signal to honour it,
// so a run still going at the deadline is aborted by restarting the worker (the harness's kill stays behind).
type ClingoModule = typeof import('clingo-wasm');
export type ClingoResult = import('clingo-wasm').ClingoResult & { Stats?: ClingoStatistics };

/** The part of clingo's `--stats` JSON the back-ends read. */
export interface ClingoStatistics {
  Core?: { Choices?: number; Conflicts?: number };
  LP?: { Atoms?: number; Rules?: number | { Original?: number }; Bodies?: number | { Original?: number } };
  Problem?: { Variables?: number; Constraints?: number | { Sum?: number } };
}

let loaded: Promise<ClingoModule> | undefined;

export function clingoModule(): Promise<ClingoModule> {
  loaded ??= import('clingo-wasm');
  return loaded;
}

export interface ClingoRun {
  /** clingo's JSON answer, or null when the run was aborted at the deadline. */
  readonly result: ClingoResult | null;
  /** clingo's error text, when it failed. */
  readonly error: string | null;
  /** The models as they arrived, each the list of shown atoms (kept when the run is aborted). */
  readonly models: readonly (readonly string[])[];
  readonly timedOut: boolean;
  readonly wallMs: number;
}

/** Runs `program` for up to `models` models (0: all); aborted after `timeLimitMs`. */
export async function runClingo(program: string, models: number, args: readonly string[], timeLimitMs: number): Promise<ClingoRun> {
  const clingo = await clingoModule();
  const seconds = Math.max(1, Math.ceil(timeLimitMs / 1000));
  const found: string[][] = [];
  let timedOut = false;
  const started = performance.now();
  const stop = setTimeout(() => {
    timedOut = true;
    // Restarting ends the worker (and the run); a fresh one is loaded at once for the next run.
    void clingo.restart().then(() => clingo.init()).catch(() => undefined);
  }, Math.max(1, timeLimitMs));
  const answer = await clingo.run(program, models, [...args, `--time-limit=${seconds}`], (model) => found.push(model.Value)).finally(() => clearTimeout(stop));
  const wallMs = performance.now() - started;
  if (answer.Result === 'ERROR') return { result: null, error: timedOut ? null : answer.Error, models: found, timedOut, wallMs };
  return { result: answer as ClingoResult, error: null, models: found, timedOut: timedOut || answer.Result === 'UNKNOWN', wallMs };
}

/** The `Solver` line clingo prints, e.g. `clingo version 5.8.1`. */
export async function clingoVersion(): Promise<string> {
  const clingo = await clingoModule();
  const answer = await clingo.run('', 1, []);
  if (answer.Result === 'ERROR') throw new Error(`clingo did not start: ${answer.Error}`);
  return answer.Solver ?? 'clingo (version not reported)';
}
