// How long the sandbox waits for a client. Its link pages are open to anyone who can reach the
// port, so a client that stops sending must not hold a connection (and a half-read body) forever.
// Tests inject short values.
import type { ServerOptions } from 'node:http';

export interface SandboxTimeouts {
  /** The whole request, headers and body, from its first byte (Node's requestTimeout). */
  requestMs: number;
  /** The request's headers (Node's headersTimeout; at most requestMs). */
  headersMs: number;
  /** A connection with nothing sent either way (Node's socket timeout). */
  idleMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
}

/** Loopback uploads of the largest request (12 MiB) take well under a second; the rest is slack. */
export const DEFAULT_TIMEOUTS: SandboxTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  idleMs: 15_000,
  keepAliveMs: 5_000,
};

/** The Fastify server options that apply them. */
export function timeoutOptions(given: Partial<SandboxTimeouts> = {}): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...given };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!(Number.isInteger(value) && value > 0)) throw new Error(`timeouts.${name} must be a positive whole number of milliseconds`);
  }
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: headersMs,
      // Node checks the request and headers timeouts on this beat (30 s by default, which
      // would let a stalled request live up to twice its timeout).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersMs / 4))),
    },
  };
}
