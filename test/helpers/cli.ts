// The command line as a user meets it: the program in a child process, its exit status and what it printed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const BIN = new URL('../../bin/slitherbench.js', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `slitherbench ARGS...`; a non-zero exit is a result, not a throw. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  return runNode([BIN, ...args], { env });
}

/** Runs `node ARGV...` (a script and its arguments); a non-zero exit is a result, not a throw. */
export async function runNode(argv: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeout?: number } = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, argv, { env: options.env ?? process.env, cwd: options.cwd, timeout: options.timeout, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
