// Simon Tatham's Loopy generator (Debian package sgt-puzzles) as an outside source of graded puzzles.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { UsageError } from '../encodings/errors.ts';
import { DEBIAN_LOOPY_TILINGS, TILINGS, tilingByLoopyType } from '../encodings/tilings/index.ts';

export const LOOPY_DIFFICULTIES = ['easy', 'normal', 'tricky', 'hard'] as const;
const LETTER: Record<string, string> = { easy: 'e', normal: 'n', tricky: 't', hard: 'h' };

/** Where sgt-loopy is (Debian installs it in /usr/games, often not on PATH), or undefined. */
export function findLoopy(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/games', '/usr/local/games'];
  for (const dir of dirs) {
    const path = `${dir}/sgt-loopy`;
    if (dir && existsSync(path)) return path;
  }
  return undefined;
}

export const LOOPY_MISSING = 'sgt-loopy is not installed: on Debian/Ubuntu run `sudo apt-get install sgt-puzzles` (or `npm run setup:system`)';

export function loopyVersion(path = findLoopy()): string | undefined {
  if (!path) return undefined;
  try {
    const out = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /Version\s+(.+)/.exec(out)?.[1]?.trim();
  } catch {
    return undefined;
  }
}

/**
 * Loopy game IDs from `sgt-loopy --generate`, of the square grid (type 0) or another of Loopy's grid types (W x H
 * is cols x rows). The random seed string `#slitherbench-S` makes the output the same for the same seed and
 * sgt-loopy version.
 */
export async function generateWithLoopy(run: { rows: number; cols: number; count: number; seed: number; difficulty: string; loopyType?: number }): Promise<string[]> {
  const path = findLoopy();
  if (!path) throw new UsageError(LOOPY_MISSING);
  const difficulty = run.difficulty === 'any' ? 'normal' : run.difficulty;
  const letter = LETTER[difficulty];
  if (!letter) throw new UsageError(`--difficulty for loopy must be one of ${LOOPY_DIFFICULTIES.join(', ')}; got '${run.difficulty}'`);
  const type = run.loopyType ?? 0;
  const grid = tilingByLoopyType(type);
  if (grid && !DEBIAN_LOOPY_TILINGS.includes(grid)) throw new UsageError(`the installed sgt-loopy has no ${TILINGS[grid].title} grid (type ${type}, added to Loopy after it): leave out --with loopy to make its puzzles with our own generator`);
  const params = `${run.cols}x${run.rows}t${type}d${letter}#slitherbench-${run.seed}`;
  let out: string;
  try {
    out = execFileSync(path, ['--generate', String(run.count), params], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (error) {
    // Loopy's own refusal (a size below its least for the grid) is the user's to read.
    const said = String((error as { stderr?: string }).stderr ?? '').trim().split('\n').pop();
    throw new UsageError(`sgt-loopy could not generate ${params.split('#')[0]}: ${said || (error as Error).message}`);
  }
  const ids = out.split('\n').map((l) => l.trim()).filter((l) => new RegExp(`^\\d+x\\d+t${type}:`).test(l));
  if (ids.length !== run.count) throw new Error(`sgt-loopy printed ${ids.length} game IDs, expected ${run.count}`);
  return ids;
}
