// Loading Z3 (z3-solver, wasm) once per process: its context, the low-level API beside it (for reading
// models without a JS object per term), and the version the engine reports.
type Z3Context = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Z3LowLevel = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let loaded: Promise<{ Z3: Z3Context; lowLevel: Z3LowLevel; full: string }> | undefined;

export function z3Context(): Promise<{ Z3: Z3Context; lowLevel: Z3LowLevel; full: string }> {
  loaded ??= (async () => {
    const api = await import('z3-solver');
    const { Context, Z3: lowLevel, getFullVersion } = await api.init();
    return { Z3: Context('slitherbench'), lowLevel, full: String(getFullVersion()) };
  })();
  return loaded;
}
