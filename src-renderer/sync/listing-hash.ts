// The hash of each listed page of links: a links pull leaves a page it lists exactly as stored
// (same text) alone, so a second pull with nothing changed neither reads nor writes a row
// (mirror/link-rows.ts keeps each page's hash with its ids).
import type { ServerRow } from './mirror/rows.ts';
import { rowsHash } from '../../src-preload/contract/index.ts';

/** The hash of each page's rows as JSON (the contract's, page-hash.ts: main takes the same). */
export function pageHashes(pages: readonly (readonly ServerRow[] | undefined)[]): string[] {
  return pages.map((rows) => (rows ? rowsHash(rows) : ''));
}
