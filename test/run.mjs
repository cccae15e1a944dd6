// Runs test/**/*.test.ts with node's own runner (Node 20's `node --test` does not expand ** itself).
//   node test/run.mjs               every test except the SLURM tier (npm run test:slurm)
//   node test/run.mjs --quick       without the slow files listed below (npm run test:quick)
//   node test/run.mjs PATH...       only the test files under these files or folders (test/slurm: npm run test:slurm)
// The output is node's spec reporter, ending with its summary; the exit status is node's.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// The files that took longest in runs of the whole suite on two busy cores: those that start the CLI, a
// server, a browser or workers (and kill them), the wasm cores' equivalence checks, and the back-end suites
// that run every engine or the janko collection. `--quick` leaves them out, so that the rest takes about two
// minutes of CPU. Keep the list sorted; a file in it that does not exist is an error.
export const SLOW = [
  'test/datasets/generator-scale.test.ts',
  'test/encodings/backends/any-grid.test.ts',
  'test/encodings/backends/asp/asp-backend.test.ts',
  'test/encodings/backends/auto/wasm/binding.test.ts',
  'test/encodings/backends/cdcl/cdcl-loop.test.ts',
  'test/encodings/backends/cdcl/wasm/binding.test.ts',
  'test/encodings/backends/cpsat/model.test.ts',
  'test/encodings/backends/rules/wasm/binding.test.ts',
  'test/encodings/backends/sat/closure.test.ts',
  'test/encodings/backends/smt/z3-model.test.ts',
  'test/encodings/formats/janko.test.ts',
  'test/encodings/formats/malformed.test.ts',
  'test/reports/html.test.ts',
  'test/runners/build-dist.test.ts',
  'test/runners/cli/command-table.test.ts',
  'test/runners/cli/solve-list.test.ts',
  'test/runners/experiments/reproduce.test.ts',
  'test/runners/harness/execution/bench.test.ts',
  'test/runners/harness/execution/executor-resume.test.ts',
  'test/runners/harness/fuzz/fuzz-regressions.test.ts',
  'test/runners/harness/fuzz/fuzz.test.ts',
  'test/runners/harness/solving/presolver.test.ts',
  'test/runners/harness/shards/shard.test.ts',
  'test/runners/library/index.test.ts',
  'test/runners/library/package.test.ts',
  'test/runners/serve/app.test.ts',
  'test/runners/serve/page.test.ts',
];

// The SLURM tier starts a cluster of its own and runs apart (npm run test:slurm).
const SEPARATE = ['test/slurm/', 'test/fixtures/'];

function testFiles(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) {
    console.error(`error: ${relative(root, path)}: no such file or folder`);
    process.exit(2);
  }
  if (stat.isFile()) return path.endsWith('.test.ts') ? [path] : [];
  return readdirSync(path, { recursive: true })
    .map((name) => join(path, name))
    .filter((file) => file.endsWith('.test.ts') && statSync(file).isFile());
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const paths = args.filter((arg) => arg !== '--quick');
for (const arg of paths) {
  if (arg.startsWith('-')) {
    console.error(`error: unknown option ${arg} (node test/run.mjs [--quick] [PATH...])`);
    process.exit(2);
  }
}
const chosen = paths.length > 0 ? paths.map((p) => resolve(p)) : [join(root, 'test')];
let files = [...new Set(chosen.flatMap(testFiles))].map((file) => relative(root, file)).sort();
if (paths.length === 0) files = files.filter((file) => !SEPARATE.some((folder) => file.startsWith(folder)));
if (quick) {
  // A renamed slow file would quietly join the quick tier: name it instead.
  for (const file of SLOW) {
    if (!statSync(join(root, file), { throwIfNoEntry: false })) {
      console.error(`error: test/run.mjs lists ${file} as slow, but it does not exist`);
      process.exit(2);
    }
  }
  files = files.filter((file) => !SLOW.includes(file));
}
if (files.length === 0) {
  console.error(`error: no test files under ${paths.join(' ') || 'test/'}`);
  process.exit(2);
}

const node = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { cwd: root, stdio: 'inherit' });
process.exit(node.status ?? 1);
