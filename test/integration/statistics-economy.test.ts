// The statistics scheduler never spends more than the budget allows: over two simulated hours of a
// workspace sharing its 60 requests a minute with sync, no request is refused for the rate limit,
// the background stays within its share, and a link opened on screen is complete within a minute.
// (`npm run bench` runs the same at 100,000 links and reports the figures.)
import { describe, expect, it } from 'vitest';
import { BACKGROUND_PER_MINUTE } from '../../src-renderer/sync/statistics/policy.ts';
import { measureStatisticsEconomy } from '../support/statistics-economy.ts';

describe('statistics within the request budget', () => {
  it('2,000 links, 5 pinned, two hours: no refusal, at most the background share a minute, the link on screen first', async () => {
    const result = await measureStatisticsEconomy({ links: 2_000, pinned: 5, hours: 2 });
    expect(result.refusals).toBe(0);
    expect(result.peakPerMinute.background).toBeLessThanOrEqual(BACKGROUND_PER_MINUTE);
    expect(result.peakWindow).toBeLessThanOrEqual(60);
    expect(result.perHour[0]!.background).toBeLessThanOrEqual(BACKGROUND_PER_MINUTE * 60);
    // Everything due was fetched in the first hour: pinned and top links' overviews, breakdowns of pinned and the top ten.
    expect(result.cachedAfterFirstHour).toEqual({ overviews: 5 + 50 + 1, breakdowns: 5 + 10 + 1 });
    expect(result.onScreen.requests).toBeGreaterThan(0);
    expect(result.onScreen.seconds).toBeLessThanOrEqual(60);
    // Later, only what was clicked again (and is old enough) is fetched again.
    expect(result.perHour[1]!.background).toBeLessThan(result.perHour[0]!.background);
  }, 120_000);
});
