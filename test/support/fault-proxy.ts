// A fault-injecting HTTP proxy for the chaos suite: sits in front of the sandbox on loopback and
// decides each request's fault from the seed and the request's position (the n-th request it
// sees), never from wall time, so requests that arrive in the same order meet the same faults.
// "Offline" refuses every request until healed.
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
  'timeout', // no answer until the client gives up: held before, or after, the service applied it
  'cut', // the service applies it; the answer stops mid-body
  'html', // a web page or text under a JSON content type: a crash page before/after applying, or a mangled 200 after
  'error200', // HTTP 200 with the {"status":"error"} body upload errors use; nothing applied
  'main-restart', // writes only: main dies with the request in flight, before or after the service applied it
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultDecision {
  kind: FaultKind;
  /** Whether the service applies the request (for kinds that may go either way). */
  applied: boolean;
  /** A second seeded draw in [0, 1) for the kind's own choices. */
  variant: number;
}

/** The fault of the `ordinal`-th request of a run: a pure function of seed, position and rate. */
export function decideFault(seed: number, ordinal: number, rate: number, kinds: readonly FaultKind[], write: boolean): FaultDecision | null {
  const random = seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(ordinal, 0x85ebca6b)) >>> 0);
  if (random() >= rate || kinds.length === 0) return null;
  const kind = kinds[Math.floor(random() * kinds.length)]!;
  if (kind === 'main-restart' && !write) return null;
  return { kind, applied: random() < 0.5, variant: random() };
}

/** The fault as the trace names it, with the variant that matters. */
export function faultLabel(fault: FaultDecision): string {
  if (fault.kind === 'timeout' || fault.kind === 'main-restart') return `${fault.kind}:${fault.applied ? 'after' : 'before'}`;
  if (fault.kind === 'html') return fault.variant < 1 / 3 ? 'html:crash-before' : fault.variant < 2 / 3 ? 'html:crash-after' : 'html:text-200-after';
  return fault.kind;
}

export interface ProxyRequestEvent {
  ordinal: number;
  method: string;
  path: string;
  fault: FaultDecision | null;
  offline: boolean;
}

export interface FaultProxyOptions {
  /** The sandbox's base URL, e.g. http://127.0.0.1:4000/ */
  target: string;
  seed: number;
  /** Share of requests that meet a fault, 0..1. */
  faultRate: number;
  kinds?: readonly FaultKind[];
  /** Real delay of the 'latency' fault (0 where a virtual clock adds it instead). */
  latencyMs?: number;
  /** Seconds announced in X-RateLimit-Reset on injected 429s. */
  resetSeconds?: number;
  /** Told of every request and its fault as it arrives (the chaos trace). */
  onRequest?: (event: ProxyRequestEvent) => void;
  /** Told when a request is held without answer ('timeout', 'main-restart'). */
  onHold?: (event: ProxyRequestEvent) => void;
}

export interface FaultProxy {
  url: string;
  /** Requests that met each fault, and all requests seen. */
  stats: Record<FaultKind | 'requests' | 'refused-offline', number>;
  setOffline(offline: boolean): void;
  setFaultRate(rate: number): void;
  /** Drops every held request's connection (main died with them). */
  releaseHeld(): void;
  /** Resolves once every request taken so far has been answered, dropped or held (at once when none is under way). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type Answer = { status: number; headers: IncomingMessage['headers']; body: Buffer };

const CRASH_PAGE = Buffer.from(
  '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Whoops, something went wrong.</h1></body></html>',
);

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const kinds = options.kinds ?? FAULT_KINDS;
  const target = new URL(options.target);
  const stats = Object.fromEntries([...FAULT_KINDS, 'requests', 'refused-offline'].map((k) => [k, 0])) as FaultProxy['stats'];
  let faultRate = options.faultRate;
  let offline = false;
  const sockets = new Set<Socket>();
  const held = new Set<Socket>();
  // Requests being handled (a 'latency' one for its whole delay), and who waits for none to be.
  let handling = 0;
  const idle: (() => void)[] = [];

  const forward = (req: IncomingMessage, body: Buffer): Promise<Answer> =>
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

  const reply = (res: ServerResponse, answer: Answer) => {
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers['connection'];
    res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  };

  const raw = (res: ServerResponse, status: number, body: Buffer, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(body.length), ...extra });
    res.end(body);
  };
  const errorReply = (res: ServerResponse, status: number, title: string, extra: Record<string, string> = {}) =>
    raw(res, status, Buffer.from(JSON.stringify({ errors: [{ title, status }] })), extra);

  /** Keeps the request open without answer; the client's timeout (or a dead main) ends it. */
  const hold = (req: IncomingMessage, event: ProxyRequestEvent) => {
    held.add(req.socket);
    req.socket.once('close', () => held.delete(req.socket));
    options.onHold?.(event);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer, event: ProxyRequestEvent) => {
    const fault = event.fault;
    switch (fault?.kind) {
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
        if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
        reply(res, await forward(req, body));
        return;
      case 'timeout':
      case 'main-restart':
        if (fault.applied) await forward(req, body);
        hold(req, event);
        return;
      case 'cut': {
        const answer = await forward(req, body);
        const headers = { ...answer.headers, 'content-length': String(answer.body.length + 64) };
        delete headers['transfer-encoding'];
        res.writeHead(answer.status, headers);
        res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        // The rest never comes: the connection drops mid-body.
        setImmediate(() => req.socket.destroy());
        return;
      }
      case 'html':
        if (fault.variant < 1 / 3) {
          raw(res, 500, CRASH_PAGE); // a crash before anything was applied
        } else if (fault.variant < 2 / 3) {
          await forward(req, body);
          raw(res, 500, CRASH_PAGE); // crashed after the change was committed
        } else {
          const answer = await forward(req, body);
          // Applied; the answer is no JSON. A change the service refused was not applied: its
          // refusal comes through (an 'OK' page would tell the client a refused write went in).
          if (answer.status >= 300) reply(res, answer);
          else raw(res, 200, Buffer.from('OK <br/> done'));
        }
        return;
      case 'error200':
        raw(res, 200, Buffer.from(JSON.stringify({ message: ['chaos error200: the service refused the upload'], status: 'error', details: [] })));
        return;
      default:
        reply(res, await forward(req, body));
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        stats.requests += 1;
        const method = req.method ?? 'GET';
        const write = method !== 'GET';
        const fault = offline ? null : decideFault(options.seed, stats.requests, faultRate, kinds, write);
        const event: ProxyRequestEvent = { ordinal: stats.requests, method, path: req.url ?? '', fault, offline };
        options.onRequest?.(event);
        if (offline) {
          stats['refused-offline'] += 1;
          req.socket.destroy();
          return;
        }
        if (fault) stats[fault.kind] += 1;
        handling += 1;
        try {
          await handle(req, res, Buffer.concat(chunks), event);
        } catch {
          // The sandbox itself is down: the client sees a dead connection, as it would.
          req.socket.destroy();
        } finally {
          handling -= 1;
          if (handling === 0) for (const resolve of idle.splice(0)) resolve();
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
    releaseHeld() {
      for (const socket of held) socket.destroy();
      held.clear();
    },
    settled: () => (handling === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
