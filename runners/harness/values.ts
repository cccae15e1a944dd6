// Values given on a command line or in an experiment file, read the same way everywhere: a bad one is a
// UsageError naming where it came from.
import type { Backend } from '../../encodings/backend.ts';
import { UsageError } from '../../encodings/errors.ts';

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

export function parseParams(pairs: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--option takes key=value, got '${pair}'`);
    params[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return params;
}

/** Checks params against what the back-end declares, so that a typo is an error, not a silent default. */
export function checkParams(backend: Backend, params: Readonly<Record<string, string>>): void {
  for (const [key, value] of Object.entries(params)) {
    const declared = backend.options?.find((o) => o.name === key);
    if (!declared) {
      const known = backend.options?.map((o) => o.name).join(', ') || 'none';
      throw new UsageError(`back-end '${backend.name}' has no option '${key}' (its options: ${known})`);
    }
    if (declared.choices && !declared.choices.includes(declared.aliases?.[value] ?? value)) {
      throw new UsageError(`option ${key} of '${backend.name}' must be one of ${declared.choices.join(', ')}; got '${value}'`);
    }
  }
}
