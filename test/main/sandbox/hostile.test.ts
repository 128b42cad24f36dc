// Hostile input: huge fields, truncated or malformed multipart, wrong content types, injection
// strings, odd Unicode, non-numeric ids. Each gets a 4xx JSON error, nothing is half-stored,
// and the service keeps serving.
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inspect, startClient, tempDir, titles, type Client, type Json } from './helpers.ts';

let client: Client;
const temp = tempDir();
const dataFile = join(temp.dir, 'hostile.sqlite');
const MIB = 1024 * 1024;

beforeAll(async () => {
  client = await startClient({ dataFile });
  await client.link({ location_url: 'https://example.com/existing', url: 'existing' });
});
afterAll(async () => {
  await client.sandbox.close();
  temp.cleanup();
});

let before: ReturnType<typeof inspect>['counts'];
const snapshot = () => {
  before = inspect(dataFile).counts;
};
// After every hostile request: the service still answers, and nothing was stored by it.
afterEach(async () => {
  const list = await client.get('api/links');
  expect(list.status).toBe(200);
  if (before) expect(inspect(dataFile).counts).toEqual(before);
  before = undefined as never;
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
}

/** Sends a raw request (any headers, any bytes, optionally chunked) and parses the JSON answer. */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunks?: Iterable<Buffer> }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: client.sandbox.port, path, method: init.method ?? 'POST', headers: { authorization: 'Bearer key-a', ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // keep the text; the assertion shows it
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    // The server may answer and close before a huge body is fully written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (init.chunks) {
      (async () => {
        for (const chunk of init.chunks as Iterable<Buffer>) {
          if (!req.write(chunk)) await new Promise((done) => req.once('drain', done));
          if (req.destroyed) return;
        }
        req.end();
      })().catch(() => undefined);
    } else req.end(init.body);
  });
}

const BOUNDARY = '----sandboxtestboundary';
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[], close = true): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    pieces.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    pieces.push(Buffer.from('\r\n'));
  }
  if (close) pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function expectError(answer: Raw, status: number): string[] {
  expect(answer.status).toBe(status);
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
  return titles(answer.body, status);
}

describe('size', () => {
  it('a 20 MiB field with Content-Length: 413 before it is read', async () => {
    snapshot();
    const body = multipart([{ name: 'location_url', value: `https://example.com/${'a'.repeat(20 * MIB)}` }]);
    expectError(await raw('/api/links', { headers: { ...MULTIPART, 'content-length': String(body.length) }, body }), 413);
  });

  // Under the whole-request limit, so the field's own limit answers (a larger chunked body is cut
  // at the request limit: hostile-bodies.test.ts).
  it('an 8 MiB field sent chunked (no Content-Length): 413 naming the field', async () => {
    snapshot();
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="cloaking_title"\r\n\r\n`);
    const block = Buffer.alloc(MIB, 'x');
    const tail = Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="location_url"\r\n\r\nhttps://example.com/\r\n--${BOUNDARY}--\r\n`);
    const chunks = [head, ...Array.from({ length: 8 }, () => block), tail];
    const titlesSeen = expectError(await raw('/api/links', { headers: { ...MULTIPART, 'transfer-encoding': 'chunked' }, chunks }), 413);
    expect(titlesSeen[0]).toContain('cloaking_title');
  });

  it('a 6 MiB upload: 413', async () => {
    snapshot();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(6 * MIB)]);
    const body = multipart([
      { name: 'location_url', value: 'https://example.com/' },
      { name: 'cloaking_favicon', value: png, filename: 'big.png', type: 'image/png' },
    ]);
    expectError(await raw('/api/links', { headers: { ...MULTIPART, 'content-length': String(body.length) }, body }), 413);
  });

  it('more files than a link can take: 413', async () => {
    snapshot();
    const file = (name: string) => ({ name, value: Buffer.from('GIF89a'), filename: 'a.gif', type: 'image/gif' });
    const body = multipart([
      { name: 'location_url', value: 'https://example.com/' },
      file('cloaking_favicon'),
      file('cloaking_opengraph'),
      file('cloaking_favicon'),
    ]);
    expectError(await raw('/api/links', { headers: MULTIPART, body }), 413);
  });

  it('a url-encoded body over the limit: 413', async () => {
    snapshot();
    const body = `location_url=${'a'.repeat(2 * MIB)}`;
    expectError(await raw('/api/links', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }), 413);
  });

  it('a bulk create over 1,000 URLs: 422, no link made', async () => {
    snapshot();
    const urls = Array.from({ length: 1001 }, (_, i) => `https://example.com/${i}`).join('\n');
    const answer = await client.post('api/links', { is_bulk: '1', location_urls: urls });
    expect(answer.status).toBe(422);
  });
});

describe('malformed bodies', () => {
  it('truncated multipart (no closing boundary, part cut short): 400', async () => {
    snapshot();
    const full = multipart([
      { name: 'location_url', value: 'https://example.com/truncated' },
      { name: 'url', value: 'truncated' },
    ]);
    const cut = full.subarray(0, full.length - 30);
    expectError(await raw('/api/links', { headers: { ...MULTIPART, 'content-length': String(cut.length) }, body: cut }), 400);
    expect((await client.get('api/links')).body.data.some((link: { url: string }) => link.url === 'truncated')).toBe(false);
  });

  it('a body without the closing boundary: 400 and the complete parts are not stored', async () => {
    snapshot();
    const body = multipart([{ name: 'location_url', value: 'https://example.com/unclosed' }], false);
    expectError(await raw('/api/links', { headers: MULTIPART, body }), 400);
  });

  it('multipart without a boundary parameter: 400', async () => {
    snapshot();
    expectError(await raw('/api/links', { headers: { 'content-type': 'multipart/form-data' }, body: 'location_url=x' }), 400);
  });

  it('multipart whose body is not multipart at all: 400', async () => {
    snapshot();
    expectError(await raw('/api/links', { headers: MULTIPART, body: '{"location_url":"https://example.com/"}' }), 400);
  });

  it('a part without a name or with a prototype name: 4xx', async () => {
    snapshot();
    const noName = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`);
    const first = await raw('/api/links', { headers: MULTIPART, body: noName });
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty']) {
      const answer = await raw('/api/links', {
        headers: MULTIPART,
        body: multipart([
          { name, value: '{"polluted":true}' },
          { name: 'location_url', value: 'https://example.com/' },
        ]),
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      titles(answer.body, answer.status);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a 500-byte field name: 422 naming it as unknown', async () => {
    snapshot();
    const answer = await raw('/api/links', { headers: MULTIPART, body: multipart([{ name: 'x'.repeat(500), value: '1' }]) });
    expect(expectError(answer, 422)[0]).toContain('Unknown field');
  });
});

describe('wrong content types', () => {
  it.each([
    ['application/json', '{"location_url":"https://example.com/json"}'],
    ['text/plain', 'location_url=https://example.com/'],
    ['application/xml', '<link/>'],
    ['image/png', 'x'],
  ])('%s: 415', async (type, body) => {
    snapshot();
    expectError(await raw('/api/links', { headers: { 'content-type': type }, body }), 415);
  });

  it('a body with no content type: 415', async () => {
    snapshot();
    const answer = await raw('/api/links', { body: 'location_url=https://example.com/' });
    expect([400, 415]).toContain(answer.status);
    titles(answer.body, answer.status);
  });
});

describe('injection strings and odd Unicode', () => {
  it('SQL in names and fields is stored verbatim, never executed', async () => {
    const name = "Robert'); DROP TABLE handlers;--";
    const id = (await client.post('api/notification-handlers', { name, type: 'internal_notification' })).body.data.id;
    expect((await client.get(`api/notification-handlers/${id}`)).body.data.name).toBe(name);
    const link = await client.link({ location_url: "https://example.com/?q=' OR 1=1 --", url: 'sql-link', utm_source: "'; DELETE FROM links; --" });
    expect((await client.get(`api/links/${link}`)).body.data.location_url).toBe("https://example.com/?q=' OR 1=1 --");
    // Served with the spaces percent-encoded in Location.
    const served = await fetch(`${client.sandbox.url}sql-link`, { redirect: 'manual' });
    expect(served.status).toBe(301);
    expect(served.headers.get('location')).toBe('https://example.com/?q=%27+OR+1%3D1+--&utm_source=%27%3B+DELETE+FROM+links%3B+--');
    expect((await client.get('api/links')).body.meta.total).toBeGreaterThan(1);
    snapshot();
    const answer = await client.post('api/links', { location_url: 'https://example.com/', url: "x' OR '1'='1" });
    expect(answer.status).toBe(422);
  });

  it.each([
    ['space inside an alias', { location_url: 'https://example.com/', url: 'a b' }, 'url'],
    ['line break in location_url', { location_url: 'https://example.com/a\r\nSet-Cookie: owned=1' }, 'location_url'],
    ['tab in expiration_url', { location_url: 'https://example.com/', expiration_url: 'https://example.com/\tx' }, 'expiration_url'],
    ['javascript: destination', { location_url: 'javascript:alert(document.cookie)' }, 'location_url'],
    ['data: destination', { location_url: 'data:text/html,<script>alert(1)</script>' }, 'location_url'],
    ['NUL in a field', { location_url: 'https://example.com/', cloaking_title: 'a\u0000b' }, 'NUL'],
    ['right-to-left override in an alias', { location_url: 'https://example.com/', url: 'abc\u202Efdp.exe' }, 'url'],
    ['zero-width space in an alias', { location_url: 'https://example.com/', url: 'pay\u200Bpal' }, 'url'],
    ['no-break space in an alias', { location_url: 'https://example.com/', url: 'a\u00A0b' }, 'url'],
    ['percent sign in an alias', { location_url: 'https://example.com/', url: '100%' }, 'url'],
    ['line break in a webhook', { name: 'x', type: 'webhook', webhook: 'https://example.com/\nx' }, 'webhook'],
  ])('%s: 422', async (_name, fields, fragment) => {
    snapshot();
    const path = 'type' in fields ? 'api/notification-handlers' : 'api/links';
    const answer = await client.post(path, fields as Record<string, string>);
    expect(answer.status).toBe(422);
    expect(titles(answer.body, 422).join()).toContain(fragment);
  });

  it('a 256-character Unicode alias is stored and served', async () => {
    const alias = '🚀'.repeat(128);
    expect(alias.length).toBe(256);
    await client.link({ location_url: 'https://example.com/long', url: alias });
    const served = await fetch(`${client.sandbox.url}${encodeURIComponent(alias)}`, { redirect: 'manual' });
    expect(served.status).toBe(301);
  });

  it('emoji, combining marks and non-Latin scripts are kept exactly', async () => {
    const name = 'Ünïcödé 🚀 שלום 日本語 e\u0301 👩🏽‍💻';
    const id = (await client.post('api/notification-handlers', { name, type: 'internal_notification' })).body.data.id;
    expect((await client.get(`api/notification-handlers/${id}`)).body.data.name).toBe(name);
    const link = await client.link({ location_url: 'https://例え.テスト/パス?q=🚀', url: '日本-🚀' });
    const read = (await client.get(`api/links/${link}`)).body.data;
    expect(read.url).toBe('日本-🚀');
    const served = await fetch(`${client.sandbox.url}${encodeURIComponent('日本-🚀')}`, { redirect: 'manual' });
    expect(served.status).toBe(301);
    expect(served.headers.get('location')).toBe(new URL('https://例え.テスト/パス?q=🚀').href);
  });

  it('a lone surrogate sent as raw bytes arrives as U+FFFD and is refused in an alias', async () => {
    snapshot();
    const body = multipart([
      { name: 'location_url', value: 'https://example.com/' },
      { name: 'url', value: Buffer.from([0x61, 0xed, 0xa0, 0x80]) },
    ]);
    const answer = await raw('/api/links', { headers: MULTIPART, body });
    expect([201, 422]).toContain(answer.status);
    if (answer.status === 201) {
      // Kept as decoded, and still served.
      before = inspect(dataFile).counts;
    }
  });
});

describe('odd requests to the link pages', () => {
  it('an HTTP/1.0 request without Host is served as the main domain', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(client.sandbox.port, '127.0.0.1', () => socket.end('GET /existing HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 301/);
    expect(answer).toContain('location: https://example.com/existing');
  });

  it('malformed percent-encoding or an over-long segment in a path: a JSON 4xx, never a crash', async () => {
    expectError(await raw('/%E0%A4%A', { method: 'GET' }), 400);
    expectError(await raw('/api/links/%E0%A4%A', { method: 'GET' }), 400);
    expectError(await raw(`/${'a'.repeat(5000)}`, { method: 'GET' }), 414);
  });
});

describe('ids that are not ids', () => {
  it.each(['abc', '0', '-1', '1.5', '1e3', '%EF%BC%90%EF%BC%91', '99999999999999999999', '%00', '1%20', 'null', '[]'])(
    'GET, POST and DELETE /api/links/%s: 404 JSON',
    async (id) => {
      snapshot();
      const read = await raw(`/api/links/${id}`, { method: 'GET' });
      expectError(read, 404);
      const update = await raw(`/api/links/${id}`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'url=x' });
      expectError(update, 404);
      const remove = await raw(`/api/links/${id}`, { method: 'DELETE' });
      expectError(remove, 404);
    },
  );

  it('unknown methods and paths under /api answer JSON 404s', async () => {
    snapshot();
    expectError(await raw('/api/links/1', { method: 'PUT', body: '' }), 404);
    expectError(await raw('/api/unknown/thing', { method: 'GET' }), 404);
    expectError(await raw('/api', { method: 'GET' }), 404);
    expectError(await raw('/api/', { method: 'GET' }), 404);
  });
});
