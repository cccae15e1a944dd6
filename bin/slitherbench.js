#!/usr/bin/env node
// Runs the compiled JavaScript in dist/ when it is up to date with the sources (`npm run build`, which
// `npm ci` runs), else the TypeScript sources through tsx: an edited tree never runs stale code, and a
// fresh clone needs no build step. SLITHERBENCH_DIST=off always runs the sources. From dist/, the bundled
// start path (dist/bundle/main.js) when the build wrote it.
import { pathToFileURL } from 'node:url';

// A reader that stops early (`solve - | head -1`) closes the pipe: stop quietly, as Unix tools do, with no stack.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const dist = new URL('../dist/', import.meta.url);
const fromDist = process.env.SLITHERBENCH_DIST !== 'off';
// `solve` runs its back-end in a worker: the worker's thread starts first, beside the freshness check and the
// command line's load (and is dropped when dist/ turns out to be stale).
const early = fromDist && process.argv[2] === 'solve' ? await import(new URL('runners/harness/start-up/early-thread.js', dist).href).catch(() => undefined) : undefined;
early?.startSolveThread(process.argv.slice(3));
const compiled = fromDist ? await import(new URL('runners/harness/start-up/compiled.js', dist).href).catch(() => undefined) : undefined;
let main;
if (compiled?.useCompiled()) {
  ({ main } = await import(pathToFileURL(compiled.startPath('main')).href));
} else {
  early?.dropEarlyThread();
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../runners/cli/main.ts'));
}
const code = await main(process.argv.slice(2));
// Solver libraries may keep worker threads alive; a finished command exits promptly.
process.stdout.write('', () => process.exit(code));
