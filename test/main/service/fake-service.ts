// A loopback HTTP server for the client tests: each test scripts how it answers (like the document
// or like real deployments) and reads back exactly what the client sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface FakeService {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: Recorded[];
  /** Replaces the answering function; clears recorded requests. */
  answer(handler: Handler): void;
  close(): Promise<void>;
  server: Server;
}

export async function startFakeService(): Promise<FakeService> {
  let handler: Handler = (_req, res) => json(res, 404, { errors: [{ title: 'No route', status: 404 }] });
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: Recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    server,
    answer(next) {
      handler = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

export function raw(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end(text);
}

/** Parses a multipart body the client sent, as a server would. */
export async function formOf(req: Recorded): Promise<FormData> {
  return new Response(new Uint8Array(req.body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
}

/** A manual clock for the request budget: time moves only when a test says so. */
export class ManualClock {
  t = 1_700_000_000_000;
  #sleepers: { until: number; resolve: () => void }[] = [];
  now = (): number => this.t;
  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const sleeper = { until: this.t + ms, resolve };
      this.#sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  get sleeping(): number {
    return this.#sleepers.length;
  }
  advance(ms: number): void {
    this.t += ms;
    const due = this.#sleepers.filter((s) => s.until <= this.t);
    this.#sleepers = this.#sleepers.filter((s) => s.until > this.t);
    for (const s of due) s.resolve();
  }
}

/**
 * Lets pending promise callbacks and socket events run: only before checking that something did
 * NOT happen where nothing signals it (a busy machine can make such a check miss, never fail).
 */
export const settle = (ms = 20): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
