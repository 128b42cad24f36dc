// Client ids: random (version 4) UUIDs from a pool of random bytes. A first pull names 100,000
// rows, and Chromium's crypto.randomUUID costs ~2.9 µs a call there (0.29 s of one task stretch
// at 100,000). A pool's 1,024 ids are written as one string and each id handed out is a slice of
// it: an id joined from 20 pieces is a rope that the first map keyed by it (the list's index)
// must flatten, which cost that map's 100,000 entries twice as long as the ids took to make.

const HEX = new TextEncoder().encode('0123456789abcdef');
const POOL_BYTES = 16 * 1024;
const IDS_PER_POOL = POOL_BYTES / 16;
const ID_LENGTH = 36;
/** Where each of the 16 bytes' two hex digits go in an id (dashes after bytes 4, 6, 8 and 10). */
const DIGIT_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const DASH_AT = [8, 13, 18, 23];

/** A generator of v4 UUIDs; `fill` draws random bytes (crypto.getRandomValues). */
export function uuidGenerator(fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): () => string {
  const pool = new Uint8Array(POOL_BYTES);
  const text = new Uint8Array(IDS_PER_POOL * ID_LENGTH);
  const decoder = new TextDecoder();
  let ids = '';
  let at = IDS_PER_POOL;
  const draw = () => {
    fill(pool);
    for (let k = 0; k < IDS_PER_POOL; k++) {
      const from = k * 16;
      const to = k * ID_LENGTH;
      // Version 4 in the 7th byte's high nibble, the RFC 4122 variant in the 9th byte's top bits.
      pool[from + 6] = (pool[from + 6]! & 0x0f) | 0x40;
      pool[from + 8] = (pool[from + 8]! & 0x3f) | 0x80;
      for (let j = 0; j < 16; j++) {
        const byte = pool[from + j]!;
        text[to + DIGIT_AT[j]!] = HEX[byte >> 4]!;
        text[to + DIGIT_AT[j]! + 1] = HEX[byte & 0x0f]!;
      }
      for (const dash of DASH_AT) text[to + dash] = 0x2d;
    }
    ids = decoder.decode(text);
    at = 0;
  };
  return () => {
    if (at === IDS_PER_POOL) draw();
    const start = at++ * ID_LENGTH;
    return ids.slice(start, start + ID_LENGTH);
  };
}

/** The renderer's client ids. */
export const newClientId = uuidGenerator();
