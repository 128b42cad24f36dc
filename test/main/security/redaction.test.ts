// Issue #14: a service that echoes the key (in an error title, a 200-with-error body, a redirect
// Location, a connection test) must not get it into anything main sends to the renderer.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../../src-main/main-services.ts';
import { redactSecrets, textMayHoldSecret } from '../../../src-main/security/redact.ts';
import { isListedPage, linkHeads, textHash, type EventName, type Link, type ListedPage } from '../../../src-preload/contract/index.ts';
import { json, startFakeService, type FakeService } from '../service/fake-service.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';

// Characters that change when URL-encoded, so the encoded form is a different text.
const KEY = 'sk+live/Echo=0123456789abcdef';
const CANDIDATE = 'candidate+key/0123456789';
const OTHER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0';

let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.close());

let services: MainServices;
let cleanup: () => Promise<void>;
const emitted: unknown[] = [];
beforeEach(async () => {
  const temp = await withTempDir();
  cleanup = temp.cleanup;
  emitted.length = 0;
  services = await testMainServices(temp.dir, {
    emit: (event: EventName, payload: unknown) => emitted.push({ event, payload }),
  });
});
afterEach(() => cleanup());

function expectNoSecret(value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of [KEY, encodeURIComponent(KEY), CANDIDATE, encodeURIComponent(CANDIDATE), OTHER_TOKEN]) {
    expect(text).not.toContain(secret);
  }
}

async function workspace(): Promise<string> {
  const added = await services.router.handle('workspaces.add', { name: 'Echo', baseUrl: `${service.origin}/`, apiKey: KEY }, true);
  if (!added.ok) throw new Error(added.error.message);
  return (added.value as { id: string }).id;
}

describe('the key never comes back from main', () => {
  it('is cleaned from service error titles, 200-with-error bodies, redirects and connection tests', async () => {
    const workspaceId = await workspace();
    const results: unknown[] = [];
    const call = async (name: string, input: unknown) => {
      const result = await services.router.handle(name, input, true);
      results.push(result);
      return result;
    };

    service.answer((_req, res) => json(res, 404, { errors: [{ title: `No link 5 for key ${KEY} (Authorization: Bearer ${OTHER_TOKEN})`, status: 404 }] }));
    expect(await call('links.get', { workspaceId, id: 5 })).toMatchObject({
      ok: false,
      error: { kind: 'not-found', message: expect.stringContaining('No link 5') },
    });

    service.answer((_req, res) => json(res, 200, { message: [`Upload refused for ${KEY}`], status: 'error', details: [] }));
    expect(await call('links.create', { workspaceId, input: { location_url: 'https://example.com/', url: 'promo' } })).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: expect.stringContaining('Upload refused for') },
    });

    const location = `https://login.example/?key=${encodeURIComponent(KEY)}&raw=${KEY}`;
    service.answer((_req, res) => json(res, 302, undefined, { location }));
    expect(await call('links.list', { workspaceId })).toMatchObject({
      ok: false,
      error: { kind: 'bad-response', message: expect.stringContaining('https://login.example/') },
    });
    expect(await call('workspaces.testConnection', { workspaceId })).toMatchObject({ ok: true, value: { outcome: 'not-this-api' } });

    // Echoes whatever key it was sent: the stored one, or a candidate being tested.
    service.answer((req, res) => {
      const sent = String(req.headers.authorization).replace(/^Bearer /, '');
      json(res, 401, { errors: [{ title: `Refused: ${String(req.headers.authorization)}, key ${sent}, ?key=${encodeURIComponent(sent)}`, status: 401 }] });
    });
    expect(await call('workspaces.testConnection', { workspaceId })).toMatchObject({
      ok: true,
      value: { outcome: 'bad-key', message: expect.stringContaining('Refused') },
    });
    expect(await call('workspaces.testConnection', { baseUrl: `${service.origin}/`, apiKey: CANDIDATE })).toMatchObject({
      ok: true,
      value: { outcome: 'bad-key' },
    });
    expect(await call('workspaces.testConnection', { workspaceId, apiKey: CANDIDATE })).toMatchObject({ ok: true, value: { outcome: 'bad-key' } });

    expect(service.requests.length).toBeGreaterThan(0);
    expect(results).toHaveLength(7);
    for (const result of results) expectNoSecret(result);
    expectNoSecret(emitted);
  });
});

describe('service data', () => {
  it('keeps a Bearer token the user wrote into a link (their own script) and still cleans the key', async () => {
    const workspaceId = await workspace();
    // Edited and saved, a redacted copy would replace the user's script on the service.
    const script = "fetch('/t', { headers: { Authorization: 'Bearer 0a1b2c3d4e5f6a7b8c9d' } })";
    const link = {
      id: 5,
      user_id: 1,
      project_id: 0,
      domain_id: 0,
      pixels_ids: [],
      email_reports: [],
      type: 'link',
      url: 'promo',
      location_url: 'https://example.com/',
      settings: { password: null, sensitive_content: 0, cloaking_is_enabled: 1, cloaking_custom_js: script, cloaking_title: `Echo ${KEY}` },
      clicks: 0,
      start_date: null,
      end_date: null,
      is_verified: 1,
      is_enabled: 1,
      last_datetime: null,
      datetime: '2024-01-01 10:00:00',
    };
    service.answer((_req, res) => json(res, 200, { data: link }));
    expect(await services.router.handle('links.get', { workspaceId, id: 5 }, true)).toMatchObject({
      ok: true,
      value: { settings: { cloaking_custom_js: script, cloaking_title: 'Echo [redacted]' } },
    });
    // An error's text is no user data: a token there is still cleaned.
    service.answer((_req, res) => json(res, 404, { errors: [{ title: `No link 5 (Authorization: Bearer ${OTHER_TOKEN})`, status: 404 }] }));
    expectNoSecret(await services.router.handle('links.get', { workspaceId, id: 5 }, true));
  });
});

describe('a listing', () => {
  it("hands each page over as text made of the cleaned rows: the key is gone, and the text's ends, hash and heads agree with it", async () => {
    const workspaceId = await workspace();
    const link = (id: number, title: string) => ({
      id,
      project_id: 0,
      domain_id: 0,
      type: 'link',
      url: `promo${id}`,
      location_url: 'https://example.com/',
      settings: { password: null, sensitive_content: 0, cloaking_title: title },
      clicks: id,
      start_date: null,
      end_date: null,
      datetime: '2024-01-01 10:00:00',
    });
    service.answer((_req, res) =>
      json(res, 200, { data: [link(5, `Echo ${KEY}`), link(6, 'plain')], meta: { page: 2, results_per_page: 1000, total: 1002, total_pages: 2 } }),
    );
    const started = await services.router.handle('listing.start', { workspaceId, resource: 'links', pages: [2], resultsPerPage: 1000 }, true);
    if (!started.ok) throw new Error(started.error.message);
    const next = await services.router.handle('listing.next', started.value as { listingId: string }, true);
    expectNoSecret(next);
    if (!next.ok) throw new Error(next.error.message);
    const [page] = (next.value as { pages: { page: number; listed: ListedPage }[] }).pages;
    const { text, ends, hash, heads } = page!.listed;
    const rows = JSON.parse(text) as Link[];
    expect(rows.map((row) => row.settings.cloaking_title)).toEqual(['Echo [redacted]', 'plain']);
    expect(isListedPage(page!.listed)).toBe(true);
    expect(ends.map((end, i) => JSON.parse(text.slice(i === 0 ? 1 : ends[i - 1]! + 1, end)) as Link)).toEqual(rows);
    expect(hash).toBe(textHash(text));
    expect(heads).toEqual(linkHeads(rows));
  });
});

describe('events', () => {
  it('leave main cleaned of the key too', async () => {
    const workspaceId = await workspace();
    // A name is the user's text; pasted with the key in it, it still never travels back with the key.
    await services.router.handle('workspaces.rename', { workspaceId, name: `Echo ${KEY}` }, true);
    expect(emitted.some((entry) => JSON.stringify(entry).includes('Echo [redacted]'))).toBe(true);
    expectNoSecret(emitted);
  });
});

describe('redactSecrets', () => {
  it('removes the keys, their URL-encoded forms and any bearer token, and keeps the rest of the text', () => {
    const text = `a ${KEY} b ${encodeURIComponent(KEY)} c ${encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())} d Bearer ${OTHER_TOKEN} e`;
    const clean = redactSecrets(text, [KEY]);
    expectNoSecret(clean);
    expect(clean).toBe('a [redacted] b [redacted] c [redacted] d Bearer [redacted] e');
  });

  it('walks objects and arrays, and leaves ordinary words after “Bearer” alone', () => {
    const value = { message: `x ${KEY}`, issues: [{ path: 'apiKey', message: KEY }], n: 3, ok: true, note: 'Bearer of good news' };
    expect(redactSecrets(value, [KEY])).toEqual({
      message: 'x [redacted]',
      issues: [{ path: 'apiKey', message: '[redacted]' }],
      n: 3,
      ok: true,
      note: 'Bearer of good news',
    });
    const untouched = { a: ['b', { c: 'd' }] };
    expect(redactSecrets(untouched, [KEY])).toBe(untouched);
  });
});

describe('redactSecrets over any value', () => {
  /** The plain definition: every string of a copied tree cleaned (what the walk must equal). */
  const cleanedCopy = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const known = [KEY, encodeURIComponent(KEY), encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())];
      let text = value;
      for (const form of known) text = text.split(form).join('[redacted]');
      return text.replace(/\b(Bearer)\s+[^\s"'<>]{12,}/gi, '$1 [redacted]');
    }
    if (Array.isArray(value)) return value.map(cleanedCopy);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanedCopy(v)]));
    return value;
  };
  const text = fc.oneof(
    fc.string(),
    fc.constantFrom(KEY, encodeURIComponent(KEY), `Bearer ${OTHER_TOKEN}`, 'bearer\n0123456789abcdef', 'Bearer of news', 'BEARER'),
    // Forms a probe of JSON text meets: other cases, the lower-case URL-encoded form, part of a key, another key.
    fc.constantFrom(KEY.toUpperCase(), encodeURIComponent(KEY).toLowerCase(), KEY.slice(0, -1), CANDIDATE, `"${KEY}"`),
    fc
      .tuple(fc.string(), fc.constantFrom(KEY, `bEaReR ${OTHER_TOKEN}`, encodeURIComponent(CANDIDATE), KEY.slice(1)), fc.string())
      .map((parts) => parts.join('')),
  );
  const tree = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('node')), fc.dictionary(fc.string(), tie('node'))),
  })).node;

  it('equals every string cleaned, and returns what holds no secret as the same object', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const before = structuredClone(value);
        const clean = redactSecrets(value, [KEY]);
        expect(clean).toEqual(cleanedCopy(value));
        expect(value).toEqual(before); // the input is never changed in place
        if (JSON.stringify(clean) === JSON.stringify(value)) expect(clean).toBe(value);
      }),
      { seed: 1926, numRuns: 400 },
    );
  });

  it('finds no key in a JSON text only when its values hold none: the probe a listing page takes for the walk', () => {
    const keys = fc.constantFrom([KEY], [CANDIDATE, KEY], ['key"with\\quote\u0001'], ['short', 'abc']);
    fc.assert(
      fc.property(tree, keys, (value, secrets) => {
        // Other cases, parts of keys and the other key in the tree's texts: the probe may say "maybe" more often, never "no" wrongly.
        if (!textMayHoldSecret(JSON.stringify(value) ?? '', secrets)) expect(redactSecrets(value, secrets, { tokens: false })).toBe(value);
      }),
      { seed: 1128, numRuns: 400 },
    );
    // A key JSON would escape cannot be looked for in the text: always "maybe".
    expect(textMayHoldSecret('{"a":"plain"}', ['key"quoted'])).toBe(true);
    expect(textMayHoldSecret('{"a":"plain"}', [KEY])).toBe(false);
    expect(textMayHoldSecret(JSON.stringify({ a: `x${KEY.toUpperCase()}y` }), [KEY])).toBe(true);
    expect(textMayHoldSecret('{"a":"plain"}', ['abc'])).toBe(false); // (too short to be a key: never redacted either)
  });

  it('passes bytes through without walking them', () => {
    const bytes = new Uint8Array([66, 101, 97, 114, 101, 114]);
    const value = { image: { data: bytes }, title: `t ${KEY}` };
    const clean = redactSecrets(value, [KEY]);
    expect(clean.image.data).toBe(bytes);
    expect(clean.title).toBe('t [redacted]');
  });
});
