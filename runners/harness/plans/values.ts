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

/** A comma-separated list of names, each once, in the order first given; at least one. */
export function parseNameList(value: string, name: string): string[] {
  const items = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new UsageError(`${name} needs at least one name, got '${value}'`);
  return [...new Set(items)];
}

/** A comma-separated list of whole numbers, each at least `min`. */
export function parseIntegerList(value: string, name: string, min = Number.MIN_SAFE_INTEGER): number[] {
  return value.split(',').map((s) => parseInteger(s.trim(), name, min));
}

/** One of the words given, or a UsageError listing them. */
export function parseChoice<const C extends string>(value: string, name: string, choices: readonly C[]): C {
  const word = value.trim();
  if (!(choices as readonly string[]).includes(word)) throw new UsageError(`${name} must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}, got '${value}'`);
  return word as C;
}

/** `--option key=value` pairs and the check against a back-end's declared options live with the spec grammar. */
export { checkParams, parseOptionPairs as parseParams } from '../../../encodings/backend-spec.ts';
