// Every experiment script that package.json runs (npm run bench:...) answers --help with its usage on stdout
// and exit 0, and an unknown option with one error line and exit 2, before it does any work.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runNode } from '../../helpers/cli.ts';

const root = new URL('../../../', import.meta.url).pathname;
const scripts = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;
const files = [...new Set(Object.values(scripts).flatMap((line) => [...line.matchAll(/\btsx (runners\/experiments\/[\w-]+\.ts)/g)].map((m) => m[1])))].sort();

const runScript = (file: string, arg: string) => runNode(['--import', 'tsx', `${root}${file}`, arg], { cwd: root, timeout: 60_000 });

test('every experiment script answers --help, and refuses an unknown option in one line', async () => {
  assert.ok(files.length >= 10, `package.json runs ${files.length} experiment scripts`);
  await Promise.all(files.map(async (file) => {
    const [help, wrong] = await Promise.all([runScript(file, '--help'), runScript(file, '--no-such-option')]);
    assert.equal(help.code, 0, `${file} --help: ${help.stderr}`);
    assert.match(help.stdout, /^usage: /, `${file} --help`);
    assert.equal(wrong.code, 2, `${file} --no-such-option`);
    assert.match(wrong.stderr, /^error: .*--no-such-option/m, `${file} --no-such-option`);
  }));
});
