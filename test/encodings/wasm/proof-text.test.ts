// auto's core writes its deduction's proof records as text itself (encodings/wasm/proof-text.ts): the same bytes
// as the proof log's JavaScript makes from the same records, for every kind the rules core writes (learnt clauses,
// cycle lemmas, rule lemmas on Loopy's other grids, the empty clause), and the decided loop's two lists; and so
// for its search's records (cycle and cut lemmas, learnt and blocking clauses, the empty clause).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadDataset } from '../../../datasets/load.ts';
import { ProofLog } from '../../../encodings/backends/cdcl/proof-log.ts';
import { AUTO_CORE_WASM } from '../../../encodings/backends/auto/wasm/core.wasm.ts';
import { writePuzzle, type AutoCore } from '../../../encodings/backends/auto/wasm/binding.ts';
import { edgeCountOf, type Puzzle } from '../../../encodings/grid.ts';
import { CorePool } from '../../../encodings/wasm/core-pool.ts';
import { WasmLoopSearch } from '../../../encodings/backends/cdcl/wasm/binding.ts';
import { Portfolio } from '../../../encodings/backends/cdcl/loop-search.ts';

const cores = new CorePool<AutoCore>(AUTO_CORE_WASM, 'auto', (core) => core.collect());

/** The deduction's records and text for a puzzle (trial always, no deadline), from one instance of auto's core. */
function deduce(puzzle: Puzzle): { records: Int32Array; lines: Uint8Array; claim: Uint8Array; blocking: Uint8Array; loop: Uint8Array } {
  const core = cores.take();
  writePuzzle(core, puzzle);
  core.solveAuto(0, 1, 2, 1, 0, Infinity, Infinity, 1000, 1, 1);
  const records = new Int32Array(core.memory.buffer, core.deductionProofPointer(), core.deductionProofLength()).slice();
  const loop = new Uint8Array(core.memory.buffer, core.decidedLoopPointer(), edgeCountOf(puzzle)).slice();
  core.deductionProofText(1);
  const text = new Uint8Array(core.memory.buffer, core.proofTextPointer(), core.proofTextLength()).slice();
  const claimAt = core.loopClaimAt();
  const blockingAt = core.loopBlockingAt();
  cores.give(core);
  return { records, lines: text.subarray(0, claimAt), claim: text.subarray(claimAt, blockingAt), blocking: text.subarray(blockingAt), loop };
}

/** Asserts that the core's text of the records is what ProofLog makes of them in JavaScript; returns that text. */
function sameText(puzzle: Puzzle, records: Int32Array, text: Uint8Array, label: string): string {
  const inJavaScript = new ProofLog(puzzle);
  inJavaScript.append(records);
  const inCore = new ProofLog(puzzle);
  inCore.appendText(text);
  const expected = inJavaScript.text(puzzle, { kind: 'unsat' });
  assert.equal(inCore.text(puzzle, { kind: 'unsat' }), expected, label);
  return expected;
}

test("the core's text of its deduction's records is the proof log's, byte for byte, and so are the loop's lists", () => {
  const kinds = new Set<string>();
  const sets: [string, number][] = [['gen-30x25', 3], ['gen-40x35', 2], ['loopy-20x20-hard', 3], ['gen-15x15-hard', 3], ['unsat', 6], ['loopy-kagome-10x10-hard', 3], ['loopy-greathexagonal-10x10-hard', 2]];
  for (const [set, count] of sets) {
    for (const { id, puzzle } of loadDataset(set).instances.slice(0, count)) {
      const { records, lines, claim, blocking, loop } = deduce(puzzle);
      const expected = sameText(puzzle, records, lines, `${set} ${id}`);
      for (const line of expected.split('\n').slice(2)) kinds.add(line === '0' ? 'empty' : line.startsWith('y ') ? 'cycle' : line.startsWith('r ') ? 'rule' : line === '' ? 'none' : 'learnt');
      const edges = [...loop.keys()].filter((e) => loop[e] === 1);
      assert.equal(new TextDecoder().decode(claim), edges.map((e) => `${e + 1} `).join(''), `${set} ${id}: the claim's list`);
      assert.equal(new TextDecoder().decode(blocking), edges.map((e) => `-${e + 1} `).join(''), `${set} ${id}: the blocking clause's list`);
    }
  }
  for (const kind of ['learnt', 'cycle', 'rule', 'empty']) assert.ok(kinds.has(kind), `a line of kind ${kind} among ${[...kinds]}`);
});

test("auto's core's text of its search's records is the proof log's, byte for byte", () => {
  const kinds = new Set<string>();
  const sets: [string, number][] = [['gen-15x15-hard', 3], ['gen-20x20-fully-minimal', 1], ['unsat', 4], ['loopy-10x10-hard', 2], ['loopy-kagome-10x10-hard', 1]];
  for (const [set, count] of sets) {
    for (const { id, puzzle } of loadDataset(set).instances.slice(0, count)) {
      // The search of the puzzle as given, in auto's core (as auto with presolve=off runs it).
      const core = cores.take();
      const search = WasmLoopSearch.load(puzzle, { seed: 1, connectivity: 'blocks', corners: true }, undefined, core, true);
      const outcome = new Portfolio(search).run(puzzle, performance.now() + 60_000, true);
      if (outcome.unique === false) continue;
      const records = new Int32Array(core.memory.buffer, core.proofPointer(), core.proofLength()).slice();
      core.proofText();
      const text = new Uint8Array(core.memory.buffer, core.proofTextPointer(), core.proofTextLength()).slice();
      cores.give(core);
      const expected = sameText(puzzle, records, text, `${set} ${id}`);
      for (const line of expected.split('\n').slice(2)) kinds.add(line === '0' ? 'empty' : /^[a-z] /.test(line) ? line[0] + (line[0] === 'x' && !line.endsWith(' 0') ? ' with a hinge' : '') : line === '' ? 'none' : 'learnt');
    }
  }
  for (const kind of ['learnt', 'y', 'x', 'x with a hinge', 'b', 'empty']) assert.ok(kinds.has(kind), `a line of kind ${kind} among ${[...kinds]}`);
});
