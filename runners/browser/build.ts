// `npm run build:browser` (and `npm run build`, into dist/browser/): bundles runners/browser/index.ts with
// esbuild into one ES module (slitherbench.js) and writes the static page (index.html), self-contained so that
// it opens from file://: Chromium loads no module script and no worker file from a file:// page, but runs an
// inline classic script and a classic worker made from a blob, so the page carries the bundle in classic form.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BuildOptions, Plugin } from 'esbuild';
import { listBackends } from '../../encodings/registry.ts';
import { projectManifest } from '../../encodings/project.ts';
import { REPOSITORY } from '../harness/start-up/compiled.ts';
import { BROWSER_BACKENDS } from './backend-names.ts';

// Always the sources (also when this runs compiled, from dist/): esbuild reads TypeScript itself.
const ENTRY = join(REPOSITORY, 'runners/browser/index.ts');
const PAGE = join(REPOSITORY, 'runners/browser/page');
/** The module's name inside the page's classic script (`slitherbench.parsePuzzle(...)`). */
const GLOBAL_NAME = 'slitherbench';
export const DEFAULT_OUT = join(REPOSITORY, 'dist/browser');

export interface BrowserBuild {
  /** The ES module. */
  module: string;
  /** The same bundle as a classic script that sets the global `slitherbench`. */
  classic: string;
  /** The static page, with the classic bundle, its script and style inline. */
  page: string;
  /** What esbuild warned about (an import.meta left empty in the classic form, say), one line each. */
  warnings: string[];
}

/**
 * The modules only a build has: the back-ends that need Node (read from the registry now), and in place of the
 * two modules on the browser's path that use Node for one thing each, what a page has instead: the project's
 * manifest as it is now, and no files to write a proof to.
 */
async function buildTimeModules(): Promise<Plugin> {
  const inBrowser = new Set<string>(BROWSER_BACKENDS);
  const server = (await listBackends()).filter((b) => !inBrowser.has(b.name)).map((b) => ({ name: b.name, description: b.description, options: b.options ?? [], presolver: typeof b.presolve === 'function' }));
  const { version, dependencies } = projectManifest();
  const modules = new Map([
    ['slitherbench:server-backends', `export const SERVER_BACKENDS = ${JSON.stringify(server)};`],
    [join(REPOSITORY, 'encodings/project-file.ts'), `export function readProjectFile() { return ${JSON.stringify(JSON.stringify({ version, dependencies }))}; }`],
    [join(REPOSITORY, 'runners/harness/solving/proof-file.ts'), `export function writeProofFile() { throw new Error('a page writes no files: write a proof with slitherbench solve --proof'); }`],
  ]);
  return {
    name: 'slitherbench-build-time',
    setup(build) {
      build.onResolve({ filter: /^slitherbench:server-backends$|\/(project|proof)-file\.ts$/ }, (args) => {
        const path = args.path.startsWith('slitherbench:') ? args.path : join(args.resolveDir, args.path);
        return modules.has(path) ? { path, namespace: 'slitherbench' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'slitherbench' }, (args) => ({ contents: modules.get(args.path), loader: 'js' }));
    },
  };
}

/** Builds the module, its classic form and the page, in memory. */
export async function buildBrowser(): Promise<BrowserBuild> {
  const esbuild = await import('esbuild');
  const plugin = await buildTimeModules();
  const common: BuildOptions & { write: false } = { entryPoints: [ENTRY], bundle: true, write: false, platform: 'browser', target: 'es2022', charset: 'utf8', legalComments: 'none', logLevel: 'silent', plugins: [plugin] };
  const [esm, iife] = await Promise.all([esbuild.build({ ...common, format: 'esm' as const }), esbuild.build({ ...common, format: 'iife' as const, globalName: GLOBAL_NAME })]);
  const warnings = [...esm.warnings, ...iife.warnings].map((w) => `${w.location ? `${w.location.file}:${w.location.line}: ` : ''}${w.text}`);
  const module = esm.outputFiles[0].text;
  const classic = iife.outputFiles[0].text;
  // In an inline script these would end the script or change how HTML reads it.
  const unsafe = /<\/script|<!--/i.exec(classic);
  if (unsafe) throw new Error(`internal: the classic bundle contains '${unsafe[0]}' at ${unsafe.index}; it cannot be inlined in the page`);
  return { module, classic, page: inlinePage(classic), warnings };
}

/** The page's HTML (runners/browser/page/) with its stylesheet, script and the classic bundle inline. */
function inlinePage(classic: string): string {
  const read = (name: string) => readFileSync(join(PAGE, name), 'utf8');
  const html = read('index.html');
  const replaced = html
    .replace('<link rel="stylesheet" href="base.css">', () => `<style>\n${read('base.css')}</style>`)
    .replace('<link rel="stylesheet" href="page.css">', () => `<style>\n${read('page.css')}</style>`)
    .replace('<script id="slitherbench-classic" src="slitherbench.classic.js"></script>', () => `<script id="slitherbench-classic">\n${classic}</script>`)
    .replace('<script src="page.js"></script>', () => `<script>\n${read('page.js')}</script>`);
  const left = /<link rel="stylesheet" href|<script[^>]* src=/.exec(replaced);
  if (left) throw new Error(`internal: runners/browser/page/index.html: '${left[0]}' was not inlined`);
  return replaced;
}

/** Writes slitherbench.js and index.html to `outDir`. */
export async function writeBrowserBuild(outDir: string): Promise<BrowserBuild> {
  const built = await buildBrowser();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'slitherbench.js'), built.module);
  writeFileSync(join(outDir, 'index.html'), built.page);
  return built;
}

const USAGE = `usage: npm run build:browser [-- --out DIR]

Bundles the browser module (formats, verifier, SVG pictures, the rules, cdcl-loop and auto back-ends) and
writes to DIR (default dist/browser/):
  slitherbench.js  the ES module
  index.html       the static page: open it from disk or any static host; it solves in a Web Worker
`;

if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  let out = DEFAULT_OUT;
  try {
    const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    out = values.out ?? out;
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const started = Date.now();
  let built: BrowserBuild;
  try {
    built = await writeBrowserBuild(out);
  } catch (error) {
    process.stderr.write(`error: build:browser: ${(error as Error).message}\n`);
    process.exit(1);
  }
  for (const warning of built.warnings) process.stderr.write(`build:browser: warning: ${warning}\n`);
  const kb = (s: string) => `${Math.round(Buffer.byteLength(s) / 1024)} KB`;
  process.stderr.write(`build:browser: ${out} written in ${((Date.now() - started) / 1000).toFixed(1)} s (slitherbench.js ${kb(built.module)}, index.html ${kb(built.page)})\n`);
}
