// asp-closure and asp-reach: the shared back-end cases, every loop of small grids enumerated by clingo (the
// recursion counts exactly one loop per model), the unsat and several-solution datasets, every option,
// timeouts, the version clingo reports, and the ground size each program is meant to have.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { closure } from '../../../../encodings/backends/asp/asp-closure.ts';
import { aspProgram, CONFIGURATIONS, type AspConnectivity } from '../../../../encodings/backends/asp/asp-backend.ts';
import { reach } from '../../../../encodings/backends/asp/asp-reach.ts';
import { runClingo } from '../../../../encodings/backends/asp/clingo.ts';
import { parsePuzzle } from '../../../../encodings/formats/index.ts';
import { gridOf, makePuzzle, type Puzzle } from '../../../../encodings/grid.ts';
import { getBackend } from '../../../../encodings/registry.ts';
import { backendCases, run } from '../../../helpers/backend-cases.ts';
import { allLoops, mix, smallCases } from '../../../helpers/small-grids.ts';

const PROGRAMS: readonly AspConnectivity[] = [closure, reach];
const blank = (rows: number, cols: number) => makePuzzle(rows, cols, new Array(rows * cols).fill(null));

/** Every model clingo finds for the puzzle, as edge strings, sorted. */
async function allModels(connectivity: AspConnectivity, puzzle: Puzzle): Promise<string[]> {
  const r = await runClingo(aspProgram(connectivity, puzzle), 0, ['--project=show'], 60_000);
  assert.equal(r.error, null);
  assert.equal(r.timedOut, false);
  const E = gridOf(puzzle).edgeCount;
  return r.models.map((atoms) => {
    const on = new Uint8Array(E);
    for (const atom of atoms) on[Number(/^on\((\d+)\)$/.exec(atom)![1])] = 1;
    return on.join('');
  }).sort();
}

/** A dataset file of `id<TAB>puzzle` lines. */
function datasetPuzzles(name: string): { id: string; puzzle: Puzzle }[] {
  const text = readFileSync(new URL(`../../../../datasets/${name}/puzzles.txt`, import.meta.url), 'utf8');
  return text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((line) => {
    const [id, url] = line.split('\t');
    return { id, puzzle: parsePuzzle(url).puzzle };
  });
}

for (const { name } of PROGRAMS) {
  test(`${name}: 1x1, no loop, several loops, unique, fixed edges`, async () => {
    const cases = backendCases(name);
    await cases.oneByOne();
    await cases.noLoopIsNoSolution();
    await cases.severalSolutions();
    const r = await cases.uniqueLoop();
    assert.ok((r.stats.groundAtoms as number) > 0 && (r.stats.groundRules as number) > 0, JSON.stringify(r.stats));
    assert.equal(r.stats.variables, r.stats.groundAtoms);
    await cases.fixedEdges();
  });
}

test('both programs have exactly the loops of blank grids as models (13 on 2x2), each once', async () => {
  for (const [rows, cols] of [[1, 1], [1, 3], [2, 2], [2, 3], [3, 3]] as const) {
    const expected = allLoops(rows, cols).map((l) => l.join('')).sort();
    if (rows === 2 && cols === 2) assert.equal(expected.length, 13);
    for (const program of PROGRAMS) assert.deepEqual(await allModels(program, blank(rows, cols)), expected, `${program.name} ${rows}x${cols}`);
  }
});

test('both programs have exactly the solutions of clued small grids as models (none, one, several)', async () => {
  const cases = smallCases(22, [[2, 3], [3, 3], [3, 4]], 16);
  const seen = mix(cases);
  assert.ok(seen.none > 3 && seen.one > 3 && seen.several > 3, JSON.stringify(seen));
  for (const { puzzle, solutions, where } of cases) {
    const expected = solutions.map((l) => l.join('')).sort();
    for (const program of PROGRAMS) assert.deepEqual(await allModels(program, puzzle), expected, `${program.name} ${where}`);
  }
});

test('the unsat and several-solution datasets: unsat, and not unique with a verified second loop', async () => {
  const unsat = datasetPuzzles('unsat').find((p) => p.puzzle.rows === 7)!;
  const multi = datasetPuzzles('multi').find((p) => p.puzzle.rows === 7)!;
  for (const { name } of PROGRAMS) {
    assert.equal((await run(name, unsat.puzzle)).status, 'unsat', `${name} ${unsat.id}`);
    const several = await run(name, multi.puzzle);
    // The pipeline verified the second loop and checked that it differs from the first.
    assert.deepEqual([several.status, several.unique, several.message ?? ''], ['solved', false, ''], `${name} ${multi.id}`);
  }
  const tenUnsat = datasetPuzzles('unsat').find((p) => p.puzzle.rows === 10)!;
  const tenMulti = datasetPuzzles('multi').find((p) => p.puzzle.rows === 10)!;
  assert.equal((await run('asp-reach', tenUnsat.puzzle)).status, 'unsat', tenUnsat.id);
  assert.equal((await run('asp-reach', tenMulti.puzzle)).unique, false, tenMulti.id);
});

test('every option value gives the same answers', async () => {
  const unique = parsePuzzle('5x5t0:3222b2a0c21a1d12b3').puzzle;
  const several = parsePuzzle('2 3\n...\n...\n').puzzle;
  const variants: Record<string, string>[] = [{ projection: 'off' }, ...CONFIGURATIONS.map((configuration) => ({ configuration }))];
  for (const { name } of PROGRAMS) {
    for (const params of variants) {
      const one = await run(name, unique, true, params);
      assert.deepEqual([one.status, one.unique], ['solved', true], `${name} ${JSON.stringify(params)}`);
      const declared = (await getBackend(name)).options!.find((o) => o.name === 'configuration')!.default;
      assert.equal(one.stats.configuration, params.configuration ?? declared);
      assert.equal((await run(name, several, true, params)).unique, false, `${name} ${JSON.stringify(params)}`);
    }
  }
});

test('a run past its time limit is a timeout, and the next run still answers', async () => {
  const backend = await getBackend('asp-closure');
  await backend.prepare?.();
  // A 10x10 takes asp-closure seconds; 50 ms is not enough to ground it.
  const ten = parsePuzzle('https://puzz.link/p?slither/10/10/g16bh61b111b1bg1611bb6111b111bgbbb6bg1b1161bg1b11111bg1bgb').puzzle;
  const late = await backend.solve(ten, { timeoutMs: 50, unique: true, seed: 1, params: {} });
  assert.equal(late.status, 'timeout');
  assert.equal(late.solution, null);
  const after = await run('asp-closure', parsePuzzle('1 1\n4\n').puzzle);
  assert.deepEqual([after.status, after.unique], ['solved', true]);
});

test('the version is read from clingo and the package', async () => {
  const installed = (JSON.parse(readFileSync(new URL('../../../../node_modules/clingo-wasm/package.json', import.meta.url), 'utf8')) as { version: string }).version;
  for (const { name } of PROGRAMS) {
    const version = await (await getBackend(name)).version();
    assert.match(version, /^clingo-wasm \S+, clingo version \d+\.\d+\.\d+/);
    assert.ok(version.startsWith(`clingo-wasm ${installed},`), version);
  }
});

test('ground size: asp-closure grows as E^2, asp-reach as E', async () => {
  const sizes = async (name: string) => {
    const backend = await getBackend(name);
    const out: number[] = [];
    for (const n of [4, 8]) {
      const r = await backend.solve(blank(n, n), { timeoutMs: 60_000, unique: false, seed: 1, params: {} });
      assert.equal(r.status, 'solved');
      out.push(r.stats.groundAtoms as number);
    }
    return out;
  };
  // E = 40 on 4x4 and 144 on 8x8: a factor of 3.6 in E, 13 in E^2.
  const [closureSmall, closureLarge] = await sizes('asp-closure');
  const [reachSmall, reachLarge] = await sizes('asp-reach');
  assert.ok(closureLarge / closureSmall > 9, `asp-closure atoms ${closureSmall} -> ${closureLarge}`);
  assert.ok(reachLarge / reachSmall < 5, `asp-reach atoms ${reachSmall} -> ${reachLarge}`);
});

test('a grid too large for the closure is a memout before grounding', async () => {
  const backend = await getBackend('asp-closure');
  const r = await backend.solve(blank(40, 35), { timeoutMs: 60_000, unique: false, seed: 1, params: {} });
  assert.equal(r.status, 'memout');
  assert.match(r.message ?? '', /ground closure rules/);
});
