// What an answer of `GET /api/statistics/{link_id}` means. Some deployments do not have the call:
// they answer a web page, or a JSON 404 like the one for a missing link. Those must read as
// `not-available` (the app then uses its own click samples), never as a missing link, so a 404 is
// settled by reading the link once: the link is there → the call is not; the link is gone → not-found.
import type { CallError } from '../../src-preload/contract/errors.ts';
import { isIsoDate, isStatisticsType, type Statistics, type StatisticsQuery } from '../../src-preload/contract/statistics.ts';
import type { RequestKind } from './client-types.ts';
import type { Exchange } from './answer-errors.ts';
import { invalid, serviceError } from './errors.ts';
import { normaliseStatistics, type StatisticsRequest } from './normalise-statistics.ts';

/**
 * After a service said it has no statistics, the client says so again without asking for this long
 * (a new client, made when the workspace's address or key changes, asks again at once).
 */
export const STATISTICS_MISSING_MS = 60 * 60_000;

export function statisticsNotAvailable(status?: number): CallError {
  return serviceError('not-available', 'Statistics are not available on this service.', { status });
}

/** The request's path, after checking what the contract's schema checks (the client may be called directly). */
export function statisticsPath(linkId: number, query: StatisticsQuery): string {
  if (!isIsoDate(query.startDate) || !isIsoDate(query.endDate)) throw invalid('Statistics dates must be real days as YYYY-MM-DD.');
  if (query.endDate < query.startDate) throw invalid('The end date must not be before the start date.');
  if (!isStatisticsType(query.type)) throw invalid(`Not a statistics type: ${String(query.type)}`);
  const params = new URLSearchParams({ start_date: query.startDate, end_date: query.endDate, type: query.type });
  return `api/statistics/${linkId}?${params.toString()}`;
}

export interface StatisticsContext {
  /** Reads the link (one request within the budget), to tell a missing call from a missing link. */
  readLink: () => Promise<Exchange>;
  /** The CallError of any other non-2xx answer (answer-errors.ts). */
  failure: (kind: RequestKind, answer: Exchange) => Promise<CallError>;
}

const isOk = (status: number) => status >= 200 && status < 300;

export async function readStatisticsAnswer(answer: Exchange, request: StatisticsRequest, context: StatisticsContext): Promise<Statistics> {
  const { status, body } = answer;
  // A web page where JSON was due (a 200 site page, a 404 page): no such call here. A 5xx page is
  // server trouble (retry later), as for every call.
  if (body.kind === 'html' && status < 500) throw statisticsNotAvailable(status);
  // A redirect or a JSON 404 is either a missing call or a missing link.
  if (status === 404 || (status >= 300 && status < 400)) {
    const link = await context.readLink();
    if (isOk(link.status)) throw statisticsNotAvailable(status);
    throw await context.failure('read', link);
  }
  if (!isOk(status)) throw await context.failure('statistics', answer);
  if (body.kind !== 'json') {
    throw serviceError(
      'bad-response',
      `The service sent ${body.kind === 'empty' ? 'an empty answer' : 'something that is not JSON'} (HTTP ${status}) where Linkdock expected statistics.`,
      {
        status,
      },
    );
  }
  return normaliseStatistics(body.value, request);
}
