// The app killed at each await of the send path, then restarted over the same mirror: at most one
// server row per create, every op ends, the service holds what the user asked for. 20 seeded runs
// per point here; `npm run test:chaos -- --crash-runs 100` runs 100 each.
import { describe, expect, it } from 'vitest';
import { CRASH_POINTS, runCrashPoint } from './crash-points.ts';

describe('crash points in the send path', () => {
  it.each(CRASH_POINTS)('%s', { timeout: 30_000 }, async (point) => {
    const result = await runCrashPoint(point, 20);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ crashed: 20, duplicates: 0, unended: 0, wrong: 0 });
  });
});
