// What serving a short link does, as a pure function of the link and the facts of the request.
// The HTTP layer gathers the facts (time, password check, visitor) and carries out the outcome.
import type { RedirectStatusCode } from '../../../src-preload/contract/api-rules.ts';
import type { LinkRecord } from '../storage/links.ts';
import { parseServiceDatetime, wallClock } from '../time.ts';
import { pickTarget, type VisitorFacts } from './targeting.ts';

/** Real deployments' default when a link has no http_status_code. */
export const DEFAULT_REDIRECT_STATUS: RedirectStatusCode = 301;

export interface RequestFacts {
  now: Date;
  /** The link owner's time zone (IANA): the schedule dates are wall-clock times there. */
  timezone: string;
  /** GET shows pages; POST comes from the sandbox's own password / sensitive-content forms. */
  method: 'GET' | 'POST';
  /** The request's query string without '?'. */
  query: string;
  password: 'none' | 'ok' | 'wrong';
  sensitiveConfirmed: boolean;
  visitor: VisitorFacts;
}

export type Outcome =
  | { kind: 'not-found' }
  | { kind: 'unavailable'; reason: 'not-started' | 'ended' | 'limit-reached' }
  | { kind: 'redirect'; status: number; location: string; countsClick: boolean }
  | { kind: 'password'; wrong: boolean }
  | { kind: 'sensitive' }
  | { kind: 'cloak'; destination: string; title: string; description: string; customJs: string; countsClick: true };

export type ServedLink = Pick<
  LinkRecord,
  'location_url' | 'is_enabled' | 'password_hash' | 'sensitive_content' | 'clicks' | 'start_date' | 'end_date' | 'options'
>;

export function resolveLink(link: ServedLink, request: RequestFacts): Outcome {
  if (!link.is_enabled) return { kind: 'not-found' };
  const { options } = link;

  const unavailable = unavailableReason(link, request.now, request.timezone);
  if (unavailable) {
    // The expiration URL takes the visitor on; no click is counted for the link itself.
    if (options.expiration_url) return { kind: 'redirect', status: 302, location: options.expiration_url, countsClick: false };
    return { kind: 'unavailable', reason: unavailable };
  }
  if (link.password_hash !== null && request.password !== 'ok') return { kind: 'password', wrong: request.password === 'wrong' };
  if (link.sensitive_content && !request.sensitiveConfirmed) return { kind: 'sensitive' };

  const target = options.targeting_type ? pickTarget(options.targeting_type, options.targeting[options.targeting_type] ?? [], request.visitor) : null;
  const destination = buildDestination(target ?? link.location_url, options, request.query);

  if (options.cloaking_is_enabled) {
    return {
      kind: 'cloak',
      destination,
      title: options.cloaking_title ?? '',
      description: options.cloaking_meta_description ?? '',
      customJs: options.cloaking_custom_js ?? '',
      countsClick: true,
    };
  }
  // After one of the sandbox's forms (a POST), 303 makes the browser GET the destination: a
  // 307/308 would re-send the form, password included, to the destination.
  const status = request.method === 'POST' ? 303 : (options.http_status_code ?? DEFAULT_REDIRECT_STATUS);
  return { kind: 'redirect', status, location: destination, countsClick: true };
}

function unavailableReason(link: ServedLink, now: Date, timezone: string): 'not-started' | 'ended' | 'limit-reached' | null {
  if (link.options.schedule && (link.start_date || link.end_date)) {
    // Stored dates are checked calendar date-times in the service's form, so "now" written the
    // same way in the account's zone compares with them as text.
    const start = link.start_date && parseServiceDatetime(link.start_date) ? link.start_date : null;
    const end = link.end_date && parseServiceDatetime(link.end_date) ? link.end_date : null;
    const wallNow = wallClock(now, timezone);
    if (start && wallNow < start) return 'not-started';
    if (end && wallNow > end) return 'ended';
  }
  if (link.options.clicks_limit !== null && link.clicks >= link.options.clicks_limit) return 'limit-reached';
  return null;
}

/** Appends the link's UTM parameters and, when enabled, the visitor's own query parameters. */
export function buildDestination(location: string, options: ServedLink['options'], query: string): string {
  if (!URL.canParse(location)) return location;
  const url = new URL(location);
  for (const field of ['utm_source', 'utm_medium', 'utm_campaign'] as const) {
    const value = options[field];
    if (value) url.searchParams.set(field, value);
  }
  if (options.forward_query_parameters_is_enabled && query !== '') {
    for (const [name, value] of new URLSearchParams(query)) url.searchParams.append(name, value);
  }
  return url.toString();
}
