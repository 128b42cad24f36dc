// The preview's WebSocket bridge, against a real socket server: an answer the window cannot read
// (a malformed message with segments, say) fails the calls waiting with a reason instead of
// leaving them waiting for good, and the next call goes over a new connection.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createWebSocketBridge } from '../../../src-renderer/contract/websocket-bridge.ts';

let server: WebSocketServer | undefined;
afterEach(() => server?.close());

function serve(answer: (call: { id: number }, ws: WebSocket) => void): Promise<string> {
  return new Promise((resolve) => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => {
      const address = server!.address() as { port: number };
      resolve(`ws://127.0.0.1:${address.port}/contract`);
    });
    server.on('connection', (ws) => ws.on('message', (data) => answer(JSON.parse(String(data)) as { id: number }, ws)));
  });
}

describe('the preview bridge', () => {
  it('fails a call whose answer cannot be read, and answers the next one over a new connection', async () => {
    let answers = 0;
    const url = await serve((call, ws) => {
      answers += 1;
      if (answers === 1) ws.send('S{"value":{"id":1},"segments":[{"path":["x"],"length":99}]}\nabc');
      else ws.send(JSON.stringify({ id: call.id, result: { ok: true, value: [] } }));
    });
    const bridge = createWebSocketBridge(url);
    expect(await bridge.invoke('workspaces.list', {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(await bridge.invoke('workspaces.list', {})).toEqual({ ok: true, value: [] });
    expect(server!.clients.size).toBe(1); // the first connection was closed
  });
});
