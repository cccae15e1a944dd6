// Differential fuzzing: every back-end variant answers the same random puzzles in worker processes (killed
// at the time limit, every answer verified by the pipeline); small grids are judged by the exact oracle,
// larger ones by the answers' own verified loops; each disagreement is shrunk, delta-debugging style, to a
// smallest puzzle that still shows it and written as a regression case. Resumable like bench.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Puzzle } from '../../../encodings/grid.ts';
import { writeUrl } from '../../../encodings/formats/url.ts';
import { writeLoopy } from '../../../encodings/formats/loopy.ts';
import { writeText } from '../../../encodings/formats/text.ts';
import { solutionFromKey, solutionToJson, solutionToKey } from '../../../encodings/solution.ts';
import { getBackend, listBackends } from '../../../encodings/registry.ts';
import { backendLabel, splitAvailable } from '../../../encodings/backend-spec.ts';
import { ORACLE_PREFERENCE } from '../solving/oracle.ts';
import type { BackendSpec } from '../execution/bench.ts';
import { formatSizeRange, makeCase, type CaseOptions, type FuzzCase } from './fuzz-cases.ts';
import { countName, describeAnswer, judge, oracleTruth, type Finding, type FindingKind, type FuzzAnswer, type Truth } from './fuzz-judge.ts';
import { machineInfo } from '../results/machine.ts';
import { Progress } from '../execution/progress.ts';
import { shellQuote } from '../plans/shell.ts';
import { execute, type StopSignal } from '../execution/executor.ts';
import { RunLog } from '../results/run-log.ts';
import { checkResume, holdsAny, settingsByFlag, type Settings } from '../results/resume.ts';
import { DEFAULT_LIMITS, type WorkerLimits } from '../../workers/worker-process.ts';
import { Scheduler } from '../../workers/scheduler.ts';
import { proofFailed } from '../solving/certificate.ts';
import { shrinkPuzzle } from './fuzz-shrink.ts';
import { summarise, type Regression } from './fuzz-summary.ts';

export interface FuzzPlan {
  count: number;
  cases: CaseOptions;
  variants: BackendSpec[];
  jobs: number;
  timeoutMs: number;
  out: string;
  resume: boolean;
  /** Grids up to this many cells are judged by the oracle. */
  oracleMaxCells: number;
  /** The oracle's budget per puzzle; past it a small case is judged by the evidence instead. */
  oracleTimeoutMs: number;
  /** Disagreements shrunk per variant (the rest are listed, unshrunk). */
  shrinkPerVariant: number;
  /** Puzzles tried while shrinking one disagreement, at most. */
  shrinkBudget: number;
  limits?: WorkerLimits;
  invocation: Record<string, unknown>;
  /** Every answer that can be certified is, and its proof checked (a failed proof is a wrong answer). */
  certify?: boolean;
}

export type { Regression };

export interface FuzzOutcome {
  cases: number;
  runs: number;
  /** Answers judged wrong (status, uniqueness, loop), by variant and kind. */
  disagreements: (Finding & { case: number })[];
  /** Runs that ended in an error: no answer, so not a disagreement, but listed. */
  errors: (Finding & { case: number })[];
  regressions: Regression[];
  summary: string;
  interrupted: boolean;
}

/** The label bench gives a back-end with options and a presolver, e.g. `sat-closure[closure=squaring]+rules`. */
export const variantLabel = backendLabel;

/**
 * Every variant of every back-end that can run here, from the registry and each back-end's declared
 * options: its defaults, each other choice of each option (one at a time), and each presolver in front.
 * Choices declared unsound are listed as skipped: they are wrong by design, and fuzzing would only say so.
 */
export async function allVariants(): Promise<{ variants: BackendSpec[]; skipped: string[] }> {
  const { usable, skipped } = await splitAvailable(await listBackends());
  const presolvers = usable.filter((b) => typeof b.presolve === 'function').map((b) => b.name);
  const variants: BackendSpec[] = [];
  for (const b of usable) {
    variants.push({ id: b.name, label: b.name, params: {} });
    for (const option of b.options ?? []) {
      const normalDefault = option.aliases?.[option.default] ?? option.default;
      for (const choice of option.choices ?? []) {
        if (choice === normalDefault) continue;
        const params = { [option.name]: choice };
        if (option.unsound?.includes(choice)) {
          skipped.push(`${variantLabel(b.name, params)} (unsound by design; name it in --backends to fuzz it)`);
          continue;
        }
        variants.push({ id: b.name, label: variantLabel(b.name, params), params });
      }
    }
    for (const presolve of presolvers) variants.push({ id: b.name, label: variantLabel(b.name, {}, presolve), params: {}, presolve });
  }
  return { variants, skipped };
}

/** The `solve` command that shows a variant's answer to a puzzle. */
export function solveCommand(variant: BackendSpec, url: string, certify = false): string {
  const env = process.env.SLITHERBENCH_BACKENDS_DIR ? `SLITHERBENCH_BACKENDS_DIR=${shellQuote(process.env.SLITHERBENCH_BACKENDS_DIR)} ` : '';
  const options = Object.entries(variant.params).map(([k, v]) => ` --option ${shellQuote(`${k}=${v}`)}`).join('');
  return `${env}npx slitherbench solve ${shellQuote(url)} --backend ${variant.id}${options}${variant.presolve ? ` --presolve ${shellQuote(variant.presolve)}` : ''} ${certify ? '--certify' : '--unique'} --json`;
}

/** A run's settings as --resume compares them, by the flags that give them; fuzz.json keeps them. */
function fuzzSettings(plan: FuzzPlan): Settings {
  return settingsByFlag({
    count: plan.count,
    seed: plan.cases.seed,
    sizes: formatSizeRange(plan.cases.sizes),
    largeSizes: formatSizeRange(plan.cases.largeSizes),
    largeShare: plan.cases.largeShare,
    grids: plan.cases.grids?.join(',') ?? 'square',
    backends: plan.variants.map((v) => v.label).join(','),
    certify: Boolean(plan.certify),
    timeout: plan.timeoutMs,
    oracleCells: plan.oracleMaxCells,
    oracleTimeout: plan.oracleTimeoutMs,
    shrink: plan.shrinkPerVariant,
    shrinkBudget: plan.shrinkBudget,
    jobs: plan.jobs,
  });
}

/** What a fuzz run writes into its folder as it goes. */
const FUZZ_FILES = ['fuzz.json', 'runs.jsonl'];

const answerKey = (caseIndex: number, variant: string) => `${caseIndex}\u0000${variant}`;

export async function runFuzz(plan: FuzzPlan, signal: StopSignal): Promise<FuzzOutcome> {
  const dir = plan.out;
  const planPath = join(dir, 'fuzz.json');
  const settings = fuzzSettings(plan);
  const saved = existsSync(planPath) ? (JSON.parse(readFileSync(planPath, 'utf8')) as { settings?: Settings }).settings : undefined;
  checkResume({ who: 'fuzz', place: dir, resume: plan.resume, holds: holdsAny(FUZZ_FILES.map((f) => join(dir, f))), saved, now: settings, afresh: `choose another --out, or delete ${dir}` });
  mkdirSync(dir, { recursive: true });
  // Synced in batches: a kill of the machine loses at most a few runs, which a resume repeats.
  const log = new RunLog<FuzzAnswer>({ path: join(dir, 'runs.jsonl'), place: dir, resume: plan.resume, key: (a) => answerKey(a.case, a.variant), sync: { every: 50 }, noun: 'fuzz runs' });
  const previous = log.previous;
  const limits = plan.limits ?? DEFAULT_LIMITS;
  const started = new Date().toISOString();
  const writePlan = (ended: string | null, extra: Record<string, unknown> = {}) =>
    writeFileSync(planPath, JSON.stringify({ ...machineInfo(), invocation: plan.invocation, settings, variants: plan.variants, started, ended, ...extra }, null, 2) + '\n');
  writePlan(null);

  const cases: FuzzCase[] = Array.from({ length: plan.count }, (_, i) => makeCase(plan.cases, i));
  const answers = new Map<string, FuzzAnswer>();
  for (const a of previous) if (a.case < plan.count) answers.set(answerKey(a.case, a.variant), a);
  const truths = new Map<number, Truth | null>();
  const truthOf = (c: FuzzCase) => {
    if (!truths.has(c.index)) truths.set(c.index, oracleTruth(c.puzzle, plan.oracleMaxCells, plan.oracleTimeoutMs));
    return truths.get(c.index)!;
  };

  // Variant-major: a job slot keeps one worker through a whole variant, so workers start rarely.
  const tasks: { variant: BackendSpec; fuzzCase: FuzzCase }[] = [];
  for (const variant of plan.variants) for (const fuzzCase of cases) if (!answers.has(answerKey(fuzzCase.index, variant.label))) tasks.push({ variant, fuzzCase });
  const total = plan.count * plan.variants.length;
  const progress = new Progress('fuzz', total, total - tasks.length);
  if (total > tasks.length) process.stderr.write(`fuzz: resuming: ${total - tasks.length} of ${total} runs already recorded, ${tasks.length} to go\n`);
  let wrongSoFar = 0;
  try {
    await execute<(typeof tasks)[number], FuzzAnswer>({
      tasks, jobs: plan.jobs, signal, limits, log,
      run: ({ variant, fuzzCase }, workers) => ask(workers, variant, fuzzCase.puzzle, plan.timeoutMs, fuzzCase.index, plan.certify),
      answered: (answer) => answer.status === 'solved' || answer.status === 'unsat',
      done: ({ variant, fuzzCase }, answer) => {
        answers.set(answerKey(fuzzCase.index, variant.label), answer);
        const truth = truthOf(fuzzCase);
        const wrong = truth ? judge([answer], truth).findings.filter((f) => f.kind !== 'error').length : 0;
        wrongSoFar += wrong;
        progress.tick(`${wrongSoFar} wrong`, `${variant.label} #${fuzzCase.index} ${sizeOf(fuzzCase.puzzle)} ${fuzzCase.kind}: ${describeAnswer(answer)}${wrong ? ' WRONG' : ''}`);
      },
    });
  } finally {
    progress.done();
  }

  // Judge every case with all its answers.
  const disagreements: (Finding & { case: number })[] = [];
  const errors: (Finding & { case: number })[] = [];
  const caseTruth = new Map<number, Truth>();
  const timeouts = new Map<string, number>();
  for (const c of cases) {
    const mine = plan.variants.map((v) => answers.get(answerKey(c.index, v.label))).filter((a): a is FuzzAnswer => !!a);
    for (const a of mine) if (a.status === 'timeout' || a.status === 'memout') timeouts.set(a.variant, (timeouts.get(a.variant) ?? 0) + 1);
    const { findings, truth } = judge(mine, truthOf(c), c.loop);
    caseTruth.set(c.index, truth);
    for (const f of findings) (f.kind === 'error' ? errors : disagreements).push({ ...f, case: c.index });
  }
  writeFileSync(join(dir, 'disagreements.jsonl'), disagreements.map((d) => JSON.stringify({ ...d, puzzle: puzzleLine(cases[d.case].puzzle), kindOfCase: cases[d.case].kind, command: solveCommand(plan.variants.find((v) => v.label === d.variant)!, puzzleLine(cases[d.case].puzzle), plan.certify) })).join('\n') + (disagreements.length ? '\n' : ''));
  writeFileSync(join(dir, 'errors.jsonl'), errors.map((d) => JSON.stringify({ ...d, puzzle: puzzleLine(cases[d.case].puzzle) })).join('\n') + (errors.length ? '\n' : ''));

  const regressions = signal.stopped ? [] : await shrinkAll(plan, cases, disagreements, answers, truthOf, signal);
  const summary = summarise(plan, cases, caseTruth, answers, disagreements, errors, timeouts, regressions);
  writeFileSync(join(dir, 'summary.md'), summary);
  writePlan(signal.stopped ? null : new Date().toISOString(), { interrupted: signal.stopped, disagreements: disagreements.length, errors: errors.length, regressions: regressions.map((r) => r.file) });
  return { cases: cases.length, runs: answers.size, disagreements, errors, regressions, summary, interrupted: signal.stopped };
}

async function ask(workers: Scheduler, variant: BackendSpec, puzzle: Puzzle, timeoutMs: number, caseIndex: number, certify = false): Promise<FuzzAnswer> {
  const lane = { backend: variant.id, presolve: variant.presolve, key: variant.label };
  const { result } = await workers.solve(lane, puzzle, { timeoutMs, unique: true, seed: 1, params: variant.params, ...(certify ? { certify } : {}) });
  return {
    case: caseIndex,
    variant: variant.label,
    status: result.status,
    unique: result.unique,
    solution: result.solution ? solutionToKey(result.solution) : null,
    ...(result.message ? { message: result.message } : {}),
    ...(result.rejected ? { rejected: true } : {}),
    ...(result.certificate ? { certified: result.certificate.certified, ...(proofFailed(result.certificate) ? { proofFailure: result.certificate.reason ?? 'not certified' } : {}) } : {}),
    timeMs: result.timeMs,
  };
}

/** Shrinks the first few disagreements of each variant and writes them to DIR/regressions/. */
async function shrinkAll(plan: FuzzPlan, cases: FuzzCase[], disagreements: (Finding & { case: number })[], answers: Map<string, FuzzAnswer>, truthOf: (c: FuzzCase) => Truth | null, signal: { stopped: boolean }): Promise<Regression[]> {
  if (disagreements.length === 0 || plan.shrinkPerVariant <= 0) return [];
  const regressionsDir = join(plan.out, 'regressions');
  mkdirSync(regressionsDir, { recursive: true });
  // A resumed run shrinks again from all its answers: the cases of an earlier pass are replaced, not mixed in.
  for (const file of readdirSync(regressionsDir)) if (/^\d{3}-.*\.json$/.test(file)) rmSync(join(regressionsDir, file));
  // A warm worker process per variant asked, as the run's were.
  const workers = new Scheduler({ limits: plan.limits ?? DEFAULT_LIMITS, kind: 'process' });
  const byLabel = new Map(plan.variants.map((v) => [v.label, v]));
  // Per variant: each kind of wrong answer in turn, and within a kind the smallest case first (it shrinks fastest).
  const chosen: (Finding & { case: number })[] = [];
  for (const variant of plan.variants) {
    const byKind = new Map<FindingKind, (Finding & { case: number })[]>();
    for (const d of disagreements) if (d.variant === variant.label) byKind.set(d.kind, [...(byKind.get(d.kind) ?? []), d]);
    const queues = [...byKind.values()].map((list) => list.sort((a, b) => cells(cases[a.case].puzzle) - cells(cases[b.case].puzzle) || a.case - b.case));
    let taken = 0;
    for (let round = 0; taken < plan.shrinkPerVariant && queues.some((q) => q.length > round); round++) {
      for (const q of queues) if (q.length > round && taken < plan.shrinkPerVariant) {
        chosen.push(q[round]);
        taken++;
      }
    }
  }
  const written: Regression[] = [];
  const seen = new Set<string>();
  const progress = new Progress('fuzz: shrinking', chosen.length);
  try {
    for (const d of chosen) {
      if (signal.stopped) break;
      const variant = byLabel.get(d.variant)!;
      const original = cases[d.case];
      // Referees for grids past the oracle: the variants of other back-ends that answered this case without fault.
      const faulty = new Set(disagreements.filter((x) => x.case === d.case).map((x) => x.variant));
      const referees = plan.variants.filter((v) => v.id !== variant.id && !faulty.has(v.label) && ['solved', 'unsat'].includes(answers.get(answerKey(d.case, v.label))?.status ?? ''));
      // A run of one back-end has no referee of its own: the generator's oracle back-ends stand in.
      for (const id of ORACLE_PREFERENCE) if (referees.length < 2 && id !== variant.id && !referees.some((r) => r.id === id) && (await isAvailable(id))) referees.push({ id, label: id, params: {} });
      referees.splice(2);
      for (const r of referees) if (!byLabel.has(r.label)) byLabel.set(r.label, r);
      const evaluate = async (puzzle: Puzzle) => {
        const truth = oracleTruth(puzzle, plan.oracleMaxCells, plan.oracleTimeoutMs);
        const asked = truth ? [variant] : [variant, ...referees];
        const said: FuzzAnswer[] = [];
        for (const v of asked) said.push(await ask(workers, v, puzzle, plan.timeoutMs, d.case, plan.certify));
        const judged = judge(said, truth);
        return { said, truth: judged.truth, stillWrong: judged.findings.some((f) => f.variant === variant.label && f.kind === d.kind) };
      };
      const small = await shrinkPuzzle(original.puzzle, async (p) => (await evaluate(p)).stillWrong, plan.shrinkBudget);
      const final = await evaluate(small.puzzle);
      const url = puzzleLine(small.puzzle);
      progress.tick('', `${variant.label} #${d.case}: ${sizeOf(original.puzzle)} -> ${sizeOf(small.puzzle)} in ${small.tries} tries`);
      const key = `${variant.label}\u0000${d.kind}\u0000${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const exact = oracleTruth(small.puzzle, plan.oracleMaxCells, plan.oracleTimeoutMs * 6);
      const file = `${String(written.length + 1).padStart(3, '0')}-${variant.label.replace(/[^\w.=-]+/g, '_')}-${d.kind}.json`;
      const record = {
        variant: variant.label,
        kind: d.kind,
        detail: final.stillWrong ? judge(final.said, exact ?? final.truth).findings.find((f) => f.variant === variant.label)?.detail ?? d.detail : d.detail,
        shrunk: final.stillWrong,
        puzzle: small.puzzle.tiling ? { grid: small.puzzle.tiling.type, width: small.puzzle.tiling.width, height: small.puzzle.tiling.height, loopy: url } : { rows: small.puzzle.rows, cols: small.puzzle.cols, url, text: writeText(small.puzzle) },
        backends: final.said.map((a) => {
          const v = byLabel.get(a.variant)!;
          return { label: v.label, id: v.id, params: v.params, ...(v.presolve ? { presolve: v.presolve } : {}), said: { status: a.status, unique: a.unique, solution: a.solution ? solutionToJson(solutionFromKey(small.puzzle, a.solution)) : null, ...(a.message ? { message: a.message } : {}) } };
        }),
        oracle: exact ? { count: exact.count, meaning: countName(exact.count), solutions: exact.loops.map((k) => solutionToJson(solutionFromKey(small.puzzle, k))) } : null,
        command: solveCommand(variant, url, plan.certify),
        found: { case: d.case, kindOfCase: original.kind, seed: plan.cases.seed, puzzle: puzzleLine(original.puzzle), rows: original.puzzle.rows, cols: original.puzzle.cols, detail: d.detail, truth: truthOf(original)?.count ?? null },
        shrinkTries: small.tries,
      };
      writeFileSync(join(regressionsDir, file), JSON.stringify(record, null, 2) + '\n');
      written.push({ file: join('regressions', file), variant: variant.label, kind: d.kind, rows: small.puzzle.rows, cols: small.puzzle.cols, ...(small.puzzle.tiling ? { grid: small.puzzle.tiling.type } : {}), url });
    }
  } finally {
    workers.close();
    progress.done();
  }
  return written;
}

const cells = (p: Puzzle) => p.clues.length;

/** A puzzle in one line: its puzz.link URL on the square grid, its Loopy game ID on any other (which has no URL). */
const puzzleLine = (p: Puzzle): string => (p.tiling ? writeLoopy(p) : writeUrl(p));

/** Its size as people write it: `RxC`, or the grid's name and Loopy's width x height. */
const sizeOf = (p: Puzzle): string => (p.tiling ? `${p.tiling.type} ${p.tiling.width}x${p.tiling.height}` : `${p.rows}x${p.cols}`);

async function isAvailable(id: string): Promise<boolean> {
  try {
    return (await (await getBackend(id)).available()).available;
  } catch {
    return false;
  }
}
