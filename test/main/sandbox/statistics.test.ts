// GET /api/statistics/{link_id} over real HTTP: what it counts is exactly the clicks served through
// the redirect (every type), days and hours in the account's time zone, inclusive date bounds, the
// defaults, the errors real deployments give, the 250-row cap, and clicks of older data files.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { STATISTICS_TYPES } from '../../../src-preload/contract/statistics.ts';
import { dropStatisticsColumns, startClient, tempDir, titles, type Client } from './helpers.ts';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

const temp = tempDir();
afterAll(() => temp.cleanup());

/** A sandbox whose clock the test sets before each visit. */
async function clocked(options: Parameters<typeof startClient>[0] = {}) {
  const state = { now: new Date('2026-06-10T12:00:00Z') };
  const client = await startClient({ now: () => state.now, ...options });
  const visit = async (path: string, at: string, headers: Record<string, string> = {}, method = 'GET') => {
    state.now = new Date(at);
    const response = await fetch(`${client.sandbox.url}${path}`, { method, redirect: 'manual', headers });
    expect(response.status).toBe(301);
  };
  const stats = async (linkId: number, query = '', key = 'key-a') => client.get(`api/statistics/${linkId}${query === '' ? '' : `?${query}`}`, key);
  const setNow = (at: string) => (state.now = new Date(at));
  return { client, visit, stats, setNow };
}

async function closing<T>(client: Client, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    await client.sandbox.close();
  }
}

describe('GET /api/statistics/{link_id} counts the clicks served', () => {
  it('answers every type from the clicks made through the redirect, in the shape real deployments use', async () => {
    const { client, visit, stats } = await clocked();
    await closing(client, async () => {
      const id = await client.link({ location_url: 'https://dest.example/stats', url: 'stats-1' });
      const a = {
        'user-agent': CHROME_WINDOWS,
        'accept-language': 'de-AT,de;q=0.9,en;q=0.5',
        'cf-ipcountry': 'de',
        'cf-ipcontinent': 'eu',
        'cf-ipcity': 'Berlin',
      };
      const b = {
        'user-agent': IPHONE,
        'accept-language': 'en-US',
        'cf-ipcountry': 'US',
        'cf-ipcontinent': 'NA',
        'cf-ipcity': 'Austin',
        referer: 'https://t.co/abc',
      };
      const c = {
        'user-agent': FIREFOX_LINUX,
        'accept-language': 'fr',
        'cf-ipcountry': 'FR',
        'cf-ipcontinent': 'EU',
        'cf-ipcity': 'Paris',
        referer: 'https://news.ycombinator.com/item?id=1',
      };
      const fromNewsletter = 'stats-1?utm_source=news&utm_medium=email&utm_campaign=june';
      await visit(fromNewsletter, '2026-06-08T09:15:00Z', { ...a, referer: 'https://www.google.com/search?q=links' });
      await visit(fromNewsletter, '2026-06-08T09:16:00Z', { ...a, referer: 'https://www.google.com/search?q=again' });
      await visit('stats-1', '2026-06-08T09:40:00Z', b);
      await visit('stats-1', '2026-06-09T17:05:00Z', a);
      await visit('stats-1', '2026-06-09T17:30:00Z', c);
      // A HEAD sees the redirect but is no visit.
      await visit('stats-1', '2026-06-09T17:45:00Z', c, 'HEAD');

      const range = 'start_date=2026-06-08&end_date=2026-06-09';
      const overview = await stats(id, range);
      expect(overview.status).toBe(200);
      expect(overview.body).toEqual({
        data: [
          { pageviews: 3, visitors: 2, formatted_date: '2026-06-08' },
          { pageviews: 2, visitors: 2, formatted_date: '2026-06-09' },
        ],
      });
      const expected: Record<string, [string | number | null, number][]> = {
        referrer_host: [
          ['www.google.com', 2],
          ['news.ycombinator.com', 1],
          ['t.co', 1],
          [null, 1],
        ],
        referrer_path: [
          ['/search', 2],
          ['/abc', 1],
          ['/item', 1],
          [null, 1],
        ],
        continent_code: [
          ['EU', 4],
          ['NA', 1],
        ],
        country_code: [
          ['DE', 3],
          ['FR', 1],
          ['US', 1],
        ],
        city_name: [
          ['Berlin', 3],
          ['Austin', 1],
          ['Paris', 1],
        ],
        os_name: [
          ['Windows', 3],
          ['Linux', 1],
          ['iOS', 1],
        ],
        browser_name: [
          ['Chrome', 3],
          ['Firefox', 1],
          ['Safari', 1],
        ],
        device_type: [
          ['desktop', 4],
          ['mobile', 1],
        ],
        browser_language: [
          ['de', 3],
          ['en', 1],
          ['fr', 1],
        ],
        utm_source: [
          [null, 3],
          ['news', 2],
        ],
        utm_medium: [
          [null, 3],
          ['email', 2],
        ],
        utm_campaign: [
          [null, 3],
          ['june', 2],
        ],
        hour: [
          [9, 3],
          [17, 2],
        ],
      };
      for (const type of STATISTICS_TYPES.filter((t) => t !== 'overview')) {
        const answer = await stats(id, `${range}&type=${type}`);
        expect(answer.status, type).toBe(200);
        expect(answer.body, type).toEqual({ data: (expected[type] ?? []).map(([value, pageviews]) => ({ [type]: value, pageviews })) });
      }
      // The read counts the same clicks.
      expect((await client.get(`api/links/${id}`)).body.data.clicks).toBe(5);
    });
  });

  it('counts days and hours in the account time zone, across daylight saving time', async () => {
    const { client, visit, stats } = await clocked({ timezone: 'Europe/Berlin' });
    await closing(client, async () => {
      const id = await client.link({ location_url: 'https://dest.example/zone', url: 'zone' });
      await visit('zone', '2026-01-15T23:30:00Z'); // 00:30 on the 16th in Berlin (CET, +1)
      await visit('zone', '2026-06-01T22:30:00Z'); // 00:30 on 2 June in Berlin (CEST, +2)
      await visit('zone', '2026-06-02T21:59:59Z'); // 23:59:59 on 2 June in Berlin
      expect((await stats(id, 'start_date=2026-01-01&end_date=2026-06-30')).body.data).toEqual([
        { pageviews: 1, visitors: 1, formatted_date: '2026-01-16' },
        { pageviews: 2, visitors: 1, formatted_date: '2026-06-02' },
      ]);
      expect((await stats(id, 'start_date=2026-01-01&end_date=2026-06-30&type=hour')).body.data).toEqual([
        { hour: 0, pageviews: 2 },
        { hour: 23, pageviews: 1 },
      ]);
      expect((await stats(id, 'start_date=2026-06-01&end_date=2026-06-01')).body.data).toEqual([]);
      expect((await stats(id, 'start_date=2026-01-15&end_date=2026-01-15')).body.data).toEqual([]);
    });
  });

  it('includes both bounds of the range and lists only days with clicks', async () => {
    const { client, visit, stats } = await clocked();
    await closing(client, async () => {
      const id = await client.link({ location_url: 'https://dest.example/bounds', url: 'bounds' });
      for (const at of ['2026-04-30T23:59:59Z', '2026-05-01T00:00:00Z', '2026-05-01T23:59:59Z', '2026-05-02T00:00:00Z', '2026-05-04T12:00:00Z']) {
        await visit('bounds', at, { 'user-agent': `agent ${at}` });
      }
      const day = (formatted_date: string, pageviews: number) => ({ pageviews, visitors: pageviews, formatted_date });
      expect((await stats(id, 'start_date=2026-05-01&end_date=2026-05-01')).body.data).toEqual([day('2026-05-01', 2)]);
      // 3 May had no clicks: it is not listed (as on real deployments; the client fills such days).
      expect((await stats(id, 'start_date=2026-04-30&end_date=2026-05-04')).body.data).toEqual([
        day('2026-04-30', 1),
        day('2026-05-01', 2),
        day('2026-05-02', 1),
        day('2026-05-04', 1),
      ]);
      expect((await stats(id, 'start_date=2026-05-03&end_date=2026-05-03')).body.data).toEqual([]);
      expect((await stats(id, 'start_date=2026-05-01&end_date=2026-05-02&type=country_code')).body.data).toEqual([{ country_code: null, pageviews: 3 }]);
    });
  });

  it('defaults to the last 30 days, today included, and to overview', async () => {
    const { client, visit, stats, setNow } = await clocked();
    await closing(client, async () => {
      const id = await client.link({ location_url: 'https://dest.example/defaults', url: 'defaults' });
      await visit('defaults', '2026-05-11T23:00:00Z'); // 30 days before 10 June: outside
      await visit('defaults', '2026-05-12T00:00:00Z'); // 29 days before: inside
      await visit('defaults', '2026-06-10T11:00:00Z'); // today
      setNow('2026-06-10T12:00:00Z');
      const dates = async (query: string) => ((await stats(id, query)).body.data as { formatted_date: string }[]).map((row) => row.formatted_date);
      expect(await dates('')).toEqual(['2026-05-12', '2026-06-10']);
      expect(await dates('type=overview')).toEqual(['2026-05-12', '2026-06-10']);
      // Empty parameters are absent ones.
      expect(await dates('start_date=&end_date=&type=')).toEqual(['2026-05-12', '2026-06-10']);
      // Only an end: the 30 days up to it. Only a start: from it to today.
      expect(await dates('end_date=2026-05-20')).toEqual(['2026-05-11', '2026-05-12']);
      expect(await dates('start_date=2026-06-01')).toEqual(['2026-06-10']);
      // Unknown parameters are ignored, as on real deployments.
      expect((await stats(id, 'cache=1')).status).toBe(200);
    });
  });
});

describe('GET /api/statistics/{link_id} refuses what a real deployment refuses', () => {
  it('400 for a bad date, an end before the start, an unknown type or a parameter given twice', async () => {
    const { client, stats } = await clocked();
    await closing(client, async () => {
      const id = await client.link({ location_url: 'https://dest.example/errors', url: 'errors' });
      const refused = async (query: string, title: RegExp) => {
        const answer = await stats(id, query);
        expect(answer.status, query).toBe(400);
        expect(titles(answer.body, 400)[0], query).toMatch(title);
      };
      for (const bad of ['2026-13-01', '2026-02-30', '2026-2-3', 'yesterday', '2026-06-01 00:00:00', '20260601']) {
        await refused(`start_date=${encodeURIComponent(bad)}`, /^start_date must be a date as YYYY-MM-DD$/);
        await refused(`end_date=${encodeURIComponent(bad)}`, /^end_date must be a date as YYYY-MM-DD$/);
      }
      await refused('start_date=2026-06-02&end_date=2026-06-01', /^end_date must not be before start_date$/);
      // A start after today without an end: the end (today) is before it.
      await refused('start_date=2026-07-01', /^end_date must not be before start_date$/);
      await refused('type=nope', /^type must be one of overview, referrer_host, .*, hour$/);
      await refused('type=OVERVIEW', /^type must be one of/);
      await refused('type=overview&type=hour', /^type must be given once$/);
      await refused('start_date=2026-06-01&start_date=2026-06-02', /^start_date must be given once$/);
      // The same day as start and end is a one-day range.
      expect((await stats(id, 'start_date=2026-06-01&end_date=2026-06-01')).status).toBe(200);
    });
  });

  it("404 for another account's link, a deleted link, an id that names no link; 401 without the key", async () => {
    const { client, stats } = await clocked();
    await closing(client, async () => {
      const mine = await client.link({ location_url: 'https://dest.example/mine', url: 'mine' });
      const theirs = await client.link({ location_url: 'https://dest.example/theirs', url: 'theirs' }, 'key-b');
      expect((await stats(theirs, '', 'key-a')).status).toBe(404);
      expect(titles((await stats(theirs, '', 'key-a')).body, 404)).toEqual(['Link not found']);
      expect((await stats(theirs, '', 'key-b')).status).toBe(200);
      // The link is checked before the query: a bad query on a foreign link is still 404.
      expect((await stats(theirs, 'type=nope', 'key-a')).status).toBe(404);
      for (const path of ['api/statistics/abc', 'api/statistics/0', 'api/statistics/99999999', 'api/statistics', 'api/statistics/']) {
        const answer = await client.get(path);
        expect(answer.status, path).toBe(404);
        titles(answer.body, 404);
      }
      expect((await client.get(`api/statistics/${mine}/`)).status).toBe(200);
      await client.del(`api/links/${mine}`);
      expect((await stats(mine)).status).toBe(404);
      const missing = await fetch(`${client.sandbox.url}api/statistics/${theirs}`);
      expect(missing.status).toBe(401);
      expect((await stats(theirs, '', 'not-a-key')).status).toBe(401);
    });
  });

  it('counts against the rate limit like the rest of the API', async () => {
    const { client, stats } = await clocked({ rateLimit: 2 });
    await closing(client, async () => {
      const id = await client.link({ location_url: 'https://dest.example/limited', url: 'limited' });
      const first = await stats(id);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
      const limited = await stats(id);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
      expect(limited.headers.get('retry-after')).toBeNull();
    });
  });
});

describe('GET /api/statistics/{link_id} at scale and over time', () => {
  it('answers at most 250 rows, most clicks first', async () => {
    const { client, visit, stats } = await clocked();
    await closing(client, async () => {
      const id = await client.link({ location_url: 'https://dest.example/cap', url: 'cap' });
      const cities = Array.from({ length: 260 }, (_, i) => `City ${String(i).padStart(3, '0')}`);
      const visits = [...cities, 'City 007', 'City 007', 'City 007', 'City 100'];
      for (let start = 0; start < visits.length; start += 20) {
        await Promise.all(visits.slice(start, start + 20).map((city) => visit('cap', '2026-06-10T10:00:00Z', { 'cf-ipcity': city })));
      }
      const answer = await stats(id, 'type=city_name');
      expect(answer.body.data).toHaveLength(250);
      expect(answer.body.data.slice(0, 3)).toEqual([
        { city_name: 'City 007', pageviews: 4 },
        { city_name: 'City 100', pageviews: 2 },
        { city_name: 'City 000', pageviews: 1 },
      ]);
      const counts = (answer.body.data as { pageviews: number }[]).map((row) => row.pageviews);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
      // The overview is one row per day, not capped by values.
      expect((await stats(id)).body.data).toEqual([{ pageviews: 264, visitors: 1, formatted_date: '2026-06-10' }]);
    });
  });

  it('counts the clicks of a data file from before the statistics columns (schema version 2)', async () => {
    const dataFile = join(temp.dir, 'v2.sqlite');
    const before = await clocked({ dataFile });
    let id = 0;
    await closing(before.client, async () => {
      id = await before.client.link({ location_url: 'https://dest.example/old', url: 'old' });
      await before.visit('old', '2026-06-09T08:00:00Z', { 'user-agent': IPHONE, 'cf-ipcountry': 'JP' });
      await before.visit('old', '2026-06-09T08:05:00Z', { 'user-agent': IPHONE, 'cf-ipcountry': 'JP' });
    });
    // Back to what a version-2 sandbox wrote.
    const db = new DatabaseSync(dataFile);
    dropStatisticsColumns(db);
    db.exec('PRAGMA user_version = 2');
    db.close();

    const after = await clocked({ dataFile });
    await closing(after.client, async () => {
      await after.visit('old', '2026-06-10T09:00:00Z', { 'user-agent': IPHONE, 'cf-ipcountry': 'JP', 'cf-ipcity': 'Tokyo' });
      after.setNow('2026-06-10T12:00:00Z');
      // Old clicks have no visitor hash: each counts as a visitor of its own.
      expect((await after.stats(id)).body.data).toEqual([
        { pageviews: 2, visitors: 2, formatted_date: '2026-06-09' },
        { pageviews: 1, visitors: 1, formatted_date: '2026-06-10' },
      ]);
      expect((await after.stats(id, 'type=country_code')).body.data).toEqual([{ country_code: 'JP', pageviews: 3 }]);
      expect((await after.stats(id, 'type=city_name')).body.data).toEqual([
        { city_name: null, pageviews: 2 },
        { city_name: 'Tokyo', pageviews: 1 },
      ]);
    });
  });

  it('the demo links have varied statistics over the last 100 days, the same on every run', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const answers: unknown[] = [];
    for (let run = 0; run < 2; run += 1) {
      const client = await startClient({ keys: ['demo-key'], demo: true, now: () => now });
      await closing(client, async () => {
        const links = (await client.get('api/links?results_per_page=1000', 'demo-key')).body.data as { id: number; clicks: number; datetime: string }[];
        // The busiest of the links made more than a month ago: clicks on many days.
        const busiest = links.filter((link) => link.datetime < '2026-05-01').reduce((most, link) => (link.clicks > most.clicks ? link : most));
        const range = 'start_date=2026-03-01&end_date=2026-06-10';
        const all: Record<string, { pageviews: number }[]> = {};
        for (const type of STATISTICS_TYPES) {
          all[type] = (await client.get(`api/statistics/${busiest.id}?${range}&type=${type}`, 'demo-key')).body.data;
          const total = (all[type] ?? []).reduce((sum, row) => sum + row.pageviews, 0);
          expect(total, type).toBe(busiest.clicks);
          expect((all[type] ?? []).length, type).toBeGreaterThan(type === 'device_type' ? 2 : 3);
        }
        // An old link's clicks reach back about 100 days, never into the future.
        const oldest = links.findLast((link) => link.clicks > 50) as { id: number };
        const days = (await client.get(`api/statistics/${oldest.id}?start_date=2026-01-01&end_date=2026-12-31`, 'demo-key')).body.data as {
          formatted_date: string;
        }[];
        expect(days.length).toBeGreaterThan(20);
        expect(days.every((row) => row.formatted_date >= '2026-03-01' && row.formatted_date <= '2026-06-10')).toBe(true);
        answers.push(all);
      });
    }
    expect(answers[1]).toEqual(answers[0]);
  });
});
