// Loads OR-Tools CP-SAT (wasm) once per process: the V8 flag that keeps the module on Liftoff, a warm-up solve
// that starts the runtime, and the engine's version as CP-SAT itself logs it.
import v8 from 'node:v8';
import { packageVersion } from '../../versions.ts';
import type { CpSat } from './model.ts';

let loading: Promise<CpSat> | undefined;
let liftoff = false;
/** As the engine logs it, e.g. `v9.15.9999`; null until the warm-up has run or when its log said nothing. */
let engineVersion: string | null = null;

/** Whether V8 was told to keep the wasm on Liftoff (recorded in stats as liftoffOnly). */
export function liftoffOnly(): boolean {
  return liftoff;
}

/** The CP-SAT module, loaded and warmed up on the first call. SLITHERBENCH_LIFTOFF=off lets V8 optimise the wasm. */
export function loadCpSat(): Promise<CpSat> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** `or-tools-wasm 0.9.1, CP-SAT v9.15.…`: the package from its package.json, CP-SAT from its own log. */
export async function cpSatVersion(): Promise<string> {
  await loadCpSat();
  return `or-tools-wasm ${packageVersion('or-tools-wasm') ?? '(version unknown)'}, CP-SAT ${engineVersion ?? '(version not logged)'}`;
}

async function load(): Promise<CpSat> {
  // V8's optimising tier recompiles the 12 MB module in the background for seconds of CPU and holds the
  // process at exit; Liftoff alone starts at once (slower on long solves, hence the escape).
  if (process.env.SLITHERBENCH_LIFTOFF !== 'off') {
    v8.setFlagsFromString('--liftoff-only');
    liftoff = true;
  }
  const lib = await import('or-tools-wasm/cp-sat');
  // The first solve starts the runtime's threads: pay that here, not inside a timed solve. Its log, sent
  // here rather than to stdout, opens with "Starting CP-SAT solver v…": the version the engine was built as.
  const warm = new lib.CpModel();
  warm.addBoolOr([warm.newBoolVar()]);
  let logged: string | null = null;
  await new lib.CpSolver().solve(warm, { numSearchWorkers: 1, logSearchProgress: true, logToStdout: false }, {
    onLog: (message) => {
      logged ??= /Starting CP-SAT solver (v\S+)/.exec(message)?.[1] ?? null;
    },
  });
  engineVersion = logged;
  return lib;
}
