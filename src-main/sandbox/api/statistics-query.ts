// The query of GET /api/statistics/{link_id}: `start_date`, `end_date` (YYYY-MM-DD, both included)
// and `type`. Real deployments default to the last 30 days and `overview`; what cannot be read is
// a 400 naming the parameter, like the rest of the sandbox's query parameters.
import {
  addDays,
  daysBetween,
  isIsoDate,
  isStatisticsType,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_TYPES,
  type StatisticsQuery,
} from '../../../src-preload/contract/statistics.ts';
import { ApiError } from './errors.ts';

/** A parameter's one value; absent or empty is undefined, a parameter given twice is refused. */
function single(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ApiError(400, `${name} must be given once`);
  return value.trim() === '' ? undefined : value.trim();
}

function date(params: Record<string, unknown>, name: string): string | undefined {
  const value = single(params, name);
  if (value !== undefined && !isIsoDate(value)) throw new ApiError(400, `${name} must be a date as YYYY-MM-DD`);
  return value;
}

/**
 * The query, with the defaults filled in: `end_date` today (in the account's time zone, `today`),
 * `start_date` 29 days before the end date (30 days with both ends), `type` overview.
 */
export function readStatisticsQuery(query: unknown, today: string): StatisticsQuery {
  const params = (query ?? {}) as Record<string, unknown>;
  const type = single(params, 'type') ?? 'overview';
  if (!isStatisticsType(type)) throw new ApiError(400, `type must be one of ${STATISTICS_TYPES.join(', ')}`);
  const endDate = date(params, 'end_date') ?? today;
  const startDate = date(params, 'start_date') ?? addDays(endDate, 1 - STATISTICS_DEFAULT_DAYS);
  if (daysBetween(startDate, endDate) < 0) throw new ApiError(400, 'end_date must not be before start_date');
  return { startDate, endDate, type };
}
