// Issue #14, at the point of sending: whatever a caller asks, the key is attached only to a request
// for the origin it is bound to.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/service/client.ts';
import { testConnection } from '../../../src-main/service/connection-test.ts';
import { send } from '../../../src-main/service/transport.ts';
import { json, startFakeService, type FakeService } from './fake-service.ts';

const KEY = 'bound-key-0123456789';
let bound: FakeService;
let other: FakeService;

beforeAll(async () => {
  [bound, other] = await Promise.all([startFakeService(), startFakeService()]);
});
afterAll(() => Promise.all([bound.close(), other.close()]));
beforeEach(() => {
  const page = { data: [], meta: { page: 1, results_per_page: 25, total: 0, total_pages: 1 }, links: {} };
  for (const service of [bound, other]) service.answer((_req, res) => json(res, 200, page));
});

describe('the key travels only to the origin it is bound to', () => {
  it('transport: refuses a request for another origin before anything is sent', async () => {
    const request = send({ url: new URL(`${other.origin}/api/links/`), method: 'GET', apiKey: KEY, keyOrigin: bound.origin, timeoutMs: 2000 });
    await expect(request).rejects.toMatchObject({ kind: 'no-key' });
    expect(other.requests).toHaveLength(0);

    await send({ url: new URL(`${bound.origin}/api/links/`), method: 'GET', apiKey: KEY, keyOrigin: bound.origin, timeoutMs: 2000 });
    expect(bound.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`]);
  });

  it('service client: a client whose address is not the key’s origin sends nothing', async () => {
    const client = new ServiceClient({ baseUrl: `${other.origin}/`, apiKey: KEY, keyOrigin: bound.origin });
    await expect(client.resource('links').list()).rejects.toMatchObject({ kind: 'no-key' });
    await expect(client.resource('domains').create({ host: 'a.example.com' })).rejects.toMatchObject({ kind: 'no-key' });
    await expect(client.testConnection()).rejects.toMatchObject({ kind: 'no-key' });
    await expect(testConnection({ baseUrl: `${other.origin}/`, apiKey: KEY, keyOrigin: bound.origin })).rejects.toMatchObject({ kind: 'no-key' });
    expect(other.requests).toHaveLength(0);
  });
});
