// The real service client against the real sandbox over loopback HTTP: every resource's round
// trip, errors as the client classifies them, short URLs that redirect, and the rate limit paced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallError } from '../../src-preload/contract/index.ts';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index.ts';
import { buildShortUrl, ServiceClient, type RequestEvent } from '../../src-main/service/index.ts';

let sandbox: RunningSandbox;
let client: ServiceClient;
const events: RequestEvent[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ keys: ['key-one', 'key-two'] });
  client = new ServiceClient({ baseUrl: sandbox.url, apiKey: 'key-one', onRequest: (e) => events.push(e) });
});
afterAll(() => sandbox.close());

async function failure(promise: Promise<unknown>): Promise<CallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallError);
  return error as CallError;
}

describe('service client ⇄ sandbox', () => {
  it('creates, reads, updates and deletes a link with references and write-only fields', async () => {
    const domain = await client.resource('domains').create({ host: 'go.example.test', custom_index_url: 'https://example.test/' });
    const handler = await client.resource('handlers').create({ name: 'Ops', type: 'email', email: 'ops@example.test' });
    if (!('id' in domain) || !('id' in handler)) throw new Error('expected single ids');

    const created = await client.resource('links').create({
      location_url: 'https://example.test/spring',
      url: 'spring-26',
      domain_id: domain.id,
      email_reports: [handler.id],
      schedule: true,
      start_date: '2026-01-01 00:00:00',
      end_date: '2030-01-01 00:00:00',
      sensitive_content: true,
      password: 'open sesame',
      http_status_code: 307,
      targeting_type: 'device_type',
      targeting: { device_type: [{ key: 'mobile', value: 'https://m.example.test/' }] },
      cloaking_is_enabled: true,
      cloaking_title: 'Spring',
      cloaking_favicon: { name: 'f.png', type: 'image/png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) },
    });
    if (!('id' in created)) throw new Error('expected one id');
    const link = await client.resource('links').get(created.id);
    expect(link).toMatchObject({
      id: created.id,
      type: 'link',
      url: 'spring-26',
      location_url: 'https://example.test/spring',
      domain_id: domain.id,
      start_date: '2026-01-01 00:00:00',
      end_date: '2030-01-01 00:00:00',
      settings: { sensitive_content: true },
    });
    // The password is never shown back in plain text.
    expect(link.settings.password).not.toBeNull();
    expect(link.settings.password).not.toBe('open sesame');

    await client.resource('links').update(created.id, { location_url: 'https://example.test/summer', email_reports: [] });
    expect((await client.resource('links').get(created.id)).location_url).toBe('https://example.test/summer');

    await client.resource('links').delete(created.id);
    expect((await failure(client.resource('links').get(created.id))).kind).toBe('not-found');
  });

  it('builds short URLs that the sandbox redirects, on the main domain', async () => {
    const created = await client.resource('links').create({ location_url: 'https://example.test/short', url: 'short-one' });
    if (!('id' in created)) throw new Error('expected one id');
    const shortUrl = buildShortUrl({ baseUrl: sandbox.url, link: await client.resource('links').get(created.id) });
    expect(shortUrl).toBe(`${sandbox.url}short-one`);
    const response = await fetch(shortUrl, { redirect: 'manual' });
    expect(response.status).toBe(301); // the sandbox's documented default (docs/sandbox.md)
    expect(response.headers.get('location')).toBe('https://example.test/short');
    await expect.poll(async () => (await client.resource('links').get(created.id)).clicks).toBe(1);
  });

  it("reports the service's validation message as a validation error", async () => {
    await client.resource('links').create({ location_url: 'https://example.test/a', url: 'taken-alias' });
    const error = await failure(client.resource('links').create({ location_url: 'https://example.test/b', url: 'taken-alias' }));
    expect(error.kind).toBe('validation');
    expect(error.message).toMatch(/alias|taken|exists/i);
    const domainError = await failure(client.resource('domains').create({ host: 'go.example.test' }));
    expect(domainError.kind).toBe('validation');
  });

  it('pages a listing the way the document says', async () => {
    const before = (await client.resource('links').list({ resultsPerPage: 10 })).meta.total;
    const bulk = await client.resource('links').create({
      is_bulk: true,
      location_urls: Array.from({ length: 23 }, (_, i) => `https://example.test/bulk/${i}`).join('\n'),
    });
    expect('ids' in bulk && bulk.ids).toHaveLength(23);
    const total = before + 23;
    const pages = Math.ceil(total / 10);
    const last = await client.resource('links').list({ page: pages, resultsPerPage: 10 });
    expect(last.meta).toEqual({ page: pages, results_per_page: 10, total, total_pages: pages });
    expect(last.data).toHaveLength(total - (pages - 1) * 10);
    expect(last.links.next).toBeNull();
    const first = await client.resource('links').list({ page: 1, resultsPerPage: 10 });
    expect(first.links.prev).toBeNull();
    expect(first.links.next).toBe(`${sandbox.url}api/links?page=2`);
  });

  it("keeps accounts apart: another key sees 404 for this account's rows", async () => {
    const created = await client.resource('handlers').create({ name: 'Mine', type: 'webhook', webhook: 'https://hooks.example.test/x' });
    if (!('id' in created)) throw new Error('expected one id');
    const other = new ServiceClient({ baseUrl: sandbox.url, apiKey: 'key-two' });
    expect((await failure(other.resource('handlers').get(created.id))).kind).toBe('not-found');
    expect((await failure(other.resource('handlers').delete(created.id))).kind).toBe('not-found');
    expect((await client.resource('handlers').get(created.id)).name).toBe('Mine');
  });

  it('tells a refused key from a refused change', async () => {
    const stranger = new ServiceClient({ baseUrl: sandbox.url, apiKey: 'not-a-key' });
    expect((await failure(stranger.resource('domains').list())).kind).toBe('unauthorized');
    expect((await failure(stranger.resource('domains').create({ host: 'x.example.test' }))).kind).toBe('unauthorized');
    const test = await stranger.testConnection();
    expect(test.outcome).toBe('bad-key');
    expect((await client.testConnection()).outcome).toBe('ok');
  });
});

describe('service client ⇄ sandbox with the rate limit on', () => {
  it('never sends into a window the sandbox said is used up', async () => {
    const limited = await startSandbox({ keys: ['k'], rateLimit: 5 });
    try {
      const seen: RequestEvent[] = [];
      const paced = new ServiceClient({ baseUrl: limited.url, apiKey: 'k', onRequest: (e) => seen.push(e) });
      for (let i = 0; i < 5; i += 1) await paced.resource('domains').list();
      const error = await failure(paced.resource('domains').list());
      expect(error.kind).toBe('rate-limited');
      expect(error.data.resetAt).toBeGreaterThan(Date.now());
      expect(seen.map((e) => e.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await limited.close();
    }
  });
});
