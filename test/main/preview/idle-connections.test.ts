// Idle connections to the web preview (issue #36): any local user could hold all 64 connection
// slots with sockets that send nothing (Node closed them after ~90 s) and renew them, locking the
// page out. Now a new connection takes the slot of the longest-idle one, idle connections are
// closed after short timeouts (injected shorter here), and one address holds at most part of the
// slots. Every wait below is for an event (a close, an answer), never a fixed time.
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PREVIEW_CONNECTIONS, startPreview, type PreviewOptions, type RunningPreview } from '../../../src-main/preview/preview-server.ts';
import { decodeWire, encodeWire, type CallResult } from '../../../src-preload/contract/index.ts';
import { withTempDir } from '../../support/temp-dir.ts';

let preview: RunningPreview | null = null;
let cleanup: (() => Promise<void>) | null = null;
const held: Socket[] = [];
afterEach(async () => {
  for (const socket of held.splice(0)) socket.destroy();
  await preview?.close();
  preview = null;
  await cleanup?.();
});

async function start(options: Partial<PreviewOptions> = {}): Promise<{ port: number }> {
  const temp = await withTempDir();
  cleanup = temp.cleanup;
  const rendererDir = path.join(temp.dir, 'renderer');
  await mkdir(rendererDir);
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>preview page</title>');
  preview = await startPreview({ rendererDir, dataDir: path.join(temp.dir, 'data'), logError: () => undefined, ...options });
  return { port: Number(new URL(preview.origin).port) };
}

interface Idle {
  socket: Socket;
  closed: Promise<void>;
}

/** A connection that sends nothing (or `first`), read so that its close is seen. */
function idleSocket(port: number, options: { from?: string; first?: string } = {}): Promise<Idle> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', ...(options.from ? { localAddress: options.from } : {}) });
    held.push(socket);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    socket.resume();
    socket.once('connect', () => {
      if (options.first) socket.write(options.first);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

/** A page load on a connection of its own. */
function pageLoad(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

function contractConnection(port: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/contract?token=${preview!.token}`, { origin: preview!.origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function workspacesList(ws: WebSocket): Promise<CallResult> {
  return new Promise((resolve) => {
    ws.on('message', (data) => {
      const message = decodeWire(String(data)) as { id?: number; result: CallResult };
      if (message.id === 9) resolve(message.result);
    });
    ws.send(encodeWire({ id: 9, name: 'workspaces.list', input: {} }));
  });
}

describe('idle connections to the preview', () => {
  it(`${PREVIEW_CONNECTIONS.total} idle sockets cannot lock a page out: it takes the longest-idle one's slot`, async () => {
    const { port } = await start();
    const idle: Idle[] = [];
    for (let i = 0; i < PREVIEW_CONNECTIONS.total; i++) idle.push(await idleSocket(port, { from: i % 2 ? '127.0.0.1' : '127.0.0.2' }));
    const page = await pageLoad(port);
    expect(page).toMatchObject({ status: 200, body: expect.stringContaining('preview page') });
    // The one that made room is the oldest, at once (the headers timeout is 5 s here).
    await idle[0]!.closed;
    // And again, with the slot that page load freed held idle too.
    idle.push(await idleSocket(port));
    expect((await pageLoad(port)).status).toBe(200);
    await idle[1]!.closed;
  });

  it('closes a connection that sends nothing, or not all its headers, within the timeout; an upgraded contract stays', async () => {
    const { port } = await start({ timeouts: { headersMs: 200, requestMs: 400, keepAliveMs: 200, idleMs: 1_000 } });
    const ws = await contractConnection(port);
    const silent = await Promise.all([1, 2, 3, 4, 5].map(() => idleSocket(port)));
    const slow = await idleSocket(port, { first: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n' });
    await Promise.all([...silent, slow].map((socket) => socket.closed));
    // Long past the headers timeout: the page's WebSocket is open and answers.
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect(await workspacesList(ws)).toEqual({ ok: true, value: [] });
    ws.close();
  });

  it('one address holds at most its share of the slots: its own idlest goes, not an older one of another address', async () => {
    const { port } = await start({ connections: { total: 10, perAddress: 6 } });
    const other = await Promise.all([1, 2, 3].map(() => idleSocket(port, { from: '127.0.0.2' })));
    const mine: Idle[] = [];
    for (let i = 0; i < 6; i++) mine.push(await idleSocket(port, { from: '127.0.0.1' }));
    await idleSocket(port, { from: '127.0.0.1' });
    await mine[0]!.closed;
    expect(other.map(({ socket }) => socket.closed)).toEqual([false, false, false]);
    expect(mine.slice(1).map(({ socket }) => socket.closed)).toEqual([false, false, false, false, false]);
    // A page from another address still gets in.
    expect((await pageLoad(port)).status).toBe(200);
  });
});
