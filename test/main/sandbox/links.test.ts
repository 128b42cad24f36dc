// Conformance: /api/links — every field, default and rule of service-api.md, plus the
// documented choices where it is silent (docs/sandbox.md).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLinkUpdate } from '../../../src-main/service/multipart.ts';
import { normaliseLink } from '../../../src-main/service/normalise.ts';
import { GIF, ICO, PNG, inspect, startClient, tempDir, titles, type Client, type FormValue, type Json } from './helpers.ts';
import { LINK_KEYS, SETTINGS_KEYS, SandboxLinkSchema } from './link-read.ts';

let client: Client;
const temp = tempDir();
const dataFile = join(temp.dir, 'links.sqlite');

beforeAll(async () => {
  client = await startClient({ dataFile });
});
afterAll(async () => {
  await client.sandbox.close();
  temp.cleanup();
});

const linkCount = async () => (await client.get('api/links')).body.meta.total as number;

async function expect422(fields: Record<string, FormValue>, fragment: string, path = 'api/links') {
  const before = inspect(dataFile).counts;
  const response = await client.post(path, fields);
  expect(response.status).toBe(422);
  expect(titles(response.body, 422).join('\n')).toContain(fragment);
  expect(inspect(dataFile).counts).toEqual(before);
}

describe('create and read', () => {
  it('creates a link with 201 {data:{id}} and reads it back in the shape real deployments return', async () => {
    const response = await client.post('api/links', { location_url: 'https://example.com/a', url: 'first-link' });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['data']);
    expect(Object.keys(response.body.data)).toEqual(['id']);
    const read = await client.get(`api/links/${response.body.data.id}`);
    expect(read.status).toBe(200);
    const raw = SandboxLinkSchema.parse(read.body.data);
    expect(Object.keys(read.body.data)).toEqual([...LINK_KEYS]);
    expect(raw).toEqual({
      id: response.body.data.id,
      user_id: expect.any(Number),
      project_id: 0,
      domain_id: 0,
      pixels_ids: [],
      email_reports: [],
      type: 'link',
      url: 'first-link',
      location_url: 'https://example.com/a',
      settings: {
        password: null,
        sensitive_content: false,
        schedule: 0,
        clicks_limit: null,
        expiration_url: null,
        http_status_code: 301,
        utm: { source: null, medium: null, campaign: null },
        targeting_type: null,
        cloaking_is_enabled: 0,
        cloaking_title: null,
        cloaking_meta_description: null,
        cloaking_custom_js: null,
        cloaking_favicon: null,
        cloaking_opengraph: null,
        app_linking_is_enabled: 0,
        app_linking: { ios_location_url: null, android_location_url: null, app: null },
        forward_query_parameters_is_enabled: 0,
        is_se_visible: 1,
      },
      clicks: 0,
      order: 0,
      start_date: null,
      end_date: null,
      is_verified: 1,
      is_enabled: 1,
      last_datetime: null,
      datetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // The client reads it the way it reads a real deployment's.
    expect(normaliseLink(read.body.data)).toMatchObject({ project_id: null, is_enabled: true, is_verified: true, settings: { is_se_visible: 1 } });
  });

  it('answers on paths with and without a trailing slash', async () => {
    const id = await client.link({ location_url: 'https://example.com/slash' });
    for (const path of ['api/links', 'api/links/', `api/links/${id}`, `api/links/${id}/`]) {
      expect((await client.get(path)).status).toBe(200);
    }
    expect((await client.post(`api/links/${id}/`, { utm_source: 'x' })).status).toBe(200);
    expect((await client.del(`api/links/${id}/`)).status).toBe(200);
  });

  it('generates a random alias when url is empty or absent', async () => {
    const a = await client.link({ location_url: 'https://example.com/r1' });
    const b = await client.link({ location_url: 'https://example.com/r2', url: '' });
    const aliasA = (await client.get(`api/links/${a}`)).body.data.url;
    const aliasB = (await client.get(`api/links/${b}`)).body.data.url;
    expect(aliasA).toMatch(/^[a-z0-9]{8}$/);
    expect(aliasB).toMatch(/^[a-z0-9]{8}$/);
    expect(aliasA).not.toBe(aliasB);
  });

  it('stores every create field (read fields shown, write-only fields kept)', async () => {
    const handler = (await client.post('api/notification-handlers', { name: 'Mail', type: 'email', email: 'a@example.com' })).body.data.id;
    const domain = (await client.post('api/domains', { host: 'all-fields.example.com' })).body.data.id;
    const id = await client.link({
      type: 'link',
      location_url: 'https://example.com/all',
      url: 'all-fields',
      domain_id: String(domain),
      project_id: '7',
      'pixels_ids[]': ['3', '4'],
      'email_reports[]': [String(handler)],
      schedule: '1',
      start_date: '2026-01-01 00:00:00',
      end_date: '2027-01-01 12:30:00',
      clicks_limit: '50',
      expiration_url: 'https://example.com/expired',
      sensitive_content: '1',
      http_status_code: '307',
      app_linking_is_enabled: '1',
      cloaking_is_enabled: '1',
      cloaking_title: 'Title',
      cloaking_meta_description: 'Description',
      cloaking_custom_js: 'console.log(1)',
      cloaking_favicon: new Blob([ICO], { type: 'image/x-icon' }),
      cloaking_opengraph: new Blob([PNG], { type: 'image/png' }),
      password: 'secret',
      forward_query_parameters_is_enabled: '1',
      utm_source: 'src',
      utm_medium: 'med',
      utm_campaign: 'camp',
      targeting_type: 'country_code',
      'targeting_country_code_key[0]': 'DE',
      'targeting_country_code_value[0]': 'https://example.de/',
      'targeting_country_code_key[1]': 'FR',
      'targeting_country_code_value[1]': 'https://example.fr/',
    });
    const link = (await client.get(`api/links/${id}`)).body.data;
    expect(link).toMatchObject({
      domain_id: domain,
      project_id: 7,
      url: 'all-fields',
      start_date: '2026-01-01 00:00:00',
      end_date: '2027-01-01 12:30:00',
      settings: { sensitive_content: true },
    });
    // Like real deployments, the password reads back as a hash, never in clear.
    expect(link.settings.password).toMatch(/^scrypt\$/);
    const stored = inspect(dataFile);
    const files = Object.fromEntries(stored.uploads(id).map((upload) => [upload.kind, upload.token]));
    expect(SandboxLinkSchema.parse(link)).toMatchObject({
      project_id: 7,
      pixels_ids: [3, 4],
      email_reports: [handler],
      is_enabled: 1,
      settings: {
        sensitive_content: true,
        schedule: 1,
        clicks_limit: 50,
        expiration_url: 'https://example.com/expired',
        http_status_code: 307,
        utm: { source: 'src', medium: 'med', campaign: 'camp' },
        targeting_type: 'country_code',
        targeting_country_code: [
          { key: 'DE', value: 'https://example.de/' },
          { key: 'FR', value: 'https://example.fr/' },
        ],
        cloaking_is_enabled: 1,
        cloaking_title: 'Title',
        cloaking_meta_description: 'Description',
        cloaking_custom_js: 'console.log(1)',
        // The stored file names, as real releases show them.
        cloaking_favicon: files.favicon,
        cloaking_opengraph: files.opengraph,
        app_linking_is_enabled: 1,
        forward_query_parameters_is_enabled: 1,
      },
    });
    expect(files.favicon).toMatch(/^[0-9a-f]{24}\.ico$/);
    expect(files.opengraph).toMatch(/^[0-9a-f]{24}\.png$/);
    expect(stored.reports(id)).toEqual([handler]);
    expect(stored.options(id)).toEqual({
      schedule: true,
      clicks_limit: 50,
      expiration_url: 'https://example.com/expired',
      http_status_code: 307,
      app_linking_is_enabled: true,
      cloaking_is_enabled: true,
      cloaking_title: 'Title',
      cloaking_meta_description: 'Description',
      cloaking_custom_js: 'console.log(1)',
      forward_query_parameters_is_enabled: true,
      utm_source: 'src',
      utm_medium: 'med',
      utm_campaign: 'camp',
      targeting_type: 'country_code',
      targeting: {
        country_code: [
          { key: 'DE', value: 'https://example.de/' },
          { key: 'FR', value: 'https://example.fr/' },
        ],
      },
      pixels_ids: [3, 4],
    });
    expect(stored.uploads(id).map((upload) => [upload.kind, upload.mime])).toEqual([
      ['favicon', 'image/x-icon'],
      ['opengraph', 'image/png'],
    ]);
  });

  it('switches presence flags on by presence on create, even with 0', async () => {
    const id = await client.link({
      location_url: 'https://example.com/presence',
      sensitive_content: '0',
      cloaking_is_enabled: '0',
      forward_query_parameters_is_enabled: '0',
      app_linking_is_enabled: '0',
      schedule: '0',
    });
    expect((await client.get(`api/links/${id}`)).body.data.settings.sensitive_content).toBe(true);
    expect(inspect(dataFile).options(id)).toMatchObject({
      schedule: true,
      cloaking_is_enabled: true,
      forward_query_parameters_is_enabled: true,
      app_linking_is_enabled: true,
    });
  });

  it('takes PHP-style arrays and targeting entries sent with [] in order', async () => {
    const h1 = (await client.post('api/notification-handlers', { name: 'A', type: 'internal_notification' })).body.data.id;
    const h2 = (await client.post('api/notification-handlers', { name: 'B', type: 'internal_notification' })).body.data.id;
    const id = await client.link({
      location_url: 'https://example.com/arrays',
      'email_reports[]': [String(h2), String(h1), String(h2)],
      targeting_type: 'rotation',
      'targeting_rotation_key[]': ['70', '30'],
      'targeting_rotation_value[]': ['https://a.example/', 'https://b.example/'],
    });
    const stored = inspect(dataFile);
    expect(stored.reports(id)).toEqual([h1, h2].sort((a, b) => a - b));
    expect(stored.options(id).targeting).toEqual({
      rotation: [
        { key: '70', value: 'https://a.example/' },
        { key: '30', value: 'https://b.example/' },
      ],
    });
  });

  it('reads application/x-www-form-urlencoded bodies like multipart', async () => {
    const response = await fetch(`${client.sandbox.url}api/links`, {
      method: 'POST',
      headers: { authorization: 'Bearer key-a', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([
        ['location_url', 'https://example.com/encoded'],
        ['url', 'url-encoded'],
        ['pixels_ids[]', '1'],
        ['pixels_ids[]', '2'],
      ]),
    });
    expect(response.status).toBe(201);
    const id = (await response.json()).data.id;
    expect((await client.get(`api/links/${id}`)).body.data.url).toBe('url-encoded');
    expect(inspect(dataFile).options(id).pixels_ids).toEqual([1, 2]);
  });

  it('moves a link to another domain, checking the alias there', async () => {
    const domain = (await client.post('api/domains', { host: 'move.example.com' })).body.data.id;
    await client.link({ location_url: 'https://example.com/m1', url: 'movable', domain_id: String(domain) });
    const id = await client.link({ location_url: 'https://example.com/m2', url: 'movable' });
    expect((await client.post(`api/links/${id}`, { domain_id: String(domain) })).status).toBe(422);
    expect((await client.post(`api/links/${id}`, { domain_id: String(domain), url: 'moved' })).status).toBe(200);
    expect((await client.get(`api/links/${id}`)).body.data).toMatchObject({ domain_id: domain, url: 'moved' });
    expect((await client.post(`api/links/${id}`, { domain_id: '' })).status).toBe(200);
    expect((await client.get(`api/links/${id}`)).body.data.domain_id).toBe(0);
  });

  it('bulk-creates one link per line with 201 {data:{ids}}', async () => {
    const before = await linkCount();
    const response = await client.post('api/links', {
      is_bulk: '1',
      location_urls: 'https://example.com/b1\r\nhttps://example.com/b2\n\n  https://example.com/b3  \n',
      utm_source: 'bulk',
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body.data)).toEqual(['ids']);
    const ids = response.body.data.ids as number[];
    expect(ids).toHaveLength(3);
    expect(await linkCount()).toBe(before + 3);
    const links = await Promise.all(ids.map(async (id) => (await client.get(`api/links/${id}`)).body.data));
    expect(links.map((link) => link.location_url)).toEqual(['https://example.com/b1', 'https://example.com/b2', 'https://example.com/b3']);
    for (const link of links) expect(link.url).toMatch(/^[a-z0-9]{8}$/);
    expect(inspect(dataFile).options(ids[0] as number).utm_source).toBe('bulk');
  });

  it('bulk-creates 1,000 links (the most one request takes) in line order: ids ascending, one per line', async () => {
    const urls = Array.from({ length: 1000 }, (_, i) => `https://example.com/thousand/${i}`);
    const response = await client.post('api/links', { is_bulk: '1', location_urls: urls.join('\n') });
    expect(response.status).toBe(201);
    const ids = response.body.data.ids as number[];
    expect(ids).toHaveLength(1000);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const listed = new Map<number, string>();
    for (let page = 1; listed.size < 1000; page++) {
      const body = (await client.get(`api/links?results_per_page=1000&page=${page}`)).body;
      for (const link of body.data as { id: number; location_url: string }[]) if (ids.includes(link.id)) listed.set(link.id, link.location_url);
      if (page >= body.meta.total_pages) break;
    }
    expect(ids.map((id) => listed.get(id))).toEqual(urls);
  });
});

describe('the read carries what real deployments return', () => {
  const fullFields = (handler: number, alias: string): Record<string, FormValue> => ({
    location_url: 'https://example.com/full',
    url: alias,
    project_id: '9',
    'pixels_ids[]': ['5'],
    'email_reports[]': [String(handler)],
    schedule: '1',
    start_date: '2026-03-01 08:00:00',
    end_date: '2026-09-01 20:00:00',
    clicks_limit: '25',
    expiration_url: 'https://example.com/over',
    sensitive_content: '1',
    http_status_code: '308',
    app_linking_is_enabled: '1',
    cloaking_is_enabled: '1',
    cloaking_title: 'T',
    cloaking_meta_description: 'D',
    cloaking_custom_js: 'x()',
    cloaking_favicon: new Blob([PNG], { type: 'image/png' }),
    cloaking_opengraph: new Blob([GIF], { type: 'image/gif' }),
    password: 'Pl41n-Passw0rd!',
    forward_query_parameters_is_enabled: '1',
    utm_source: 's',
    utm_medium: 'm',
    utm_campaign: 'c',
    targeting_type: 'device_type',
    'targeting_device_type_key[0]': 'mobile',
    'targeting_device_type_value[0]': 'https://m.example.com/',
  });
  const handlerId = async () => (await client.post('api/notification-handlers', { name: 'H', type: 'internal_notification' })).body.data.id as number;
  const read = async (id: number): Promise<Json> => (await client.get(`api/links/${id}`)).body.data;
  const listed = async (id: number): Promise<Json> =>
    (await client.get('api/links?results_per_page=1000')).body.data.find((link: { id: number }) => link.id === id);

  it('every key, with its type, in a read and in a list, for a bare link and a full one', async () => {
    const bare = await client.link({ location_url: 'https://example.com/bare' });
    const full = await client.link(fullFields(await handlerId(), 'full-keys'));
    for (const id of [bare, full]) {
      const single = await read(id);
      const inList = await listed(id);
      SandboxLinkSchema.parse(single);
      expect(Object.keys(single)).toEqual([...LINK_KEYS]);
      for (const key of SETTINGS_KEYS) expect(single.settings).toHaveProperty(key);
      // A list item and a single read are the same object.
      expect(inList).toEqual(single);
      // And the client takes it as it takes a real deployment's: unknown keys kept verbatim.
      expect(normaliseLink(single).settings.is_se_visible).toBe(1);
    }
    expect((await read(bare)).user_id).toBe((await read(full)).user_id);
    const other = (await client.post('api/links', { location_url: 'https://example.com/b' }, 'key-b')).body.data.id;
    expect((await client.get(`api/links/${other}`, 'key-b')).body.data.user_id).not.toBe((await read(bare)).user_id);
  });

  it('the plain password never appears in any read', async () => {
    const id = await client.link(fullFields(await handlerId(), 'pw-read'));
    await client.post(`api/links/${id}`, { password: 'S3cond-Secr3t?' });
    const texts = [JSON.stringify((await client.get(`api/links/${id}`)).body), JSON.stringify((await client.get('api/links?results_per_page=1000')).body)];
    for (const text of texts) {
      expect(text).not.toContain('Pl41n-Passw0rd!');
      expect(text).not.toContain('S3cond-Secr3t?');
    }
    expect((await read(id)).settings.password).toMatch(/^scrypt\$/);
  });

  it('settings cleared in the forms real releases accept read back cleared, the rest unchanged', async () => {
    const id = await client.link(fullFields(await handlerId(), 'clear-forms'));
    const before = await read(id);
    const response = await client.post(`api/links/${id}`, {
      project_id: '',
      clicks_limit: '',
      expiration_url: '',
      http_status_code: '',
      targeting_type: 'false',
      cloaking_favicon_remove: '1',
      'email_reports[]': before.email_reports.map(String),
    });
    expect(response.status).toBe(200);
    const after = SandboxLinkSchema.parse(await read(id));
    expect(after).toEqual({
      ...before,
      project_id: 0,
      last_datetime: expect.any(String),
      settings: {
        ...before.settings,
        clicks_limit: null,
        expiration_url: null,
        // No stored status code: the serving default shows.
        http_status_code: 301,
        targeting_type: null,
        targeting_device_type: undefined,
        cloaking_favicon: null,
      },
    });
    expect(after.settings).not.toHaveProperty('targeting_device_type');
    expect(after.settings.cloaking_opengraph).toBe(before.settings.cloaking_opengraph);
    expect(
      inspect(dataFile)
        .uploads(id)
        .map((upload) => upload.kind),
    ).toEqual(['opengraph']);
  });

  it("every clear main's client sends (null in an update) reads back cleared", async () => {
    const handler = await handlerId();
    const id = await client.link(fullFields(handler, 'clear-client'));
    const encoded = encodeLinkUpdate({
      project_id: null,
      schedule: true,
      start_date: null,
      end_date: null,
      clicks_limit: null,
      expiration_url: null,
      http_status_code: null,
      cloaking_title: null,
      cloaking_meta_description: null,
      cloaking_custom_js: null,
      cloaking_favicon: null,
      cloaking_opengraph: null,
      password: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      targeting_type: null,
      email_reports: [handler],
    });
    // main's encoder builds undici's FormData; this test's fetch takes the global one. Clears are all text parts.
    const form = new FormData();
    for (const [name, value] of encoded.entries()) form.append(name, String(value));
    expect(form.has('targeting_type') && form.has('cloaking_favicon_remove')).toBe(true);
    expect((await client.post(`api/links/${id}`, form)).status).toBe(200);
    const after = SandboxLinkSchema.parse(await read(id));
    expect(after).toMatchObject({ project_id: 0, start_date: null, end_date: null, email_reports: [handler] });
    expect(after.settings).toEqual({
      password: null,
      sensitive_content: true,
      schedule: 1,
      clicks_limit: null,
      expiration_url: null,
      http_status_code: 301,
      utm: { source: null, medium: null, campaign: null },
      targeting_type: null,
      cloaking_is_enabled: 1,
      cloaking_title: null,
      cloaking_meta_description: null,
      cloaking_custom_js: null,
      cloaking_favicon: null,
      cloaking_opengraph: null,
      app_linking_is_enabled: 1,
      app_linking: { ios_location_url: null, android_location_url: null, app: null },
      forward_query_parameters_is_enabled: 1,
      is_se_visible: 1,
    });
  });

  it('an update that sends only location_url and email_reports[] leaves every other setting unchanged', async () => {
    const first = await handlerId();
    const second = await handlerId();
    const id = await client.link(fullFields(first, 'only-two'));
    const before = await read(id);
    const response = await client.post(`api/links/${id}`, { location_url: 'https://example.com/moved', 'email_reports[]': [String(second)] });
    expect(response.status).toBe(200);
    expect(await read(id)).toEqual({
      ...before,
      location_url: 'https://example.com/moved',
      email_reports: [second],
      last_datetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });
});

describe('create validation: a clear 422 and nothing stored', () => {
  const cases: [string, Record<string, FormValue>, string][] = [
    ['missing location_url', { url: 'x1' }, 'location_url'],
    ['non-http location_url', { location_url: 'ftp://example.com/' }, 'location_url'],
    ['relative location_url', { location_url: '/path' }, 'location_url'],
    ['alias with a space', { location_url: 'https://e.com/', url: 'a b' }, 'url'],
    ['alias with a slash', { location_url: 'https://e.com/', url: 'a/b' }, 'url'],
    ['alias with a control character', { location_url: 'https://e.com/', url: 'a\u0001b' }, 'url'],
    ['alias that is a dot segment', { location_url: 'https://e.com/', url: '..' }, 'url'],
    ['reserved alias', { location_url: 'https://e.com/', url: 'api' }, 'reserved'],
    ['too long alias', { location_url: 'https://e.com/', url: 'a'.repeat(257) }, 'url'],
    ['unknown domain_id', { location_url: 'https://e.com/', domain_id: '999999' }, 'domain_id'],
    ['non-numeric domain_id', { location_url: 'https://e.com/', domain_id: 'abc' }, 'domain_id'],
    ['negative project_id', { location_url: 'https://e.com/', project_id: '-1' }, 'project_id'],
    ['unknown email_reports id', { location_url: 'https://e.com/', 'email_reports[]': '999999' }, 'email_reports[]'],
    ['start_date without schedule', { location_url: 'https://e.com/', start_date: '2026-01-01 00:00:00' }, 'start_date'],
    ['badly written start_date', { location_url: 'https://e.com/', schedule: '1', start_date: '2026-01-01T00:00:00' }, 'start_date'],
    ['date not on the calendar', { location_url: 'https://e.com/', schedule: '1', end_date: '2026-02-30 00:00:00' }, 'end_date'],
    ['end before start', { location_url: 'https://e.com/', schedule: '1', start_date: '2026-05-01 00:00:00', end_date: '2026-04-01 00:00:00' }, 'end_date'],
    ['http_status_code outside the set', { location_url: 'https://e.com/', http_status_code: '303' }, 'http_status_code'],
    ['clicks_limit of 0', { location_url: 'https://e.com/', clicks_limit: '0' }, 'clicks_limit'],
    ['clicks_limit not a number', { location_url: 'https://e.com/', clicks_limit: 'ten' }, 'clicks_limit'],
    ['bad expiration_url', { location_url: 'https://e.com/', expiration_url: 'javascript:alert(1)' }, 'expiration_url'],
    ['type other than link', { location_url: 'https://e.com/', type: 'biolink' }, 'type'],
    [
      'targeting entries without targeting_type',
      { location_url: 'https://e.com/', 'targeting_device_type_key[0]': 'mobile', 'targeting_device_type_value[0]': 'https://m.e.com/' },
      'targeting',
    ],
    [
      'unknown device type',
      {
        location_url: 'https://e.com/',
        targeting_type: 'device_type',
        'targeting_device_type_key[0]': 'fridge',
        'targeting_device_type_value[0]': 'https://m.e.com/',
      },
      'targeting_device_type_key[0]',
    ],
    [
      'targeting value not a URL',
      { location_url: 'https://e.com/', targeting_type: 'country_code', 'targeting_country_code_key[0]': 'DE', 'targeting_country_code_value[0]': 'germany' },
      'targeting_country_code_value[0]',
    ],
    [
      'rotation weight not a number',
      { location_url: 'https://e.com/', targeting_type: 'rotation', 'targeting_rotation_key[0]': 'half', 'targeting_rotation_value[0]': 'https://a.e.com/' },
      'targeting_rotation_key[0]',
    ],
    [
      'favicon that is not an image',
      { location_url: 'https://e.com/', cloaking_favicon: new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }) },
      'cloaking_favicon',
    ],
    ['OpenGraph image as ICO', { location_url: 'https://e.com/', cloaking_opengraph: new Blob([ICO], { type: 'image/x-icon' }) }, 'cloaking_opengraph'],
    ['favicon sent as text', { location_url: 'https://e.com/', cloaking_favicon: 'abc' }, 'cloaking_favicon'],
    ['unknown field', { location_url: 'https://e.com/', colour: 'red' }, 'Unknown field: colour'],
    ['is_enabled on create', { location_url: 'https://e.com/', is_enabled: '1' }, 'is_enabled'],
    ['field sent twice', { location_url: ['https://e.com/1', 'https://e.com/2'] }, 'more than once'],
    ['bulk without location_urls', { is_bulk: '1' }, 'location_urls'],
    ['bulk with a bad line', { is_bulk: '1', location_urls: 'https://e.com/1\nnot a url' }, 'Line 2'],
    ['bulk with an alias', { is_bulk: '1', location_urls: 'https://e.com/1', url: 'x' }, 'url'],
    ['location_urls without bulk', { location_url: 'https://e.com/', location_urls: 'https://e.com/1' }, 'location_urls'],
  ];
  it.each(cases)('%s', async (_name, fields, fragment) => {
    await expect422(fields, fragment);
  });

  it('refuses an alias already used on the same domain, allows it on another', async () => {
    await client.link({ location_url: 'https://example.com/dup', url: 'dup-alias' });
    await expect422({ location_url: 'https://example.com/dup2', url: 'dup-alias' }, 'already used');
    const domain = (await client.post('api/domains', { host: 'dup.example.com' })).body.data.id;
    await client.link({ location_url: 'https://example.com/dup3', url: 'dup-alias', domain_id: String(domain) });
  });

  it('accepts a GIF favicon and the allowed image types, recognised by content not by name', async () => {
    const id = await client.link({
      location_url: 'https://example.com/gif',
      cloaking_favicon: new File([GIF], 'icon.txt', { type: 'text/plain' }),
    });
    expect(inspect(dataFile).uploads(id)).toEqual([expect.objectContaining({ kind: 'favicon', mime: 'image/gif' })]);
  });
});

describe('update', () => {
  it('answers 200 {data:{id}} and changes only what was sent', async () => {
    const id = await client.link({ location_url: 'https://example.com/u', url: 'upd-1', utm_source: 'keep', sensitive_content: '1' });
    const response = await client.post(`api/links/${id}`, { location_url: 'https://example.com/u2' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { id } });
    const link = (await client.get(`api/links/${id}`)).body.data;
    expect(link).toMatchObject({ location_url: 'https://example.com/u2', url: 'upd-1', settings: { sensitive_content: true } });
    expect(inspect(dataFile).options(id).utm_source).toBe('keep');
  });

  it('reads flag values on update (0 off, 1 on); an omitted flag keeps its value', async () => {
    const id = await client.link({ location_url: 'https://example.com/flags', sensitive_content: '1', cloaking_is_enabled: '1' });
    await client.post(`api/links/${id}`, { sensitive_content: '0' });
    expect((await client.get(`api/links/${id}`)).body.data.settings.sensitive_content).toBe(false);
    expect(inspect(dataFile).options(id).cloaking_is_enabled).toBe(true);
    await client.post(`api/links/${id}`, { sensitive_content: '1', cloaking_is_enabled: '0' });
    expect((await client.get(`api/links/${id}`)).body.data.settings.sensitive_content).toBe(true);
    expect(inspect(dataFile).options(id).cloaking_is_enabled).toBe(false);
    expect((await client.post(`api/links/${id}`, { sensitive_content: 'maybe' })).status).toBe(422);
  });

  it('keeps the alias when url is empty, changes it when given', async () => {
    const id = await client.link({ location_url: 'https://example.com/alias', url: 'keep-me' });
    await client.post(`api/links/${id}`, { url: '' });
    expect((await client.get(`api/links/${id}`)).body.data.url).toBe('keep-me');
    await client.post(`api/links/${id}`, { url: 'renamed' });
    expect((await client.get(`api/links/${id}`)).body.data.url).toBe('renamed');
  });

  it('sets and clears email_reports (one empty email_reports[] part means none)', async () => {
    const handler = (await client.post('api/notification-handlers', { name: 'R', type: 'internal_notification' })).body.data.id;
    const id = await client.link({ location_url: 'https://example.com/reports' });
    await client.post(`api/links/${id}`, { 'email_reports[]': [String(handler)] });
    expect(inspect(dataFile).reports(id)).toEqual([handler]);
    await client.post(`api/links/${id}`, { location_url: 'https://example.com/reports2' });
    expect(inspect(dataFile).reports(id)).toEqual([handler]);
    await client.post(`api/links/${id}`, { 'email_reports[]': '' });
    expect(inspect(dataFile).reports(id)).toEqual([]);
  });

  it('clears optional fields with an empty value and the password with an empty password', async () => {
    const id = await client.link({
      location_url: 'https://example.com/clear',
      password: 'pw',
      clicks_limit: '5',
      utm_source: 's',
      targeting_type: 'device_type',
      'targeting_device_type_key[0]': 'mobile',
      'targeting_device_type_value[0]': 'https://m.example.com/',
    });
    await client.post(`api/links/${id}`, { password: '', clicks_limit: '', utm_source: '', targeting_type: '' });
    expect((await client.get(`api/links/${id}`)).body.data.settings.password).toBeNull();
    expect(inspect(dataFile).options(id)).toMatchObject({ clicks_limit: null, utm_source: null, targeting_type: null, targeting: {} });
  });

  it('switching schedule off forgets the dates; the merged schedule must stay in order', async () => {
    const id = await client.link({
      location_url: 'https://example.com/sched',
      schedule: '1',
      start_date: '2026-01-01 00:00:00',
      end_date: '2026-12-31 00:00:00',
    });
    const refused = await client.post(`api/links/${id}`, { schedule: '1', start_date: '2027-01-01 00:00:00' });
    expect(refused.status).toBe(422);
    expect(titles(refused.body, 422).join()).toContain('end_date must be after start_date');
    expect((await client.get(`api/links/${id}`)).body.data.start_date).toBe('2026-01-01 00:00:00');
    await client.post(`api/links/${id}`, { schedule: '0' });
    expect((await client.get(`api/links/${id}`)).body.data).toMatchObject({ start_date: null, end_date: null });
  });

  it('stores is_enabled (a disabled link is not served)', async () => {
    const id = await client.link({ location_url: 'https://example.com/en' });
    await client.post(`api/links/${id}`, { is_enabled: '0' });
    expect(inspect(dataFile).enabled(id)).toBe(false);
    await client.post(`api/links/${id}`, { is_enabled: '1' });
    expect(inspect(dataFile).enabled(id)).toBe(true);
  });

  it("refuses another link's alias on the same domain and leaves the link unchanged", async () => {
    await client.link({ location_url: 'https://example.com/t', url: 'taken-upd' });
    const id = await client.link({ location_url: 'https://example.com/o', url: 'other-upd' });
    const response = await client.post(`api/links/${id}`, { url: 'taken-upd', location_url: 'https://example.com/changed' });
    expect(response.status).toBe(422);
    expect((await client.get(`api/links/${id}`)).body.data).toMatchObject({ url: 'other-upd', location_url: 'https://example.com/o' });
  });

  it('refuses create-only fields and bad values on update', async () => {
    const id = await client.link({ location_url: 'https://example.com/co' });
    const updates: Record<string, string>[] = [
      { is_bulk: '1' },
      { type: 'link' },
      { location_urls: 'https://e.com/' },
      { location_url: '' },
      { http_status_code: '200' },
    ];
    for (const fields of updates) {
      const response = await client.post(`api/links/${id}`, fields);
      expect(response.status).toBe(422);
    }
    expect((await client.get(`api/links/${id}`)).body.data.location_url).toBe('https://example.com/co');
  });

  it('answers 404 for an unknown link', async () => {
    const response = await client.post('api/links/999999', { location_url: 'https://example.com/' });
    expect(response.status).toBe(404);
    expect(titles(response.body, 404)).toEqual(['Link not found']);
  });
});

describe('delete', () => {
  it('answers 200 with an empty body and a JSON content-type; the link is gone', async () => {
    const id = await client.link({ location_url: 'https://example.com/del' });
    const response = await client.del(`api/links/${id}`);
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await client.get(`api/links/${id}`)).status).toBe(404);
    const again = await client.del(`api/links/${id}`);
    expect(again.status).toBe(404);
  });
});
