// A body over --body-limit gets its 413 even from a client that writes the whole body before it reads
// (as Python's urllib does): the server reads and drops the rest up to a cap, then answers and closes.
// Past the cap the connection is closed at once, and the server goes on answering others.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { buildService } from '../../../runners/serve/app.ts';

const { app } = buildService({ bodyLimit: 1 << 20, drainLimit: 32 << 20 });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const port = Number(new URL(address).port);
after(() => app.close());

/** Writes the request whole, and only then reads; resolves with what came back, or the socket's error. */
function writeThenRead(head: string, body: Buffer): Promise<{ wroteAll: boolean; answer: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let wroteAll = false;
    socket.pause();
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ wroteAll, answer, error: error.code }));
    socket.write(head);
    socket.write(body, (error) => {
      wroteAll = !error;
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('end', () => resolve({ wroteAll, answer }));
      socket.resume();
    });
  });
}

const TEN_MB = Buffer.alloc(10 << 20, 'a');

test('10 MB with a Content-Length, written before reading: the client sees the 413', async () => {
  const reply = await writeThenRead(`POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${TEN_MB.length}\r\n\r\n`, TEN_MB);
  assert.equal(reply.error, undefined);
  assert.ok(reply.wroteAll);
  assert.match(reply.answer, /^HTTP\/1\.1 413 /);
  assert.match(reply.answer, /\{"error":"request body: larger than 1048576 bytes \(serve --body-limit\)"\}$/);
});

test('10 MB chunked, written before reading: the client sees the 413', async () => {
  const chunked = Buffer.concat([Buffer.from(`${TEN_MB.length.toString(16)}\r\n`), TEN_MB, Buffer.from('\r\n0\r\n\r\n')]);
  const reply = await writeThenRead('POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', chunked);
  assert.equal(reply.error, undefined);
  assert.match(reply.answer, /^HTTP\/1\.1 413 /);
});

test('past the drain cap the connection is closed, and the server answers the next client', async () => {
  const huge = Buffer.alloc(48 << 20, 'a');
  const reply = await writeThenRead(`POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${huge.length}\r\n\r\n`, huge);
  assert.ok(reply.error !== undefined || !/^HTTP\/1\.1 413/.test(reply.answer), 'not drained past the cap');
  const health = await fetch(new URL('/health', address));
  assert.equal(health.status, 200);
});
