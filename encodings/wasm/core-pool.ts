// The wasm cores' loader, shared by rules, cdcl-loop and auto (TypeScript; grid.ts beside it is AssemblyScript).
// Each family's wasm/binding.ts keeps one pool of its compiled core (wasm/core.wasm.ts).

/** What every core imports: the clock, and abort (an internal error, never an answer). */
function importsFor(core: string): WebAssembly.Imports {
  return {
    env: {
      now: () => performance.now(),
      abort: () => {
        throw new Error(`internal: the ${core} wasm core aborted`);
      },
    },
  };
}

/**
 * A core's bytes from its base64 text, in Node and in a browser alike. Node's Buffer, where there is one,
 * decodes a core in about 0.1 ms; a JavaScript loop over atob's text takes 2-10 ms in a fresh process.
 */
function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const node = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> } }).Buffer;
  if (node) return node.from(base64, 'base64');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * A wasm core's module, compiled once per process, and instances ready for a search: one made with the module
 * (back-ends call `load` from `prepare`, so that solve times exclude loading the core, as a native solver's
 * exclude loading its binary) and those given back. A given-back instance is cleared (`clear`) when taken
 * again, never at the end of a solve, so that a fresh process's one solve does not pay for it.
 */
export class CorePool<C> {
  private module: WebAssembly.Module | undefined;
  private readonly fresh: C[] = [];
  private readonly given: C[] = [];
  private readonly imports: WebAssembly.Imports;

  /** `base64`: the module's bytes (wasm/core.wasm.ts); `core`: its name in error messages. */
  constructor(
    private readonly base64: string,
    core: string,
    private readonly clear?: (core: C) => void,
  ) {
    this.imports = importsFor(core);
  }

  load(): WebAssembly.Module {
    if (!this.module) {
      this.module = new WebAssembly.Module(bytesOf(this.base64));
      this.fresh.push(this.instantiate());
    }
    return this.module;
  }

  take(): C {
    this.load();
    const fresh = this.fresh.pop();
    if (fresh) return fresh;
    const given = this.given.pop();
    if (!given) return this.instantiate();
    this.clear?.(given);
    return given;
  }

  /** An instance whose search is over, for the next `take`. */
  give(core: C): void {
    this.given.push(core);
  }

  private instantiate(): C {
    return new WebAssembly.Instance(this.load(), this.imports).exports as unknown as C;
  }
}
