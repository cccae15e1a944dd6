// reproduce: every claim's figure is computed from the run's own result files (change one, the page changes),
// the artifact has the contract's claims.csv and shows every source in Chromium without a console error, and
// the command says what it knows and refuses what it does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { loadDataset } from '../../../datasets/load.ts';
import { gridOf } from '../../../encodings/grid.ts';
import { solutionFromEdges, solutionToKey } from '../../../encodings/solution.ts';
import type { RunRecord } from '../../../reports/records.ts';
import { VERDICTS, writeReproduction } from '../../../reports/reproduce-page.ts';
import { chartData } from '../../../reports/specs.ts';
import { chromiumAbsent, launchChromium } from '../../../runners/experiments/chromium.ts';
import { buildPage, SOURCES } from '../../../runners/experiments/reproduce.ts';
import { INCREMENTAL, SCRATCH, CADICAL } from '../../../runners/experiments/reproduce-optilog.ts';
import { P_NEW, P_OLD } from '../../../runners/experiments/reproduce-liu-wu-sun.ts';
import { run } from '../../helpers/backend-cases.ts';

const URL5 = 'https://puzz.link/p?slither/5/5/322c7ag26bh1cd';

function record(dataset: string, instance: string, backend: string, solveMs: number, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    instance, dataset, backend, repeat: 1, status: 'solved', unique: null, wall_ms: solveMs + 2, solve_ms: solveMs, encode_ms: null, solver_ms: null,
    rows: 5, cols: 5, clues: 10, variables: null, clauses: null, iterations: null, cuts: null, peak_rss_mb: 60, agrees: '', message: '', stats: {},
    solution_key: '', puzzle: URL5, ...extra,
  };
}

const size = (n: number) => ({ rows: n, cols: n });

/** Two unit squares in opposite corners of a 5x5: a model with two loops. */
function twoLoops(): string {
  const grid = gridOf(size(5));
  return solutionToKey(solutionFromEdges(size(5), [...grid.edgesOfCell(0), ...grid.edgesOfCell(24)]));
}

/** Hand-written results for every plan of every source, as `reproduce all --quick` would leave them. */
function plans(): Record<string, RunRecord[]> {
  const hakerh400: RunRecord[] = [];
  for (const [n, reach, distance] of [[5, 5, 9], [10, 40, 50], [20, 900, 300]] as const) {
    for (const id of ['a', 'b']) {
      const instance = `gen-${n}x${n}/${n}x${n}-${id}`;
      hakerh400.push(record(`gen-${n}x${n}`, instance, 'sat-reach/cadical', reach, { ...size(n), unique: true }));
      hakerh400.push(record(`gen-${n}x${n}`, instance, 'sat-distance/cadical', distance, { ...size(n), unique: true }));
      hakerh400.push(record(`gen-${n}x${n}`, instance, 'rules', 3, { ...size(n), unique: true }));
    }
  }
  const optilog: RunRecord[] = [];
  for (const [i, loops] of [1, 1, 3, 2].entries()) {
    const lazy = { iterations: loops > 1 ? 2 : 1, cuts: loops > 1 ? loops : 0, stats: { firstModelLoops: loops } };
    optilog.push(record('Slitherlink_puzzles', `p${i}`, INCREMENTAL, 20 * loops, { ...size(10), ...lazy }));
    optilog.push(record('Slitherlink_puzzles', `p${i}`, SCRATCH, 30 * loops, { ...size(10), ...lazy }));
    optilog.push(record('Slitherlink_puzzles', `p${i}`, CADICAL, 25 * loops, { ...size(10), ...lazy }));
  }
  const liu: RunRecord[] = [];
  for (const [dataset, rows, cols] of [['Slitherlink_puzzles', 30, 25], ['loopy-25x30-hard', 25, 30], ['gen-40x35', 40, 35]] as const) {
    for (const id of ['x', 'y']) {
      liu.push(record(dataset, `${dataset}/${id}`, P_OLD, 2000, { rows, cols, status: id === 'x' ? 'timeout' : 'solved', stats: { level: 'search' } }));
      liu.push(record(dataset, `${dataset}/${id}`, P_NEW, 20, { rows, cols, stats: { level: 'corners' } }));
    }
  }
  return {
    'cpsat-chapter-solve': ['6x6-11-clues', '10x10-35-clues'].flatMap((dataset, k) => [1, 2].flatMap((i) => [
      record(dataset, `${dataset}/${i}`, 'chapter-model', k ? 30 : 40, size(k ? 10 : 6)),
      record(dataset, `${dataset}/${i}`, 'cpsat-circuit', k ? 20 : 25, size(k ? 10 : 6)),
    ])),
    'cpsat-chapter-unique': ['6x6-11-clues', '10x10-35-clues'].flatMap((dataset) => [1, 2].flatMap((i) => [
      record(dataset, `${dataset}/${i}`, 'chapter-model', 50, { unique: true }),
      record(dataset, `${dataset}/${i}`, 'rules', 5, { unique: true }),
    ])),
    'hakerh400-sizes': hakerh400.filter((r) => r.backend !== 'rules'),
    'hakerh400-solvers': hakerh400,
    'hakerh400-lazy-trap': [8, 16, 32].map((n) => record(`lazy-trap-${n}`, `lazy-trap-${n}/row`, 'sat-lazy/minisat-js', 10, { rows: 1, cols: n, unique: true, iterations: n / 2 + 1 })),
    'slitherlinky-closure': [5, 10].flatMap((n) => [
      record(`gen-${n}x${n}`, `gen-${n}x${n}/a`, 'closure=seed/cadical', 100, { ...size(n), variables: n === 5 ? 3700 : 48_700, stats: { relationVariables: n === 5 ? 3600 : 48_400 } }),
      record(`gen-${n}x${n}`, `gen-${n}x${n}/a`, 'closure=elimination/cadical', 100, { ...size(n), variables: n === 5 ? 500 : 2_400 }),
      record(`gen-${n}x${n}`, `gen-${n}x${n}/a`, 'sat-reach/cadical', 100, { ...size(n), variables: n === 5 ? 900 : 12_000 }),
    ]),
    'slitherlinky-seed': [
      record('gen-5x5', 'gen-5x5/a', 'closure=seed/cadical', 30, { status: 'wrong', message: 'verifier rejected the answer: the edges form more than one loop', stats: { rejectedAnswer: twoLoops() } }),
      record('gen-5x5', 'gen-5x5/b', 'closure=seed/cadical', 30),
      record('gen-5x5', 'gen-5x5/a', 'asp-closure', 40, { unique: true, solution_key: solutionToKey(solutionFromEdges(size(5), gridOf(size(5)).edgesOfCell(0))) }),
      record('gen-5x5', 'gen-5x5/b', 'asp-closure', 40, { unique: true }),
    ],
    'optilog-janko': optilog,
    'liu-wu-sun': liu,
  };
}

function writePlans(out: string, records: Record<string, RunRecord[]>): void {
  for (const [name, list] of Object.entries(records)) {
    const dir = join(out, 'runs', `${name}-quick`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'results.jsonl'), list.map((r) => JSON.stringify(r)).join('\n') + '\n');
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ machine: { cpu: 'Test CPU', cores: 2, memoryMb: 4096, os: 'Linux' }, software: { node: 'v20' }, jobs: 1, timeoutSeconds: 2 }));
  }
}

const request = (out: string) => ({ sources: [...SOURCES], out, quick: true, noRun: true });
const claimsOf = (out: string) => parse(readFileSync(join(out, 'claims.csv'), 'utf8'), { columns: true }) as Record<string, string>[];

test('every claim is computed from the run\'s result files: changing one changes the page', async () => {
  const out = mkdtempSync(join(tmpdir(), 'reproduce-'));
  try {
    const records = plans();
    writePlans(out, records);
    await writeReproduction(out, buildPage(request(out)));
    const before = claimsOf(out);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    // The contract's columns, in order, then ours.
    assert.deepEqual(Object.keys(before[0]).slice(0, 6), ['source', 'claim', 'published', 'ours', 'verdict', 'command']);
    assert.deepEqual([...new Set(before.map((c) => c.source))], SOURCES.map((s) => s.name));
    assert.equal(before.length, SOURCES.reduce((n, s) => n + s.claims.length, 0));
    for (const c of before) {
      assert.ok((VERDICTS as readonly string[]).includes(c.verdict), `${c.source}/${c.claim}: ${c.verdict}`);
      assert.match(c.command, new RegExp(`^npx slitherbench reproduce ${c.source} --claim ${c.claim.replace(/\./g, '\\.')} --quick --out `));
      assert.ok(c.sentence && c.seed_file && c.why && c.machine.startsWith('Test CPU'), `${c.source}/${c.claim}`);
      assert.notEqual(c.ours, 'not measured', `${c.source}/${c.claim}: ${c.why}`);
    }
    const get = (rows: Record<string, string>[], id: string) => rows.find((c) => `${c.source}/${c.claim}` === id)!;
    // Figures as the records give them.
    assert.equal(get(before, 'liu-wu-sun/p-new-0.05s').verdict, 'holds');
    assert.match(get(before, 'liu-wu-sun/p-new-0.05s').ours, /^4 of 4 hard/);
    assert.match(get(before, 'liu-wu-sun/p-old-2pct').ours, /2 of 4 \(50%\) unsolved within 2 s/);
    assert.match(get(before, 'hakerh400/reach-vs-distance').ours, /sat-distance faster from 20x20 \(400 cells\) on; before it: 5x5 sat-reach, 10x10 a tie/);
    assert.equal(get(before, 'hakerh400/reach-vs-distance').verdict, 'holds');
    assert.match(get(before, 'hakerh400/lazy-cuts').ours, /N = 8: 5 calls, N = 16: 9 calls, N = 32: 17 calls/);
    assert.equal(get(before, 'hakerh400/lazy-cuts').verdict, 'not comparable');
    assert.match(get(before, 'optilog/several-loops').ours, /several loops on 2 of 4 janko puzzles \(50%\)/);
    assert.equal(get(before, 'slitherlinky/closure-variables').verdict, 'does not hold');
    assert.match(html, /<section id="optilog">/);
    assert.match(get(before, 'slitherlinky/recursion-loops').ours, /1 of 2 generated puzzles got a model with several loops/);
    assert.match(html, /gen-5x5\/a \([^)]*\): the model closure=seed returned, 2 loops/);
    assert.match(get(before, 'slitherlinky/recursion-asp').ours, /2 of 2 generated puzzles answered with one verified loop, 0 rejected; on the 1 where closure=seed returned several loops, 1 answered/);
    assert.equal(get(before, 'slitherlinky/recursion-asp').verdict, 'holds');
    assert.match(html, /<figure class="puzzle"><svg/);

    // One P_new run over 0.05 s in the results file: the verdict, the figure and the page follow.
    const liu = records['liu-wu-sun'];
    liu.find((r) => r.backend === P_NEW)!.solve_ms = 400;
    writePlans(out, { 'liu-wu-sun': liu });
    await writeReproduction(out, buildPage(request(out)));
    const after = claimsOf(out);
    assert.equal(get(after, 'liu-wu-sun/p-new-0.05s').verdict, 'does not hold');
    assert.match(get(after, 'liu-wu-sun/p-new-0.05s').ours, /^3 of 4 hard/);
    assert.notEqual(readFileSync(join(out, 'index.html'), 'utf8'), html);
    assert.deepEqual(after.filter((c) => c.source !== 'liu-wu-sun'), before.filter((c) => c.source !== 'liu-wu-sun'));

    // Rebuilding for one source keeps every source that has results in the directory.
    assert.deepEqual(buildPage({ ...request(out), sources: [SOURCES[0]], claim: SOURCES[0].claims[0].id }).sections.map((x) => x.name), SOURCES.map((x) => x.name));

    // Without results a claim says so, as not comparable.
    rmSync(join(out, 'runs', 'optilog-janko-quick'), { recursive: true });
    await writeReproduction(out, buildPage(request(out)));
    assert.equal(get(claimsOf(out), 'optilog/incremental').verdict, 'not comparable');
    assert.match(get(claimsOf(out), 'optilog/incremental').why, /no results/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('the charts of hakerh400 and optilog draw the times recorded, a sub-millisecond one too', () => {
  const out = mkdtempSync(join(tmpdir(), 'reproduce-charts-'));
  try {
    const records = plans();
    // Both 5x5 runs of sat-reach at 0.25 ms; one puzzle that needed cuts solved in 0.4 ms incrementally.
    for (const r of records['hakerh400-sizes']) if (r.backend === 'sat-reach/cadical' && r.rows === 5) r.solve_ms = 0.25;
    records['optilog-janko'].find((r) => r.backend === INCREMENTAL && r.instance === 'p2')!.solve_ms = 0.4;
    writePlans(out, records);
    const charts = new Map(buildPage(request(out)).sections.flatMap((s) => s.charts).map((c) => [c.name, chartData(c.spec)]));
    const reach = charts.get('hakerh400-reach-vs-distance')!.find((p) => p.encoding === 'sat-reach/cadical' && p.size === '5x5');
    assert.equal(reach?.median_ms, 0.25);
    const resolved = charts.get('optilog-incremental-vs-scratch')!.filter((p) => p.engine === INCREMENTAL).map((p) => p.solve_ms);
    assert.ok(resolved.includes(0.4), `${resolved}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('the page shows every source and every claim with both figures and a verdict in Chromium, without a console error', async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'reproduce-html-'));
  try {
    writePlans(out, plans());
    const path = await writeReproduction(out, buildPage(request(out)));
    for (const ext of ['svg', 'png', 'vl.json']) assert.ok(existsSync(join(out, 'charts', `hakerh400-reach-vs-distance.${ext}`)), ext);
    const absent = chromiumAbsent();
    if (absent) {
      t.skip(`${absent}: the browser check did not run`);
      return;
    }
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
      await page.goto(`file://${path}`);
      for (const source of SOURCES) {
        const claims = await page.$$eval(`section#${source.name} article.claim`, (nodes) => nodes.map((n) => ({
          verdict: n.querySelector('.verdict')?.textContent ?? '',
          facts: Object.fromEntries([...n.querySelectorAll('table.facts tr')].map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent ?? ''])),
        })));
        assert.equal(claims.length, source.claims.length, source.name);
        for (const c of claims) {
          assert.ok((VERDICTS as readonly string[]).includes(c.verdict), c.verdict);
          for (const key of ['published', 'ours', 'verdict', 'machine', 'command']) assert.ok(c.facts[key]?.trim(), `${source.name}: ${key}`);
        }
      }
      assert.ok((await page.$$('figure.chart svg')).length >= 4, 'the charts are drawn inline');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('reproduce list names every source and claim; an unknown source or claim is one error line and exit 2', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, ['bin/slitherbench.js', 'reproduce', ...args], { encoding: 'utf8' });
  const list = cli('list');
  assert.equal(list.status, 0, list.stderr);
  for (const source of SOURCES) {
    assert.match(list.stdout, new RegExp(`^${source.name} `, 'm'));
    for (const claim of source.claims) assert.ok(list.stdout.includes(` ${claim.id} `), claim.id);
  }
  for (const args of [['nosuch'], ['optilog', '--claim', 'nosuch'], ['all', '--claim', 'x']]) {
    const r = cli(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /^error: [^\n]+\n$/);
  }
});

test('what the optilog and slitherlinky rows read: sat-lazy from scratch answers as incrementally, and reports its first model\'s loops', async () => {
  const p = loadDataset('gen-7x7', { limit: 3 }).instances.map((i) => i.puzzle);
  for (const puzzle of p) {
    const incremental = await run('sat-lazy', puzzle, true, { resolve: 'incremental' });
    const scratch = await run('sat-lazy', puzzle, true, { resolve: 'scratch' });
    assert.equal(scratch.status, 'solved');
    assert.deepEqual(scratch.solution, incremental.solution);
    assert.equal(scratch.unique, true);
    assert.equal(incremental.stats.incremental, true);
    assert.equal(scratch.stats.incremental, false);
    for (const r of [incremental, scratch]) assert.ok(typeof r.stats.firstModelLoops === 'number' && r.stats.firstModelLoops >= 1);
  }
});
