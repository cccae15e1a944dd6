// What certified answers cost: each puzzle solved with and without --certify by auto and cdcl-loop in this
// process (warm, one at a time), and the checker's time on each proof. Proof on is the back-end's own time
// (timeMs) with the proof written down, over its time without; check is the checker's time over the time
// without. For auto also what its deduction did (the edges it decided, how many answers it gave alone) and
// whether the certified run took the plain run's steps; then the whole process of a few, certified and plain.
// Writes runs.csv, processes.csv and summary.md, with the load average.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { loadDataset } from '../../datasets/load.ts';
import { useCompiled } from '../harness/start-up/compiled.ts';
import { writePuzzle } from '../../encodings/formats/index.ts';
import { edgeCountOf, type Puzzle } from '../../encodings/grid.ts';
import { getBackend } from '../../encodings/registry.ts';
import { median } from '../../reports/statistics.ts';
import { fmt, markdownTable } from '../../reports/tables.ts';
import { solveWithBackend } from '../harness/solving/pipeline.ts';
import { machineInfo } from '../harness/results/machine.ts';
import { fail, scriptCommandLine } from './script.ts';

// The square classes from 15x15 to 40x35, and three of Loopy's other grids, where proofs name rings and parity.
const SETS = ['gen-15x15-hard', 'gen-20x20-fully-minimal', 'loopy-20x20-hard', 'gen-30x25', 'gen-40x35', 'loopy-40x35-hard', 'loopy-kagome-10x10-hard', 'loopy-greathexagonal-10x10-hard', 'loopy-dodecagonal-10x10-hard'];
const BACKENDS = ['auto', 'cdcl-loop'];

const { values } = scriptCommandLine(`usage: npm run bench:certify -- [--sets A,B,...] [--per-set N] [--repeat K] [--processes N] [--out DIR]

Solves each puzzle of the sets with and without --certify (auto and cdcl-loop, in this process, one at a
time, after a warm-up), K times each way in alternating order, and checks each proof; records the
back-end's time both ways and the checker's time, and their medians per set; for auto, the share of the edges
its deduction decided, the answers it gave alone, and the runs whose certified steps were the plain ones. Then the
first N puzzles of each set as a user meets them: auto in a process of its own, certified (the proof written and
checked there) against plain, K times each way.`, ['sets', 'perSet', 'repeat', 'processes', 'out'], {
  sets: { default: SETS, help: 'built-in sets (see `slitherbench datasets`) or puzzle lists (a file or folder, as bench --dataset takes), comma-separated' },
  perSet: { help: 'at most N puzzles of each set (default: all)' },
  repeat: { help: 'runs of each puzzle each way; each figure is the median of the K', default: 3 },
  processes: { default: 3 },
  out: { default: 'results/bench-certify' },
});
const { sets, repeat, out } = values;
// A set is a built-in set or a puzzle list (a file or folder, as bench's --dataset takes), so that fresh puzzles
// nobody here made can be measured as the built-in ones are.
const datasets = new Map(sets.map((set) => {
  try {
    return [set, loadDataset(set)] as const;
  } catch (error) {
    return fail((error as Error).message);
  }
}));
const perSet = values.perSet ?? Infinity;
mkdirSync(out, { recursive: true });

interface Run { set: string; id: string; backend: string; status: string; certified: string; offMs: number; onMs: number; checkMs: number; proofBytes: number; decidedShare: number; byDeduction: boolean; samePath: boolean }
const runs: Run[] = [];
const loadAtStart = os.loadavg();
const options = { timeoutMs: 120_000, unique: true, seed: 1, params: {} };
const puzzles = sets.flatMap((set) => datasets.get(set)!.instances.slice(0, perSet).map((instance) => ({ set, instance })));
for (const id of BACKENDS) {
  const backend = await getBackend(id);
  await backend.prepare?.();
  // Warm-up: the first solves in a process compile the code paths both ways, and each set's grid kind has paths
  // of its own, so the first puzzle of every set is solved too, twice each way.
  const firstOfEachSet = sets.map((set) => puzzles.find((p) => p.set === set)!).filter(Boolean);
  for (const { instance } of [...puzzles.slice(0, 3), ...firstOfEachSet, ...firstOfEachSet]) {
    await solveWithBackend(backend, instance.puzzle, options);
    await solveWithBackend(backend, instance.puzzle, { ...options, certify: true });
  }
  let done = 0;
  for (const { set, instance } of puzzles) {
    const off: number[] = [];
    const on: number[] = [];
    const check: number[] = [];
    let status = '';
    let certified = '';
    let proofBytes = 0;
    // auto's deduction: the edges it decided and the stage that answered, certified and plain (the last run of each).
    const path = { on: '', off: '' };
    let decidedShare = NaN;
    let byDeduction = false;
    for (let k = 0; k < repeat; k++) {
      // Alternating which goes first, so that neither always follows the other's garbage.
      for (const certify of k % 2 === 0 ? [false, true] : [true, false]) {
        const run = await solveWithBackend(backend, instance.puzzle, certify ? { ...options, certify } : options);
        const stats = run.stats as { decidedByRules?: number; finishedBy?: string };
        path[certify ? 'on' : 'off'] = `${stats.decidedByRules} ${stats.finishedBy}`;
        if (!certify) {
          off.push(run.timeMs);
          continue;
        }
        decidedShare = (stats.decidedByRules ?? NaN) / edgeCountOf(instance.puzzle);
        byDeduction = stats.finishedBy === 'rules';
        on.push(run.timeMs);
        status = run.status;
        certified = run.certificate?.certified ?? 'no';
        if (run.certificate?.checkMs !== undefined) check.push(run.certificate.checkMs);
        proofBytes = run.certificate?.proofBytes ?? 0;
      }
    }
    runs.push({ set, id: instance.id, backend: id, status, certified, offMs: median(off)!, onMs: median(on)!, checkMs: median(check) ?? NaN, proofBytes, decidedShare, byDeduction, samePath: path.on === path.off });
    done++;
    process.stderr.write(`\rbench:certify: ${id} ${done}/${puzzles.length} puzzles (${set})   `);
  }
  process.stderr.write('\n');
}

// The whole process, as a user meets it: start-up, reading, a cold solve and, certified, the proof checked.
const BIN = fileURLToPath(new URL('../../bin/slitherbench.js', import.meta.url));
const processMs = (puzzle: Puzzle, certify: boolean): number => {
  const started = performance.now();
  const run = spawnSync(process.execPath, [BIN, 'solve', writePuzzle(puzzle, puzzle.tiling ? 'loopy' : 'url'), '--backend', 'auto', certify ? '--certify' : '--unique', '--json'], { encoding: 'utf8' });
  const ms = performance.now() - started;
  const answer = run.status === 0 ? JSON.parse(run.stdout) as { status: string; certificate?: { certified: string } } : undefined;
  if (!answer || answer.status !== 'solved' || (certify && answer.certificate?.certified !== 'yes')) fail(`solve ${certify ? '--certify' : '--unique'} of a puzzle of the sets did not answer as in this process: ${run.stderr.trim() || run.stdout.slice(0, 200)}`);
  return ms;
};
const processRatios = new Map<string, { off: number[]; on: number[]; ratios: number[] }>();
const processRows: (string | number)[][] = [];
for (const set of values.processes > 0 ? sets : []) {
  const mine = { off: [] as number[], on: [] as number[], ratios: [] as number[] };
  for (const { instance } of puzzles.filter((p) => p.set === set).slice(0, values.processes)) {
    const off: number[] = [];
    const on: number[] = [];
    for (let k = 0; k < repeat; k++) for (const certify of k % 2 === 0 ? [false, true] : [true, false]) (certify ? on : off).push(processMs(instance.puzzle, certify));
    mine.off.push(median(off)!);
    mine.on.push(median(on)!);
    mine.ratios.push(median(on)! / median(off)!);
    processRows.push([set, instance.id, median(off)!, median(on)!]);
    process.stderr.write(`\rbench:certify: whole processes, ${set}   `);
  }
  processRatios.set(set, mine);
}
if (processRatios.size) process.stderr.write('\n');
const loadAtEnd = os.loadavg();
const info = machineInfo() as { machine: { cpu: string; cores: number; memoryMb: number; os: string }; software: { node: string }; gitCommit: string | null };

writeFileSync(join(out, 'runs.csv'), stringify(runs.map((r) => [r.set, r.id, r.backend, r.status, r.certified, r.offMs, r.onMs, r.checkMs, r.proofBytes, r.decidedShare, r.byDeduction, r.samePath]), { header: true, columns: ['set', 'instance', 'backend', 'status', 'certified', 'off_ms', 'on_ms', 'check_ms', 'proof_bytes', 'deduction_share', 'by_deduction', 'same_path'] }));
if (processRows.length) writeFileSync(join(out, 'processes.csv'), stringify(processRows, { header: true, columns: ['set', 'instance', 'plain_process_ms', 'certified_process_ms'] }));
const rows = sets.flatMap((set) => BACKENDS.map((backend) => {
  const mine = runs.filter((r) => r.set === set && r.backend === backend);
  const certifiedCount = mine.filter((r) => r.certified === 'yes').length;
  const onRatio = median(mine.map((r) => r.onMs / r.offMs))!;
  const checkRatio = median(mine.map((r) => r.checkMs / r.offMs))!;
  const worstOn = Math.max(...mine.map((r) => r.onMs / r.offMs));
  const worstCheck = Math.max(...mine.map((r) => r.checkMs / r.offMs));
  const checkOverOn = median(mine.map((r) => r.checkMs / r.onMs))!;
  return [set, backend, `${certifiedCount}/${mine.length}`, fmt(median(mine.map((r) => r.offMs))!, 1), fmt(median(mine.map((r) => r.onMs))!, 1), `${fmt(onRatio, 2)}x`, `${fmt(worstOn, 2)}x`, fmt(median(mine.map((r) => r.checkMs))!, 1), `${fmt(checkRatio, 2)}x`, `${fmt(worstCheck, 2)}x`, `${fmt(checkOverOn, 2)}x`, fmt(median(mine.map((r) => r.proofBytes))! / 1024, 0)];
}));
const deductionRows = sets.map((set) => {
  const mine = runs.filter((r) => r.set === set && r.backend === 'auto');
  return [set, `${fmt(100 * median(mine.map((r) => r.decidedShare))!, 0)}%`, `${mine.filter((r) => r.byDeduction).length}/${mine.length}`, `${mine.filter((r) => r.samePath).length}/${mine.length}`];
});
const summary = [
  '# What certified answers cost',
  '',
  `Generated by \`npm run bench:certify${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\`; rerun it to measure again.`,
  '',
  `- commit: ${info.gitCommit ? `\`${info.gitCommit}\`` : 'not recorded'}`,
  `- machine: ${info.machine.cpu}, ${info.machine.cores} cores, ${info.machine.memoryMb} MB, ${info.machine.os}; Node ${info.software.node}`,
  `- load average (1, 5, 15 min): ${loadAtStart.map((x) => x.toFixed(2)).join(', ')} at the start, ${loadAtEnd.map((x) => x.toFixed(2)).join(', ')} at the end`,
  '',
  `Each puzzle solved with and without \`--certify\` in one process, warm, one at a time; ${repeat} runs each way, each figure the median of them. Proof on: the back-end's time with the proof written (its text included) over its time without, per puzzle, then the median over the set; check: the checker's time over the time without (check/off), and over the certified solve's own time (check/on). auto, asked to certify, takes its usual steps (deduction, trial, then one search of what is left) and writes what its deduction decides into the proof before the search's steps; past the search's first 1,000 conflicts it does not turn to a second search of the puzzle as given, as plain auto does.`,
  '',
  markdownTable(['set', 'back-end', 'certified', 'off ms (median)', 'on ms (median)', 'on/off (median)', 'on/off (worst)', 'check ms (median)', 'check/off (median)', 'check/off (worst)', 'check/on (median)', 'proof KB (median)'], rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right']),
  '',
  "auto's deduction in its certified runs: the share of the edges it decided (median), the answers it gave alone (every edge decided, or a contradiction), and the runs whose certified steps were the plain ones (the same edges decided and the same stage answering; trial's time budget can end it at another point when the proof slows it).",
  '',
  markdownTable(['set', 'decided by deduction (median)', 'answered by deduction', 'same steps as plain'], deductionRows, ['left', 'right', 'right', 'right']),
  '',
  ...(processRatios.size ? [
    `The whole process, as a user meets it: \`slitherbench solve PUZZLE --backend auto --certify\` (the proof written and checked in that process) against \`--unique\`, each in a process of its own (start-up, reading and a cold solve included), for the first ${values.processes} puzzles of each set, ${repeat} runs each way; the median per puzzle, then over the puzzles. The command ran ${useCompiled() ? 'from dist/ (`npm run build`, which `npm ci` runs), as an installed copy does' : 'from the TypeScript sources through tsx (dist/ was missing or older than the sources), so start-up is slower than an installed copy\'s'}.`,
    '',
    markdownTable(['set', 'puzzles', 'plain ms (median)', 'certified ms (median)', 'certified/plain (median)', 'certified/plain (worst)'], [...processRatios].map(([set, p]) => [set, String(p.ratios.length), fmt(median(p.off)!, 0), fmt(median(p.on)!, 0), `${fmt(median(p.ratios)!, 2)}x`, `${fmt(Math.max(...p.ratios), 2)}x`]), ['left', 'right', 'right', 'right', 'right', 'right']),
    '',
  ] : []),
].join('\n');
writeFileSync(join(out, 'summary.md'), summary);
process.stdout.write(summary);
