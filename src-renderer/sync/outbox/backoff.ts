// Retry schedule for transient failures: full jitter between 1 s and an exponentially growing
// ceiling capped at 5 min, and never before a rate-limit window the service announced reopens.
import type { RandomSource } from '../types.ts';

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 300_000;

/** Ceiling for the `attempt`-th consecutive failure (1-based). */
export function backoffCeiling(attempt: number): number {
  const exponent = Math.min(Math.max(attempt, 1), 30);
  return Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** exponent);
}

export function backoffDelay(attempt: number, random: RandomSource): number {
  const ceiling = backoffCeiling(attempt);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(BACKOFF_MIN_MS + r * (ceiling - BACKOFF_MIN_MS));
}

/** Epoch ms of the next attempt. */
export function nextAttemptAt(now: number, attempt: number, random: RandomSource, resetAt?: number | null): number {
  return Math.max(now + backoffDelay(attempt, random), resetAt ?? 0);
}
