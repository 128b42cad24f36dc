// What a service says about a listing's size, held to what it sent (issue #36 item 6). Page 1's
// `total` and `total_pages` decide how many pages are read: a service claiming 10^15 links made the
// pull build every page number in one loop, and the window stopped answering on every sync. A
// claim is now checked against page 1 and a bound before any other page is asked for, and each
// page as it arrives: a listing that contradicts itself ends with a plain error (pure).
import type { ListMeta } from '../../src-preload/contract/index.ts';
import type { PageRows } from './listed-pages.ts';
import type { ResourceName } from './types.ts';

/**
 * Pages one listing may have: 2,000,000 rows at 1,000 a page. Main reads at most 2,000 pages for a
 * listing (the contract's `listing.start`), so no longer listing could be read before either.
 */
export const MAX_LISTING_PAGES = 2000;

const NOUNS: Record<ResourceName, string> = { links: 'links', domains: 'domains', handlers: 'notification handlers' };
const figure = (value: number) => value.toLocaleString('en');

/** A listing whose sizes cannot all be true, or cannot be read: nothing of it is applied. */
export class ListingContradictionError extends Error {
  constructor(resource: ResourceName, detail: string) {
    super(`The service’s ${NOUNS[resource]} list does not add up: ${detail}. Nothing of it was applied; Linkdock will try again.`);
    this.name = 'ListingContradictionError';
  }
}

/** Rows a page holds as the listing keeps it (rows, a links page's ids, or an unchanged page's ids). */
export function rowCount(page: PageRows | { ids: readonly number[] }): number {
  return Array.isArray(page) ? page.length : page.ids.length;
}

/**
 * How many pages the listing has, from page 1's meta and how many rows page 1 holds. Throws when
 * the claim contradicts page 1 (an empty page 1 with more pages, more pages than the total fills
 * at page 1's size) or is past what Linkdock reads.
 */
export function pagesOfListing(resource: ResourceName, meta: ListMeta, firstRows: number, pageSize: number): number {
  const noun = NOUNS[resource];
  const claimed = Math.max(meta.total_pages, Math.ceil(meta.total / pageSize), 1);
  if (claimed > 1 && firstRows === 0) {
    throw new ListingContradictionError(resource, `page 1 is empty, yet it says there are ${figure(meta.total)} ${noun} on ${figure(claimed)} pages`);
  }
  if (firstRows > 0 && meta.total_pages > Math.max(1, Math.ceil(meta.total / firstRows))) {
    throw new ListingContradictionError(resource, `it says ${figure(meta.total_pages)} pages for ${figure(meta.total)} ${noun} at ${figure(firstRows)} a page`);
  }
  if (claimed > MAX_LISTING_PAGES) {
    throw new ListingContradictionError(
      resource,
      `it says there are ${figure(meta.total)} ${noun} on ${figure(claimed)} pages, more than the ${figure(MAX_LISTING_PAGES * pageSize)} Linkdock reads`,
    );
  }
  return claimed;
}

/**
 * A page before the last with fewer rows than page 1 contradicts the listing (its total held, so no
 * rows moved); null when it does not. Checked as each page arrives, so a listing claiming pages it
 * does not have stops at the first one missing rather than asking for every page it claimed.
 */
export function shortPage(resource: ResourceName, page: number, rows: number, pages: number, firstRows: number): ListingContradictionError | null {
  if (page <= 1 || page >= pages || rows >= firstRows) return null;
  return new ListingContradictionError(
    resource,
    `page ${figure(page)} of ${figure(pages)} holds ${figure(rows)} ${NOUNS[resource]}, page 1 holds ${figure(firstRows)}`,
  );
}

/** A page the listing says it has was answered as not found. */
export function missingPage(resource: ResourceName, page: number, pages: number): ListingContradictionError {
  return new ListingContradictionError(resource, `it says there are ${figure(pages)} pages, but page ${figure(page)} is not there`);
}
