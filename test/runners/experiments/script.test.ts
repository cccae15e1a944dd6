// An experiment script's options come from the settings table and are read by its rows, as a command reads
// them: a time typed in seconds is held in ms, a list is a list, a repeated --option adds up, a default is the
// script's or else the table's, and a bad value is a UsageError naming the flag.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../../encodings/errors.ts';
import { scriptOptions } from '../../../runners/experiments/script.ts';

const settings = scriptOptions(['timeout', 'backends', 'option', 'perSet', 'unique', 'clients', 'out'], {
  clients: { default: [1, 4] },
  out: { default: 'results/x', help: 'where the figures go' },
});

test('values are read by their rows: units, lists, repeats, defaults', () => {
  assert.deepEqual(settings.read({}), { timeout: 60_000, backends: undefined, option: undefined, perSet: undefined, unique: false, clients: [1, 4], out: 'results/x' });
  const typed = settings.read({ timeout: ['2.5'], backends: ['rules:trial=off,auto'], option: ['a=1', 'b=2'], 'per-set': ['3'], unique: [true], clients: ['8'], out: ['o'] });
  assert.deepEqual(typed, {
    timeout: 2500, backends: [{ id: 'rules', params: { trial: 'off' } }, { id: 'auto', params: {} }], option: { a: '1', b: '2' }, perSet: 3, unique: true, clients: [8], out: 'o',
  });
  // A flag typed twice that is not repeatable: the last wins, as with a command.
  assert.equal(settings.read({ 'per-set': ['3', '5'] }).perSet, 5);
  assert.deepEqual(settings.typed({ timeout: ['1'], out: ['o'] }), ['--timeout', '--out']);
});

test('a bad value is a UsageError naming its flag', () => {
  assert.throws(() => settings.read({ timeout: ['0'] }), (error: unknown) => error instanceof UsageError && /--timeout must be a positive number/.test(error.message));
  assert.throws(() => settings.read({ 'per-set': ['0'] }), /--per-set must be at least 1/);
  assert.throws(() => settings.read({ clients: ['2,x'] }), /--clients must be a whole number/);
  assert.throws(() => settings.read({ backends: ['trial=off'] }), /--backends: 'trial=off' comes before any back-end/);
});

test('--help lists each setting with the script\'s wording, and the default as typed', () => {
  assert.match(settings.list, /--timeout +time limit per run \(default 60\)/);
  assert.match(settings.list, /--clients +.* \(default 1,4\)/);
  assert.match(settings.list, /--out +where the figures go \(default results\/x\)/);
  assert.doesNotMatch(settings.list, /--unique .*default/);
});

test('the scripts load their back-ends alike: an unknown one, or options where the script chooses them, is one error line', () => {
  const script = (name: string, args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`../../../runners/experiments/${name}.ts`, import.meta.url)), ...args], { encoding: 'utf8' });
  for (const name of ['scale', 'model-sizes', 'cnf-sizes']) {
    const unknown = script(name, ['--backends', 'no-such-backend']);
    assert.equal(unknown.status, 2, name);
    assert.match(unknown.stderr, /^error: --backends: unknown back-end 'no-such-backend' \(known: [\w, -]+\)\n$/, name);
  }
  const withOptions = script('model-sizes', ['--backends', 'asp-reach:x=1']);
  assert.equal(withOptions.status, 2);
  assert.match(withOptions.stderr, /^error: --backends: asp-reach is named with options, which are not taken here \(each closure choice is measured\)\n$/);
});
