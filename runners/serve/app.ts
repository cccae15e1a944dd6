// The solver service behind `slitherbench serve`: fastify routes over a pool of warm workers. Every answer
// comes from the same pipeline as `solve` (back-end, then the independent verifier) and has the contract's
// JSON form; bad input is a 400 whose `error` is the line the CLI prints after `error: `.
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { stringify as toYaml } from 'yaml';
import type { Backend } from '../../encodings/backend.ts';
import { isInputError, PuzzleError, UsageError } from '../../encodings/errors.ts';
import { parsePuzzle, writePuzzle } from '../../encodings/formats/index.ts';
import type { Puzzle } from '../../encodings/grid.ts';
import { contractJson } from '../harness/solving/run-result.ts';
import { backendRows, type BackendRow } from '../harness/solving/backend-rows.ts';
import { checkedBackend } from '../harness/solving/solve-request.ts';
import { parseBackendSpec, specWithOptions } from '../../encodings/backend-spec.ts';
import { parseInteger, parseSeconds } from '../harness/plans/values.ts';
import { PoolFullError, WorkerPool, type PoolOptions } from './pool.ts';
import { LeftQueueError } from '../workers/scheduler.ts';
import { REPOSITORY } from '../harness/start-up/compiled.ts';
import { installedFile } from '../../encodings/versions.ts';
import { loadPresolver } from '../harness/solving/presolver.ts';
import { certifiesUnasked, provableAsGiven } from '../harness/solving/certificate.ts';
import { DEFAULT_SOLVE_BACKEND } from '../harness/plans/plan-defaults.ts';
import { buildBrowser } from '../browser/build.ts';
import { describePuzzle, type PuzzleFormat } from '../library/puzzles.ts';

export interface ServiceOptions {
  pool: Partial<PoolOptions>;
  /** Largest request body, in bytes (larger: 413). */
  bodyLimit: number;
  /** Largest grid accepted, in cells (larger: 400): a service answers in milliseconds, not minutes. */
  maxCells: number;
  /** Largest `timeout` a request may ask for, in seconds. */
  maxTimeoutSeconds: number;
  /** `timeout` when a request gives none, in seconds. */
  defaultTimeoutSeconds: number;
  /** Append every answer, with its request, to this JSONL file before it is sent. */
  logPath?: string;
  /**
   * A body over bodyLimit gets its 413 at once; the rest of it is then read and thrown away, up to this many
   * bytes, before the connection closes, so that a client that writes its whole body before reading (Python's
   * urllib, curl) sees the 413, not a reset. Past it the connection is closed at once.
   */
  drainLimit: number;
  /**
   * A request for uniqueness that says nothing of `certify` is certified when its back-end's proof costs little
   * (`Backend.certifiesByDefault`); false (serve --no-certify): only when the request asks.
   */
  certifyByDefault: boolean;
}

export const DEFAULT_SERVICE: ServiceOptions = { pool: {}, bodyLimit: 1 << 20, drainLimit: 64 << 20, maxCells: 40_000, maxTimeoutSeconds: 60, defaultTimeoutSeconds: 60, certifyByDefault: true };

/** What POST /solve takes: the flags of `solve`, by the same names. */
export interface SolveBody {
  puzzle: string;
  backend?: string;
  unique?: boolean;
  /**
   * true: also certify the answer (implies unique); false: do not; absent: the server's default (certified when
   * uniqueness is asked of a back-end whose proof costs little, unless serve --no-certify). A certified answer
   * has a `certificate` object.
   */
  certify?: boolean;
  timeout?: number | string;
  options?: Record<string, string | number | boolean>;
  seed?: number;
  presolve?: string;
}

/**
 * The browser page and the vega builds it loads, by URL path: the page beside this module (the build copies
 * it into dist/), vega where Node finds packages (beside an installed slitherbench, not inside it).
 */
const STATIC: Record<string, { file: () => URL | null; type: string }> = {
  '/': { file: () => new URL('./page/index.html', import.meta.url), type: 'text/html; charset=utf-8' },
  '/page.js': { file: () => new URL('./page/page.js', import.meta.url), type: 'text/javascript; charset=utf-8' },
  // The rules both pages share are the browser build's (runners/browser/page/base.css).
  '/base.css': { file: () => new URL('../browser/page/base.css', import.meta.url), type: 'text/css; charset=utf-8' },
  '/page.css': { file: () => new URL('./page/page.css', import.meta.url), type: 'text/css; charset=utf-8' },
  '/vendor/vega.min.js': { file: () => installedFile('vega/build/vega.min.js'), type: 'text/javascript; charset=utf-8' },
  '/vendor/vega-lite.min.js': { file: () => installedFile('vega-lite/build/vega-lite.min.js'), type: 'text/javascript; charset=utf-8' },
  '/vendor/vega-embed.min.js': { file: () => installedFile('vega-embed/build/vega-embed.min.js'), type: 'text/javascript; charset=utf-8' },
};

const bodyError = (message: string) => new UsageError(`request body: ${message}`);

function objectBody(body: unknown, fields: string): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bodyError(`must be a JSON object {${fields}}`);
  return body as Record<string, unknown>;
}

function stringField(body: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw bodyError(`'${name}' is missing`);
    return undefined;
  }
  if (typeof value !== 'string') throw bodyError(`'${name}' must be a string, got ${typeof value}`);
  return value;
}

export function buildService(options: Partial<ServiceOptions> = {}): { app: FastifyInstance; pool: WorkerPool } {
  const config: ServiceOptions = { ...DEFAULT_SERVICE, ...options };
  const pool = new WorkerPool(config.pool);
  const app = Fastify({
    bodyLimit: config.bodyLimit,
    // A client that never finishes its request is dropped; an idle keep-alive connection is closed soon.
    requestTimeout: 10_000,
    keepAliveTimeout: 5_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.server.headersTimeout = 5_000;
  const log = config.logPath ? openLog(config.logPath) : undefined;
  app.addHook('onClose', async () => {
    pool.close();
    if (log !== undefined) closeSync(log);
  });

  // Checked once per back-end and options: the registry, the declared options and availability do not change.
  const checked = new Map<string, Promise<Backend>>();
  const check = (id: string, params: Record<string, string>) => {
    const key = `${id}\u0000${JSON.stringify(params)}`;
    let backend = checked.get(key);
    if (!backend) {
      // Free-valued options make the keys unbounded: a client must not grow this without end.
      if (checked.size >= 1000) checked.clear();
      backend = checkedBackend(id, params);
      checked.set(key, backend);
      backend.catch(() => checked.delete(key));
    }
    return backend;
  };
  let rows: Promise<BackendRow[]> | undefined;

  const readPuzzle = (text: string): { puzzle: Puzzle; format: string } => {
    const { puzzle, format } = parsePuzzle(text, 'puzzle');
    if (puzzle.clues.length > config.maxCells) {
      const size = puzzle.tiling ? `${puzzle.tiling.type} ${puzzle.tiling.width}x${puzzle.tiling.height}` : `${puzzle.rows}x${puzzle.cols}`;
      throw new PuzzleError(`puzzle: size ${size} has ${puzzle.clues.length} ${puzzle.tiling ? 'faces' : 'cells'}; this server takes at most ${config.maxCells} (serve --max-cells)`);
    }
    return { puzzle, format };
  };

  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (thrown instanceof LeftQueueError) return reply.code(499).send({ error: 'the client closed the connection' });
    if (thrown instanceof PoolFullError) return reply.code(503).header('retry-after', '1').send({ error: `busy: ${thrown.message}; retry later` });
    if (isInputError(thrown)) return reply.code(400).send({ error: oneLine(thrown.message) });
    const error = thrown as FastifyError;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      readOnAfterAnswer(request.raw, config.drainLimit);
      return reply.code(413).send({ error: `request body: larger than ${config.bodyLimit} bytes (serve --body-limit)` });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ error: 'request body: send JSON (content-type: application/json)' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // fastify's own refusals: invalid JSON, an empty JSON body, a bad header.
      const what = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(error.message) ? `invalid JSON (${oneLine(error.message)})` : oneLine(error.message);
      return reply.code(error.statusCode).send({ error: `request body: ${what}` });
    }
    return reply.code(500).send({ error: `internal: ${oneLine(error.message)}` });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `no such resource: ${request.method} ${request.url.slice(0, 200)}` }));

  const files = new Map<string, Buffer>();
  for (const [path, { file, type }] of Object.entries(STATIC)) {
    app.get(path, (_request, reply) => {
      let content = files.get(path);
      if (!content) {
        const url = file();
        if (!url) throw new Error(`${path}: its package is not installed (npm install)`);
        content = readFileSync(url);
        files.set(path, content);
      }
      return reply.type(type).header('cache-control', 'no-cache').send(content);
    });
  }

  // The browser module, with which the page solves in itself when this server cannot be reached. In a checkout
  // it is bundled from the sources when first asked for (well under a second), so it is never older than the
  // server's code; an installed package has no sources, but its build (dist/browser/, by npm run build).
  let browserModule: Promise<string> | undefined;
  app.get('/browser/slitherbench.js', async (_request, reply) => {
    browserModule ??= existsSync(join(REPOSITORY, 'runners/browser/index.ts')) ? buildBrowser().then((built) => built.module) : readFile(join(REPOSITORY, 'dist/browser/slitherbench.js'), 'utf8');
    browserModule.catch(() => (browserModule = undefined));
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(await browserModule);
  });

  app.get('/health', async () => ({
    status: 'ok',
    uptimeSeconds: Math.round(process.uptime()),
    inFlight: pool.inFlight,
    maxPending: pool.options.maxPending,
    workersPerBackend: pool.options.workersPerBackend,
    answered: pool.solved,
    restarts: pool.restarts,
    lanes: pool.describe(),
  }));

  app.get('/backends', () => (rows ??= backendRows()));

  app.post('/puzzle', async (request) => {
    const body = objectBody(request.body, 'puzzle');
    const { puzzle, format } = readPuzzle(stringField(body, 'puzzle', true)!);
    return describePuzzle(puzzle, format as PuzzleFormat);
  });

  app.post('/solve', async (request, reply) => {
    const body = objectBody(request.body, 'puzzle, backend, unique, certify, timeout, options');
    const puzzleText = stringField(body, 'puzzle', true)!;
    // The back-end as the command line names it (`cdcl-loop:core=typescript`); `options` join it below.
    const spec = parseBackendSpec(stringField(body, 'backend', false) ?? DEFAULT_SOLVE_BACKEND, "'backend'");
    const presolve = stringField(body, 'presolve', false);
    if (body.unique !== undefined && typeof body.unique !== 'boolean') throw bodyError(`'unique' must be true or false`);
    if (body.certify !== undefined && typeof body.certify !== 'boolean') throw bodyError(`'certify' must be true or false`);
    const unique = body.unique === true || body.certify === true;
    const timeout = body.timeout ?? config.defaultTimeoutSeconds;
    if (typeof timeout !== 'number' && typeof timeout !== 'string') throw bodyError(`'timeout' must be a number of seconds`);
    const timeoutSeconds = parseSeconds(String(timeout));
    if (timeoutSeconds > config.maxTimeoutSeconds) throw new UsageError(`--timeout must be at most ${config.maxTimeoutSeconds} seconds on this server (serve --max-timeout), got '${timeout}'`);
    const seed = body.seed === undefined ? 1 : parseInteger(String(body.seed), '--seed');
    const given = body.options ?? {};
    if (typeof given !== 'object' || given === null || Array.isArray(given)) throw bodyError(`'options' must be an object of key: value`);
    const { params } = specWithOptions(spec, Object.fromEntries(Object.entries(given).map(([k, v]) => [k, String(v)])));
    const { puzzle } = readPuzzle(puzzleText);
    const backend = await check(spec.id, params);
    if (presolve) await loadPresolver(presolve);
    // Edges decided before the search (a presolve, fixed edges) are not part of a proof: no certificate unless asked.
    const certify = body.certify === true
      || (body.certify === undefined && config.certifyByDefault && unique && certifiesUnasked(backend, params, presolve) && provableAsGiven(puzzle));
    // A client that hangs up while its request is queued frees its place: no worker runs a puzzle nobody awaits.
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableEnded) gone.abort();
    };
    reply.raw.once('close', onClose);
    const run = await pool.solve({ backend: backend.name, presolve, puzzle, timeoutMs: timeoutSeconds * 1000, unique, seed, params, ...(certify ? { certify } : {}) }, gone.signal).finally(() => reply.raw.off('close', onClose));
    const answer = contractJson(run.result);
    if (log !== undefined) {
      // Written before the answer leaves: whatever a client was answered is in the log, even if the server is killed next.
      const request = { puzzle: puzzleText, backend: backend.name, unique, ...(certify ? { certify } : {}), timeout: timeoutSeconds, options: params, ...(presolve ? { presolve } : {}) };
      writeSync(log, JSON.stringify({ time: new Date().toISOString(), request, answer, wallMs: Math.round(run.wallMs * 100) / 100 }) + '\n');
    }
    return answer;
  });

  app.post('/plan', async (request, reply) => {
    const body = objectBody(request.body, 'puzzle, backends, unique, timeout');
    const { puzzle } = readPuzzle(stringField(body, 'puzzle', true)!);
    if (!Array.isArray(body.backends) || body.backends.length === 0 || !body.backends.every((b) => typeof b === 'string')) throw bodyError(`'backends' must be a non-empty list of back-end IDs, each with options if any (e.g. cdcl-loop:core=typescript)`);
    for (const text of body.backends as string[]) {
      const { id, params } = parseBackendSpec(text, "'backends'");
      await check(id, { ...params });
    }
    const timeout = parseSeconds(String(body.timeout ?? config.defaultTimeoutSeconds));
    return reply.type('text/yaml; charset=utf-8').send(benchPlan(writePuzzle(puzzle, puzzle.tiling ? 'loopy' : 'url'), body.backends as string[], body.unique === true, timeout, config.certifyByDefault));
  });

  return { app, pool };
}

/**
 * The YAML plan (`bench --config`) that runs this race from the command line; its dataset is a one-line file (the
 * URL, or another grid's Loopy game ID). bench certifies by default as the server does; a server that does not
 * (serve --no-certify) writes `certify: false`.
 */
export function benchPlan(url: string, backends: readonly string[], unique: boolean, timeoutSeconds: number, certifyByDefault = true): string {
  const header = [
    '# A race from `slitherbench serve`, as a bench plan. The dataset is a file holding the puzzle, one line:',
    `#   printf '%s\\n' '${url}' > race.txt`,
    '#   slitherbench bench --config race.yaml',
  ];
  const plan = { name: 'race', out: 'results/race', datasets: ['race.txt'], backends: [...backends], timeout: timeoutSeconds, unique, ...(unique && !certifyByDefault ? { certify: false } : {}), jobs: 1 };
  return `${header.join('\n')}\n${toYaml(plan)}`;
}

/**
 * The 413 goes out at once, with `connection: close` (fastify's, as for every body it did not read), but the
 * socket is only half-closed: the rest of the body is read and dropped, up to `cap` bytes, and the socket is
 * destroyed once the body has ended. Node would destroy it as soon as the answer is written (destroySoon),
 * and bytes still arriving would then make the kernel reset the connection: a client that writes its whole
 * body before reading (Python's urllib, curl) would see the reset instead of the 413.
 */
function readOnAfterAnswer(raw: IncomingMessage, cap: number): void {
  const socket = raw.socket;
  if (!socket || raw.readableEnded) return;
  let read = 0;
  let ended = false;
  let answered = false;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > cap) socket.destroy();
  };
  raw.on('data', onData);
  raw.once('end', () => {
    ended = true;
    raw.off('data', onData);
    if (answered) socket.destroy();
  });
  raw.resume();
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    if (ended) socket.destroy();
  };
}

function openLog(path: string): number {
  try {
    return openSync(path, 'a');
  } catch (error) {
    throw new UsageError(`--log ${path}: cannot open for appending (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
