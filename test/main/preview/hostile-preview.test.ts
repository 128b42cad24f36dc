// Hostile input to the web preview server (`npm run preview:web`), which any local process can
// reach: refused upgrades that reset, unparseable paths, malformed WebSocket frames, messages that
// are not calls, too many connections. The server runs in its own process, as it does for real,
// so a crash shows as a dead process; after every case it must still answer a good call.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAX_CONTRACT_CONNECTIONS } from '../../../src-main/preview/contract-socket.ts';
import { decodeWire, encodeWire, type CallResult } from '../../../src-preload/contract/index.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { patient } from '../../support/patience.ts';
import { frame, rawUpgrade, textFrames, upgradeRequest, type RawConnection } from './raw-websocket.ts';

let child: ChildProcess;
let origin = '';
let token = '';
let port = 0;
let output = '';
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const temp = await withTempDir();
  cleanup = temp.cleanup;
  child = spawn(process.execPath, ['test/main/preview/preview-child.ts', temp.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`preview exited (${code}): ${output}`)));
  });
  ({ origin, token } = JSON.parse(first) as { origin: string; token: string });
  port = Number(new URL(origin).port);
});

afterAll(async () => {
  child.kill();
  await cleanup();
});

// After every hostile input: a good call made after it is answered (the server got past it alive;
// a crash fails the call), and the process is still there.
afterEach(async () => {
  const result = await goodCall().catch((error: unknown) => error);
  expect(child.exitCode, `the preview server died: ${output}`).toBeNull();
  expect(result, `no answer to a good call: ${output}`).toMatchObject({ ok: true });
});

function goodCall(): Promise<CallResult> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/contract?token=${token}`, { origin });
    ws.on('error', reject);
    ws.on('open', () => ws.send(encodeWire({ id: 7, name: 'workspaces.list', input: {} })));
    ws.on('message', (data) => {
      const message = decodeWire(String(data)) as { id?: number; result: CallResult };
      if (message.id !== 7) return;
      ws.close();
      resolve(message.result);
    });
  });
}

const contractPath = () => `/contract?token=${token}`;
const open = (): Promise<RawConnection> => rawUpgrade(port, upgradeRequest(contractPath(), { Origin: origin }));
const masked = (text: string | Buffer, opcode = 1) => frame({ opcode, payload: typeof text === 'string' ? Buffer.from(text) : text });

describe('upgrades that are refused', () => {
  it('a refused upgrade whose client resets the connection does not end the server', async () => {
    for (let i = 0; i < 5; i += 1) {
      const refused = await rawUpgrade(port, upgradeRequest('/contract?token=wrong', { Origin: origin }));
      expect(refused.status).toBe(403);
      refused.socket.resetAndDestroy();
    }
    // Reset before the answer could be written, too.
    for (let i = 0; i < 5; i += 1) {
      await new Promise<void>((resolve) => {
        const socket = rawSocket(() => {
          socket.write(upgradeRequest('/contract', { Origin: 'http://evil.example' }));
          socket.resetAndDestroy();
          resolve();
        });
      });
    }
  });

  it.each(['//[', '/contract?token=%', 'http://[', '*'])('an upgrade to %s with the page Origin: 4xx, never a crash', async (path) => {
    const answer = await rawUpgrade(port, upgradeRequest(path, { Origin: origin }));
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it(`more than ${MAX_CONTRACT_CONNECTIONS} contract connections at once: the extra one is refused with 503`, async () => {
    const held: RawConnection[] = [];
    for (let i = 0; i < MAX_CONTRACT_CONNECTIONS; i += 1) {
      const connection = await open();
      expect(connection.status).toBe(101);
      held.push(connection);
    }
    const extra = await open();
    expect(extra.status).toBe(503);
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed()));
  });
});

describe('malformed frames', () => {
  it.each([
    ['a reserved opcode', frame({ opcode: 0x3 })],
    ['a reserved control opcode', frame({ opcode: 0xb })],
    ['an unmasked frame', frame({ opcode: 1, payload: Buffer.from('{"id":1}'), masked: false })],
    ['RSV1 without compression', frame({ opcode: 1, payload: Buffer.from('{"id":1}'), rsv1: true })],
    ['a length of 2^40 bytes', frame({ opcode: 2, claimedLength: 2n ** 40n })],
    ['a length past 2^53', frame({ opcode: 2, claimedLength: 2n ** 63n - 1n })],
    ['invalid UTF-8 in a text frame', masked(Buffer.from([0x7b, 0xc3, 0x28, 0x7d]))],
    ['a fragmented control frame', frame({ opcode: 0x9, fin: false })],
    ['a continuation with nothing to continue', frame({ opcode: 0x0, payload: Buffer.from('x') })],
  ])('%s: the connection is closed, the server lives on', async (_name, bytes) => {
    const connection = await open();
    expect(connection.status).toBe(101);
    connection.socket.write(bytes);
    expect(await connection.closed()).toBe(true);
  });
});

describe('messages that are not calls', () => {
  const answerTo = async (text: string | Buffer, opcode = 1): Promise<{ id: unknown; result: CallResult }> => {
    const connection = await open();
    connection.socket.write(masked(text, opcode));
    await vi.waitFor(() => expect(textFrames(connection.received()), 'an answer').not.toHaveLength(0), patient);
    connection.socket.destroy();
    const [first] = textFrames(connection.received());
    expect(first, 'an answer').toBeDefined();
    return JSON.parse(first as string) as { id: unknown; result: CallResult };
  };

  it('a name that is an object whose toString is not a function: an error answer', async () => {
    const answer = await answerTo('{"id":1,"name":{"toString":1},"input":null}');
    expect(answer.id).toBe(1);
    expect(answer.result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it.each([
    ['not JSON', 'not json', null],
    ['JSON null', 'null', null],
    ['an array', '[1,2]', null],
    ['no id', '{"name":"workspaces.list"}', null],
    ['a string id', '{"id":"1","name":"workspaces.list"}', null],
    ['a name that is a number', '{"id":2,"name":5}', 2],
    ['a name with a valueOf trap', '{"id":3,"name":{"valueOf":1,"toString":1}}', 3],
    ['an unknown call', '{"id":4,"name":"__proto__"}', 4],
    ['an input the schema refuses', '{"id":5,"name":"workspaces.rename","input":{"id":{"$bytes":1}}}', 5],
    // Main sends a window long texts after a message's JSON (wire-codec.ts segments); it reads none.
    ['a call with segments', 'S{"value":{"id":8,"name":"workspaces.list","input":{}},"segments":[{"path":["__proto__","x"],"length":3}]}\nabc', null],
  ])('%s: an error answer', async (_name, text, id) => {
    const answer = await answerTo(text);
    expect(answer.id).toBe(id);
    expect(answer.result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('a binary message (even a valid call): an error answer', async () => {
    const answer = await answerTo(Buffer.from('{"id":6,"name":"workspaces.list","input":{}}'), 2);
    expect(answer.result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });
});

function rawSocket(onConnect: () => void): Socket {
  const socket = connect(port, '127.0.0.1', onConnect);
  socket.on('error', () => undefined);
  return socket;
}
