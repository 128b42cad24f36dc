// What a pull of links left in the mirror, page by page: each listed page's hash (of its rows'
// canonical text) and the client id each of its rows has in the mirror. The next pull compares
// its pages with it: a page with the same hash has every row as the mirror holds it, so nothing
// of it is read, compared or written, and a second pull with nothing changed reads no row back.
// Kept in memory only, and trusted only while no other write to the links table (an edit, a push,
// a resolution, another window) has committed since it was made (mirror/row-feed.ts counts them):
// after a reload the first pull compares every row, as before.
import type { ServerRow } from './mirror/rows.ts';

export interface DigestPage {
  /** Empty when the page cannot be trusted (a row of it was held back from the mirror). */
  hash: string;
  serverIds: number[];
  clientIds: string[];
}

export interface ListingDigest {
  pages: DigestPage[];
  /** Mirror rows with a server id that the listing did not have (missed once, or kept for pending work). */
  others: Map<number, string>;
  /** The count of other link writes (row-feed otherLinkWrites) when it was made. */
  stamp: number;
}

/**
 * A 64-bit hash of each page's rows as JSON (the same rows, listed alike, give the same text),
 * with the text's length. Synchronous on purpose: an asynchronous digest (crypto.subtle) resolves
 * whenever its thread is done, and a seeded chaos run must replay the same interleavings.
 */
export function pageHashes(pages: readonly (readonly ServerRow[] | undefined)[]): string[] {
  return pages.map((rows) => (rows ? textHash(JSON.stringify(rows)) : ''));
}

/** Two 32-bit multiply-xorshift lanes over the UTF-16 code units (cyrb53's mixing, both lanes kept). */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h1 >>> 0).toString(16)}.${(h2 >>> 0).toString(16)}.${text.length}`;
}
