// npm run bench:serve: requests per second and p50/p99 latency of `slitherbench serve` answering 10x10
// `auto` solves, at 1, 4 and 16 concurrent clients (autocannon, keep-alive connections). Each request takes
// the next of the built-in Loopy 10x10 puzzles (every grade), so that no level replays one easy puzzle. The
// server runs as its own process, as users start it. Writes serve.md and serve.json to --out.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { builtinPuzzlesPath, readPuzzleLines } from '../../datasets/builtin.ts';
import { REPOSITORY } from '../harness/start-up/compiled.ts';
import { servedAddress } from '../serve/served-address.ts';
import { median } from '../../reports/statistics.ts';
import { formatBackendSpec } from '../../encodings/backend-spec.ts';
import { scriptCommandLine } from './script.ts';

const { values } = scriptCommandLine(`usage: npm run bench:serve [-- --seconds S] [--clients N,N,...] [--workers W] [--backend ID] [--out DIR]

Requests per second and p50/p99 latency of \`slitherbench serve\` answering 10x10 solves, S seconds at each
number of concurrent clients, with W workers per back-end on back-end ID. Writes serve.md and serve.json to DIR.`, ['seconds', 'clients', 'workers', 'backend', 'out'], {
  seconds: { help: 'how long each number of clients sends, in seconds', default: 10 },
  clients: { default: [1, 4, 16] },
  workers: { help: 'warm workers per back-end', defaultText: "serve's" },
  backend: { help: 'the back-end (see `backends`)', default: { id: 'auto', params: {} } },
  out: { default: 'results/bench-serve' },
});
const { seconds, clients: levels } = values;
// serve and its requests take the back-end as the command line writes it.
const backend = formatBackendSpec(values.backend);
mkdirSync(values.out, { recursive: true });

const puzzles = ['easy', 'normal', 'tricky', 'hard'].flatMap((grade) => readPuzzleLines(readFileSync(builtinPuzzlesPath(`loopy-10x10-${grade}`)!, 'utf8')).map((p) => p.puzzle));
const bodies = puzzles.map((puzzle) => JSON.stringify({ puzzle, backend, timeout: 10 }));

const server = spawn(process.execPath, [join(REPOSITORY, 'bin/slitherbench.js'), 'serve', '--port', '0', '--warm', backend, ...(values.workers ? ['--workers', String(values.workers)] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const url = await servedAddress(server);

  interface Level { clients: number; requests: number; requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number; statuses: Record<string, number> }
  const run = async (clients: number, duration: number): Promise<Level> => {
    let next = 0;
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const instance = autocannon({
      url: `${url}/solve`,
      connections: clients,
      duration,
      requests: [{
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request: Record<string, unknown>) => ({ ...request, body: bodies[next++ % bodies.length] }),
        onResponse: (_status: number, body: string) => {
          const status = (JSON.parse(body) as { status?: string }).status ?? 'none';
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      }],
    });
    // autocannon's own percentiles are whole milliseconds; these are its per-response times, unrounded.
    instance.on('response', (_client: unknown, _code: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
    const result = await instance;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return { clients, requests: latencies.length, requestsPerSecond: Math.round(latencies.length / duration), p50Ms: round(median(latencies) ?? NaN), p99Ms: round(at(0.99)), errors: result.errors + result.timeouts, non2xx: result.non2xx, statuses };
  };

  await run(4, 2); // warm-up: every worker has run, V8 has optimised the hot paths
  const load = os.loadavg()[0].toFixed(2);
  const results: Level[] = [];
  for (const clients of levels) {
    const level = await run(clients, seconds);
    results.push(level);
    process.stderr.write(`bench:serve: ${clients} client(s): ${level.requestsPerSecond} req/s, p50 ${level.p50Ms} ms, p99 ${level.p99Ms} ms\n`);
  }
  const base = results.find((r) => r.clients === 1) ?? results[0];
  const table = [
    `10x10 \`${backend}\` solves over HTTP (${puzzles.length} Loopy 10x10 puzzles in turn), ${seconds} s per level, ${os.availableParallelism()} cores, load ${load} at the start (1-minute average).`,
    '',
    '| clients | req/s | p50 ms | p99 ms | p50 / p50 at 1 client | errors | non-2xx | statuses |',
    '|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map((r) => `| ${r.clients} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${(r.p50Ms / base.p50Ms).toFixed(1)} | ${r.errors} | ${r.non2xx} | ${Object.entries(r.statuses).map(([k, v]) => `${k} ${v}`).join(', ')} |`),
  ].join('\n');
  writeFileSync(join(values.out, 'serve.md'), table + '\n');
  writeFileSync(join(values.out, 'serve.json'), JSON.stringify({ backend, seconds, cores: os.availableParallelism(), load, results }, null, 2) + '\n');
  process.stdout.write(table + '\n');
} finally {
  server.kill('SIGTERM');
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
