// The most-clicked ranking a links pull stores: the first `n` of the whole list sorted by clicks
// (most first, ties by server id, then as given), links without clicks left out.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rankMostClicked, type RankedLink } from '../../../../src-renderer/sync/statistics/most-clicked.ts';

const sorted = (links: readonly RankedLink[], n: number) =>
  links
    .filter((link) => link.clicks > 0)
    .sort((a, b) => b.clicks - a.clicks || a.serverId - b.serverId)
    .slice(0, n);

const linkArb = fc.record({ clientId: fc.string({ maxLength: 3 }), serverId: fc.integer({ min: 1, max: 40 }), clicks: fc.integer({ min: -1, max: 12 }) });

describe('most-clicked ranking', () => {
  it('is the first n of the links sorted by clicks, as a whole sort gives them', () => {
    fc.assert(
      fc.property(fc.array(linkArb, { maxLength: 300 }), fc.integer({ min: 0, max: 30 }), (links, n) => {
        expect(rankMostClicked(links, n)).toEqual(sorted(links, n));
      }),
      { seed: 2026, numRuns: 500 },
    );
  });

  it('keeps 100 of 100,000 clicked links', () => {
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
    const links = Array.from({ length: 100_000 }, (_, i) => ({ clientId: `c${i}`, serverId: i + 1, clicks: next() % 5000 }));
    const top = rankMostClicked(links);
    expect(top).toHaveLength(100);
    expect(top).toEqual(sorted(links, 100));
  });
});
