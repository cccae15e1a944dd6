// What asp-closure and asp-reach share: the puzzle as facts, Slitherlink's local rules (slitherlink.lp), one
// clingo run asking for two models when uniqueness is wanted, and clingo's statistics as stats. Each back-end
// adds only its connectivity program (an .lp file beside this one; build-dist copies it to dist/).
import { readFileSync } from 'node:fs';
import { onOff, optionValue, type Backend, type BackendOption, type SolveOptions, type SolveResult, type Stats } from '../../backend.ts';
import { elapsedMs } from '../../clock.ts';
import { cluedCells, gridOf, makePuzzle, type Grid, type Puzzle } from '../../grid.ts';
import { UNIQUENESS_UNDECIDED } from '../../protocol.ts';
import { solutionFromEdges, type Solution } from '../../solution.ts';
import { describePackage, packageVersion } from '../../versions.ts';
import { clingoModule, clingoVersion, runClingo, type ClingoResult } from './clingo.ts';

export interface AspConnectivity {
  readonly name: string;
  readonly description: string;
  /** The connectivity program, a file beside this module. */
  readonly file: string;
  /** Why this grid would ground too large to try (the run is then `memout`), or null. */
  tooLarge?(grid: Grid): string | null;
  /** The default of the configuration option, when clingo's own (`auto`) is not the fastest here. */
  readonly configuration?: (typeof CONFIGURATIONS)[number];
}

export const CONFIGURATIONS = ['auto', 'frumpy', 'jumpy', 'tweety', 'handy', 'crafty', 'trendy'] as const;

const options = (configuration: string): readonly BackendOption[] => [
  onOff('projection', 'on: count models projected on the edge atoms (--project=show), so that two models are two loops; off: plain enumeration (the other atoms are determined by the edges here, so the count is the same)'),
  { name: 'configuration', description: "clingo's search configuration (--configuration)", default: configuration, choices: CONFIGURATIONS },
];

const programs = new Map<string, string>();
/** A program file beside this module, read once (relative to the module, so that dist/ finds its copy). */
function programText(file: string): string {
  let text = programs.get(file);
  if (text === undefined) {
    text = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    programs.set(file, text);
  }
  return text;
}

/** The puzzle as facts: vertices, edges with their end vertices, clues with their cells' sides, fixed edges. */
export function puzzleFacts(puzzle: Puzzle): string {
  const grid = gridOf(puzzle);
  const lines = [`vertex(0..${grid.vertexCount - 1}).`];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [v, w] = grid.verticesOfEdge(e);
    lines.push(`edge(${e},${v},${w}).`);
  }
  for (const [cell, clue] of cluedCells(puzzle)) {
    lines.push(`clue(${cell},${clue}).`, grid.edgesOfCell(cell).map((e) => `side(${cell},${e}).`).join(' '));
  }
  for (const f of puzzle.fixedEdges ?? []) lines.push(`fixed(${f.edge},${f.on ? 1 : 0}).`);
  return lines.join('\n') + '\n';
}

/** The whole program for a puzzle: facts, the local rules, the connectivity rules. */
export function aspProgram(connectivity: AspConnectivity, puzzle: Puzzle): string {
  return `${puzzleFacts(puzzle)}${programText('slitherlink.lp')}${programText(connectivity.file)}`;
}

const ON_ATOM = /^on\((\d+)\)$/;

function modelToSolution(puzzle: Puzzle, atoms: readonly string[]): Solution {
  const edges = atoms.map((atom) => {
    const m = ON_ATOM.exec(atom);
    if (!m) throw new Error(`clingo showed an atom that is not an edge: ${atom}`);
    return Number(m[1]);
  });
  return solutionFromEdges(puzzle, edges);
}

/** clingo's error lines, without the info lines that come before them. */
const errorLines = (text: string) => {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return (lines.some((l) => /error/i.test(l)) ? lines.filter((l) => /error/i.test(l)) : lines).slice(0, 3).join(' ');
};

const statCount = (value: number | { Original?: number; Sum?: number } | undefined): number | undefined =>
  typeof value === 'number' ? value : (value?.Original ?? value?.Sum);

/** clingo's statistics under the shared keys: the ground program is the model (atoms, rules). */
function clingoStats(result: ClingoResult, stats: Stats): void {
  const s = result.Stats;
  stats.groundAtoms = s?.LP?.Atoms ?? null;
  stats.groundRules = statCount(s?.LP?.Rules) ?? null;
  stats.variables = stats.groundAtoms ?? undefined;
  stats.constraints = stats.groundRules ?? undefined;
  stats.solverVariables = s?.Problem?.Variables ?? null;
  stats.solverConstraints = statCount(s?.Problem?.Constraints) ?? null;
  stats.choices = s?.Core?.Choices ?? null;
  stats.conflicts = s?.Core?.Conflicts ?? null;
  stats.clingoMs = Math.round(result.Time.Total * 1e6) / 1e3;
  stats.clingoSolveMs = Math.round(result.Time.Solve * 1e6) / 1e3;
}

export function aspBackend(connectivity: AspConnectivity): Backend {
  const backend: Backend = {
    name: connectivity.name,
    description: connectivity.description,
    // The programs speak of faces, edges and vertices only (slitherlink.lp).
    grids: 'any',
    options: options(connectivity.configuration ?? 'auto'),
    async available() {
      return packageVersion('clingo-wasm') ? { available: true } : { available: false, reason: 'npm package clingo-wasm is not installed (npm ci)' };
    },
    async version() {
      return `${describePackage('clingo-wasm')}, ${await clingoVersion()}`;
    },
    async prepare() {
      // Loads the wasm module in clingo's worker thread and grounds and solves a small grid once, so that the
      // first solve pays for neither the load nor the wasm warm-up.
      await (await clingoModule()).init();
      await runClingo(aspProgram(connectivity, makePuzzle(3, 3, new Array(9).fill(null))), 2, [], 60_000);
    },
    async solve(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
      const started = performance.now();
      const projection = optionValue(backend, options, 'projection');
      const configuration = optionValue(backend, options, 'configuration');
      const stats: Stats = { projection, configuration, iterations: 1 };
      const grid = gridOf(puzzle);
      const tooLarge = connectivity.tooLarge?.(grid) ?? null;
      if (tooLarge) return { status: 'memout', solution: null, unique: null, message: tooLarge, stats: { ...stats, encodeMs: elapsedMs(started), solverMs: 0 } };
      const program = aspProgram(connectivity, puzzle);
      stats.encodeMs = elapsedMs(started);
      stats.programBytes = program.length;
      const args = ['--stats', `--configuration=${configuration}`, `--seed=${options.seed >>> 0}`, ...(projection === 'on' ? ['--project=show'] : [])];
      const run = await runClingo(program, options.unique ? 2 : 1, args, options.timeoutMs - elapsedMs(started));
      stats.solverMs = run.wallMs;
      if (run.result) clingoStats(run.result, stats);
      const models = run.models.map((atoms) => modelToSolution(puzzle, atoms));
      const first = models[0] ?? null;
      if (run.error !== null) {
        const memout = /memory|bad_alloc|status 33/i.test(run.error);
        return { status: memout ? 'memout' : 'error', solution: null, unique: null, message: `clingo: ${errorLines(run.error)}`, stats };
      }
      if (!first) {
        if (run.timedOut) return { status: 'timeout', solution: null, unique: null, stats };
        return { status: 'unsat', solution: null, unique: null, stats };
      }
      if (!options.unique) return { status: 'solved', solution: first, unique: null, stats };
      if (models.length >= 2) return { status: 'solved', solution: first, unique: false, secondSolution: models[1], stats };
      // One model and the search ended: there is no second one.
      if (!run.timedOut && run.result?.Models.More === 'no') return { status: 'solved', solution: first, unique: true, stats };
      return { status: 'solved', solution: first, unique: null, message: UNIQUENESS_UNDECIDED, stats };
    },
  };
  return backend;
}
