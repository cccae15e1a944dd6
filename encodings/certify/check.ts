// The proof checker: reads a proof of "this loop is the only solution" or "there is no solution" (the format
// is docs/proof-format.md) and checks it against the puzzle. It is the trusted part of certification, so it
// imports only the puzzle IR, the solution form and the verifier, and nothing of any back-end.
//
// Why a verified proof is right. Call a clause valid when every solution satisfies it; for "claim unique L",
// every solution other than L. The checker keeps one invariant: every clause it has accepted is valid.
// - Base clauses (lemmas.ts) are implied by one vertex's degree rule or one cell's clue, or say that some edge
//   is on: every solution satisfies them.
// - b (blocking clause of L): if it holds -e for every edge of L, a solution falsifying it has all of L on; a
//   single loop holding another loop is that loop, so it is L. If it holds +e for every edge off L, a solution
//   falsifying it has only edges of L, and a loop inside a loop is that loop: L again.
// - w (window lemma): every solution meets the rules of the window; the search found no assignment meeting
//   them that falsifies the clause.
// - y (cycle lemma): a solution with all of cycle C on is C (a loop holding a cycle is that cycle); any other
//   solution has an edge of C off, which satisfies the clause's -e. And C itself is either no solution (the
//   verifier says so) or satisfies the clause.
// - x (cut lemma, no vertex set): a solution falsifying the clause is a cycle in the grid without the clause's
//   +e edges, through all of its -e edges; a cycle uses no bridge and lies inside one block (biconnected piece).
// - x (cut lemma, set S): a solution falsifying the clause has a and b on, so it visits S and a vertex outside
//   S. Without a hinge, at most one edge leaving S can be on; a loop crosses the boundary of S an even number of
//   times, so none is, and a connected loop cannot visit both sides. With a hinge P, every edge between S and
//   the rest O (vertices neither in S nor P) is off; the loop without P (at most one vertex of it) is still
//   connected and visits S and O, so it would need such an edge.
// - A learnt clause passes reverse unit propagation over valid clauses, so it is valid (clauses.ts argues it).
// - r (rule lemma): each assignment of its named rules' open edges that meets them is refuted by RUP over valid
//   clauses, so a solution falsifying the clause would take none of them, yet meets the rules (rule-lemma.ts).
// - Deletions only take clauses out; the invariant holds for what stays.
// The empty clause is valid only when no solution (other than L) exists; the verifier checks that L is one.
// Checking backwards (checkProof) accepts only marked clauses, and tests each marked one as above: the clauses
// the empty clause's conflict used are marked, and each marked learnt clause's check marks the ones its own
// conflict used, all before it in the proof and in place there. So the empty clause follows from marked
// clauses alone, each valid by induction from the first; an unmarked clause, true or not, was used by none.
import { flatGridOf, type FlatGrid, type Puzzle } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import { showText } from '../formats/characters.ts';
import { solutionFromEdges, type Solution } from '../solution.ts';
import { verify } from '../verify.ts';
import { baseClauseSet, blockingProblem, blockProblem, cutProblem, cycleProblem, edgeClause, windowProblem } from './lemmas.ts';
import { ruleLemmaProblem } from './rule-lemma.ts';

/** The steps that are checked when the empty clause needs them, in the order the counts are given. */
const CHECKED_KINDS = ['blocking clause', 'window lemma', 'cycle lemma', 'cut lemma', 'rule lemma', 'learnt clause'] as const;
export type CheckedKind = (typeof CHECKED_KINDS)[number];
export type StepKind = CheckedKind | 'deletion' | 'empty clause' | 'claim';
/** Every kind of step; a kind's place here is its number in the checker's tables. */
const STEP_KINDS: readonly StepKind[] = [...CHECKED_KINDS, 'deletion', 'empty clause', 'claim'];
const DELETION = STEP_KINDS.indexOf('deletion');
if (STEP_KINDS.some((kind, code) => codeOf(kind) !== code)) throw new Error('internal: codeOf disagrees with STEP_KINDS');

export type Claim = { kind: 'unsat' } | { kind: 'unique'; loop: Solution };

export type CertifyResult =
  | { verified: true; claim: Claim; steps: Record<StepKind, number>; checked: Record<CheckedKind, number>; lines: number }
  | { verified: false; line: number; kind: StepKind | 'end of proof' | 'unknown step'; reason: string };

const FORMAT = 'slitherlink-proof';
const CLAIM_UNIQUE = 'claim unique ';
const VERSION = 1;

/** The numbers kept per step going forward (see checkProof), and the flag on its kind's number for a line that names more than its clause. */
const STEP_FIELDS = 5;
const SAYS_MORE = 1 << 8;

/** A step that fails: the line and kind are filled in by the caller. */
class StepFailure extends Error {}

/** Reads the words of a proof's lines as edges, vertices and literals of a grid, or throws a StepFailure saying why not. */
class Reader {
  constructor(private readonly grid: FlatGrid) {}

  edge(token: string, from = 0): number {
    return this.numbered(token, from, this.grid.edgeCount, 'an edge variable');
  }

  vertex(token: string): number {
    return this.numbered(token, 0, this.grid.vertexCount, 'a vertex');
  }

  face(token: string): number {
    return this.numbered(token, 0, this.grid.cellCount, 'a face');
  }

  /** The index of the thing numbered 1..most by the digits from `from` on. */
  private numbered(token: string, from: number, most: number, what: string): number {
    const v = digits(token, from);
    if (v < 1 || v > most) throw new StepFailure(`${showText(token.slice(from))} is not ${what} (1-${most})`);
    return v - 1;
  }

  literal(token: string): number {
    return token.charCodeAt(0) === 45 ? 2 * this.edge(token, 1) + 1 : 2 * this.edge(token);
  }

  /** The numbers from tokens[from] up to the closing 0, read by `read`, and the position after the 0. */
  list<T>(tokens: string[], from: number, read: (token: string) => T): [T[], number] {
    const out: T[] = [];
    for (let i = from; i < tokens.length; i++) {
      if (tokens[i] === '0') return [out, i + 1];
      out.push(read(tokens[i]));
    }
    throw new StepFailure('the list does not end with 0');
  }

  nothingAfter(tokens: string[], at: number): void {
    if (at < tokens.length) throw new StepFailure(`unexpected ${showText(tokens[at])} after the clause`);
  }
}

/** The number that token[from..] writes in decimal digits (and nothing else), or -1; past 2^31 it stops counting, at 2^31. */
function digits(token: string, from: number): number {
  if (from >= token.length) return -1;
  let value = 0;
  for (let i = from; i < token.length; i++) {
    const digit = token.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = Math.min(value * 10 + digit, 2 ** 31);
  }
  return value;
}

/**
 * Reads a step line written the usual way, one space between words and nothing but digits and '-' after its
 * letter, checking it as readStep does; any other line it leaves to readStep, which words the errors. Most
 * lines of a proof are read here, without splitting them into words.
 */
class FastReader {
  /** The proof's text, and the line being read in it: from `at` (the next word) to `end`. */
  private text = '';
  private at = 0;
  private end = 0;
  /** The literals of the last line read: the first `length` of them (room for a line of one literal per edge; more grows it). */
  literals: Int32Array;
  length = 0;
  /** A rule lemma's named vertices (the first vertexCount) and faces (the rest of the first namedLength), as indices. */
  named = new Int32Array(4);
  namedLength = 0;
  vertexCount = 0;
  /** The last line read names a cycle or a cut's vertex set after its clause. */
  saysMore = false;
  /** Where the text of the last line's clause lies: its first literal to its closing 0. */
  clauseFrom = 0;
  clauseEnd = 0;

  constructor(private readonly grid: FlatGrid) {
    this.literals = new Int32Array(grid.edgeCount + 4);
  }

  /** The kind of the line text[from ..< to] (not empty), its literals in `literals`; null when readStep must read it. */
  step(text: string, from: number, to: number): StepKind | null {
    this.text = text;
    this.at = from;
    this.end = to;
    this.saysMore = false;
    const n = to;
    let kind: StepKind;
    const first = text.charCodeAt(from);
    if (first === 45 || (first >= 48 && first <= 57)) kind = 'learnt clause';
    else if (startsWithLetter(text, from, to)) {
      kind = kindOf(text[from])!;
      this.at = from + 2;
    } else return null;
    this.namedLength = 0;
    // The clause's literals, read here rather than by word(): most of a proof's text is these.
    const edgeCount = this.grid.edgeCount;
    let literals = this.literals;
    let length = 0;
    let i = this.at;
    this.clauseFrom = i;
    for (;;) {
      if (i >= n) return null;
      const negative = text.charCodeAt(i) === 45;
      if (negative) i++;
      const from = i;
      // The digits, read inline up to the space (or the line's end) that must follow them.
      let value = 0;
      let code = 32;
      for (; i < n; i++) {
        code = text.charCodeAt(i);
        const digit = code - 48;
        if (digit < 0 || digit > 9) break;
        value = value * 10 + digit;
      }
      const digits = i - from;
      if (digits === 0 || (i < n && code !== 32)) return null;
      if (i < n) i++;
      // '0' ends the clause; '-0' or '00' is left to readStep, which says why it is wrong.
      if (value === 0) {
        if (negative || digits > 1) return null;
        this.clauseEnd = from + 1;
        break;
      }
      if (value > edgeCount) return null;
      if (length === literals.length) {
        const more = new Int32Array(2 * length);
        more.set(literals);
        this.literals = literals = more;
      }
      literals[length++] = negative ? 2 * value - 1 : 2 * value - 2;
    }
    this.at = i;
    this.length = length;
    if (kind === 'learnt clause' && this.length === 0) kind = 'empty clause';
    if (this.at >= n) return kind === 'rule lemma' ? null : kind;
    if (kind === 'rule lemma') {
      this.vertexCount = 0;
      if (!this.numbers(this.grid.vertexCount)) return null;
      this.vertexCount = this.namedLength;
      return this.numbers(this.grid.cellCount) && this.at >= n ? kind : null;
    }
    if (kind !== 'cycle lemma' && kind !== 'cut lemma') return null;
    this.saysMore = true;
    const most = kind === 'cycle lemma' ? this.grid.edgeCount : this.grid.vertexCount;
    for (;;) {
      if (this.at >= n) return null;
      const v = this.word();
      if (v === -2) break;
      if (v < 1 || v > most) return null;
    }
    if (this.at >= n) return kind;
    if (kind !== 'cut lemma') return null;
    const hinge = this.word();
    return hinge >= 1 && hinge <= this.grid.vertexCount && this.at >= n ? kind : null;
  }

  /** The edges of the claim line text[from ..< to] when it is written the usual way ('claim unique E1 ... 0', one space apart), else null. */
  claimedEdges(text: string, from: number, to: number): number[] | null {
    if (!text.startsWith(CLAIM_UNIQUE, from)) return null;
    this.text = text;
    this.at = from + CLAIM_UNIQUE.length;
    this.end = to;
    const edges: number[] = [];
    for (;;) {
      if (this.at >= to) return null;
      const v = this.word();
      if (v === -2) break;
      if (v < 1 || v > this.grid.edgeCount) return null;
      edges.push(v - 1);
    }
    return this.at >= to ? edges : null;
  }

  /** A list of numbers 1..most read up to its 0, each less one added to `named`: whether it reads so. */
  private numbers(most: number): boolean {
    for (;;) {
      if (this.at >= this.end) return false;
      const v = this.word();
      if (v === -2) return true;
      if (v < 1 || v > most) return false;
      if (this.namedLength === this.named.length) {
        const more = new Int32Array(2 * this.namedLength);
        more.set(this.named);
        this.named = more;
      }
      this.named[this.namedLength++] = v - 1;
    }
  }

  /** Where the digits readDigits read last end. */
  private digitsEnd = 0;

  /** The value of the digits from text[from] on (0 when there are none); digitsEnd is set to where they end. */
  private readDigits(from: number): number {
    const text = this.text;
    const n = this.end;
    let i = from;
    let value = 0;
    for (; i < n; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    this.digitsEnd = i;
    return value;
  }

  /** The next word's number, -2 for the word '0', or -1 when it is not digits ending at a space or the line's end. */
  private word(): number {
    const text = this.text;
    const n = this.end;
    const from = this.at;
    let value = this.readDigits(from);
    const i = this.digitsEnd;
    if (i === from || (i < n && text.charCodeAt(i) !== 32)) return -1;
    // Past 2^31 it stops counting, at 2^31 (as digits() does); a value past 2^53 is no longer exact, but still past it.
    if (value > 2 ** 31) value = 2 ** 31;
    // Both tests made on every word, so that the first '0' meets no step not met before (see the clause set).
    const oneDigit = i === from + 1;
    const naught = value === 0;
    this.at = i < n ? i + 1 : i;
    return oneDigit && naught ? -2 : value;
  }
}

/** A character that is not blank, as the words of a line are split, searched for from its lastIndex; and a blank one. */
const NOT_BLANK = /\S/g;
const BLANK = /\s/;

/**
 * The line text[from ..< to] (not empty) starts with a step's letter and a space. Each test is made for every
 * line, so that in a fresh process the first such line after many clauses meets no step that code optimised on
 * those clauses has not met (it would be thrown away and compiled again).
 */
function startsWithLetter(text: string, from: number, to: number): boolean {
  const letter = isStepLetter(text.charCodeAt(from));
  const spaced = text.charCodeAt(from + 1) === 32;
  const inLine = from + 1 < to;
  return letter && spaced && inLine;
}

/** b, w, y, x, r or d: the letters that start a step. */
const isStepLetter = (code: number): boolean => code === 98 || code === 119 || code === 121 || code === 120 || code === 114 || code === 100;

/** A step's line read: its clause's literals and, for a cycle lemma, its named cycle, for a cut lemma its vertex set and hinge. */
interface Step {
  literals: number[];
  cycle: number[] | null;
  inside: number[] | null;
  hinge: number | null;
  /** A rule lemma's named rules: vertices and faces (indices). */
  rules?: { vertices: number[]; faces: number[] };
}

/** Reads a step's line (its form only: nothing it says is checked here). */
function readStep(kind: StepKind, tokens: string[], read: Reader): Step {
  const [literals, end] = read.list(tokens, kind === 'learnt clause' || kind === 'empty clause' ? 0 : 1, (t) => read.literal(t));
  const step: Step = { literals, cycle: null, inside: null, hinge: null };
  if (kind === 'cycle lemma' && end < tokens.length) {
    const [edges, after] = read.list(tokens, end, (t) => read.edge(t));
    read.nothingAfter(tokens, after);
    step.cycle = edges;
  } else if (kind === 'cut lemma' && end < tokens.length) {
    const [inside, after] = read.list(tokens, end, (t) => read.vertex(t));
    step.inside = inside;
    if (after < tokens.length) {
      step.hinge = read.vertex(tokens[after]);
      read.nothingAfter(tokens, after + 1);
    }
  } else if (kind === 'rule lemma') {
    const [vertices, after] = read.list(tokens, end, (t) => read.vertex(t));
    const [faces, last] = read.list(tokens, after, (t) => read.face(t));
    read.nothingAfter(tokens, last);
    step.rules = { vertices, faces };
  } else read.nothingAfter(tokens, end);
  return step;
}

/** The claimed loop: its edges, and per edge whether it is on it. */
interface ClaimedLoop {
  readonly edges: readonly number[];
  readonly on: Uint8Array;
}

/**
 * Why a lemma or blocking clause does not hold (its own test, on the puzzle), or null. `literals` is its
 * clause; `step` the line read, when the test needs more (a named cycle, a cut's vertex set).
 */
function lemmaProblem(puzzle: Puzzle, kind: StepKind, literals: ArrayLike<number>, step: Step | null, loop: ClaimedLoop | null): string | null {
  switch (kind) {
    case 'blocking clause':
      return loop ? blockingProblem(puzzle, literals, loop) : 'a blocking clause needs a claim of a unique loop';
    case 'window lemma':
      return windowProblem(puzzle, edgeClause(literals));
    case 'cycle lemma':
      return cycleProblem(puzzle, literals, step?.cycle ?? null);
    case 'cut lemma':
      return step?.inside == null ? blockProblem(puzzle, edgeClause(literals)) : cutProblem(puzzle, edgeClause(literals), step.inside, step.hinge);
    default:
      throw new Error(`internal: ${kind} is not a lemma`);
  }
}

/**
 * Checks a proof against a puzzle. A proof whose header is missing or does not fit the puzzle is bad input
 * (PuzzleError); a proof that reads but does not hold is a result naming a step that fails.
 *
 * It checks backwards, as drat-trim does: the whole proof is read first, each step's form checked and its
 * clause added (or deleted) and propagated at the top level, until the empty clause; then, from the conflict
 * that gives the empty clause, only the clauses it needs are marked (through the reasons of the literals
 * propagated), and going back step by step each marked lemma is tested and each marked learnt clause checked
 * by unit propagation against the clauses before it, marking in turn what its conflict used. A lemma or learnt
 * clause left unmarked is not checked: the empty clause follows from the marked ones alone, so whether the
 * others hold changes nothing.
 */
export function checkProof(puzzle: Puzzle, text: string, where = 'proof'): CertifyResult {
  const grid = flatGridOf(puzzle);
  const read = new Reader(grid);
  // The lines are read in place, each as a range of the text: no line is copied out unless it must be split into words.
  let at = 0;
  let n = 0;
  let stepLine = 0;
  let lineFrom = 0;
  let lineTo = 0;
  /** The words of the line lineFrom..lineTo, once split. */
  let lineWords: string[] | null = null;
  /** The next line that is not blank or a comment, as lineFrom..lineTo; false at the end. */
  const nextLine = (): boolean => {
    while (at <= text.length) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const from = at;
      at = end + 1;
      n++;
      if (from === end) continue; // an empty line
      // Most lines start with a step's letter and a space, or with a literal: those need no splitting.
      const first = text.charCodeAt(from);
      const plain = startsWithLetter(text, from, end) || first === 45 || (first >= 48 && first <= 57);
      if (!plain) {
        // A blank line, or a comment (its first word 'c'), as splitting the line into words would find.
        NOT_BLANK.lastIndex = from;
        const word = NOT_BLANK.exec(text)?.index ?? end;
        if (word >= end) continue;
        if (text.charCodeAt(word) === 99 && (word + 1 === end || BLANK.test(text[word + 1]))) continue;
      }
      stepLine = n;
      lineFrom = from;
      lineTo = end;
      lineWords = null;
      return true;
    }
    return false;
  };
  /** The words of the line lineFrom..lineTo (split once), or of another range. */
  const words = (from = lineFrom, to = lineTo): string[] => {
    if (from === lineFrom && to === lineTo) return (lineWords ??= text.slice(from, to).trim().split(/\s+/));
    return text.slice(from, to).trim().split(/\s+/);
  };
  /** The next line that is not blank or a comment, as words, or null at the end. */
  const next = (): string[] | null => (nextLine() ? words() : null);

  const header = next();
  if (!header || header[0] !== 'p' || header[1] !== FORMAT) throw new PuzzleError(`${where}: the first line is not a '${FORMAT}' header (p ${FORMAT} ${VERSION} ROWS COLS)`);
  // Words of the proof reach messages escaped: a proof is untrusted input, and a terminal obeys control bytes.
  const number = (token: string | undefined) => (token !== undefined && /^\d+$/.test(token) ? token : showText(token ?? ''));
  if (header[2] !== String(VERSION)) throw new PuzzleError(`${where}, line ${n}: format version ${number(header[2])} is not supported (only ${VERSION})`);
  if (header[3] !== String(puzzle.rows) || header[4] !== String(puzzle.cols)) {
    throw new PuzzleError(`${where}, line ${n}: the proof is for a ${number(header[3])}x${number(header[4])} grid but the puzzle is ${puzzle.rows}x${puzzle.cols}`);
  }
  const fail = (kind: StepKind | 'end of proof' | 'unknown step', reason: string, line = stepLine): CertifyResult => ({ verified: false, line, kind, reason });

  const fast = new FastReader(grid);
  // The claimed loop's edges are read in place when the line is written the usual way (it is as long as the loop).
  const claimLine = nextLine();
  const claimedEdges = claimLine ? fast.claimedEdges(text, lineFrom, lineTo) : null;
  const claimTokens = claimLine && !claimedEdges ? words() : null;
  if (!claimedEdges && (!claimTokens || claimTokens[0] !== 'claim')) return fail('claim', "the header must be followed by 'claim unsat' or 'claim unique EDGES 0'");
  let claim: Claim;
  let loop: ClaimedLoop | null = null;
  try {
    if (claimTokens && claimTokens[1] === 'unsat' && claimTokens.length === 2) claim = { kind: 'unsat' };
    else if (claimedEdges || claimTokens![1] === 'unique') {
      let edges = claimedEdges;
      if (!edges) {
        const [listed, end] = read.list(claimTokens!, 2, (t) => read.edge(t));
        read.nothingAfter(claimTokens!, end);
        edges = listed;
      }
      const solution = solutionFromEdges(puzzle, edges);
      const verdict = verify(puzzle, solution);
      if (!verdict.valid) return fail('claim', `the claimed loop is not a solution: ${verdict.reason}`);
      claim = { kind: 'unique', loop: solution };
      const on = new Uint8Array(grid.edgeCount);
      for (let k = 0; k < edges.length; k++) on[edges[k]] = 1;
      loop = { edges, on };
    } else return fail('claim', "the claim must be 'claim unsat' or 'claim unique EDGES 0'");
  } catch (error) {
    if (error instanceof StepFailure) return fail('claim', error.message);
    throw error;
  }

  // A step's line takes about 16 characters or more, a literal 4 (the clause set's tables are sized by these).
  const clauses = baseClauseSet(puzzle, { clauses: text.length >> 4, literals: text.length >> 2 });
  /** How many steps of each kind were given, and checked (by their number in STEP_KINDS). */
  const stepCounts = new Int32Array(STEP_KINDS.length);
  const checkedCounts = new Int32Array(CHECKED_KINDS.length);

  // Forward: every step read, its form checked, its clause added (or deleted) and propagated at the top level;
  // nothing it claims is checked yet. Per step, STEP_FIELDS numbers in `stepTable`: its line, where the line
  // starts in the text, its clause (added, or removed by a deletion; -1 for a deletion that kept the clause as
  // the reason of a top-level assignment), and its kind's number, plus SAYS_MORE when the line names more than
  // its clause (a cycle, a cut's vertex set), read again when it is tested; for a rule lemma, where its named
  // rules start in `named` (else -1).
  let stepTable = new Int32Array(STEP_FIELDS * ((text.length >> 4) + 4));
  let stepCount = 0;
  /** Adds the step of the line read to the table. */
  const record = (id: number, codeAndFlag: number, namedFrom: number): void => {
    if ((stepCount + 1) * STEP_FIELDS > stepTable.length) {
      const more = new Int32Array(2 * stepTable.length);
      more.set(stepTable);
      stepTable = more;
    }
    const at = stepCount++ * STEP_FIELDS;
    stepTable[at] = stepLine;
    stepTable[at + 1] = lineFrom;
    stepTable[at + 2] = id;
    stepTable[at + 3] = codeAndFlag;
    stepTable[at + 4] = namedFrom;
  };
  /** The named rules of every rule lemma, one after another, each as [vertex count, vertices, face count, faces]. */
  const named: number[] = [];
  /** How many steps came before the clauses contradicted each other at the top level. */
  let beforeConflict = clauses.contradictory ? 0 : -1;
  let ended = false;
  // The clauses added by lines read on the fast path, by the text of their literals (the latest of each text),
  // when the proof deletes: a deletion written as one of them deletes what its literals would, unread.
  const byText = text.includes('\nd ') ? new Map<string, number>() : null;
  while (nextLine()) {
    if (byText !== null && text.charCodeAt(lineFrom) === 100 && text.charCodeAt(lineFrom + 1) === 32) {
      const like = byText.get(text.slice(lineFrom + 2, lineTo));
      const deleted = like === undefined ? undefined : clauses.deleteLike(like);
      if (deleted !== undefined) {
        stepCounts[DELETION]++;
        record('removed' in deleted ? deleted.removed : -1, DELETION, -1);
        continue;
      }
    }
    let kind = fast.step(text, lineFrom, lineTo);
    const readFast = kind !== null;
    let literals: ArrayLike<number> = fast.literals;
    let length = fast.length;
    let saysMore = fast.saysMore;
    /** Where this step's named rules start in `named` (a rule lemma's), or -1. */
    let namedFrom = -1;
    if (kind === 'rule lemma') {
      namedFrom = named.length;
      named.push(fast.vertexCount);
      for (let k = 0; k < fast.vertexCount; k++) named.push(fast.named[k]);
      named.push(fast.namedLength - fast.vertexCount);
      for (let k = fast.vertexCount; k < fast.namedLength; k++) named.push(fast.named[k]);
    }
    if (kind === null) {
      const tokens = words();
      kind = kindOf(tokens[0]);
      if (kind === null) return fail('unknown step', `${showText(tokens[0])} does not start a step (c, b, w, y, x, r, d or a clause)`);
      if (kind === 'claim') return fail('claim', 'a proof makes one claim, on the line after the header');
      try {
        const step = readStep(kind, tokens, read);
        literals = step.literals;
        length = literals.length;
        if (step.rules) {
          const { vertices, faces } = step.rules;
          namedFrom = named.length;
          named.push(vertices.length, ...vertices, faces.length, ...faces);
        }
        saysMore = step.cycle !== null || step.inside !== null;
      } catch (error) {
        if (error instanceof StepFailure) return fail(kind, error.message);
        throw error;
      }
    }
    if (kind === 'blocking clause' && !loop) return fail(kind, 'a blocking clause needs a claim of a unique loop');
    const code = codeOf(kind);
    stepCounts[code]++;
    if (kind === 'empty clause') {
      if (!clauses.contradictory) return fail(kind, 'it does not follow by unit propagation from the clauses so far');
      const extra = next();
      if (extra) return fail('end of proof', `the proof goes on after the empty clause (${extra.map(showText).join(' ')})`);
      ended = true;
      break;
    }
    let id: number;
    if (kind === 'deletion') {
      const deleted = clauses.delete(literals, length);
      if (deleted === null) return fail(kind, 'no such clause to delete');
      id = 'removed' in deleted ? deleted.removed : -1;
    } else {
      id = clauses.add(literals, length);
      if (beforeConflict < 0 && clauses.contradictory) beforeConflict = stepCount + 1;
      if (byText !== null && readFast) byText.set(text.slice(fast.clauseFrom, fast.clauseEnd), id);
    }
    record(id, saysMore ? code | SAYS_MORE : code, namedFrom);
  }
  if (!ended) return fail('end of proof', 'the proof ends without the empty clause');

  // Backward: the clauses the conflict needs are marked; going back from the step that made it, the clauses
  // as they were before each step are restored, and each marked step is checked there.
  clauses.markConflict();
  for (let i = beforeConflict - 1; i >= 0; i--) {
    const at = i * STEP_FIELDS;
    const id = stepTable[at + 2];
    const code = stepTable[at + 3] & ~SAYS_MORE;
    const kind = STEP_KINDS[code];
    if (kind === 'deletion') {
      if (id >= 0) clauses.undoDelete(id);
      continue;
    }
    clauses.undoAdd(id);
    if (!clauses.isMarked(id)) continue;
    checkedCounts[code]++;
    let problem: string | null;
    if (kind === 'learnt clause') problem = clauses.clauseFollows(id) ? null : 'it does not follow by unit propagation from the clauses before it';
    else if (kind === 'rule lemma') {
      problem = ruleLemmaProblem(puzzle, clauses, clauses.clauseLiterals(id), named, stepTable[at + 4]);
    }
    else if ((stepTable[at + 3] & SAYS_MORE) === 0) problem = lemmaProblem(puzzle, kind, clauses.clauseLiterals(id), null, loop);
    else {
      const start = stepTable[at + 1];
      const end = text.indexOf('\n', start);
      const step = readStep(kind, words(start, end < 0 ? text.length : end), read);
      problem = lemmaProblem(puzzle, kind, step.literals, step, loop);
    }
    if (problem !== null) return fail(kind, problem, stepTable[at]);
  }
  // The claim first, then the others in STEP_KINDS order (as `certify check --json` has always listed them).
  const steps = { claim: 1 } as Record<StepKind, number>;
  for (let code = 0; code < STEP_KINDS.length; code++) if (STEP_KINDS[code] !== 'claim') steps[STEP_KINDS[code]] = stepCounts[code];
  const checked = {} as Record<CheckedKind, number>;
  for (let code = 0; code < CHECKED_KINDS.length; code++) checked[CHECKED_KINDS[code]] = checkedCounts[code];
  return { verified: true, claim, steps, checked, lines: n };
}

/**
 * The check of one step on its own, as if it came right after the claim 'claim unsat': a lemma's own test, or
 * for a learnt clause unit propagation from the base alone. Null when it holds, else why not (its form too).
 * A proof checks only the steps its empty clause needs; this checks any one.
 */
export function checkStep(puzzle: Puzzle, line: string): string | null {
  const tokens = line.trim().split(/\s+/);
  const kind = kindOf(tokens[0]);
  if (kind === null || kind === 'claim' || kind === 'deletion' || kind === 'empty clause' || kind === 'blocking clause') return `${showText(tokens[0])} does not start a lemma or a learnt clause`;
  try {
    const grid = flatGridOf(puzzle);
    const step = readStep(kind, tokens, new Reader(grid));
    if (kind !== 'learnt clause' && kind !== 'rule lemma') return lemmaProblem(puzzle, kind, step.literals, step, null);
    const clauses = baseClauseSet(puzzle);
    if (clauses.contradictory) return null;
    if (kind === 'rule lemma') {
      const { vertices, faces } = step.rules!;
      return ruleLemmaProblem(puzzle, clauses, step.literals, [vertices.length, ...vertices, faces.length, ...faces]);
    }
    return clauses.followsByUnitPropagation(step.literals) ? null : 'it does not follow by unit propagation from the base';
  } catch (error) {
    if (error instanceof StepFailure) return error.message;
    throw error;
  }
}

/** A kind's number in STEP_KINDS (a search of that list per line would cost more than reading most lines). */
function codeOf(kind: StepKind): number {
  switch (kind) {
    case 'blocking clause': return 0;
    case 'window lemma': return 1;
    case 'cycle lemma': return 2;
    case 'cut lemma': return 3;
    case 'rule lemma': return 4;
    case 'learnt clause': return 5;
    case 'deletion': return 6;
    case 'empty clause': return 7;
    default: return 8;
  }
}

function kindOf(first: string): StepKind | null {
  switch (first) {
    case 'b': return 'blocking clause';
    case 'w': return 'window lemma';
    case 'y': return 'cycle lemma';
    case 'x': return 'cut lemma';
    case 'r': return 'rule lemma';
    case 'd': return 'deletion';
    case '0': return 'empty clause';
    case 'claim': return 'claim';
    default: return /^-?\d+$/.test(first) ? 'learnt clause' : null;
  }
}

/** The result in one line, as the CLI prints it. */
export function describeResult(result: CertifyResult): string {
  if (!result.verified) return `rejected: line ${result.line} (${result.kind}): ${result.reason}`;
  const s = result.steps;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const given = CHECKED_KINDS.reduce((sum, kind) => sum + s[kind], 0);
  const checked = Object.values(result.checked).reduce((sum, k) => sum + k, 0);
  const rules = s['rule lemma'] > 0 ? `${count(s['rule lemma'], 'rule lemma')}, ` : '';
  const counts = `${s['cycle lemma']} cycle, ${s['cut lemma']} cut and ${count(s['window lemma'], 'window lemma')}, ${rules}${count(s['learnt clause'], 'learnt clause')}, ${count(s.deletion, 'deletion')}; ${checked} of the ${given} clauses given checked, those the empty clause needs`;
  if (result.claim.kind === 'unsat') return `verified: no loop (the puzzle has no solution; ${counts})`;
  const edges = result.claim.loop.on.reduce((sum, bit) => sum + bit, 0);
  return `verified: unique loop (the loop of ${edges} edges in the proof is the puzzle's only solution; ${counts})`;
}
