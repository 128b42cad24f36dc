// The analytics screens' figures and words: change against the period before, ranked bars with
// shares, values in words, what the overview adds up, where figures come from and how old they
// are, and the CSV of what is shown (unknown cells empty, never 0).
import { describe, expect, it } from 'vitest';
import { bars, change, percent, resolveRange, totals, valueLabel } from '../../../../src-renderer/features/analytics/analytics-model.ts';
import { analyticsCsv } from '../../../../src-renderer/features/analytics/csv-export.ts';
import { ageText, freshness, type FreshnessInput } from '../../../../src-renderer/features/analytics/freshness.ts';
import { sumBreakdowns, sumDaily } from '../../../../src-renderer/features/analytics/overview-model.ts';
import type { BreakdownRecord, DailySeries, DailyStatisticsRecord } from '../../../../src-renderer/sync/index.ts';

const NOW = Date.parse('2026-01-15T09:30:00Z');
const series = (clicks: (number | null)[], visitors: (number | null)[] = clicks.map(() => null)): DailySeries => ({
  days: clicks.map((_, i) => `2026-01-0${i + 1}`),
  clicks,
  visitors,
  covered: clicks.filter((v) => v !== null).length,
  fetchedAt: NOW - 3_600_000,
});

describe('figures', () => {
  it('periods: presets end today; custom as typed', () => {
    expect(resolveRange({ kind: 'preset', days: 7 }, '2026-01-15')).toEqual({ startDate: '2026-01-09', endDate: '2026-01-15' });
    expect(resolveRange({ kind: 'custom', range: { startDate: '2025-12-01', endDate: '2025-12-10' } }, '2026-01-15')).toEqual({
      startDate: '2025-12-01',
      endDate: '2025-12-10',
    });
  });

  it('totals count cached days only; a period with none cached has no total (not 0)', () => {
    expect(totals(series([1, null, 3], [1, null, 2]))).toEqual({ clicks: 4, visitors: 3, covered: 2 });
    expect(totals(series([null, null]))).toEqual({ clicks: null, visitors: null, covered: 0 });
  });

  it('says the change against the period before', () => {
    expect(change(120, 100)).toBe('+20%');
    expect(change(80, 100)).toBe('−20%');
    expect(change(100, 100)).toBe('no change');
    expect(change(5, 0)).toBe('up from none');
    expect(change(0, 0)).toBe('no change');
    expect(change(null, 3)).toBeNull();
  });

  it('ranks bars by clicks with their share; the hour of day in clock order, every hour', () => {
    const ranked = bars('country_code', [
      { key: null, clicks: 1 },
      { key: 'DE', clicks: 6 },
      { key: 'FR', clicks: 3 },
    ]);
    expect(ranked.total).toBe(10);
    expect(ranked.bars.map((b) => [b.label, b.clicks, percent(b.share)])).toEqual([
      ['Germany', 6, '60%'],
      ['France', 3, '30%'],
      ['Not known', 1, '10%'],
    ]);
    const hours = bars('hour', [
      { key: '9', clicks: 3 },
      { key: '0', clicks: 1 },
    ]);
    expect(hours.bars).toHaveLength(24);
    expect(hours.bars[0]).toMatchObject({ label: '00:00–01:00', clicks: 1, share: 0.25 });
    expect(hours.bars[9]).toMatchObject({ label: '09:00–10:00', clicks: 3 });
    expect(hours.bars[23]).toMatchObject({ label: '23:00–00:00', clicks: 0 });
  });

  it('names values in words', () => {
    expect(valueLabel('browser_language', 'de')).toBe('German');
    expect(valueLabel('referrer_host', null)).toBe('Direct (no referrer)');
    expect(valueLabel('utm_source', null)).toBe('No UTM tag');
    expect(valueLabel('device_type', 'mobile')).toBe('Mobile');
    expect(valueLabel('city_name', 'São Paulo')).toBe('São Paulo');
    expect(valueLabel('country_code', 'XX')).toBe('XX');
  });
});

describe('the workspace overview', () => {
  const record = (clientId: string, startDate: string, endDate: string, days: Record<string, [number, number]>, fetchedAt: number): DailyStatisticsRecord => ({
    clientId,
    serverId: 1,
    days,
    spans: [{ startDate, endDate, fetchedAt, clicks: 1 }],
  });

  it('adds up the days of the links that have them cached; a day none has is not known', () => {
    const a = record('a', '2026-01-01', '2026-01-02', { '2026-01-01': [2, 1], '2026-01-02': [3, 2] }, 100);
    const b = record('b', '2026-01-02', '2026-01-02', { '2026-01-02': [5, 5] }, 50);
    const c = record('c', '2025-06-01', '2025-06-02', {}, 10);
    const sum = sumDaily([a, b, c], { startDate: '2026-01-01', endDate: '2026-01-03' });
    expect(sum).toMatchObject({ clicks: [2, 8, null], visitors: [1, 7, null], covered: 2, links: 2, fetchedAt: 50 });
  });

  it('adds up breakdowns per value over the links that have one for the period', () => {
    const rec = (clientId: string, endDate: string, rows: BreakdownRecord['rows']): BreakdownRecord => ({
      clientId,
      serverId: 1,
      type: 'country_code',
      startDate: '2026-01-01',
      endDate,
      fetchedAt: 7,
      clicks: 1,
      rows,
    });
    const summed = sumBreakdowns(
      [
        rec('a', '2026-01-30', [{ key: 'DE', clicks: 2 }]),
        rec('b', '2026-01-30', [
          { key: 'DE', clicks: 1 },
          { key: 'FR', clicks: 4 },
        ]),
        rec('c', '2026-01-05', [{ key: 'FR', clicks: 9 }]),
      ],
      'country_code',
      { startDate: '2026-01-01', endDate: '2026-01-30' },
    );
    expect(summed.links).toBe(2);
    expect(new Map(summed.rows.map((r) => [r.key, r.clicks]))).toEqual(
      new Map([
        ['DE', 3],
        ['FR', 4],
      ]),
    );
  });
});

describe('where figures come from', () => {
  const base: FreshnessInput = {
    availability: 'available',
    connection: 'online',
    onScreen: null,
    cachedAt: NOW - 3 * 3_600_000,
    synced: true,
    lastSyncAt: NOW - 60_000,
    now: NOW,
  };
  it('always says how old, and never passes off what is not cached as nothing', () => {
    expect(freshness(base).text).toBe('Cached 3 h ago.');
    expect(freshness({ ...base, connection: 'offline' }).text).toBe('Offline: showing what is cached. Cached 3 h ago.');
    expect(freshness({ ...base, cachedAt: null, connection: 'offline' }).text).toBe('Offline, and nothing is cached for this period yet.');
    expect(freshness({ ...base, cachedAt: null, onScreen: { clientId: 'c', busy: true, problem: null, blockedUntil: null } }).text).toBe(
      'Not cached yet: loading statistics…',
    );
    expect(freshness({ ...base, onScreen: { clientId: 'c', busy: true, problem: null, blockedUntil: NOW + 42_000 } }).text).toBe(
      'Cached 3 h ago; the update waits for the service’s request limit (0:42).',
    );
    expect(freshness({ ...base, synced: false }).text).toMatch(/^Not synced yet/);
    expect(freshness({ ...base, availability: 'not-available' }).text).toMatch(
      /^Statistics are not available on this service\. Showing Linkdock’s own click counts/,
    );
    expect(ageText(NOW - 3 * 86_400_000, NOW)).toBe('3 days ago');
  });
});

describe('CSV of what is shown', () => {
  it('has the days (unknown cells empty), the period before and each breakdown with its share', () => {
    const csv = analyticsCsv({
      current: series([3, null], [2, null]),
      previous: series([1, 0]),
      breakdowns: [
        {
          type: 'country_code',
          picked: {
            exact: true,
            record: {
              clientId: 'c',
              serverId: 1,
              type: 'country_code',
              startDate: 'a',
              endDate: 'b',
              fetchedAt: 1,
              clicks: 4,
              rows: [{ key: 'DE', clicks: 4 }],
            },
          },
        },
        { type: 'city_name', picked: null },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'section,item,clicks,visitors,share',
      'Clicks per day,2026-01-01,3,2,',
      'Clicks per day,2026-01-02,,,',
      'Previous period,2026-01-01,1,,',
      'Previous period,2026-01-02,0,,',
      'Countries,Germany,4,,100%',
    ]);
  });
});
