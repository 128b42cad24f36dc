// The hash of each listed page of links: a links pull leaves a page it lists exactly as stored
// (same text) alone, so a second pull with nothing changed neither reads nor writes a row
// (mirror/link-rows.ts keeps each page's hash with its ids).
import type { ServerRow } from './mirror/rows.ts';
import { pageText } from './mirror/page-text.ts';

/**
 * A 64-bit hash of each page's rows as JSON (the same rows, listed alike, give the same text),
 * with the text's length. Synchronous on purpose: an asynchronous digest (crypto.subtle) resolves
 * whenever its thread is done, and a seeded chaos run must replay the same interleavings.
 */
export function pageHashes(pages: readonly (readonly ServerRow[] | undefined)[]): string[] {
  return pages.map((rows) => (rows ? pageHash(rows) : ''));
}

export function pageHash(rows: readonly ServerRow[]): string {
  return textHash(pageText(rows).text);
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
