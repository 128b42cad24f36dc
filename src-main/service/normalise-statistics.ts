// Reading `GET /api/statistics/{link_id}` answers into the contract's Statistics. Real deployments
// send numbers as strings (PHP's database layer), may leave `visitors` out, send rows as an object
// keyed by index, label days with a date-time or otherwise, list only days with clicks, and add
// fields. Rows are aggregates, never written back, so fields Linkdock does not know are left out.
// Only the first rows the service sent are read (STATISTICS_ACCEPTED_ROWS, _DAYS); the rest are
// counted in `dropped`: a hostile service's 200,000 rows blanked the app (issue #36 item 7).
import {
  addDays,
  daysBetween,
  isIsoDate,
  STATISTICS_ACCEPTED_DAYS,
  STATISTICS_ACCEPTED_ROWS,
  StatisticsSchema,
  type Statistics,
  type StatisticsHourRow,
  type StatisticsOverviewRow,
  type StatisticsQuery,
  type StatisticsValueRow,
} from '../../src-preload/contract/statistics.ts';
import { checked, describe, fail, guard, isObj, toInt, type Obj } from './normalise-values.ts';

export type StatisticsRequest = StatisticsQuery & { linkId: number };

/**
 * The first `limit` rows of `{"data":[…]}`, `{"data":{"0":…}}` (a PHP array with gaps) or a bare
 * array, and how many more the service sent.
 */
function rowsOf(raw: unknown, limit: number): { rows: Obj[]; dropped: number } {
  const data = Array.isArray(raw) ? raw : isObj(raw) ? raw.data : undefined;
  const sent: unknown[] = Array.isArray(data) ? data : isObj(data) ? Object.values(data) : fail(`the statistics answer has no rows (${describe(data)})`);
  const rows = sent.slice(0, limit).map((row, index) => (isObj(row) ? row : fail(`statistics row ${index} is not an object`)));
  return { rows, dropped: sent.length - rows.length };
}

function count(row: Obj, key: string, index: number): number {
  const value = toInt(row[key]);
  if (value === undefined || value < 0) fail(`statistics row ${index} has no usable ${key} (${describe(row[key])})`);
  return value;
}

function optionalCount(row: Obj, key: string, index: number): number | null {
  return row[key] === undefined || row[key] === null || row[key] === '' ? null : count(row, key, index);
}

/** The day a label names, when it starts with one (`2026-06-01`, `2026-06-01 00:00:00`); else null. */
function dayOf(label: string): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})(?:$|[ T])/.exec(label.trim())?.[1];
  return day !== undefined && isIsoDate(day) ? day : null;
}

const addNullable = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

/**
 * Days of the overview. When every row names a day, the range's days without a row are added with
 * 0 (the service lists only days with clicks), and all come in order; a row outside the range is
 * kept. When a label is not a day (a deployment that groups by hour or month), the rows are as sent.
 */
function overview(rows: Obj[], query: StatisticsRequest): StatisticsOverviewRow[] {
  const read = rows.map((row, index): StatisticsOverviewRow => {
    const raw = row.formatted_date ?? row.date;
    const label = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : fail(`statistics row ${index} has no formatted_date (${describe(raw)})`);
    return { date: dayOf(label), label, pageviews: count(row, 'pageviews', index), visitors: optionalCount(row, 'visitors', index) };
  });
  if (read.some((row) => row.date === null)) return read;
  const byDay = new Map<string, StatisticsOverviewRow>();
  for (const row of read) {
    const day = row.date as string;
    const seen = byDay.get(day);
    byDay.set(day, seen ? { ...seen, pageviews: seen.pageviews + row.pageviews, visitors: addNullable(seen.visitors, row.visitors) } : { ...row, label: day });
  }
  // Visitors of an added day are 0 where the service counts visitors, unknown where it does not.
  const countsVisitors = read.length === 0 || read.some((row) => row.visitors !== null);
  const span = daysBetween(query.startDate, query.endDate);
  for (let offset = 0; offset <= span; offset += 1) {
    const day = addDays(query.startDate, offset);
    if (!byDay.has(day)) byDay.set(day, { date: day, label: day, pageviews: 0, visitors: countsVisitors ? 0 : null });
  }
  return [...byDay.values()].sort((a, b) => ((a.date as string) < (b.date as string) ? -1 : 1));
}

/** An hour as deployments write it: 14, "14", "14:00", "2 PM". */
function hourOf(value: unknown, index: number): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,2})(?::00)?(?:\s*([AaPp])\.?[Mm]\.?)?$/.exec(text);
  let hour = match ? Number(match[1]) : NaN;
  const half = match?.[2]?.toLowerCase();
  if (half !== undefined && hour >= 1 && hour <= 12) hour = (hour % 12) + (half === 'p' ? 12 : 0);
  else if (half !== undefined) hour = NaN;
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) fail(`statistics row ${index} has no usable hour (${describe(value)})`);
  return hour;
}

function hours(rows: Obj[]): StatisticsHourRow[] {
  const byHour = new Map<number, number>();
  rows.forEach((row, index) => {
    const hour = hourOf(row.hour, index);
    byHour.set(hour, (byHour.get(hour) ?? 0) + count(row, 'pageviews', index));
  });
  return [...byHour].map(([hour, pageviews]) => ({ hour, pageviews })).sort((a, b) => b.pageviews - a.pageviews || a.hour - b.hour);
}

/** The row's value: under the type's key, else its one key that is not a count (older releases' names). */
function valueOf(row: Obj, type: string, index: number): string | null {
  const others = Object.keys(row).filter((key) => key !== 'pageviews' && key !== 'visitors');
  const raw = type in row ? row[type] : others.length === 1 ? row[others[0] as string] : null;
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return fail(`statistics row ${index} has no usable ${type} (${describe(raw)})`);
}

/** Values most clicks first (ties by value, unknown last); "" and null are both unknown, counted once. */
function values(rows: Obj[], type: string): StatisticsValueRow[] {
  const byValue = new Map<string | null, number>();
  rows.forEach((row, index) => {
    const value = valueOf(row, type, index);
    byValue.set(value, (byValue.get(value) ?? 0) + count(row, 'pageviews', index));
  });
  const order = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  return [...byValue].map(([value, pageviews]) => ({ value, pageviews })).sort((a, b) => b.pageviews - a.pageviews || order(a.value, b.value));
}

export function normaliseStatistics(raw: unknown, query: StatisticsRequest): Statistics {
  return guard(() => {
    const { rows, dropped } = rowsOf(raw, query.type === 'overview' ? STATISTICS_ACCEPTED_DAYS : STATISTICS_ACCEPTED_ROWS);
    const head = { linkId: query.linkId, startDate: query.startDate, endDate: query.endDate, ...(dropped > 0 ? { dropped } : {}) };
    const result: Statistics =
      query.type === 'overview'
        ? { ...head, type: 'overview', rows: overview(rows, query) }
        : query.type === 'hour'
          ? { ...head, type: 'hour', rows: hours(rows) }
          : { ...head, type: query.type, rows: values(rows, query.type) };
    return checked(StatisticsSchema, result, 'the statistics');
  });
}
