// Ranked bars with shares (referrers, countries, …) and the hour of day as 24 columns. Each bar's
// figures are text too, so a screen reader reads what the eye sees. The largest value is found by a
// loop: spread into Math.max, a long breakdown overflowed the stack (issue #36 item 7).
import { useState } from 'react';
import { Button } from '../../ui/index.ts';
import { percent, type Bar } from './analytics-model.ts';

/** The largest of `value` over the bars, 0 for none. */
function largest(bars: readonly Bar[], value: (bar: Bar) => number): number {
  let most = 0;
  for (const bar of bars) most = Math.max(most, value(bar));
  return most;
}

/** Bars shown before "Show all". */
const SHOWN = 8;

export function RankedBars({ bars, label, onOpen }: { bars: readonly Bar[]; label: string; onOpen?: (key: string | null) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? bars : bars.slice(0, SHOWN);
  const widest = largest(bars, (bar) => bar.share) || 1;
  return (
    <>
      <ol className="ranked-bars" aria-label={label}>
        {shown.map((bar) => (
          <li key={bar.key ?? '\u0000none'} className="ranked-bar">
            <span className="ranked-bar-label" title={bar.label}>
              {onOpen ? (
                <button type="button" className="link-button" onClick={() => onOpen(bar.key)}>
                  {bar.label}
                </button>
              ) : (
                bar.label
              )}
            </span>
            <span className="ranked-bar-track" aria-hidden="true">
              <span className="ranked-bar-fill" style={{ width: `${(bar.share / widest) * 100}%` }} />
            </span>
            <span className="ranked-bar-value">
              {bar.clicks.toLocaleString('en')} <span className="muted">· {percent(bar.share)}</span>
            </span>
          </li>
        ))}
      </ol>
      {bars.length > SHOWN && (
        <Button size="small" variant="ghost" onPress={() => setAll(!all)}>
          {all ? `Show fewer ${label.toLowerCase()}` : `Show all ${bars.length} ${label.toLowerCase()}`}
        </Button>
      )}
    </>
  );
}

export function HourBars({ bars }: { bars: readonly Bar[] }) {
  const highest = largest(bars, (bar) => bar.clicks) || 1;
  return (
    <ol className="hour-bars" aria-label="Clicks by hour of day">
      {bars.map((bar, hour) => (
        <li key={bar.key} className="hour-bar" title={`${bar.label}: ${bar.clicks.toLocaleString('en')} (${percent(bar.share)})`}>
          <span className="hour-bar-column" aria-hidden="true">
            <span className="hour-bar-fill" style={{ height: `${(bar.clicks / highest) * 100}%` }} />
          </span>
          <span className="hour-bar-tick" aria-hidden="true">
            {hour % 6 === 0 ? String(hour).padStart(2, '0') : ''}
          </span>
          <span className="visually-hidden">
            {bar.label}: {bar.clicks.toLocaleString('en')} clicks, {percent(bar.share)}
          </span>
        </li>
      ))}
    </ol>
  );
}
