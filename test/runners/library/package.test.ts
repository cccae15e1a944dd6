// The package as a consumer gets it: `npm pack`, the tarball installed into a fresh project from the npm
// cache, then docs/examples/library.mjs run with plain Node (no tsx: it is not installed) and
// docs/examples/library.ts compiled with `tsc --noEmit` against the declarations the package ships.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servedAddress } from '../../../runners/serve/served-address.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const EXAMPLES = join(ROOT, 'docs/examples');
const project = mkdtempSync(join(tmpdir(), 'slitherbench-consumer-'));
// The installed project holds the engines (several hundred MB): it goes when the tests are done. So does the
// dist/ that packing builds in the checkout, unless it was there before: the command line runs from dist/ when
// it finds one, and later tests should meet the checkout as it was.
const distBefore = existsSync(join(ROOT, 'dist'));
after(() => {
  rmSync(project, { recursive: true, force: true });
  if (!distBefore) rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
});
let packed: { filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] };

const run = (command: string, args: string[], cwd: string, timeout = 300_000) => {
  const child = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NODE_OPTIONS: '' } });
  assert.equal(child.status, 0, `${command} ${args.join(' ')}:\n${child.stdout}\n${child.stderr}`);
  return child.stdout;
};

before(() => {
  // npm pack runs `prepare`, which builds dist/ (declarations included) first.
  packed = (JSON.parse(run('npm', ['pack', '--json', '--pack-destination', project], ROOT)) as (typeof packed)[])[0];
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${packed.filename}`], project);
});

test('the tarball holds the compiled code and its declarations, not the sources or the development tools', (t) => {
  const paths = packed.files.map((f) => f.path);
  assert.ok(paths.includes('dist/runners/library/index.js'));
  assert.ok(paths.includes('dist/runners/library/index.d.ts'));
  assert.ok(paths.includes('bin/slitherbench.js'));
  assert.ok(!paths.some((p) => p.endsWith('.ts') && !p.endsWith('.d.ts')), 'no TypeScript sources');
  assert.ok(!paths.some((p) => p.endsWith('.map')), 'no source maps of sources that are not shipped');
  for (const tool of ['tsx', 'typescript', 'assemblyscript']) assert.ok(!existsSync(join(project, 'node_modules', tool)), `${tool} was installed`);
  t.diagnostic(`package: ${packed.filename}, ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked, ${packed.entryCount} files`);
});

test('plain JavaScript: parse, solve with auto and cpsat-circuit (unique), verify, draw', () => {
  copyFileSync(join(EXAMPLES, 'library.mjs'), join(project, 'library.mjs'));
  const out = run(process.execPath, ['library.mjs'], project);
  assert.match(out, /^auto: solved, unique true, [\d.]+ ms, loop checked$/m);
  assert.match(out, /^cpsat-circuit: solved, unique true, [\d.]+ ms, loop checked$/m);
  assert.match(readFileSync(join(project, 'loop.svg'), 'utf8'), /^<svg[^>]*>[\s\S]*<path[\s\S]*<\/svg>\s*$/);
  // The command line of the installed package runs too, from dist/.
  const cli = JSON.parse(run(join(project, 'node_modules/.bin/slitherbench'), ['solve', '10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b', '--json'], project)) as { status: string };
  assert.equal(cli.status, 'solved');
});

test('TypeScript: the example compiles against the shipped declarations (tsc --noEmit), and a type error is caught', () => {
  copyFileSync(join(EXAMPLES, 'library.ts'), join(project, 'library.ts'));
  const tsconfig = { compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] }, files: ['library.ts'] };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  run(process.execPath, [tsc, '-p', '.'], project);
  // The declarations are not `any`: a wrong use fails to compile.
  writeFileSync(join(project, 'wrong.ts'), "import { solve } from 'slitherbench';\nconst ms: string = (await solve('x')).timeMs;\nexport { ms };\n");
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files: ['wrong.ts'] }));
  const wrong = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: project, encoding: 'utf8' });
  assert.notEqual(wrong.status, 0);
  assert.match(wrong.stdout, /wrong\.ts\(2,7\): error TS2322: Type 'number' is not assignable to type 'string'/);
});

test('the installed command line serves its page, script and vega from the package and its dependencies', async () => {
  const server = spawn(join(project, 'node_modules/.bin/slitherbench'), ['serve', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await servedAddress(server);
    for (const path of ['/', '/page.js', '/base.css', '/page.css', '/vendor/vega.min.js', '/browser/slitherbench.js']) {
      const response = await fetch(new URL(path, url));
      assert.equal(response.status, 200, path);
      assert.ok((await response.text()).length > 100, path);
    }
  } finally {
    server.kill();
  }
});
