// Serving links over HTTP: redirects, custom domains by Host, schedule (injected clock), click
// limits, password and sensitive-content pages, cloaking, targeting, click events.
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICO, PNG, inspect, startClient, tempDir, type Client } from './helpers.ts';

let client: Client;
let clock = new Date('2026-06-01T12:00:00Z');
const temp = tempDir();
const dataFile = join(temp.dir, 'serve.sqlite');

beforeAll(async () => {
  client = await startClient({ dataFile, now: () => clock });
});
afterAll(async () => {
  await client.sandbox.close();
  temp.cleanup();
});

interface Answer {
  status: number;
  location: string | undefined;
  type: string | undefined;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw HTTP request, so the Host header can name a custom domain. */
function visit(
  path: string,
  options: { host?: string; method?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: client.sandbox.port,
        path,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers: {
          ...(options.host ? { host: options.host } : {}),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            type: res.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const clicksOf = async (id: number) => (await client.get(`api/links/${id}`)).body.data.clicks as number;

describe('redirects', () => {
  it('redirects with 301 by default and counts a click with its time', async () => {
    const id = await client.link({ location_url: 'https://dest.example/a', url: 'plain' });
    const answer = await visit('/plain');
    expect(answer.status).toBe(301);
    expect(answer.location).toBe('https://dest.example/a');
    expect(await clicksOf(id)).toBe(1);
    expect(inspect(dataFile).clicks(id)).toEqual([expect.objectContaining({ link_id: id, datetime: '2026-06-01 12:00:00' })]);
    // Trailing slash does not matter; HEAD answers but is no visit.
    expect((await visit('/plain/')).status).toBe(301);
    expect((await visit('/plain', { method: 'HEAD' })).status).toBe(301);
    expect(await clicksOf(id)).toBe(2);
  });

  it.each([302, 307, 308])('uses http_status_code %i', async (status) => {
    await client.link({ location_url: 'https://dest.example/s', url: `status-${status}`, http_status_code: String(status) });
    expect(await visit(`/status-${status}`)).toMatchObject({ status, location: 'https://dest.example/s' });
  });

  it('answers 404 for unknown and disabled links', async () => {
    expect((await visit('/no-such-link')).status).toBe(404);
    const id = await client.link({ location_url: 'https://dest.example/d', url: 'disabled-link' });
    await client.post(`api/links/${id}`, { is_enabled: '0' });
    const answer = await visit('/disabled-link');
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^text\/html/);
    expect(await clicksOf(id)).toBe(0);
  });

  it('serves aliases with Unicode and odd-but-allowed characters', async () => {
    await client.link({ location_url: 'https://dest.example/u', url: 'café-ü_1.2~x' });
    expect(await visit(`/${encodeURIComponent('café-ü_1.2~x')}`)).toMatchObject({ status: 301, location: 'https://dest.example/u' });
  });

  it("appends UTM parameters and forwards the visitor's query parameters", async () => {
    await client.link({ location_url: 'https://dest.example/q?keep=1', url: 'utm', utm_source: 'news', utm_campaign: 'spring' });
    expect((await visit('/utm?dropped=1')).location).toBe('https://dest.example/q?keep=1&utm_source=news&utm_campaign=spring');
    await client.link({ location_url: 'https://dest.example/q?keep=1', url: 'forward', forward_query_parameters_is_enabled: '1' });
    expect((await visit('/forward?a=1&b=two')).location).toBe('https://dest.example/q?keep=1&a=1&b=two');
  });
});

describe('custom domains', () => {
  it("serves a domain's links by Host only while it is enabled; index and not-found URLs", async () => {
    const domain = (
      await client.post('api/domains', {
        host: 'short.example.com',
        custom_index_url: 'https://home.example/',
        custom_not_found_url: 'https://home.example/404',
      })
    ).body.data.id;
    await client.link({ location_url: 'https://dest.example/custom', url: 'on-domain', domain_id: String(domain) });
    expect(await visit('/on-domain', { host: 'short.example.com' })).toMatchObject({ status: 301, location: 'https://dest.example/custom' });
    expect(await visit('/on-domain', { host: 'SHORT.example.com:8080' })).toMatchObject({ status: 301 });
    // Not on the main domain.
    expect((await visit('/on-domain')).status).toBe(404);
    expect(await visit('/', { host: 'short.example.com' })).toMatchObject({ status: 302, location: 'https://home.example/' });
    expect(await visit('/missing', { host: 'short.example.com' })).toMatchObject({ status: 302, location: 'https://home.example/404' });

    await client.post(`api/domains/${domain}`, { is_enabled: '0' });
    expect((await visit('/on-domain', { host: 'short.example.com' })).status).toBe(404);
    expect((await visit('/', { host: 'short.example.com' })).status).toBe(404);
    await client.post(`api/domains/${domain}`, { is_enabled: '1', custom_index_url: '', custom_not_found_url: '' });
    expect((await visit('/on-domain', { host: 'short.example.com' })).status).toBe(301);
    expect((await visit('/', { host: 'short.example.com' })).status).toBe(200);
    expect((await visit('/missing', { host: 'short.example.com' })).status).toBe(404);
  });
});

describe('schedule and click limit', () => {
  it('serves only inside the schedule window, then the expiration URL', async () => {
    const id = await client.link({
      location_url: 'https://dest.example/window',
      url: 'window',
      schedule: '1',
      start_date: '2026-07-01 00:00:00',
      end_date: '2026-07-02 00:00:00',
    });
    clock = new Date('2026-06-30T23:59:59Z');
    const early = await visit('/window');
    expect(early.status).toBe(404);
    expect(early.body).toContain('not active yet');
    clock = new Date('2026-07-01T10:00:00Z');
    expect((await visit('/window')).status).toBe(301);
    clock = new Date('2026-07-02T00:00:01Z');
    expect((await visit('/window')).status).toBe(404);
    await client.post(`api/links/${id}`, { expiration_url: 'https://dest.example/expired' });
    expect(await visit('/window')).toMatchObject({ status: 302, location: 'https://dest.example/expired' });
    expect(await clicksOf(id)).toBe(1);
    clock = new Date('2026-06-01T12:00:00Z');
  });

  it('stops at clicks_limit and sends later visitors to the expiration URL', async () => {
    const id = await client.link({
      location_url: 'https://dest.example/limited',
      url: 'limited',
      clicks_limit: '2',
      expiration_url: 'https://dest.example/over',
    });
    expect((await visit('/limited')).location).toBe('https://dest.example/limited');
    expect((await visit('/limited')).location).toBe('https://dest.example/limited');
    expect(await visit('/limited')).toMatchObject({ status: 302, location: 'https://dest.example/over' });
    expect(await clicksOf(id)).toBe(2);
  });
});

describe('password and sensitive content', () => {
  it('shows a form, never the destination, until the right password is given', async () => {
    const id = await client.link({ location_url: 'https://secret.example/hidden', url: 'locked', password: 'open sesame', http_status_code: '308' });
    const form = await visit('/locked?x=1');
    expect(form.status).toBe(200);
    expect(form.type).toMatch(/^text\/html/);
    expect(form.body).toContain('type="password"');
    expect(form.body).toContain('action="/locked?x=1"');
    expect(form.body).not.toContain('secret.example');
    const wrong = await visit('/locked', { form: { password: 'guess' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('not correct');
    expect(wrong.body).not.toContain('secret.example');
    expect(await clicksOf(id)).toBe(0);
    const right = await visit('/locked', { form: { password: 'open sesame' } });
    expect(right).toMatchObject({ status: 303, location: 'https://secret.example/hidden' });
    expect(await clicksOf(id)).toBe(1);
  });

  it('asks to continue for sensitive content; with a password, the consent page carries a token, not the password', async () => {
    await client.link({ location_url: 'https://adult.example/', url: 'sensitive', sensitive_content: '1' });
    const page = await visit('/sensitive');
    expect(page.status).toBe(200);
    expect(page.body).toContain('name="confirm"');
    expect(page.body).not.toContain('adult.example');
    expect(await visit('/sensitive', { form: { confirm: '1' } })).toMatchObject({ status: 303, location: 'https://adult.example/' });

    await client.link({ location_url: 'https://both.example/', url: 'both', sensitive_content: '1', password: 'pw' });
    const consent = await visit('/both', { form: { password: 'pw' } });
    expect(consent.body).toContain('name="confirm"');
    expect(consent.body).not.toContain('both.example');
    expect(consent.body).not.toContain('"pw"');
    const token = /name="access" value="([0-9a-f]+)"/.exec(consent.body)?.[1];
    expect(token).toBeDefined();
    expect(await visit('/both', { form: { confirm: '1', access: token as string } })).toMatchObject({ status: 303, location: 'https://both.example/' });
    expect((await visit('/both', { form: { confirm: '1', access: 'f'.repeat(64) } })).body).toContain('type="password"');
  });
});

describe('cloaking', () => {
  it('frames the destination with title, description, custom JS, favicon and OpenGraph image, all escaped', async () => {
    const id = await client.link({
      location_url: 'https://dest.example/framed?a=1&b="2"',
      url: 'cloaked',
      cloaking_is_enabled: '1',
      cloaking_title: 'Title <b>&</b>',
      cloaking_meta_description: 'Desc "quoted"',
      cloaking_custom_js: 'console.log("</script><script>alert(1)</script>")',
      cloaking_favicon: new Blob([ICO]),
      cloaking_opengraph: new Blob([PNG]),
    });
    const page = await visit('/cloaked');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Title &#60;b&#62;&#38;&#60;/b&#62;</title>');
    expect(page.body).toContain('<meta name="description" content="Desc &#34;quoted&#34;">');
    expect(page.body).toContain('<iframe src="https://dest.example/framed?a=1&#38;b=%222%22"');
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(page.body).toContain('console.log("<\\/script><script>alert(1)<\\/script>")');
    const [favicon, opengraph] = inspect(dataFile).uploads(id);
    expect(page.body).toContain(`<link rel="icon" href="${client.sandbox.url}uploads/${favicon?.token}">`);
    expect(page.body).toContain(`<meta property="og:image" content="${client.sandbox.url}uploads/${opengraph?.token}">`);
    expect(await clicksOf(id)).toBe(1);

    const icon = await fetch(`${client.sandbox.url}uploads/${favicon?.token}`);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(new Uint8Array(await icon.arrayBuffer())).toEqual(ICO);
    const image = await fetch(`${client.sandbox.url}uploads/${opengraph?.token}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${client.sandbox.url}uploads/nothing.png`)).status).toBe(404);

    // Replacing and clearing uploads on update.
    await client.post(`api/links/${id}`, { cloaking_favicon: new Blob([PNG]) });
    const replaced = inspect(dataFile).uploads(id);
    expect(replaced[0]).toMatchObject({ kind: 'favicon', mime: 'image/png' });
    expect(replaced[0]?.token).not.toBe(favicon?.token);
    expect((await fetch(`${client.sandbox.url}uploads/${favicon?.token}`)).status).toBe(404);
    await client.post(`api/links/${id}`, { cloaking_opengraph: '' });
    expect(
      inspect(dataFile)
        .uploads(id)
        .map((upload) => upload.kind),
    ).toEqual(['favicon']);
  });
});

describe('targeting over HTTP', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const target = (kind: string, pairs: [string, string][]) => ({
    targeting_type: kind,
    ...Object.fromEntries(
      pairs.flatMap(([key, value], i) => [
        [`targeting_${kind}_key[${i}]`, key],
        [`targeting_${kind}_value[${i}]`, value],
      ]),
    ),
  });

  it('device type, OS and browser from the User-Agent (bowser)', async () => {
    await client.link({
      location_url: 'https://dest.example/default',
      url: 't-device',
      ...target('device_type', [
        ['mobile', 'https://m.example/'],
        ['desktop', 'https://d.example/'],
      ]),
    });
    expect((await visit('/t-device', { headers: { 'user-agent': IPHONE } })).location).toBe('https://m.example/');
    expect((await visit('/t-device', { headers: { 'user-agent': FIREFOX_WINDOWS } })).location).toBe('https://d.example/');
    expect((await visit('/t-device')).location).toBe('https://dest.example/default');
    await client.link({ location_url: 'https://dest.example/default', url: 't-os', ...target('os_name', [['iOS', 'https://ios.example/']]) });
    expect((await visit('/t-os', { headers: { 'user-agent': IPHONE } })).location).toBe('https://ios.example/');
    expect((await visit('/t-os', { headers: { 'user-agent': FIREFOX_WINDOWS } })).location).toBe('https://dest.example/default');
    await client.link({ location_url: 'https://dest.example/default', url: 't-browser', ...target('browser_name', [['Firefox', 'https://ff.example/']]) });
    expect((await visit('/t-browser', { headers: { 'user-agent': FIREFOX_WINDOWS } })).location).toBe('https://ff.example/');
  });

  it('browser language from Accept-Language', async () => {
    await client.link({
      location_url: 'https://dest.example/default',
      url: 't-lang',
      ...target('browser_language', [
        ['de', 'https://de.example/'],
        ['en-GB', 'https://uk.example/'],
      ]),
    });
    expect((await visit('/t-lang', { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } })).location).toBe('https://de.example/');
    expect((await visit('/t-lang', { headers: { 'accept-language': 'en-GB' } })).location).toBe('https://uk.example/');
    expect((await visit('/t-lang', { headers: { 'accept-language': 'ja' } })).location).toBe('https://dest.example/default');
  });

  it('continent and country from the CF-IPContinent / CF-IPCountry headers', async () => {
    await client.link({ location_url: 'https://dest.example/default', url: 't-country', ...target('country_code', [['DE', 'https://de.example/']]) });
    expect((await visit('/t-country', { headers: { 'cf-ipcountry': 'de' } })).location).toBe('https://de.example/');
    expect((await visit('/t-country', { headers: { 'cf-ipcountry': 'FR' } })).location).toBe('https://dest.example/default');
    await client.link({ location_url: 'https://dest.example/default', url: 't-continent', ...target('continent_code', [['SA', 'https://sa.example/']]) });
    expect((await visit('/t-continent', { headers: { 'cf-ipcontinent': 'SA' } })).location).toBe('https://sa.example/');
  });

  it('rotation sends every visitor to one of the weighted destinations', async () => {
    await client.link({
      location_url: 'https://dest.example/default',
      url: 't-rotate',
      ...target('rotation', [
        ['1', 'https://one.example/'],
        ['1', 'https://two.example/'],
      ]),
    });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) seen.add((await visit('/t-rotate')).location as string);
    expect(seen).toEqual(new Set(['https://one.example/', 'https://two.example/']));
  });

  it('records what was known of the visitor with each click', async () => {
    const id = await client.link({ location_url: 'https://dest.example/who', url: 'who' });
    await visit('/who', { headers: { 'user-agent': IPHONE, 'cf-ipcountry': 'jp' } });
    // Clicks are written in batches within milliseconds; another reader of the file sees them then.
    await expect
      .poll(() => inspect(dataFile).clicks(id)[0])
      .toMatchObject({ country_code: 'JP', device_type: 'mobile', os_name: 'iOS', browser_name: 'Safari' });
  });
});

describe('pages escape what they print', () => {
  it('the password form escapes the request path and query', async () => {
    await client.link({ location_url: 'https://dest.example/', url: 'esc', password: 'x' });
    const page = await visit('/esc?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E&r="><img>');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('"><img>');
  });
});
