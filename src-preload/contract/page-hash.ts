// The hash of a listed page: its rows as one JSON text (`JSON.stringify(rows)`). The window keeps
// it with each page it stores; main, told those hashes, hands over a page whose rows hash the same
// as only its ids and click counts (#19: a pull with nothing changed moves no rows to the window).

/**
 * Two 32-bit multiply-xorshift lanes over the UTF-16 code units (cyrb53's mixing, both lanes
 * kept), with the text's length. Synchronous on purpose: an asynchronous digest (crypto.subtle)
 * resolves whenever its thread is done, and a seeded chaos run must replay the same interleavings.
 */
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

/** A page's hash from its rows. */
export const rowsHash = (rows: readonly unknown[]): string => textHash(JSON.stringify(rows));
