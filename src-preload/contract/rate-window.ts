// The service's rate-limit window as main reports it (`rateLimit.get`, `rateLimit.changed`), and the
// one rule for how much of it background work may use. Main's request budget is the only counter;
// the renderer reads the window to decide whether background work starts now and how wide a
// listing fans out.
import type { Priority } from './call-envelope.ts';
import type { RateLimitState } from './calls.ts';

export type RateWindow = Omit<RateLimitState, 'workspaceId'>;

/** Share of the window kept for interactive requests (what the user waits on). */
export const BACKGROUND_RESERVE_SHARE = 0.1;
/** The service's fixed window when it does not say (real deployments: one minute). */
export const RATE_WINDOW_MS = 60_000;

/** Requests of this priority a window with `remaining` left has room for; Infinity while nothing is known. */
export function roomFor(priority: Priority, window: Pick<RateWindow, 'limit' | 'remaining'>, reserveShare = BACKGROUND_RESERVE_SHARE): number {
  if (window.remaining === null) return Number.POSITIVE_INFINITY;
  const reserve = priority === 'background' && window.limit !== null ? Math.ceil(window.limit * reserveShare) : 0;
  return Math.max(0, window.remaining - reserve);
}

/**
 * The longest any wait in Linkdock legitimately lasts (a retry's backoff, a rate window, a held
 * delete). A moment further away than this was computed before the machine's clock moved back:
 * it counts as past, and no wait is longer. Without this a clock set back an hour stalls sync for
 * an hour.
 */
export const LONGEST_WAIT_MS = 300_000;

/** Whether `until` has come, or is so far away that the clock must have moved back. */
export function isPast(until: number, now: number): boolean {
  return until <= now || until - now > LONGEST_WAIT_MS;
}

/** Milliseconds to wait for `until`, never more than LONGEST_WAIT_MS. */
export function waitUntil(until: number, now: number): number {
  return Math.min(Math.max(0, until - now), LONGEST_WAIT_MS);
}
