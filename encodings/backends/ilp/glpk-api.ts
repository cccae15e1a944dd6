// GLPK's C API as the npm package glpk-wasm builds it (GLPK 5.0, emscripten, wasm32): loading a module,
// the constants of glpk.h, and the byte layout of the control structures glp_iocp and glp_smcp, which JS
// fills in the module's memory. The offsets were read off the wasm build: glp_init_iocp's defaults land on
// them, and each field set to an invalid value makes glp_intopt name that very field
// (test/encodings/backends/ilp/glpk-api.test.ts checks both).
import { createRequire } from 'node:module';

/** The part of the emscripten module of glpk-wasm used here (its index.d.ts declares all of GLPK). */
export interface GlpkModule {
  HEAP32: Int32Array;
  HEAPF64: Float64Array;
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  UTF8ToString(pointer: number): string;
  addFunction(f: (...args: number[]) => number | void, signature: string): number;
  removeFunction(pointer: number): void;
  [name: `_glp_${string}`]: (...args: number[]) => number;
}

type Loader = (settings?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<GlpkModule>;

/**
 * A fresh GLPK module. Its output (messages before an abort, say) goes to `print`. Emscripten's node glue
 * adds process-wide handlers for uncaught exceptions and rejections that rethrow; they are taken off again,
 * so that a GLPK module neither changes how the process treats errors nor piles up handlers when a poisoned
 * module (after a GLPK error) is replaced.
 */
export async function loadGlpk(print: (text: string) => void): Promise<GlpkModule> {
  const events = ['uncaughtException', 'unhandledRejection'];
  const emitter = process as NodeJS.EventEmitter;
  const before = events.map((event) => new Set(emitter.listeners(event)));
  const load = createRequire(import.meta.url)('glpk-wasm') as Loader;
  const module = await load({ print, printErr: print });
  events.forEach((event, i) => {
    for (const listener of emitter.listeners(event)) if (!before[i].has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
  });
  return module;
}

/** glpk.h constants (GLPK 5.0). */
export const GLP = {
  MIN: 1,
  CV: 1, BV: 3,
  FR: 1, LO: 2, UP: 3, DB: 4, FX: 5,
  MSG_OFF: 0,
  ON: 1, OFF: 0,
  // Solution status (glp_get_status, glp_mip_status).
  UNDEF: 1, FEAS: 2, INFEAS: 3, NOFEAS: 4, OPT: 5, UNBND: 6,
  // Reasons the branch-and-cut callback is called (glp_ios_reason).
  IROWGEN: 1, IBINGO: 2, IHEUR: 3, ICUTGEN: 4, IBRANCH: 5, ISELECT: 6, IPREPRO: 7,
  // Return codes of glp_simplex and glp_intopt.
  EFAIL: 5, ETMLIM: 9, ENOPFS: 10, ENODFS: 11, EROOT: 12, ESTOP: 13,
} as const;

export const BR_TECH = { ffv: 1, lfv: 2, mfv: 3, dth: 4, pch: 5 } as const;
export const BT_TECH = { dfs: 1, bfs: 2, blb: 3, bph: 4 } as const;
export const PP_TECH = { none: 0, root: 1, all: 2 } as const;

type Field = { offset: number; type: 'i32' | 'f64' | 'ptr' };
const i32 = (offset: number): Field => ({ offset, type: 'i32' });

/**
 * glp_iocp in wasm32: ints and pointers 4 bytes, doubles 8 bytes aligned to 8 (hence the holes at 12 and
 * 60); after `flip` come 23 reserved doubles, 312 bytes in all.
 */
export const IOCP = {
  size: 312,
  fields: {
    msg_lev: i32(0), br_tech: i32(4), bt_tech: i32(8),
    tol_int: { offset: 16, type: 'f64' }, tol_obj: { offset: 24, type: 'f64' },
    tm_lim: i32(32), out_frq: i32(36), out_dly: i32(40),
    cb_func: { offset: 44, type: 'ptr' }, cb_info: { offset: 48, type: 'ptr' }, cb_size: i32(52),
    pp_tech: i32(56), mip_gap: { offset: 64, type: 'f64' },
    mir_cuts: i32(72), gmi_cuts: i32(76), cov_cuts: i32(80), clq_cuts: i32(84),
    presolve: i32(88), binarize: i32(92), fp_heur: i32(96), ps_heur: i32(100), ps_tm_lim: i32(104), sr_heur: i32(108),
    use_sol: i32(112), save_sol: { offset: 116, type: 'ptr' }, alien: i32(120), flip: i32(124),
  } satisfies Record<string, Field>,
};
export type IocpField = keyof typeof IOCP.fields;

/** glp_smcp in wasm32 (the fields used here; it is 352 bytes with its reserved doubles). */
export const SMCP = {
  size: 352,
  fields: { msg_lev: i32(0), meth: i32(4), it_lim: i32(56), tm_lim: i32(60), presolve: i32(72) } satisfies Record<string, Field>,
};

/** Reads a field of a control structure at `base`. */
export function readField(m: GlpkModule, base: number, field: Field): number {
  return field.type === 'f64' ? m.HEAPF64[(base + field.offset) >> 3] : m.HEAP32[(base + field.offset) >> 2];
}

export function writeField(m: GlpkModule, base: number, field: Field, value: number): void {
  if (field.type === 'f64') m.HEAPF64[(base + field.offset) >> 3] = value;
  else m.HEAP32[(base + field.offset) >> 2] = value;
}

/** glp_iocp as glp_init_iocp fills it, field by field (for the layout probe). */
export function iocpDefaults(m: GlpkModule): Record<IocpField, number> {
  const base = m._malloc(IOCP.size);
  try {
    m._glp_init_iocp(base);
    return Object.fromEntries(Object.entries(IOCP.fields).map(([name, field]) => [name, readField(m, base, field)])) as Record<IocpField, number>;
  } finally {
    m._free(base);
  }
}
