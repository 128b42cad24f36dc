import { describe, expect, it } from 'vitest';
import { CallError } from '../../../src-preload/contract/errors.ts';
import { LinkListSchema, LinkSchema, DomainSchema, HandlerSchema } from '../../../src-preload/contract/resources.ts';
import {
  normaliseCreated,
  normaliseDomain,
  normaliseHandler,
  normaliseLink,
  normaliseList,
  normaliseSingle,
  normaliseUpdated,
  parseBody,
  toServiceDatetime,
} from '../../../src-main/service/normalise.ts';

const context = { page: 2, resultsPerPage: 10, pageUrl: (n: number) => `https://s.example/api/links?page=${n}` };

/** A link as a real deployment sends it. */
const realLink = {
  id: '12',
  project_id: 0,
  domain_id: '0',
  type: 'link',
  url: 'promo',
  location_url: 'https://example.com/landing',
  settings: {
    password: null,
    sensitive_content: 0,
    clicks_limit: null,
    cloaking_is_enabled: false,
    targeting_type: 'country_code',
    targeting_country_code: [{ key: 'US', value: 'https://us.example.com' }],
  },
  clicks: '12',
  start_date: null,
  end_date: '',
  datetime: '2024-01-02 03:04:05',
};

/** A link exactly as the document gives it. */
const documentedLink = {
  id: 7,
  project_id: 3,
  domain_id: 2,
  type: 'link',
  url: 'docs',
  location_url: 'https://example.org/',
  settings: { password: 'hash$2y', sensitive_content: true },
  clicks: 0,
  order: 4,
  start_date: '2024-05-01 00:00:00',
  end_date: '2024-06-01 00:00:00',
  datetime: '2024-04-30 12:00:00',
};

function badResponse(run: () => unknown): CallError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CallError);
    expect((error as CallError).kind).toBe('bad-response');
    return error as CallError;
  }
  throw new Error('expected a bad-response error');
}

describe('parseBody', () => {
  it('reads JSON, and recognises HTML and empty bodies whatever the content-type said', () => {
    expect(parseBody('{"a":1}')).toEqual({ kind: 'json', value: { a: 1 } });
    expect(parseBody('  <!DOCTYPE html><html><body>Fatal error</body></html>')).toEqual({ kind: 'html' });
    expect(parseBody('')).toEqual({ kind: 'empty' });
    expect(parseBody('   \n')).toEqual({ kind: 'empty' });
    expect(parseBody('Fatal error: oops')).toEqual({ kind: 'text' });
  });
});

describe('normaliseLink', () => {
  it('normalises the types of a real deployment link and keeps every key it carries', () => {
    const link = normaliseLink(realLink);
    expect(link).toEqual({
      id: 12,
      project_id: null, // 0 means no project
      domain_id: 0,
      type: 'link',
      url: 'promo',
      location_url: 'https://example.com/landing',
      settings: {
        password: null,
        sensitive_content: false,
        clicks_limit: null,
        cloaking_is_enabled: false,
        targeting_type: 'country_code',
        targeting_country_code: [{ key: 'US', value: 'https://us.example.com' }],
      },
      clicks: 12,
      order: 0, // missing order
      start_date: null,
      end_date: null,
      datetime: '2024-01-02 03:04:05',
    });
    expect(LinkSchema.safeParse(link).success).toBe(true);
  });

  it('keeps a documented link as it is', () => {
    expect(normaliseLink(documentedLink)).toEqual(documentedLink);
  });

  it('reads booleans and numbers given as strings or 0/1, and settings sent as a JSON string', () => {
    const link = normaliseLink({ ...documentedLink, settings: '{"password":"h","sensitive_content":"1"}', order: '9', project_id: '5' });
    expect(link.settings).toEqual({ password: 'h', sensitive_content: true });
    expect(normaliseLink({ ...documentedLink, is_enabled: 1 }).is_enabled).toBe(true);
    expect(link.order).toBe(9);
    expect(link.project_id).toBe(5);
  });

  it('keeps items of another type with their type and lenient defaults', () => {
    const biolink = {
      id: 40,
      project_id: null,
      domain_id: 0,
      type: 'biolink',
      url: 'me',
      location_url: null,
      settings: { theme: 'x' },
      clicks: '3',
      datetime: '2024-01-01 00:00:00',
    };
    const link = normaliseLink(biolink);
    expect(link.type).toBe('biolink');
    expect(link.location_url).toBe('');
    expect(link.clicks).toBe(3);
    expect(link.settings).toEqual({ password: null, sensitive_content: false, theme: 'x' });
  });

  it('keeps everything a full real read carries: reports, pixels, enabled, settings and unknown keys', () => {
    const full = {
      id: 31,
      user_id: '4',
      project_id: '0',
      domain_id: 2,
      pixels_ids: '[5, 6]',
      email_reports: [7, '8'],
      type: 'link',
      url: 'sale',
      location_url: 'https://shop.example/',
      name: 'Autumn sale',
      biolink_theme_id: null,
      settings: {
        password: '$2y$10$hash',
        sensitive_content: '0',
        schedule: 1,
        start_date: '2026-01-01 00:00:00',
        end_date: '2026-02-01 00:00:00',
        pageviews_limit: '0',
        expiration_url: '',
        http_status_code: '307',
        utm: { source: 'news', medium: '', campaign: null },
        targeting_type: 'false',
        targeting_device_type: { 0: { key: 'mobile', value: 'https://m.shop.example/' } },
        cloaking_is_enabled: '1',
        cloaking_title: 'Sale',
        cloaking_meta_description: '',
        cloaking_custom_js: null,
        cloaking_favicon: 'f1.png',
        cloaking_opengraph: '',
        app_linking_is_enabled: 0,
        app_linking: { ios_location_url: null, android_location_url: null, app: null },
        forward_query_parameters_is_enabled: true,
        is_se_visible: 1,
        splash_page_id: 3,
      },
      pageviews: '41',
      is_verified: '1',
      is_enabled: '0',
      last_datetime: '2026-01-03 10:00:00',
      datetime: '2025-12-01 09:00:00',
    };
    const link = normaliseLink(full);
    expect(LinkSchema.safeParse(link).success).toBe(true);
    expect(link).toMatchObject({
      id: 31,
      user_id: 4,
      project_id: null,
      pixels_ids: [5, 6],
      email_reports: [7, 8],
      is_enabled: false,
      is_verified: true,
      clicks: 41,
      start_date: '2026-01-01 00:00:00',
      end_date: '2026-02-01 00:00:00',
      last_datetime: '2026-01-03 10:00:00',
      // unknown top-level keys, verbatim
      name: 'Autumn sale',
      biolink_theme_id: null,
      pageviews: '41',
    });
    expect(link.settings).toEqual({
      ...full.settings,
      password: '$2y$10$hash',
      sensitive_content: false,
      schedule: true,
      clicks_limit: null,
      expiration_url: null,
      http_status_code: 307,
      utm: { source: 'news', medium: null, campaign: null },
      targeting_type: null,
      targeting_device_type: [{ key: 'mobile', value: 'https://m.shop.example/' }],
      cloaking_is_enabled: true,
      cloaking_meta_description: null,
      cloaking_custom_js: null,
      cloaking_favicon: 'f1.png',
      cloaking_opengraph: null,
      app_linking_is_enabled: false,
      forward_query_parameters_is_enabled: true,
    });
  });

  it('rewrites ISO date-times without shifting the zone, and 0000-00-00 to null', () => {
    expect(toServiceDatetime('2024-01-02T03:04:05.000Z')).toBe('2024-01-02 03:04:05');
    expect(toServiceDatetime('2024-01-02 03:04')).toBe('2024-01-02 03:04:00');
    expect(toServiceDatetime('0000-00-00 00:00:00')).toBeNull();
    expect(toServiceDatetime('yesterday')).toBeUndefined();
  });

  it('refuses a link that cannot be made sense of, naming it', () => {
    expect(badResponse(() => normaliseItemOrList({ ...documentedLink, id: 'abc' })).message).toMatch(/link abc has no usable id/);
    expect(badResponse(() => normaliseItemOrList({ ...documentedLink, location_url: undefined })).message).toMatch(/link 7 has no usable location_url/);
    expect(badResponse(() => normaliseItemOrList({ ...documentedLink, clicks: 'many' })).message).toMatch(/link 7 has no usable clicks/);
    expect(badResponse(() => normaliseItemOrList({ ...documentedLink, datetime: 'soon' })).message).toMatch(/link 7 has no usable datetime/);
    expect(badResponse(() => normaliseItemOrList('not an object')).message).toMatch(/not an object/);
  });
});

function normaliseItemOrList(raw: unknown) {
  return normaliseSingle({ data: raw }, normaliseLink);
}

describe('normaliseDomain and normaliseHandler', () => {
  it('normalises a real deployment domain', () => {
    const domain = normaliseDomain({
      id: '3',
      scheme: 'https',
      host: 'go.example.com',
      custom_index_url: null,
      is_enabled: '1',
      last_datetime: '',
      datetime: '2024-01-01 10:00:00',
      user_id: 9,
    });
    expect(domain).toEqual({
      id: 3,
      scheme: 'https://',
      host: 'go.example.com',
      custom_index_url: '',
      is_enabled: true,
      last_datetime: null,
      datetime: '2024-01-01 10:00:00',
    });
    expect(DomainSchema.safeParse(domain).success).toBe(true);
    expect(normaliseDomain({ ...domain, scheme: 'http://' }).scheme).toBe('http://');
  });

  it('normalises a handler, keeping settings of other types, and keeps a type the document does not list', () => {
    const handler = normaliseHandler({
      id: 5,
      type: 'telegram',
      name: 'Ops',
      settings: { telegram: 'tok', telegram_chat_id: '42' },
      is_enabled: 0,
      last_datetime: null,
      datetime: '2024-01-01 10:00:00',
    });
    expect(handler).toEqual({
      id: 5,
      type: 'telegram',
      name: 'Ops',
      settings: { telegram: 'tok', telegram_chat_id: '42' },
      is_enabled: false,
      last_datetime: null,
      datetime: '2024-01-01 10:00:00',
    });
    expect(HandlerSchema.safeParse(handler).success).toBe(true);
    // A release's own type (not in the document's list): kept as the service names it, settings and all.
    const pager = normaliseSingle({ data: { ...handler, type: 'pager', settings: { pager_number: '555' } } }, normaliseHandler);
    expect(pager).toEqual({ ...handler, type: 'pager', settings: { pager_number: '555' } });
    expect(HandlerSchema.safeParse(pager).success).toBe(true);
    // No type at all is still no handler.
    const error = badResponse(() => normaliseSingle({ data: { ...handler, type: '' } }, normaliseHandler));
    expect(error.message).toMatch(/notification handler 5/);
  });

  it('refuses a domain whose is_enabled is not a boolean of any form', () => {
    expect(
      badResponse(() => normaliseSingle({ data: { id: 1, host: 'a.b', is_enabled: 'maybe', datetime: '2024-01-01 00:00:00' } }, normaliseDomain)).message,
    ).toMatch(/domain 1 has no usable is_enabled/);
  });
});

describe('normaliseList', () => {
  it('accepts total_results, a string page, null links.last and string numbers', () => {
    const list = normaliseList(
      {
        data: [realLink],
        meta: { page: '2', results_per_page: '10', total_results: '11', total_pages: 2 },
        links: {
          first: 'https://s.example/api/links?page=1',
          last: null,
          next: null,
          prev: 'https://s.example/api/links?page=1',
          self: 'https://s.example/api/links?page=2',
        },
      },
      normaliseLink,
      context,
    );
    expect(list.meta).toEqual({ page: 2, results_per_page: 10, total: 11, total_pages: 2 });
    expect(list.links.last).toBeNull();
    expect(list.data[0]?.id).toBe(12);
    expect(LinkListSchema.safeParse(list).success).toBe(true);
  });

  it('fills missing links and total_pages from the request', () => {
    const list = normaliseList({ data: [], meta: { total: 25 } }, normaliseLink, context);
    expect(list.meta).toEqual({ page: 2, results_per_page: 10, total: 25, total_pages: 3 });
    expect(list.links).toEqual({
      first: 'https://s.example/api/links?page=1',
      last: 'https://s.example/api/links?page=3',
      next: 'https://s.example/api/links?page=3',
      prev: 'https://s.example/api/links?page=1',
      self: 'https://s.example/api/links?page=2',
    });
  });

  it('rejects the whole page when one item is malformed, naming the item', () => {
    const error = badResponse(() =>
      normaliseList({ data: [documentedLink, { ...documentedLink, id: 99, url: { no: 1 } }], meta: { total: 2 } }, normaliseLink, context),
    );
    expect(error.message).toMatch(/link 99 has no usable url/);
  });

  it('rejects answers without data or total', () => {
    expect(badResponse(() => normaliseList({ meta: { total: 1 } }, normaliseLink, context)).message).toMatch(/no data array/);
    expect(badResponse(() => normaliseList({ data: [] }, normaliseLink, context)).message).toMatch(/no usable total/);
    expect(badResponse(() => normaliseList([1, 2], normaliseLink, context)).message).toMatch(/not an object/);
  });
});

describe('normaliseCreated / normaliseUpdated', () => {
  it('reads single and bulk create answers, ids as strings too', () => {
    expect(normaliseCreated({ data: { id: 8 } })).toEqual({ id: 8 });
    expect(normaliseCreated({ data: { id: '8' } })).toEqual({ id: 8 });
    expect(normaliseCreated({ data: { ids: [1, '2', 3] } })).toEqual({ ids: [1, 2, 3] });
    // A bulk answer with no ids is read as such: the sync engine then finds the links by listing.
    expect(normaliseCreated({ data: { ids: [] } })).toEqual({ ids: [] });
    expect(badResponse(() => normaliseCreated({ data: { ids: [1, 'x'] } })).message).toMatch(/unusable id/);
    expect(badResponse(() => normaliseCreated({ data: {} })).message).toMatch(/no usable id/);
    expect(badResponse(() => normaliseCreated({ ok: true })).message).toMatch(/no data/);
  });

  it('falls back to the id sent when an update answer has none', () => {
    expect(normaliseUpdated({ data: { id: '4' } }, 4)).toEqual({ id: 4 });
    expect(normaliseUpdated(undefined, 4)).toEqual({ id: 4 });
    expect(normaliseUpdated({ success: true }, 4)).toEqual({ id: 4 });
  });
});
