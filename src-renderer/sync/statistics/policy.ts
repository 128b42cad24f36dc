// Which statistics are worth a request, and when (pure). At 60 requests a minute, 14 types for each
// of 100,000 links cannot all be fetched: the link on screen goes first (interactive, only what its
// view lacks or may have changed), then in the background, within a small share of the window,
// pinned links and the most-clicked ones: a year of days for each, and the default view's
// breakdowns for pinned links and the ten most clicked. A cached answer is fetched again only once the link's click count
// moved since (as the last sync saw it) and it is old enough for its tier.
import { STATISTICS_MAX_DAYS, type StatisticsQuery } from '../../../src-preload/contract/index.ts';
import { lastDays, previousPeriod, spanDays, unionRange, type DayRange } from './days.ts';
import type { BreakdownType, StatisticsSpan } from './records.ts';

/** The breakdowns the analytics view shows, in its order (continents and referrer paths are not fetched). */
export const BREAKDOWN_TYPES: readonly BreakdownType[] = [
  'referrer_host',
  'country_code',
  'city_name',
  'browser_name',
  'os_name',
  'device_type',
  'browser_language',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'hour',
];

/** Days of the overview fetched with any view (and in the background): a year, one request. */
export const OVERVIEW_DAYS = 365;
/** The analytics view's default range; background breakdowns are fetched for it. */
export const DEFAULT_VIEW_DAYS = 30;
/** An answer this young is not fetched again for the screen, clicks or not (Refresh does). */
export const ON_SCREEN_FRESH_MS = 2 * 60_000;

/**
 * Background tiers, in order, with the links each takes (of the most-clicked, after the links before
 * it) and how old an answer may get once the link was clicked again.
 */
export const BACKGROUND_TIERS = {
  pinnedOverview: { minAgeMs: 15 * 60_000 },
  topOverview: { links: 10, minAgeMs: 60 * 60_000 },
  pinnedBreakdowns: { minAgeMs: 60 * 60_000 },
  /** Type by type (referrers and countries of all ten first: the workspace overview adds them up). */
  topBreakdowns: { links: 10, minAgeMs: 6 * 60 * 60_000 },
  moreOverviews: { links: 40, minAgeMs: 60 * 60_000 },
} as const;

/** Background statistics requests per minute at most (of the real service's 60). */
export const BACKGROUND_PER_MINUTE = 6;
/** Background statistics wait while main's window has this much background room or less: sync's listings keep it. */
export const SYNC_HEADROOM = 12;

export const queryKey = (clientId: string, query: StatisticsQuery): string => `${clientId}|${query.type}|${query.startDate}|${query.endDate}`;

/** The overview a view of `range` reads: the range and the period before it, and the last year when that fits in one call. */
export function overviewQuery(range: DayRange, today: string): StatisticsQuery {
  const needed = unionRange(previousPeriod(range), range);
  const withYear = unionRange(needed, lastDays(OVERVIEW_DAYS, today));
  return { type: 'overview', ...(spanDays(withYear) <= STATISTICS_MAX_DAYS ? withYear : needed) };
}

/** What a link's analytics view of `range` needs: its overview first, then each breakdown shown. */
export function viewQueries(range: DayRange, today: string, types: readonly BreakdownType[] = BREAKDOWN_TYPES): StatisticsQuery[] {
  return [overviewQuery(range, today), ...types.map((type) => ({ type, ...range }))];
}

/** When an answer was fetched and the link's click count then. */
export interface Fetched {
  fetchedAt: number;
  clicks: number | null;
}

/** The newest overview fetch that covers the whole query on its own. */
export function coveringSpan(spans: readonly StatisticsSpan[], query: DayRange): StatisticsSpan | null {
  let best: StatisticsSpan | null = null;
  for (const span of spans) {
    if (span.startDate <= query.startDate && span.endDate >= query.endDate && (!best || span.fetchedAt > best.fetchedAt)) best = span;
  }
  return best;
}

/** For the screen: a cached answer is current while young, or while the link has had no click since (as far as the last sync knows). */
export function currentForScreen(cached: Fetched | null, linkClicks: number | null, now: number): boolean {
  if (!cached) return false;
  if (now - cached.fetchedAt < ON_SCREEN_FRESH_MS) return true;
  return cached.clicks !== null && linkClicks !== null && cached.clicks === linkClicks;
}

/** For the background: due when missing, or old enough for its tier with clicks since. */
export function dueInBackground(cached: Fetched | null, linkClicks: number, now: number, minAgeMs: number): boolean {
  if (!cached) return true;
  if (now - cached.fetchedAt < minAgeMs) return false;
  return cached.clicks !== linkClicks;
}

export interface CandidateLink {
  clientId: string;
  serverId: number;
  clicks: number;
}

/** What the cache holds of a candidate: its overview fetches and its breakdown ranges. */
export interface CandidateCache {
  spans: readonly StatisticsSpan[];
  ranges: readonly (DayRange & Fetched & { type: BreakdownType })[];
}

export type BackgroundTier = keyof typeof BACKGROUND_TIERS;

export interface BackgroundTask {
  tier: BackgroundTier;
  link: CandidateLink;
  query: StatisticsQuery;
}

export interface PlanInput {
  today: string;
  now: number;
  /** Pinned links (with clicks), in pin order. */
  pinned: readonly CandidateLink[];
  /** The most-clicked links, most first. */
  mostClicked: readonly CandidateLink[];
  cache: ReadonlyMap<string, CandidateCache>;
  /** Query keys not to try now (failed lately, link gone). */
  skip?: ReadonlySet<string>;
}

/**
 * The background's work, in order: what is due now of pinned overviews, the top 10 overviews,
 * pinned breakdowns, the top 10's breakdowns (type by type), then the next 40 overviews.
 */
export function backgroundPlan(input: PlanInput): BackgroundTask[] {
  const { today, now } = input;
  const year = lastDays(OVERVIEW_DAYS, today);
  const view = lastDays(DEFAULT_VIEW_DAYS, today);
  const pinnedIds = new Set(input.pinned.map((link) => link.clientId));
  // Links without clicks have nothing to count; pinned links are not listed twice.
  const pinned = input.pinned.filter((link) => link.clicks > 0);
  const top = input.mostClicked.filter((link) => link.clicks > 0 && !pinnedIds.has(link.clientId));
  const tasks: BackgroundTask[] = [];
  const add = (tier: BackgroundTier, link: CandidateLink, query: StatisticsQuery, cached: Fetched | null) => {
    if (input.skip?.has(queryKey(link.clientId, query))) return;
    if (dueInBackground(cached, link.clicks, now, BACKGROUND_TIERS[tier].minAgeMs)) tasks.push({ tier, link, query });
  };
  const overviews = (tier: BackgroundTier, links: readonly CandidateLink[]) => {
    for (const link of links) add(tier, link, { type: 'overview', ...year }, coveringSpan(input.cache.get(link.clientId)?.spans ?? [], year));
  };
  const cachedRange = (link: CandidateLink, type: BreakdownType) =>
    input.cache.get(link.clientId)?.ranges.find((r) => r.type === type && r.startDate === view.startDate && r.endDate === view.endDate) ?? null;
  const topTen = top.slice(0, BACKGROUND_TIERS.topOverview.links);
  overviews('pinnedOverview', pinned);
  overviews('topOverview', topTen);
  for (const link of pinned) for (const type of BREAKDOWN_TYPES) add('pinnedBreakdowns', link, { type, ...view }, cachedRange(link, type));
  for (const type of BREAKDOWN_TYPES) {
    for (const link of top.slice(0, BACKGROUND_TIERS.topBreakdowns.links)) add('topBreakdowns', link, { type, ...view }, cachedRange(link, type));
  }
  overviews('moreOverviews', top.slice(topTen.length, topTen.length + BACKGROUND_TIERS.moreOverviews.links));
  return tasks;
}
