// @vitest-environment happy-dom
// A breakdown far longer than any real service sends (issue #36 item 7): 200,000 values made the
// bars spread into Math.max (a stack overflow), and such an answer cached in the mirror by an older
// build blanked the app on every start. The bars take any length; what a screen reads of the cache
// is bounded to the contract's STATISTICS_ACCEPTED_ROWS, and the card says how many were left out.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STATISTICS_ACCEPTED_ROWS } from '../../../../src-preload/contract/index.ts';
import { bars } from '../../../../src-renderer/features/analytics/analytics-model.ts';
import { HourBars, RankedBars } from '../../../../src-renderer/features/analytics/Bars.tsx';
import { BreakdownCard } from '../../../../src-renderer/features/analytics/BreakdownCard.tsx';
import { sparklinePoints } from '../../../../src-renderer/features/links/click-history.ts';
import { pickBreakdown, type BreakdownRecord } from '../../../../src-renderer/sync/index.ts';

afterEach(() => cleanup());

const COUNT = 200_000;
const range = { startDate: '2026-06-01', endDate: '2026-06-30' };
const record: BreakdownRecord = {
  clientId: 'c1',
  serverId: 1,
  type: 'country_code',
  ...range,
  fetchedAt: Date.now(),
  clicks: null,
  rows: Array.from({ length: COUNT }, (_, i) => ({ key: `value-${i}`, clicks: COUNT - i })),
};

describe('200,000 statistics rows', () => {
  it('ranked bars draw them without overflowing the stack (the first 8, then Show all)', () => {
    render(<RankedBars bars={bars('referrer_host', record.rows).bars} label="Referrers" />);
    expect(within(screen.getByRole('list', { name: 'Referrers' })).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('button', { name: `Show all ${COUNT} referrers` })).toBeTruthy();
  });

  it('an hour of day breakdown of 200,000 rows draws its 24 hours', () => {
    const hours = record.rows.map((row, i) => ({ key: String(i % 24), clicks: row.clicks }));
    render(<HourBars bars={bars('hour', hours).bars} />);
    expect(within(screen.getByRole('list', { name: 'Clicks by hour of day' })).getAllByRole('listitem')).toHaveLength(24);
  });

  it('a click history of 200,000 samples draws its sparkline', () => {
    const samples = Array.from({ length: COUNT }, (_, i) => ({ clicks: i }));
    expect(sparklinePoints(samples, 100, 20).split(' ')).toHaveLength(COUNT);
  });

  it('a cached breakdown that long shows its first rows, and says how many were left out', () => {
    const picked = pickBreakdown([record], 'country_code', range)!;
    expect(picked.record.rows).toHaveLength(STATISTICS_ACCEPTED_ROWS);
    expect(picked.record.dropped).toBe(COUNT - STATISTICS_ACCEPTED_ROWS);
    render(<BreakdownCard type="country_code" picked={picked} emptyText="" now={Date.now()} />);
    expect(screen.getByText('Showing the first 1,000 rows the service sent; 199,000 more were left out.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show all 1000 countries' })).toBeTruthy();
  });
});
