// The deduction levels of the rules solver, weakest first: each adds to the one before, and search guesses.
// A puzzle's level is the weakest that solves it; the generator grades difficulty by it. A file of its own
// so that datasets/ can name the levels without loading the solver.
export const LEVELS = ['basic', 'corners', 'trial', 'search'] as const;
export type Level = (typeof LEVELS)[number];
