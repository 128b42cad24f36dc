// The contract over the web preview's loopback WebSocket (npm run preview:web): the same calls
// and events as the Electron preload, for the same renderer running in a browser.
import { CALL_NAMES, EVENT_NAMES, decodeWire, encodeWire, type CallResult, type LinkdockBridge } from '../../src-preload/contract/index.ts';

type ServerMessage = { id: number; result: CallResult } | { event: string; payload: unknown };

export function createWebSocketBridge(url: string): LinkdockBridge {
  /** Calls waiting for their answer, each with the connection it went over. */
  const pending = new Map<number, { ws: WebSocket; settle: (result: CallResult) => void }>();
  const listeners = new Map<string, Set<(payload: never) => void>>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;

  /** Fails the calls waiting on `ws` (a new connection's calls are not its to fail). */
  const failWaiting = (ws: WebSocket, error: CallResult & { ok: false }) => {
    for (const [id, call] of pending) {
      if (call.ws !== ws) continue;
      pending.delete(id);
      call.settle(error);
    }
  };

  const connect = (): Promise<WebSocket> => {
    if (socket?.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    opening ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => {
        socket = ws;
        opening = null;
        resolve(ws);
      };
      ws.onerror = () => {
        opening = null;
        reject(new Error('The Linkdock preview server is not reachable.'));
      };
      ws.onclose = () => {
        if (socket === ws) socket = null;
        failWaiting(ws, { ok: false, error: { kind: 'offline', message: 'The connection to the Linkdock preview server closed.' } });
      };
      ws.onmessage = (message) => {
        let data: ServerMessage;
        try {
          data = decodeWire(String(message.data), { segments: true }) as ServerMessage;
        } catch {
          // Whose answer it was cannot be told: the calls waiting on this connection fail (with a
          // reason), and the next call opens a new one.
          if (socket === ws) socket = null;
          failWaiting(ws, { ok: false, error: { kind: 'internal', message: 'The Linkdock preview server sent an answer that could not be read.' } });
          ws.close();
          return;
        }
        if ('id' in data) {
          pending.get(data.id)?.settle(data.result);
          pending.delete(data.id);
        } else {
          for (const listener of listeners.get(data.event) ?? []) listener(data.payload as never);
        }
      };
    });
    return opening;
  };
  void connect().catch(() => undefined);

  return {
    async invoke(name, input) {
      if (!(CALL_NAMES as readonly string[]).includes(name)) throw new Error(`Unknown call: ${String(name)}`);
      const ws = await connect();
      const id = nextId++;
      return new Promise<CallResult>((resolve) => {
        pending.set(id, { ws, settle: resolve });
        ws.send(encodeWire({ id, name, input }));
      });
    },
    subscribe(event, listener) {
      if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`Unknown event: ${String(event)}`);
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
}
