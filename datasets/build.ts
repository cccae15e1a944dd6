// Rebuilds the built-in datasets: `npm run datasets:build [-- NAME ...]`. Each set records the exact command
// that made it in its manifest, so anyone can regenerate it and compare.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BUILTIN_DIRECTORY, readPuzzleLines, type DatasetManifest } from './builtin.ts';
import { loopyVersion } from './loopy.ts';

interface SetRecipe {
  name: string;
  description: string;
  /** Arguments to `slitherbench generate` (one or more runs, concatenated). */
  runs: string[][];
  difficulty?: string;
}

const generated = (size: string, count: number, seed: number, extra: string[] = []) => ['--size', size, '--count', String(count), '--seed', String(seed), '--ids', ...extra];

// "medium" sets are minimal among puzzles the corner rules solve without guessing (fast to make at any size);
// "any" sets are fully minimal (every clue needed), whatever it takes to solve them.
const medium = ['--difficulty', 'medium'];
export const RECIPES: SetRecipe[] = [
  { name: 'quick', description: "The main job's set: 5x5, 7x7 and 10x10 generated puzzles (corner-rule solvable, minimal as such), small enough for every default back-end in about a minute", runs: [generated('5x5', 4, 7, medium), generated('7x7', 4, 7, medium), generated('10x10', 4, 7, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-5x5', description: 'Generated 5x5 puzzles, fully minimal (every clue needed for uniqueness)', runs: [generated('5x5', 20, 1)] },
  { name: 'gen-7x7', description: 'Generated 7x7 puzzles, fully minimal', runs: [generated('7x7', 20, 1)] },
  { name: 'gen-10x10', description: 'Generated 10x10 puzzles, minimal among corner-rule solvable ones', runs: [generated('10x10', 20, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-10x10-minimal', description: 'Generated 10x10 puzzles, fully minimal (most need search beyond the corner rules)', runs: [generated('10x10', 6, 1)] },
  { name: 'gen-15x15-minimal', description: 'Generated 15x15 puzzles, fully minimal (every clue needed; many need search beyond the corner rules)', runs: [generated('15x15', 10, 1)] },
  { name: 'gen-20x20-minimal', description: 'Generated 20x20 puzzles, fully minimal (every clue needed; many need search beyond the corner rules)', runs: [generated('20x20', 10, 1)] },
  { name: 'gen-15x15', description: 'Generated 15x15 puzzles, minimal among corner-rule solvable ones', runs: [generated('15x15', 10, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-20x20', description: 'Generated 20x20 puzzles, minimal among corner-rule solvable ones', runs: [generated('20x20', 10, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-30x25', description: 'Generated 30x25 puzzles (30 rows, 25 columns), minimal among corner-rule solvable ones', runs: [generated('30x25', 10, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  { name: 'gen-40x35', description: 'Generated 40x35 puzzles (40 rows, 35 columns), minimal among corner-rule solvable ones', runs: [generated('40x35', 5, 1, medium)], difficulty: 'medium (rules back-end levels)' },
  ...(['easy', 'normal', 'tricky', 'hard'] as const).map((d) => ({
    name: `loopy-10x10-${d}`,
    description: `Simon Tatham's Loopy 10x10 puzzles graded ${d} by its own solver`,
    runs: [generated('10x10', 10, 1, ['--with', 'loopy', '--difficulty', d])],
    difficulty: `${d} (sgt-loopy)`,
  })),
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
  const usesLoopy = recipe.runs.some((args) => args.includes('loopy'));
  const manifest: DatasetManifest = {
    name: recipe.name,
    description: recipe.description,
    source: usesLoopy ? 'sgt-loopy' : 'slitherbench generate',
    command: recipe.runs.map((args) => `slitherbench generate ${args.join(' ')}`).join(' && '),
    ...(usesLoopy ? { version: loopyVersion() ?? 'unknown' } : {}),
    count: entries.length,
    sizes,
    difficulty: recipe.difficulty ?? 'minimal (every clue needed for uniqueness)',
    created: new Date().toISOString().slice(0, 10),
  };
  writeFileSync(new URL('manifest.json', dir), JSON.stringify(manifest, null, 2) + '\n');
  process.stderr.write(`${recipe.name}: ${entries.length} puzzles\n`);
}

const wanted = process.argv.slice(2);
for (const recipe of RECIPES) if (wanted.length === 0 || wanted.includes(recipe.name)) build(recipe);
