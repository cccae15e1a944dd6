// Writes a proof to a file (`solve --proof FILE`): the pipeline's one use of Node. (The browser build, which
// has no files, puts in a writer that refuses: runners/browser/build.ts.)
import { writeFileSync } from 'node:fs';

/** A proof is latin1 text, one byte per character. */
export function writeProofFile(path: string, proof: string): void {
  writeFileSync(path, proof, 'latin1');
}
