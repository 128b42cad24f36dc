import { clickSamplesOf, type ClickSample, type MirrorDb } from '../../sync/index.ts';

/** A link's click samples, oldest first (at most `limit`, the most recent). */
export function clickHistory(db: MirrorDb, clientId: string, limit = 500): Promise<ClickSample[]> {
  return clickSamplesOf(db, clientId, limit);
}

/** SVG polyline points for a sparkline of counts in a w×h box. */
export function sparklinePoints(samples: readonly { clicks: number }[], width: number, height: number): string {
  if (samples.length === 0) return '';
  const values = samples.map((s) => s.clicks);
  // A loop, not a spread into Math.min/max: a long history would overflow the stack.
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  const span = max - min || 1;
  const step = samples.length === 1 ? 0 : width / (samples.length - 1);
  return values.map((v, i) => `${(i * step).toFixed(1)},${(height - 1 - ((v - min) / span) * (height - 2)).toFixed(1)}`).join(' ');
}
