// Optional emulation of real deployments' rate limit: N requests per key per fixed one-minute
// window, starting with the key's first request after the previous window ended.
const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export function createRateLimiter(limit: number, now: () => Date) {
  const windows = new Map<number, { start: number; count: number }>();
  return {
    hit(accountId: number): RateDecision {
      const time = now().getTime();
      let window = windows.get(accountId);
      if (!window || time >= window.start + WINDOW_MS || time < window.start) {
        window = { start: time, count: 0 };
        windows.set(accountId, window);
      }
      const resetSeconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - time) / 1000));
      if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
      window.count += 1;
      return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
