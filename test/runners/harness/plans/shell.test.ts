// A printed command pastes into a shell as the words it was made of: each word comes back as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { shellCommand, shellQuote } from '../../../../runners/harness/plans/shell.ts';

test('quoted words reach the program unchanged; plain ones stay bare', () => {
  const words = ['results/run-1', "it's", 'a b', '$HOME', 'x;rm -rf y', '*', '"', 'back\\slash', '', 'sat-closure[closure=squaring]+rules', 'tab\there', 'new\nline'];
  const echoed = execFileSync('sh', ['-c', `printf '%s\\0' ${shellCommand(words)}`], { encoding: 'utf8' });
  assert.deepEqual(echoed.split('\0').slice(0, -1), words);
  assert.equal(shellQuote('--out=results/a,b@c%d+e:f'), '--out=results/a,b@c%d+e:f');
  assert.equal(shellCommand(['npx', 'slitherbench', 'bench', '--out', 'my dir']), "npx slitherbench bench --out 'my dir'");
});
