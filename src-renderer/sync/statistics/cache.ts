// Statistics in the mirror: an answer of `statistics.get` stored (an overview merged into the link's
// days, any other type kept per day range), and what a screen reads back: a range's days with how
// much of it is cached and how old it is, a breakdown for the range or, when the day has moved on
// since, the newest of the same length.
import { STATISTICS_ACCEPTED_ROWS, type Statistics } from '../../../src-preload/contract/index.ts';
import type { MirrorDb } from '../mirror/db.ts';
import { linkRows, rowScope } from '../mirror/link-rows.ts';
import { covers, rangeDays, spanDays, type DayRange } from './days.ts';
import type { BreakdownRecord, BreakdownRow, BreakdownType, DailyStatisticsRecord, StatisticsSpan } from './records.ts';

/** The link an answer is for, as the mirror knew it when the request went out. */
export interface StatisticsLink {
  clientId: string;
  serverId: number;
  /** Its click count then (null: not known). */
  clicks: number | null;
}

/** Day ranges kept per link and type besides the newest (older ones are dropped). */
export const RANGES_KEPT_PER_TYPE = 4;

/** An overview's days merged into what the link had: the new answer wins for its days. Pure. */
export function mergeOverview(
  previous: DailyStatisticsRecord | undefined,
  link: StatisticsLink,
  answer: Extract<Statistics, { type: 'overview' }>,
  fetchedAt: number,
): DailyStatisticsRecord {
  const days = { ...(previous?.days ?? {}) };
  // Rows a service labels other than by day (date null) cannot be placed on a day: they are left out.
  for (const row of answer.rows) if (row.date !== null) days[row.date] = [row.pageviews, row.visitors];
  const span: StatisticsSpan = { startDate: answer.startDate, endDate: answer.endDate, fetchedAt, clicks: link.clicks };
  const spans = [...(previous?.spans ?? []).filter((old) => !covers(span, old)), span];
  return { clientId: link.clientId, serverId: link.serverId, days, spans };
}

/** Keeps an answer of `statistics.get` in the mirror. */
export async function storeStatistics(db: MirrorDb, link: StatisticsLink, answer: Statistics, fetchedAt: number): Promise<void> {
  if (answer.type === 'overview') {
    await db.transaction('rw', db.statisticsDays, async () => {
      const previous = await db.statisticsDays.get(link.clientId);
      await db.statisticsDays.put(mergeOverview(previous, link, answer, fetchedAt));
    });
    return;
  }
  const rows: BreakdownRow[] =
    answer.type === 'hour'
      ? answer.rows.map((row) => ({ key: String(row.hour), clicks: row.pageviews }))
      : answer.rows.map((row) => ({ key: row.value, clicks: row.pageviews }));
  const record = bounded({
    clientId: link.clientId,
    serverId: link.serverId,
    type: answer.type,
    startDate: answer.startDate,
    endDate: answer.endDate,
    fetchedAt,
    clicks: link.clicks,
    rows,
    ...(answer.dropped ? { dropped: answer.dropped } : {}),
  });
  await db.transaction('rw', db.statisticsRanges, async () => {
    await db.statisticsRanges.put(record);
    const same = (await db.statisticsRanges.where('clientId').equals(link.clientId).toArray()).filter((r) => r.type === answer.type);
    const stale = same.sort((a, b) => b.fetchedAt - a.fetchedAt).slice(RANGES_KEPT_PER_TYPE);
    await db.statisticsRanges.bulkDelete(stale.map((r) => [r.clientId, r.type, r.startDate, r.endDate] as [string, string, string, string]));
  });
}

/** What the mirror holds of one link. */
export interface LinkStatisticsCache {
  daily: DailyStatisticsRecord | undefined;
  ranges: BreakdownRecord[];
}

export async function readLinkCache(db: MirrorDb, clientId: string): Promise<LinkStatisticsCache> {
  return db.transaction('r', [db.statisticsDays, db.statisticsRanges], async () => ({
    daily: await db.statisticsDays.get(clientId),
    ranges: await db.statisticsRanges.where('clientId').equals(clientId).toArray(),
  }));
}

/** A range's clicks and visitors per day, from the cache. */
export interface DailySeries {
  days: string[];
  /** Null for a day no fetch covered. */
  clicks: (number | null)[];
  /** Null for a day no fetch covered, or whose visitors the service did not say. */
  visitors: (number | null)[];
  /** Days of the range a fetch covered. */
  covered: number;
  /** When the oldest fetch these days come from was made; null when nothing is cached. */
  fetchedAt: number | null;
}

/** The newest fetch covering each day supplies it (the merge wrote its days last). Pure. */
export function dailySeries(record: DailyStatisticsRecord | undefined, range: DayRange): DailySeries {
  const days = rangeDays(range);
  const spans = [...(record?.spans ?? [])].sort((a, b) => b.fetchedAt - a.fetchedAt);
  const out: DailySeries = { days, clicks: [], visitors: [], covered: 0, fetchedAt: null };
  for (const day of days) {
    const span = spans.find((s) => s.startDate <= day && s.endDate >= day);
    if (!span || !record) {
      out.clicks.push(null);
      out.visitors.push(null);
      continue;
    }
    const [clicks, visitors] = record.days[day] ?? [0, 0];
    out.clicks.push(clicks);
    out.visitors.push(visitors);
    out.covered++;
    out.fetchedAt = out.fetchedAt === null ? span.fetchedAt : Math.min(out.fetchedAt, span.fetchedAt);
  }
  return out;
}

/** True when fetches of this record cover every day of the range. */
export function daysCovered(record: DailyStatisticsRecord | undefined, range: DayRange): boolean {
  return dailySeries(record, range).covered === spanDays(range);
}

/**
 * A breakdown with at most STATISTICS_ACCEPTED_ROWS rows, the rest counted in `dropped`. Main keeps
 * no more since issue #36; a record an older build cached may hold a hostile service's 200,000. Pure.
 */
export function bounded(record: BreakdownRecord): BreakdownRecord {
  if (record.rows.length <= STATISTICS_ACCEPTED_ROWS) return record;
  const dropped = (record.dropped ?? 0) + record.rows.length - STATISTICS_ACCEPTED_ROWS;
  return { ...record, rows: record.rows.slice(0, STATISTICS_ACCEPTED_ROWS), dropped };
}

/** A breakdown shown for a range: the exact one, or the newest of the same length (the day moved on since). */
export interface PickedBreakdown {
  record: BreakdownRecord;
  exact: boolean;
}

export function pickBreakdown(records: readonly BreakdownRecord[], type: BreakdownType, range: DayRange): PickedBreakdown | null {
  const same = records.filter((r) => r.type === type);
  const exact = same.find((r) => r.startDate === range.startDate && r.endDate === range.endDate);
  if (exact) return { record: bounded(exact), exact: true };
  const length = spanDays(range);
  const alike = same
    .filter((r) => spanDays(r) === length && r.endDate <= range.endDate)
    .sort((a, b) => (a.endDate === b.endDate ? b.fetchedAt - a.fetchedAt : a.endDate < b.endDate ? 1 : -1))[0];
  return alike ? { record: bounded(alike), exact: false } : null;
}

/** Drops the statistics of links the mirror no longer has. Returns how many links' statistics went. */
export async function dropOrphanStatistics(db: MirrorDb): Promise<number> {
  return db.transaction('rw', [...rowScope(db, 'links'), db.statisticsDays, db.statisticsRanges], async () => {
    const owners = new Set<string>([...((await db.statisticsDays.toCollection().primaryKeys()) as string[])]);
    for (const key of (await db.statisticsRanges.orderBy('clientId').uniqueKeys()) as string[]) owners.add(key);
    const ids = [...owners];
    const present = await linkRows(db).bulkGet(ids);
    const gone = ids.filter((_, i) => !present[i]);
    for (const clientId of gone) {
      await db.statisticsDays.delete(clientId);
      await db.statisticsRanges.where('clientId').equals(clientId).delete();
    }
    return gone.length;
  });
}
