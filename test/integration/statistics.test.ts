// Statistics end to end: main's service client against the sandbox (clicks made through its
// redirects, every type, the request budget) and against the real-deployment emulation (numbers as
// strings; deployments without the call answer `not-available`, remembered), and the contract's
// `statistics.get` call through main's router (inputs checked before any request).
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src-main/main-services.ts';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index.ts';
import { buildShortUrl, ServiceClient, type RequestEvent } from '../../src-main/service/index.ts';
import { CallError, STATISTICS_TYPES, StatisticsSchema, type StatisticsQuery } from '../../src-preload/contract/index.ts';
import { fullRawLink, startRealService, type RealService } from '../support/real-service.ts';
import { testMainServices } from '../support/main-services.ts';
import { withTempDir } from '../support/temp-dir.ts';

async function failure(promise: Promise<unknown>): Promise<CallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallError);
  return error as CallError;
}

const june = (type: StatisticsQuery['type']): StatisticsQuery => ({ startDate: '2026-06-01', endDate: '2026-06-10', type });

describe('service client ⇄ sandbox', () => {
  let sandbox: RunningSandbox;
  let client: ServiceClient;
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  const events: RequestEvent[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ keys: ['key-one', 'key-two'], now: () => clock.now, rateLimit: 40 });
    client = new ServiceClient({ baseUrl: sandbox.url, apiKey: 'key-one', onRequest: (e) => events.push(e) });
  });
  afterAll(() => sandbox.close());

  it('reads what the redirects counted, for every type, within the budget', async () => {
    const created = await client.resource('links').create({ location_url: 'https://example.test/stats', url: 'client-stats' });
    if (!('id' in created)) throw new Error('expected one id');
    const shortUrl = buildShortUrl({ baseUrl: sandbox.url, link: await client.resource('links').get(created.id) });
    const visit = async (at: string, headers: Record<string, string>, query = '') => {
      clock.now = new Date(at);
      expect((await fetch(`${shortUrl}${query}`, { redirect: 'manual', headers })).status).toBe(301);
    };
    await visit('2026-06-03T08:00:00Z', { 'user-agent': 'Agent A', 'cf-ipcountry': 'DE', referer: 'https://www.google.com/search' }, '?utm_source=news');
    await visit('2026-06-03T08:30:00Z', { 'user-agent': 'Agent A', 'cf-ipcountry': 'DE' });
    await visit('2026-06-06T19:00:00Z', { 'user-agent': 'Agent B', 'cf-ipcountry': 'FR', 'accept-language': 'fr-FR' });
    clock.now = new Date('2026-06-10T12:00:00Z');

    events.length = 0;
    const remainingBefore = client.budget.state().remaining ?? 0;
    const overview = await client.statistics(created.id, june('overview'));
    expect(StatisticsSchema.parse(overview)).toEqual(overview);
    // Every day of the range, in order; the sandbox lists only 3 and 6 June.
    expect(overview.type === 'overview' && overview.rows.map((row) => [row.date, row.pageviews, row.visitors])).toEqual([
      ['2026-06-01', 0, 0],
      ['2026-06-02', 0, 0],
      ['2026-06-03', 2, 1],
      ['2026-06-04', 0, 0],
      ['2026-06-05', 0, 0],
      ['2026-06-06', 1, 1],
      ['2026-06-07', 0, 0],
      ['2026-06-08', 0, 0],
      ['2026-06-09', 0, 0],
      ['2026-06-10', 0, 0],
    ]);
    // One request, counted by the workspace's budget like any other.
    expect(events).toEqual([
      { kind: 'statistics', resource: 'links', method: 'GET', path: expect.stringMatching(/^\/api\/statistics\/\d+$/), status: 200, ms: expect.any(Number) },
    ]);
    expect(client.budget.state().remaining).toBe(remainingBefore - 1);

    expect((await client.statistics(created.id, june('country_code'))).rows).toEqual([
      { value: 'DE', pageviews: 2 },
      { value: 'FR', pageviews: 1 },
    ]);
    expect((await client.statistics(created.id, june('referrer_host'))).rows).toEqual([
      { value: null, pageviews: 2 },
      { value: 'www.google.com', pageviews: 1 },
    ]);
    expect((await client.statistics(created.id, june('hour'))).rows).toEqual([
      { hour: 8, pageviews: 2 },
      { hour: 19, pageviews: 1 },
    ]);
    for (const type of STATISTICS_TYPES) {
      const answer = await client.statistics(created.id, june(type));
      expect(answer.type).toBe(type);
      expect(
        (answer.rows as { pageviews: number }[]).reduce((sum, row) => sum + row.pageviews, 0),
        type,
      ).toBe(3);
    }
  });

  it("another account's link is not-found (one statistics request and one read settle it), never not-available", async () => {
    const other = new ServiceClient({ baseUrl: sandbox.url, apiKey: 'key-two' });
    const theirs = await other.resource('links').create({ location_url: 'https://example.test/theirs', url: 'their-stats' });
    if (!('id' in theirs)) throw new Error('expected one id');
    events.length = 0;
    const error = await failure(client.statistics(theirs.id, june('overview')));
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe('Link not found');
    expect(events.map((e) => e.kind)).toEqual(['statistics', 'read']);
    // And statistics still work for this client's own links afterwards.
    expect((await other.statistics(theirs.id, june('overview'))).rows).toHaveLength(10);
  });

  it('a spent window refuses statistics in main, without a request', async () => {
    const spent = await startSandbox({ keys: ['key-spent'], rateLimit: 2 });
    try {
      const own = new ServiceClient({ baseUrl: spent.url, apiKey: 'key-spent', onRequest: (e) => events.push(e) });
      const created = await own.resource('links').create({ location_url: 'https://example.test/spent', url: 'spent' });
      if (!('id' in created)) throw new Error('expected one id');
      await own.statistics(created.id, june('overview'));
      events.length = 0;
      const error = await failure(own.statistics(created.id, june('overview')));
      expect(error.kind).toBe('rate-limited');
      expect(events).toEqual([]);
    } finally {
      await spent.close();
    }
  });
});

describe('service client ⇄ real deployments', () => {
  const started: RealService[] = [];
  afterAll(async () => {
    for (const service of started) await service.close();
  });
  const deployment = async (statistics: 'answer' | 'no-route' | 'web-page') => {
    const real = await startRealService('real-key', { statistics, today: '2026-06-10' });
    started.push(real);
    real.links.set(1, fullRawLink(1));
    const events: RequestEvent[] = [];
    const client = new ServiceClient({ baseUrl: real.url, apiKey: real.key, onRequest: (e) => events.push(e) });
    return { real, client, events };
  };

  it('reads a release’s answer: numbers as strings, empty values, days left out', async () => {
    const { real, client } = await deployment('answer');
    real.clicks.push(
      { link_id: 1, datetime: '2026-06-02 10:00:00', is_unique: 1, referrer_host: 't.co', country_code: 'DE' },
      { link_id: 1, datetime: '2026-06-02 10:20:00', is_unique: 0, referrer_host: '', country_code: 'DE' },
      { link_id: 1, datetime: '2026-06-04 23:59:59', is_unique: 1, referrer_host: null, country_code: 'US' },
      { link_id: 2, datetime: '2026-06-04 12:00:00', is_unique: 1 },
    );
    const overview = await client.statistics(1, { startDate: '2026-06-01', endDate: '2026-06-05', type: 'overview' });
    expect(overview.rows).toEqual([
      { date: '2026-06-01', label: '2026-06-01', pageviews: 0, visitors: 0 },
      { date: '2026-06-02', label: '2026-06-02', pageviews: 2, visitors: 1 },
      { date: '2026-06-03', label: '2026-06-03', pageviews: 0, visitors: 0 },
      { date: '2026-06-04', label: '2026-06-04', pageviews: 1, visitors: 1 },
      { date: '2026-06-05', label: '2026-06-05', pageviews: 0, visitors: 0 },
    ]);
    expect((await client.statistics(1, { startDate: '2026-06-01', endDate: '2026-06-05', type: 'referrer_host' })).rows).toEqual([
      { value: null, pageviews: 2 },
      { value: 't.co', pageviews: 1 },
    ]);
    expect((await client.statistics(1, { startDate: '2026-06-01', endDate: '2026-06-05', type: 'hour' })).rows).toEqual([
      { hour: 10, pageviews: 2 },
      { hour: 23, pageviews: 1 },
    ]);
    const request = real.requests.find((r) => r.path.startsWith('/api/statistics/'));
    expect(request?.path).toBe('/api/statistics/1');
    expect((await failure(client.statistics(99, june('overview')))).kind).toBe('not-found');
  });

  it('a deployment without the call (JSON 404 for unknown routes) is not-available, then known without asking', async () => {
    const { client, events } = await deployment('no-route');
    const first = await failure(client.statistics(1, june('overview')));
    expect(first.data).toEqual({ kind: 'not-available', message: 'Statistics are not available on this service.', status: 404 });
    // The link read told the missing call from a missing link.
    expect(events.map((e) => e.kind)).toEqual(['statistics', 'read']);
    events.length = 0;
    expect((await failure(client.statistics(1, june('city_name')))).kind).toBe('not-available');
    expect(events).toEqual([]);
    // A missing link there is still not-found (for a client that has not learnt it yet).
    const fresh = new ServiceClient({ baseUrl: client.baseUrl, apiKey: 'real-key' });
    expect((await failure(fresh.statistics(99, june('overview')))).kind).toBe('not-found');
  });

  it('a deployment that answers a web page is not-available after one request', async () => {
    const { client, events } = await deployment('web-page');
    expect((await failure(client.statistics(1, june('overview')))).kind).toBe('not-available');
    expect(events.map((e) => [e.kind, e.status])).toEqual([['statistics', 404]]);
  });
});

describe('statistics.get through main', () => {
  let services: MainServices;
  let answering: RealService;
  let missing: RealService;
  let sandbox: RunningSandbox;
  const ids: Record<string, string> = {};
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    answering = await startRealService('real-key', { today: '2026-06-10' });
    missing = await startRealService('real-key', { statistics: 'no-route' });
    sandbox = await startSandbox({ keys: ['sandbox-key'], demo: true, now: () => new Date('2026-06-10T12:00:00Z') });
    for (const real of [answering, missing]) real.links.set(1, fullRawLink(1));
    answering.clicks.push({ link_id: 1, datetime: '2026-06-09 09:00:00', is_unique: 1, country_code: 'DE' });
    const temp = await withTempDir();
    const agent = new Agent();
    services = await testMainServices(temp.dir, {
      dispatcher: agent,
    });
    for (const [name, baseUrl, apiKey] of [
      ['answering', answering.url, answering.key],
      ['missing', missing.url, missing.key],
      ['sandbox', sandbox.url, 'sandbox-key'],
    ] as const) {
      const added = await services.router.handle('workspaces.add', { name, baseUrl, apiKey }, true);
      if (!added.ok) throw new Error(added.error.message);
      ids[name] = (added.value as { id: string }).id;
    }
    cleanups.push(
      () => answering.close(),
      () => missing.close(),
      () => sandbox.close(),
      () => agent.close(),
      temp.cleanup,
    );
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  });

  const call = (workspace: string, input: Record<string, unknown>) => services.router.handle('statistics.get', { workspaceId: ids[workspace], ...input }, true);

  it('answers the contract’s shape; type defaults to overview', async () => {
    const result = await call('answering', { linkId: 1, startDate: '2026-06-08', endDate: '2026-06-09' });
    expect(result).toEqual({
      ok: true,
      value: {
        linkId: 1,
        startDate: '2026-06-08',
        endDate: '2026-06-09',
        type: 'overview',
        rows: [
          { date: '2026-06-08', label: '2026-06-08', pageviews: 0, visitors: 0 },
          { date: '2026-06-09', label: '2026-06-09', pageviews: 1, visitors: 1 },
        ],
      },
    });
    const countries = await call('answering', { linkId: 1, startDate: '2026-06-08', endDate: '2026-06-09', type: 'country_code', priority: 'background' });
    expect(countries).toMatchObject({ ok: true, value: { type: 'country_code', rows: [{ value: 'DE', pageviews: 1 }] } });
  });

  it('the sandbox workspace answers every type for a demo link', async () => {
    const links = await services.router.handle('links.list', { workspaceId: ids.sandbox, resultsPerPage: 10 }, true);
    if (!links.ok) throw new Error(links.error.message);
    const link = (links.value as { data: { id: number; clicks: number }[] }).data.find((l) => l.clicks > 0);
    for (const type of STATISTICS_TYPES) {
      const result = await call('sandbox', { linkId: link?.id, startDate: '2026-03-01', endDate: '2026-06-10', type });
      expect(result.ok, type).toBe(true);
      const rows = (result as { value: { rows: { pageviews: number }[] } }).value.rows;
      expect(
        rows.reduce((sum, row) => sum + row.pageviews, 0),
        type,
      ).toBe(link?.clicks);
    }
  });

  it('not-available crosses the contract as its own kind', async () => {
    expect(await call('missing', { linkId: 1, startDate: '2026-06-01', endDate: '2026-06-01' })).toEqual({
      ok: false,
      error: { kind: 'not-available', message: 'Statistics are not available on this service.', status: 404 },
    });
  });

  it('refuses input the contract refuses, before any request', async () => {
    const before = answering.requests.length;
    for (const input of [
      { linkId: 1, startDate: '2026-06-02', endDate: '2026-06-01' },
      { linkId: 1, startDate: '2026-02-30', endDate: '2026-03-01' },
      { linkId: 1, startDate: '2026-6-1', endDate: '2026-06-02' },
      { linkId: 1, startDate: '2016-01-01', endDate: '2026-06-01' },
      { linkId: 1, startDate: '2026-06-01', endDate: '2026-06-01', type: 'clicks' },
      { linkId: 0, startDate: '2026-06-01', endDate: '2026-06-01' },
      { linkId: '1', startDate: '2026-06-01', endDate: '2026-06-01' },
      { linkId: 1, startDate: '2026-06-01', endDate: '2026-06-01', extra: true },
      { linkId: 1, startDate: '2026-06-01' },
    ]) {
      const result = await call('answering', input);
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    }
    expect(answering.requests.length).toBe(before);
  });
});
