// The proof a certifying search writes (docs/proof-format.md): the lines a wasm core wrote as text (appendText),
// or records turned into text here (append: the reference the cores' text is tested against), then the header
// and the claim in front. Records: [kind, n, literal x n] (literal 2e: edge e on, 2e + 1: off), for a cut lemma
// then [hinge or -1, m, vertex x m], for a rule lemma [m, vertex x m, k, face x k].
import { edgeCountOf } from '../../grid.ts';
import { PROOF_BLOCKING, PROOF_CUT, PROOF_CYCLE, PROOF_DELETE, PROOF_EMPTY, PROOF_LEARNT, PROOF_RULE, PROOF_WINDOW } from '../../wasm/proof-records.ts';

// Read once: run through tsx, an imported constant is read through a getter, and append reads these per record.
const EMPTY = PROOF_EMPTY;
const RULE = PROOF_RULE;
const CUT = PROOF_CUT;

const PREFIX: Record<number, string> = {
  [PROOF_LEARNT]: '',
  [PROOF_DELETE]: 'd ',
  [PROOF_WINDOW]: 'w ',
  [PROOF_CYCLE]: 'y ',
  [PROOF_CUT]: 'x ',
  [PROOF_BLOCKING]: 'b ',
  [PROOF_RULE]: 'r ',
};

/**
 * A loop's edges as a wasm core wrote them (encodings/wasm/proof-text.ts): each edge number with a space after it
 * (the claim's list), and each negated (the blocking clause's).
 */
export interface LoopLists {
  readonly claim: Uint8Array;
  readonly blocking: Uint8Array;
}

/** What a proof shows: no loop, or that this loop (one byte per edge, 1 on) is the only one. */
export type ProofClaim = { kind: 'unsat' } | { kind: 'unique'; loop: Uint8Array };

/** The text of 1, 2, ..., largest, each with a space after it, and where each starts: numbers are copied, not formatted. */
interface NumberTable {
  readonly numbers: Uint8Array;
  readonly numberAt: Uint32Array;
}

/** The last table made: solves of one grid size after another reuse it (a 30x25 grid's is 1,556 numbers). */
let lastTable: NumberTable | null = null;

function numberTable(largest: number): NumberTable {
  if (lastTable && lastTable.numberAt.length === largest + 2) return lastTable;
  const numberAt = new Uint32Array(largest + 2);
  let length = 0;
  for (let v = 1; v <= largest; v++) length += String(v).length + 1;
  const numbers = new Uint8Array(length);
  let at = 0;
  for (let v = 1; v <= largest; v++) {
    numberAt[v] = at;
    const text = String(v);
    for (let k = 0; k < text.length; k++) numbers[at++] = text.charCodeAt(k);
    numbers[at++] = 32;
  }
  numberAt[largest + 1] = at;
  lastTable = { numbers, numberAt };
  return lastTable;
}

/** Writes `value` (a signed edge variable, a vertex or an edge + 1; never 0) from the table at out[at]; returns the position after its space. */
function writeNumber(numbers: Uint8Array, numberAt: Uint32Array, out: Uint8Array, at: number, value: number): number {
  if (value < 0) {
    out[at++] = 45; // '-'
    value = -value;
  }
  if (value < 1 || value + 1 >= numberAt.length) throw new Error(`internal: ${value} is out of this grid's range in a proof record`);
  const end = numberAt[value + 1];
  for (let i = numberAt[value]; i < end; i++) out[at++] = numbers[i];
  return at;
}

/** A proof's first line, for a grid of this size. */
const header = (shape: { rows: number; cols: number }): string => `p slitherlink-proof 1 ${shape.rows} ${shape.cols}\n`;

/** One decoder for every log: a solve makes a log, and a decoder costs more to make than a short proof to decode. */
const decoder = new TextDecoder();

/**
 * The bytes a finished log leaves for the next one (a solve makes a log, and a new buffer costs a zeroed page each
 * time), and the buffer a whole proof is put together in before it is decoded (used within one call).
 */
let spareSteps: Uint8Array | null = null;
let whole = new Uint8Array(1 << 16);

/** Writes ASCII `text` at out[at]; returns the position after it. */
function putAscii(text: string, out: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  return at;
}

export class ProofLog {
  /**
   * The steps so far, as the bytes of their text (ASCII throughout; plain bytes, so that the browser build runs this
   * too). The proof is decoded from them once, with its header and claim: one flat string, which the checker reads
   * 3-4% faster than the same text joined from pieces.
   */
  private steps: Uint8Array;
  private length = 0;
  /** The proof was made (text or textBlockingLoop): its bytes went to the next log. */
  private finished = false;
  private readonly table: NumberTable;

  /** For a grid of this size: its edge variables and vertices (index + 1) are at most its edge count + 1. */
  constructor(shape: { rows: number; cols: number }) {
    this.table = numberTable(edgeCountOf(shape) + 1);
    this.steps = spareSteps ?? new Uint8Array(1 << 15);
    spareSteps = null;
  }

  /** Room for `more` bytes after the steps so far. */
  private reserve(more: number): void {
    if (this.finished) throw new Error('internal: a proof log written to after its proof was made');
    if (this.length + more <= this.steps.length) return;
    const bigger = new Uint8Array(Math.max(2 * this.steps.length, this.length + more));
    bigger.set(this.steps.subarray(0, this.length));
    this.steps = bigger;
  }

  /** Appends the core's records as lines of text. */
  append(records: Int32Array): void {
    if (records.length === 0) return;
    // At most 11 characters per number (sign and ten digits) and a space or newline after it, prefixes aside.
    this.reserve(records.length * 12 + 64);
    const out = this.steps;
    const { numbers, numberAt } = this.table;
    let at = this.length;
    let i = 0;
    /** A record's list of indexes (its count first), written as index + 1 each and closed by 0. */
    const indexList = () => {
      const m = records[i++];
      out[at++] = 32;
      for (let k = 0; k < m; k++) at = writeNumber(numbers, numberAt, out, at, records[i + k] + 1);
      i += m;
      out[at++] = 48;
    };
    while (i < records.length) {
      const kind = records[i];
      const n = records[i + 1];
      i += 2;
      if (kind === EMPTY) {
        out[at++] = 48; // '0'
        out[at++] = 10;
        continue;
      }
      const prefix = PREFIX[kind];
      if (prefix === undefined) throw new Error(`internal: the cdcl core wrote a proof record of unknown kind ${kind}`);
      if (prefix !== '') {
        out[at++] = prefix.charCodeAt(0);
        out[at++] = 32;
      }
      for (let k = 0; k < n; k++) {
        const literal = records[i + k];
        at = writeNumber(numbers, numberAt, out, at, literal & 1 ? -((literal >> 1) + 1) : (literal >> 1) + 1);
      }
      i += n;
      out[at++] = 48; // '0'
      if (kind === RULE) {
        // The vertices, then the faces, whose rules it names.
        indexList();
        indexList();
      }
      if (kind === CUT) {
        // The vertex set and, when there is one, the hinge vertex after it.
        const hinge = records[i++];
        indexList();
        if (hinge >= 0) {
          out[at++] = 32;
          at = writeNumber(numbers, numberAt, out, at, hinge + 1) - 1;
        }
      }
      out[at++] = 10; // '\n'
    }
    this.length = at;
  }

  /** Appends lines a wasm core wrote as text itself (encodings/wasm/proof-text.ts: ASCII, each ending in a newline). */
  appendText(lines: Uint8Array): void {
    this.reserve(lines.length);
    this.steps.set(lines, this.length);
    this.length += lines.length;
  }

  /** The whole proof: the header for this grid, the claim, then the steps. */
  text(shape: { rows: number; cols: number }, claim: ProofClaim): string {
    const head = `${header(shape)}claim ${claim.kind === 'unsat' ? 'unsat\n' : 'unique '}`;
    const loop = claim.kind === 'unique' ? this.loopText(claim.loop) : undefined;
    const out = this.wholeOf(head.length + (loop ? loop.length + 2 : 0) + this.length);
    let at = putAscii(head, out, 0);
    if (loop) {
      out.set(loop, at);
      at += loop.length;
      out[at++] = 48; // '0'
      out[at++] = 10;
    }
    out.set(this.steps.subarray(0, this.length), at);
    return this.finish(out, at + this.length);
  }

  /** The buffer to put a whole proof of `size` bytes together in. */
  private wholeOf(size: number): Uint8Array {
    if (this.finished) throw new Error('internal: a proof made twice from one log');
    if (whole.length < size) whole = new Uint8Array(Math.max(size, 2 * whole.length));
    return whole;
  }

  /** The proof out[0 ..< size] as one string; the steps' bytes go to the next log. */
  private finish(out: Uint8Array, size: number): string {
    this.finished = true;
    if (!spareSteps || spareSteps.length < this.steps.length) spareSteps = this.steps;
    return decoder.decode(out.subarray(0, size));
  }

  /** The loop's edges (one byte per edge, 1 on) as edge numbers, each with a space after it, for the claim. */
  private loopText(loop: Uint8Array): Uint8Array {
    let count = 0;
    for (let e = 0; e < loop.length; e++) if (loop[e]) count++;
    const claim = new Uint8Array(count * 12 + 16);
    let at = 0;
    const { numbers, numberAt } = this.table;
    for (let e = 0; e < loop.length; e++) if (loop[e]) at = writeNumber(numbers, numberAt, claim, at, e + 1);
    return claim.subarray(0, at);
  }

  /**
   * The whole proof of this loop (its lists as a wasm core wrote them) as the only one, once the steps so far
   * leave it alone: they end with its blocking clause (every edge of it off) and the empty clause.
   */
  textBlockingLoop(shape: { rows: number; cols: number }, loop: LoopLists): string {
    const head = `${header(shape)}claim unique `;
    const out = this.wholeOf(head.length + loop.claim.length + 2 + this.length + 2 + loop.blocking.length + 4);
    let at = putAscii(head, out, 0);
    out.set(loop.claim, at);
    at = putAscii('0\n', out, at + loop.claim.length);
    out.set(this.steps.subarray(0, this.length), at);
    at = putAscii('b ', out, at + this.length);
    out.set(loop.blocking, at);
    return this.finish(out, putAscii('0\n0\n', out, at + loop.blocking.length));
  }
}
