// Certified answers: a back-end that certifies writes a proof of each unique and no-loop answer
// (docs/proof-format.md), and the independent checker (encodings/certify/) checks it against the puzzle as given,
// after the verifier has checked the loop. What a run reports about it is its certificate.
import type { Backend, Params, SolveResult } from '../../../encodings/backend.ts';
import type { Puzzle } from '../../../encodings/grid.ts';
import { elapsedMs, now, roundMs } from '../../../encodings/clock.ts';
import { writeProofFile } from './proof-file.ts';
import { sameSolution } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';

/**
 * Whether a back-end's runs under these options are certified unasked, when uniqueness is asked (bench, serve):
 * its proof costs little beside its answer, and no presolve decides edges first (a proof cannot take them).
 */
export const certifiesUnasked = (backend: Pick<Backend, 'certifiesByDefault'>, params: Params, presolve?: string): boolean =>
  !presolve && backend.certifiesByDefault?.(params) === true;

/** Whether a puzzle can be certified unasked: edges it fixes in advance would not be part of the proof. */
export const provableAsGiven = (puzzle: Puzzle): boolean => !puzzle.fixedEdges?.length;

/**
 * yes: the answer is certified (a proof the checker verified, or for "not unique" two different loops the
 * verifier accepted); no: it is not (see `reason`); not supported: the back-end writes no proofs; written: the
 * proof went to a file unchecked (`solve --proof`).
 */
export type Certified = 'yes' | 'no' | 'not supported' | 'written';

export interface Certificate {
  certified: Certified;
  /** What was certified: a unique loop, no loop, or two loops (not unique). */
  claim?: 'unique' | 'unsat' | 'not unique';
  /** Whether the checker verified the proof (absent when no proof was checked). */
  verified?: boolean;
  /** The proof's size in bytes. */
  proofBytes?: number;
  /** The checker's time, in ms. */
  checkMs?: number;
  /** Where the proof was written (`solve --proof`). */
  proofFile?: string;
  /** Why it is not certified, or the step the checker rejected. */
  reason?: string;
}

/** Why a run with these options cannot be certified, before it starts; null when it can. */
export function certifyBlocker(backend: Backend, params: Params, puzzle: Puzzle, presolved: boolean): { certified: Certified; reason: string } | null {
  const can = backend.certifies?.(params) ?? `${backend.name} does not write proofs`;
  if (can !== true) return { certified: 'not supported', reason: can };
  if (presolved || puzzle.fixedEdges?.length) return { certified: 'no', reason: 'edges decided before the search (a presolve or fixed edges in the input) are not part of a proof' };
  return null;
}

/**
 * The certificate of a verified answer (`unique` as the pipeline reports it): its proof checked against the
 * puzzle as given, or written to `proofFile` unchecked. The checker loads with the first proof it checks, so
 * that runs which certify nothing never load it.
 */
export async function certificateOf(puzzle: Puzzle, result: SolveResult, status: string, unique: boolean | null, proofFile?: string): Promise<Certificate> {
  if (status === 'solved' && unique === false) return twoLoops(puzzle, result);
  const claim = status === 'unsat' ? 'unsat' : status === 'solved' && unique === true ? 'unique' : undefined;
  if (!claim) return { certified: 'no', reason: status === 'solved' ? 'uniqueness was not decided' : `no answer (${status})` };
  const proof = result.proof;
  if (!proof) return { certified: 'no', claim, reason: 'the back-end gave no proof' };
  // Latin1 text: one byte per character.
  const proofBytes = proof.length;
  if (proofFile) {
    writeProofFile(proofFile, proof);
    return { certified: 'written', claim, proofBytes, proofFile };
  }
  const { checkProof, describeResult } = await import('../../../encodings/certify/check.ts');
  const started = now();
  let verdict;
  try {
    verdict = checkProof(puzzle, proof);
  } catch (error) {
    return { certified: 'no', claim, verified: false, proofBytes, checkMs: roundMs(elapsedMs(started)), reason: `the proof does not read: ${(error as Error).message}` };
  }
  const checkMs = roundMs(elapsedMs(started));
  if (!verdict.verified) return { certified: 'no', claim, verified: false, proofBytes, checkMs, reason: describeResult(verdict) };
  // The checker verified the proof's own claim: it must be this answer's.
  const same = verdict.claim.kind === claim && (verdict.claim.kind === 'unsat' || (result.solution !== null && sameSolution(verdict.claim.loop, result.solution)));
  if (!same) return { certified: 'no', claim, verified: true, proofBytes, checkMs, reason: 'the proof claims another answer' };
  return { certified: 'yes', claim, verified: true, proofBytes, checkMs };
}

/** "Not unique" is certified by its two loops: both solutions by the verifier's own check, and different. */
function twoLoops(puzzle: Puzzle, result: SolveResult): Certificate {
  const claim = 'not unique';
  const { solution, secondSolution } = result;
  if (!solution || !secondSolution) return { certified: 'no', claim, reason: 'the back-end said "not unique" but gave no second loop' };
  for (const [which, loop] of [['first', solution], ['second', secondSolution]] as const) {
    const verdict = verify(puzzle, loop);
    if (!verdict.valid) return { certified: 'no', claim, reason: `the ${which} loop is not a solution: ${verdict.reason}` };
  }
  if (sameSolution(solution, secondSolution)) return { certified: 'no', claim, reason: 'the second loop is the first one again' };
  return { certified: 'yes', claim };
}

/** The certificate in one line, as `solve` prints it. */
export function describeCertificate(c: Certificate): string {
  const claim = c.claim === 'unique' ? 'the loop is the only one' : c.claim === 'unsat' ? 'there is no loop' : 'two different loops';
  const size = c.proofBytes !== undefined ? `proof of ${c.proofBytes} bytes` : '';
  if (c.certified === 'yes') return `certified: ${claim} (${c.claim === 'not unique' ? 'both checked by the verifier' : `${size}, checked in ${c.checkMs?.toFixed(1)} ms`})`;
  if (c.certified === 'written') return `proof written to ${c.proofFile} (${size.replace('proof of ', '')}; ${claim}); check it with: slitherbench certify check PUZZLE ${c.proofFile}`;
  if (c.certified === 'not supported') return `not certified: ${c.reason}`;
  return `NOT certified: ${c.reason}`;
}

/** The certificate's columns in a run record (reports/records.ts). */
export function certificateColumns(c: Certificate | undefined): { certified: 'yes' | 'no' | 'not supported'; proof_bytes: number | null; check_ms: number | null } {
  const certified = c?.certified === 'yes' || c?.certified === 'not supported' ? c.certified : 'no';
  return { certified, proof_bytes: c?.proofBytes ?? null, check_ms: c?.checkMs ?? null };
}

/** True when the answer needed a proof (unique or no loop, from a back-end that certifies) and has none that the checker verified. */
export function proofFailed(c: Certificate | undefined): boolean {
  return c?.certified === 'no' && c.claim !== undefined;
}
