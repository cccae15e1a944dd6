// The compiled JavaScript in dist/ (`npm run build`, which `npm ci` runs as `prepare`) starts in a fraction
// of the time the tsx loader takes. It is used only while no source is newer than the build, so that a tree
// being edited never runs stale code: the bin and the worker fall back to the sources through tsx.
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What dist/ is built from: a change to any of these (or a new or deleted file) makes it stale. */
export const SOURCE_FOLDERS = ['encodings', 'datasets', 'reports', 'runners'] as const;
// package.json is not among them: dist/ links to it, and compiled code reads it as it is now.
export const BUILD_FILES = ['tsconfig.json', 'tsconfig.build.json'] as const;
/** Written last by the build (writeStamp). */
export const STAMP = 'dist/.build-stamp';
/** The start path bundled from dist/ (runners/start-bundle.ts): the same code in a few files, quicker to load. */
export const BUNDLE = 'dist/bundle/';
/** The bundle's entries: what the bin and a worker start from. */
export const STARTS = [
  { name: 'main', source: 'runners/cli/main.ts' },
  { name: 'worker', source: 'runners/workers/worker.ts' },
] as const;

/** Modules the bin loads itself, kept out of the bundle so that the bin and the bundle share one copy. */
export const SHARED = ['runners/harness/start-up/compiled.ts', 'runners/harness/start-up/early-thread.ts'] as const;

const here = fileURLToPath(new URL('.', import.meta.url));
/** The repository, whether this module runs from runners/harness/start-up/ or from dist/runners/harness/start-up/. */
export const REPOSITORY = fileURLToPath(new URL(here.endsWith('/dist/runners/harness/start-up/') ? '../../../../' : '../../../', import.meta.url));

/** The build's inputs, folders included (a folder changes when a file in it is added, removed or renamed). */
export function listInputs(root = REPOSITORY): string[] {
  const inputs: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(`${root}${path}`, { throwIfNoEntry: false });
    if (!stat) return;
    inputs.push(path);
    if (stat.isDirectory()) for (const entry of readdirSync(`${root}${path}`)) visit(`${path}/${entry}`);
  };
  for (const name of [...SOURCE_FOLDERS, ...BUILD_FILES]) visit(name);
  return inputs;
}

/** Written last by the build: the inputs as listed when it started, dated when it started. */
export function writeStamp(inputs: readonly string[], startedMs: number, root = REPOSITORY): void {
  writeFileSync(`${root}${STAMP}`, JSON.stringify({ built: new Date(startedMs).toISOString(), inputs }) + '\n');
  utimesSync(`${root}${STAMP}`, startedMs / 1000, startedMs / 1000);
}

/**
 * True when dist/ holds a complete build at least as new as every input. Only `stat` calls, a few ms
 * (listing folders again would cost far more): a new file shows as a newer folder.
 */
export function distIsFresh(root = REPOSITORY): boolean {
  const stamp = statSync(`${root}${STAMP}`, { throwIfNoEntry: false });
  if (!stamp) return false;
  // An installed package ships dist/ without the TypeScript sources: the build is all there is.
  if (SOURCE_FOLDERS.every((folder) => !existsSync(`${root}${folder}`))) return true;
  let inputs: string[];
  try {
    inputs = (JSON.parse(readFileSync(`${root}${STAMP}`, 'utf8')) as { inputs: string[] }).inputs;
  } catch {
    return false;
  }
  for (const path of inputs) {
    const stat = statSync(`${root}${path}`, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > stamp.mtimeMs) return false;
  }
  return inputs.length > 0;
}

let decided: boolean | undefined;

/** Whether this process starts compiled code (asked once): SLITHERBENCH_DIST=off forces the sources. */
export function useCompiled(): boolean {
  decided ??= process.env.SLITHERBENCH_DIST !== 'off' && distIsFresh();
  return decided;
}

/** The compiled file of a source file named from the repository, e.g. `runners/workers/worker.ts`. */
export function compiledPath(source: string, root = REPOSITORY): string {
  return `${root}dist/${source.replace(/\.ts$/, '.js')}`;
}

/**
 * The compiled file a start (the bin's main, a worker) runs: its bundle, which the build writes before the
 * stamp and removes before it starts again, else (esbuild failed or is absent) the dist/ mirror's module.
 */
export function startPath(name: (typeof STARTS)[number]['name'], root = REPOSITORY): string {
  const bundled = `${root}${BUNDLE}${name}.js`;
  return existsSync(bundled) ? bundled : compiledPath(STARTS.find((start) => start.name === name)!.source, root);
}
