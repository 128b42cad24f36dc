// A link's analytics for a period, read live from the mirror: clicks and visitors per day for the
// period and the one before, each breakdown, the link itself; and the request that puts it on
// screen (the statistics scheduler fetches what the view lacks, this link before anything else).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import type { Link } from '../../../src-preload/contract/index.ts';
import {
  accountTimeZone,
  BREAKDOWN_TYPES,
  clickSamplesOf,
  dailyFromSamples,
  dailySeries,
  pickBreakdown,
  previousPeriod,
  readLinkCache,
  viewQueries,
  type BreakdownType,
  type DailySeries,
  type DayRange,
  type MirrorRow,
  type PickedBreakdown,
  type StatisticsStatus,
  type WorkspaceSync,
  linkRows,
} from '../../sync/index.ts';

export interface LinkAnalytics {
  /** Undefined while the mirror is read. */
  row: MirrorRow | null | undefined;
  loaded: boolean;
  current: DailySeries;
  previous: DailySeries;
  breakdowns: { type: BreakdownType; picked: PickedBreakdown | null }[];
  status: StatisticsStatus;
  /** Figures come from Linkdock's own click samples (the service has no statistics). */
  fromSamples: boolean;
}

/** `refresh`: a number the Refresh button bumps; each new value fetches the view again. */
export function useLinkAnalytics(sync: WorkspaceSync, clientId: string, range: DayRange, today: string, now: number, refresh: number): LinkAnalytics {
  const { db } = sync;
  const status = useStore(sync.statistics.store);
  const fromSamples = status.availability === 'not-available';
  const row = useLiveQuery(async () => (await linkRows(db).get(clientId)) ?? null, [db, clientId]);
  const cache = useLiveQuery(() => readLinkCache(db, clientId), [db, clientId]);
  const samples = useLiveQuery(() => (fromSamples ? clickSamplesOf(db, clientId) : []), [db, clientId, fromSamples]);

  // On screen: the scheduler fetches what this view lacks, first; released when the view goes.
  const lastRefresh = useRef(refresh);
  const serverId = row?.serverId ?? null;
  useEffect(() => {
    const force = lastRefresh.current !== refresh;
    lastRefresh.current = refresh;
    return sync.statistics.show({ clientId, queries: viewQueries(range, today), force });
    // serverId: a link created offline is asked for once the service has it.
  }, [sync, clientId, range.startDate, range.endDate, today, refresh, serverId]); // eslint-disable-line react-hooks/exhaustive-deps

  const zone = accountTimeZone(db);
  const before = previousPeriod(range);
  const series = useMemo(() => {
    if (fromSamples) return { current: dailyFromSamples(samples ?? [], range, zone, now), previous: dailyFromSamples(samples ?? [], before, zone, now) };
    return { current: dailySeries(cache?.daily, range), previous: dailySeries(cache?.daily, before) };
    // `now` moves every minute: the samples' days only change with the day.
  }, [fromSamples, samples, cache, range.startDate, range.endDate, zone, today]); // eslint-disable-line react-hooks/exhaustive-deps

  const breakdowns = useMemo(
    () => BREAKDOWN_TYPES.map((type) => ({ type, picked: cache && !fromSamples ? pickBreakdown(cache.ranges, type, range) : null })),
    [cache, fromSamples, range.startDate, range.endDate], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return { row, loaded: row !== undefined && cache !== undefined, ...series, breakdowns, status, fromSamples };
}

/** The link's alias and destination as shown (pending edits included). */
export function linkNames(row: MirrorRow | null | undefined): { alias: string; destination: string } {
  const base = row?.base as Link | null | undefined;
  const alias = (row?.local.url as string | undefined) || base?.url || 'link';
  const destination = (row?.local.location_url as string | undefined) ?? base?.location_url ?? '';
  return { alias, destination };
}
