import { describe, expect, it } from 'vitest';
import {
  DomainCreateSchema,
  DomainUpdateSchema,
  HandlerCreateSchema,
  HandlerUpdateSchema,
  HANDLER_TYPES,
  HTTP_STATUS_CODES,
  LinkCreateSchema,
  LinkUpdateSchema,
  ResultsPerPageSchema,
  RESULTS_PER_PAGE,
  TARGETING_KINDS,
  TARGETING_TYPES,
} from '../../../src-preload/contract/index.ts';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('link create', () => {
  it('needs location_url in single mode and location_urls in bulk mode', () => {
    expect(LinkCreateSchema.safeParse({ location_url: 'https://example.com' }).success).toBe(true);
    expect(paths(LinkCreateSchema.safeParse({}))).toEqual(['location_url']);
    expect(LinkCreateSchema.safeParse({ is_bulk: true, location_urls: 'https://a.example\nhttps://b.example' }).success).toBe(true);
    expect(paths(LinkCreateSchema.safeParse({ is_bulk: true }))).toEqual(['location_urls']);
    expect(paths(LinkCreateSchema.safeParse({ is_bulk: true, location_urls: 'https://a.example\nnot-a-url' }))).toEqual(['location_urls']);
    expect(paths(LinkCreateSchema.safeParse({ is_bulk: true, location_urls: 'https://a.example', url: 'x' }))).toEqual(['url']);
    expect(paths(LinkCreateSchema.safeParse({ location_url: 'https://a.example', location_urls: 'https://b.example' }))).toEqual(['location_urls']);
  });

  it('accepts only http(s) destinations', () => {
    for (const bad of ['ftp://example.com', 'javascript:alert(1)', 'example.com', 'https://']) {
      expect(paths(LinkCreateSchema.safeParse({ location_url: bad }))).toEqual(['location_url']);
    }
  });

  it('takes http_status_code only from 301, 302, 307, 308', () => {
    for (const code of HTTP_STATUS_CODES) {
      expect(LinkCreateSchema.safeParse({ location_url: 'https://a.example', http_status_code: code }).success).toBe(true);
    }
    for (const code of [200, 303, 404, 300]) {
      expect(paths(LinkCreateSchema.safeParse({ location_url: 'https://a.example', http_status_code: code }))).toEqual(['http_status_code']);
    }
  });

  it('uses start_date and end_date only with schedule, in the service format, in order', () => {
    const base = { location_url: 'https://a.example' };
    expect(LinkCreateSchema.safeParse({ ...base, schedule: true, start_date: '2026-01-01 10:00:00', end_date: '2026-02-01 10:00:00' }).success).toBe(true);
    expect(paths(LinkCreateSchema.safeParse({ ...base, start_date: '2026-01-01 10:00:00' }))).toEqual(['start_date']);
    expect(paths(LinkCreateSchema.safeParse({ ...base, schedule: true, end_date: '2026-01-01T10:00:00Z' }))).toEqual(['end_date']);
    expect(paths(LinkCreateSchema.safeParse({ ...base, schedule: true, start_date: '2026-02-01 10:00:00', end_date: '2026-01-01 10:00:00' }))).toEqual([
      'end_date',
    ]);
  });

  it('has targeting entries for all eight kinds, each only with its targeting_type', () => {
    expect(TARGETING_KINDS).toHaveLength(8);
    expect(TARGETING_TYPES).not.toContain('city_name');
    const keys: Record<(typeof TARGETING_TYPES)[number], string> = {
      continent_code: 'EU',
      country_code: 'DE',
      device_type: 'mobile',
      browser_language: 'en-GB',
      rotation: '50',
      os_name: 'Windows',
      browser_name: 'Firefox',
    };
    for (const kind of TARGETING_TYPES) {
      const input = { location_url: 'https://a.example', targeting_type: kind, targeting: { [kind]: [{ key: keys[kind], value: 'https://t.example/' }] } };
      expect(LinkCreateSchema.safeParse(input).success).toBe(true);
    }
    const mismatch = {
      location_url: 'https://a.example',
      targeting_type: 'country_code',
      targeting: { device_type: [{ key: 'mobile', value: 'https://m.example/' }] },
    };
    expect(paths(LinkCreateSchema.safeParse(mismatch))).toEqual(['targeting.device_type']);
    // The document lists city_name's fields but not the type; real deployments accept it.
    expect(
      LinkCreateSchema.safeParse({
        location_url: 'https://a.example',
        targeting_type: 'city_name',
        targeting: { city_name: [{ key: 'Berlin', value: 'https://b.example' }] },
      }).success,
    ).toBe(true);
  });

  it('carries every document field, arrays of ids and files', () => {
    const full = {
      type: 'link',
      location_url: 'https://a.example/path',
      url: 'spring-sale',
      domain_id: 0,
      project_id: 3,
      pixels_ids: [1, 2],
      email_reports: [4],
      schedule: true,
      start_date: '2026-01-01 00:00:00',
      end_date: '2026-12-31 23:59:59',
      clicks_limit: 100,
      expiration_url: 'https://a.example/expired',
      sensitive_content: true,
      http_status_code: 307,
      app_linking_is_enabled: true,
      cloaking_is_enabled: true,
      cloaking_title: 'Title',
      cloaking_meta_description: 'Description',
      cloaking_custom_js: 'console.log(1)',
      cloaking_favicon: { name: 'f.png', type: 'image/png', data: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]) },
      cloaking_opengraph: { name: 'og.jpg', type: 'image/jpeg', data: new Uint8Array([255, 216, 255]) },
      password: 'secret',
      forward_query_parameters_is_enabled: true,
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      targeting_type: 'rotation',
      targeting: { rotation: [{ key: '50', value: 'https://b.example' }] },
    };
    expect(LinkCreateSchema.parse(full)).toMatchObject({ url: 'spring-sale', pixels_ids: [1, 2] });
    expect(paths(LinkCreateSchema.safeParse({ ...full, unknown_field: 1 }))).toEqual(['']);
    expect(paths(LinkCreateSchema.safeParse({ ...full, email_reports: ['4'] }))).toEqual(['email_reports.0']);
  });

  it('checks what a service checks of targeting rules and images, in the editor’s words', () => {
    const messages = (input: Record<string, unknown>) => {
      const result = LinkCreateSchema.safeParse({ location_url: 'https://a.example', ...input });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ targeting_type: 'country_code', targeting: { country_code: [{ key: 'Germany', value: 'https://de.example/' }] } })).toEqual([
      'targeting.country_code.0.key: Rule 1: Match must be a two-letter country code such as DE or US, not “Germany”',
    ]);
    expect(messages({ targeting_type: 'device_type', targeting: { device_type: [{ key: '', value: 'm.example' }] } })).toEqual([
      'targeting.device_type.0.key: Rule 1: Match needs something to match',
      'targeting.device_type.0.value: Rule 1: Destination must be a full http:// or https:// URL',
    ]);
    const text = { name: 'notes.txt', type: 'image/png', data: new TextEncoder().encode('not an image') };
    expect(messages({ cloaking_favicon: text })).toEqual(['cloaking_favicon: Favicon must be a PNG, JPEG, GIF, WebP or ICO image; “notes.txt” is not one']);
    // An ICO is a favicon, not an OpenGraph image.
    const ico = { name: 'f.ico', type: 'image/x-icon', data: new Uint8Array([0, 0, 1, 0, 1, 0]) };
    expect(messages({ cloaking_favicon: ico })).toEqual([]);
    expect(messages({ cloaking_opengraph: ico })).toEqual(['cloaking_opengraph: OpenGraph image must be a PNG, JPEG, GIF or WebP image; “f.ico” is not one']);
  });

  it('refuses an alias with a slash or white space', () => {
    expect(paths(LinkCreateSchema.safeParse({ location_url: 'https://a.example', url: 'a/b' }))).toEqual(['url']);
    expect(paths(LinkCreateSchema.safeParse({ location_url: 'https://a.example', url: 'a b' }))).toEqual(['url']);
  });
});

describe('link update', () => {
  it('has every field optional, without type, is_bulk and location_urls', () => {
    expect(LinkUpdateSchema.safeParse({}).success).toBe(true);
    expect(LinkUpdateSchema.safeParse({ is_enabled: false, url: '' }).success).toBe(true);
    for (const field of ['type', 'is_bulk', 'location_urls']) {
      expect(LinkUpdateSchema.safeParse({ [field]: field === 'is_bulk' ? true : 'x' }).success).toBe(false);
    }
  });
  it('takes targeting sent back as read without the editor’s rules, but still checks its shape, and only on update', () => {
    const asRead = {
      targeting_type: 'os_name',
      targeting: {
        os_name: [
          { key: 'Android', value: 'market://details?id=x' },
          { key: '', value: '' },
        ],
      },
    };
    expect(paths(LinkUpdateSchema.safeParse(asRead))).toEqual(['targeting.os_name.0.value', 'targeting.os_name.1.key', 'targeting.os_name.1.value']);
    expect(LinkUpdateSchema.safeParse({ ...asRead, targeting_as_read: true }).success).toBe(true);
    // Its shape and its type still count.
    expect(paths(LinkUpdateSchema.safeParse({ ...asRead, targeting_type: 'rotation', targeting_as_read: true }))).toEqual(['targeting.os_name']);
    expect(
      paths(LinkUpdateSchema.safeParse({ targeting_type: 'os_name', targeting: { os_name: [{ key: 'x'.repeat(513) }] }, targeting_as_read: true })),
    ).toEqual(['targeting.os_name.0.key']);
    expect(LinkUpdateSchema.safeParse({ targeting_as_read: false }).success).toBe(false);
    expect(LinkCreateSchema.safeParse({ location_url: 'https://a.example', ...asRead, targeting_as_read: true }).success).toBe(false);
  });
  it('refuses clearing the destination in plain words', () => {
    const cleared = LinkUpdateSchema.safeParse({ location_url: null });
    expect(cleared.success).toBe(false);
    expect(cleared.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['location_url', 'Destination URL is required']]);
  });
});

describe('domains', () => {
  it('requires a host name on create and checks its syntax', () => {
    expect(DomainCreateSchema.parse({ host: 'Links.Example.COM' })).toEqual({ host: 'links.example.com' });
    for (const bad of ['https://links.example.com', 'links.example.com/path', 'localhost', 'links..example.com', '-a.example.com', 'a.example.com:8080']) {
      expect(paths(DomainCreateSchema.safeParse({ host: bad }))).toEqual(['host']);
    }
    expect(paths(DomainCreateSchema.safeParse({}))).toEqual(['host']);
  });
  it('takes http(s) or empty index and not-found URLs, and is_enabled on update', () => {
    expect(DomainCreateSchema.safeParse({ host: 'a.example', custom_index_url: '', custom_not_found_url: 'https://a.example/404' }).success).toBe(true);
    expect(paths(DomainCreateSchema.safeParse({ host: 'a.example', custom_index_url: 'mailto:x@y.z' }))).toEqual(['custom_index_url']);
    expect(DomainUpdateSchema.safeParse({ is_enabled: false }).success).toBe(true);
  });
});

describe('notification handlers', () => {
  it('requires name and a known type on create', () => {
    expect(HANDLER_TYPES).toHaveLength(9);
    for (const type of HANDLER_TYPES) expect(HandlerCreateSchema.safeParse({ name: 'n', type }).success).toBe(true);
    expect(paths(HandlerCreateSchema.safeParse({ name: 'n', type: 'sms' }))).toEqual(['type']);
    expect(paths(HandlerCreateSchema.safeParse({ type: 'email' }))).toEqual(['name']);
  });
  it('checks type-specific fields and refuses them on another type', () => {
    expect(HandlerCreateSchema.safeParse({ name: 'n', type: 'email', email: 'ops@example.com' }).success).toBe(true);
    expect(paths(HandlerCreateSchema.safeParse({ name: 'n', type: 'email', email: 'not-an-email' }))).toEqual(['email']);
    expect(paths(HandlerCreateSchema.safeParse({ name: 'n', type: 'webhook', webhook: 'ftp://x.example' }))).toEqual(['webhook']);
    expect(paths(HandlerCreateSchema.safeParse({ name: 'n', type: 'slack', email: 'ops@example.com' }))).toEqual(['email']);
    expect(HandlerCreateSchema.safeParse({ name: 'n', type: 'telegram', telegram: '123:abc', telegram_chat_id: '-100' }).success).toBe(true);
    expect(HandlerCreateSchema.safeParse({ name: 'n', type: 'whatsapp', whatsapp: '+49 170 1234567' }).success).toBe(true);
  });
  it('has every field optional on update, plus is_enabled', () => {
    expect(HandlerUpdateSchema.safeParse({}).success).toBe(true);
    expect(HandlerUpdateSchema.safeParse({ is_enabled: true }).success).toBe(true);
    expect(paths(HandlerUpdateSchema.safeParse({ name: '   ' }))).toEqual(['name']);
  });
});

describe('results_per_page', () => {
  it('allows exactly the documented sizes', () => {
    for (const size of RESULTS_PER_PAGE) expect(ResultsPerPageSchema.safeParse(size).success).toBe(true);
    for (const size of [0, 1, 20, 30, 2000, '25']) expect(ResultsPerPageSchema.safeParse(size).success).toBe(false);
  });
});

describe('rules a service needs that the document leaves open', () => {
  it('refuses URLs with control characters the URL parser would silently drop', () => {
    for (const bad of ['https://a.example/x\ny', 'https://a.example/\tx', 'https://a.example/\rLocation: evil']) {
      expect(paths(LinkCreateSchema.safeParse({ location_url: bad }))).toEqual(['location_url']);
    }
  });
  it('refuses aliases that are not one readable path segment', () => {
    for (const bad of ['.', '..', 'a%20b', 'a\\b', 'zero\u200bwidth', 'bidi\u202eevil', 'tab\tin']) {
      expect(paths(LinkCreateSchema.safeParse({ location_url: 'https://a.example', url: bad }))).toEqual(['url']);
    }
    expect(LinkCreateSchema.safeParse({ location_url: 'https://a.example', url: 'Grüße-2026_v2' }).success).toBe(true);
  });
  it('refuses days that do not exist', () => {
    const input = (start: string) => ({ location_url: 'https://a.example', schedule: true, start_date: start });
    expect(paths(LinkCreateSchema.safeParse(input('2026-02-30 10:00:00')))).toEqual(['start_date']);
    expect(paths(LinkCreateSchema.safeParse(input('2025-02-29 10:00:00')))).toEqual(['start_date']);
    expect(LinkCreateSchema.safeParse(input('2028-02-29 10:00:00')).success).toBe(true);
  });
});
