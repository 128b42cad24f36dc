// The hash of a listed page's text (contract page-hash.ts): the window and main must get the same
// hash from the same text whatever they hashed before it (the hash reuses one buffer), and a
// different text, however small the difference and wherever it is, must not pass for it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsHash, textHash } from '../../../src-preload/contract/index.ts';

/** JSON texts as pages are: any JSON value, strings with any code point (JSON escapes lone surrogates). */
const jsonText = fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null');

describe('page hash', () => {
  it('is the same for the same text, whatever was hashed before it', () => {
    fc.assert(
      fc.property(jsonText, fc.array(fc.string({ unit: 'binary', maxLength: 5000 }), { maxLength: 3 }), (text, before) => {
        const alone = textHash(text);
        for (const other of before) textHash(other);
        expect(textHash(text)).toBe(alone);
      }),
      { seed: 1907, numRuns: 300 },
    );
  });

  it('tells apart texts one unit apart, at any place, in any script', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
        fc.nat(),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }),
        (text, at, put) => {
          const i = at % text.length;
          const changed = text.slice(0, i) + put + text.slice(i + 1);
          fc.pre(changed !== text);
          expect(textHash(changed)).not.toBe(textHash(text));
        },
      ),
      { seed: 1908, numRuns: 1000 },
    );
  });

  it('covers every byte of a long text, the last few too', () => {
    const text = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, url: `alias-${i}`, location_url: `https://example.com/ünïcode/${i}` })));
    const hashes = new Set([textHash(text)]);
    for (const i of [0, 1, 2, 3, Math.floor(text.length / 2), text.length - 3, text.length - 2, text.length - 1]) {
      hashes.add(textHash(`${text.slice(0, i)}${text[i] === 'x' ? 'y' : 'x'}${text.slice(i + 1)}`));
    }
    expect(hashes.size).toBe(9);
    // Longer than the reused buffer holds: hashed as well, and the same each time.
    const huge = 'é'.repeat(2_100_000);
    expect(textHash(huge)).toBe(textHash(huge));
    expect(textHash(huge)).not.toBe(textHash(`${huge.slice(1)}e`));
    expect(textHash(huge)).toMatch(/\.2100000$/);
  });

  it('hashes a page from its rows as JSON.stringify writes them', () => {
    const rows = [
      { id: 1, url: 'a' },
      { id: 2, url: 'b' },
    ];
    expect(rowsHash(rows)).toBe(textHash('[{"id":1,"url":"a"},{"id":2,"url":"b"}]'));
  });
});
