// The one rule for waits when the machine's clock moves: nothing waits longer than the longest
// legitimate wait, and a moment further away than that counts as past.
import { describe, expect, it } from 'vitest';
import { isPast, LONGEST_WAIT_MS, waitUntil } from '../../../src-preload/contract/rate-window.ts';

describe('isPast / waitUntil', () => {
  const now = 1_800_000_000_000;
  it('a moment before now is past; one within the longest wait is waited for', () => {
    expect(isPast(now - 1, now)).toBe(true);
    expect(isPast(now, now)).toBe(true);
    expect(isPast(now + 60_000, now)).toBe(false);
    expect(waitUntil(now + 60_000, now)).toBe(60_000);
    expect(isPast(now + LONGEST_WAIT_MS, now)).toBe(false);
  });
  it('a moment further away than any wait lasts was computed before the clock moved back: past, and never waited for', () => {
    expect(isPast(now + LONGEST_WAIT_MS + 1, now)).toBe(true);
    expect(waitUntil(now + 3 * 3_600_000, now)).toBe(LONGEST_WAIT_MS);
    expect(waitUntil(now - 5, now)).toBe(0);
  });
});
