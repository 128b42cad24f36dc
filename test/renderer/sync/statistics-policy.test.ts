// Which statistics are worth a request: the on-screen view's queries, when a cached answer is still
// current, and the background's order and due rules (pure).
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_TIERS,
  backgroundPlan,
  BREAKDOWN_TYPES,
  currentForScreen,
  dueInBackground,
  ON_SCREEN_FRESH_MS,
  overviewQuery,
  viewQueries,
  type CandidateCache,
  type CandidateLink,
} from '../../../src-renderer/sync/statistics/policy.ts';
import { lastDays, previousPeriod, todayIn } from '../../../src-renderer/sync/statistics/days.ts';

const today = '2026-01-15';
const NOW = Date.parse('2026-01-15T09:30:00Z');
const HOUR = 3_600_000;

describe('days', () => {
  it("counts days in the account's time zone, ranges with both ends, and the period before", () => {
    expect(todayIn('Europe/Berlin', Date.parse('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(todayIn('UTC', Date.parse('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
    expect(lastDays(7, today)).toEqual({ startDate: '2026-01-09', endDate: '2026-01-15' });
    expect(previousPeriod(lastDays(7, today))).toEqual({ startDate: '2026-01-02', endDate: '2026-01-08' });
  });
});

describe("the on-screen view's requests", () => {
  it('one overview covers the range, the period before and the last year; then each breakdown of the range', () => {
    const range = lastDays(30, today);
    const queries = viewQueries(range, today);
    expect(queries[0]).toEqual({ type: 'overview', startDate: '2025-01-16', endDate: today });
    expect(queries.slice(1)).toEqual(BREAKDOWN_TYPES.map((type) => ({ type, ...range })));
    // A year's view with its comparison: two years in one request.
    expect(overviewQuery(lastDays(365, today), today)).toEqual({ type: 'overview', startDate: '2024-01-17', endDate: today });
  });

  it('a cached answer is current while young, or while the link has had no click since', () => {
    expect(currentForScreen(null, 5, NOW)).toBe(false);
    expect(currentForScreen({ fetchedAt: NOW - ON_SCREEN_FRESH_MS + 1, clicks: 3 }, 5, NOW)).toBe(true);
    expect(currentForScreen({ fetchedAt: NOW - 5 * HOUR, clicks: 5 }, 5, NOW)).toBe(true);
    expect(currentForScreen({ fetchedAt: NOW - 5 * HOUR, clicks: 4 }, 5, NOW)).toBe(false);
    expect(currentForScreen({ fetchedAt: NOW - 5 * HOUR, clicks: null }, 5, NOW)).toBe(false);
  });
});

describe('the background plan', () => {
  const pinned: CandidateLink[] = [
    { clientId: 'p1', serverId: 1, clicks: 3 },
    { clientId: 'p0', serverId: 2, clicks: 0 },
  ];
  const top: CandidateLink[] = Array.from({ length: 60 }, (_, i) => ({ clientId: `t${i}`, serverId: 100 + i, clicks: 1000 - i }));

  it('goes pinned overviews, top 10 overviews, pinned breakdowns, the top 10 breakdowns type by type, then 40 more overviews; links without clicks are left out', () => {
    const tasks = backgroundPlan({ today, now: NOW, pinned, mostClicked: [pinned[0]!, ...top], cache: new Map() });
    const tiers = tasks.map((t) => t.tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => order(a) - order(b)));
    expect(tasks.filter((t) => t.tier === 'pinnedOverview').map((t) => t.link.clientId)).toEqual(['p1']);
    expect(tasks.filter((t) => t.tier === 'topOverview').map((t) => t.link.clientId)).toEqual(top.slice(0, 10).map((l) => l.clientId));
    expect(tasks.filter((t) => t.tier === 'pinnedBreakdowns').map((t) => t.query.type)).toEqual(BREAKDOWN_TYPES);
    const topBreakdowns = tasks.filter((t) => t.tier === 'topBreakdowns');
    expect(topBreakdowns).toHaveLength(BACKGROUND_TIERS.topBreakdowns.links * BREAKDOWN_TYPES.length);
    // Referrers of all ten, then countries of all ten: what the workspace overview adds up comes first.
    expect(topBreakdowns.slice(0, 20).map((t) => t.query.type)).toEqual([...Array(10).fill('referrer_host'), ...Array(10).fill('country_code')]);
    expect(tasks.filter((t) => t.tier === 'moreOverviews').map((t) => t.link.clientId)).toEqual(top.slice(10, 50).map((l) => l.clientId));
    expect(tasks[0]!.query).toEqual({ type: 'overview', ...lastDays(365, today) });
    expect(topBreakdowns[0]!.query).toEqual({ type: 'referrer_host', ...lastDays(30, today) });
    expect(tasks.length).toBe(1 + 10 + 11 + 110 + 40);
  });

  it('leaves out what is cached until it is old enough for its tier and the link was clicked since', () => {
    const year = lastDays(365, today);
    const cache = new Map<string, CandidateCache>([['p1', { spans: [{ ...year, fetchedAt: NOW - 20 * 60_000, clicks: 3 }], ranges: [] }]]);
    const plan = (clicks: number) => backgroundPlan({ today, now: NOW, pinned: [{ ...pinned[0]!, clicks }], mostClicked: [], cache });
    expect(plan(3).filter((t) => t.tier === 'pinnedOverview')).toHaveLength(0);
    expect(plan(4).filter((t) => t.tier === 'pinnedOverview')).toHaveLength(1);
    expect(dueInBackground({ fetchedAt: NOW - 10 * 60_000, clicks: 3 }, 4, NOW, BACKGROUND_TIERS.pinnedOverview.minAgeMs)).toBe(false);
    // Yesterday's year does not cover today: due again.
    const yesterday = new Map<string, CandidateCache>([
      ['p1', { spans: [{ ...lastDays(365, '2026-01-14'), fetchedAt: NOW - 60_000, clicks: 3 }], ranges: [] }],
    ]);
    expect(
      backgroundPlan({ today, now: NOW, pinned: [pinned[0]!], mostClicked: [], cache: yesterday }).filter((t) => t.tier === 'pinnedOverview'),
    ).toHaveLength(1);
  });

  it('skips what failed lately', () => {
    const skip = new Set([`p1|overview|${lastDays(365, today).startDate}|${today}`]);
    expect(backgroundPlan({ today, now: NOW, pinned, mostClicked: [], cache: new Map(), skip }).some((t) => t.tier === 'pinnedOverview')).toBe(false);
  });
});

const order = (tier: string) => ['pinnedOverview', 'topOverview', 'pinnedBreakdowns', 'topBreakdowns', 'moreOverviews'].indexOf(tier);
