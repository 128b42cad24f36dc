// A listed page as it crosses from main to the window (contract/listed-page.ts): its text is the
// rows' JSON (so its hash is the one the window compares pages by), heads come only with a page of
// links, and a page whose parts disagree is not taken for one.
import { describe, expect, it } from 'vitest';
import { headAt, isListedPage, linkHeads, listedPage, rowsHash, type Link, type ListEnvelope } from '../../../src-preload/contract/index.ts';
import { fullRawLink } from '../../support/real-service.ts';
import { normaliseLink } from '../../../src-main/service/normalise-link.ts';

/** The keys of `value` that are there, as they are. */
const pick = (value: object, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => key in value).map((key) => [key, (value as Record<string, unknown>)[key]]));
const meta = { page: 2, results_per_page: 1000, total: 1003, total_pages: 2 };
const links = [1, 2, 3].map((id) => normaliseLink(fullRawLink(id)));
const envelope = (data: unknown[]): ListEnvelope<unknown> => ({ data, meta, links: { first: '', last: null, next: null, prev: null, self: '' } });

describe('a listed page', () => {
  it("is its rows' JSON with each row's end and the text's hash, and heads for a page of links", () => {
    const page = listedPage(envelope(links));
    expect(page.text).toBe(JSON.stringify(links));
    expect(page.hash).toBe(rowsHash(links));
    expect(page.ends.map((end, i) => JSON.parse(page.text.slice(i === 0 ? 1 : page.ends[i - 1]! + 1, end)) as Link)).toEqual(links);
    expect(page.heads!.id).toEqual([1, 2, 3]);
    expect(links.map((_link, i) => headAt(page.heads!, i))).toEqual(
      links.map((link) => ({
        ...pick(link, ['id', 'url', 'location_url', 'domain_id', 'clicks', 'start_date', 'end_date', 'is_enabled', 'datetime']),
        settings: pick(link.settings, ['password', 'schedule', 'clicks_limit']),
      })),
    );
    expect(page.meta).toBe(meta);
    expect(isListedPage(page)).toBe(true);
  });

  it('has no heads when a row is no link, and an empty page is one too', () => {
    const other = { ...links[1]!, type: 'bio' };
    expect(listedPage(envelope([links[0], other])).heads).toBeUndefined();
    const empty = listedPage(envelope([]));
    expect(empty).toMatchObject({ text: '[]', ends: [], heads: linkHeads([]) });
    expect(isListedPage(empty)).toBe(true);
  });

  it('is refused when its parts disagree', () => {
    const page = listedPage(envelope(links));
    expect(isListedPage({ ...page, ends: page.ends.slice(1) })).toBe(false);
    expect(isListedPage({ ...page, heads: { ...page.heads!, url: page.heads!.url.slice(1) } })).toBe(false);
    expect(isListedPage({ ...page, heads: { ...page.heads!, clicks: undefined } })).toBe(false);
    expect(isListedPage({ ...page, text: `${page.text} ` })).toBe(false);
    expect(isListedPage({ ...page, hash: undefined })).toBe(false);
    expect(isListedPage({ ...page, meta: null })).toBe(false);
    expect(isListedPage('[]')).toBe(false);
  });
});
