import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/service/client.ts';
import { testConnection } from '../../../src-main/service/connection-test.ts';
import { RequestBudget } from '../../../src-main/service/budget.ts';
import { ConnectionTestSchema } from '../../../src-preload/contract/calls.ts';
import { CallError } from '../../../src-preload/contract/errors.ts';
import { json, ManualClock, raw, startFakeService, type FakeService } from './fake-service.ts';

const KEY = 'key-for-connection-tests';
let service: FakeService;
let tls: { server: HttpsServer; origin: string; dir: string } | undefined;

function haveOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  service = await startFakeService();
  if (haveOpenssl()) {
    // A self-signed certificate: what a misconfigured deployment (or an interceptor) presents.
    const dir = mkdtempSync(join(tmpdir(), 'linkdock-tls-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'],
      { stdio: 'ignore' },
    );
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    tls = { server, dir, origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }
});

afterAll(async () => {
  await service.close();
  if (tls) {
    tls.server.closeAllConnections();
    await new Promise<void>((resolve) => tls!.server.close(() => resolve()));
    rmSync(tls.dir, { recursive: true, force: true });
  }
});

const goodList = {
  data: [],
  meta: { page: 1, results_per_page: 10, total: 0, total_pages: 0 },
  links: { first: 'a', last: null, next: null, prev: null, self: 'a' },
};

async function outcome(baseUrl = service.origin, timeoutMs = 2_000) {
  const result = await testConnection({ baseUrl, apiKey: KEY, timeoutMs });
  expect(ConnectionTestSchema.safeParse(result).success).toBe(true);
  return result;
}

describe('testConnection', () => {
  it('ok: the list answer of this API, asked with the key', async () => {
    service.answer((_req, res) => json(res, 200, goodList));
    expect((await outcome()).outcome).toBe('ok');
    expect(service.requests[0]?.path).toBe('/api/domains/?results_per_page=10');
    expect(service.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('bad-key: a 401 in the service error shape, with its title', async () => {
    service.answer((_req, res) => json(res, 401, { errors: [{ title: 'Invalid API key', status: '401' }] }));
    expect(await outcome()).toEqual({ outcome: 'bad-key', message: 'Invalid API key' });
  });

  it('not-this-api: HTML (even typed JSON), unknown JSON, a 404 page, a redirect', async () => {
    service.answer((_req, res) => raw(res, 200, '<html><body>Welcome to nginx</body></html>', { 'content-type': 'application/json' }));
    expect((await outcome()).outcome).toBe('not-this-api');
    service.answer((_req, res) => json(res, 200, { status: 'ok', version: '2.0' }));
    expect((await outcome()).outcome).toBe('not-this-api');
    service.answer((_req, res) => raw(res, 404, 'Not Found', { 'content-type': 'text/plain' }));
    expect((await outcome()).outcome).toBe('not-this-api');
    service.answer((_req, res) => raw(res, 301, '', { location: 'https://login.example.com/' }));
    const redirected = await outcome();
    expect(redirected.outcome).toBe('not-this-api');
    expect(redirected.message).toContain('https://login.example.com/');
    // a 401 that is not the service's error shape (a proxy's password prompt) is not a key verdict
    service.answer((_req, res) => raw(res, 401, 'Unauthorized', { 'www-authenticate': 'Basic' }));
    expect((await outcome()).outcome).toBe('not-this-api');
  });

  it('a 429 of this API means it answered; a 5xx in its error shape means it cannot be used now', async () => {
    service.answer((_req, res) => json(res, 429, { errors: [{ title: 'Too many requests', status: 429 }] }, { 'x-ratelimit-reset': '20' }));
    const limited = await outcome();
    expect(limited.outcome).toBe('ok');
    expect(limited.message).toContain('Too many requests');
    service.answer((_req, res) => json(res, 500, { errors: [{ title: 'Database is down', status: 500 }] }));
    const down = await outcome();
    expect(down.outcome).toBe('unreachable');
    expect(down.message).toContain('Database is down');
  });

  it('unreachable: connection refused', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await outcome(`http://127.0.0.1:${port}/`);
    expect(result.outcome).toBe('unreachable');
    expect(result.message).toContain(`127.0.0.1:${port}`);
  });

  it('timeout: no answer in time', async () => {
    service.answer(() => {});
    expect((await outcome(service.origin, 150)).outcome).toBe('timeout');
  });

  it('tls: https to a server that does not speak TLS', async () => {
    service.answer((_req, res) => json(res, 200, goodList));
    const result = await outcome(service.origin.replace('http:', 'https:'));
    expect(result.outcome).toBe('tls');
  });

  it('tls: a self-signed certificate', async (context) => {
    if (!tls) context.skip();
    const result = await outcome(tls!.origin);
    expect(result.outcome).toBe('tls');
    expect(result.message).toMatch(/certificate|TLS/);
  });

  it('the client method uses the workspace budget and tells the same outcomes', async () => {
    const budget = new RequestBudget({ clock: new ManualClock() });
    const client = new ServiceClient({ baseUrl: `${service.origin}/sub/`, apiKey: KEY, budget });
    service.answer((_req, res) => json(res, 200, goodList, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' }));
    expect((await client.testConnection()).outcome).toBe('ok');
    expect(service.requests[0]?.path).toBe('/sub/api/domains/?results_per_page=10');
    // the budget now knows the window is used up: the test is refused without a request
    const error = await client.testConnection().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect((error as CallError).kind).toBe('rate-limited');
    expect(service.requests).toHaveLength(1);
  });
});
