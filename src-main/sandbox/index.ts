// The sandbox service: a complete implementation of service-api.md on loopback, embedded by main,
// run standalone by scripts/sandbox.ts, and used as the real HTTP peer in tests.
import type { AddressInfo } from 'node:net';
import { buildSandboxApp } from './app.ts';
import type { SandboxTimeouts } from './timeouts.ts';

export { DEMO_TIMEZONE, buildSandboxApp, type SandboxAppOptions } from './app.ts';

export interface SandboxOptions {
  host?: string; // default '127.0.0.1'
  port?: number; // default 0 (random)
  keys: string[]; // one account per key (at least one)
  dataFile?: string; // path, or ':memory:' (default ':memory:' for the programmatic API)
  demo?: boolean; // fill the first account with demo data (only when that account is empty)
  rateLimit?: number | null; // requests per minute per key; null/undefined = off
  now?: () => Date; // injectable clock for tests (schedule windows, rate-limit windows)
  timezone?: string; // IANA zone of every key's account; default: existing accounts keep theirs, new ones UTC (the demo account Europe/Berlin)
  timeouts?: Partial<SandboxTimeouts>; // how long to wait for clients (see timeouts.ts)
  passwordHashCost?: number; // scrypt N for new link passwords (default 2^17; tests may lower it)
}

export interface RunningSandbox {
  url: string; // e.g. 'http://127.0.0.1:43121/' (the base URL clients use; ends in '/')
  port: number;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  let url = '';
  const app = buildSandboxApp({
    keys: options.keys,
    dataFile: options.dataFile ?? ':memory:',
    demo: options.demo ?? false,
    rateLimit: options.rateLimit ?? null,
    ...(options.now ? { now: options.now } : {}),
    ...(options.timezone !== undefined ? { timezone: options.timezone } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.passwordHashCost ? { passwordHashCost: options.passwordHashCost } : {}),
    baseUrl: () => url,
  });
  try {
    await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    close: () => (closing ??= app.close()),
  };
}
