// The back-end spec grammar every command and experiment file reads: back-ends with options, the older
// forms still read, and an error that names what is wrong for an unknown back-end, option or value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backendLabel, formatBackendSpec, parseBackendList, parseBackendSpec, parseOptionPairs, requireAvailable, resolveBackendSpec, specWithOptions } from '../../encodings/backend-spec.ts';
import { UnknownBackendError, UsageError } from '../../encodings/errors.ts';
import { getBackend } from '../../encodings/registry.ts';

test('a comma separates back-ends, a colon a back-end from its options', () => {
  assert.deepEqual(parseBackendList('cdcl-loop:core=typescript,rules'), [
    { id: 'cdcl-loop', params: { core: 'typescript' } },
    { id: 'rules', params: {} },
  ]);
  assert.deepEqual(parseBackendList(' auto , sat-lazy:engine=cadical:cardinality=totalizer '), [
    { id: 'auto', params: {} },
    { id: 'sat-lazy', params: { engine: 'cadical', cardinality: 'totalizer' } },
  ]);
});

test('the older forms read the same: fuzz\'s id:k=v:k=v and the presolver\'s id:k=v,k=v', () => {
  const expected = [{ id: 'rules', params: { trial: 'off', rules: 'basic' } }];
  assert.deepEqual(parseBackendList('rules:trial=off:rules=basic'), expected);
  assert.deepEqual(parseBackendList('rules:trial=off,rules=basic'), expected);
  assert.deepEqual(parseBackendList('rules:trial=off,rules=basic,auto'), [...expected, { id: 'auto', params: {} }]);
  assert.deepEqual(parseOptionPairs(['core=typescript', 'trial = off']), { core: 'typescript', trial: 'off' });
});

test('a spec written back reads as the same spec, and its label is the one results carry', () => {
  for (const text of ['rules', 'cdcl-loop:core=typescript', 'rules:trial=off:rules=basic']) assert.equal(formatBackendSpec(parseBackendSpec(text, '--backend')), text);
  assert.equal(backendLabel('sat-closure', { closure: 'squaring' }, 'rules:trial=off'), 'sat-closure[closure=squaring]+rules:trial=off');
  assert.equal(backendLabel('rules', {}), 'rules');
});

test('options given beside a spec add to its own and override them, and leave the spec as written', () => {
  const spec = parseBackendSpec('cdcl-loop:core=typescript:restarts=luby', 'backend');
  assert.deepEqual(specWithOptions(spec, { core: 'wasm', phase: 'saved' }), { id: 'cdcl-loop', params: { core: 'wasm', restarts: 'luby', phase: 'saved' } });
  assert.deepEqual(spec, { id: 'cdcl-loop', params: { core: 'typescript', restarts: 'luby' } });
});

test('malformed specs are usage errors that say where and what', () => {
  const fails = (text: string, pattern: RegExp) => assert.throws(() => parseBackendList(text, '--backends'), (e: Error) => e instanceof UsageError && pattern.test(e.message), text);
  fails('', /^--backends: no back-end given/);
  fails(' , ', /no back-end given/);
  fails('trial=off,rules', /'trial=off' comes before any back-end; write it after one, e.g. rules:trial=off/);
  fails('rules:', /options after 'rules:' are empty/);
  fails('rules:trial', /an option of 'rules' is key=value, got 'trial'/);
  fails('rules:=off', /an option of 'rules' is key=value, got '=off'/);
  fails('rules:trial=', /option 'trial' of 'rules' has no value/);
  fails('rules:trial=on:trial=off', /option 'trial' of 'rules' is given twice/);
  fails(':trial=on', /'' is not a back-end ID/);
  assert.throws(() => parseBackendSpec('rules,auto', '--presolve'), /--presolve: one back-end expected, got 2 \(rules, auto\)/);
  assert.throws(() => parseOptionPairs(['core']), /--option takes key=value, got 'core'/);
});

test('an unknown back-end, option or value is named, with what would have been right', async () => {
  await assert.rejects(resolveBackendSpec({ id: 'no-such', params: {} }, '--backends'), (e: Error) => e instanceof UnknownBackendError && /^--backends: unknown back-end 'no-such' \(known: .*cdcl-loop.*\)/.test(e.message));
  await assert.rejects(resolveBackendSpec({ id: 'cdcl-loop', params: { depth: '3' } }, 'plan.yaml: backends.0'), (e: Error) => e instanceof UsageError && /^plan.yaml: backends.0: back-end 'cdcl-loop' has no option 'depth' \(its options: .*core.*\)/.test(e.message));
  await assert.rejects(resolveBackendSpec({ id: 'cdcl-loop', params: { core: 'fortran' } }), (e: Error) => e instanceof UsageError && /^option core of 'cdcl-loop' must be one of .*typescript.*; got 'fortran'/.test(e.message));
  const { backend, params } = await resolveBackendSpec(parseBackendSpec('cdcl-loop:core=typescript', '--backend'));
  assert.equal(backend.name, 'cdcl-loop');
  assert.deepEqual(params, { core: 'typescript' });
});

test('a back-end that cannot run here is refused in one sentence with the reason', async () => {
  const rules = await getBackend('rules');
  await requireAvailable(rules);
  await assert.rejects(requireAvailable(rules, async () => ({ available: false, reason: 'no engine installed' })), (e: Error) => e instanceof UsageError && e.message === "back-end 'rules' cannot run here: no engine installed");
});
