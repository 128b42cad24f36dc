// What page 1 says of a listing's size, held to what it holds (issue #36 item 6): honest shapes
// (a service with smaller pages than asked for, one that sends everything on page 1, an empty
// list) pass as before; claims that cannot be true, or are past what Linkdock reads, fail in words.
import { describe, expect, it } from 'vitest';
import { MAX_LISTING_PAGES, pagesOfListing, shortPage } from '../../../src-renderer/sync/listing-bounds.ts';

const meta = (total: number, total_pages: number) => ({ page: 1, results_per_page: 1000, total, total_pages });

describe('a listing’s size from page 1', () => {
  it('takes honest answers as they come', () => {
    expect(pagesOfListing('links', meta(0, 0), 0, 1000)).toBe(1);
    expect(pagesOfListing('links', meta(3, 1), 3, 1000)).toBe(1);
    expect(pagesOfListing('links', meta(2500, 3), 1000, 1000)).toBe(3);
    // A service that pages by 100 whatever it is asked: its own count of pages.
    expect(pagesOfListing('links', meta(5000, 50), 100, 1000)).toBe(50);
    // One that sends every row on page 1.
    expect(pagesOfListing('links', meta(1500, 1), 1500, 1000)).toBe(2);
    expect(pagesOfListing('links', meta(MAX_LISTING_PAGES * 1000, MAX_LISTING_PAGES), 1000, 1000)).toBe(MAX_LISTING_PAGES);
  });

  it('refuses what page 1 contradicts, or what is past the bound, in words', () => {
    expect(() => pagesOfListing('links', meta(1e15, 1e12), 0, 1000)).toThrow(
      'The service’s links list does not add up: page 1 is empty, yet it says there are 1,000,000,000,000,000 links on 1,000,000,000,000 pages. Nothing of it was applied; Linkdock will try again.',
    );
    expect(() => pagesOfListing('domains', meta(3, 1e15), 3, 1000)).toThrow(/: it says 1,000,000,000,000,000 pages for 3 domains at 3 a page\./);
    expect(() => pagesOfListing('handlers', meta(1e15, 1e12), 1000, 1000)).toThrow(
      /notification handlers list does not add up: it says there are 1,000,000,000,000,000 notification handlers on 1,000,000,000,000 pages, more than the 2,000,000 Linkdock reads\./,
    );
    expect(() => pagesOfListing('links', meta(MAX_LISTING_PAGES * 1000 + 1, MAX_LISTING_PAGES + 1), 1000, 1000)).toThrow(/more than the 2,000,000/);
  });

  it('holds each page before the last to page 1’s size', () => {
    expect(shortPage('links', 2, 1000, 3, 1000)).toBeNull();
    expect(shortPage('links', 3, 5, 3, 1000)).toBeNull();
    expect(shortPage('links', 2, 999, 3, 1000)?.message).toMatch(/: page 2 of 3 holds 999 links, page 1 holds 1,000\./);
  });
});
