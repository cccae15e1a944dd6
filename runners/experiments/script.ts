// The command line of every experiment script, handled alike: node:util parseArgs, --help on stdout, and
// bad input as one `error:` line on stderr with exit code 2 (what the slitherbench CLI does too).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { hasShared } from '../../datasets/shared.ts';

/** Prints `error: <message>` and exits 2. */
export function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

/** Runs a parser of one value (parseInteger, parseSizes, ...) and turns what it throws into `fail`. */
export function checked<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/**
 * parseArgs with a --help (-h) that prints `usage` and exits 0, and with unknown options, missing values and
 * more than `maxPositionals` arguments reported by `fail`. Give `allowPositionals: true` when it is above 0.
 */
export function commandLine<T extends ParseArgsConfig>(usage: string, config: T, maxPositionals = 0): ReturnType<typeof parseArgs<T>> {
  const parsed = checked(() => parseArgs({ ...config, args: process.argv.slice(2), strict: true, options: { ...config.options, help: { type: 'boolean', short: 'h' } } }));
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage.endsWith('\n') ? usage : `${usage}\n`);
    process.exit(0);
  }
  if (parsed.positionals.length > maxPositionals) fail(`unexpected argument '${parsed.positionals[maxPositionals]}' (see --help)`);
  return parsed as ReturnType<typeof parseArgs<T>>;
}

/**
 * A file of ../shared/datasets (third-party collections, the peer's timings), which a clone may lack:
 * when it is absent, says which and why it matters, then exits 2.
 */
export function requireShared(path: string, what: string): void {
  if (!hasShared(path)) fail(`${what} not found at ${path} (it belongs in ../shared/datasets beside the repository); nothing to do without it`);
}
