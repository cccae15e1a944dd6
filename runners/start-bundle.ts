// The start path in a few files (npm run build, after tsc): the command line and the worker are bundled from
// dist/ with esbuild into dist/bundle/, because Node reads, resolves and compiles each of the hundred small
// modules a `solve` loads one at a time. Every dynamic import() stays a split point (a command, a back-end is
// still loaded only when asked for), packages but the command-line parser stay external, and each module
// still sees its own place in the dist/ mirror as import.meta.url, so that the files it finds beside itself
// are the same. The two are bundled apart: chunks shared between them would split the worker's few modules
// into more files.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import type { Plugin } from 'esbuild';
import { BUNDLE, SHARED, STARTS } from './harness/start-up/compiled.ts';

/** Packages bundled into the start path rather than loaded from node_modules. */
const BUNDLED_PACKAGES = ['commander'];

/** Bundles dist/'s command line and worker into dist/bundle/, which the build has removed before tsc (left absent when this throws). */
export async function writeStartBundle(root: string): Promise<number> {
  const dist = `${root}dist/`;
  const out = `${root}${BUNDLE}`;
  const esbuild = await import('esbuild');
  // The bin imports these before the bundle: one copy of each (the freshness check runs once a process, and the
  // thread the bin started early is found by the worker that takes it).
  const shared = SHARED.map((source) => `${dist}${source.replace(/\.ts$/, '.js')}`);
  const plugin: Plugin = {
    name: 'slitherbench-dist-places',
    setup(build) {
      // Packages load from node_modules as they are, but for the command-line parser, which every command loads:
      // bundled, it is read as one module rather than through Node's CommonJS loader, file by file.
      build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') || !BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ? { path: args.path, external: true } : undefined));
      build.onResolve({ filter: new RegExp(`(${SHARED.map((source) => basename(source, '.ts')).join('|')})\\.js$`) }, (args) => {
        const path = shared.find((module) => relative(module, `${args.resolveDir}/${args.path}`) === '');
        return path ? { path: `./${relative(out, path)}`, external: true } : undefined;
      });
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(dist) || args.path.includes('/node_modules/')) return undefined;
        const text = readFileSync(args.path, 'utf8');
        const here = `new URL(${JSON.stringify(relative(out, args.path))}, import.meta.url).href`;
        return { contents: text.replace(/\bimport\.meta\.url\b/g, here), loader: 'js' };
      });
    },
  };
  const builds = await Promise.all(STARTS.map((start) => esbuild.build({
    entryPoints: { [start.name]: `${dist}${start.source.replace(/\.ts$/, '.js')}` },
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // No keepNames: its call per function and class cost a start 1-2 ms; only a function renamed to avoid a
    // clash between modules (check2) shows another name in a stack.
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    chunkNames: `${start.name}-[hash]`,
    plugins: [plugin],
  })));
  const problems = builds.flatMap((built) => [...built.errors, ...built.warnings]);
  if (problems.length) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(problems.map((p) => `${p.location ? `${p.location.file}:${p.location.line}: ` : ''}${p.text}`).join('; '));
  }
  // The bundled parser's require() of Node's own modules goes through esbuild's __require, which needs a
  // require in scope: given to the one chunk that defines it, not to every chunk.
  for (const file of readdirSync(out)) {
    const text = readFileSync(`${out}${file}`, 'utf8');
    if (/^var __require = /m.test(text)) writeFileSync(`${out}${file}`, `import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);\n${text}`);
  }
  return builds.reduce((files, built) => files + Object.keys(built.metafile.outputs).length, 0);
}
