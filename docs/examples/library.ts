// Many puzzles on one warm worker, typed: compile with `tsc --noEmit` against the shipped declarations.
import { parsePuzzle, Solver, UsageError, verify, type Puzzle, type SolveResult } from 'slitherbench';

const puzzles: Puzzle[] = [
  '10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b',
  'https://puzz.link/p?slither/10/10/k71cg12ccgb120cg235c2173c2b2ci3c7cbg8667cg7722133bbd',
].map((text) => parsePuzzle(text));

const solver = new Solver({ backend: 'auto' });
try {
  for (const puzzle of puzzles) {
    const result: SolveResult = await solver.solve(puzzle, { unique: true, timeoutMs: 10_000, signal: AbortSignal.timeout(20_000) });
    const checked: boolean = result.solution !== null && verify(puzzle, result.solution).valid;
    console.log(result.status, result.unique, checked, result.timeMs);
  }
} finally {
  solver.close();
}

try {
  parsePuzzle('10x10t0:zz');
} catch (error) {
  // Bad input is a UsageError whose message says what and where, as the command line prints it.
  if (error instanceof UsageError) console.log(`refused: ${error.message}`);
  else throw error;
}
