import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffCeiling, backoffDelay, nextAttemptAt } from '../../../src-renderer/sync/outbox/backoff.ts';

describe('backoff schedule', () => {
  it('ceiling doubles from 2 s and is capped at 5 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(backoffCeiling)).toEqual([2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 300000, 300000]);
    expect(backoffCeiling(1000)).toBe(BACKOFF_MAX_MS);
  });
  it('full jitter spans 1 s … ceiling', () => {
    expect(backoffDelay(3, () => 0)).toBe(BACKOFF_MIN_MS);
    expect(backoffDelay(3, () => 0.999999)).toBeCloseTo(8000, -1);
    expect(backoffDelay(20, () => 0.5)).toBe(Math.round(1000 + 0.5 * (300000 - 1000)));
  });
  it('property: delay within [1 s, min(5 min, ceiling)] for any attempt and random value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const delay = backoffDelay(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(BACKOFF_MIN_MS);
        expect(delay).toBeLessThanOrEqual(Math.min(BACKOFF_MAX_MS, backoffCeiling(attempt)));
      }),
    );
  });
  it('property: the next attempt is never before a known rate-limit reset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 0, max: 1e12 + 1e6 }),
        (now, attempt, r, resetAt) => {
          const at = nextAttemptAt(now, attempt, () => r, resetAt);
          expect(at).toBeGreaterThanOrEqual(resetAt);
          expect(at).toBeGreaterThanOrEqual(now + BACKOFF_MIN_MS);
        },
      ),
    );
  });
  it('without a known reset, the jittered delay decides', () => {
    expect(nextAttemptAt(1000, 1, () => 0, null)).toBe(2000);
  });
});
