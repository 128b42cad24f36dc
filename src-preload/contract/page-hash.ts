// The hash of a listed page: its rows as one JSON text (`JSON.stringify(rows)`). The window keeps
// it with each page it stores; main, told those hashes, hands over a page whose rows hash the same
// as only its ids and click counts (#19: a pull with nothing changed moves no rows to the window).

/** Texts up to this many UTF-16 units are encoded into one reused buffer (at most 3 bytes a unit). */
const SCRATCH_UNITS = 2_000_000;
let scratch = new Uint8Array(0);
const encoder = new TextEncoder();

/**
 * Two 32-bit multiply-xorshift lanes (cyrb53's mixing, both lanes kept) over the text's UTF-8
 * bytes four at a time, with the text's length. The bytes are the text without loss: JSON has no
 * lone surrogate (JSON.stringify escapes them), and a page's text is JSON. Four bytes a step
 * after one native encoding take about a third of the time one UTF-16 unit a step did (a first
 * pull hashes 100 pages of ~850,000 units). Synchronous on purpose: an asynchronous digest
 * (crypto.subtle) resolves whenever its thread is done, and a seeded chaos run must replay the
 * same interleavings.
 */
export function textHash(text: string): string {
  const capacity = text.length * 3 + 4;
  let bytes: Uint8Array;
  if (capacity <= SCRATCH_UNITS * 3 + 4) {
    if (scratch.length < capacity) scratch = new Uint8Array(Math.max(capacity, Math.min(scratch.length * 2, SCRATCH_UNITS * 3 + 4)));
    bytes = scratch;
  } else bytes = new Uint8Array(capacity);
  const length = encoder.encodeInto(text, bytes).written;
  // (The platform's byte order: main and the window that compare hashes run on the same machine.)
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, length >>> 2);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < words.length; i++) {
    const c = words[i]!;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  for (let i = words.length << 2; i < length; i++) {
    const c = bytes[i]!;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h1 >>> 0).toString(16)}.${(h2 >>> 0).toString(16)}.${text.length}`;
}

/** A page's hash from its rows. */
export const rowsHash = (rows: readonly unknown[]): string => textHash(JSON.stringify(rows));
