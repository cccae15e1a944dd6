// Certified runs through the solve pipeline: a unique loop, no loop and two loops are certified (the first two
// by a proof the checker verified), back-ends and options that write no proofs say so, a presolved run is not
// certified, `--proof FILE` writes the proof unchecked, and a proof the checker rejects is not a certificate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadDataset } from '../../../../datasets/load.ts';
import { getBackend } from '../../../../encodings/registry.ts';
import { withFixedEdges, type Puzzle } from '../../../../encodings/grid.ts';
import { checkProof } from '../../../../encodings/certify/check.ts';
import { solveWithBackend, type PipelineOptions } from '../../../../runners/harness/solving/pipeline.ts';
import { certificateOf } from '../../../../runners/harness/solving/certificate.ts';
import { ONE_SHOT_CHECK_V8_FLAGS } from '../../../../runners/harness/solving/one-shot-flags.ts';
import { backendRows } from '../../../../runners/harness/solving/backend-rows.ts';

const OPTIONS: PipelineOptions = { timeoutMs: 60_000, unique: false, seed: 1, params: {}, certify: true };
const first = (set: string): Puzzle => loadDataset(set).instances[0].puzzle;

test('cdcl-loop and auto certify a unique loop, no loop and two loops; --certify implies --unique', async () => {
  for (const id of ['cdcl-loop', 'auto']) {
    const backend = await getBackend(id);
    const unique = await solveWithBackend(backend, first('gen-10x10-minimal'), OPTIONS);
    assert.equal(unique.unique, true, id);
    assert.equal(unique.certificate?.certified, 'yes', `${id}: ${unique.certificate?.reason}`);
    assert.equal(unique.certificate?.claim, 'unique');
    assert.ok(unique.certificate!.proofBytes! > 0 && unique.certificate!.checkMs! >= 0);
    const unsat = await solveWithBackend(backend, first('unsat'), OPTIONS);
    assert.deepEqual([unsat.status, unsat.certificate?.certified, unsat.certificate?.claim], ['unsat', 'yes', 'unsat'], id);
    const multi = await solveWithBackend(backend, first('multi'), OPTIONS);
    assert.deepEqual([multi.unique, multi.certificate?.certified, multi.certificate?.claim], [false, 'yes', 'not unique'], id);
  }
});

test('back-ends and options that write no proofs are not supported, and a presolved run is not certified', async () => {
  const puzzle = first('gen-10x10');
  const rules = await solveWithBackend(await getBackend('rules'), puzzle, OPTIONS);
  assert.equal(rules.status, 'solved');
  assert.equal(rules.certificate?.certified, 'not supported');
  const reference = await solveWithBackend(await getBackend('cdcl-loop'), puzzle, { ...OPTIONS, params: { core: 'typescript' } });
  assert.equal(reference.certificate?.certified, 'not supported');
  assert.match(reference.certificate!.reason!, /core=typescript/);
  const presolved = await solveWithBackend(await getBackend('cdcl-loop'), puzzle, { ...OPTIONS, presolver: await getBackend('rules') });
  assert.equal(presolved.status, 'solved');
  assert.equal(presolved.certificate?.certified, 'no');
  assert.match(presolved.certificate!.reason!, /presolve/);
  const plain = await solveWithBackend(await getBackend('cdcl-loop'), puzzle, { ...OPTIONS, certify: false });
  assert.equal(plain.certificate, undefined);
});

test('with a proof file the proof is written, not checked, and the checker verifies it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
  try {
    const puzzle = first('gen-15x15-hard');
    const proofFile = join(dir, 'proof.txt');
    const run = await solveWithBackend(await getBackend('cdcl-loop'), puzzle, { ...OPTIONS, proofFile });
    assert.equal(run.certificate?.certified, 'written');
    assert.equal(run.certificate?.checkMs, undefined);
    const text = readFileSync(proofFile, 'latin1');
    assert.equal(text.length, run.certificate?.proofBytes);
    assert.equal(checkProof(puzzle, text).verified, true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a proof the checker rejects, or one that claims another answer, certifies nothing', async () => {
  const puzzle = first('gen-10x10-minimal');
  const run = await solveWithBackend(await getBackend('cdcl-loop'), puzzle, OPTIONS);
  const proofFile = join(mkdtempSync(join(tmpdir(), 'certificate-')), 'proof.txt');
  await solveWithBackend(await getBackend('cdcl-loop'), puzzle, { ...OPTIONS, proofFile });
  const proof = readFileSync(proofFile, 'latin1');
  rmSync(proofFile);
  const result = { status: 'solved' as const, unique: true, solution: run.solution, stats: {} };
  assert.equal((await certificateOf(puzzle, { ...result, proof }, 'solved', true)).certified, 'yes');
  // The empty clause dropped: the proof no longer ends in a contradiction.
  const cut = await certificateOf(puzzle, { ...result, proof: proof.replace(/^0\n/m, '') }, 'solved', true);
  assert.deepEqual([cut.certified, cut.verified], ['no', false]);
  // A verified proof of "unique" offered for a "no loop" answer: the checker's claim is not the answer's.
  const other = await certificateOf(puzzle, { ...result, proof }, 'unsat', null);
  assert.deepEqual([other.certified, other.verified, other.reason], ['no', true, 'the proof claims another answer']);
});

test('solve --certify prints the certificate, and generate --certify certifies every puzzle it writes', () => {
  const bin = new URL('../../../../bin/slitherbench.js', import.meta.url).pathname;
  const solved = execFileSync(process.execPath, [bin, 'solve', '5x5t0:3222b2a0c21a1d12b3', '--certify', '--backend', 'cdcl-loop'], { encoding: 'utf8' });
  assert.match(solved, /^certified: the loop is the only one \(proof of \d+ bytes, checked in/m);
  const generated = spawnSync(process.execPath, [bin, 'generate', '--size', '5x5', '--count', '2', '--certify', '--confirm', 'none'], { encoding: 'utf8' });
  assert.equal(generated.status, 0, generated.stderr);
  assert.equal(generated.stdout.trim().split('\n').length, 2);
  assert.equal(generated.stderr.match(/certified unique \(proof of \d+ KB checked in/g)?.length, 2, generated.stderr);
});

test('solve --certify checks its proof with the one-shot check flags and records them; --unique and --proof do not set them', () => {
  const bin = new URL('../../../../bin/slitherbench.js', import.meta.url).pathname;
  const flagsOf = (...args: string[]) => (JSON.parse(execFileSync(process.execPath, [bin, 'solve', '5x5t0:3222b2a0c21a1d12b3', '--backend', 'cdcl-loop', '--json', ...args], { encoding: 'utf8' })).stats.v8Flags ?? '') as string;
  const check = ONE_SHOT_CHECK_V8_FLAGS.join(' ');
  for (const extra of [[], ['--in-process']]) assert.ok(flagsOf('--certify', ...extra).endsWith(check), extra.join(' '));
  assert.ok(!flagsOf('--unique').includes(check));
  const dir = mkdtempSync(join(tmpdir(), 'proof-'));
  try {
    assert.ok(!flagsOf('--certify', '--proof', join(dir, 'proof.txt')).includes(check));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('generate --certify with cdcl-loop confirming notes both the confirmation and the certificate of each puzzle', () => {
  const bin = new URL('../../../../bin/slitherbench.js', import.meta.url).pathname;
  const generated = spawnSync(process.execPath, [bin, 'generate', '--size', '5x5', '--count', '2', '--certify', '--confirm', 'cdcl-loop'], { encoding: 'utf8' });
  assert.equal(generated.status, 0, generated.stderr);
  assert.equal(generated.stderr.match(/unique by cdcl-loop in [\d.]+ s, certified unique \(proof of \d+ KB checked in/g)?.length, 2, generated.stderr);
});

test('a back-end asked directly to certify a puzzle with edges fixed in advance answers without a proof', async () => {
  const puzzle = first('gen-10x10');
  const loop = (await solveWithBackend(await getBackend('cdcl-loop'), puzzle, OPTIONS)).solution!;
  const fixed = withFixedEdges(puzzle, [{ edge: loop.on.indexOf(1), on: true }]);
  for (const id of ['cdcl-loop', 'auto']) {
    const result = await (await getBackend(id)).solve(fixed, { timeoutMs: 60_000, unique: true, seed: 1, params: {}, certify: true });
    assert.deepEqual([result.status, result.unique, result.proof], ['solved', true, undefined], id);
  }
});

test('backends lists which back-ends certify with their default options', async () => {
  const rows = await backendRows();
  const certifies = (name: string) => rows.find((r) => r.name === name)?.certifies;
  assert.deepEqual([certifies('cdcl-loop'), certifies('auto'), certifies('rules'), certifies('cpsat-circuit')], [true, true, false, false]);
});

test('"not unique" is certified only by a second loop that the verifier accepts and that differs from the first', async () => {
  const puzzle = first('multi');
  const run = await solveWithBackend(await getBackend('cdcl-loop'), puzzle, OPTIONS);
  assert.equal(run.unique, false);
  const [loop, second] = [run.solution!, run.secondSolution!];
  assert.ok(loop && second);
  const result = { status: 'solved' as const, unique: false, solution: loop, stats: {} };
  const certificate = (secondSolution?: typeof second | null) => certificateOf(puzzle, { ...result, secondSolution }, 'solved', false);
  assert.deepEqual(await certificate(second), { certified: 'yes', claim: 'not unique' });
  for (const [secondSolution, reason] of [
    [undefined, /gave no second loop/],
    [null, /gave no second loop/],
    [loop, /the second loop is the first one again/],
    [{ ...second, on: second.on.map((bit, e) => (e === second.on.indexOf(1) ? 0 : bit)) }, /the second loop is not a solution: /],
  ] as const) {
    const c = await certificate(secondSolution);
    assert.deepEqual([c.certified, c.claim], ['no', 'not unique']);
    assert.match(c.reason!, reason);
  }
});
