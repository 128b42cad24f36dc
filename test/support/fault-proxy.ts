// A fault-injecting HTTP proxy for the chaos suite: sits in front of the sandbox on loopback and,
// by a seeded random draw per request, drops the request, applies it and drops the answer,
// answers 5xx before or after applying, answers 429 with a reset, adds latency, or resets the
// connection. "Offline" refuses every request until healed.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandom } from '../../src-main/sandbox/demo.ts';

export { seededRandom };

export const FAULT_KINDS = [
  'drop-request', // the connection closes before anything reaches the service
  'drop-response', // the service applies the request; the answer is lost
  '5xx-before', // 503 without reaching the service
  '5xx-after', // the service applies the request; the client sees 502
  '429', // rate limited, with X-RateLimit-Reset
  'latency', // the answer comes late (but comes)
  'reset', // the connection is reset mid-request (before the service sees it)
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultProxyOptions {
  /** The sandbox's base URL, e.g. http://127.0.0.1:4000/ */
  target: string;
  seed: number;
  /** Share of requests that meet a fault, 0..1. */
  faultRate: number;
  kinds?: readonly FaultKind[];
  latencyMs?: number;
  /** Seconds announced in X-RateLimit-Reset on injected 429s. */
  resetSeconds?: number;
}

export interface FaultProxy {
  url: string;
  /** Requests that met each fault, and all requests seen. */
  stats: Record<FaultKind | 'requests' | 'refused-offline', number>;
  setOffline(offline: boolean): void;
  setFaultRate(rate: number): void;
  close(): Promise<void>;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const random = seededRandom(options.seed);
  const kinds = options.kinds ?? FAULT_KINDS;
  const target = new URL(options.target);
  const stats = Object.fromEntries([...FAULT_KINDS, 'requests', 'refused-offline'].map((k) => [k, 0])) as FaultProxy['stats'];
  let faultRate = options.faultRate;
  let offline = false;
  const sockets = new Set<Socket>();

  const forward = (req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host, 'content-length': String(body.length) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const reply = (res: ServerResponse, answer: { status: number; headers: IncomingMessage['headers']; body: Buffer }) => {
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers['connection'];
    res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  };

  const errorReply = (res: ServerResponse, status: number, title: string, extra: Record<string, string> = {}) => {
    const body = Buffer.from(JSON.stringify({ errors: [{ title, status }] }));
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(body.length), ...extra });
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        stats.requests += 1;
        if (offline) {
          stats['refused-offline'] += 1;
          req.socket.destroy();
          return;
        }
        const body = Buffer.concat(chunks);
        const fault = random() < faultRate ? kinds[Math.floor(random() * kinds.length)] : undefined;
        if (fault) stats[fault] += 1;
        try {
          switch (fault) {
            case 'drop-request':
            case 'reset':
              req.socket.destroy();
              return;
            case '5xx-before':
              errorReply(res, 503, 'Service temporarily unavailable');
              return;
            case '429':
              errorReply(res, 429, 'Too many requests', {
                'x-ratelimit-limit': '60',
                'x-ratelimit-remaining': '0',
                'x-ratelimit-reset': String(options.resetSeconds ?? 1),
              });
              return;
            case 'drop-response':
              await forward(req, body);
              req.socket.destroy();
              return;
            case '5xx-after':
              await forward(req, body);
              errorReply(res, 502, 'Bad gateway');
              return;
            case 'latency':
              await new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 200));
              reply(res, await forward(req, body));
              return;
            default:
              reply(res, await forward(req, body));
          }
        } catch {
          // The sandbox itself is down: the client sees a dead connection, as it would.
          req.socket.destroy();
        }
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    stats,
    setOffline(value) {
      offline = value;
    },
    setFaultRate(rate) {
      faultRate = rate;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
