// A wasm core's proof records (proof-records.ts: the rules core's deduction, the cdcl core's search) as the
// proof's lines of text (docs/proof-format.md), written in the core (AssemblyScript): the lines
// cdcl/proof-log.ts's append makes from the same records in JavaScript (a test holds the two to the same bytes).
// Why: JavaScript copies each number's digits through a table, a call and a loop per number, run cold in a fresh
// process, and a 40x35 puzzle's deduction writes about 12,000 numbers, a 20x20 search's proof up to 90,000;
// here a literal is one store from a table of the edges' numbers.
import { PROOF_BLOCKING, PROOF_CUT, PROOF_CYCLE, PROOF_DELETE, PROOF_EMPTY, PROOF_LEARNT, PROOF_RULE, PROOF_WINDOW } from './proof-records';

/** The text written last (ASCII), reused from one proof to the next and grown when one needs more (none until a proof is written: a core instance of a plain search touches no page for it). */
let text = new StaticArray<u8>(0);
let textLength = 0;
/** Where the loop's claim list and its blocking list start in the text (writeLoopText), after the lines. */
let claimAt = 0;
let blockingAt = 0;

export function proofTextPointer(): usize { return changetype<usize>(text); }
export function proofTextLength(): i32 { return textLength; }
export function loopClaimAt(): i32 { return claimAt; }
export function loopBlockingAt(): i32 { return blockingAt; }

/** Room for `more` bytes after the text so far. */
function reserve(more: i32): void {
  if (digitPairs.length == 0) makePairs();
  if (textLength + more <= text.length) return;
  const bigger = new StaticArray<u8>(max(text.length * 2, textLength + more));
  memory.copy(changetype<usize>(bigger), changetype<usize>(text), <usize>textLength);
  text = bigger;
}

/** The two digits of 0..99, as pairs of character codes ("00", "01", ..., "99"); made by reserve, when a proof is first written (a core instance of a plain search makes none). */
let digitPairs = new StaticArray<u8>(0);

function makePairs(): void {
  digitPairs = new StaticArray<u8>(200);
  for (let i = 0; i < 100; i++) {
    unchecked((digitPairs[2 * i] = <u8>(48 + i / 10)));
    unchecked((digitPairs[2 * i + 1] = <u8>(48 + (i % 10))));
  }
}

/** Writes a number (a signed edge variable, a vertex or an edge + 1; never 0) and a space after it at `at`; returns the address after them. */
@inline function putNumber(at: usize, value: i32): usize {
  if (value < 0) {
    store<u8>(at++, 45); // '-'
    value = -value;
  }
  const digits = value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10000 ? 4 : value < 100000 ? 5 : value < 1000000 ? 6 : value < 10000000 ? 7 : value < 100000000 ? 8 : value < 1000000000 ? 9 : 10;
  let end = at + <usize>digits;
  store<u8>(end, 32);
  const pairs = changetype<usize>(digitPairs);
  // Two digits at a time from the right, then the odd one first.
  while (value >= 100) {
    const pair = value % 100;
    value /= 100;
    end -= 2;
    store<u16>(end, load<u16>(pairs + (<usize>pair << 1)));
  }
  if (value >= 10) store<u16>(end - 2, load<u16>(pairs + (<usize>value << 1)));
  else store<u8>(end - 1, <u8>(48 + value));
  return at + <usize>digits + 1;
}

/**
 * Each edge's variable (e + 1) as text with a space after it, in 8 bytes (unused ones left as they are), and its
 * length: kept from one proof to the next and grown to the largest grid met, as the text of e + 1 never changes.
 * A literal is then one 8-byte store (after a '-' for an edge off) where a number's digits are several.
 */
let variableText = new StaticArray<u64>(0);
let variableLength = new StaticArray<u8>(0);
/** Edge variables of up to seven digits come from the table; larger ones are written digit by digit. */
const TABLE_LIMIT = 9999999;

/** Makes the table hold the edges 0..edges - 1. */
function coverEdges(edges: i32): void {
  const have = variableText.length;
  if (edges <= have) return;
  if (digitPairs.length == 0) makePairs();
  const size = min(max(edges, have * 2), TABLE_LIMIT);
  const text = new StaticArray<u64>(size);
  const length = new StaticArray<u8>(size);
  memory.copy(changetype<usize>(text), changetype<usize>(variableText), <usize>have << 3);
  memory.copy(changetype<usize>(length), changetype<usize>(variableLength), <usize>have);
  for (let e = have; e < size; e++) {
    const at = changetype<usize>(text) + (<usize>e << 3);
    unchecked((length[e] = <u8>(putNumber(at, e + 1) - at)));
  }
  variableText = text;
  variableLength = length;
}

/** Writes a literal (edge e on: `e + 1`, off: `-(e + 1)`) and a space at `at`; returns the address after them. */
@inline function putLiteral(at: usize, literal: i32): usize {
  const e = literal >> 1;
  if (literal & 1) store<u8>(at++, 45); // '-'
  if (e >= variableText.length) return putNumber(at, e + 1);
  store<u64>(at, unchecked(variableText[e]));
  return at + <usize>unchecked(variableLength[e]);
}

/** A record's list of indexes at records[i] (its count first), each written as index + 1 and closed by 0, at `at`; returns the address after it and sets listEnd to the record position after it. */
let listEnd = 0;
function putIndexList(records: StaticArray<i32>, i: i32, at: usize): usize {
  const m = unchecked(records[i++]);
  store<u8>(at++, 32);
  for (let k = 0; k < m; k++) at = putNumber(at, unchecked(records[i + k]) + 1);
  store<u8>(at++, 48);
  listEnd = i + m;
  return at;
}

/** The letter before a line of this kind's literals (0: none, a learnt clause; -1: no kind of record). */
function prefixOf(kind: i32): i32 {
  if (kind == PROOF_LEARNT) return 0;
  if (kind == PROOF_CYCLE) return 121; // 'y'
  if (kind == PROOF_RULE) return 114; // 'r'
  if (kind == PROOF_CUT) return 120; // 'x'
  if (kind == PROOF_BLOCKING) return 98; // 'b'
  if (kind == PROOF_DELETE) return 100; // 'd'
  if (kind == PROOF_WINDOW) return 119; // 'w'
  return -1;
}

/** Writes records[0..length) as lines, from the start of the text; their literals are of edges below `edges`. */
export function writeRecordsText(records: StaticArray<i32>, length: i32, edges: i32): void {
  textLength = 0;
  coverEdges(edges);
  // At most 11 characters per number (sign and ten digits) and a space or newline after it, prefixes aside, and
  // the 8 bytes a literal's store may write past its end.
  reserve(length * 12 + 72);
  const start = changetype<usize>(text);
  let at = start;
  let i = 0;
  while (i < length) {
    const kind = unchecked(records[i]);
    const n = unchecked(records[i + 1]);
    i += 2;
    if (kind == PROOF_EMPTY) {
      store<u16>(at, 0x0a30); // "0\n"
      at += 2;
      continue;
    }
    const prefix = prefixOf(kind);
    if (prefix < 0) throw new Error('a proof record of no known kind');
    if (prefix > 0) {
      store<u8>(at, <u8>prefix);
      store<u8>(at + 1, 32);
      at += 2;
    }
    const end = i + n;
    for (; i < end; i++) {
      const literal = unchecked(records[i]);
      at = putLiteral(at, literal);
    }
    store<u8>(at++, 48);
    if (kind == PROOF_RULE) {
      // The vertices, then the faces, whose rules it names.
      at = putIndexList(records, i, at);
      at = putIndexList(records, listEnd, at);
      i = listEnd;
    } else if (kind == PROOF_CUT) {
      // The vertex set and, when there is one, the hinge vertex after it.
      const hinge = unchecked(records[i]);
      at = putIndexList(records, i + 1, at);
      i = listEnd;
      if (hinge >= 0) {
        store<u8>(at++, 32);
        at = putNumber(at, hinge + 1) - 1;
      }
    }
    store<u8>(at++, 10);
  }
  textLength = <i32>(at - start);
}

/** writeLoopText's list of the loop's edges, kept from one proof to the next. */
let loopEdges = new StaticArray<i32>(0);

/**
 * After the lines: a loop's edges (one byte per edge, 1 on) as edge numbers, each with a space after it (the
 * claim's list), then each negated (the blocking clause's), at loopClaimAt() and loopBlockingAt().
 */
export function writeLoopText(loop: StaticArray<u8>, edges: i32): void {
  reserve(edges * 25 + 2);
  const start = changetype<usize>(text);
  let at = start + <usize>textLength;
  claimAt = textLength;
  coverEdges(edges);
  if (loopEdges.length < edges) loopEdges = new StaticArray<i32>(edges);
  let n = 0;
  for (let e = 0; e < edges; e++) {
    if (!unchecked(loop[e])) continue;
    unchecked((loopEdges[n++] = e));
    at = putLiteral(at, 2 * e);
  }
  blockingAt = <i32>(at - start);
  // The same numbers, each negated.
  for (let i = 0; i < n; i++) at = putLiteral(at, 2 * unchecked(loopEdges[i]) + 1);
  textLength = <i32>(at - start);
}
