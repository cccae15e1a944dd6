// Errors the CLI reports in one line with exit status 2 (bad input), as opposed to internal failures (1).
import { PuzzleError } from '../encodings/grid.ts';
import { UnknownBackendError } from '../encodings/registry.ts';

export class UsageError extends Error {
  override name = 'UsageError';
}

export function isInputError(error: unknown): error is Error {
  return error instanceof PuzzleError || error instanceof UsageError || error instanceof UnknownBackendError;
}

/** Parses a whole number option, or throws a UsageError naming it. */
export function parseInteger(value: string, name: string, min = Number.MIN_SAFE_INTEGER): number {
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${name} must be a whole number, got '${value}'`);
  const n = Number(value);
  if (n < min) throw new UsageError(`${name} must be at least ${min}, got ${n}`);
  return n;
}

export function parseSeconds(value: string, name = '--timeout'): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${name} must be a positive number of seconds, got '${value}'`);
  return n;
}
