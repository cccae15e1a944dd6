import os from 'node:os';
import type { Command } from 'commander';
import { UsageError } from '../../../encodings/errors.ts';
import { DEFAULT_LIMITS } from '../../workers/worker-process.ts';
import { buildService, DEFAULT_SERVICE } from '../../serve/app.ts';
import { addFlags } from '../../settings/command-line.ts';
import { SECONDS_AS_MS } from '../../settings/table.ts';
import { parseBackendList } from '../../../encodings/backend-spec.ts';

interface ServeFlags {
  port: number;
  host: string;
  workers: number;
  maxPending: number;
  warm: string;
  memory: number;
  bodyLimit: number;
  maxCells: number;
  /** ms, as every time is held. */
  maxTimeout: number;
  log?: string;
  /** False with --no-certify. */
  certify: boolean;
}

export function register(declared: Command): void {
  addFlags(declared, ['port', 'host', 'workers', 'maxPending', 'warm', 'memory', 'bodyLimit', 'maxCells', 'maxTimeout', 'log', 'certify'], {
    certify: { flags: '--no-certify', help: 'certify only the answers whose request asks for it ("certify": true); by default a request for uniqueness to a back-end whose proof costs little beside its answer (`backends` says which) is certified too (the answer\'s "certificate"), unless it says "certify": false' },
    workers: { default: Math.max(1, os.availableParallelism()) },
    memory: { help: 'memory cap per worker (resident MB; over it the run is memout), as in bench' },
    bodyLimit: { default: DEFAULT_SERVICE.bodyLimit },
    maxCells: { default: DEFAULT_SERVICE.maxCells },
    maxTimeout: { default: SECONDS_AS_MS.fromTyped(DEFAULT_SERVICE.maxTimeoutSeconds) },
  })
    .addHelpText(
      'after',
      [
        '',
        'Routes:',
        '  POST /solve    {"puzzle": URL|Loopy ID|text grid, "backend": "auto", "unique": false, "timeout": 60, "options": {}}',
        '                 answers the JSON of `solve --json` (every loop checked by the independent verifier);',
        '                 "certify": true or false asks for a proof or none (see --no-certify for the default)',
        '  GET  /backends the list of `backends --json`',
        '  GET  /health   status, requests in flight, answers, worker restarts',
        '  POST /puzzle   {"puzzle": ...}: the puzzle as read (rows, cols, clues, format, its puzz.link URL)',
        '  POST /plan     {"puzzle": ..., "backends": [...], "unique": true, "timeout": 20}: the race as a bench --config YAML plan',
        '  GET  /         a page that races back-ends on one puzzle and writes the race as a bench plan',
        'Errors: 400 {"error": the line the CLI prints after "error: "} for bad input; 413 for a body over',
        '--body-limit; 503 with Retry-After past --max-pending. A worker that crashes or overruns its limits is',
        'started again, and its request answers status error, timeout or memout.',
        'Stopping: SIGINT or SIGTERM stops accepting, answers the requests in flight, then exits. With --log,',
        'every answer sent is in the log even when the server is killed outright.',
      ].join('\n'),
    )
    .action(async (flags: ServeFlags) => {
      const port = flags.port;
      const warmSpecs = flags.warm === 'none' ? [] : parseBackendList(flags.warm, '--warm');
      const maxTimeout = SECONDS_AS_MS.toTyped(flags.maxTimeout);
      const { app, pool } = buildService({
        pool: { workersPerBackend: flags.workers, maxPending: flags.maxPending, limits: { ...DEFAULT_LIMITS, memoryMb: flags.memory } },
        bodyLimit: flags.bodyLimit,
        maxCells: flags.maxCells,
        maxTimeoutSeconds: maxTimeout,
        defaultTimeoutSeconds: maxTimeout,
        logPath: flags.log,
        certifyByDefault: flags.certify,
      });
      const { checkedBackend } = await import('../../harness/solving/solve-request.ts');
      // A worker serves every set of options of its back-end: the options are checked, and the worker started.
      for (const spec of warmSpecs) await checkedBackend(spec.id, spec.params);
      const warm = [...new Set(warmSpecs.map((spec) => spec.id))];
      const started = Date.now();
      await Promise.all(warm.map((id) => pool.warm(id)));
      const address = await app.listen({ port, host: flags.host }).catch((error: NodeJS.ErrnoException) => {
        pool.close();
        if (error.code === 'EADDRINUSE' || error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL') throw new UsageError(`cannot listen on ${flags.host}:${port} (${error.code})`);
        throw error;
      });
      if (!/^(127\.|::1$|localhost$)/.test(flags.host)) process.stderr.write(`serve: warning: listening on ${flags.host}: anyone who can reach it can run solvers here (no authentication)\n`);
      process.stderr.write(`serve: ${warm.length ? `${warm.join(', ')} warm in ${Date.now() - started} ms; ` : ''}${pool.options.workersPerBackend} worker(s) per back-end; Ctrl-C to stop\n`);
      process.stdout.write(`listening ${address}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.stderr.write('serve: stopping: answering the requests in flight\n');
          void app.close().then(resolve, resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
