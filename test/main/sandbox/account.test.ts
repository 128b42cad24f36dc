// The account behind a key: GET /api/user as real deployments answer it, the account's time zone
// (an option, stored per account, kept across runs and older data files), and schedule dates as
// wall-clock times in that zone when links are served.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../../src-main/sandbox/index.ts';
import { SCHEMA_VERSION } from '../../../src-main/sandbox/storage/migrations.ts';
import { AccountSchema } from '../../../src-preload/contract/resources.ts';
import { dropStatisticsColumns, startClient, tempDir, titles } from './helpers.ts';

const temp = tempDir();
afterAll(() => temp.cleanup());

describe('GET /api/user', () => {
  it('answers the account of the key in the real shape; test keys default to UTC', async () => {
    const client = await startClient({ now: () => new Date('2026-02-01T08:30:00Z') });
    try {
      const a = await client.get('api/user');
      expect(a.status).toBe(200);
      expect(a.body).toEqual({
        data: {
          id: expect.any(Number),
          name: 'Sandbox user',
          email: 'sandbox@linkdock.invalid',
          language: 'english',
          timezone: 'UTC',
          plan_id: 'custom',
          datetime: '2026-02-01 08:30:00',
        },
      });
      expect(AccountSchema.parse(a.body.data).timezone).toBe('UTC');
      const b = await client.get('api/user', 'key-b');
      expect(b.body.data.id).not.toBe(a.body.data.id);
      // The id is the user_id every link read of the account carries.
      const link = await client.link({ location_url: 'https://example.com/mine' });
      expect((await client.get(`api/links/${link}`)).body.data.user_id).toBe(a.body.data.id);
      expect((await client.get('api/user/')).status).toBe(200);
    } finally {
      await client.sandbox.close();
    }
  });

  it('needs the bearer key and counts against the rate limit like the rest of the API', async () => {
    const client = await startClient({ rateLimit: 2, now: () => new Date('2026-02-01T08:30:00Z') });
    try {
      const missing = await fetch(`${client.sandbox.url}api/user`);
      expect(missing.status).toBe(401);
      expect(titles(await missing.json(), 401)[0]).toContain('Missing API key');
      expect((await client.get('api/user', 'not-a-key')).status).toBe(401);
      const first = await client.get('api/user');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect((await client.get('api/links')).status).toBe(200);
      const limited = await client.get('api/user');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    } finally {
      await client.sandbox.close();
    }
  });
});

describe('the account time zone', () => {
  it('is the timezone option for every key of the run (canonical IANA name), refused when unknown', async () => {
    const client = await startClient({ timezone: 'europe/berlin' });
    try {
      expect((await client.get('api/user')).body.data.timezone).toBe('Europe/Berlin');
      expect((await client.get('api/user', 'key-b')).body.data.timezone).toBe('Europe/Berlin');
    } finally {
      await client.sandbox.close();
    }
    for (const zone of ['Mars/Olympus', '', '+02:00']) {
      expect(() => buildSandboxApp({ keys: ['k'], timezone: zone })).toThrow(/IANA time zone/);
    }
  });

  it('the demo account gets Europe/Berlin, other new accounts UTC; each keeps its zone across runs unless the option says otherwise', async () => {
    const dataFile = join(temp.dir, 'zones.sqlite');
    const first = await startClient({ dataFile, keys: ['demo-key', 'plain-key'], demo: true });
    expect((await first.get('api/user', 'demo-key')).body.data.timezone).toBe('Europe/Berlin');
    expect((await first.get('api/user', 'plain-key')).body.data.timezone).toBe('UTC');
    await first.sandbox.close();

    const second = await startClient({ dataFile, keys: ['plain-key', 'demo-key'] });
    expect((await second.get('api/user', 'demo-key')).body.data.timezone).toBe('Europe/Berlin');
    expect((await second.get('api/user', 'plain-key')).body.data.timezone).toBe('UTC');
    await second.sandbox.close();

    const third = await startClient({ dataFile, keys: ['plain-key'], timezone: 'Asia/Tokyo' });
    expect((await third.get('api/user', 'plain-key')).body.data.timezone).toBe('Asia/Tokyo');
    await third.sandbox.close();

    const fourth = await startClient({ dataFile, keys: ['plain-key', 'demo-key'] });
    expect((await fourth.get('api/user', 'plain-key')).body.data.timezone).toBe('Asia/Tokyo');
    expect((await fourth.get('api/user', 'demo-key')).body.data.timezone).toBe('Europe/Berlin');
    await fourth.sandbox.close();
  });

  it('a data file of schema version 1 (no time zones) opens with its data, its accounts in UTC', async () => {
    const dataFile = join(temp.dir, 'v1.sqlite');
    const before = await startClient({ dataFile, keys: ['old-key'] });
    const id = await before.link({ location_url: 'https://example.com/old', url: 'old', schedule: '1', start_date: '2026-01-01 10:00:00' }, 'old-key');
    await before.sandbox.close();
    // Back to what a version-1 sandbox wrote.
    const db = new DatabaseSync(dataFile);
    dropStatisticsColumns(db);
    db.exec('ALTER TABLE accounts DROP COLUMN timezone; PRAGMA user_version = 1;');
    db.close();

    const after = await startClient({ dataFile, keys: ['old-key'] });
    try {
      expect((await after.get('api/user', 'old-key')).body.data.timezone).toBe('UTC');
      expect((await after.get(`api/links/${id}`, 'old-key')).body.data).toMatchObject({ url: 'old', start_date: '2026-01-01 10:00:00' });
    } finally {
      await after.sandbox.close();
    }
    const check = new DatabaseSync(dataFile, { readOnly: true });
    expect((check.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    check.close();
  });
});

describe('schedule dates in the account time zone', () => {
  it('a link scheduled to start at 10:00 in Europe/Berlin is served from 09:00 UTC in winter, 08:00 UTC in summer', async () => {
    let clock = new Date('2026-01-15T08:00:00Z');
    const client = await startClient({ timezone: 'Europe/Berlin', now: () => clock });
    const visit = async (alias: string) => (await fetch(`${client.sandbox.url}${alias}`, { redirect: 'manual' })).status;
    try {
      const winter = await client.link({
        location_url: 'https://example.com/winter',
        url: 'winter',
        schedule: '1',
        start_date: '2026-01-15 10:00:00',
        end_date: '2026-01-15 18:00:00',
      });
      // Written and read as wall-clock times in the account's zone: no conversion.
      expect((await client.get(`api/links/${winter}`)).body.data).toMatchObject({ start_date: '2026-01-15 10:00:00', end_date: '2026-01-15 18:00:00' });
      clock = new Date('2026-01-15T08:59:59Z');
      expect(await visit('winter')).toBe(404);
      clock = new Date('2026-01-15T09:00:00Z');
      expect(await visit('winter')).toBe(301);
      clock = new Date('2026-01-15T17:00:00Z');
      expect(await visit('winter')).toBe(301);
      // Expired at 18:00 Berlin (17:00 UTC): on to the expiration URL when there is one.
      clock = new Date('2026-01-15T17:00:01Z');
      expect(await visit('winter')).toBe(404);
      await client.post(`api/links/${winter}`, { expiration_url: 'https://example.com/over', 'email_reports[]': '' });
      const expired = await fetch(`${client.sandbox.url}winter`, { redirect: 'manual' });
      expect([expired.status, expired.headers.get('location')]).toEqual([302, 'https://example.com/over']);

      await client.link({ location_url: 'https://example.com/summer', url: 'summer', schedule: '1', start_date: '2026-07-15 10:00:00' });
      clock = new Date('2026-07-15T07:59:59Z');
      expect(await visit('summer')).toBe(404);
      clock = new Date('2026-07-15T08:00:00Z');
      expect(await visit('summer')).toBe(301);
      // Creation times stay UTC (the winter link was made at 08:00 UTC, 09:00 in Berlin).
      expect((await client.get(`api/links/${winter}`)).body.data.datetime).toBe('2026-01-15 08:00:00');
    } finally {
      await client.sandbox.close();
    }
  });
});
