// Judging the answers to one fuzz case: against the exact oracle on small grids, and against the evidence
// the answers themselves carry on larger ones (every loop passed the verifier, so a loop proves "solvable"
// and two different loops prove "several"). Pure: no processes, no files.
import type { Status } from '../../../encodings/backend.ts';
import type { Puzzle } from '../../../encodings/grid.ts';
import { solveExactly } from '../../../encodings/oracle.ts';
import { solutionToKey, type Solution } from '../../../encodings/solution.ts';

/** One variant's answer to one case, as runs.jsonl holds it. */
export interface FuzzAnswer {
  case: number;
  variant: string;
  status: Status;
  unique: boolean | null;
  /** The verified loop's key (encodings/solution.ts), when solved. */
  solution: string | null;
  message?: string;
  /** The verifier rejected what the back-end gave. */
  rejected?: boolean;
  /** With --certify: whether the answer is certified (yes, no, not supported). */
  certified?: string;
  /** With --certify: why an answer that needed a proof is not certified (none given, or the checker rejected it). */
  proofFailure?: string;
  timeMs: number;
}

/** What is known to be true of a puzzle: the oracle's count, or a lower bound from verified loops. */
export interface Truth {
  source: 'oracle' | 'evidence';
  /** Solutions, capped at 2 (several). With evidence, a lower bound. */
  count: 0 | 1 | 2;
  /** Keys of the loops known (all of them when the oracle found fewer than 2). */
  loops: string[];
}

export type FindingKind = 'status' | 'unique' | 'loop' | 'proof' | 'error';

export interface Finding {
  variant: string;
  kind: FindingKind;
  detail: string;
}

/** The oracle's truth, or null when the grid is too large or the oracle ran out of time. */
export function oracleTruth(puzzle: Puzzle, maxCells: number, timeoutMs: number): Truth | null {
  if (puzzle.clues.length > maxCells) return null;
  try {
    const answer = solveExactly(puzzle, 2, Date.now() + timeoutMs);
    return { source: 'oracle', count: Math.min(answer.count, 2) as 0 | 1 | 2, loops: answer.solutions.map(solutionToKey) };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

export const countName = (count: 0 | 1 | 2) => (count === 0 ? 'no solution' : count === 1 ? 'one solution' : 'several solutions');

const said = (a: FuzzAnswer) => (a.status === 'solved' ? `solved (${a.unique === true ? 'unique' : a.unique === false ? 'not unique' : 'uniqueness not asked'})` : a.status);

/**
 * Findings for the answers to one puzzle. `truth` is the oracle's when there is one; without it, the
 * known loop (the one the clues were read from) and the answers' verified loops are the evidence, and
 * answers that contradict each other without proof blame the smaller side (both, when even).
 */
export function judge(answers: readonly FuzzAnswer[], truth: Truth | null, knownLoop?: Solution): { findings: Finding[]; truth: Truth } {
  const findings: Finding[] = [];
  for (const a of answers) {
    if (a.rejected) findings.push({ variant: a.variant, kind: 'loop', detail: a.message ?? 'the verifier rejected its answer' });
    else if (a.proofFailure) findings.push({ variant: a.variant, kind: 'proof', detail: `its answer is not certified: ${a.proofFailure}` });
    else if (a.status === 'error') findings.push({ variant: a.variant, kind: 'error', detail: a.message ?? 'error' });
  }
  const answered = answers.filter((a) => !a.rejected && (a.status === 'solved' || a.status === 'unsat'));
  if (truth) {
    const oracleLoops = new Set(truth.loops);
    for (const a of answered) {
      if (a.status === 'unsat' && truth.count > 0) findings.push({ variant: a.variant, kind: 'status', detail: `said unsat; the oracle found ${countName(truth.count)}` });
      if (a.status !== 'solved') continue;
      if (truth.count === 0) findings.push({ variant: a.variant, kind: 'status', detail: 'gave a loop the verifier accepted, yet the oracle found no solution (oracle or verifier fault)' });
      else if (truth.count === 1 && a.solution && !oracleLoops.has(a.solution)) findings.push({ variant: a.variant, kind: 'loop', detail: 'its loop is not the one the oracle found' });
      if (a.unique === true && truth.count === 2) findings.push({ variant: a.variant, kind: 'unique', detail: 'said unique; the oracle found several solutions' });
      if (a.unique === false && truth.count === 1) findings.push({ variant: a.variant, kind: 'unique', detail: 'said not unique; the oracle found exactly one solution' });
    }
    return { findings, truth };
  }
  const loops = new Set<string>();
  if (knownLoop) loops.add(solutionToKey(knownLoop));
  for (const a of answered) if (a.status === 'solved' && a.solution) loops.add(a.solution);
  const evidence: Truth = { source: 'evidence', count: Math.min(loops.size, 2) as 0 | 1 | 2, loops: [...loops].slice(0, 2) };
  for (const a of answered) {
    if (a.status === 'unsat' && loops.size > 0) findings.push({ variant: a.variant, kind: 'status', detail: `said unsat; a verified loop exists${knownLoop ? ' (the puzzle was made from one)' : ''}` });
    if (a.status === 'solved' && a.unique === true && loops.size >= 2) findings.push({ variant: a.variant, kind: 'unique', detail: 'said unique; two different verified loops exist' });
  }
  if (loops.size < 2) {
    const yes = answered.filter((a) => a.status === 'solved' && a.unique === true);
    const no = answered.filter((a) => a.status === 'solved' && a.unique === false);
    if (yes.length > 0 && no.length > 0) {
      const blamed = yes.length < no.length ? yes : no.length < yes.length ? no : [...yes, ...no];
      const detail = `uniqueness disputed with no oracle: unique by ${yes.map((a) => a.variant).join(', ')}; not unique by ${no.map((a) => a.variant).join(', ')}`;
      for (const a of blamed) findings.push({ variant: a.variant, kind: 'unique', detail });
    }
  }
  return { findings, truth: evidence };
}

export const describeAnswer = said;
