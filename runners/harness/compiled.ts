// The compiled JavaScript in dist/ (`npm run build`, which `npm ci` runs as `prepare`) starts in a fraction
// of the time the tsx loader takes. It is used only while no source is newer than the build, so that a tree
// being edited never runs stale code: the bin and the worker fall back to the sources through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What dist/ is built from: a change to any of these (or a new or deleted file) makes it stale. */
export const SOURCE_FOLDERS = ['encodings', 'datasets', 'reports', 'runners'] as const;
export const BUILD_FILES = ['package.json', 'tsconfig.json', 'tsconfig.build.json'] as const;
/** Written last by the build, with the time the build started as its modification time. */
export const STAMP = 'dist/.build-stamp';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The repository, whether this module runs from runners/harness/ or from dist/runners/harness/. */
export const REPOSITORY = fileURLToPath(new URL(here.endsWith('/dist/runners/harness/') ? '../../../' : '../../', import.meta.url));

/** The newest modification time among the build's inputs, folders included (they change when a file is added or removed). */
export function newestInputMs(root = REPOSITORY): number {
  let newest = 0;
  const visit = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = `${path}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else newest = Math.max(newest, statSync(child, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    }
  };
  for (const name of [...SOURCE_FOLDERS, ...BUILD_FILES]) visit(`${root}${name}`);
  return newest;
}

/** True when dist/ holds a complete build at least as new as every source. */
export function distIsFresh(root = REPOSITORY): boolean {
  const stamp = statSync(`${root}${STAMP}`, { throwIfNoEntry: false });
  return stamp !== undefined && newestInputMs(root) <= stamp.mtimeMs;
}

let decided: boolean | undefined;

/** Whether this process starts compiled code (asked once): SLITHERBENCH_DIST=off forces the sources. */
export function useCompiled(): boolean {
  decided ??= process.env.SLITHERBENCH_DIST !== 'off' && distIsFresh();
  return decided;
}

/** The compiled file of a source file named from the repository, e.g. `runners/harness/worker.ts`. */
export function compiledPath(source: string, root = REPOSITORY): string {
  return `${root}dist/${source.replace(/\.ts$/, '.js')}`;
}

/** True when this module itself runs from dist/ (so the process was started from compiled code). */
export const RUNNING_COMPILED = here.endsWith('/dist/runners/harness/');

export const hasBuild = (root = REPOSITORY) => existsSync(`${root}${STAMP}`);
