// Simon Tatham's Loopy generator (Debian package sgt-puzzles) as an outside source of graded puzzles.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { UsageError } from '../encodings/errors.ts';

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
 * Square-grid Loopy game IDs from `sgt-loopy --generate`. The random seed string `#slitherbench-S` makes the
 * output the same for the same seed and sgt-loopy version.
 */
export async function generateWithLoopy(run: { rows: number; cols: number; count: number; seed: number; difficulty: string }): Promise<string[]> {
  const path = findLoopy();
  if (!path) throw new UsageError(LOOPY_MISSING);
  const difficulty = run.difficulty === 'any' ? 'normal' : run.difficulty;
  const letter = LETTER[difficulty];
  if (!letter) throw new UsageError(`--difficulty for loopy must be one of ${LOOPY_DIFFICULTIES.join(', ')}; got '${run.difficulty}'`);
  const params = `${run.cols}x${run.rows}t0d${letter}#slitherbench-${run.seed}`;
  const out = execFileSync(path, ['--generate', String(run.count), params], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  const ids = out.split('\n').map((l) => l.trim()).filter((l) => /^\d+x\d+t0:/.test(l));
  if (ids.length !== run.count) throw new Error(`sgt-loopy printed ${ids.length} game IDs, expected ${run.count}`);
  return ids;
}
