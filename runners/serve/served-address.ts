// The address a started `slitherbench serve` child prints on standard output once it listens, for those
// that start one (the serve benchmark, the tests).
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The URL of the child's `listening URL` line; an error naming the exit code (and `output()`, if any) when it exits first. */
export function servedAddress(server: ChildProcess, output: () => string = () => ''): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`serve exited (code ${code}) before listening${output() ? `: ${output()}` : ''}`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const m = /^listening (\S+)/.exec(line);
      if (m) resolve(m[1]);
    });
  });
}
