// The workspace overview's data, read live from the mirror: every link's cached days, the cached
// referrer and country breakdowns, the most-clicked links (as the last sync ranked them) and, for
// a service without statistics, those links' click samples.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { Link } from '../../../src-preload/contract/index.ts';
import {
  accountTimeZone,
  clickSamplesOf,
  dailyFromSamples,
  previousPeriod,
  readMostClicked,
  type BreakdownType,
  type DayRange,
  type StatisticsStatus,
  type WorkspaceSync,
  linkRows,
} from '../../sync/index.ts';
import { sumBreakdowns, sumDaily, type SummedBreakdown, type SummedSeries } from './overview-model.ts';

/** Links listed under "Top links"; their samples make the fallback when the service has no statistics. */
const TOP_LINKS = 10;
const SAMPLED_LINKS = 100;
const OVERVIEW_BREAKDOWNS: BreakdownType[] = ['referrer_host', 'country_code'];

export interface TopLink {
  clientId: string;
  alias: string;
  /** All-time clicks as the last sync saw them. */
  clicks: number;
  /** Clicks in the period from the cache; null when not cached. */
  inPeriod: number | null;
}

export interface WorkspaceAnalytics {
  loaded: boolean;
  current: SummedSeries;
  previous: SummedSeries;
  topLinks: TopLink[];
  referrers: SummedBreakdown;
  countries: SummedBreakdown;
  status: StatisticsStatus;
  fromSamples: boolean;
}

export function useWorkspaceAnalytics(sync: WorkspaceSync, range: DayRange, now: number): WorkspaceAnalytics {
  const { db } = sync;
  const status = useStore(sync.statistics.store);
  const fromSamples = status.availability === 'not-available';
  const read = useLiveQuery(async () => {
    const ranked = await readMostClicked(db);
    const [daily, ranges, rows] = await Promise.all([
      db.statisticsDays.toArray(),
      db.statisticsRanges.where('type').anyOf(OVERVIEW_BREAKDOWNS).toArray(),
      linkRows(db).bulkGet(ranked.slice(0, TOP_LINKS).map((link) => link.clientId)),
    ]);
    const samples = fromSamples ? await Promise.all(ranked.slice(0, SAMPLED_LINKS).map((link) => clickSamplesOf(db, link.clientId))) : [];
    return { ranked, daily, ranges, rows, samples };
  }, [db, fromSamples]);

  return useMemo(() => {
    const before = previousPeriod(range);
    const zone = accountTimeZone(db);
    const sum = (period: DayRange): SummedSeries => {
      if (!read) return sumDaily([], period);
      if (!fromSamples) return sumDaily(read.daily, period);
      // Each link's own samples, as if they were its statistics, then added up.
      const perLink = read.samples.map((list) => dailyFromSamples(list, period, zone, now));
      const days = perLink[0]?.days ?? sumDaily([], period).days;
      const add = (pick: 'clicks' | 'visitors') =>
        days.map((_, i) => perLink.reduce<number | null>((acc, s) => (s[pick][i] === null ? acc : (acc ?? 0) + s[pick][i]!), null));
      const clicks = add('clicks');
      return {
        days,
        clicks,
        visitors: days.map(() => null),
        covered: clicks.filter((v) => v !== null).length,
        fetchedAt: null,
        links: perLink.filter((s) => s.covered > 0).length,
      };
    };
    const current = sum(range);
    const byLink = new Map((read?.daily ?? []).map((record) => [record.clientId, record]));
    const topLinks: TopLink[] = (read?.ranked.slice(0, TOP_LINKS) ?? []).map((link, i) => {
      const row = read?.rows[i];
      const base = row?.base as Link | null | undefined;
      const record = byLink.get(link.clientId);
      const one = record ? sumDaily([record], range) : null;
      return {
        clientId: link.clientId,
        alias: (row?.local.url as string | undefined) || base?.url || `link ${link.serverId}`,
        clicks: base?.clicks ?? link.clicks,
        inPeriod: one && one.covered === one.days.length ? one.clicks.reduce<number>((a, v) => a + (v ?? 0), 0) : null,
      };
    });
    return {
      loaded: read !== undefined,
      current,
      previous: sum(before),
      topLinks,
      referrers: sumBreakdowns(read?.ranges ?? [], 'referrer_host', range),
      countries: sumBreakdowns(read?.ranges ?? [], 'country_code', range),
      status,
      fromSamples,
    };
    // `now` moves every half minute; the figures change with the mirror, the period and the day.
  }, [read, range.startDate, range.endDate, fromSamples, status, db]); // eslint-disable-line react-hooks/exhaustive-deps
}
