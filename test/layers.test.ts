// The layer rules (.dependency-cruiser.cjs) hold on this tree, and they do fail on an import that runs
// back up a layer or across back-end families: a small tree with such imports is cruised and must be red.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const depcruise = join(root, 'node_modules/.bin/depcruise');
const cruise = (cwd: string, paths: string[]) => spawnSync(depcruise, [...paths, '--config', '.dependency-cruiser.cjs'], { cwd, encoding: 'utf8' });

test('the project keeps its layers: no import runs back up', () => {
  const out = cruise(root, ['encodings', 'datasets', 'reports', 'runners', 'bin']);
  assert.equal(out.status, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /no dependency violations/);
});

test('an upward import, a cross-family import and a cycle are each caught by name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-layers-'));
  try {
    copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true } }));
    const files: Record<string, string> = {
      'encodings/grid.ts': "import { Bench } from '../runners/harness/bench.ts';\nexport const grid = Bench;\n",
      'encodings/backends/sat/sat-lazy.ts': "import { circuit } from '../cpsat/model.ts';\nexport const lazy = circuit;\n",
      'encodings/backends/cpsat/model.ts': 'export const circuit = 1;\n',
      'encodings/certify/check.ts': "import { circuit } from '../backends/cpsat/model.ts';\nexport const check = circuit;\n",
      'reports/index.ts': "import { Bench } from '../runners/harness/bench.ts';\nexport const report = Bench;\n",
      'runners/harness/bench.ts': "import { loop } from './pool.ts';\nexport const Bench = loop;\n",
      'runners/harness/pool.ts': "import { Bench } from './bench.ts';\nexport const loop = () => Bench;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const out = cruise(dir, ['encodings', 'reports', 'runners']);
    assert.notEqual(out.status, 0, 'the cruise must fail');
    for (const rule of ['encodings-imports-nothing-above', 'back-end-families-stay-apart', 'reports-never-imports-runners', 'no-circular', 'the-proof-checker-trusts-only-the-ir']) {
      assert.match(out.stdout, new RegExp(rule), `${rule} is reported`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
