// The contract over the web preview's loopback WebSocket (npm run preview:web): the same calls
// and events as the Electron preload, for the same renderer running in a browser.
import { CALL_NAMES, EVENT_NAMES, decodeWire, encodeWire, type CallResult, type LinkdockBridge } from '../../src-preload/contract/index.ts';

type ServerMessage = { id: number; result: CallResult } | { event: string; payload: unknown };

export function createWebSocketBridge(url: string): LinkdockBridge {
  const pending = new Map<number, (result: CallResult) => void>();
  const listeners = new Map<string, Set<(payload: never) => void>>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;

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
        socket = null;
        for (const [id, settle] of pending) {
          pending.delete(id);
          settle({ ok: false, error: { kind: 'offline', message: 'The connection to the Linkdock preview server closed.' } });
        }
      };
      ws.onmessage = (message) => {
        const data = decodeWire(String(message.data), { segments: true }) as ServerMessage;
        if ('id' in data) {
          pending.get(data.id)?.(data.result);
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
        pending.set(id, resolve);
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
