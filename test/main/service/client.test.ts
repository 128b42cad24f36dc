import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestBudget } from '../../../src-main/service/budget.ts';
import { ServiceClient, type RequestEvent } from '../../../src-main/service/client.ts';
import { CallError } from '../../../src-preload/contract/errors.ts';
import { LinkListSchema } from '../../../src-preload/contract/resources.ts';
import { formOf, json, ManualClock, raw, settle, startFakeService, type FakeService } from './fake-service.ts';
import { patient } from '../../support/patience.ts';

const KEY = 'sk_live_secret_1234';
let service: FakeService;
let other: FakeService;

beforeAll(async () => {
  [service, other] = await Promise.all([startFakeService(), startFakeService()]);
});
afterAll(async () => {
  await Promise.all([service.close(), other.close()]);
});
beforeEach(() => {
  other.answer((_req, res) => json(res, 200, { data: [] }));
});

function client(extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) {
  const events: RequestEvent[] = [];
  const instance = new ServiceClient({ baseUrl: service.origin, apiKey: KEY, onRequest: (e) => events.push(e), ...extra });
  return { client: instance, events };
}

async function failure(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CallError);
    return error as CallError;
  }
  throw new Error('expected the call to fail');
}

const docLink = {
  id: 1,
  project_id: null,
  domain_id: 0,
  type: 'link',
  url: 'abc',
  location_url: 'https://example.com/',
  settings: { password: null, sensitive_content: false },
  clicks: 3,
  order: 0,
  start_date: null,
  end_date: null,
  datetime: '2024-01-01 00:00:00',
};
const goodDomains = {
  data: [],
  meta: { page: 1, results_per_page: 10, total: 0, total_pages: 0 },
  links: { first: 'x', last: null, next: null, prev: null, self: 'x' },
};
const errorBody = (title: string, status: number | string) => ({ errors: [{ title, status }] });

describe('reads', () => {
  it('lists links as the document says, with the bearer key and the pagination query', async () => {
    service.answer((req, res) =>
      json(res, 200, {
        data: [docLink],
        meta: { page: 1, results_per_page: 25, total: 1, total_pages: 1 },
        links: {
          first: `${service.origin}/api/links?page=1`,
          last: `${service.origin}/api/links?page=1`,
          next: null,
          prev: null,
          self: `${service.origin}/api/links?page=1`,
        },
      }),
    );
    const { client: c, events } = client();
    const list = await c.resource('links').list({});
    expect(list.data).toEqual([docLink]);
    expect(LinkListSchema.safeParse(list).success).toBe(true);
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]?.method).toBe('GET');
    expect(service.requests[0]?.path).toBe('/api/links/?page=1&results_per_page=25');
    expect(service.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    // The event says the path without its query: the log writes it as it is.
    expect(events).toEqual([{ kind: 'list', resource: 'links', method: 'GET', path: '/api/links/', status: 200, ms: expect.any(Number) }]);
  });

  it('keeps the path of a base URL and asks for the requested page', async () => {
    service.answer((_req, res) => json(res, 200, { data: [], meta: { page: 3, results_per_page: 1000, total: 0, total_pages: 0 }, links: {} }));
    const { client: c } = client({ baseUrl: `${service.origin}/shortener` });
    const list = await c.resource('handlers').list({ page: 3, resultsPerPage: 1000 });
    expect(service.requests[0]?.path).toBe('/shortener/api/notification-handlers/?page=3&results_per_page=1000');
    expect(list.links.self).toBe(`${service.origin}/shortener/api/notification-handlers?page=3`);
    expect(list.links.last).toBeNull();
  });

  it('normalises a real deployment listing: string numbers, total_results, string page, null last, project 0, no order, other types', async () => {
    service.answer((_req, res) =>
      json(res, 200, {
        data: [
          {
            ...docLink,
            id: '5',
            project_id: 0,
            clicks: '12',
            order: undefined,
            settings: { password: null, sensitive_content: 0, cloaking_title: 'x', pixels_ids: [] },
          },
          { id: 6, type: 'biolink', project_id: 0, domain_id: 0, url: 'bio', location_url: null, settings: {}, clicks: 0, datetime: '2024-01-01 00:00:00' },
        ],
        meta: { page: '2', results_per_page: 25, total_results: 27, total_pages: 2 },
        links: { first: 'f', last: null, next: null, prev: 'p', self: 's' },
      }),
    );
    const list = await client().client.resource('links').list({ page: 2 });
    expect(list.meta).toEqual({ page: 2, results_per_page: 25, total: 27, total_pages: 2 });
    expect(list.links.last).toBeNull();
    expect(list.data[0]).toEqual({
      ...docLink,
      id: 5,
      clicks: 12,
      project_id: null,
      order: 0,
      // settings keys the document does not show are kept as sent
      settings: { password: null, sensitive_content: false, cloaking_title: 'x', pixels_ids: [] },
    });
    expect(list.data[1]).toMatchObject({ id: 6, type: 'biolink', location_url: '' });
    expect(LinkListSchema.safeParse(list).success).toBe(true);
  });

  it('refuses a listing with one malformed item as bad-response naming it', async () => {
    service.answer((_req, res) => json(res, 200, { data: [docLink, { ...docLink, id: 77, datetime: 'tomorrow' }], meta: { total: 2 } }));
    const error = await failure(client().client.resource('links').list());
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain('link 77');
  });

  it('reads one domain and normalises it', async () => {
    service.answer((_req, res) =>
      json(res, 200, {
        data: {
          id: 4,
          scheme: 'https://',
          host: 'go.example.com',
          custom_index_url: '',
          is_enabled: '0',
          last_datetime: null,
          datetime: '2024-01-01 00:00:00',
        },
      }),
    );
    const { client: c, events } = client();
    expect(await c.resource('domains').get(4)).toMatchObject({ id: 4, is_enabled: false });
    expect(service.requests[0]?.path).toBe('/api/domains/4');
    expect(events[0]).toMatchObject({ kind: 'read', resource: 'domains', status: 200 });
  });

  it('404 -> not-found with the service title; 401 on a read -> unauthorized without a probe', async () => {
    service.answer((_req, res) => json(res, 404, errorBody('Link not found', 404)));
    const notFound = await failure(client().client.resource('links').get(9));
    expect(notFound.data).toMatchObject({ kind: 'not-found', message: 'Link not found', status: 404 });

    service.answer((_req, res) => json(res, 401, errorBody('Invalid API key', '401')));
    const refused = await failure(client().client.resource('domains').list());
    expect(refused.data).toMatchObject({ kind: 'unauthorized', message: 'Invalid API key', status: 401 });
    expect(service.requests).toHaveLength(1);
  });

  it('HTML pages: 500 -> server, 200 -> bad-response, even with a JSON content-type, without the page in the message', async () => {
    const page = '<!DOCTYPE html><html><body><h1>Fatal error</h1> in /var/www/app.php</body></html>';
    service.answer((_req, res) => raw(res, 500, page, { 'content-type': 'application/json' }));
    const crashed = await failure(client().client.resource('links').list());
    expect(crashed.data).toMatchObject({ kind: 'server', status: 500 });
    expect(crashed.message).not.toContain('Fatal');

    service.answer((_req, res) => raw(res, 200, page, { 'content-type': 'text/html' }));
    const wrong = await failure(client().client.resource('links').list());
    expect(wrong.data).toMatchObject({ kind: 'bad-response', status: 200 });
    expect(wrong.message).not.toContain('/var/www');
  });

  it('non-JSON text and a JSON array are bad-response, not crashes', async () => {
    service.answer((_req, res) => raw(res, 200, 'OK', { 'content-type': 'application/json' }));
    expect((await failure(client().client.resource('links').list())).kind).toBe('bad-response');
    service.answer((_req, res) => json(res, 200, [1, 2, 3]));
    expect((await failure(client().client.resource('links').get(1))).kind).toBe('bad-response');
  });

  it('refuses ids, pages and sizes that make no sense before sending anything', async () => {
    service.answer((_req, res) => json(res, 200, goodDomains));
    const c = client().client;
    expect((await failure(c.resource('links').get(0))).kind).toBe('invalid-input');
    expect((await failure(c.resource('links').delete(1.5))).kind).toBe('invalid-input');
    expect((await failure(c.resource('links').list({ page: -1 }))).kind).toBe('invalid-input');
    expect((await failure(c.resource('links').list({ resultsPerPage: 7 as never }))).kind).toBe('invalid-input');
    expect(() => new ServiceClient({ baseUrl: service.origin, apiKey: 'two words' })).toThrow(/API key/);
    expect(() => new ServiceClient({ baseUrl: 'ftp://files.example/', apiKey: KEY })).toThrow(/http/);
    expect(service.requests).toHaveLength(0);
  });
});

describe('writes', () => {
  it('creates a link with a multipart body the server can read', async () => {
    service.answer((_req, res) => json(res, 201, { data: { id: 31 } }));
    const { client: c, events } = client();
    const created = await c.resource('links').create({
      location_url: 'https://example.com/x',
      url: 'x1',
      email_reports: [2, 3],
      pixels_ids: [8],
      sensitive_content: false,
      forward_query_parameters_is_enabled: true,
      targeting_type: 'device_type',
      targeting: {
        device_type: [
          { key: 'mobile', value: 'https://m.example.com' },
          { key: 'desktop', value: 'https://d.example.com' },
        ],
      },
      cloaking_opengraph: { name: 'og.jpg', type: 'image/jpeg', data: new Uint8Array([255, 216, 255]) },
    });
    expect(created).toEqual({ id: 31 });
    const req = service.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/api/links');
    const form = await formOf(req);
    expect(form.getAll('email_reports[]')).toEqual(['2', '3']);
    expect(form.getAll('pixels_ids[]')).toEqual(['8']);
    expect(form.has('sensitive_content')).toBe(false);
    expect(form.get('forward_query_parameters_is_enabled')).toBe('1');
    expect(form.get('targeting_device_type_key[1]')).toBe('desktop');
    expect(form.get('targeting_device_type_value[1]')).toBe('https://d.example.com');
    const file = form.get('cloaking_opengraph') as File;
    expect(file.name).toBe('og.jpg');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([255, 216, 255]);
    expect(events[0]).toMatchObject({ kind: 'create', resource: 'links', status: 201 });
  });

  it('reads a bulk create answer', async () => {
    service.answer((_req, res) => json(res, 201, { data: { ids: [40, '41'] } }));
    expect(await client().client.resource('links').create({ is_bulk: true, location_urls: 'https://a.example\nhttps://b.example' })).toEqual({ ids: [40, 41] });
    expect((await formOf(service.requests[0]!)).get('is_bulk')).toBe('1');
  });

  it('a 2xx create without an id is bad-response that may have been applied', async () => {
    service.answer((_req, res) => json(res, 201, { data: {} }));
    const error = await failure(client().client.resource('domains').create({ host: 'go.example.com' }));
    expect(error.data).toMatchObject({ kind: 'bad-response', maybeApplied: true });
  });

  it('updates send email_reports every time and accept an empty answer', async () => {
    service.answer((_req, res) => raw(res, 200, '', { 'content-type': 'application/json' }));
    const c = client().client;
    expect(await c.resource('links').update(12, { location_url: 'https://example.com/new', email_reports: [] })).toEqual({ id: 12 });
    const form = await formOf(service.requests[0]!);
    expect(service.requests[0]?.path).toBe('/api/links/12');
    expect(form.getAll('email_reports[]')).toEqual(['']);
    expect(form.get('location_url')).toBe('https://example.com/new');
  });

  it('refuses a link update without email_reports instead of clearing them', async () => {
    service.answer((_req, res) => json(res, 200, { data: { id: 1 } }));
    const error = await failure(
      client()
        .client.resource('links')
        .update(1, { location_url: 'https://example.com/' } as never),
    );
    expect(error.kind).toBe('invalid-input');
    expect(error.message).toMatch(/email_reports/);
    expect(service.requests).toHaveLength(0);
  });

  it('updates handlers and domains with 0/1 flags', async () => {
    service.answer((req, res) => json(res, 200, { data: { id: Number(req.path.split('/').pop()) } }));
    const c = client().client;
    expect(await c.resource('handlers').update(5, { is_enabled: false })).toEqual({ id: 5 });
    expect((await formOf(service.requests[0]!)).get('is_enabled')).toBe('0');
    expect(await c.resource('domains').update(6, { is_enabled: true })).toEqual({ id: 6 });
    expect((await formOf(service.requests[1]!)).get('is_enabled')).toBe('1');
    expect(service.requests[1]?.path).toBe('/api/domains/6');
  });

  it('deletes: 200 with an empty JSON-typed body is success', async () => {
    service.answer((_req, res) => raw(res, 200, '', { 'content-type': 'application/json' }));
    const { client: c, events } = client();
    await expect(c.resource('handlers').delete(3)).resolves.toBeUndefined();
    expect(service.requests[0]).toMatchObject({ method: 'DELETE', path: '/api/notification-handlers/3' });
    expect(events[0]).toMatchObject({ kind: 'delete', resource: 'handlers', status: 200 });
  });

  it('an upload error with HTTP 200 is a validation error with the service message', async () => {
    service.answer((_req, res) => json(res, 200, { message: ['The favicon is too big.', 'Allowed: png, ico.'], status: 'error', details: [] }));
    const error = await failure(
      client()
        .client.resource('links')
        .update(3, { cloaking_favicon: { name: 'f.ico', type: 'image/x-icon', data: new Uint8Array(10) }, email_reports: [1] }),
    );
    expect(error.data).toMatchObject({ kind: 'validation', message: 'The favicon is too big. Allowed: png, ico.', status: 200 });
  });

  it('a 401 on a write with a good key is a validation error with the original title', async () => {
    service.answer((req, res) =>
      req.method === 'POST' ? json(res, 401, errorBody('The short URL alias is already taken.', 401)) : json(res, 200, goodDomains),
    );
    const { client: c, events } = client();
    const error = await failure(c.resource('links').create({ location_url: 'https://example.com/', url: 'taken' }));
    expect(error.data).toMatchObject({ kind: 'validation', message: 'The short URL alias is already taken.', status: 401 });
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/links', 'GET /api/domains/?results_per_page=10']);
    expect(events.map((e) => e.kind)).toEqual(['create', 'probe']);
  });

  it('a 401 on a write with a refused key is unauthorized', async () => {
    service.answer((_req, res) => json(res, 401, errorBody('Invalid API key', 401)));
    const error = await failure(client().client.resource('domains').delete(2));
    expect(error.data).toMatchObject({ kind: 'unauthorized', message: 'Invalid API key' });
    expect(service.requests).toHaveLength(2);
  });

  it('a 401 on a write whose key check fails reports that failure, not applied', async () => {
    service.answer((req, res) => (req.method === 'POST' ? json(res, 401, errorBody('Bad URL', 401)) : raw(res, 503, '<html>maintenance</html>')));
    const error = await failure(client().client.resource('handlers').create({ name: 'n', type: 'email', email: 'a@b.example' }));
    expect(error.data).toMatchObject({ kind: 'server', maybeApplied: false });
    expect(error.message).toContain('Bad URL');
  });

  it('other 4xx are validation errors with the title; 5xx on a write may have been applied', async () => {
    service.answer((_req, res) => json(res, 422, errorBody('The host is invalid.', 422)));
    expect((await failure(client().client.resource('domains').create({ host: 'a.example' }))).data).toMatchObject({
      kind: 'validation',
      message: 'The host is invalid.',
      status: 422,
    });
    service.answer((_req, res) => json(res, 502, errorBody('Upstream down', 502)));
    expect((await failure(client().client.resource('domains').create({ host: 'a.example' }))).data).toMatchObject({
      kind: 'server',
      message: 'Upstream down',
      maybeApplied: true,
    });
    expect((await failure(client().client.resource('domains').list())).data.maybeApplied).toBeUndefined();
  });
});

describe('injected dispatcher', () => {
  it('sends through the dispatcher it is given', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://mock.example')
      .intercept({ path: '/api/links/7', method: 'GET', headers: { authorization: `Bearer ${KEY}` } })
      .reply(200, { data: { ...docLink, id: 7 } }, { headers: { 'content-type': 'application/json' } });
    const c = new ServiceClient({ baseUrl: 'https://mock.example/', apiKey: KEY, dispatcher: agent });
    expect((await c.resource('links').get(7)).id).toBe(7);
    await agent.close();
  });
});

describe('network failures, timeouts and cancellation', () => {
  it('times out: reads are just timeouts, writes may have been applied', async () => {
    service.answer(() => {
      // never answers
    });
    const { client: c, events } = client({ timeoutMs: 150 });
    const read = await failure(c.resource('links').list());
    expect(read.data).toMatchObject({ kind: 'timeout' });
    expect(read.data.maybeApplied).toBeUndefined();
    const write = await failure(c.resource('domains').create({ host: 'slow.example' }));
    expect(write.data).toMatchObject({ kind: 'timeout', maybeApplied: true });
    expect(events.map((e) => e.status)).toEqual([0, 0]);
  });

  it('a per-request timeout overrides the client default', async () => {
    service.answer(() => {});
    const started = Date.now();
    expect((await failure(client({ timeoutMs: 10_000 }).client.resource('links').get(1, { timeoutMs: 100 }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('connection refused is offline and certainly not applied', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const c = new ServiceClient({ baseUrl: `http://127.0.0.1:${port}/`, apiKey: KEY });
    const error = await failure(c.resource('domains').create({ host: 'a.example' }));
    expect(error.kind).toBe('offline');
    expect(error.data.maybeApplied).toBeUndefined();
    expect(error.message).not.toContain(KEY);
  });

  it('a connection dropped mid-request is offline and may have been applied', async () => {
    service.answer((_req, res) => {
      res.socket?.destroy();
    });
    const error = await failure(client().client.resource('domains').create({ host: 'a.example' }));
    expect(error.data).toMatchObject({ kind: 'offline', maybeApplied: true });
  });

  it('cancellation by AbortSignal', async () => {
    service.answer(() => {});
    const controller = new AbortController();
    const pending = client().client.resource('links').list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await failure(pending)).kind).toBe('cancelled');
    const already = AbortSignal.abort();
    expect((await failure(client().client.resource('links').list({}, { signal: already }))).kind).toBe('cancelled');
  });

  it('a redirect to another host is not followed and the key never goes there', async () => {
    service.answer((_req, res) => raw(res, 302, '', { location: `${other.origin}/api/links/` }));
    const error = await failure(client().client.resource('links').list());
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain(`${other.origin}/api/links/`);
    // A followed redirect would have reached `other` before the client had its answer; the wait is
    // for a request sent without awaiting it, which nothing would signal (a busy machine can only make it miss one).
    await settle();
    expect(other.requests).toHaveLength(0);
    service.answer((_req, res) => raw(res, 307, '', { location: `${other.origin}/api/links` }));
    expect((await failure(client().client.resource('links').create({ location_url: 'https://example.com/' }))).kind).toBe('bad-response');
    await settle();
    expect(other.requests).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it('a 429 with reset: no request is sent before the reset, then requests resume', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    service.answer((_req, res) =>
      json(res, 429, errorBody('Too many requests', 429), { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' }),
    );
    const { client: c } = client({ budget });
    const first = await failure(c.resource('links').list());
    expect(first.data).toMatchObject({ kind: 'rate-limited', message: 'Too many requests', status: 429, resetAt: clock.now() + 30_000 });
    const second = await failure(c.resource('links').get(1));
    expect(second.data).toMatchObject({ kind: 'rate-limited', resetAt: clock.now() + 30_000 });
    expect(service.requests).toHaveLength(1);

    service.answer((_req, res) => json(res, 200, goodDomains, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' }));
    const waiting = c.resource('domains').list({}, { waitForBudget: true });
    // It waits for the window on the clock, and nothing goes before its reset.
    await vi.waitFor(() => expect(clock.sleeping).toBe(1), patient);
    clock.advance(29_000);
    expect(clock.sleeping).toBe(1);
    expect(service.requests).toHaveLength(0);
    clock.advance(1_000);
    await waiting;
    expect(service.requests).toHaveLength(1);
    expect(budget.state()).toEqual({ limit: 60, remaining: 59, resetAt: null });
  });

  it('follows X-RateLimit-Remaining shared across clients of one workspace, and refuses past zero', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    let left = 2;
    service.answer((_req, res) => json(res, 200, goodDomains, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': String(left--) }));
    const a = client({ budget }).client;
    const b = client({ budget }).client;
    await a.resource('domains').list();
    await b.resource('domains').list();
    await a.resource('domains').list();
    const error = await failure(b.resource('domains').list());
    expect(error.data).toMatchObject({ kind: 'rate-limited', resetAt: clock.now() + 61_000 }); // one window after the first request, plus the 1 s margin
    expect(service.requests).toHaveLength(3);
  });

  it('concurrent requests reserve their slots: only what is left goes out', async () => {
    const budget = new RequestBudget({ clock: new ManualClock() });
    service.answer((_req, res) => json(res, 200, goodDomains, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '2' }));
    const c = client({ budget }).client;
    await c.resource('domains').list();
    service.answer((_req, res) => {
      setTimeout(() => json(res, 200, goodDomains, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' }), 30);
    });
    const results = await Promise.allSettled([c.resource('domains').list(), c.resource('domains').list(), c.resource('domains').list()]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(((results[2] as PromiseRejectedResult).reason as CallError).kind).toBe('rate-limited');
    expect(service.requests).toHaveLength(2);
  });

  it('background requests leave the reserve to interactive ones', async () => {
    const budget = new RequestBudget({ clock: new ManualClock() });
    service.answer((_req, res) => json(res, 200, goodDomains, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '5' }));
    const c = client({ budget }).client;
    await c.resource('domains').list();
    expect((await failure(c.resource('domains').list({}, { priority: 'background' }))).kind).toBe('rate-limited');
    await expect(c.resource('domains').list({}, { priority: 'interactive' })).resolves.toBeDefined();
    expect(service.requests).toHaveLength(2);
  });
});
