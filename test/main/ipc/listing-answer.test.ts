// A listing's answer as it leaves main (listing-answer.ts): pages of rows become listed pages made
// of rows cleaned of the keys main holds. A page the text probe clears is exactly the page made of
// the rows as they are; a page holding a key is made of its cleaned rows; a page that already is
// text cannot be cleaned without breaking where its rows end, and is refused.
import { describe, expect, it } from 'vitest';
import { listingAnswer } from '../../../src-main/ipc/listing-answer.ts';
import { normaliseLink } from '../../../src-main/service/normalise-link.ts';
import { redactSecrets } from '../../../src-main/security/redact.ts';
import { listedPage, textHash, type Link, type ListEnvelope, type ListingPage } from '../../../src-preload/contract/index.ts';
import { fullRawLink } from '../../support/real-service.ts';

const KEY = 'sk_live_0123456789abcdef0123';
const meta = { page: 2, results_per_page: 1000, total: 1003, total_pages: 2 };
const envelope = (data: unknown[]): ListEnvelope<unknown> => ({ data, meta, links: { first: '', last: null, next: null, prev: null, self: '' } });
const answer = (pages: ListingPage[]) => listingAnswer({ pages, done: false, failure: null }, [KEY]);

describe('a listing answer', () => {
  it('hands a page that holds no key over as the listed page of its rows, as they are', () => {
    const rows = [1, 2, 3].map((id) => normaliseLink(fullRawLink(id)));
    const [page] = answer([{ page: 2, envelope: envelope(rows) }]).pages;
    expect(page).toEqual({ page: 2, listed: listedPage(envelope(rows)) });
  });

  it('makes a page that holds a key of its cleaned rows', () => {
    const rows = [1, 2].map((id) => normaliseLink(fullRawLink(id, { url: id === 2 ? `promo-${KEY}` : 'promo' })));
    const [page] = answer([{ page: 2, envelope: envelope(rows) }]).pages;
    const { text, hash } = (page as { listed: { text: string; hash: string } }).listed;
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text)).toEqual(redactSecrets(rows, [KEY]) as Link[]);
    expect((JSON.parse(text) as Link[])[1]!.url).toBe('promo-[redacted]');
    expect(hash).toBe(textHash(text));
  });

  it('cleans the rest of the answer too, and leaves unchanged pages as they are', () => {
    const unchanged = { page: 3, unchanged: { hash: 'h', meta, ids: [4], clicks: [0] } };
    const cleaned = listingAnswer({ pages: [unchanged], done: true, failure: { page: 4, error: { kind: 'server', message: `echo ${KEY}` } } }, [KEY]);
    expect(cleaned.pages).toEqual([unchanged]);
    expect(cleaned.failure?.error.message).toBe('echo [redacted]');
  });

  it("cleans a failure's text of any bearer token, as every other call's error (the rows keep theirs)", () => {
    const echoed = 'Bearer 0f1e2d3c4b5a69788796a5b4';
    const rows = [normaliseLink(fullRawLink(1, { name: `fetch with ${echoed}` }))];
    const cleaned = listingAnswer(
      {
        pages: [{ page: 2, envelope: envelope(rows) }],
        done: true,
        failure: { page: 3, error: { kind: 'server', message: `The service said: ${echoed} is not valid` } },
      },
      [KEY],
    );
    expect(cleaned.failure?.error.message).toBe('The service said: Bearer [redacted] is not valid');
    expect(cleaned.pages).toEqual([{ page: 2, listed: listedPage(envelope(rows)) }]);
    expect((cleaned.pages[0] as { listed: { text: string } }).listed.text).toContain(echoed);
  });

  it('refuses a page that is text already: it could not be cleaned', () => {
    const listed = listedPage(envelope([normaliseLink(fullRawLink(1))]));
    expect(() => answer([{ page: 2, listed }])).toThrow(/before its rows were cleaned/);
  });
});
