// GET /api/statistics/{link_id}: a link's clicks counted as real deployments count them (the
// document has no such call; real-service-notes.md). Days and hours are the account's wall-clock
// time; the same bearer key and rate limit as the rest of /api (the plugin's hooks).
//   overview → {"data":[{"pageviews","visitors","formatted_date":"YYYY-MM-DD"}]} per day with clicks, oldest first
//   hour     → {"data":[{"hour":0-23,"pageviews"}]}
//   others   → {"data":[{"<type>":value or null,"pageviews"}]}, most clicks first, at most 250 rows
import type { FastifyInstance } from 'fastify';
import { STATISTICS_MAX_ROWS, type StatisticsQuery } from '../../../src-preload/contract/statistics.ts';
import type { ClickRange } from '../storage/click-stats.ts';
import type { Store } from '../storage/store.ts';
import { formatServiceDatetime, parseServiceDatetime, wallClock } from '../time.ts';
import { zoneShifts } from '../zone-shifts.ts';
import type { SandboxDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { readId } from './pagination.ts';
import { readStatisticsQuery } from './statistics-query.ts';

const NOT_FOUND = 'Link not found';

/** A zone's wall clock is at most 14 hours ahead of UTC and 12 behind: 15 covers both. */
const WIDEST_OFFSET_MS = 15 * 3_600_000;
const FIRST = '0000-01-01 00:00:00';
const LAST = '9999-12-31 23:59:59';

/** A wall-clock time moved by `ms`, kept within the years the text form can hold. */
function moved(text: string, ms: number): string {
  const date = parseServiceDatetime(text);
  if (!date) return ms < 0 ? FIRST : LAST;
  const time = date.getTime() + ms;
  if (time < Date.parse('0000-01-01T00:00:00Z')) return FIRST;
  if (time > Date.parse('9999-12-31T23:59:59Z')) return LAST;
  return formatServiceDatetime(new Date(time));
}

/** The link's clicks in the query's days, or null when there are none (nothing to count). */
function rangeOf(store: Store, linkId: number, zone: string, query: StatisticsQuery): ClickRange | null {
  const fromLocal = `${query.startDate} 00:00:00`;
  const toLocal = `${query.endDate} 23:59:59`;
  const fromUtc = moved(fromLocal, -WIDEST_OFFSET_MS);
  const toUtc = moved(toLocal, WIDEST_OFFSET_MS);
  const span = store.clickStats.span(linkId, fromUtc, toUtc);
  if (!span) return null;
  // Offsets are looked up only over the clicks there are, however wide the range asked for.
  const shifts = zoneShifts(zone, Date.parse(`${span.first.replace(' ', 'T')}Z`), Date.parse(`${span.last.replace(' ', 'T')}Z`));
  return { linkId, fromUtc, toUtc, fromLocal, toLocal, shifts };
}

function answer(store: Store, range: ClickRange | null, type: StatisticsQuery['type']): Record<string, unknown>[] {
  if (!range) return [];
  if (type === 'overview') {
    return store.clickStats.days(range).map((row) => ({ pageviews: row.pageviews, visitors: row.visitors, formatted_date: row.day }));
  }
  if (type === 'hour') return store.clickStats.hours(range);
  return store.clickStats.values(range, type, STATISTICS_MAX_ROWS).map((row) => ({ [type]: row.value, pageviews: row.pageviews }));
}

export function registerStatisticsRoutes(api: FastifyInstance, deps: SandboxDeps): void {
  api.get<{ Params: { id: string } }>('/statistics/:id', async (request) => {
    const link = deps.store.links.get(request.sandboxAccountId, readId(request.params.id, NOT_FOUND));
    if (!link) throw new ApiError(404, NOT_FOUND);
    const zone = deps.accountZone(link.account_id);
    const query = readStatisticsQuery(request.query, wallClock(deps.now(), zone).slice(0, 10));
    return { data: answer(deps.store, rangeOf(deps.store, link.id, zone, query), query.type) };
  });
}
