// `slitherbench serve` as its clients meet it: verified answers in the contract's JSON, bad requests of
// every kind refused with a 4xx while the server stays up, crashes restarted, a full queue answered 503,
// and nothing answered lost when the server is stopped or killed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { solutionFromJson } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';
import { experimentSchema } from '../../../runners/harness/plans/experiment.ts';
import { servedAddress } from '../../../runners/serve/served-address.ts';
import { BIN } from '../../helpers/cli.ts';

const FIXTURES = new URL('../../fixtures/backends/', import.meta.url).pathname;
const TEN = '10x10t0:e2a12c122b2c1b1202c230a2b212a32b21b22e32b2a2b1c3a1a1a2a2c2a2a221331b1b3b';
const dir = mkdtempSync(join(tmpdir(), 'slitherbench-serve-'));
const servers: ChildProcess[] = [];
after(() => {
  for (const s of servers) if (s.exitCode === null) s.kill('SIGKILL');
});

async function startServer(...args: string[]): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: { ...process.env, SLITHERBENCH_BACKENDS_DIR: FIXTURES }, stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await servedAddress(child, () => stderr);
  return { url, child, stderr: () => stderr };
}

const post = (url: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

const server = startServer('--log', join(dir, 'answers.jsonl'), '--max-cells', '2500', '--max-timeout', '20');

test('POST /solve answers the contract JSON with a verified loop, and logs it', async () => {
  const { url } = await server;
  const response = await post(`${url}/solve`, { puzzle: TEN, backend: 'auto', unique: true, timeout: 10 });
  assert.equal(response.status, 200);
  const answer = (await response.json()) as Record<string, unknown>;
  assert.equal(answer.status, 'solved');
  assert.equal(answer.unique, true);
  assert.equal(answer.backend, 'auto');
  assert.equal(typeof answer.timeMs, 'number');
  const { puzzle } = parsePuzzle(TEN);
  assert.equal(verify(puzzle, solutionFromJson(answer.solution)).valid, true);
  const logged = readFileSync(join(dir, 'answers.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(logged.at(-1).answer.solution, answer.solution);
  assert.equal(logged.at(-1).request.puzzle, TEN);
});

test('POST /solve takes the back-end with its options as the command line writes it; options given apart override them', async () => {
  const { url } = await server;
  for (const body of [{ backend: 'cdcl-loop:core=typescript' }, { backend: 'cdcl-loop:core=fortran', options: { core: 'typescript' } }]) {
    const response = await post(`${url}/solve`, { puzzle: TEN, timeout: 10, ...body });
    const answer = (await response.json()) as Record<string, unknown>;
    assert.equal(response.status, 200, JSON.stringify(answer));
    assert.deepEqual([answer.status, answer.backend], ['solved', 'cdcl-loop']);
  }
});

test('POST /solve with certify: the answer carries a certificate whose proof the checker verified', async () => {
  const { url } = await server;
  const answer = (await (await post(`${url}/solve`, { puzzle: TEN, backend: 'cdcl-loop', certify: true, timeout: 10 })).json()) as Record<string, unknown>;
  assert.equal(answer.unique, true);
  const certificate = answer.certificate as { certified: string; verified: boolean; proofBytes: number };
  assert.deepEqual([certificate.certified, certificate.verified], ['yes', true]);
  assert.ok(certificate.proofBytes > 0);
  const rules = (await (await post(`${url}/solve`, { puzzle: TEN, backend: 'rules', certify: true, timeout: 10 })).json()) as { certificate: { certified: string } };
  assert.equal(rules.certificate.certified, 'not supported');
  assert.equal((await post(`${url}/solve`, { puzzle: TEN, certify: 'yes' })).status, 400);
});

test('POST /solve certifies by default an answer whose uniqueness is asked of a back-end whose proof costs little; certify: false and serve --no-certify turn it off', async () => {
  const { url } = await server;
  const certificateOf = async (server: string, body: Record<string, unknown>) => ((await (await post(`${server}/solve`, { puzzle: TEN, timeout: 10, ...body })).json()) as { status: string; certificate?: { certified: string; verified?: boolean } }).certificate;
  assert.deepEqual(await certificateOf(url, { backend: 'auto', unique: true }).then((c) => [c?.certified, c?.verified]), ['yes', true]);
  assert.equal(await certificateOf(url, { backend: 'auto', unique: true, certify: false }), undefined);
  // Nothing to prove without uniqueness; a back-end whose proof costs more (or that writes none) answers as before.
  assert.equal(await certificateOf(url, { backend: 'auto' }), undefined);
  assert.equal(await certificateOf(url, { backend: 'rules', unique: true }), undefined);
  assert.equal(await certificateOf(url, { backend: 'cdcl-loop:core=typescript', unique: true }), undefined);
  const plain = await startServer('--no-certify', '--warm', 'none');
  assert.equal(await certificateOf(plain.url, { backend: 'cdcl-loop', unique: true }), undefined);
  assert.equal(await certificateOf(plain.url, { backend: 'cdcl-loop', unique: true, certify: true }).then((c) => c?.certified), 'yes');
  const plan = parseYaml(await (await post(`${plain.url}/plan`, { puzzle: TEN, backends: ['auto'], unique: true })).text());
  assert.equal(plan.certify, false, 'the race as a bench plan certifies as this server does');
  plain.child.kill('SIGTERM');
});

test('GET /backends lists the back-ends as `backends --json` does; GET /health reports the pool', async () => {
  const { url } = await server;
  const rows = (await (await fetch(`${url}/backends`)).json()) as { name: string; available: boolean }[];
  assert.ok(rows.some((r) => r.name === 'auto' && r.available));
  assert.ok(rows.some((r) => r.name === 'rules'));
  const health = (await (await fetch(`${url}/health`)).json()) as { status: string; lanes: { backend: string }[] };
  assert.equal(health.status, 'ok');
  assert.ok(health.lanes.some((l) => l.backend === 'auto'));
});

test('bad requests get a 4xx with a one-line error, as the CLI words it, and the server stays up', async () => {
  const { url } = await server;
  const cases: [string, string | unknown, number, RegExp][] = [
    ['malformed JSON', '{"puzzle": ', 400, /invalid JSON/],
    ['truncated JSON', '{"puzzle": "1x1t0:4"', 400, /invalid JSON/],
    ['not an object', '[1, 2]', 400, /must be a JSON object/],
    ['null', 'null', 400, /must be a JSON object/],
    ['no puzzle', {}, 400, /'puzzle' is missing/],
    ['puzzle not a string', { puzzle: 7 }, 400, /'puzzle' must be a string/],
    ['not a puzzle', { puzzle: 'hello' }, 400, /^puzzle: /],
    ['truncated URL', { puzzle: 'https://puzz.link/p?slither/3/3/g0a' }, 400, /puzzle: character 36: the body is truncated/],
    ['grid over --max-cells', { puzzle: Array(60).fill('.'.repeat(60)).join('\n') }, 400, /takes at most 2500/],
    ['impossible grid', { puzzle: '5000x5000t0:a' }, 400, /too large/],
    ['unknown back-end', { puzzle: TEN, backend: 'sat-nope' }, 400, /unknown back-end 'sat-nope'/],
    ['unknown option', { puzzle: TEN, backend: 'rules', options: { speed: 'max' } }, 400, /has no option 'speed'/],
    ['bad option in the back-end', { puzzle: TEN, backend: 'cdcl-loop:core=fortran' }, 400, /option core of 'cdcl-loop' must be one of wasm, typescript; got 'fortran'/],
    ['malformed back-end', { puzzle: TEN, backend: 'rules:trial' }, 400, /^'backend': an option of 'rules' is key=value, got 'trial'$/],
    ['negative timeout', { puzzle: TEN, timeout: -1 }, 400, /^--timeout must be a positive number of seconds, got '-1'$/],
    ['timeout over the cap', { puzzle: TEN, timeout: 3600 }, 400, /at most 20 seconds/],
    ['unique not a boolean', { puzzle: TEN, unique: 'yes' }, 400, /'unique' must be true or false/],
  ];
  for (const [name, body, status, message] of cases) {
    const response = await post(`${url}/solve`, body);
    const answer = (await response.json()) as { error: string };
    assert.equal(response.status, status, `${name}: ${answer.error}`);
    assert.match(answer.error, message, name);
    assert.doesNotMatch(answer.error, /\n/, name);
  }
  const plain = await post(`${url}/solve`, 'puzzle=x', { 'content-type': 'text/plain' });
  assert.equal(plain.status, 400);
  assert.match(((await plain.json()) as { error: string }).error, /must be a JSON object/);
  assert.equal((await post(`${url}/solve`, 'x', { 'content-type': 'application/xml' })).status, 415);
  assert.equal((await fetch(`${url}/nowhere`)).status, 404);

  // A 10 MB body is refused on its Content-Length, before it is read: the 413 comes while the client has sent
  // only its first 64 KiB. (A client that writes the whole body first sees it too: body-limit.test.ts.)
  const huge = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => resolve(received));
    socket.on('close', () => resolve(received));
    setTimeout(() => reject(new Error(`no answer to the 10 MB body within 20 s: ${JSON.stringify(received)}`)), 20_000).unref();
    socket.write(`POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${10 << 20}\r\n\r\n{"puzzle": "`);
    socket.write('x'.repeat(64 << 10));
  });
  assert.match(huge, /^HTTP\/1\.1 413 /, 'the 10 MB body gets a 413');
  assert.match(huge, /larger than \d+ bytes/);

  // Random JSON of every shape: a 4xx or an answer, never a 5xx.
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.json(), fc.record({ puzzle: fc.oneof(fc.string(), fc.constant(TEN)), backend: fc.oneof(fc.constantFrom('auto', 'rules', 'x'), fc.string()), timeout: fc.oneof(fc.double(), fc.string(), fc.integer({ min: -5, max: 5 })), unique: fc.anything(), options: fc.anything() }, { requiredKeys: [] }).map((o) => JSON.stringify(o))), async (body) => {
      const response = await post(`${url}/solve`, body);
      await response.arrayBuffer();
      assert.ok(response.status === 200 || (response.status >= 400 && response.status < 500), `status ${response.status} for ${body.slice(0, 200)}`);
    }),
    { numRuns: 150, seed: 31 },
  );

  // Many connections left open, some half-way through their headers: the others are still answered.
  const idle: Socket[] = [];
  for (let i = 0; i < 200; i++) {
    const socket = connect(new URL(url).port ? Number(new URL(url).port) : 80, '127.0.0.1');
    socket.on('error', () => undefined);
    if (i % 2) socket.write('POST /solve HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n');
    idle.push(socket);
  }
  await new Promise((r) => setTimeout(r, 300));
  const still = await post(`${url}/solve`, { puzzle: TEN });
  assert.equal(still.status, 200);
  assert.equal(((await still.json()) as { status: string }).status, 'solved');
  for (const s of idle) s.destroy();
  assert.equal((await fetch(`${url}/health`)).status, 200);
});

test('a back-end that crashes answers error, and its worker is started again', async () => {
  const { url } = await server;
  const crashed = (await (await post(`${url}/solve`, { puzzle: '1x1t0:4', backend: 'fixture-crash' })).json()) as { status: string; message: string };
  assert.equal(crashed.status, 'error');
  assert.match(crashed.message, /worker died/);
  const health = (await (await fetch(`${url}/health`)).json()) as { restarts: number; status: string };
  assert.equal(health.status, 'ok');
  assert.ok(health.restarts >= 1);
  const again = (await (await post(`${url}/solve`, { puzzle: '1x1t0:4', backend: 'fixture-crash' })).json()) as { status: string };
  assert.equal(again.status, 'error', 'the restarted worker took the next request');
  const fine = (await (await post(`${url}/solve`, { puzzle: '1x1t0:4', backend: 'rules' })).json()) as { status: string };
  assert.equal(fine.status, 'solved');
});

test('POST /plan writes a bench plan that bench --config accepts', async () => {
  const { url } = await server;
  const response = await post(`${url}/plan`, { puzzle: TEN, backends: ['auto', 'rules', 'cdcl-loop:core=typescript'], unique: true, timeout: 20 });
  assert.equal(response.status, 200);
  const text = await response.text();
  const plan = experimentSchema.parse(parseYaml(text));
  assert.deepEqual(plan.backends, ['auto', 'rules', 'cdcl-loop:core=typescript']);
  assert.equal(plan.unique, true);
  assert.match(text, /printf '%s\\n' 'https:\/\/puzz\.link\/p\?slither\/10\/10\//);
  assert.equal((await post(`${url}/plan`, { puzzle: TEN, backends: ['nope'] })).status, 400);
  assert.equal((await post(`${url}/plan`, { puzzle: TEN, backends: ['rules:depth=2'] })).status, 400);
});

test('a client that hangs up while queued leaves the queue: no worker runs its puzzle', async () => {
  const { url, child } = await startServer('--workers', '1', '--warm', 'none');
  const sleep = { puzzle: '1x1t0:4', backend: 'fixture-sleep', timeout: 0.5 };
  const running = post(`${url}/solve`, sleep);
  await new Promise((r) => setTimeout(r, 200));
  const leaving = Array.from({ length: 4 }, () => {
    const abort = new AbortController();
    const request = fetch(`${url}/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sleep), signal: abort.signal }).catch(() => 'left');
    setTimeout(() => abort.abort(), 200);
    return request;
  });
  assert.deepEqual(await Promise.all(leaving), ['left', 'left', 'left', 'left']);
  // The server sees each hang-up when its event loop gets to it: a fixed wait was too short on a loaded machine.
  // The running request holds its worker for its timeout and the grace (2.5 s), so 1 is reached well before.
  let health = { inFlight: -1 };
  for (let waited = 0; waited < 1500; waited += 50) {
    health = (await (await fetch(`${url}/health`)).json()) as { inFlight: number };
    if (health.inFlight <= 1) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(health.inFlight, 1, 'only the running request is left');
  assert.equal(((await (await running).json()) as { status: string }).status, 'timeout');
  const after = (await (await fetch(`${url}/health`)).json()) as { inFlight: number; answered: number };
  assert.deepEqual([after.inFlight, after.answered], [0, 1]);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
});

test('past --max-pending a request gets 503 with Retry-After; SIGTERM answers what is in flight; SIGKILL loses no logged answer', async () => {
  const log = join(dir, 'busy.jsonl');
  const { url, child } = await startServer('--max-pending', '2', '--workers', '1', '--warm', 'none', '--log', log);
  // fixture-sleep spins until killed: each run lasts its timeout plus the grace (2 s).
  const slow = [post(`${url}/solve`, { puzzle: '1x1t0:4', backend: 'fixture-sleep', timeout: 0.5 }), post(`${url}/solve`, { puzzle: '1x1t0:4', backend: 'fixture-sleep', timeout: 0.5 })];
  // Both taken in before the third comes (a fixed wait was too short on a loaded machine).
  for (let waited = 0; waited < 5000; waited += 50) {
    if (((await (await fetch(`${url}/health`)).json()) as { inFlight: number }).inFlight === 2) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const refused = await post(`${url}/solve`, { puzzle: '1x1t0:4', backend: 'rules' });
  assert.equal(refused.status, 503);
  assert.equal(refused.headers.get('retry-after'), '1');
  assert.match(((await refused.json()) as { error: string }).error, /busy/);
  child.kill('SIGTERM');
  const answers = await Promise.all(slow.map(async (r) => (await (await r).json()) as { status: string }));
  assert.deepEqual(answers.map((a) => a.status), ['timeout', 'timeout']);
  const code = await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(child.exitCode)));
  assert.equal(code, 0);
  assert.equal(readFileSync(log, 'utf8').trim().split('\n').length, 2);

  const second = await startServer('--warm', 'rules', '--log', log);
  let answered = 0;
  for (let i = 0; i < 5; i++) if ((await post(`${second.url}/solve`, { puzzle: '1x1t0:4', backend: 'rules' })).status === 200) answered++;
  second.child.kill('SIGKILL');
  await new Promise((r) => second.child.once('exit', r));
  assert.equal(readFileSync(log, 'utf8').trim().split('\n').length, 2 + answered);
});

test('--warm takes back-ends as --backends does: options are checked at start, and a bad one is one error line (exit 2)', async () => {
  const { url, child, stderr } = await startServer('--workers', '1', '--warm', 'rules:trial=off,fixture-wrong');
  try {
    assert.match(stderr(), /serve: rules, fixture-wrong warm in \d+ ms/);
    const health = (await (await fetch(`${url}/health`)).json()) as { lanes?: { backend: string; starts: number }[] };
    assert.ok(JSON.stringify(health).includes('rules'), JSON.stringify(health));
  } finally {
    child.kill('SIGTERM');
  }
  const refused = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--warm', 'rules:nosuch=1'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /^error: back-end 'rules' has no option 'nosuch'/);
});
