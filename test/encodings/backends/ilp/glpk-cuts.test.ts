// ILP cut loop (glpk-cuts, highs-cuts): the cuts never remove a valid loop, several-loop relaxations are
// cut until one loop (or none) remains, and janko puzzles come out verified and unique.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { gridOf, makePuzzle } from '../../../../encodings/grid.ts';
import { cutRow, edgeColumn, vertexColumn, type IlpRow } from '../../../../encodings/backends/ilp/model.ts';
import { CUT_KINDS, loopCuts } from '../../../../encodings/protocol.ts';
import { edgeComponents, verticesOfEdges } from '../../../../encodings/solution.ts';
import { backendCases, run } from '../../../helpers/backend-cases.ts';
import { getBackend } from '../../../../encodings/registry.ts';

const puzzle = (text: string) => parsePuzzle(text).puzzle;

/** Does the 0/1 point of a single loop (its on edges) satisfy the row? */
function satisfies(row: IlpRow, grid: ReturnType<typeof gridOf>, loop: number[]): boolean {
  const onVertex = new Set(verticesOfEdges(grid, loop));
  const onEdge = new Set(loop);
  const value = (name: string) => (name[0] === 'x' ? onEdge.has(Number(name.slice(1))) : onVertex.has(Number(name.slice(1)))) ? 1 : 0;
  const sum = row.terms.reduce((s, [name, c]) => s + c * value(name), 0);
  return (row.lo === undefined || sum >= row.lo) && (row.hi === undefined || sum <= row.hi);
}

test('cuts from a two-loop relaxation keep every single loop of a blank 1x3 grid, and the naive cut would not', () => {
  const grid = gridOf(makePuzzle(1, 3, [null, null, null]));
  const square = (c: number) => [...grid.edgesOfCell(c)];
  // The relaxation's answer: unit squares around cells 0 and 2. Each alone is a valid solution.
  const loops = [square(0), square(2)];
  // Every loop of a 1x3 grid: three squares, two dominoes, the whole strip.
  const xor = (a: number[], b: number[]) => [...a, ...b].filter((e) => a.includes(e) !== b.includes(e));
  const all = [square(0), square(1), square(2), xor(square(0), square(1)), xor(square(1), square(2)), xor(xor(square(0), square(1)), square(2))];
  for (const l of all) assert.equal(edgeComponents(grid, (e) => l.includes(e)).length, 1);
  for (const kind of CUT_KINDS) {
    const cuts = loopCuts(grid, loops, kind).map((cut, i) => cutRow(cut, `cut1_${i}`));
    assert.equal(cuts.length, 2);
    for (const cut of cuts) for (const l of all) assert.ok(satisfies(cut, grid, l), `${kind} cut ${cut.name} removes loop ${l}`);
    // ...while the two-loop point itself is cut off.
    for (const cut of cuts) assert.ok(!satisfies(cut, grid, [...loops[0], ...loops[1]]), `${kind} cut ${cut.name} keeps the two loops`);
  }
  // The naive "not all edges of this loop" cut loses the square around cell 0, a valid solution.
  const naive: IlpRow = { name: 'naive', terms: loops[0].map((e) => [edgeColumn(e), 1]), hi: loops[0].length - 1 };
  assert.ok(!satisfies(naive, grid, square(0)));
  assert.ok(vertexColumn(0) !== edgeColumn(0));
});

for (const backend of ['glpk-cuts', 'highs-cuts']) {
  for (const cuts of ['cutset', 'loop']) {
    test(`${backend} cuts=${cuts}: a lone square that is the only solution survives the cuts`, async () => {
      // 1x3 with a 4 at the left: the relaxation may also turn on the right square (a second loop);
      // the only solution is the left square alone.
      const r = await run(backend, puzzle('1 3\n4 . .\n'), true, { cuts });
      assert.equal(r.status, 'solved');
      assert.equal(r.unique, true);
    });

    test(`${backend} cuts=${cuts}: two forced squares are cut apart until unsat`, async () => {
      // Both 4s force a square at either end; any joining loop would give them 3 edges: only two loops exist.
      const twoSquares = puzzle('1 5\n4 . . . 4\n');
      for (const engine of backend === 'glpk-cuts' ? ['glpk-wasm', 'glpk.js'] : [undefined]) {
        const params = { cuts, ...(engine ? { engine } : {}) };
        const r = await run(backend, twoSquares, true, { ...params, separation: 'integer' });
        assert.equal(r.status, 'unsat');
        if (engine === 'glpk-wasm') {
          // One branch and cut: the loops of the integral node are cut inside GLPK's tree, as lazy rows.
          assert.equal(r.stats.trees, 1);
          assert.ok((r.stats.lazyCuts as number) >= 2, `lazyCuts ${r.stats.lazyCuts}`);
        } else {
          assert.ok((r.stats.iterations as number) > 1, `iterations ${r.stats.iterations}`);
          assert.ok((r.stats.cuts as number) >= 2);
        }
        // On the LP relaxation a cut-set cut separates the two squares before the integer solve (glpk-wasm:
        // at the root node of its tree).
        const lp = await run(backend, twoSquares, true, { ...params, separation: 'lp' });
        assert.equal(lp.status, 'unsat');
        assert.ok((lp.stats.lpCuts as number) + ((lp.stats.poolCuts as number) ?? 0) + ((lp.stats.lazyCuts as number) ?? 0) >= 1, `lpCuts ${lp.stats.lpCuts}`);
      }
    });

    test(`${backend} cuts=${cuts}: janko puzzles verified and unique`, async (t) => {
      // GLPK takes from 1 s to over 60 s on some 8x8 and 10x18 janko puzzles (bench:ilp); HiGHS gets larger ones.
      await backendCases(backend, { cuts }).janko(t, backend === 'glpk-cuts' ? ['1_4x4', '11_5x5'] : ['103_10x10', '1065_10x18']);
    });
  }
}

// --- glpk-cuts on glpk-wasm: GLPK's settings, its time limit, and what a failed solve leaves behind.

test('glpk-cuts engine=glpk-wasm: each GLPK setting is taken and recorded; glpk.js refuses them; bad values are clear errors', async () => {
  const p = puzzle('5x5t0:3222b2a0c21a1d12b3');
  const backend = await getBackend('glpk-cuts');
  await backend.prepare?.();
  const solve = (params: Record<string, string>) => backend.solve(p, { timeoutMs: 60_000, unique: true, seed: 1, params });
  for (const params of [{ br_tech: 'mfv', bt_tech: 'bfs' } as Record<string, string>, { gmi_cuts: 'on', mir_cuts: 'on', cov_cuts: 'on', clq_cuts: 'on' }, { fp_heur: 'on', ps_heur: 'on', sr_heur: 'on' }, { pp_tech: 'none' }]) {
    const r = await solve(params);
    assert.equal(r.status, 'solved', JSON.stringify(params));
    assert.equal(r.unique, true);
    for (const [k, v] of Object.entries(params)) assert.match(String(r.stats.engineSettings), new RegExp(`\\b${k}=${v}\\b`));
  }
  // GLPK's presolver renumbers the tree's columns: no cuts inside it, only between runs.
  const presolved = await solve({ presolve: 'on' });
  assert.equal(presolved.status, 'solved');
  assert.equal(presolved.stats.lpCuts, 0);
  assert.equal(presolved.stats.lazyCuts, 0);
  await assert.rejects(solve({ br_tech: 'random' }), /option br_tech must be one of ffv, lfv, mfv, dth, pch; got 'random'/);
  await assert.rejects(solve({ engine: 'glpk.js', gmi_cuts: 'on' }), /option gmi_cuts applies to engine glpk-wasm, not glpk\.js/);
  await assert.rejects(solve({ engine: 'cplex' }), /engine 'cplex' is not one of glpk-wasm, glpk\.js/);
});

test('glpk-cuts engine=glpk-wasm: the time limit stops GLPK inside its tree', async () => {
  // A loopy-20x20-hard puzzle takes GLPK seconds at least; one second must end it in about that.
  const [line] = readFileSync(new URL('../../../../datasets/loopy-20x20-hard/puzzles.txt', import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('20x20'));
  const p = puzzle(line.split(/\s+/)[1]);
  const backend = await getBackend('glpk-cuts');
  await backend.prepare?.();
  for (const limitMs of [300, 1000]) {
    const started = performance.now();
    const r = await backend.solve(p, { timeoutMs: limitMs, unique: true, seed: 1, params: {} });
    const took = performance.now() - started;
    assert.ok(r.status === 'timeout' || r.unique === null, `status ${r.status}, unique ${r.unique}`);
    assert.ok(took < limitMs + 1000, `took ${Math.round(took)} ms for a limit of ${limitMs} ms`);
  }
});

test('glpk-wasm branch and cut: a failing callback or GLPK error leaks no GLPK memory and leaves the next solve working', async () => {
  const { branchAndCut, loadGlpkWasm, GLPK_SETTINGS, CALLBACK_SETTINGS } = await import('../../../../encodings/backends/ilp/glpk-branch-and-cut.ts');
  const { buildIlp } = await import('../../../../encodings/backends/ilp/model.ts');
  const defaults = Object.fromEntries(Object.entries({ ...GLPK_SETTINGS, ...CALLBACK_SETTINGS }).map(([k, s]) => [k, s.default])) as Record<keyof typeof GLPK_SETTINGS | keyof typeof CALLBACK_SETTINGS, string>;
  const p = puzzle('5x5t0:3222b2a0c21a1d12b3');
  const blocks = (m: Awaited<ReturnType<typeof loadGlpkWasm>>) => {
    const count = m._malloc(4);
    m._glp_mem_usage(count, 0, 0, 0);
    const n = m.HEAP32[count >> 2];
    m._free(count);
    return n;
  };
  const context = (grid: ReturnType<typeof buildIlp>['grid'], settings = defaults) => ({ grid, kind: 'cutset' as const, fractional: true, settings, deadline: performance.now() + 60_000 });
  let m = await loadGlpkWasm();
  const before = blocks(m);
  // A callback that throws (the grid fails once GLPK's tree asks for a separation): the error comes out of
  // solve, GLPK's tree is freed by GLPK, the problem by dispose.
  {
    const { model, grid } = buildIlp(p);
    const failing = new Proxy(grid, { get: (target, key) => (key === 'edgesAtVertex' ? () => { throw new Error('separation failed'); } : Reflect.get(target, key)) });
    const session = branchAndCut(model, context(failing));
    assert.throws(() => session.solve(), /separation failed/);
    session.dispose();
    assert.equal(blocks(m), before, 'GLPK memory blocks after a failed solve');
  }
  // A GLPK error (an invalid setting passed around the back-end's checks) aborts the module: the error says
  // what GLPK said, and the next load brings a fresh module.
  {
    const { model, grid } = buildIlp(p);
    const session = branchAndCut(model, context(grid, { ...defaults, br_tech: 'bogus' }));
    assert.throws(() => session.solve(), /GLPK failed: .*br_tech/);
    session.dispose();
    const fresh = await loadGlpkWasm();
    assert.notEqual(fresh, m);
    m = fresh;
  }
  for (let i = 0; i < 3; i++) {
    const base = blocks(m);
    const { model, grid } = buildIlp(p);
    const session = branchAndCut(model, context(grid));
    assert.equal(session.solve().status, 'optimal');
    session.dispose();
    assert.equal(blocks(m), base, 'GLPK memory blocks after a solve');
  }
});
