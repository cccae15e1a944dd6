// Rebuilds the built-in datasets: `npm run datasets:build [-- NAME ...]`. Each set records the exact command
// that made it in its manifest, so anyone can regenerate it and compare.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writePuzzle, parsePuzzle } from '../encodings/formats/index.ts';
import type { Puzzle } from '../encodings/grid.ts';
import { BUILTIN_DIRECTORY, builtinPuzzlesPath, readPuzzleLines, type DatasetManifest } from './builtin.ts';
import { lazyTrapPuzzles, multiVariant, unsatVariant } from './crafted.ts';
import { loopyVersion } from './loopy.ts';
import { deduceWithLevel } from '../encodings/backends/rules/search.ts';
import { presolveWithRulesCore } from '../encodings/backends/rules/wasm/binding.ts';
import { DEBIAN_LOOPY_TILINGS, TILINGS } from '../encodings/tilings/index.ts';

// The grids the installed sgt-loopy makes puzzles of (the hat grid came after it).
const LOOPY_TILINGS = DEBIAN_LOOPY_TILINGS.map((name) => [name, TILINGS[name]] as const);

interface SetRecipe {
  name: string;
  description: string;
  /** Arguments to `slitherbench generate` (one or more runs, concatenated). */
  runs: string[][];
  difficulty?: string;
  /** Record each puzzle's rules level in the manifest (as the LARGE sets do). */
  levels?: boolean;
}

const generated = (size: string, count: number, seed: number, extra: string[] = []) => ['--size', size, '--count', String(count), '--seed', String(seed), '--ids', ...extra];

// "medium" sets are minimal among puzzles the corner rules solve without guessing (fast to make at any size);
// "any" sets are fully minimal (every clue needed), whatever it takes to solve them.
const medium = ['--difficulty', 'medium'];
// Past 10x10, fully minimal puzzles need hundreds of uniqueness checks that the rules back-end's search (and
// sat-lazy in logic-solver's heap) cannot all settle: cdcl-loop settles them, about 5 s per 15x15 puzzle.
const cdcl = ['--backend', 'cdcl-loop'];
// Past 60x60 the generator's local strategy removes clues far apart together (see datasets/generator.ts): minimal
// at the level of deduction with trial, up to its blame. --minimal then tries every clue left alone by search.
const LARGE = 'minimal (local strategy) among puzzles that deduction with trial solves; levels per puzzle';
/** Each grid's equal side whose graph has the number of edges nearest 840 (as bench:grids finds it). */
const EDGES_840: Record<string, number> = {
  square: 20, triangular: 16, honeycomb: 16, snubsquare: 13, cairo: 13, greathexagonal: 9, octagonal: 12, kites: 8, floret: 7,
  dodecagonal: 9, greatdodecagonal: 7, penrose_p2_kite: 23, penrose_p3_thick: 24, greatgreatdodecagonal: 6, kagome: 12, compassdodecagonal: 8,
};
export const RECIPES: SetRecipe[] = [
  { name: 'quick', description: "A first benchmark's set: 5x5, 7x7 and 10x10 generated puzzles (corner-rule solvable, minimal as such), small enough for every default back-end in about a minute", runs: [generated('5x5', 4, 7, medium), generated('7x7', 4, 7, medium), generated('10x10', 4, 7, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-5x5', description: 'Generated 5x5 puzzles, fully minimal (every clue needed for uniqueness)', runs: [generated('5x5', 20, 1)] },
  { name: 'gen-7x7', description: 'Generated 7x7 puzzles, fully minimal', runs: [generated('7x7', 20, 1)] },
  { name: 'gen-10x10', description: 'Generated 10x10 puzzles, minimal among corner-rule solvable ones', runs: [generated('10x10', 20, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-10x10-minimal', description: 'Generated 10x10 puzzles, fully minimal (most need search beyond the corner rules)', runs: [generated('10x10', 6, 1)] },
  { name: 'gen-15x15-minimal', description: 'Generated 15x15 puzzles, fully minimal (every clue needed; many need search beyond the corner rules)', runs: [generated('15x15', 6, 1, cdcl)] },
  { name: 'gen-20x20-minimal', description: 'Generated 20x20 puzzles, fully minimal (every clue needed; many need search beyond the corner rules)', runs: [generated('20x20', 3, 1, cdcl)] },
  // More puzzles of the hard kinds for bench:search (runners/experiments/search.ts), from seed 2 so that none
  // repeats a puzzle of the sets above. --difficulty hard grades by deduction level, which only the default
  // uniqueness check reports (rules deduction, then auto: deduction and the wasm cdcl-loop core); an explicit
  // --backend would grade by clue density instead.
  { name: 'gen-15x15-hard', description: 'Generated 15x15 puzzles, fully minimal and hard: deduction with the corner rules does not finish them (trial or search needed)', runs: [generated('15x15', 50, 2, ['--difficulty', 'hard'])], difficulty: 'hard (rules back-end levels: trial or search needed); fully minimal', levels: true },
  { name: 'gen-20x20-fully-minimal', description: 'Generated 20x20 puzzles, fully minimal (every clue needed), made as gen-20x20-minimal but 20 of them from another seed', runs: [generated('20x20', 20, 2, cdcl)] },
  { name: 'gen-15x15', description: 'Generated 15x15 puzzles, minimal among corner-rule solvable ones', runs: [generated('15x15', 10, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-20x20', description: 'Generated 20x20 puzzles, minimal among corner-rule solvable ones', runs: [generated('20x20', 10, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-30x25', description: 'Generated 30x25 puzzles (30 rows, 25 columns), minimal among corner-rule solvable ones', runs: [generated('30x25', 10, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-40x35', description: 'Generated 40x35 puzzles (40 rows, 35 columns), minimal among corner-rule solvable ones', runs: [generated('40x35', 5, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  // A fully minimal 60x60 (--minimal) needs one exact whole-grid check per remaining clue: about 1600, over an hour here.
  { name: 'gen-60x60', description: 'Generated 60x60 puzzles, minimal among those deduction with trial solves (local strategy)', runs: [generated('60x60', 3, 1)], difficulty: LARGE },
  { name: 'gen-100x100', description: 'Generated 100x100 puzzles, minimal among those deduction with trial solves (local strategy)', runs: [generated('100x100', 3, 1)], difficulty: LARGE },
  { name: 'gen-200x200', description: 'Generated 200x200 puzzles, minimal among those deduction with trial solves (local strategy)', runs: [generated('200x200', 2, 1)], difficulty: LARGE },
  ...(['easy', 'normal', 'tricky', 'hard'] as const).map((d) => ({
    name: `loopy-10x10-${d}`,
    description: `Simon Tatham's Loopy 10x10 puzzles graded ${d} by its own solver`,
    runs: [generated('10x10', 10, 1, ['--with', 'loopy', '--difficulty', d])],
    difficulty: `${d} (sgt-loopy)`,
  })),
  // Loopy at the other size classes of the hidden sets (7x7 to 40x35); W x H in Loopy is cols x rows.
  ...([['7x7', 'easy', 10], ['7x7', 'hard', 10], ['15x15', 'hard', 10], ['20x20', 'hard', 10], ['40x35', 'hard', 5]] as const).map(([size, d, count]) => ({
    name: `loopy-${size}-${d}`,
    description: `Simon Tatham's Loopy ${size} puzzles graded ${d} by its own solver`,
    runs: [generated(size, count, 1, ['--with', 'loopy', '--difficulty', d])],
    difficulty: `${d} (sgt-loopy)`,
  })),
  // Loopy's other grids (docs/grids.md): a set of each at 10x10, hard by Loopy's grading, and one of every
  // grid type together at 7x7 for a first look across grids; those sgt-loopy has (LOOPY_TILINGS).
  ...LOOPY_TILINGS.map(([grid, entry]) => ({
    name: `loopy-${grid}-10x10-hard`,
    description: `Simon Tatham's Loopy ${entry.title} puzzles, 10x10 (Loopy's width x height), graded hard by its own solver`,
    runs: [generated('10x10', 6, 1, ['--with', 'loopy', '--grid', grid, '--difficulty', 'hard'])],
    difficulty: 'hard (sgt-loopy)',
  })),
  {
    name: 'loopy-grids-7x7',
    description: "One Simon Tatham's Loopy puzzle of each of its 16 grid types, 7x7, graded normal by its own solver",
    runs: [generated('7x7', 1, 1, ['--with', 'loopy', '--difficulty', 'normal']), ...LOOPY_TILINGS.map(([grid]) => generated('7x7', 1, 1, ['--with', 'loopy', '--grid', grid, '--difficulty', 'normal']))],
    difficulty: 'normal (sgt-loopy)',
  },
  // Every grid at about 840 edges (the square grid's 20x20), the size bench:grids finds nearest: a larger look
  // across grids at the same number of edges.
  {
    name: 'loopy-grids-840-hard',
    description: "Simon Tatham's Loopy puzzles of each of its 16 grid types at about 840 edges (the square grid's 20x20), 2 of each, graded hard by its own solver",
    runs: Object.entries(EDGES_840).map(([grid, side]) => generated(`${side}x${side}`, 2, 1, ['--with', 'loopy', ...(grid === 'square' ? [] : ['--grid', grid]), '--difficulty', 'hard'])),
    difficulty: 'hard (sgt-loopy)',
  },
  {
    name: 'gen-grids-7x7',
    description: 'Generated puzzles of each of the 16 grid types of Loopy, 7x7 (height x width), 2 of each, fully minimal (every clue needed), by our own generator',
    // Confirmed by Z3: on minimal puzzles of the dodecagonal grids sat-lazy's logic-solver runs out of its heap
    // and CP-SAT takes tens of seconds.
    runs: [generated('7x7', 2, 1), ...Object.keys(TILINGS).map((grid) => generated('7x7', 2, 1, ['--grid', grid, '--format', 'loopy', '--confirm', 'z3-lazy']))],
  },
  { name: 'loopy-25x30-hard', description: "Loopy 25x30 hard (25 rows, 30 columns, as puzzle-loop.com's 25x30 hard in Liu, Wu and Sun)", runs: [generated('25x30', 10, 1, ['--with', 'loopy', '--difficulty', 'hard'])], difficulty: 'hard (sgt-loopy)' },
];

function build(recipe: SetRecipe): void {
  const dir = new URL(`${recipe.name}/`, BUILTIN_DIRECTORY);
  mkdirSync(dir, { recursive: true });
  const bin = new URL('../bin/slitherbench.js', import.meta.url).pathname;
  const lines: string[] = [];
  for (const args of recipe.runs) {
    process.stderr.write(`${recipe.name}: slitherbench generate ${args.join(' ')}\n`);
    const out = execFileSync(process.execPath, [bin, 'generate', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
    lines.push(...out.trim().split('\n'));
  }
  const path = new URL('puzzles.txt', dir);
  writeFileSync(path, `# ${recipe.description}\n` + lines.join('\n') + '\n');
  const entries = readPuzzleLines(readFileSync(path, 'utf8'));
  const sizes = [...new Set(recipe.runs.map((args) => args[args.indexOf('--size') + 1]))];
  const usesLoopy = recipe.runs.some((args) => args[args.indexOf('--with') + 1] === 'loopy' && args.includes('--with'));
  const manifest: DatasetManifest = {
    name: recipe.name,
    description: recipe.description,
    source: usesLoopy ? 'sgt-loopy' : 'slitherbench generate',
    command: recipe.runs.map((args) => `slitherbench generate ${args.join(' ')}`).join(' && '),
    ...(usesLoopy ? { version: loopyVersion() ?? 'unknown' } : {}),
    count: entries.length,
    sizes,
    difficulty: recipe.difficulty ?? 'minimal (every clue needed for uniqueness)',
    ...(recipe.difficulty === LARGE || recipe.levels ? { levels: Object.fromEntries(entries.map((e) => [e.id, levelOf(parsePuzzle(e.puzzle).puzzle)])) } : {}),
    created: new Date().toISOString().slice(0, 10),
  };
  writeFileSync(new URL('manifest.json', dir), JSON.stringify(manifest, null, 2) + '\n');
  process.stderr.write(`${recipe.name}: ${entries.length} puzzles\n`);
}

/** A puzzle's rules level: the weakest of basic, corners, trial (deduction with trial) that decides every edge, else search. */
function levelOf(puzzle: Puzzle): string {
  const deduced = deduceWithLevel(puzzle, 'corners').level;
  if (deduced) return deduced;
  const trial = presolveWithRulesCore(puzzle, { corners: true, trial: true, deadline: performance.now() + 600_000 });
  return !trial.contradiction && trial.state.every((s) => s !== 0) ? 'trial' : 'search';
}

/** A set made by a function here (datasets/crafted.ts) rather than by `generate`. */
interface CraftedRecipe {
  name: string;
  description: string;
  /** How the puzzles are made, for the manifest (the function below does exactly this). */
  method: string;
  difficulty: string;
  craft(): Promise<{ id: string; puzzle: Puzzle }[]>;
}

/** The first `count` puzzles of a built-in set, with their ids. */
function builtinPuzzles(name: string, count: number): { id: string; puzzle: Puzzle }[] {
  const path = builtinPuzzlesPath(name);
  if (!path) throw new Error(`built-in set ${name} is missing: build it first`);
  return readPuzzleLines(readFileSync(path, 'utf8')).slice(0, count).map((e) => ({ id: e.id, puzzle: parsePuzzle(e.puzzle).puzzle }));
}
const SOURCES: [string, number][] = [['gen-7x7', 4], ['gen-10x10-minimal', 4]];
const fromSources = async (make: (p: Puzzle, seed: number) => Promise<Puzzle>, suffix: string) => {
  const out: { id: string; puzzle: Puzzle }[] = [];
  for (const [set, count] of SOURCES) {
    for (const { id, puzzle } of builtinPuzzles(set, count)) out.push({ id: `${id}-${suffix}`, puzzle: await make(puzzle, 1) });
  }
  return out;
};

export const CRAFTED: CraftedRecipe[] = [
  {
    name: 'unsat',
    description: 'No solution: fully minimal generated puzzles (7x7 and 10x10) given one more clue that their only loop does not meet',
    method: `first ${SOURCES.map(([s, n]) => `${n} of ${s}`).join(', ')}; a blank cell drawn with seed 1 gets the nearest wrong count (unsatVariant in datasets/crafted.ts); CP-SAT proves no solution`,
    difficulty: 'unsat (proof of no solution; the contradiction is not local)',
    craft: () => fromSources(unsatVariant, 'unsat'),
  },
  {
    name: 'multi',
    description: 'Several solutions: fully minimal generated puzzles (7x7 and 10x10) less one clue, so uniqueness must be refuted',
    method: `first ${SOURCES.map(([s, n]) => `${n} of ${s}`).join(', ')}; one clue drawn with seed 1 removed (multiVariant in datasets/crafted.ts); CP-SAT finds two verified loops`,
    difficulty: 'several solutions (every clue was needed)',
    craft: () => fromSources(multiVariant, 'multi'),
  },
  ...[8, 16, 32, 64].map((n): CraftedRecipe => ({
    name: `lazy-trap-${n}`,
    description: `A 1x${n} strip (and ${n}x1) with a 3 in both end cells: one loop, but about ${n}/2 rounds of lazy loop cuts to prove it unique`,
    method: `lazyTrapPuzzles(${n}) in datasets/crafted.ts: pairs of boxes from either end meet every clue, and each round of cuts forbids one box per end, so proving uniqueness takes at least (N - 3) / 2 rounds`,
    difficulty: 'crafted against solve-and-cut back-ends',
    craft: async () => lazyTrapPuzzles(n),
  })),
];

async function buildCrafted(recipe: CraftedRecipe): Promise<void> {
  process.stderr.write(`${recipe.name}: ${recipe.method}\n`);
  const made = await recipe.craft();
  const dir = new URL(`${recipe.name}/`, BUILTIN_DIRECTORY);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('puzzles.txt', dir), `# ${recipe.description}\n` + made.map(({ id, puzzle }) => `${id}\t${writePuzzle(puzzle, 'url')}`).join('\n') + '\n');
  const manifest: DatasetManifest = {
    name: recipe.name,
    description: recipe.description,
    source: 'slitherbench datasets/crafted.ts',
    command: `npm run datasets:build -- ${recipe.name}  (${recipe.method})`,
    count: made.length,
    sizes: [...new Set(made.map(({ puzzle }) => `${puzzle.rows}x${puzzle.cols}`))],
    difficulty: recipe.difficulty,
    created: new Date().toISOString().slice(0, 10),
  };
  writeFileSync(new URL('manifest.json', dir), JSON.stringify(manifest, null, 2) + '\n');
  process.stderr.write(`${recipe.name}: ${made.length} puzzles\n`);
}

const wanted = process.argv.slice(2);
const known = [...RECIPES, ...CRAFTED].map((r) => r.name);
for (const name of wanted) {
  if (known.includes(name)) continue;
  process.stderr.write(`error: no built-in set recipe '${name}' (known: ${known.join(', ')})\n`);
  process.exit(2);
}
for (const recipe of RECIPES) if (wanted.length === 0 || wanted.includes(recipe.name)) build(recipe);
for (const recipe of CRAFTED) if (wanted.length === 0 || wanted.includes(recipe.name)) await buildCrafted(recipe);
