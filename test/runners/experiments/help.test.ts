// Every experiment script that package.json runs (npm run bench:...) answers --help with its usage on stdout
// and exit 0, and an unknown option with one error line and exit 2, before it does any work.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;
const scripts = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;
const files = [...new Set(Object.values(scripts).flatMap((line) => [...line.matchAll(/\btsx (runners\/experiments\/[\w-]+\.ts)/g)].map((m) => m[1])))].sort();

const runScript = async (file: string, arg: string) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `${root}${file}`, arg], { cwd: root, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

test('every experiment script answers --help, and refuses an unknown option in one line', async () => {
  assert.ok(files.length >= 10, `package.json runs ${files.length} experiment scripts`);
  for (const file of files) {
    const help = await runScript(file, '--help');
    assert.equal(help.code, 0, `${file} --help: ${help.stderr}`);
    assert.match(help.stdout, /^usage: /, `${file} --help`);
    const wrong = await runScript(file, '--no-such-option');
    assert.equal(wrong.code, 2, `${file} --no-such-option`);
    assert.match(wrong.stderr, /^error: .*--no-such-option/m, `${file} --no-such-option`);
  }
});
