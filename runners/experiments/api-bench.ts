// npm run bench:api: what the library and `solve -` cost beyond the solving itself.
//  1. N solves of the built-in Loopy 10x10s (easy, normal, tricky, hard; 40 puzzles in turn) through one warm
//     Solver (auto, uniqueness proved) in this process: the median time per solve seen by the caller against
//     the median of the worker's own timeMs (goal: within 1.5x), beside what a bare message to a thread and
//     back costs on this machine (the floor under each solve's overhead).
//  2. `slitherbench solve -` on 30 of them (hard, tricky, normal) in one process, against `node -e 0` measured
//     in the same rounds, interleaved so that a busy machine weighs on both alike (goal: the whole run under
//     2x `node -e 0` plus the sum of the solves' own times). Every answer is checked by the verifier.
// Writes api.md and api.json to --out (default results/bench-api), with the load average beside the figures.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { builtinPuzzlesPath, readPuzzleLines } from '../../datasets/builtin.ts';
import { median as medianOrNull } from '../../reports/statistics.ts';
import { REPOSITORY, useCompiled } from '../harness/start-up/compiled.ts';
import { parsePuzzle, Solver, verify } from '../library/index.ts';
import { scriptCommandLine } from './script.ts';

const SOLVER_GOAL = 1.5;
const BIN = join(REPOSITORY, 'bin/slitherbench.js');

const { values: options } = scriptCommandLine(`usage: npm run bench:api [-- --solves N] [--rounds K] [--out DIR]

N solves of the built-in Loopy 10x10s through one warm Solver (auto, --unique), and K rounds of \`solve -\` on 30
of them beside \`node -e 0\`. Writes api.md and api.json to DIR.`, ['solves', 'rounds', 'out'], {
  solves: { help: 'solves through the warm Solver', default: 1000 },
  rounds: { help: 'rounds of `solve -` beside `node -e 0`', default: 5 },
  out: { default: 'results/bench-api' },
});

const linesOf = (set: string) => readPuzzleLines(readFileSync(builtinPuzzlesPath(set)!, 'utf8'));
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
const round2 = (x: number) => Math.round(x * 100) / 100;
const median = (values: number[]) => medianOrNull(values) ?? Number.NaN;
const loadBefore = load();

// 1. One warm Solver.
const tens = ['loopy-10x10-easy', 'loopy-10x10-normal', 'loopy-10x10-tricky', 'loopy-10x10-hard'].flatMap(linesOf).map((l) => parsePuzzle(l.puzzle));
const solver = new Solver({ backend: 'auto' });
await solver.warm();
// The first pass over the set compiles the wasm the searches use: warm-up, not measured.
for (const puzzle of tens) await solver.solve(puzzle, { unique: true });
const perSolve: number[] = [];
const own: number[] = [];
for (let i = 0; i < options.solves; i++) {
  const puzzle = tens[i % tens.length];
  const started = performance.now();
  const result = await solver.solve(puzzle, { unique: true });
  perSolve.push(performance.now() - started);
  own.push(result.timeMs);
  if (result.status !== 'solved' || result.unique !== true || !verify(puzzle, result.solution!).valid) throw new Error(`solve ${i + 1}: ${result.status} ${result.message ?? ''}`);
}
solver.close();
// What a message to a thread and back costs on this machine by itself: the floor under each solve's overhead.
const echo = new Worker("const { parentPort } = require('node:worker_threads'); parentPort.on('message', (m) => parentPort.postMessage(m));", { eval: true });
const roundTrips: number[] = [];
for (let i = 0; i < 2000; i++) {
  const started = performance.now();
  echo.postMessage(i);
  await once(echo, 'message');
  roundTrips.push(performance.now() - started);
}
await echo.terminate();
const us = (ms: number) => Math.round(ms * 1000);
const [perSolveMs, ownMs] = [median(perSolve), median(own)];
const solverFigures = {
  solves: options.solves,
  medianPerSolveMs: round2(perSolveMs),
  medianOwnTimeMs: round2(ownMs),
  ratio: round2(perSolveMs / ownMs),
  goal: SOLVER_GOAL,
  overheadUs: us(perSolveMs - ownMs),
  threadRoundTripUs: us(median(roundTrips)),
};
process.stderr.write(`bench:api: Solver: median ${solverFigures.medianPerSolveMs} ms per solve, worker's own ${solverFigures.medianOwnTimeMs} ms (${solverFigures.ratio}x); overhead ${solverFigures.overheadUs} us per solve, a bare message to a thread and back ${solverFigures.threadRoundTripUs} us\n`);

// 2. `solve -` on 30 puzzles in one process.
const thirty = ['loopy-10x10-hard', 'loopy-10x10-tricky', 'loopy-10x10-normal'].flatMap(linesOf);
const input = thirty.map((l) => `${l.id}\t${l.puzzle}`).join('\n') + '\n';
const wall = (argv: string[], stdin?: string) => {
  const started = performance.now();
  const child = spawnSync(process.execPath, argv, { input: stdin, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`${argv.join(' ')} exited ${child.status}: ${child.stderr}`);
  return { ms, stdout: child.stdout };
};
const rounds: { nodeMs: number; runMs: number; sumTimeMs: number; budgetMs: number }[] = [];
for (let r = 0; r < options.rounds; r++) {
  const node = wall(['-e', '0']);
  const run = wall([BIN, 'solve', '-'], input);
  const answers = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; status: string; solution: Parameters<typeof verify>[1]; timeMs: number });
  if (answers.length !== thirty.length) throw new Error(`solve - printed ${answers.length} lines for ${thirty.length} puzzles`);
  answers.forEach((a, i) => {
    if (a.id !== thirty[i].id || a.status !== 'solved' || !verify(parsePuzzle(thirty[i].puzzle), a.solution).valid) throw new Error(`solve -: line ${i + 1} (${a.id}): ${a.status}`);
  });
  const sumTimeMs = answers.reduce((s, a) => s + a.timeMs, 0);
  rounds.push({ nodeMs: round2(node.ms), runMs: round2(run.ms), sumTimeMs: round2(sumTimeMs), budgetMs: round2(2 * node.ms + sumTimeMs) });
}
const listFigures = {
  puzzles: thirty.length,
  rounds,
  medianNodeMs: round2(median(rounds.map((r) => r.nodeMs))),
  medianRunMs: round2(median(rounds.map((r) => r.runMs))),
  medianSumTimeMs: round2(median(rounds.map((r) => r.sumTimeMs))),
  roundsWithinBudget: rounds.filter((r) => r.runMs <= r.budgetMs).length,
};
const budget = 2 * listFigures.medianNodeMs + listFigures.medianSumTimeMs;
process.stderr.write(`bench:api: solve - on ${thirty.length}: median ${listFigures.medianRunMs} ms; node -e 0 ${listFigures.medianNodeMs} ms; solves' own time ${listFigures.medianSumTimeMs} ms; budget ${round2(budget)} ms\n`);

const loadAfter = load();
const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version, from: useCompiled() ? 'dist' : 'tsx', loadBefore, loadAfter };
mkdirSync(options.out, { recursive: true });
writeFileSync(join(options.out, 'api.json'), JSON.stringify({ when: new Date().toISOString(), machine, solver: solverFigures, solveList: { ...listFigures, budgetMs: round2(budget) } }, null, 2) + '\n');
const md = [
  '# bench:api',
  '',
  `${new Date().toISOString()}; ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, CLI from ${machine.from}; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after.`,
  '',
  `## One warm Solver: ${options.solves} solves (auto, unique), the Loopy 10x10s in turn`,
  '',
  '| median per solve (caller) | median worker timeMs | ratio | goal | overhead per solve | a bare message to a thread and back |',
  '|---:|---:|---:|---:|---:|---:|',
  `| ${solverFigures.medianPerSolveMs} ms | ${solverFigures.medianOwnTimeMs} ms | ${solverFigures.ratio}x | ${SOLVER_GOAL}x | ${solverFigures.overheadUs} us | ${solverFigures.threadRoundTripUs} us |`,
  '',
  `## \`solve -\` on ${thirty.length} Loopy 10x10s in one process`,
  '',
  '| round | node -e 0 | solve - | sum of timeMs | 2 x node -e 0 + sum | within |',
  '|---:|---:|---:|---:|---:|:---|',
  ...rounds.map((r, i) => `| ${i + 1} | ${r.nodeMs} ms | ${r.runMs} ms | ${r.sumTimeMs} ms | ${r.budgetMs} ms | ${r.runMs <= r.budgetMs ? 'yes' : 'no'} |`),
  `| median | ${listFigures.medianNodeMs} ms | ${listFigures.medianRunMs} ms | ${listFigures.medianSumTimeMs} ms | ${round2(budget)} ms | ${listFigures.medianRunMs <= budget ? 'yes' : 'no'} |`,
  '',
];
writeFileSync(join(options.out, 'api.md'), md.join('\n'));
process.stdout.write(`${join(options.out, 'api.md')}\n`);
