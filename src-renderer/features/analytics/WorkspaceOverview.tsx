// The workspace's analytics from what is cached: clicks per day across the links whose statistics
// are in the mirror, the most-clicked links (each opens its own analytics), and the referrers and
// countries of their cached breakdowns; always saying how many links that is and how old.
import { useMemo } from 'react';
import { useNavigation } from '../../session/navigation-store.ts';
import { useRememberedState } from '../../session/remembered-state.ts';
import { useSyncStatus, type WorkspaceSession } from '../../session/workspace-session.tsx';
import { accountTimeZone, todayIn } from '../../sync/index.ts';
import { DailyChart } from '../../ui/DailyChart.tsx';
import { Button } from '../../ui/index.ts';
import { useNow } from '../../ui/use-now.ts';
import { bars, DEFAULT_CHOICE, rangeText, resolveRange, type RangeChoice, chartLines } from './analytics-model.ts';
import { RankedBars } from './Bars.tsx';
import { downloadAnalyticsCsv } from './csv-export.ts';
import { ageText } from './freshness.ts';
import { RangePicker } from './RangePicker.tsx';
import { Totals } from './Totals.tsx';
import { useWorkspaceAnalytics, type WorkspaceAnalytics } from './use-workspace-analytics.ts';
import type { SummedBreakdown } from './overview-model.ts';

export function WorkspaceOverview({ session }: { session: WorkspaceSession }) {
  const { sync, workspace } = session;
  const now = useNow(30_000);
  const today = todayIn(accountTimeZone(sync.db), now);
  const [choice, setChoice] = useRememberedState<RangeChoice>(`${workspace.id}:analytics:range`, DEFAULT_CHOICE);
  const range = useMemo(() => resolveRange(choice, today), [choice, today]);
  const data = useWorkspaceAnalytics(sync, range, now);
  const syncStatus = useSyncStatus(sync, ['connection', 'lastPullAt']);
  const openAnalytics = useNavigation((s) => s.openAnalytics);
  const { current, previous, fromSamples } = data;
  const lines = useMemo(() => chartLines(current, previous, fromSamples), [current, previous, fromSamples]);
  const offline = syncStatus.connection === 'offline';

  return (
    <div className="page analytics-page" aria-busy={!data.loaded}>
      <div className="page-header">
        <h1>Analytics</h1>
        <Button
          onPress={() =>
            downloadAnalyticsCsv(`analytics-${workspace.name}-${range.startDate}-${range.endDate}`, {
              current: data.current,
              previous: data.previous,
              breakdowns: [],
              extra: [
                { section: 'Top links (clicks in the period)', rows: data.topLinks.map((link) => ({ item: link.alias, clicks: link.inPeriod })) },
                { section: 'Top referrers', rows: bars('referrer_host', data.referrers.rows).bars.map((bar) => ({ item: bar.label, clicks: bar.clicks })) },
                { section: 'Top countries', rows: bars('country_code', data.countries.rows).bars.map((bar) => ({ item: bar.label, clicks: bar.clicks })) },
              ],
            })
          }
        >
          Download CSV
        </Button>
      </div>
      <RangePicker choice={choice} today={today} onChange={setChoice} />
      <p className={`analytics-freshness tone-${offline ? 'warning' : 'muted'}`} role="status">
        {overviewSource(data, syncStatus.lastPullAt, offline, now)}
      </p>
      <section className="panel analytics-daily" aria-labelledby="overview-daily-title">
        <h2 id="overview-daily-title">Clicks per day across links, {rangeText(range)}</h2>
        <Totals current={data.current} previous={data.previous} fromSamples={data.fromSamples} />
        {data.current.covered === 0 ? (
          <p className="muted">Not enough data: no day of this period is cached yet.</p>
        ) : (
          <DailyChart days={data.current.days} series={lines} summary={`Clicks per day across ${data.current.links} links, ${rangeText(range)}.`} />
        )}
      </section>
      <div className="breakdown-grid">
        <section className="panel breakdown-card" aria-labelledby="top-links-title">
          <h2 id="top-links-title">Top links</h2>
          {data.topLinks.length === 0 ? (
            <p className="muted">{syncStatus.lastPullAt === null ? 'Not synced yet.' : 'No link has clicks yet.'}</p>
          ) : (
            <table className="table top-links">
              <thead>
                <tr>
                  <th scope="col">Link</th>
                  <th scope="col" className="num">
                    In the period
                  </th>
                  <th scope="col" className="num">
                    All time
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.topLinks.map((link) => (
                  <tr key={link.clientId}>
                    <td>
                      <button type="button" className="link-button" onClick={() => openAnalytics(link.clientId)} aria-label={`Analytics of ${link.alias}`}>
                        {link.alias}
                      </button>
                    </td>
                    <td className="num">{link.inPeriod === null ? <span className="muted">not cached</span> : link.inPeriod.toLocaleString('en')}</td>
                    <td className="num">{link.clicks.toLocaleString('en')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <SummedCard title="Top referrers" type="referrer_host" summed={data.referrers} fromSamples={data.fromSamples} now={now} />
        <SummedCard title="Top countries" type="country_code" summed={data.countries} fromSamples={data.fromSamples} now={now} />
      </div>
    </div>
  );
}

function SummedCard(props: { title: string; type: 'referrer_host' | 'country_code'; summed: SummedBreakdown; fromSamples: boolean; now: number }) {
  const id = `overview-${props.type}`;
  const figures = bars(props.type, props.summed.rows);
  return (
    <section className="panel breakdown-card" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.fromSamples ? (
        <p className="muted">Not available on this service.</p>
      ) : props.summed.links === 0 ? (
        <p className="muted">Not cached for this period yet.</p>
      ) : (
        <>
          <p className="breakdown-note">
            From {props.summed.links} link{props.summed.links === 1 ? '' : 's'}, cached {ageText(props.summed.fetchedAt!, props.now)}.
          </p>
          {figures.total === 0 ? <p className="muted">No clicks in this period.</p> : <RankedBars bars={figures.bars} label={props.title} />}
        </>
      )}
    </section>
  );
}

function overviewSource(data: WorkspaceAnalytics, lastPullAt: number | null, offline: boolean, now: number): string {
  const suffix = offline ? ' Offline: showing what is cached.' : '';
  if (data.fromSamples) {
    return `Statistics are not available on this service. Showing Linkdock’s own click counts of the ${data.current.links} most-clicked links instead, recorded at each sync (${lastPullAt === null ? 'not synced yet' : `last synced ${ageText(lastPullAt, now)}`}).${suffix}`;
  }
  if (lastPullAt === null && data.current.links === 0) return `Not synced yet.${suffix}`;
  if (data.current.links === 0) {
    return `Nothing cached for this period yet: the statistics of pinned and most-clicked links are fetched in the background, a few a minute.${suffix}`;
  }
  return `From the statistics cached for ${data.current.links} link${data.current.links === 1 ? '' : 's'} (pinned, most clicked and those opened here), cached ${ageText(data.current.fetchedAt!, now)}.${suffix}`;
}
