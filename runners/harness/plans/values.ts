// Values given on a command line or in an experiment file, read the same way everywhere: a bad one is a
// UsageError naming where it came from.
import { UsageError } from '../../../encodings/errors.ts';

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

/** `--option key=value` pairs and the check against a back-end's declared options live with the spec grammar. */
export { checkParams, parseOptionPairs as parseParams } from '../../../encodings/backend-spec.ts';
