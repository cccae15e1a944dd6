// Errors every layer throws. The CLI reports these in one line with exit status 2 (bad input); anything
// else is an internal failure (exit status 1). Every bad-input error is a UsageError, so that a program
// using the library catches one class.

/** A command-line or experiment-file mistake: a bad flag value, a missing file, an unknown name. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A puzzle, solution or dataset that cannot be read: says what and where (file, line, column, character). */
export class PuzzleError extends UsageError {
  override name = 'PuzzleError';
}

export class UnknownBackendError extends UsageError {
  override name = 'UnknownBackendError';
}

export function isInputError(error: unknown): error is Error {
  return error instanceof UsageError;
}
