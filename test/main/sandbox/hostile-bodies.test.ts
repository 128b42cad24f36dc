// Hostile bodies from anonymous visitors of a protected link (and an oversized one to the API):
// a huge chunked body is refused at its limit and the connection closed, not read whole; a
// stalled upload is cut by the request timeout; the sandbox keeps serving afterwards.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers.ts';
import { chunkedUpload } from './raw-upload.ts';

const MIB = 1024 * 1024;
const PIECE = 64 * 1024;
/** 64 MiB sent in 64 KiB pieces. */
const HUGE = (64 * MIB) / PIECE;
/**
 * What loopback socket buffers can hold without the server reading it (send + receive buffers,
 * autotuned up to a few MiB each): a server that stops at its limit leaves most of 64 MiB unsent.
 */
const BUFFERED = 12 * MIB;

let client: Client;

beforeAll(async () => {
  client = await startClient({ timeouts: { requestMs: 1500, idleMs: 5000, headersMs: 1000, keepAliveMs: 500 }, passwordHashCost: 1024 });
  await client.link({ location_url: 'https://secret.example/', url: 'locked', password: 'open sesame' });
});
afterAll(async () => {
  await client.sandbox.close();
});

// After each: the protected link still answers its form, and the right password still works.
afterEach(async () => {
  const form = await fetch(`${client.sandbox.url}locked`);
  expect(form.status).toBe(200);
  const right = await fetch(`${client.sandbox.url}locked`, { method: 'POST', body: new URLSearchParams({ password: 'open sesame' }), redirect: 'manual' });
  expect(right.status).toBe(303);
});

const port = () => client.sandbox.port;
const BOUNDARY = 'hostileboundary';
const multipartPiece = (name: string) => (i: number) =>
  i === 0 ? Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${'x'.repeat(PIECE)}`) : Buffer.alloc(PIECE, 'x');

describe('oversized bodies', () => {
  it('the password form takes a small url-encoded body only: 16 KiB is a 413 page', async () => {
    const answer = await fetch(`${client.sandbox.url}locked`, { method: 'POST', body: new URLSearchParams({ password: 'x'.repeat(16 * 1024) }) });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toContain('Form too large');
  });

  it('a chunked 64 MiB url-encoded password: 413 and the connection closed long before the end', async () => {
    const outcome = await chunkedUpload({
      port: port(),
      path: '/locked',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      pieces: HUGE,
      piece: (i) => Buffer.from(i === 0 ? `password=${'x'.repeat(PIECE)}` : 'x'.repeat(PIECE)),
    });
    expect(outcome.status).toBe(413);
    expect(outcome.closedEarly).toBe(true);
    expect(outcome.written).toBeLessThan(BUFFERED);
  });

  it('a chunked 64 MiB multipart POST to the password form: refused (415) without reading it', async () => {
    const outcome = await chunkedUpload({
      port: port(),
      path: '/locked',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      pieces: HUGE,
      piece: multipartPiece('password'),
    });
    expect(outcome.status).toBe(415);
    expect(outcome.closedEarly).toBe(true);
    expect(outcome.written).toBeLessThan(BUFFERED);
  });

  it('a chunked 64 MiB multipart field to the API: 413 at the request limit, connection closed', async () => {
    const outcome = await chunkedUpload({
      port: port(),
      path: '/api/links',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, Authorization: 'Bearer key-a' },
      pieces: HUGE,
      piece: multipartPiece('cloaking_title'),
    });
    expect(outcome.status).toBe(413);
    expect(outcome.closedEarly).toBe(true);
    // The API's whole-request limit is 12 MiB; beyond it only what the buffers held.
    expect(outcome.written).toBeLessThan(12 * MIB + BUFFERED);
  });
});

describe('stalled uploads', () => {
  it('an upload that stops sending is cut by the request timeout', async () => {
    const started = Date.now();
    const outcome = await chunkedUpload({
      port: port(),
      path: '/locked',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      pieces: 10,
      stallAfter: 1,
      piece: () => Buffer.from('password=ab'),
      deadlineMs: 8000,
    });
    expect(outcome.closedEarly).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('24 stalled multipart uploads to the API are all cut, and the sandbox serves meanwhile and after', async () => {
    const uploads = Array.from({ length: 24 }, () =>
      chunkedUpload({
        port: port(),
        path: '/api/links',
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, Authorization: 'Bearer key-a' },
        pieces: 100,
        stallAfter: 16,
        piece: multipartPiece('cloaking_title'),
        deadlineMs: 8000,
      }),
    );
    expect((await client.get('api/links')).status).toBe(200);
    for (const outcome of await Promise.all(uploads)) expect(outcome.closedEarly).toBe(true);
  });

  it('a request whose headers never end is cut by the headers timeout (408)', async () => {
    const { connect } = await import('node:net');
    const answer = await new Promise<string | null>((resolve) => {
      let text = '';
      const socket = connect(port(), '127.0.0.1', () => socket.write('GET /locked HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(null);
      }, 6000);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(text);
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
