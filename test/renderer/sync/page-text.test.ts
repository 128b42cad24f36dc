// A page's text with where each row ends (contract/page-text.ts): the same text JSON.stringify makes
// of the rows (so its hash is the listing's), and each row read back alone as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageText, rowOfText } from '../../../src-preload/contract/index.ts';

describe('page text', () => {
  it('is JSON.stringify of the rows, and each row parses back alone', () => {
    const row = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const page = pageText(rows);
        expect(page.text).toBe(JSON.stringify(rows));
        expect(page.ends).toHaveLength(rows.length);
        rows.forEach((expected, i) => expect(rowOfText(page, i)).toEqual(JSON.parse(JSON.stringify(expected))));
      }),
      { seed: 2611, numRuns: 300 },
    );
  });
});
