import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { writePuzzle, type FormatName } from '../../../encodings/formats/index.ts';
import { clueCount, gridOf, parseGridSize, type Puzzle, type Tiling } from '../../../encodings/grid.ts';
import { getBackend } from '../../../encodings/registry.ts';
import { readPuzzleArgument } from '../input.ts';
import { UsageError } from '../../../encodings/errors.ts';
import { DIFFICULTIES, defaultStrategy, generateSet, LOCAL_FROM_CELLS, LOCAL_FROM_FACES, Random, STRATEGIES, withPatch, type Difficulty, type SetPosition, type Strategy } from '../../../datasets/generator.ts';
import { backendOracle, pickOracleBackend, type OracleCounters } from '../../harness/solving/oracle.ts';
import { solveWithBackend } from '../../harness/solving/pipeline.ts';
import type { RunResult } from '../../harness/solving/run-result.ts';
import { TILINGS, tilingSizeProblem } from '../../../encodings/tilings/index.ts';
import { generateWithLoopy, LOOPY_DIFFICULTIES } from '../../../datasets/loopy.ts';
import { formatSeconds, Progress } from '../../harness/execution/progress.ts';
import { execute, stopOnInterrupt } from '../../harness/execution/executor.ts';
import { RunLog } from '../../harness/results/run-log.ts';
import { checkResume, holdsAny, settingsByFlag, type Settings } from '../../harness/results/resume.ts';
import { addFlags } from '../../settings/command-line.ts';
import { formatBackendSpec, parseBackendSpec, requireAvailable, resolveBackendSpec, type BackendChoice } from '../../../encodings/backend-spec.ts';

/** The generator's grid: any RxC up to 62500 cells (250x250). */
export const MAX_GENERATED_CELLS = 62_500;
export { LOCAL_FROM_CELLS };

export function parseSize(text: string): { rows: number; cols: number } {
  const size = parseGridSize(text, '--size');
  if (size.rows * size.cols > MAX_GENERATED_CELLS) throw new UsageError(`--size ${text}: at most ${MAX_GENERATED_CELLS} cells for the generator`);
  return size;
}

/** The first of these back-ends available here. */
/** The back-end a spec names, its options checked, able to run here. */
async function usableSpec(spec: BackendChoice, where: string) {
  const resolved = await resolveBackendSpec(spec, where);
  await requireAvailable(resolved.backend);
  return resolved;
}

async function pickFirst(names: string[]) {
  for (const name of names) {
    const backend = await pickOracleBackend(name).catch(() => undefined);
    if (backend) return backend;
  }
  throw new Error(`none of ${names.join(', ')} can run here`);
}

interface Flags {
  size: string;
  grid: string;
  count: number;
  seed: number;
  difficulty: string;
  with: string;
  backend?: BackendChoice;
  confirm?: string;
  /** ms, as every time is held. */
  confirmTimeout: number;
  strategy?: string;
  minimal?: boolean;
  /** ms. */
  checkTimeout: number;
  format: string;
  ids?: boolean;
  out?: string;
  state?: string;
  resume?: boolean;
  certify?: boolean;
}

/** A run's settings as --resume compares them, by their flags: every one that shapes the output or its checks. */
function generateSettings(flags: Flags, rows: number, cols: number, strategy: Strategy): Settings {
  return settingsByFlag({
    size: `${rows}x${cols}`, count: flags.count, seed: flags.seed, difficulty: flags.difficulty,
    backend: flags.backend ? formatBackendSpec(flags.backend) : null, strategy, minimal: Boolean(flags.minimal),
    checkTimeout: flags.checkTimeout, confirm: flags.confirm ?? null, confirmTimeout: flags.confirmTimeout, certify: Boolean(flags.certify),
    format: flags.format, ids: Boolean(flags.ids), grid: flags.grid,
  });
}

/** What a state file holds: the settings that shape the output and where the puzzle in progress stands (an earlier version kept the lines done here too). */
interface StateFile {
  options: Record<string, unknown>;
  lines?: string[];
  position: SetPosition;
}

/** A finished puzzle in the log: its place in the set, its output line, and what the progress line said of it. */
interface PuzzleLine {
  index: number;
  line: string;
  note: string;
}

export function register(declared: Command): void {
  const command = declared;
  addFlags(command, ['size', 'count', 'seed', 'difficulty', 'with', 'grid', 'backend', 'confirm', 'confirmTimeout', 'certify', 'strategy', 'minimal', 'checkTimeout', 'format', 'ids', 'out', 'state', 'resume'], {
    size: { required: true },
    count: { default: 1 },
    seed: { help: 'random seed' },
    difficulty: { help: `any|easy|medium|hard (graded by the rules back-end's deduction levels); with --with loopy: ${LOOPY_DIFFICULTIES.join('|')}` },
    grid: { help: `square, or another of Loopy's grids: ${Object.keys(TILINGS).join(', ')} (--size is then height x width; docs/grids.md)` },
    backend: { help: 'back-end that alone proves uniqueness, optionally with its options, e.g. cdcl-loop:core=typescript (default: rules deduction, then auto on what deduction leaves)' },
    certify: { help: 'also certify every finished puzzle unique: a proof written by cdcl-loop and checked by the independent checker (within --confirm-timeout); a puzzle that cannot be certified stops the run' },
    strategy: { help: `${STRATEGIES.join('|')}: batch checks the whole grid per kept clue (minimal); local removes clues far apart together and keeps back only those near where uniqueness fails (default: local from ${LOCAL_FROM_CELLS} cells on the square grid, ${LOCAL_FROM_FACES} faces on the others)` },
    out: { flags: '--out <file>', help: 'write to this file instead of standard output' },
    resume: { help: 'carry on from the state file of an earlier run made with the same settings (else refused, naming what differs); the state stays when the set is done, so a finished set is written again, not made again. Without it an --out that holds a set is refused' },
  });
  command
    .action(async (flags: Flags, command: Command) => {
      const { rows, cols } = parseSize(flags.size);
      const { count, seed } = flags;
      // Another grid has no URL form: its puzzles are written as Loopy game IDs unless told otherwise.
      const format = (flags.grid !== 'square' && command.getOptionValueSource('format') === 'default' ? 'loopy' : flags.format) as FormatName;
      if (!['url', 'loopy', 'text', 'json'].includes(format)) throw new UsageError(`--format must be url, loopy, text or json; got '${flags.format}'`);
      const loopyType = flags.grid === 'square' ? 0 : TILINGS[flags.grid]?.loopyType;
      if (loopyType === undefined) throw new UsageError(`--grid must be square or one of ${Object.keys(TILINGS).join(', ')}; got '${flags.grid}'`);
      const tiling: Tiling | undefined = loopyType === 0 ? undefined : { type: flags.grid, width: cols, height: rows };
      const sizeProblem = tiling && tilingSizeProblem(tiling.type, cols, rows);
      if (sizeProblem) throw new UsageError(`--size ${flags.size}: ${sizeProblem}`);
      // The local strategy's threshold is in faces (cells on the square grid), read from the grid itself.
      const faces = tiling ? gridOf({ rows, cols, tiling: withPatch(tiling, new Random(seed)) }).faceCount : rows * cols;
      const strategy = (flags.strategy ?? defaultStrategy(faces, !tiling)) as Strategy;
      if (!STRATEGIES.includes(strategy)) throw new UsageError(`--strategy must be one of ${STRATEGIES.join(', ')}; got '${flags.strategy}'`);
      if (flags.minimal && strategy !== 'local') throw new UsageError('--minimal goes with --strategy local (the batch strategy is always minimal)');
      const statePath = flags.state ?? (flags.out ? `${flags.out}.state.json` : undefined);
      if (flags.resume && !statePath) throw new UsageError('--resume needs --state FILE or --out FILE (whose state file is FILE.state.json)');
      const idOf = (i: number) => `${flags.grid === 'square' ? '' : `${flags.grid}-`}${rows}x${cols}-s${seed}-${String(i + 1).padStart(3, '0')}`;
      const separator = format === 'text' || format === 'json' ? '\n\n' : '\n';
      const finish = (lines: string[]) => {
        const text = lines.join(separator) + '\n';
        if (flags.out) writeFileSync(flags.out, text);
        else process.stdout.write(text);
      };
      const confirmTimeoutMs = flags.confirmTimeout;
      const certifier = flags.certify ? await getBackend('cdcl-loop') : undefined;
      await certifier?.prepare?.();
      /** The certificate of a finished puzzle's uniqueness, as a note; throws when there is none. `run`: the certifier's certified run, when made already. */
      const certified = async (puzzle: Puzzle, i: number, run?: RunResult): Promise<string> => {
        if (!certifier) return '';
        run ??= await solveWithBackend(certifier, puzzle, { timeoutMs: confirmTimeoutMs, unique: true, seed: 1, params: {}, certify: true });
        const c = run.certificate;
        if (run.status !== 'solved' || run.unique !== true || c?.certified !== 'yes') throw new Error(`puzzle ${i + 1} could not be certified unique: ${run.status}${run.unique === false ? ', a second loop' : ''}${c?.reason ? ` (${c.reason})` : ''}`);
        return `, certified unique (proof of ${Math.round(c.proofBytes! / 1024)} KB checked in ${(c.checkMs! / 1000).toFixed(2)} s)`;
      };
      // Finished puzzles go to a log beside the state file, which holds where the puzzle in progress stands.
      const logPath = statePath ? `${statePath.replace(/\.json$/, '')}.jsonl` : undefined;
      const held = [flags.out, statePath, logPath].filter((p): p is string => p !== undefined);
      if (flags.resume && flags.with === 'loopy') throw new UsageError('--resume goes with slitherbench\'s own generator: a run of loopy is not resumable');
      let saved: StateFile | undefined;
      if (flags.resume && statePath && existsSync(statePath)) {
        try {
          saved = JSON.parse(readFileSync(statePath, 'utf8')) as StateFile;
        } catch (error) {
          throw new UsageError(`${statePath}: not a generate state file (${(error as Error).message})`);
        }
      }
      const settings = generateSettings(flags, rows, cols, strategy);
      checkResume({
        who: 'generate', place: flags.out ?? statePath ?? '', resume: Boolean(flags.resume), holds: holdsAny(held),
        // A state file of an earlier version named the settings without their dashes.
        saved: saved && Object.fromEntries(Object.entries(saved.options ?? {}).map(([k, v]) => [k.startsWith('-') ? k : `--${k}`, v as Settings[string]])),
        now: settings, afresh: `choose another --out, or delete ${held.filter((p) => existsSync(p)).join(', ')}`,
      });
      if (flags.resume && !saved) process.stderr.write(`generate: no state file ${statePath}; starting from the beginning\n`);
      if (flags.with === 'loopy') {
        const ids = await generateWithLoopy({ rows, cols, count, seed, difficulty: flags.difficulty, loopyType });
        for (const [i, id] of ids.entries()) {
          const note = await certified(readPuzzleArgument(id).puzzle, i);
          if (note) process.stderr.write(`generate: puzzle ${i + 1}${note}\n`);
        }
        finish(ids.map((id, i) => (flags.ids ? `${idOf(i)}\t${id}` : id)));
        return;
      }
      if (flags.with !== 'slitherbench') throw new UsageError(`--with must be slitherbench or loopy; got '${flags.with}'`);
      if (!(DIFFICULTIES as readonly string[]).includes(flags.difficulty)) throw new UsageError(`--difficulty must be one of ${DIFFICULTIES.join(', ')}; got '${flags.difficulty}'`);

      const log = logPath ? new RunLog<PuzzleLine>({ path: logPath, resume: true, key: (l) => String(l.index), sync: 'each', noun: 'puzzles' }) : undefined;
      const lines: string[] = [];
      for (const l of log?.previous ?? []) if (l.index < count) lines[l.index] = l.line;
      // A state file of an earlier version holds the lines themselves.
      for (const [index, line] of (saved?.lines ?? []).entries()) {
        if (lines[index] !== undefined || index >= count) continue;
        log?.append({ index, line, note: '' });
        lines[index] = line;
      }
      const todo = Array.from({ length: count }, (_, i) => i).filter((i) => lines[i] === undefined);
      const save = (position: SetPosition) => {
        if (!statePath) return;
        const file: StateFile = { options: settings, position };
        writeFileSync(`${statePath}.tmp`, JSON.stringify(file));
        renameSync(`${statePath}.tmp`, statePath);
      };

      const chosen = flags.backend ? await usableSpec(flags.backend, '--backend') : undefined;
      const backend = chosen?.backend ?? (await pickOracleBackend().catch((error: Error) => {
        throw new UsageError(error.message);
      }));
      const confirmSpec = flags.confirm && flags.confirm !== 'none' ? parseBackendSpec(flags.confirm, '--confirm') : undefined;
      if (confirmSpec?.id === backend.name) throw new UsageError(`--confirm ${flags.confirm}: choose a back-end other than the one that builds (${backend.name})`);
      // On other grids sat-lazy confirms: CP-SAT's circuit could not prove some minimal floret 7x7 puzzles unique in
      // a minute that sat-lazy proves in a quarter of a second.
      const confirmChoices = (tiling ? ['sat-lazy', 'cpsat-circuit', 'cdcl-loop'] : ['cpsat-circuit', 'cdcl-loop']).filter((n) => n !== backend.name);
      const confirmWith = confirmSpec ? await usableSpec(confirmSpec, '--confirm') : undefined;
      const confirm = flags.confirm === 'none' ? undefined : confirmWith?.backend ?? (await pickFirst(confirmChoices).catch((error: Error) => {
        throw new UsageError(`--confirm: ${error.message}`);
      }));
      // Confirmed by the certifier with its default options: writing the proof leaves that search as it was, so one run does both.
      const confirmCertifies = confirm !== undefined && confirm.name === certifier?.name && Object.keys(confirmWith?.params ?? {}).length === 0;
      let unconfirmed = 0;
      await confirm?.prepare?.();
      const counters: OracleCounters = { calls: 0, timeouts: 0 };
      const checkTimeoutMs = flags.checkTimeout;
      const oracle = await backendOracle(backend, checkTimeoutMs, counters, { deduction: !flags.backend, params: chosen?.params });
      process.stderr.write(`generate: ${tiling ? `${tiling.type} ` : ''}${rows}x${cols}, uniqueness by ${flags.backend ? formatBackendSpec(flags.backend) : `rules deduction, then ${backend.name}`}; ${strategy} strategy${flags.minimal ? ', minimal' : ''}; difficulty ${flags.difficulty}${confirm ? `; confirmed by ${confirm.name}` : ''}${todo.length === 0 ? `; all ${count} puzzles made already` : todo.length < count || saved ? `; resuming at puzzle ${todo[0] + 1}` : ''}\n`);

      const resumeAt = saved?.position && saved.position.done === todo[0] ? saved.position : undefined;
      const progress = new Progress(`generate ${rows}x${cols}`, count, count - todo.length);
      const { signal, release } = stopOnInterrupt(`generate: stopping after this round${statePath ? `; state in ${statePath}` : ' (nothing is saved without --out or --state)'}`);
      let lastPosition: SetPosition = resumeAt ?? { done: todo[0] ?? count, attempt: 0 };
      let lastSaved = Date.now();
      let lastShown = 0;
      let phaseStarted = { phase: '', at: Date.now(), settled: 0 };
      // On disk before the first puzzle is logged, so that a resume always finds the settings to check.
      save(lastPosition);
      try {
        // One task per puzzle: puzzle i depends on the seed and i alone.
        await execute<number, PuzzleLine>({
          tasks: todo, jobs: 1, signal, log,
          answered: () => true,
          run: async (index) => {
            let made: PuzzleLine | undefined;
            await generateSet({
              rows, cols, tiling, count: index + 1, seed, difficulty: flags.difficulty as Difficulty, oracle, strategy, minimal: flags.minimal,
              resume: resumeAt?.done === index ? resumeAt : { done: index, attempt: 0 },
              shouldStop: () => signal.stopped,
              onRound: (position, round) => {
                const now = Date.now();
                lastPosition = position;
                if (now - lastSaved > 2000) {
                  save(position);
                  lastSaved = now;
                }
                if (round.phase !== phaseStarted.phase) phaseStarted = { phase: round.phase, at: now, settled: round.settled };
                if (now - lastShown < 2000) return;
                lastShown = now;
                const rate = (round.settled - phaseStarted.settled) / Math.max(1, now - phaseStarted.at);
                const eta = rate > 0 ? ` eta ${formatSeconds((round.total - round.settled) / rate / 1000)}` : '';
                progress.note(`puzzle ${position.done + 1}: ${round.phase} ${round.settled}/${round.total} clues tried${eta}; ${round.clues} clues left, ${round.checks} checks`);
              },
              onPuzzle: async (i, generated, difficulty) => {
                const text = writePuzzle(generated.puzzle, format).trim();
                let confirmed = '';
                let check: RunResult | undefined;
                if (confirm) {
                  check = await solveWithBackend(confirm, generated.puzzle, { timeoutMs: confirmTimeoutMs, unique: true, seed: 1, params: confirmWith?.params ?? {}, certify: confirmCertifies });
                  if (check.status === 'timeout' || check.status === 'memout') {
                    // Out of time or memory the confirming back-end said nothing against the builder's proof.
                    unconfirmed++;
                    confirmed = check.status === 'timeout' ? `, not confirmed by ${confirm.name} within ${confirmTimeoutMs / 1000} s` : `, not confirmed by ${confirm.name} (out of memory${check.message ? `: ${check.message}` : ''})`;
                  } else if (check.status !== 'solved' || check.unique !== true) {
                    throw new Error(`internal: ${confirm.name} did not confirm puzzle ${i + 1} unique: ${check.status}${check.unique === false ? ', a second loop' : ''}${check.message ? ` (${check.message})` : ''}`);
                  } else {
                    confirmed = `, unique by ${confirm.name} in ${(check.timeMs / 1000).toFixed(2)} s`;
                  }
                }
                confirmed += await certified(generated.puzzle, i, confirmCertifies ? check : undefined);
                made = { index: i, line: flags.ids ? `${idOf(i)}\t${text}` : text, note: `${clueCount(generated.puzzle)} clues, ${difficulty}${generated.level ? ` (${generated.level})` : ''}, ${generated.checks} checks${confirmed}` };
              },
            });
            return made;
          },
          done: (index, made) => {
            lines[index] = made.line;
            lastPosition = { done: index + 1, attempt: 0 };
            save(lastPosition);
            progress.tick(made.note);
          },
        });
      } finally {
        release();
      }
      if (signal.stopped) {
        save(lastPosition);
        progress.done();
        process.stderr.write(`generate: interrupted; ${lines.filter((l) => l !== undefined).length} of ${count} puzzles done${statePath ? `; carry on with the same command and --resume` : ''}\n`);
        process.exitCode = 130;
        return;
      }
      if (unconfirmed > 0) process.stderr.write(`generate: warning: ${unconfirmed} of ${count} puzzles not confirmed by ${confirm!.name} within --confirm-timeout ${confirmTimeoutMs / 1000} or its memory (each unique by the builder; confirm them with another back-end, e.g. --confirm z3-lazy)\n`);
      if (counters.timeouts > 0) process.stderr.write(`generate: warning: ${counters.timeouts} of ${counters.calls} uniqueness checks timed out (clues kept); raise --check-timeout for machine-independent output\n`);
      progress.done();
      // The state and the log stay: --resume with the same settings writes the set again without making it.
      finish(lines);
    });
}
