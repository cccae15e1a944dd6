// The browser build, written to a fresh temporary folder for one test file (never the shared dist/browser/,
// so that a test always runs the bundle of the sources it tests).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinPuzzlesPath, readPuzzleLines } from '../../datasets/builtin.ts';
import { writeBrowserBuild, type BrowserBuild } from '../../runners/browser/build.ts';

export interface BuiltBrowser extends BrowserBuild {
  dir: string;
  remove(): void;
}

export async function buildBrowserInTemp(): Promise<BuiltBrowser> {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-browser-'));
  let built: BrowserBuild;
  try {
    built = await writeBrowserBuild(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { ...built, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A result's stats without its times (keys ending in Ms), which differ from run to run. */
export function statsWithoutTimes(stats: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(stats as Record<string, unknown>).filter(([key]) => !key.endsWith('Ms')));
}

/** The first puzzle of a built-in dataset's puzzles.txt (its lines: `ID<TAB>puzzle`). */
export function firstPuzzle(dataset: string): string {
  return readPuzzleLines(readFileSync(builtinPuzzlesPath(dataset)!, 'utf8'))[0].puzzle;
}
