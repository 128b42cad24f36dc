// Per-link click statistics: real deployments' `GET /api/statistics/{link_id}` (the document has no
// such call; real-service-notes.md), the sandbox's same endpoint, and the `statistics.get` call.
// The renderer keeps what this answers in its mirror: the click data users browse offline.
import { z } from 'zod';
import { INPUT_BOUNDS as MAX } from './input-bounds.ts';
import { serverId, serviceCall } from './call-envelope.ts';
import { isCalendarDate } from './inputs.ts';

/** What clicks can be counted by, apart from the day (`overview`) and the hour of day (`hour`). */
export const STATISTICS_DIMENSIONS = [
  'referrer_host',
  'referrer_path',
  'continent_code',
  'country_code',
  'city_name',
  'os_name',
  'browser_name',
  'device_type',
  'browser_language',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const;
export type StatisticsDimension = (typeof STATISTICS_DIMENSIONS)[number];

/** Every `type` the endpoint takes; `overview` is its default. */
export const STATISTICS_TYPES = ['overview', ...STATISTICS_DIMENSIONS, 'hour'] as const;
export type StatisticsType = (typeof STATISTICS_TYPES)[number];
export const StatisticsTypeSchema = z.enum(STATISTICS_TYPES);

export const isStatisticsType = (value: unknown): value is StatisticsType =>
  typeof value === 'string' && (STATISTICS_TYPES as readonly string[]).includes(value);

/** Rows a real deployment answers at most for a type other than `overview`. */
export const STATISTICS_MAX_ROWS = 250;
/**
 * Rows of one answer Linkdock keeps for a type other than `overview` (four times what a real
 * deployment sends): the first this many the service sent; the rest are dropped, counted in the
 * answer's `dropped`, and the screen says so. 200,000 rows from a hostile service, cached in the
 * mirror, blanked the app on every start (issue #36 item 7).
 */
export const STATISTICS_ACCEPTED_ROWS = 1000;
/** Without dates the endpoint answers the last 30 days, today included. */
export const STATISTICS_DEFAULT_DAYS = 30;
/**
 * Longest range one call may ask for (about ten years): the client answers every day of an
 * overview's range (days without clicks as 0), so the range bounds the answer.
 */
export const STATISTICS_MAX_DAYS = 3660;
/**
 * Rows of an overview Linkdock keeps: the first this many the service sent (one a day of the longest
 * range). The client adds the range's days without a row, so an overview has at most twice this.
 */
export const STATISTICS_ACCEPTED_DAYS = STATISTICS_MAX_DAYS;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a real calendar day (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && isCalendarDate(value);
}

/** The day `days` after `date` (both `YYYY-MM-DD`; days may be negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `start` to `end` (0 for the same day, negative when end is before start). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

export const IsoDateSchema = z
  .string()
  .max(MAX.isoDate, { message: 'expected a date as YYYY-MM-DD', abort: true })
  .refine(isIsoDate, 'expected a date as YYYY-MM-DD');

/** Statistics of one link between two days, both included, in the account's time zone. */
export const StatisticsInputSchema = z
  .strictObject({
    ...serviceCall,
    linkId: serverId,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    type: StatisticsTypeSchema.default('overview'),
  })
  .superRefine((value, ctx) => {
    if (!isIsoDate(value.startDate) || !isIsoDate(value.endDate)) return;
    const span = daysBetween(value.startDate, value.endDate);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must not be before the start date' });
    else if (span + 1 > STATISTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `At most ${STATISTICS_MAX_DAYS} days at once` });
  });
export type StatisticsInput = z.input<typeof StatisticsInputSchema>;
export type StatisticsQuery = Pick<z.output<typeof StatisticsInputSchema>, 'startDate' | 'endDate' | 'type'>;

const count = z.number().int().nonnegative();

/** One day of an overview. */
export const StatisticsOverviewRowSchema = z.object({
  /** The day, when the service's label is one (`YYYY-MM-DD`); null for a label that is not a day (then kept in `label`). */
  date: IsoDateSchema.nullable(),
  /** The service's `formatted_date` as sent (the day itself for days the client added). */
  label: z.string(),
  pageviews: count,
  /** Distinct visitors that day; null when the service does not say. */
  visitors: count.nullable(),
});
export type StatisticsOverviewRow = z.infer<typeof StatisticsOverviewRowSchema>;

/** Clicks of one value of a dimension (a country, a referrer host …); null is "not known" (no referrer, no header). */
export const StatisticsValueRowSchema = z.object({ value: z.string().nullable(), pageviews: count });
export type StatisticsValueRow = z.infer<typeof StatisticsValueRowSchema>;

/** Clicks in one hour of the day (0–23), in the account's time zone. */
export const StatisticsHourRowSchema = z.object({ hour: z.number().int().min(0).max(23), pageviews: count });
export type StatisticsHourRow = z.infer<typeof StatisticsHourRowSchema>;

export type StatisticsRow = StatisticsOverviewRow | StatisticsValueRow | StatisticsHourRow;

const head = {
  linkId: serverId,
  startDate: IsoDateSchema,
  endDate: IsoDateSchema,
  /** Rows the service sent past what Linkdock keeps (STATISTICS_ACCEPTED_ROWS / _DAYS): not in `rows`. */
  dropped: count.optional(),
};

/**
 * What `statistics.get` answers: the rows of the type asked for. An overview has one row per day of
 * the range, in order, days without clicks as 0 (unless the service labels its rows other than by
 * day; then its rows as sent). Other types: the service's rows, most clicks first.
 */
export const StatisticsSchema = z.discriminatedUnion('type', [
  z.object({ ...head, type: z.literal('overview'), rows: z.array(StatisticsOverviewRowSchema).max(2 * STATISTICS_ACCEPTED_DAYS) }),
  z.object({ ...head, type: z.literal('hour'), rows: z.array(StatisticsHourRowSchema).max(24) }),
  z.object({ ...head, type: z.enum(STATISTICS_DIMENSIONS), rows: z.array(StatisticsValueRowSchema).max(STATISTICS_ACCEPTED_ROWS) }),
]);
export type Statistics = z.infer<typeof StatisticsSchema>;
