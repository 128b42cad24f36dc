import { memo } from 'react';
import type { ClickSample } from '../../sync/index.ts';
import { formatCount } from '../../ui/format.ts';
import { sparklinePoints } from './click-history.ts';

/** Clicks with a small trend line from the click history (the list's rows; samples read per page). */
export const ClickTrend = memo(function ClickTrend({ clicks, samples }: { clicks: number; samples: readonly ClickSample[] | undefined }) {
  const points = samples && samples.length > 1 ? sparklinePoints(samples, 48, 16) : '';
  return (
    <span className="click-trend">
      {points ? (
        <svg className="sparkline" width="48" height="16" viewBox="0 0 48 16" role="img" aria-label={`Click history: ${samples!.length} samples`}>
          <polyline points={points} />
        </svg>
      ) : (
        <span className="sparkline-slot" aria-hidden="true" />
      )}
      <span className="click-count">{formatCount(clicks)}</span>
    </span>
  );
});
