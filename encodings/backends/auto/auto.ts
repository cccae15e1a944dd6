// auto: the fastest answer without knowing the families. The rules of liu-wu-sun (deduction and trial,
// no search: a node budget of zero) decide what a person would; cdcl-loop searches what is left, learning
// from conflicts where the rules' depth-first search would not. Deduction is sound for every solution, so
// a puzzle it decides completely has exactly that loop, and uniqueness on the rest is uniqueness overall.
// Search is heavy-tailed: past a conflict budget cdcl-loop's own search on the puzzle as given takes turns
// with the first, with growing budgets, so that auto costs at most a few times the better of the two.
import { elapsedMs, now } from '../../clock.ts';
import { onOff, optionValue, type Backend, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import type { Puzzle } from '../../grid.ts';
import { OWN_CODE } from '../../project.ts';
import cdclLoop, { searchOptions } from '../cdcl/cdcl-loop.ts';
import { createLoopSearch, Portfolio, writesProof, type LoopSearchOptions } from '../cdcl/loop-search.ts';
import { presolveInStages } from '../rules/wasm/binding.ts';
import { certifiedSearch, loadAutoCore, portfolioStats, solveWithAutoCore } from './wasm/binding.ts';
import { loopOf } from '../../solution.ts';


/** From this many cells trial runs whatever deduction decided (trial-from=size): searching thousands of edges without it costs seconds. */
const TRIAL_ALWAYS_CELLS = 1600;

const backend: Backend = {
  name: 'auto',
  description: 'rules deduction (liu-wu-sun; trial where deduction gets half-way), then cdcl-loop on the edges left undecided, taking turns with cdcl-loop on the puzzle as given past 1,000 conflicts',
  options: [
    onOff('presolve', 'on: rules first; off: cdcl-loop alone (to chart what the deduction saves)'),
    onOff('trial', 'the rules presolve\'s trial (see rules); off: deduction only'),
    {
      name: 'trial-ms',
      description: 'time for the rules presolve, in ms per 100 cells (faces on other grids; none: the whole time limit): trial settles a graded puzzle quickly but can take longer than the search on a fully minimal one; past it, what trial decided so far is kept',
      default: '4',
      choices: ['1', '2', '4', '8', '16', '32', 'none'],
    },
    {
      name: 'trial-from',
      description: `trial runs only when deduction alone has decided at least this share of the edges, in percent (graded puzzles often most of them; fully minimal ones far fewer, where search does better with the time); size: 50 on square grids under ${TRIAL_ALWAYS_CELLS} cells, 0 from there (large generated puzzles need trial, and deduction alone decides less than half of their edges) and on every other grid (where deduction alone, corner rules included, decides two fifths to nine tenths of a Loopy puzzle, and trial the rest)`,
      default: 'size',
      choices: ['size', '0', '25', '50', '75', '100'],
    },
    {
      name: 'steps',
      description: "one-call: the presolve and the search's first turns in auto's own wasm core, in one call (a fresh process runs little cold JavaScript); javascript: the same steps driven from JavaScript, the reference it is tested against (always so with core=typescript; its cores load on first use)",
      default: 'one-call',
      choices: ['one-call', 'javascript'],
    },
    // cdcl-loop's own options, passed on to it: one declaration, so defaults cannot drift apart.
    ...(cdclLoop.options ?? []),
  ],
  // Both stages take any planar grid in their wasm cores (the search's corner clauses on square faces only).
  grids: 'any',
  ...OWN_CODE,
  // Both stages run in wasm cores; the search's flags (every function optimised when prepare compiles it).
  oneShotV8Flags: cdclLoop.oneShotV8Flags,
  // auto's core holds both stages; the steps' own cores (steps=javascript) load when first used.
  async prepare() {
    loadAutoCore();
  },
  // Its certified answers come from cdcl-loop's search (see solve).
  certifies: (params) => cdclLoop.certifies!(params),
  certifiesByDefault: (params) => cdclLoop.certifiesByDefault!(params),
  async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
    const started = now();
    const chosen = searchOptions(backend, options);
    const run: Run = { puzzle, chosen, started, deadline: started + options.timeoutMs, unique: options.unique };
    // A certified answer takes the same steps, in auto's core, which writes what deduction decides into the
    // proof before the search's steps (docs/proof-format.md); with presolve=off, cdcl-loop's search alone.
    const certify = writesProof(options.certify, puzzle, chosen);
    if (optionValue(backend, options, 'presolve') === 'off') return certify ? certifiedSearch(puzzle, chosen, run) : searchFrom(run, undefined, { decidedByRules: 0 });
    const trialMs = optionValue(backend, options, 'trial-ms');
    const perHundredCells = Number(trialMs);
    const budget = trialMs === 'none' ? options.timeoutMs : Math.min(options.timeoutMs, (perHundredCells * puzzle.clues.length) / 100);
    // Deduction first. Trial pays where deduction already gets far (Loopy puzzles: 55-100% of the edges, and
    // trial then decides the rest); on fully minimal puzzles deduction decides 25-35% and trial's time is
    // better spent searching. Both stages in one load of the rules core (the rules back-end's defaults).
    const from = optionValue(backend, options, 'trial-from');
    const trialFrom = optionValue(backend, options, 'trial') === 'off' ? Infinity : from === 'size' ? (puzzle.clues.length < TRIAL_ALWAYS_CELLS && !puzzle.tiling ? 0.5 : 0) : Number(from) / 100;
    const presolve = { trialFrom, trialBudgetMs: Math.round(budget * 10) / 10, presolveDeadline: started + budget };
    if (certify || (chosen.core === 'wasm' && optionValue(backend, options, 'steps') === 'one-call')) {
      // The usual case, in one call of auto's core; solveInSteps is the same in JavaScript (and writes no proof).
      return solveWithAutoCore(puzzle, chosen, { ...run, ...presolve, certify });
    }
    return solveInSteps(run, presolve);
  },
};

/** One solve's puzzle, search options and clock. */
interface Run {
  puzzle: Puzzle;
  chosen: LoopSearchOptions;
  started: number;
  deadline: number;
  unique: boolean;
}

/** The presolve in the rules core, then the search, each step from JavaScript (steps=javascript, core=typescript). */
function solveInSteps(run: Run, presolve: { trialFrom: number; trialBudgetMs: number; presolveDeadline: number }): SolveResult {
  const { puzzle, started } = run;
  const pre = presolveInStages(puzzle, { trialFrom: presolve.trialFrom, deadline: presolve.presolveDeadline });
  const presolveMs = elapsedMs(started);
  const stats: Stats = { presolveMs, trialBudgetMs: presolve.trialBudgetMs, decidedByRules: pre.decided, trialRan: pre.trialRan, trialFinished: pre.trialFinished };
  if (pre.contradiction) return { status: 'unsat', solution: null, unique: null, stats: { ...stats, finishedBy: 'rules', solverMs: presolveMs } };
  if (pre.loop !== undefined) {
    // Every edge decided by deduction, which is sound for every loop: the one they make is the only one.
    const finished = { ...stats, finishedBy: 'rules', level: pre.level ?? null, solverMs: elapsedMs(started) };
    if (pre.loop === null) return { status: 'unsat', solution: null, unique: null, stats: finished };
    return { status: 'solved', solution: loopOf(puzzle, pre.loop), unique: run.unique ? true : null, stats: finished };
  }
  return searchFrom(run, pre.state, stats);
}

/** The search with the edges `fixed` decided, then (for a presolved puzzle) cdcl-loop's own search on the puzzle as given, taking turns. */
function searchFrom(run: Run, fixed: Uint8Array | undefined, stats: Stats): SolveResult {
  const { puzzle, chosen } = run;
  const portfolio = new Portfolio(createLoopSearch(puzzle, chosen, fixed), fixed ? [() => createLoopSearch(puzzle, chosen)] : []);
  const outcome = portfolio.run(puzzle, run.deadline, run.unique);
  return { ...outcome, stats: { ...portfolioStats(stats, portfolio), solverMs: elapsedMs(run.started) } };
}

export default backend;
