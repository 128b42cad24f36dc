// One link's analytics: clicks and visitors per day against the period before, each breakdown as
// ranked bars with shares, the period picker, Refresh and CSV export. Everything is read from the
// mirror, so it shows offline too, with how old it is.
import { useMemo, useState } from 'react';
import { useNavigation } from '../../session/navigation-store.ts';
import { useRememberedState } from '../../session/remembered-state.ts';
import { useSyncStatus, type WorkspaceSession } from '../../session/workspace-session.tsx';
import { accountTimeZone, todayIn } from '../../sync/index.ts';
import { DailyChart } from '../../ui/DailyChart.tsx';
import { Button } from '../../ui/index.ts';
import { useNow } from '../../ui/use-now.ts';
import { dayText, DEFAULT_CHOICE, rangeText, resolveRange, type RangeChoice, chartLines } from './analytics-model.ts';
import { BreakdownCard } from './BreakdownCard.tsx';
import { downloadAnalyticsCsv } from './csv-export.ts';
import { freshness } from './freshness.ts';
import { RangePicker } from './RangePicker.tsx';
import { Totals } from './Totals.tsx';
import { linkNames, useLinkAnalytics } from './use-link-analytics.ts';

export function LinkAnalytics({ session, clientId }: { session: WorkspaceSession; clientId: string }) {
  const { sync, workspace } = session;
  const now = useNow(30_000);
  const today = todayIn(accountTimeZone(sync.db), now);
  const [choice, setChoice] = useRememberedState<RangeChoice>(`${workspace.id}:analytics:range`, DEFAULT_CHOICE);
  const range = useMemo(() => resolveRange(choice, today), [choice, today]);
  const [refresh, setRefresh] = useState(0);
  const data = useLinkAnalytics(sync, clientId, range, today, now, refresh);
  const syncStatus = useSyncStatus(sync, ['connection', 'lastPullAt']);
  const openAnalytics = useNavigation((s) => s.openAnalytics);
  const { alias, destination } = linkNames(data.row);
  const synced = data.row ? data.row.serverId !== null : true;

  const said = freshness({
    availability: data.status.availability,
    connection: syncStatus.connection,
    onScreen: data.status.onScreen?.clientId === clientId ? data.status.onScreen : null,
    cachedAt: data.current.fetchedAt,
    synced,
    lastSyncAt: syncStatus.lastPullAt,
    now,
  });
  const problem = data.status.onScreen?.clientId === clientId ? data.status.onScreen.problem : null;
  const emptyText =
    syncStatus.connection === 'offline' ? 'Not cached for this period (offline).' : data.status.onScreen?.busy ? 'Loading…' : 'Not cached for this period.';

  const { current, previous, fromSamples } = data;
  const lines = useMemo(() => chartLines(current, previous, fromSamples), [current, previous, fromSamples]);

  if (data.row === null) {
    return (
      <div className="page analytics-page">
        <div className="page-header">
          <h1>Analytics</h1>
          <Button onPress={() => openAnalytics(null)}>All links</Button>
        </div>
        <p className="empty">This link is no longer in the workspace.</p>
      </div>
    );
  }
  return (
    <div className="page analytics-page" aria-busy={!data.loaded}>
      <div className="page-header">
        <h1>Analytics: {alias}</h1>
        <Button onPress={() => openAnalytics(null)}>All links</Button>
        <Button onPress={() => setRefresh((n) => n + 1)} isDisabled={!synced || syncStatus.connection === 'offline'}>
          Refresh
        </Button>
        <Button
          onPress={() =>
            downloadAnalyticsCsv(`analytics-${alias}-${range.startDate}-${range.endDate}`, {
              current: data.current,
              previous: data.previous,
              breakdowns: data.breakdowns,
            })
          }
        >
          Download CSV
        </Button>
      </div>
      {destination && <p className="muted analytics-destination">{destination}</p>}
      <RangePicker choice={choice} today={today} onChange={setChoice} />
      <p className={`analytics-freshness tone-${said.tone}`} role="status">
        {said.text}
      </p>
      {problem && (
        <p className="banner banner-warning" role="alert">
          <span>{problem}</span>
        </p>
      )}
      <section className="panel analytics-daily" aria-labelledby="analytics-daily-title">
        <h2 id="analytics-daily-title">Clicks per day, {rangeText(range)}</h2>
        <Totals current={data.current} previous={data.previous} fromSamples={data.fromSamples} />
        {data.current.covered === 0 ? (
          <p className="muted">Not enough data: no day of this period is cached yet.</p>
        ) : (
          <DailyChart days={data.current.days} series={lines} summary={summary(data.current, range)} />
        )}
      </section>
      {data.fromSamples ? (
        <p className="panel muted">
          Referrers, countries, cities, browsers, systems, devices, languages, UTM tags and the hour of day come from the service’s statistics, which this
          service does not offer.
        </p>
      ) : (
        <div className="breakdown-grid">
          {data.breakdowns.map(({ type, picked }) => (
            <BreakdownCard key={type} type={type} picked={picked} emptyText={emptyText} now={now} />
          ))}
        </div>
      )}
    </div>
  );
}

function summary(series: { days: readonly string[]; clicks: readonly (number | null)[] }, range: { startDate: string; endDate: string }): string {
  let best = -1;
  let bestDay = '';
  let total = 0;
  let clickDays = 0;
  let first: string | null = null;
  series.clicks.forEach((value, i) => {
    if (value === null || value === 0) return;
    total += value;
    clickDays++;
    first ??= series.days[i]!;
    if (value > best) [best, bestDay] = [value, series.days[i]!];
  });
  if (total === 0) return `Clicks per day, ${rangeText(range)}: no clicks.`;
  return (
    `Clicks per day, ${rangeText(range)}: ${total.toLocaleString('en')} in all, on ${clickDays} day${clickDays === 1 ? '' : 's'} from ${dayText(first!)}; ` +
    `most on ${dayText(bestDay)} (${best.toLocaleString('en')}).`
  );
}
