import type { Command } from 'commander';
import { flagOption } from '../../settings/command-line.ts';
import { checkProof, describeResult, type CertifyResult } from '../../../encodings/certify/check.ts';
import { PuzzleError } from '../../../encodings/errors.ts';
import { sameShape } from '../../../encodings/grid.ts';
import { shapeText, solutionToJson } from '../../../encodings/solution.ts';
import { applyOneShotCheckFlags } from '../../harness/solving/one-shot-flags.ts';
import { PROOF, PUZZLE } from '../arguments.ts';
import { readPuzzleArgument, readSolutionArgument, readTextArgument } from '../input.ts';

export function register(declared: Command): void {
  const certify = declared;
  certify
    .command('check')
    .description('check a proof against a puzzle: prints "verified: unique loop" or "verified: no loop" (exit 0), or a step that fails and why (exit 1); only the steps the empty clause of the proof needs are checked')
    .argument(PUZZLE.name, PUZZLE.help)
    .argument(PROOF.name, PROOF.help)
    .addOption(flagOption('answer'))
    .addOption(flagOption('json', { help: 'print {"verified": true, "claim": "unique"|"unsat", "solution", "steps", "checked", "checkMs"} or {"verified": false, "line", "kind", "reason"} ("checked": how many steps of each kind the empty clause needs, the ones checked)' }))
    .action((puzzleArg: string, proofArg: string, options: { answer?: string; json?: boolean }) => {
      if (puzzleArg === '-' && proofArg === '-') throw new PuzzleError('the puzzle and the proof cannot both come from standard input');
      const { puzzle } = readPuzzleArgument(puzzleArg);
      const proof = readTextArgument(proofArg);
      if (!proof) throw new PuzzleError(`${proofArg}: no such file`);
      const answer = options.answer === undefined ? null : readSolutionArgument(options.answer);
      // Two grids can have as many edges (1x7 and 2x4 both have 22): the edge bits alone would match.
      if (answer && !sameShape(answer, puzzle)) {
        const [given, asked] = [shapeText(answer), shapeText(puzzle)];
        throw new PuzzleError(`${options.answer}: the solution given with --answer is for ${given} but the puzzle is ${given === asked ? `${asked} with another patch` : asked}`);
      }
      applyOneShotCheckFlags();
      const started = performance.now();
      let result = checkProof(puzzle, proof.text, proof.where);
      const checkMs = performance.now() - started;
      if (result.verified && answer) result = matchAnswer(result, answer.on);
      if (options.json) {
        const shown = result.verified
          ? { verified: true, claim: result.claim.kind, solution: result.claim.kind === 'unique' ? solutionToJson(result.claim.loop) : null, steps: result.steps, checked: result.checked, checkMs: Math.round(checkMs * 1000) / 1000 }
          : result;
        process.stdout.write(JSON.stringify(shown) + '\n');
      } else process.stdout.write(describeResult(result) + '\n');
      process.exitCode = result.verified ? 0 : 1;
    });
}

/** A verified proof held against the solution the user gave: it must be the loop the proof claims is the only one. */
function matchAnswer(result: Extract<CertifyResult, { verified: true }>, answer: Uint8Array): CertifyResult {
  if (result.claim.kind === 'unsat') return { verified: false, line: 0, kind: 'claim', reason: 'the proof shows the puzzle has no loop, but a solution was given with --answer' };
  const claimed = result.claim.loop.on;
  const same = claimed.length === answer.length && claimed.every((bit, e) => bit === answer[e]);
  return same ? result : { verified: false, line: 0, kind: 'claim', reason: 'the loop the proof claims is not the solution given with --answer' };
}
