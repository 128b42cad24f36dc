// Counting a link's click events for GET /api/statistics: per day (pageviews and distinct visitors),
// per value of a stored dimension, or per hour of the day, all in the account's wall-clock time.
// Click times are stored in UTC; the range's zone shifts (zone-shifts.ts) turn them into wall-clock
// time inside SQL, so a day or an hour is counted where the account lives.
import type { StatisticsDimension } from '../../../src-preload/contract/statistics.ts';
import type { ZoneShift } from '../zone-shifts.ts';
import { allRows, getRow, type Db } from './db.ts';

/** A range of a link's clicks: wall-clock bounds (inclusive) and UTC bounds that surely cover them. */
export interface ClickRange {
  linkId: number;
  /** UTC bounds for the index: the wall-clock bounds widened by every offset a zone can have. */
  fromUtc: string;
  toUtc: string;
  /** Wall-clock bounds, `YYYY-MM-DD HH:MM:SS`, both included. */
  fromLocal: string;
  toLocal: string;
  /** How the zone's offset changes over the clicks found (see span()). */
  shifts: readonly ZoneShift[];
}

type Param = string | number;

/** SQL turning the UTC `datetime` column into wall-clock time, with its parameters. */
function localTime(shifts: readonly ZoneShift[]): { sql: string; params: Param[] } {
  const shift = (minutes: number) => `${minutes >= 0 ? '+' : ''}${minutes} minutes`;
  const only = shifts.length === 1 ? shifts[0] : undefined;
  if (only) return only.minutes === 0 ? { sql: 'datetime', params: [] } : { sql: 'datetime(datetime, ?)', params: [shift(only.minutes)] };
  const params: Param[] = [];
  const cases = shifts.map((zone) => {
    if (zone.until === null) {
      params.push(shift(zone.minutes));
      return 'ELSE datetime(datetime, ?)';
    }
    params.push(zone.until, shift(zone.minutes));
    return 'WHEN datetime < ? THEN datetime(datetime, ?)';
  });
  return { sql: `CASE ${cases.join(' ')} END`, params };
}

/**
 * The range's clicks with their wall-clock time (`local`): the inner query uses the index on
 * (link_id, datetime); the outer one keeps what falls within the wall-clock bounds.
 */
function inRange(range: ClickRange, columns: string): { sql: string; params: Param[] } {
  const local = localTime(range.shifts);
  return {
    sql: `SELECT * FROM (SELECT ${columns}, ${local.sql} AS local FROM clicks WHERE link_id = ? AND datetime BETWEEN ? AND ?) ` + 'WHERE local BETWEEN ? AND ?',
    params: [...local.params, range.linkId, range.fromUtc, range.toUtc, range.fromLocal, range.toLocal],
  };
}

export interface DayCount {
  day: string;
  pageviews: number;
  visitors: number;
}

export interface ValueCount {
  value: string | null;
  pageviews: number;
}

export function createClickStatsRepository(db: Db) {
  return {
    /** Time of the first and last click of a link between two UTC times, or null when it has none. */
    span(linkId: number, fromUtc: string, toUtc: string): { first: string; last: string } | null {
      const row = getRow<{ first: string | null; last: string | null }>(
        db,
        'SELECT MIN(datetime) AS first, MAX(datetime) AS last FROM clicks WHERE link_id = ? AND datetime BETWEEN ? AND ?',
        linkId,
        fromUtc,
        toUtc,
      );
      return row?.first && row.last ? { first: row.first, last: row.last } : null;
    },

    /**
     * Clicks and distinct visitors per day with clicks, oldest first. A click without a visitor
     * hash (recorded before the sandbox stored one) counts as a visitor of its own.
     */
    days(range: ClickRange): DayCount[] {
      const inner = inRange(range, 'id, visitor_hash');
      return allRows<DayCount>(
        db,
        `SELECT substr(local, 1, 10) AS day, COUNT(*) AS pageviews, COUNT(DISTINCT COALESCE(visitor_hash, 'click-' || id)) AS visitors ` +
          `FROM (${inner.sql}) GROUP BY day ORDER BY day`,
        ...inner.params,
      );
    },

    /** Clicks per value of a dimension, most first (ties by value, unknown last), at most `limit`. */
    values(range: ClickRange, dimension: StatisticsDimension, limit: number): ValueCount[] {
      // The column name is one of the contract's dimensions, never the request's text.
      const inner = inRange(range, dimension);
      return allRows<ValueCount>(
        db,
        `SELECT ${dimension} AS value, COUNT(*) AS pageviews FROM (${inner.sql}) GROUP BY value ` + 'ORDER BY pageviews DESC, value IS NULL, value LIMIT ?',
        ...inner.params,
        limit,
      );
    },

    /** Clicks per hour of the day (0–23) with clicks, most first (ties by hour). */
    hours(range: ClickRange): { hour: number; pageviews: number }[] {
      const inner = inRange(range, 'id');
      return allRows<{ hour: number; pageviews: number }>(
        db,
        `SELECT CAST(substr(local, 12, 2) AS INTEGER) AS hour, COUNT(*) AS pageviews FROM (${inner.sql}) GROUP BY hour ORDER BY pageviews DESC, hour`,
        ...inner.params,
      );
    },
  };
}
export type ClickStatsRepository = ReturnType<typeof createClickStatsRepository>;
