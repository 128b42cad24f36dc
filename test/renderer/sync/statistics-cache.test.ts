// Statistics in the mirror: overviews merged per day (the newest answer wins), breakdowns kept per
// day range (a few per type), what a range shows with how much is cached and how old it is, and
// statistics of links that left the mirror dropped.
import { afterEach, describe, expect, it } from 'vitest';
import type { Statistics } from '../../../src-preload/contract/index.ts';
import {
  dailySeries,
  dropOrphanStatistics,
  mergeOverview,
  pickBreakdown,
  RANGES_KEPT_PER_TYPE,
  readLinkCache,
  storeStatistics,
} from '../../../src-renderer/sync/statistics/cache.ts';
import { addDays } from '../../../src-preload/contract/index.ts';
import { dailyFromSamples } from '../../../src-renderer/sync/statistics/fallback.ts';
import { rangeDays } from '../../../src-renderer/sync/statistics/days.ts';
import type { MirrorDb } from '../../../src-renderer/sync/mirror/db.ts';
import { freshDb } from './helpers.ts';

const link = { clientId: 'c1', serverId: 7, clicks: 10 };
const overview = (startDate: string, endDate: string, clicksPerDay: number): Extract<Statistics, { type: 'overview' }> => ({
  linkId: 7,
  startDate,
  endDate,
  type: 'overview',
  rows: rangeDays({ startDate, endDate }).map((date) => ({ date, label: date, pageviews: clicksPerDay, visitors: 1 })),
});
const countries = (startDate: string, endDate: string): Statistics => ({
  linkId: 7,
  startDate,
  endDate,
  type: 'country_code',
  rows: [
    { value: 'DE', pageviews: 3 },
    { value: null, pageviews: 1 },
  ],
});

let db: MirrorDb;
afterEach(() => db?.close());

describe('overviews', () => {
  it('merges answers per day: the newer answer wins its days, older days stay', () => {
    const first = mergeOverview(undefined, link, overview('2026-01-01', '2026-01-10', 2), 1000);
    const second = mergeOverview(first, { ...link, clicks: 12 }, overview('2026-01-08', '2026-01-12', 5), 2000);
    expect(second.days['2026-01-01']).toEqual([2, 1]);
    expect(second.days['2026-01-08']).toEqual([5, 1]);
    expect(second.days['2026-01-12']).toEqual([5, 1]);
    expect(second.spans.map((s) => [s.startDate, s.endDate, s.fetchedAt, s.clicks])).toEqual([
      ['2026-01-01', '2026-01-10', 1000, 10],
      ['2026-01-08', '2026-01-12', 2000, 12],
    ]);
    // A fetch inside a newer one says nothing the newer one does not: it is dropped.
    const third = mergeOverview(second, link, overview('2026-01-01', '2026-01-12', 1), 3000);
    expect(third.spans.map((s) => s.fetchedAt)).toEqual([3000]);
  });

  it('a range shows its cached days, the others as not known, and the age of the oldest answer it uses', () => {
    const record = mergeOverview(
      mergeOverview(undefined, link, overview('2026-01-01', '2026-01-05', 2), 1000),
      link,
      overview('2026-01-04', '2026-01-06', 3),
      5000,
    );
    const series = dailySeries(record, { startDate: '2026-01-03', endDate: '2026-01-08' });
    expect(series.days).toEqual(['2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08']);
    expect(series.clicks).toEqual([2, 3, 3, 3, null, null]);
    expect(series.covered).toBe(4);
    expect(series.fetchedAt).toBe(1000);
    expect(dailySeries(undefined, { startDate: '2026-01-03', endDate: '2026-01-04' })).toMatchObject({ clicks: [null, null], covered: 0, fetchedAt: null });
  });
});

describe('breakdowns', () => {
  it('keeps each type per day range; a range shows its own, else the newest of the same length', async () => {
    db = freshDb();
    await storeStatistics(db, link, countries('2026-01-01', '2026-01-30'), 1000);
    await storeStatistics(db, link, countries('2026-01-02', '2026-01-31'), 2000);
    const { ranges } = await readLinkCache(db, 'c1');
    expect(ranges).toHaveLength(2);
    expect(ranges[0]!.rows).toEqual([
      { key: 'DE', clicks: 3 },
      { key: null, clicks: 1 },
    ]);
    expect(pickBreakdown(ranges, 'country_code', { startDate: '2026-01-01', endDate: '2026-01-30' })).toMatchObject({
      exact: true,
      record: { fetchedAt: 1000 },
    });
    // The next day: yesterday's 30 days stand in, and say so (not exact).
    expect(pickBreakdown(ranges, 'country_code', { startDate: '2026-01-03', endDate: '2026-02-01' })).toMatchObject({
      exact: false,
      record: { endDate: '2026-01-31' },
    });
    // Another length is not the same figure: nothing to show.
    expect(pickBreakdown(ranges, 'country_code', { startDate: '2026-01-25', endDate: '2026-01-31' })).toBeNull();
    expect(pickBreakdown(ranges, 'city_name', { startDate: '2026-01-01', endDate: '2026-01-30' })).toBeNull();
  });

  it('stores the hour of day by hour, and keeps only the newest few ranges per type', async () => {
    db = freshDb();
    await storeStatistics(db, link, { linkId: 7, startDate: '2026-01-01', endDate: '2026-01-01', type: 'hour', rows: [{ hour: 9, pageviews: 4 }] }, 1);
    for (let i = 0; i < RANGES_KEPT_PER_TYPE + 2; i++) await storeStatistics(db, link, countries('2026-01-01', addDays('2026-01-01', i)), 100 + i);
    const { ranges } = await readLinkCache(db, 'c1');
    expect(ranges.find((r) => r.type === 'hour')!.rows).toEqual([{ key: '9', clicks: 4 }]);
    const kept = ranges.filter((r) => r.type === 'country_code').map((r) => r.fetchedAt);
    expect(kept.sort()).toEqual([102, 103, 104, 105]);
  });

  it("drops the statistics of links the mirror no longer has, and keeps the others'", async () => {
    db = freshDb();
    await db.links.put({
      clientId: 'c1',
      serverId: 7,
      base: null,
      baseIsProvisional: false,
      local: {},
      writeOnly: {},
      deletedLocally: false,
      missingCount: 0,
      updatedAt: 0,
    });
    await storeStatistics(db, link, overview('2026-01-01', '2026-01-02', 1), 1);
    await storeStatistics(db, { ...link, clientId: 'gone' }, overview('2026-01-01', '2026-01-02', 1), 1);
    await storeStatistics(db, { ...link, clientId: 'gone' }, countries('2026-01-01', '2026-01-02'), 1);
    expect(await dropOrphanStatistics(db)).toBe(1);
    expect(await db.statisticsDays.toCollection().primaryKeys()).toEqual(['c1']);
    expect(await db.statisticsRanges.count()).toBe(0);
  });
});

describe("Linkdock's own click samples (a service without statistics)", () => {
  it('counts each rise on the day the later sync saw it; days before the first sample are not known', () => {
    const at = (iso: string) => Date.parse(iso);
    const samples = [
      { clientId: 'c1', serverId: 7, at: at('2026-01-02T10:00:00Z'), clicks: 5 },
      { clientId: 'c1', serverId: 7, at: at('2026-01-03T10:00:00Z'), clicks: 8 },
      { clientId: 'c1', serverId: 7, at: at('2026-01-03T23:30:00Z'), clicks: 9 }, // already 4 Jan in Berlin
    ];
    const series = dailyFromSamples(samples, { startDate: '2026-01-01', endDate: '2026-01-05' }, 'Europe/Berlin', at('2026-01-04T12:00:00Z'));
    expect(series.clicks).toEqual([null, 0, 3, 1, null]);
    expect(series.visitors).toEqual([null, null, null, null, null]);
    expect(series.covered).toBe(3);
  });
});
