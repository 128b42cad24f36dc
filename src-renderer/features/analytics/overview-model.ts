// The workspace overview's figures from what is cached (pure): clicks per day summed over the links
// whose statistics are cached, and the referrers and countries of their breakdowns added up.
import {
  dailySeries,
  pickBreakdown,
  rangeDays,
  type BreakdownRecord,
  type BreakdownRow,
  type BreakdownType,
  type DailySeries,
  type DailyStatisticsRecord,
  type DayRange,
} from '../../sync/index.ts';

export interface SummedSeries extends DailySeries {
  /** Links with at least one cached day in the period. */
  links: number;
}

/** Per day, the sum over the links that have the day cached; a day none has stays not known. */
export function sumDaily(records: readonly DailyStatisticsRecord[], range: DayRange): SummedSeries {
  const days = rangeDays(range);
  const clicks: (number | null)[] = days.map(() => null);
  const visitors: (number | null)[] = days.map(() => null);
  let fetchedAt: number | null = null;
  let links = 0;
  for (const record of records) {
    const series = dailySeries(record, range);
    if (series.covered === 0) continue;
    links++;
    if (series.fetchedAt !== null) fetchedAt = fetchedAt === null ? series.fetchedAt : Math.min(fetchedAt, series.fetchedAt);
    series.clicks.forEach((value, i) => {
      if (value !== null) clicks[i] = (clicks[i] ?? 0) + value;
    });
    series.visitors.forEach((value, i) => {
      if (value !== null) visitors[i] = (visitors[i] ?? 0) + value;
    });
  }
  return { days, clicks, visitors, covered: clicks.filter((v) => v !== null).length, fetchedAt, links };
}

export interface SummedBreakdown {
  rows: BreakdownRow[];
  /** Links whose breakdown is counted. */
  links: number;
  fetchedAt: number | null;
}

/** A breakdown added up over the links that have it cached for the period (or the newest of its length). */
export function sumBreakdowns(records: readonly BreakdownRecord[], type: BreakdownType, range: DayRange): SummedBreakdown {
  const byLink = new Map<string, BreakdownRecord[]>();
  for (const record of records) if (record.type === type) byLink.set(record.clientId, [...(byLink.get(record.clientId) ?? []), record]);
  const sums = new Map<string | null, number>();
  let links = 0;
  let fetchedAt: number | null = null;
  for (const list of byLink.values()) {
    const picked = pickBreakdown(list, type, range);
    if (!picked) continue;
    links++;
    fetchedAt = fetchedAt === null ? picked.record.fetchedAt : Math.min(fetchedAt, picked.record.fetchedAt);
    for (const row of picked.record.rows) sums.set(row.key, (sums.get(row.key) ?? 0) + row.clicks);
  }
  return { rows: [...sums].map(([key, clicks]) => ({ key, clicks })), links, fetchedAt };
}
