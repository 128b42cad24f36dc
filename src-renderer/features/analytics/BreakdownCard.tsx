// One breakdown of a link's clicks over the period (countries, referrers, …) from the cache: its
// ranked bars, or why there are none (not cached yet, not available on this service).
import type { BreakdownType, PickedBreakdown } from '../../sync/index.ts';
import { bars, BREAKDOWN_TITLES, rangeText } from './analytics-model.ts';
import { HourBars, RankedBars } from './Bars.tsx';
import { ageText } from './freshness.ts';

export interface BreakdownCardProps {
  type: BreakdownType;
  picked: PickedBreakdown | null;
  /** Why nothing is cached, when nothing is: shown instead of bars. */
  emptyText: string;
  now: number;
}

/** Rows the service sent past what Linkdock keeps (the contract's STATISTICS_ACCEPTED_ROWS), in words. */
export function droppedText(shown: number, dropped: number): string {
  return `Showing the first ${shown.toLocaleString('en')} rows the service sent; ${dropped.toLocaleString('en')} more were left out.`;
}

export function BreakdownCard({ type, picked, emptyText, now }: BreakdownCardProps) {
  const title = BREAKDOWN_TITLES[type];
  const id = `breakdown-${type}`;
  const figures = picked ? bars(type, picked.record.rows) : null;
  return (
    <section className="panel breakdown-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {!picked || !figures ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <>
          {!picked.exact && (
            <p className="breakdown-note">
              Cached for {rangeText(picked.record)}, {ageText(picked.record.fetchedAt, now)}.
            </p>
          )}
          {picked.record.dropped !== undefined && picked.record.dropped > 0 && (
            <p className="breakdown-note">{droppedText(picked.record.rows.length, picked.record.dropped)}</p>
          )}
          {figures.total === 0 ? (
            <p className="muted">No clicks in this period.</p>
          ) : type === 'hour' ? (
            <HourBars bars={figures.bars} />
          ) : (
            <RankedBars bars={figures.bars} label={title} />
          )}
        </>
      )}
    </section>
  );
}
