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
// - Deletions only take clauses out; the invariant holds for what stays.
// The empty clause is valid only when no solution (other than L) exists; the verifier checks that L is one.
import { gridOf, type Puzzle } from '../grid.ts';
import { PuzzleError } from '../errors.ts';
import { showText } from '../formats/characters.ts';
import { solutionFromEdges, type Solution } from '../solution.ts';
import { verify } from '../verify.ts';
import { ClauseSet } from './clauses.ts';
import { baseClauses, blockingProblem, blockProblem, cutProblem, cycleProblem, edgeClause, windowProblem } from './lemmas.ts';

export type StepKind = 'blocking clause' | 'window lemma' | 'cycle lemma' | 'cut lemma' | 'learnt clause' | 'deletion' | 'empty clause' | 'claim';

export type Claim = { kind: 'unsat' } | { kind: 'unique'; loop: Solution };

export type CertifyResult =
  | { verified: true; claim: Claim; steps: Record<StepKind, number>; lines: number }
  | { verified: false; line: number; kind: StepKind | 'end of proof' | 'unknown step'; reason: string };

const FORMAT = 'slitherlink-proof';
const VERSION = 1;

/** A step that fails: the line and kind are filled in by the caller. */
class StepFailure extends Error {}

/**
 * Checks a proof against a puzzle. A proof whose header is missing or does not fit the puzzle is bad input
 * (PuzzleError); a proof that reads but does not hold is a result naming the first failing step.
 */
export function checkProof(puzzle: Puzzle, text: string, where = 'proof'): CertifyResult {
  const grid = gridOf(puzzle);
  const lines = text.split('\n');
  let n = 0;
  let stepLine = 0;
  /** The next line that is not blank or a comment, as tokens, or null at the end. */
  const next = (): string[] | null => {
    while (n < lines.length) {
      const tokens = lines[n++].trim().split(/\s+/);
      if (tokens[0] !== '' && tokens[0] !== 'c') {
        stepLine = n;
        return tokens;
      }
    }
    return null;
  };

  const header = next();
  if (!header || header[0] !== 'p' || header[1] !== FORMAT) throw new PuzzleError(`${where}: the first line is not a '${FORMAT}' header (p ${FORMAT} ${VERSION} ROWS COLS)`);
  // Words of the proof reach messages escaped: a proof is untrusted input, and a terminal obeys control bytes.
  const number = (token: string | undefined) => (token !== undefined && /^\d+$/.test(token) ? token : showText(token ?? ''));
  if (header[2] !== String(VERSION)) throw new PuzzleError(`${where}, line ${n}: format version ${number(header[2])} is not supported (only ${VERSION})`);
  if (header[3] !== String(puzzle.rows) || header[4] !== String(puzzle.cols)) {
    throw new PuzzleError(`${where}, line ${n}: the proof is for a ${number(header[3])}x${number(header[4])} grid but the puzzle is ${puzzle.rows}x${puzzle.cols}`);
  }
  const fail = (kind: StepKind | 'end of proof' | 'unknown step', reason: string): CertifyResult => ({ verified: false, line: stepLine, kind, reason });

  const edgeOf = (token: string): number => {
    const v = Number(token);
    if (!/^\d+$/.test(token) || v < 1 || v > grid.edgeCount) throw new StepFailure(`${showText(token)} is not an edge variable (1-${grid.edgeCount})`);
    return v - 1;
  };
  const vertexOf = (token: string): number => {
    const v = Number(token);
    if (!/^\d+$/.test(token) || v < 1 || v > grid.vertexCount) throw new StepFailure(`${showText(token)} is not a vertex (1-${grid.vertexCount})`);
    return v - 1;
  };
  /** The numbers from tokens[from] up to the closing 0, read by `read`, and the position after the 0. */
  const list = <T>(tokens: string[], from: number, read: (token: string) => T): [T[], number] => {
    const out: T[] = [];
    for (let i = from; i < tokens.length; i++) {
      if (tokens[i] === '0') return [out, i + 1];
      out.push(read(tokens[i]));
    }
    throw new StepFailure('the list does not end with 0');
  };
  const literal = (token: string): number => (token.startsWith('-') ? 2 * edgeOf(token.slice(1)) + 1 : 2 * edgeOf(token));
  const nothingAfter = (tokens: string[], at: number) => {
    if (at < tokens.length) throw new StepFailure(`unexpected ${showText(tokens[at])} after the clause`);
  };

  const claimTokens = next();
  if (!claimTokens || claimTokens[0] !== 'claim') return fail('claim', "the header must be followed by 'claim unsat' or 'claim unique EDGES 0'");
  let claim: Claim;
  let loop: Set<number> | null = null;
  try {
    if (claimTokens[1] === 'unsat' && claimTokens.length === 2) claim = { kind: 'unsat' };
    else if (claimTokens[1] === 'unique') {
      const [edges, end] = list(claimTokens, 2, edgeOf);
      nothingAfter(claimTokens, end);
      const solution = solutionFromEdges(puzzle, edges);
      const verdict = verify(puzzle, solution);
      if (!verdict.valid) return fail('claim', `the claimed loop is not a solution: ${verdict.reason}`);
      claim = { kind: 'unique', loop: solution };
      loop = new Set(edges);
    } else return fail('claim', "the claim must be 'claim unsat' or 'claim unique EDGES 0'");
  } catch (error) {
    if (error instanceof StepFailure) return fail('claim', error.message);
    throw error;
  }

  const clauses = new ClauseSet(grid.edgeCount);
  for (const clause of baseClauses(puzzle)) clauses.add(clause);
  const steps: Record<StepKind, number> = { claim: 1, 'blocking clause': 0, 'window lemma': 0, 'cycle lemma': 0, 'cut lemma': 0, 'learnt clause': 0, deletion: 0, 'empty clause': 0 };

  /** Why the step does not hold, or null; tokens[end] is the first token after its clause. */
  const stepProblem = (kind: StepKind, tokens: string[], end: number, literals: number[]): string | null => {
    switch (kind) {
      case 'blocking clause':
        nothingAfter(tokens, end);
        return loop ? blockingProblem(puzzle, edgeClause(literals), loop) : 'a blocking clause needs a claim of a unique loop';
      case 'window lemma':
        nothingAfter(tokens, end);
        return windowProblem(puzzle, edgeClause(literals));
      case 'cycle lemma': {
        let named: number[] | null = null;
        if (end < tokens.length) {
          const [edges, after] = list(tokens, end, edgeOf);
          nothingAfter(tokens, after);
          named = edges;
        }
        return cycleProblem(puzzle, edgeClause(literals), named);
      }
      case 'cut lemma': {
        if (end === tokens.length) return blockProblem(puzzle, edgeClause(literals));
        const [inside, after] = list(tokens, end, vertexOf);
        let hinge: number | null = null;
        if (after < tokens.length) {
          hinge = vertexOf(tokens[after]);
          nothingAfter(tokens, after + 1);
        }
        return cutProblem(puzzle, edgeClause(literals), inside, hinge);
      }
      case 'learnt clause':
      case 'empty clause':
        nothingAfter(tokens, end);
        return clauses.followsByUnitPropagation(literals) ? null : 'it does not follow by unit propagation from the clauses so far';
      case 'deletion':
        nothingAfter(tokens, end);
        return clauses.delete(literals) ? null : 'no such clause to delete';
      case 'claim':
        return 'a second claim';
    }
  };

  for (let tokens = next(); tokens !== null; tokens = next()) {
    const kind = kindOf(tokens[0]);
    if (kind === null) return fail('unknown step', `${showText(tokens[0])} does not start a step (c, b, w, y, x, d or a clause)`);
    if (kind === 'claim') return fail('claim', 'a proof makes one claim, on the line after the header');
    let literals: number[];
    try {
      const [read, end] = list(tokens, kind === 'learnt clause' || kind === 'empty clause' ? 0 : 1, literal);
      literals = read;
      const problem = stepProblem(kind, tokens, end, literals);
      if (problem !== null) return fail(kind, problem);
    } catch (error) {
      if (error instanceof StepFailure) return fail(kind, error.message);
      throw error;
    }
    steps[kind]++;
    if (kind === 'empty clause') {
      const extra = next();
      if (extra) return fail('end of proof', `the proof goes on after the empty clause (${extra.map(showText).join(' ')})`);
      return { verified: true, claim, steps, lines: n };
    }
    if (kind !== 'deletion') clauses.add(literals);
  }
  return fail('end of proof', 'the proof ends without the empty clause');
}

function kindOf(first: string): StepKind | null {
  switch (first) {
    case 'b': return 'blocking clause';
    case 'w': return 'window lemma';
    case 'y': return 'cycle lemma';
    case 'x': return 'cut lemma';
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
  const counts = `${s['cycle lemma']} cycle, ${s['cut lemma']} cut and ${count(s['window lemma'], 'window lemma')}, ${count(s['learnt clause'], 'learnt clause')}, ${count(s.deletion, 'deletion')}`;
  if (result.claim.kind === 'unsat') return `verified: no loop (the puzzle has no solution; ${counts})`;
  const edges = result.claim.loop.on.reduce((sum, bit) => sum + bit, 0);
  return `verified: unique loop (the loop of ${edges} edges in the proof is the puzzle's only solution; ${counts})`;
}
