// A period's clicks (and visitors) with the change against the period before, or "not cached"
// ("not recorded" for Linkdock's own click samples).
import type { DailySeries } from '../../sync/index.ts';
import { change, totals } from './analytics-model.ts';

/** `fromSamples`: the figures are Linkdock's click samples (days are recorded, not cached). */
export function Totals({ current, previous, fromSamples }: { current: DailySeries; previous: DailySeries; fromSamples: boolean }) {
  const missing = fromSamples ? 'not recorded' : 'not cached';
  const now = totals(current);
  const before = totals(previous);
  // Compared only when both periods are cached whole: a part of a period is not its total.
  const whole = (series: DailySeries) => series.covered === series.days.length;
  const comparable = whole(current) && whole(previous);
  const items = [{ label: 'Clicks', value: now.clicks, previous: before.clicks }];
  if (!fromSamples) items.push({ label: 'Visitors (counted per day)', value: now.visitors, previous: before.visitors });
  return (
    <dl className="analytics-totals">
      {items.map((item) => {
        const delta = comparable ? change(item.value, item.previous) : null;
        return (
          <div key={item.label} className="analytics-total">
            <dt>{item.label}</dt>
            <dd>
              <span className="analytics-total-value">{item.value === null ? missing : item.value.toLocaleString('en')}</span>
              {!whole(current) && item.value !== null && (
                <span className="muted">
                  {' '}
                  ({current.covered} of {current.days.length} days known)
                </span>
              )}
              <span className="analytics-total-change muted">
                {delta !== null
                  ? `${delta} vs the ${current.days.length} days before (${(item.previous ?? 0).toLocaleString('en')})`
                  : `previous period ${missing}`}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
