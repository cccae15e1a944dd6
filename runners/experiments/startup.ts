// npm run bench:startup: the whole-process wall time of the commands people script (--help, convert,
// check, solve with rules and with cpsat-circuit on a 10x10), each beside `node -e 0` measured in the same
// run, rounds interleaved so that a busy machine weighs on every command alike. Writes startup.md and
// startup.json to --out (default results/bench-startup).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { builtinPuzzlesPath } from '../../datasets/builtin.ts';
import { compiledPath, distIsFresh, REPOSITORY, useCompiled } from '../harness/start-up/compiled.ts';
import { median } from '../../reports/statistics.ts';
import { fail, scriptCommandLine } from './script.ts';

const { values } = scriptCommandLine(`usage: npm run bench:startup [-- --runs N] [--out DIR] [--bin PATH]

The whole-process wall time of --help, convert, check, and solve with rules and with cpsat-circuit on a 10x10,
each beside \`node -e 0\`, N rounds interleaved. Builds dist/ first when it is older than the sources. Writes
startup.md and startup.json to DIR.`, ['runs', 'out', 'bin'], {
  runs: { help: 'rounds of every command, interleaved', default: 10 },
  out: { default: 'results/bench-startup' },
  bin: { help: 'the slitherbench bin to time', default: join(REPOSITORY, 'bin/slitherbench.js'), defaultText: "this checkout's" },
});
const { runs, out } = values;
mkdirSync(out, { recursive: true });

// Start-up is measured as `npm ci` leaves a checkout: on the compiled dist/, built here first when a source is newer.
if (process.env.SLITHERBENCH_DIST !== 'off' && !distIsFresh()) {
  process.stderr.write('bench:startup: dist/ is older than the sources; building it (npm run build)\n');
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(REPOSITORY, 'runners/build-dist.ts')], { cwd: REPOSITORY, stdio: 'inherit' });
  if (build.status !== 0) fail('npm run build failed; see above');
}

// The first puzzle of the built-in Loopy 10x10 hard set.
const puzzle = readFileSync(builtinPuzzlesPath('loopy-10x10-hard')!, 'utf8').split('\n').find((l) => l.trim() && !l.startsWith('#'))!.split('\t')[1];
const cli = (...args: string[]) => [process.execPath, values.bin, ...args];
const solved = spawnSync(process.execPath, [values.bin, 'solve', puzzle, '--backend', 'rules', '--json'], { encoding: 'utf8' });
if (solved.status !== 0) throw new Error(`could not solve the 10x10 for check: ${solved.stderr}`);
const solutionFile = join(out, 'solution.json');
writeFileSync(solutionFile, solved.stdout);

interface Case {
  name: string;
  argv: string[];
  /** At most this many times `node -e 0`'s median (the start-up goals). */
  goal?: number;
}
const engineLoad = `const b = (await import(${JSON.stringify(compiledPath('encodings/backends/cpsat/cpsat-circuit.ts'))})).default; await b.prepare(); process.exit(0);`;
// A file, not -e: the engine's own threads inherit the process's flags.
const engineScript = join(out, 'cpsat-load.mjs');
writeFileSync(engineScript, engineLoad);
const cases: Case[] = [
  { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
  { name: '--help', argv: cli('--help'), goal: 2.5 },
  { name: 'convert --to url', argv: cli('convert', puzzle, '--to', 'url'), goal: 2.5 },
  { name: 'check', argv: cli('check', puzzle, solutionFile), goal: 2.5 },
  { name: 'solve --backend rules --unique', argv: cli('solve', puzzle, '--backend', 'rules', '--unique', '--json'), goal: 3 },
  { name: 'solve --backend cpsat-circuit', argv: cli('solve', puzzle, '--backend', 'cpsat-circuit', '--json') },
  // CP-SAT's own load (import and warm-up, what its worker pays once), as a process of its own.
  ...(useCompiled() ? [{ name: 'cpsat engine load (node + prepare)', argv: [process.execPath, engineScript] }] : []),
];

const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
// The back-end's own time (solve --json's timeMs): the part of a solve command that is not start-up.
const ownTimes = new Map<string, number[]>();
process.stderr.write(`bench:startup: ${cases.length} commands x ${runs} runs, interleaved; bin ${values.bin}; this checkout's ${useCompiled() ? 'dist/ is up to date' : 'dist/ is stale or absent: its bin runs the sources through tsx (npm run build)'}\n`);
const loadBefore = os.loadavg()[0];
for (let run = 0; run < runs; run++) {
  for (const c of cases) {
    const started = performance.now();
    const result = spawnSync(c.argv[0], c.argv.slice(1), { encoding: 'utf8', cwd: REPOSITORY });
    const ms = performance.now() - started;
    if (result.status !== 0) throw new Error(`${c.name} exited with ${result.status}: ${result.stderr}`);
    times.get(c.name)!.push(ms);
    if (c.name.startsWith('solve')) ownTimes.set(c.name, [...(ownTimes.get(c.name) ?? []), (JSON.parse(result.stdout) as { timeMs: number }).timeMs]);
  }
  process.stderr.write(`bench:startup: round ${run + 1}/${runs}\n`);
}

const base = median(times.get('node -e 0')!)!;
const rows = cases.map((c) => {
  const t = times.get(c.name)!;
  const m = median(t)!;
  return { name: c.name, medianMs: round(m), minMs: round(Math.min(...t)), maxMs: round(Math.max(...t)), ratio: Math.round((m / base) * 100) / 100, goal: c.goal ?? null, met: c.goal ? m / base <= c.goal : null };
});
const rulesMs = rows.find((r) => r.name.includes('rules'))!.medianMs;
const cpsat = rows.find((r) => r.name === 'solve --backend cpsat-circuit')!;
const engine = rows.find((r) => r.name.startsWith('cpsat engine load'));
const engineMs = engine ? engine.medianMs - base : null;
const table = [
  '| command (10x10) | median ms | min | max | x `node -e 0` | goal |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
  ...rows.map((r) => `| ${r.name} | ${r.medianMs.toFixed(0)} | ${r.minMs.toFixed(0)} | ${r.maxMs.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.goal ? `<= ${r.goal}x: ${r.met ? 'met' : 'NOT met'}` : ''} |`),
].join('\n');
const cpsatLine = engineMs === null
  ? 'cpsat-circuit: the engine load was not measured (it needs an up-to-date dist/: npm run build).'
  : `cpsat-circuit over rules: ${(cpsat.medianMs - rulesMs).toFixed(0)} ms; CP-SAT's own load (import and warm-up) ${engineMs.toFixed(0)} ms: goal (no more than the engine's load on top) ${cpsat.medianMs - rulesMs <= engineMs ? 'met' : 'NOT met'}. ` +
    `Of the difference, CP-SAT's solve itself (timeMs, median) is ${round(median(ownTimes.get(cpsat.name)!)!)} ms against ${round(median(ownTimes.get('solve --backend rules --unique')!)!)} ms for rules.`;
const markdown = `${table}\n\n${cpsatLine}\n\nPuzzle: ${puzzle}\n${runs} runs each, interleaved; Node ${process.version}; ${os.cpus().length} cores; load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after; bin ${values.bin} (this checkout's dist/ ${useCompiled() ? 'up to date' : 'stale or absent'}).\n`;
writeFileSync(join(out, 'startup.md'), markdown);
writeFileSync(join(out, 'startup.json'), JSON.stringify({ puzzle, runs, node: process.version, compiled: useCompiled(), loadAverage: [loadBefore, os.loadavg()[0]], rows, engineLoadMs: engineMs, timesMs: Object.fromEntries(times), ownTimesMs: Object.fromEntries(ownTimes) }, null, 2) + '\n');
process.stdout.write(markdown);

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
