// A link's clicks per day over the last 30 days, from its cached statistics (on a service without
// them, from Linkdock's own click samples), starting at zero; "not enough data" while there is none.
// Opening it asks for the link's overview first (the link on screen goes before background work).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { accountTimeZone, dailyFromSamples, dailySeries, lastDays, overviewQuery, todayIn, type WorkspaceSync } from '../../sync/index.ts';
import { DailyChart, type DailySeriesLine } from '../../ui/DailyChart.tsx';
import { timeAgo } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';
import { clickHistory } from './click-history.ts';

const DAYS = 30;

export function LinkDailyClicks({ sync, clientId, synced }: { sync: WorkspaceSync; clientId: string; synced: boolean }) {
  const now = useNow(60_000);
  const zone = accountTimeZone(sync.db);
  const today = todayIn(zone, now);
  const range = useMemo(() => lastDays(DAYS, today), [today]);
  const status = useStore(sync.statistics.store);
  const connection = useStore(sync.store, (s) => s.connection);
  const fromSamples = status.availability === 'not-available';
  const record = useLiveQuery(async () => (await sync.db.statisticsDays.get(clientId)) ?? null, [sync.db, clientId]);
  const samples = useLiveQuery(() => (fromSamples ? clickHistory(sync.db, clientId) : []), [sync.db, clientId, fromSamples]);
  useEffect(() => sync.statistics.show({ clientId, queries: [overviewQuery(range, today)] }), [sync, clientId, range, today, synced]);

  const series = useMemo(
    () => (fromSamples ? dailyFromSamples(samples ?? [], range, zone, now) : dailySeries(record ?? undefined, range)),
    [fromSamples, samples, record, range, zone], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const lines = useMemo<DailySeriesLine[]>(() => [{ label: 'Clicks', values: series.clicks, style: 'bars' }], [series]);
  if (record === undefined) return <p className="muted">Loading…</p>;
  if (series.covered === 0) {
    const why = !synced
      ? 'this link is not on the service yet.'
      : fromSamples
        ? 'Linkdock records clicks at each sync (statistics are not available on this service).'
        : connection === 'offline'
          ? 'no statistics are cached for this link, and the service cannot be reached.'
          : status.onScreen?.clientId === clientId && status.onScreen.busy
            ? 'loading the statistics…'
            : 'no statistics are cached for this link.';
    return <p className="muted">Not enough data: {why}</p>;
  }
  const total = series.clicks.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return (
    <>
      <DailyChart days={series.days} series={lines} height={160} summary={`Clicks per day over the last ${DAYS} days: ${total.toLocaleString('en')} in all.`} />
      <p className="muted chart-note">
        {fromSamples
          ? 'From Linkdock’s own click counts, recorded at each sync: statistics are not available on this service.'
          : `Last ${DAYS} days, from statistics cached ${series.fetchedAt === null ? '' : timeAgo(series.fetchedAt, now)}.`}
      </p>
    </>
  );
}
