// The list envelope: meta integers, absolute links from the service's own base URL, next/prev
// null at the ends, every allowed page size on first/middle/last pages, and refused values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_PER_PAGE } from '../../../src-preload/contract/api-rules.ts';
import { listEnvelope } from '../../../src-preload/contract/resources.ts';
import { SandboxLinkSchema } from './link-read.ts';
import { startClient, titles, type Client } from './helpers.ts';

const TOTAL = 2501;
let client: Client;

beforeAll(async () => {
  client = await startClient();
  // Bulk creates are the cheap way to a listing that has three pages even at 1,000 per page.
  for (const size of [1000, 1000, 501]) {
    const urls = Array.from({ length: size }, (_, i) => `https://example.com/${size}/${i}`).join('\n');
    const response = await client.post('api/links', { is_bulk: '1', location_urls: urls });
    expect(response.status).toBe(201);
  }
});
afterAll(async () => {
  await client.sandbox.close();
});

describe('list envelope', () => {
  it.each(RESULTS_PER_PAGE)('results_per_page=%i: first, middle and last pages', async (perPage) => {
    const totalPages = Math.ceil(TOTAL / perPage);
    const middle = Math.ceil(totalPages / 2);
    const url = (page: number) => `${client.sandbox.url}api/links?page=${page}`;
    for (const page of [1, middle, totalPages]) {
      const response = await client.get(`api/links?page=${page}&results_per_page=${perPage}`);
      expect(response.status).toBe(200);
      const body = listEnvelope(SandboxLinkSchema).parse(response.body);
      expect(Object.keys(response.body)).toEqual(['data', 'meta', 'links']);
      expect(body.meta).toEqual({ page, results_per_page: perPage, total: TOTAL, total_pages: totalPages });
      expect(body.data).toHaveLength(page < totalPages ? perPage : TOTAL - perPage * (totalPages - 1));
      expect(body.links).toEqual({
        first: url(1),
        last: url(totalPages),
        next: page < totalPages ? url(page + 1) : null,
        prev: page > 1 ? url(page - 1) : null,
        self: url(page),
      });
    }
  });

  it('a large page is JSON in UTF-8 whether it is all ASCII or not', async () => {
    const ascii = await fetch(`${client.sandbox.url}api/links?results_per_page=1000`, { headers: { authorization: 'Bearer key-a' } });
    expect(ascii.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const asciiText = await ascii.text();
    expect(Number(ascii.headers.get('content-length'))).toBe(Buffer.byteLength(asciiText));
    expect(JSON.parse(asciiText).data).toHaveLength(1000);

    const other = await startClient();
    try {
      const id = await other.link({ location_url: 'https://example.com/ünï', url: 'café-日本-😀', cloaking_title: 'Grüße' });
      for (let i = 0; i < 40; i += 1) await other.link({ location_url: `https://example.com/pad/${i}`, cloaking_meta_description: 'x'.repeat(400) });
      const response = await fetch(`${other.sandbox.url}api/links?results_per_page=100`, { headers: { authorization: 'Bearer key-a' } });
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(16_384);
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      const link = JSON.parse(bytes.toString('utf8')).data.find((item: { id: number }) => item.id === id);
      expect(link).toMatchObject({ url: 'café-日本-😀', location_url: 'https://example.com/ünï', settings: { cloaking_title: 'Grüße' } });
    } finally {
      await other.sandbox.close();
    }
  });

  it('defaults to page 1 and 25 per page; pages together list every link once, newest first', async () => {
    const first = await client.get('api/links/');
    expect(first.body.meta).toEqual({ page: 1, results_per_page: 25, total: TOTAL, total_pages: Math.ceil(TOTAL / 25) });
    const ids: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      ids.push(...(await client.get(`api/links?page=${page}&results_per_page=1000`)).body.data.map((link: { id: number }) => link.id));
    }
    expect(new Set(ids).size).toBe(TOTAL);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('a page past the end is empty, with prev pointing back', async () => {
    const response = await client.get('api/links?page=5&results_per_page=1000');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta.page).toBe(5);
    expect(response.body.links.next).toBeNull();
    expect(response.body.links.prev).toBe(`${client.sandbox.url}api/links?page=3`);
  });

  it('an empty collection: total 0, total_pages 0, last is page 1, next and prev null', async () => {
    const response = await client.get('api/notification-handlers');
    expect(response.body).toEqual({
      data: [],
      meta: { page: 1, results_per_page: 25, total: 0, total_pages: 0 },
      links: {
        first: `${client.sandbox.url}api/notification-handlers?page=1`,
        last: `${client.sandbox.url}api/notification-handlers?page=1`,
        next: null,
        prev: null,
        self: `${client.sandbox.url}api/notification-handlers?page=1`,
      },
    });
  });

  it.each(['0', '5', '24', '2000', 'abc', '-10', '25.0', ''])('refuses results_per_page=%s with 400', async (value) => {
    const response = await client.get(`api/links?results_per_page=${value}`);
    expect(response.status).toBe(400);
    expect(titles(response.body, 400)[0]).toContain('results_per_page');
  });

  it.each(['0', '-1', 'two', '1.5', '99999999999'])('refuses page=%s with 400', async (value) => {
    const response = await client.get(`api/domains?page=${value}`);
    expect(response.status).toBe(400);
    expect(titles(response.body, 400)[0]).toContain('page');
  });
});
