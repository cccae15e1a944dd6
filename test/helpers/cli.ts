// The command line as a user meets it: the program in a child process, its exit status and what it printed.
import { execFile, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const BIN = new URL('../../bin/slitherbench.js', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `slitherbench ARGS...`; a non-zero exit is a result, not a throw. */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The address a `serve` child prints once it listens (its `listening URL` line); an error if it exits first. */
export function servedAddress(server: ChildProcess, output: () => string = () => ''): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`serve exited (code ${code})${output() ? `: ${output()}` : ''}`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const m = /^listening (\S+)/.exec(line);
      if (m) resolve(m[1]);
    });
  });
}
