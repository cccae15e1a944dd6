// Loading Z3 (z3-solver, wasm) once per process: its context and the version the engine reports.
type Z3Context = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let loaded: Promise<{ Z3: Z3Context; full: string }> | undefined;

export function z3Context(): Promise<{ Z3: Z3Context; full: string }> {
  loaded ??= (async () => {
    const api = await import('z3-solver');
    const { Context, getFullVersion } = await api.init();
    return { Z3: Context('slitherbench'), full: String(getFullVersion()) };
  })();
  return loaded;
}
