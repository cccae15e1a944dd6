// npm run bench:browser: auto on the built-in Loopy 10x10s (easy, normal, tricky, hard; 40 puzzles, taken in
// turn), warm, in Node (the solve pipeline in this process) and in headless Chromium (the browser build's page,
// its Web Worker), in alternating blocks so that a busy machine weighs on both alike. Compares the medians of
// the back-end's own time (timeMs) and checks that every answer is Node's. The page is served from 127.0.0.1
// as cross-origin isolated: elsewhere (file:// too) Chromium's clock ticks in 0.1 ms, about a whole solve.
// Writes browser.md and browser.json to --out (default results/bench-browser).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { builtinPuzzlesPath, readPuzzleLines } from '../../datasets/builtin.ts';
import { parsePuzzle } from '../../encodings/formats/index.ts';
import { getBackend } from '../../encodings/registry.ts';
import { median } from '../../reports/statistics.ts';
import { writeBrowserBuild } from '../browser/build.ts';
import { solveWithBackend } from '../harness/solving/pipeline.ts';
import { contractJson } from '../harness/solving/run-result.ts';
import { chromiumAbsent, launchChromiumContext } from './chromium.ts';
import { fail, scriptCommandLine } from './script.ts';

const SETS = ['loopy-10x10-easy', 'loopy-10x10-normal', 'loopy-10x10-tricky', 'loopy-10x10-hard'];
/** Within this many times Node's median, the browser module is as fast as the goal asks. */
const GOAL = 2;

const { values: options } = scriptCommandLine(`usage: npm run bench:browser [-- --solves N] [--blocks K] [--out DIR]

Solves the built-in Loopy 10x10 puzzles with auto (uniqueness proved), warm, N times on each side: in Node,
and in headless Chromium (/usr/bin/chromium) in the browser build's page and its Web Worker, served
cross-origin isolated from 127.0.0.1 for the finer clock. The sides take turns in K blocks. Compares the
medians of the back-end's own time.`, ['solves', 'blocks', 'out'], {
  solves: { help: 'solves on each side', default: 1000 },
  blocks: { help: 'blocks the sides take turns in', default: 4 },
  out: { default: 'results/bench-browser' },
});
const absent = chromiumAbsent();
if (absent) fail(absent);

// The puzzles of bench:api's warm Solver, in the same order.
const puzzles = SETS.flatMap((set) => readPuzzleLines(readFileSync(builtinPuzzlesPath(set)!, 'utf8')).map((l) => l.puzzle));
const request = { backend: 'auto', unique: true, timeoutMs: 60_000 };
/** The puzzle of the i-th solve: all of them in turn. */
const nth = (i: number) => puzzles[i % puzzles.length];

interface Sample {
  timeMs: number;
  /** The call, in Node; posting to the worker and its answer, in the page. */
  roundTripMs: number;
}

const auto = await getBackend('auto');
await auto.prepare?.();
const parsed = puzzles.map((text) => parsePuzzle(text).puzzle);
const nodeAnswers = new Map<string, string>();
async function nodeSolves(from: number, count: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = from; i < from + count; i++) {
    const started = performance.now();
    const answer = contractJson(await solveWithBackend(auto, parsed[i % puzzles.length], { timeoutMs: request.timeoutMs, unique: true, seed: 1, params: {} }));
    samples.push({ timeMs: answer.timeMs as number, roundTripMs: performance.now() - started });
    if (answer.status !== 'solved' || answer.unique !== true) throw new Error(`Node: ${nth(i)}: ${answer.status} (${answer.message ?? ''})`);
    nodeAnswers.set(nth(i), JSON.stringify(answer.solution));
  }
  return samples;
}

const buildDir = mkdtempSync(join(os.tmpdir(), 'slitherbench-browser-'));
const profile = mkdtempSync(join(os.tmpdir(), 'slitherbench-chromium-'));
// The built folder over HTTP, with the headers that make the page cross-origin isolated (a 5 us clock).
const files = createServer((request, response) => {
  const name = new URL(request.url ?? '/', 'http://localhost').pathname.slice(1) || 'index.html';
  const path = join(buildDir, name);
  if (!/^[\w.-]+$/.test(name) || !existsSync(path)) return response.writeHead(404).end();
  const type = name.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8';
  response.writeHead(200, { 'content-type': type, 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }).end(readFileSync(path));
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
let context: import('playwright-core').BrowserContext | undefined;
try {
  context = await launchChromiumContext(profile);
  await writeBrowserBuild(buildDir);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${(files.address() as AddressInfo).port}/index.html`);
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('internal: the page is not cross-origin isolated; its clock would tick in 0.1 ms');
  // The page's own solver and worker (the page warms its back-ends in it as it opens), kept for the whole run
  // (warm, as Node's back-end is).
  const browserSolves = (texts: string[]) =>
    page.evaluate(async ([texts, request]) => {
      const solver = (window as unknown as { solverFor: () => import('../browser/index.ts').WorkerSolver }).solverFor();
      const out: { timeMs: number; roundTripMs: number; status: string; unique: boolean | null; solution: string }[] = [];
      for (const text of texts) {
        const started = performance.now();
        const answer = await solver.solve(text, request);
        out.push({ timeMs: answer.timeMs as number, roundTripMs: performance.now() - started, status: answer.status, unique: answer.unique, solution: JSON.stringify(answer.solution) });
      }
      return out;
    }, [texts, request] as const);

  const loadBefore = os.loadavg();
  const started = Date.now();
  // Warm-up: every puzzle once on each side (compiles, page faults), not counted.
  await nodeSolves(0, puzzles.length);
  await browserSolves(puzzles);
  const node: Sample[] = [];
  const browser: Sample[] = [];
  let mismatches = 0;
  const block = Math.ceil(options.solves / options.blocks);
  for (let from = 0; from < options.solves; from += block) {
    const count = Math.min(block, options.solves - from);
    node.push(...(await nodeSolves(from, count)));
    const answers = await browserSolves(Array.from({ length: count }, (_, k) => nth(from + k)));
    answers.forEach((a, k) => {
      if (a.status !== 'solved' || a.unique !== true || a.solution !== nodeAnswers.get(nth(from + k))) mismatches++;
      browser.push({ timeMs: a.timeMs, roundTripMs: a.roundTripMs });
    });
    process.stderr.write(`bench:browser: ${from + count} of ${options.solves} solves on each side\n`);
  }
  const loadAfter = os.loadavg();
  const med = (samples: Sample[], key: keyof Sample) => median(samples.map((s) => s[key]))!;
  const summary = {
    puzzles: puzzles.length,
    sets: SETS,
    solves: options.solves,
    blocks: options.blocks,
    request,
    node: { version: process.version, medianTimeMs: med(node, 'timeMs'), medianRoundTripMs: med(node, 'roundTripMs') },
    browser: { chromium: context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent)), medianTimeMs: med(browser, 'timeMs'), medianRoundTripMs: med(browser, 'roundTripMs') },
    ratio: med(browser, 'timeMs') / med(node, 'timeMs'),
    goal: GOAL,
    answersDifferingFromNode: mismatches,
    loadAverage: { before: loadBefore, after: loadAfter },
    cores: os.cpus().length,
    seconds: (Date.now() - started) / 1000,
  };
  const f = (ms: number) => ms.toFixed(3);
  const md = [
    '# auto in the browser module against Node',
    '',
    `auto with uniqueness on the ${puzzles.length} built-in Loopy 10x10 puzzles (${SETS.join(', ')}), ${options.solves} warm solves on each side in ${options.blocks} alternating blocks, after one unmeasured pass.`,
    `Node ${process.version}: the solve pipeline in one process. Chromium ${summary.browser.chromium}, headless: the browser build's page, served cross-origin isolated from 127.0.0.1 (a 5 us clock), its Web Worker.`,
    '',
    '| | median timeMs | median round trip ms |',
    '|---|---:|---:|',
    `| Node | ${f(summary.node.medianTimeMs)} | ${f(summary.node.medianRoundTripMs)} |`,
    `| browser | ${f(summary.browser.medianTimeMs)} | ${f(summary.browser.medianRoundTripMs)} |`,
    '',
    `Browser / Node, median timeMs: ${summary.ratio.toFixed(2)}x (goal: within ${GOAL}x: ${summary.ratio <= GOAL ? 'met' : 'NOT met'}).`,
    `Answers that differ from Node's (loop or uniqueness): ${mismatches}.`,
    `Load average (1, 5, 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(', ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(', ')}; ${summary.cores} cores.`,
    '',
  ].join('\n');
  mkdirSync(options.out, { recursive: true });
  writeFileSync(join(options.out, 'browser.json'), JSON.stringify(summary, null, 2) + '\n');
  writeFileSync(join(options.out, 'browser.md'), md);
  process.stdout.write(md);
  if (mismatches > 0) process.exitCode = 1;
} finally {
  await context?.close();
  files.close();
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
