// Each API key is an account that sees only its own resources: another account's id answers
// 404 for read, update and delete alike, and nothing of it changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, titles, type Client } from './helpers.ts';

let client: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  client = await startClient();
  ids.links = await client.link({ location_url: 'https://example.com/a-only', url: 'a-only' });
  ids.domains = (await client.post('api/domains', { host: 'a-only.example.com' })).body.data.id;
  ids['notification-handlers'] = (await client.post('api/notification-handlers', { name: 'A only', type: 'internal_notification' })).body.data.id;
});
afterAll(async () => {
  await client.sandbox.close();
});

describe('account isolation', () => {
  it.each(['links', 'domains', 'notification-handlers'])('%s of account A are invisible to account B', async (collection) => {
    const id = ids[collection] as number;
    const list = await client.get(`api/${collection}`, 'key-b');
    expect(list.body.meta.total).toBe(0);
    const read = await client.get(`api/${collection}/${id}`, 'key-b');
    expect(read.status).toBe(404);
    titles(read.body, 404);
    const update = await client.post(`api/${collection}/${id}`, { name: 'stolen', location_url: 'https://evil.example/' }, 'key-b');
    expect(update.status).toBe(404);
    const remove = await client.del(`api/${collection}/${id}`, 'key-b');
    expect(remove.status).toBe(404);
    const own = await client.get(`api/${collection}/${id}`, 'key-a');
    expect(own.status).toBe(200);
    expect(own.body.data.id).toBe(id);
  });

  it("the update that B could not make left A's link as it was", async () => {
    expect((await client.get(`api/links/${ids.links}`)).body.data.location_url).toBe('https://example.com/a-only');
  });

  it("B cannot reference A's domain or handler from its own link", async () => {
    const domain = await client.post('api/links', { location_url: 'https://example.com/', domain_id: String(ids.domains) }, 'key-b');
    expect(domain.status).toBe(422);
    const handler = await client.post('api/links', { location_url: 'https://example.com/', 'email_reports[]': String(ids['notification-handlers']) }, 'key-b');
    expect(handler.status).toBe(422);
  });

  it('aliases on the shared main domain are unique across accounts', async () => {
    const response = await client.post('api/links', { location_url: 'https://example.com/', url: 'a-only' }, 'key-b');
    expect(response.status).toBe(422);
  });

  it('refuses a missing, malformed or unknown key with 401 in the error shape', async () => {
    const url = `${client.sandbox.url}api/links`;
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-key' },
      { authorization: 'Basic a2V5LWE6' },
      { authorization: 'Bearer' },
      { authorization: 'key-a' },
    ];
    for (const headers of refused) {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(titles(body, 401)).toHaveLength(1);
    }
    // The scheme name is case-insensitive, as in HTTP.
    expect((await fetch(url, { headers: { authorization: 'bearer key-a' } })).status).toBe(200);
  });
});
