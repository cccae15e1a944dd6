// `npm run build` (and `prepare`, so `npm ci` runs it): compiles the sources to dist/ with tsc and lays dist/
// out as a mirror of the repository, so that `new URL('../x', import.meta.url)` finds from a compiled module
// what it finds from its source: the other files of the source folders (datasets, YAML plans, ASP programs)
// are copied, and package.json, node_modules and bin are links to the originals.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { BUNDLE, listInputs, REPOSITORY, SOURCE_FOLDERS, STAMP, writeStamp } from './harness/start-up/compiled.ts';

const root = REPOSITORY;
const dist = `${root}dist/`;
const started = Date.now();
const inputs = listInputs(root);

let tsc: string;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // An install without devDependencies still runs, through tsx.
  process.stderr.write('build: typescript is not installed; slitherbench will run its sources through tsx\n');
  process.exit(0);
}

rmSync(`${root}${STAMP}`, { force: true });
// A bundle of an older build must not outlive it: it is written again below, or not at all.
rmSync(`${root}${BUNDLE}`, { recursive: true, force: true });
// tsc's incremental state trusts dist/ to hold what it wrote last; without a finished build, start over.
if (!existsSync(`${dist}runners/cli/main.js`)) rmSync(`${dist}.tsbuildinfo`, { force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { cwd: root, stdio: 'inherit' });
// Status 2: type errors, JavaScript written anyway; it runs as tsx (which checks no types) would run the sources.
if (compiled.status === 2) process.stderr.write('build: type errors (see above, or npm run typecheck); dist/ written all the same\n');
else if (compiled.status !== 0) {
  process.stderr.write('build: tsc wrote nothing; dist/ is left without its stamp, so slitherbench runs its sources through tsx\n');
  process.exit(compiled.status ?? 1);
}

let copied = 0;
let removed = 0;
const walk = (folder: string, visit: (path: string) => void) => {
  if (!existsSync(`${root}${folder}`)) return;
  for (const entry of readdirSync(`${root}${folder}`, { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) walk(path, visit);
    else visit(path);
  }
};
for (const folder of SOURCE_FOLDERS) {
  walk(folder, (path) => {
    if (path.endsWith('.ts')) return;
    mkdirSync(dirname(`${dist}${path}`), { recursive: true });
    copyFileSync(`${root}${path}`, `${dist}${path}`);
    copied++;
  });
}
// Compiled files whose source is gone would still be found by a path built at run time: remove them.
const distFolder = (folder: string) => `dist/${folder}`;
for (const folder of SOURCE_FOLDERS) {
  walk(distFolder(folder), (path) => {
    const source = path.slice('dist/'.length);
    const stem = /^(.*)\.(js|js\.map|d\.ts)$/.exec(source)?.[1];
    // A .js whose source is a .js (the serve page's script) is copied, not compiled: it is no left-over.
    if (stem ? !existsSync(`${root}${stem}.ts`) && !existsSync(`${root}${source}`) : !existsSync(`${root}${source}`)) {
      rmSync(`${root}${path}`);
      removed++;
    }
  });
}
for (const name of ['package.json', 'node_modules', 'bin']) {
  const link = `${dist}${name}`;
  if (lstatSync(link, { throwIfNoEntry: false })) unlinkSync(link);
  symlinkSync(`../${name}`, link);
}
// The start path in a few files; without it the bin and the workers load dist/'s modules one by one.
let bundled = '';
try {
  const { writeStartBundle } = await import('./start-bundle.ts');
  bundled = `; start path bundled in ${await writeStartBundle(root)} files`;
} catch (error) {
  process.stderr.write(`build: the start path was not bundled (${(error as Error).message.split('\n')[0]}); dist/ runs unbundled\n`);
}
// The browser module and its static page (npm run build:browser's output), so that an installed package has them.
let browser = '';
try {
  const { writeBrowserBuild } = await import('./browser/build.ts');
  await writeBrowserBuild(`${dist}browser`);
  browser = '; dist/browser/ bundled';
} catch (error) {
  process.stderr.write(`build: the browser module was not bundled (${(error as Error).message.split('\n')[0]})\n`);
}
writeStamp(inputs, started, root);
process.stderr.write(`build: dist/ compiled in ${((Date.now() - started) / 1000).toFixed(1)} s; ${copied} other files copied${removed ? `, ${removed} left-overs removed` : ''}${bundled}${browser}\n`);
