// Conformance: /api/domains and /api/notification-handlers.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLER_TYPES } from '../../../src-preload/contract/api-rules.ts';
import { DomainSchema, HandlerSchema } from '../../../src-preload/contract/resources.ts';
import { inspect, startClient, tempDir, titles, type Client } from './helpers.ts';

let client: Client;
const temp = tempDir();
const dataFile = join(temp.dir, 'dh.sqlite');

beforeAll(async () => {
  client = await startClient({ dataFile });
});
afterAll(async () => {
  await client.sandbox.close();
  temp.cleanup();
});

async function expect422(path: string, fields: Record<string, string>, fragment: string) {
  const before = inspect(dataFile).counts;
  const response = await client.post(path, fields);
  expect(response.status).toBe(422);
  expect(titles(response.body, 422).join('\n')).toContain(fragment);
  expect(inspect(dataFile).counts).toEqual(before);
}

describe('domains', () => {
  it('creates (201), reads in the documented shape, updates (200) and deletes (200, empty)', async () => {
    const createdResponse = await client.post('api/domains', {
      host: 'Links.Example.COM',
      custom_index_url: 'https://example.com/',
      custom_not_found_url: 'https://example.com/404',
    });
    expect(createdResponse.status).toBe(201);
    const id = createdResponse.body.data.id;
    const read = await client.get(`api/domains/${id}`);
    const domain = DomainSchema.parse(read.body.data);
    expect(Object.keys(read.body.data).sort()).toEqual(['custom_index_url', 'datetime', 'host', 'id', 'is_enabled', 'last_datetime', 'scheme'].sort());
    expect(domain).toMatchObject({
      id,
      scheme: 'https://',
      host: 'links.example.com',
      custom_index_url: 'https://example.com/',
      is_enabled: true,
      last_datetime: null,
    });

    const update = await client.post(`api/domains/${id}`, { is_enabled: '0', custom_index_url: '' });
    expect(update).toMatchObject({ status: 200, body: { data: { id } } });
    const after = (await client.get(`api/domains/${id}`)).body.data;
    expect(after).toMatchObject({ is_enabled: false, custom_index_url: '', host: 'links.example.com' });
    expect(after.last_datetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const removed = await client.del(`api/domains/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    expect((await client.get(`api/domains/${id}`)).status).toBe(404);
  });

  it('deleting a domain deletes the links served on it', async () => {
    const id = (await client.post('api/domains', { host: 'gone.example.com' })).body.data.id;
    const link = await client.link({ location_url: 'https://example.com/', domain_id: String(id) });
    await client.del(`api/domains/${id}`);
    expect((await client.get(`api/links/${link}`)).status).toBe(404);
  });

  it.each([
    ['missing host', {}, 'host'],
    ['host with a scheme', { host: 'https://a.example.com' }, 'host'],
    ['host with a path', { host: 'a.example.com/x' }, 'host'],
    ['host with a port', { host: 'a.example.com:8080' }, 'host'],
    ['single-label host', { host: 'localhost' }, 'host'],
    ['label starting with a hyphen', { host: '-a.example.com' }, 'host'],
    ['bad custom_index_url', { host: 'ok1.example.com', custom_index_url: 'example.com' }, 'custom_index_url'],
    ['bad custom_not_found_url', { host: 'ok2.example.com', custom_not_found_url: 'mailto:a@b.c' }, 'custom_not_found_url'],
    ['is_enabled on create', { host: 'ok3.example.com', is_enabled: '1' }, 'is_enabled'],
    ["the sandbox's own host", { host: '127.0.0.1' }, "service's own host"],
    ['a line break in custom_index_url', { host: 'ok4.example.com', custom_index_url: 'https://example.com/\nx' }, 'custom_index_url'],
  ])('refuses %s', async (_name, fields, fragment) => {
    await expect422('api/domains', fields as Record<string, string>, fragment);
  });

  it('keeps hosts unique across the sandbox (other accounts included), case-insensitively', async () => {
    await client.post('api/domains', { host: 'unique.example.com' });
    await expect422('api/domains', { host: 'UNIQUE.example.com' }, 'already in use');
    const other = await client.post('api/domains', { host: 'unique.example.com' }, 'key-b');
    expect(other.status).toBe(422);
    const id = (await client.post('api/domains', { host: 'second.example.com' })).body.data.id;
    expect((await client.post(`api/domains/${id}`, { host: 'unique.example.com' })).status).toBe(422);
    expect((await client.get(`api/domains/${id}`)).body.data.host).toBe('second.example.com');
  });
});

describe('notification handlers', () => {
  it('creates every type with its field, reads it in the documented shape', async () => {
    const fields: Record<string, Record<string, string>> = {
      email: { email: 'me@example.com' },
      webhook: { webhook: 'https://hooks.example.com/x' },
      slack: { slack: 'https://hooks.slack.com/services/x' },
      discord: { discord: 'https://discord.com/api/webhooks/x' },
      telegram: { telegram: '123:ABC', telegram_chat_id: '-100200' },
      microsoft_teams: { microsoft_teams: 'https://outlook.office.com/webhook/x' },
      whatsapp: { whatsapp: '+49 170 1234567' },
      google_chat: { google_chat: 'https://chat.googleapis.com/v1/spaces/x' },
      internal_notification: {},
    };
    for (const type of HANDLER_TYPES) {
      const response = await client.post('api/notification-handlers', { name: `H ${type}`, type, ...fields[type] });
      expect(response.status).toBe(201);
      const read = (await client.get(`api/notification-handlers/${response.body.data.id}`)).body.data;
      expect(HandlerSchema.parse(read)).toMatchObject({ type, name: `H ${type}`, settings: fields[type], is_enabled: true, last_datetime: null });
      expect(Object.keys(read).sort()).toEqual(['datetime', 'id', 'is_enabled', 'last_datetime', 'name', 'settings', 'type']);
    }
  });

  it('an email handler always holds settings.email', async () => {
    const id = (await client.post('api/notification-handlers', { name: 'No address yet', type: 'email' })).body.data.id;
    expect((await client.get(`api/notification-handlers/${id}`)).body.data.settings).toEqual({ email: '' });
  });

  it.each([
    ['missing name', { type: 'email' }, 'name'],
    ['blank name', { name: '   ', type: 'email' }, 'name'],
    ['missing type', { name: 'x' }, 'type'],
    ['unknown type', { name: 'x', type: 'pager' }, 'type'],
    ['invalid e-mail', { name: 'x', type: 'email', email: 'not-an-address' }, 'email'],
    ['webhook that is not a URL', { name: 'x', type: 'webhook', webhook: 'hooks.example.com' }, 'webhook'],
    ['slack URL that is not http', { name: 'x', type: 'slack', slack: 'ftp://x.example.com' }, 'slack'],
    ['field of another type', { name: 'x', type: 'email', webhook: 'https://x.example.com' }, 'webhook'],
    ['bad phone number', { name: 'x', type: 'whatsapp', whatsapp: 'call me' }, 'whatsapp'],
    ['is_enabled on create', { name: 'x', type: 'email', is_enabled: '1' }, 'is_enabled'],
  ])('refuses %s', async (_name, fields, fragment) => {
    await expect422('api/notification-handlers', fields as Record<string, string>, fragment);
  });

  it('updates name, is_enabled and settings; checks fields against the type the handler will have', async () => {
    const id = (await client.post('api/notification-handlers', { name: 'Hook', type: 'webhook', webhook: 'https://a.example.com/' })).body.data.id;
    expect((await client.post(`api/notification-handlers/${id}`, { name: 'Hook 2', is_enabled: '0' })).status).toBe(200);
    expect((await client.get(`api/notification-handlers/${id}`)).body.data).toMatchObject({
      name: 'Hook 2',
      is_enabled: false,
      settings: { webhook: 'https://a.example.com/' },
    });
    const wrong = await client.post(`api/notification-handlers/${id}`, { email: 'a@example.com' });
    expect(wrong.status).toBe(422);
    expect(titles(wrong.body, 422).join()).toContain('email');
    // Changing the type drops the old type's settings.
    expect((await client.post(`api/notification-handlers/${id}`, { type: 'email', email: 'a@example.com' })).status).toBe(200);
    expect((await client.get(`api/notification-handlers/${id}`)).body.data).toMatchObject({ type: 'email', settings: { email: 'a@example.com' } });
    expect((await client.post(`api/notification-handlers/${id}`, { name: '' })).status).toBe(422);
    expect((await client.post(`api/notification-handlers/${id}`, { is_enabled: 'sometimes' })).status).toBe(422);
  });

  it('an empty type-specific field on update removes it from the settings', async () => {
    const id = (await client.post('api/notification-handlers', { name: 'Bot', type: 'telegram', telegram: '1:A', telegram_chat_id: '42' })).body.data.id;
    expect((await client.post(`api/notification-handlers/${id}`, { telegram_chat_id: '' })).status).toBe(200);
    expect((await client.get(`api/notification-handlers/${id}`)).body.data.settings).toEqual({ telegram: '1:A' });
  });

  it("deleting a handler removes it from links' email_reports", async () => {
    const id = (await client.post('api/notification-handlers', { name: 'Gone', type: 'internal_notification' })).body.data.id;
    const link = await client.link({ location_url: 'https://example.com/', 'email_reports[]': String(id) });
    expect(inspect(dataFile).reports(link)).toEqual([id]);
    const removed = await client.del(`api/notification-handlers/${id}`);
    expect(removed).toMatchObject({ status: 200, text: '' });
    expect(inspect(dataFile).reports(link)).toEqual([]);
  });
});
