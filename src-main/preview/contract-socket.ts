// The preview's contract over a loopback WebSocket. Any local process can reach the port, so the
// rules are: only this run's token, from the preview's own origin, may connect; only a few
// connections at once; and nothing a peer sends (a reset, a path URL cannot parse, a malformed
// frame, a message that is not a call) may throw out of a listener and end the server.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { encodeWire, encodeWireData, encodeWireSegments, isServiceDataCallName, type CallResult } from '../../src-preload/contract/index.ts';
import type { CallRouter } from '../ipc/call-router.ts';
import { readCall } from './call-message.ts';

/** The preview is one person's browser tabs; more connections than this are someone else. */
export const MAX_CONTRACT_CONNECTIONS = 8;
/** The largest call: two 5 MiB uploads, base64 in JSON (4/3), plus the other fields. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** A refused peer gets this long to read its answer before its socket is destroyed. */
const REFUSED_LINGER_MS = 1000;

export interface ContractSocketOptions {
  server: Server;
  origin: string;
  token: string;
  router: CallRouter;
  logError: (message: string) => void;
}

export interface ContractSocket {
  /** Sends a main → renderer event to every connected page. */
  broadcast(message: string): void;
  close(): void;
}

export function attachContractSocket(options: ContractSocketOptions): ContractSocket {
  const clients = new Set<WebSocket>();
  // No permessage-deflate (the ws server default): a compressed frame could inflate far past maxPayload's intent.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, clientTracking: false, perMessageDeflate: false });

  const answer = async (ws: WebSocket, data: RawData, isBinary: boolean): Promise<void> => {
    const call = readCall(data, isBinary);
    // The connection proved the token and origin at upgrade: its calls are trusted like the app's window.
    const result: CallResult = 'error' in call ? { ok: false, error: call.error } : await options.router.handle(call.name, call.input, true);
    if (ws.readyState !== ws.OPEN) return;
    // Resource results and a listing's pages are JSON-born service data: no bytes to look for (a
    // walk of a 1,000-link page visits ~100,000 values before JSON.stringify visits them again).
    const serviceData = !('error' in call) && typeof call.name === 'string' && isServiceDataCallName(call.name);
    const message = { id: call.id, result };
    // A listing's pages each carry their text (listed-page.ts): it travels after the JSON, unescaped.
    if (serviceData && call.name === 'listing.next') ws.send(encodeWireSegments(message));
    else ws.send(serviceData ? encodeWireData(message) : encodeWire(message));
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Node hands an upgrade's socket over without an 'error' listener: a reset would be thrown.
    socket.on('error', () => socket.destroy());
    const refusal = refusalOf(request, options.origin, options.token) ?? (clients.size >= MAX_CONTRACT_CONNECTIONS ? '503 Service Unavailable' : null);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      // A malformed frame (reserved opcode, unmasked, RSV1, oversize, bad UTF-8) is an 'error'
      // event: ws has already sent the close code; drop the peer at once rather than wait for its reply.
      ws.on('error', () => ws.terminate());
      ws.on('message', (data, isBinary) => {
        answer(ws, data, isBinary).catch((error: unknown) =>
          options.logError(`preview: could not answer a call: ${error instanceof Error ? error.message : 'unknown error'}`),
        );
      });
    });
  };
  options.server.on('upgrade', onUpgrade);

  return {
    broadcast(message) {
      for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(message);
    },
    close() {
      options.server.off('upgrade', onUpgrade);
      for (const ws of clients) ws.terminate();
      wss.close();
    },
  };
}

/** Why an upgrade is refused (an HTTP status line's tail), or null to accept it. */
function refusalOf(request: IncomingMessage, origin: string, token: string): string | null {
  if (request.headers.origin !== origin) return '403 Forbidden';
  const target = request.url ?? '/';
  if (!URL.canParse(target, origin)) return '400 Bad Request';
  const url = new URL(target, origin);
  if (url.pathname !== '/contract') return '403 Forbidden';
  const given = Buffer.from(url.searchParams.get('token') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : '403 Forbidden';
}
