// The glp_iocp / glp_smcp layout used by glpk-cuts' branch and cut, checked against the glpk-wasm build
// itself: glp_init_iocp's defaults must land on the offsets, and glp_intopt (glp_simplex), handed an invalid
// value at an offset, must name the field we think lives there. A wrong offset would set another setting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GLP, IOCP, SMCP, iocpDefaults, loadGlpk, readField, writeField, type GlpkModule } from '../../../../encodings/backends/ilp/glpk-api.ts';
import { fillIocp, GLPK_SETTINGS, type GlpkSettings } from '../../../../encodings/backends/ilp/glpk-branch-and-cut.ts';

test('glp_init_iocp fills GLPK 5.0 defaults in at the offsets of IOCP', async () => {
  const m = await loadGlpk(() => {});
  assert.equal(m.UTF8ToString(m._glp_version()), '5.0');
  const d = iocpDefaults(m);
  assert.deepEqual(d, {
    msg_lev: 3, br_tech: 4, bt_tech: 3, tol_int: 1e-5, tol_obj: 1e-7, tm_lim: 2 ** 31 - 1, out_frq: 5000, out_dly: 10000,
    cb_func: 0, cb_info: 0, cb_size: 0, pp_tech: 2, mip_gap: 0, mir_cuts: 0, gmi_cuts: 0, cov_cuts: 0, clq_cuts: 0,
    presolve: 0, binarize: 0, fp_heur: 0, ps_heur: 0, ps_tm_lim: 60000, sr_heur: 1, use_sol: 0, save_sol: 0, alien: 0, flip: 1,
  });
});

/** What GLPK says when `run` is given a structure with -7 at the field: a fresh module, as GLPK aborts. */
async function complaint(field: { offset: number }, structure: 'iocp' | 'smcp'): Promise<string> {
  const lines: string[] = [];
  const m: GlpkModule = await loadGlpk((line) => lines.push(line));
  const problem = m._glp_create_prob();
  m._glp_add_cols(problem, 1);
  const parm = m._malloc(512);
  if (structure === 'iocp') m._glp_init_iocp(parm);
  else m._glp_init_smcp(parm);
  m.HEAP32[(parm + field.offset) >> 2] = -7;
  await assert.rejects(async () => (structure === 'iocp' ? m._glp_intopt(problem, parm) : m._glp_simplex(problem, parm)), WebAssembly.RuntimeError);
  return lines.find((l) => l.includes('invalid parameter')) ?? lines.join(' / ');
}

test('glp_intopt names each integer field of glp_iocp at its offset (and glp_simplex those of glp_smcp)', async () => {
  // GLPK checks these fields on entry; ps_heur, ps_tm_lim, sr_heur, use_sol and flip it does not check, and
  // sit between checked ones (fp_heur at 96, alien at 120, save_sol a pointer at 116).
  for (const name of ['msg_lev', 'br_tech', 'bt_tech', 'tm_lim', 'out_frq', 'out_dly', 'cb_size', 'pp_tech', 'mir_cuts', 'gmi_cuts', 'cov_cuts', 'clq_cuts', 'presolve', 'binarize', 'fp_heur', 'alien'] as const) {
    assert.equal(await complaint(IOCP.fields[name], 'iocp'), `glp_intopt: ${name} = -7; invalid parameter`);
  }
  for (const name of ['msg_lev', 'meth', 'it_lim', 'tm_lim', 'presolve'] as const) {
    assert.equal(await complaint(SMCP.fields[name], 'smcp'), `glp_simplex: ${name} = -7; invalid parameter`);
  }
});

test('every GLPK setting of glpk-cuts lands in its glp_iocp field', async () => {
  const m = await loadGlpk(() => {});
  const iocp = m._malloc(IOCP.size);
  const codes: Record<string, Record<string, number>> = {
    br_tech: { ffv: 1, lfv: 2, mfv: 3, dth: 4, pch: 5 },
    bt_tech: { dfs: 1, bfs: 2, blb: 3, bph: 4 },
    pp_tech: { none: 0, root: 1, all: 2 },
  };
  const defaults = Object.fromEntries(Object.entries(GLPK_SETTINGS).map(([k, s]) => [k, s.default])) as GlpkSettings;
  for (const [name, setting] of Object.entries(GLPK_SETTINGS)) {
    for (const choice of setting.choices) {
      fillIocp(m, iocp, { ...defaults, [name]: choice }, 1234, 77);
      const field = IOCP.fields[name as keyof typeof IOCP.fields];
      assert.equal(readField(m, iocp, field), codes[name]?.[choice] ?? (choice === 'on' ? GLP.ON : GLP.OFF), `${name}=${choice}`);
      assert.equal(readField(m, iocp, IOCP.fields.tm_lim), 1234);
      assert.equal(readField(m, iocp, IOCP.fields.ps_tm_lim), 1234);
      assert.equal(readField(m, iocp, IOCP.fields.cb_func), 77);
      assert.equal(readField(m, iocp, IOCP.fields.msg_lev), GLP.MSG_OFF);
    }
  }
  writeField(m, iocp, IOCP.fields.tol_int, 0.5);
  assert.equal(readField(m, iocp, IOCP.fields.tol_int), 0.5);
  m._free(iocp);
});
