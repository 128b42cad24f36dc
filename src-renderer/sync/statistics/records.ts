// What the mirror keeps of a link's statistics (real deployments' GET /api/statistics): the days of
// every overview fetched for it merged into one record per link, and each other type's rows per day
// range fetched. Every record says when it was fetched and how many clicks the link had then, so a
// screen can say how old it is and the scheduler can tell whether it may have changed.
import type { StatisticsType } from '../../../src-preload/contract/index.ts';

/** The statistics types other than the per-day overview: counts of clicks by one value. */
export type BreakdownType = Exclude<StatisticsType, 'overview'>;

/** One fetch of a link's overview: the days it covered, when, and the link's click count then. */
export interface StatisticsSpan {
  startDate: string;
  endDate: string;
  fetchedAt: number;
  /** The link's click count in the mirror when fetched (null: not known then). */
  clicks: number | null;
}

/** A link's clicks and visitors per day, from every overview fetched for it (the newest fetch wins per day). */
export interface DailyStatisticsRecord {
  clientId: string;
  serverId: number;
  /** Day (YYYY-MM-DD, the account's time zone) → [clicks, visitors]; visitors null when the service does not say. */
  days: Record<string, [number, number | null]>;
  /** The fetches whose days are kept, oldest first; one fully inside a newer one is dropped. */
  spans: StatisticsSpan[];
}

/** One value of a breakdown: a country, a referrer host, an hour of the day ("0"–"23"); null is "not known". */
export interface BreakdownRow {
  key: string | null;
  clicks: number;
}

/** A breakdown of one link's clicks over one day range, as fetched. */
export interface BreakdownRecord {
  clientId: string;
  serverId: number;
  type: BreakdownType;
  startDate: string;
  endDate: string;
  fetchedAt: number;
  clicks: number | null;
  /** Most clicks first, as the service answered (a real deployment sends at most 250; hours with clicks only). */
  rows: BreakdownRow[];
  /** Rows the service sent past what Linkdock keeps (the contract's STATISTICS_ACCEPTED_ROWS): not in `rows`. */
  dropped?: number;
}
