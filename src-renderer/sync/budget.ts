// The request budget follows the service's rate-limit window as main reports it: background
// work (pulls) leaves a reserve for what the user is waiting on, and nothing is sent into a
// window known to be exhausted.
import type { Clock } from './types.ts';

export interface RateWindow {
  limit: number | null;
  remaining: number | null;
  resetAt: number | null;
}

export type Priority = 'user' | 'background';

export interface RequestBudget {
  update(window: Partial<RateWindow>): void;
  /** Waits until a request of this priority may go out, then counts it. */
  take(priority: Priority): Promise<void>;
  /** Counts a request if one may go out now; false (nothing counted) when the window is spent. */
  tryTake(priority: Priority): boolean;
  /** How many requests of this priority may go out now without waiting (Infinity when unknown). */
  available(priority: Priority): number;
  window(): RateWindow;
}

/** The longest rate-limit window a service uses (real deployments: one minute). */
const WINDOW_MS = 60_000;

export function createRequestBudget(clock: Clock, options: { reserve?: number } = {}): RequestBudget {
  const reserve = options.reserve ?? 5;
  let state: RateWindow = { limit: null, remaining: null, resetAt: null };

  function refresh(): void {
    // Spent with no known reset (main reports nothing new until an answer changes the window):
    // a window is at most a minute, as in take(); without this, tryTake() would refuse forever.
    if (state.remaining !== null && state.remaining <= 0 && state.resetAt === null) state = { ...state, resetAt: clock.now() + WINDOW_MS };
    if (state.resetAt !== null && state.resetAt <= clock.now()) {
      // The window reopened: the next answer will tell the new remaining count.
      state = { ...state, remaining: state.limit, resetAt: null };
    }
  }

  function available(priority: Priority): number {
    refresh();
    if (state.remaining === null) return Number.POSITIVE_INFINITY;
    return Math.max(0, state.remaining - (priority === 'background' ? reserve : 0));
  }

  return {
    update(window) {
      state = { ...state, ...window };
    },
    available,
    async take(priority) {
      while (available(priority) <= 0) {
        const until = state.resetAt ?? clock.now() + WINDOW_MS;
        await clock.sleep(Math.max(until - clock.now(), 1));
        if (state.resetAt === null || state.resetAt <= clock.now()) state = { ...state, remaining: state.limit, resetAt: null };
      }
      if (state.remaining !== null) state = { ...state, remaining: state.remaining - 1 };
    },
    tryTake(priority) {
      if (available(priority) <= 0) return false;
      if (state.remaining !== null) state = { ...state, remaining: state.remaining - 1 };
      return true;
    },
    window: () => ({ ...state }),
  };
}

/** Thrown when background work finds the window spent: it is not worth holding the sender lock for. */
export class BudgetExhaustedError extends Error {
  readonly resetAt: number | null;
  constructor(resetAt: number | null) {
    super('The request budget for this minute is spent; syncing resumes when the window reopens.');
    this.name = 'BudgetExhaustedError';
    this.resetAt = resetAt;
  }
}
