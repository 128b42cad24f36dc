// The account behind a key (real deployments' GET /api/user): read through main's client and call
// router, cached twice a day, "not supported" where the service has no such call.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/service/client.ts';
import { ACCOUNT_MAX_AGE_MS, AccountCache } from '../../../src-main/workspaces/account-cache.ts';
import { serviceDatetime } from '../../../src-renderer/sync/mirror/fields.ts';
import { startRealService, type RealService } from '../../support/real-service.ts';

let real: RealService;
let plain: Server;
let plainUrl: string;
let plainAnswer: { status: number; type: string; body: string } = {
  status: 404,
  type: 'application/json',
  body: '{"errors":[{"title":"Not found","status":404}]}',
};
beforeAll(async () => {
  real = await startRealService();
  plain = createServer((_req, res) => {
    res.writeHead(plainAnswer.status, { 'content-type': plainAnswer.type });
    res.end(plainAnswer.body);
  });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await real.close();
  await new Promise((resolve) => plain.close(resolve));
});

describe('account', () => {
  it('reads the account with its time zone where the service has the call', async () => {
    const account = await new ServiceClient({ baseUrl: real.url, apiKey: real.key }).getAccount();
    expect(account).toMatchObject({ id: 1, name: 'Real user', email: 'real@example.com', timezone: 'Europe/Berlin', plan_id: 'custom' });
  });

  it('says "none" for a service without it: 404, or a web page where JSON was expected', async () => {
    const client = new ServiceClient({ baseUrl: plainUrl, apiKey: 'k' });
    expect(await client.getAccount()).toBeNull();
    plainAnswer = { status: 200, type: 'application/json', body: '<html><body>Dashboard</body></html>' };
    expect(await client.getAccount()).toBeNull();
  });

  it('drops a time zone Intl does not know instead of failing', async () => {
    plainAnswer = { status: 200, type: 'application/json', body: '{"data":{"id":"3","name":"","timezone":"Mars/Olympus"}}' };
    expect(await new ServiceClient({ baseUrl: plainUrl, apiKey: 'k' }).getAccount()).toMatchObject({ id: 3, name: null, timezone: null });
  });

  it('is read at most twice a day, and what was known holds while the service cannot be reached', async () => {
    let now = 0;
    let reads = 0;
    let offline = false;
    const cache = new AccountCache(() => now);
    const fetch = async () => {
      reads++;
      if (offline) throw new Error('offline');
      return { id: 1, timezone: 'Europe/Berlin' };
    };
    await cache.get('ws', fetch);
    now = ACCOUNT_MAX_AGE_MS - 1;
    expect((await cache.get('ws', fetch)).account?.timezone).toBe('Europe/Berlin');
    expect(reads).toBe(1);
    now = ACCOUNT_MAX_AGE_MS + 1;
    offline = true;
    expect((await cache.get('ws', fetch)).account?.timezone).toBe('Europe/Berlin');
    expect(reads).toBe(2);
    await expect(cache.get('other', fetch)).rejects.toThrow('offline');
  });
});

describe('schedule dates in the account time zone', () => {
  it('writes now as the account wall clock, across daylight saving time', () => {
    expect(serviceDatetime(Date.UTC(2026, 0, 15, 9, 0, 0))).toBe('2026-01-15 09:00:00');
    expect(serviceDatetime(Date.UTC(2026, 0, 15, 9, 0, 0), 'Europe/Berlin')).toBe('2026-01-15 10:00:00');
    expect(serviceDatetime(Date.UTC(2026, 6, 15, 9, 0, 0), 'Europe/Berlin')).toBe('2026-07-15 11:00:00');
    expect(serviceDatetime(Date.UTC(2026, 0, 15, 2, 30, 5), 'America/New_York')).toBe('2026-01-14 21:30:05');
  });
});
