// bench:scale runs bench's runner in its own process, size by size, and writes down each size's run as an
// experiment file whose printed command carries that run on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readRecords } from '../../../reports/records.ts';

const run = promisify(execFile);

test('bench:scale: one bench run per size in its own directory, the summary, and the command it prints runs as printed', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'scale-')), 'out');
  try {
    const script = new URL('../../../runners/experiments/scale.ts', import.meta.url).pathname;
    const scale = await run(process.execPath, ['--import', 'tsx', script, '--sizes', '5x5', '--per-size', '1', '--backends', 'rules', '--timeout', '5', '--peer', 'off', '--out', out]);
    assert.deepEqual(readRecords(join(out, '5x5')).map((r) => [r.backend, r.status, r.unique]), [['rules', 'solved', true]]);
    assert.match(readFileSync(join(out, 'summary.md'), 'utf8'), /\| rules \| 5x5 \| 1\/1 \|/);
    const printed = /as slitherbench (bench --config \S+ --out \S+ --resume)\n/.exec(scale.stderr)?.[1];
    assert.ok(printed, scale.stderr);
    const again = await run(process.execPath, ['bin/slitherbench.js', ...printed.split(' '), '--no-report']);
    assert.match(again.stderr, /1 of 1 runs already recorded, 0 to go/);
    assert.equal(readRecords(join(out, '5x5')).length, 1);
  } finally {
    rmSync(join(out, '..'), { recursive: true, force: true });
  }
});
