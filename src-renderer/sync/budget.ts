// The sync engine's read-only view of the service's rate-limit window. Main's request budget
// (src-main/service/budget.ts) is the only counter: it reserves a slot for every request and refuses
// one that would go into a spent window, or a background one that would eat into the reserve. Here
// nothing is counted: the view holds what main last reported (rateLimit.get, rateLimit.changed, a
// rate-limited refusal) so the scheduler can tell whether background work should start now and how
// wide a listing may fan out.
import { isPast, RATE_WINDOW_MS, roomFor, waitUntil, type Priority, type RateWindow } from '../../src-preload/contract/index.ts';
import type { Clock } from './types.ts';

export interface RateWindowView {
  /** Main's latest word on the window. */
  update(report: Partial<RateWindow>): void;
  window(): RateWindow;
  /** Requests of this priority main has room for now (Infinity while the window is unknown). */
  available(priority: Priority): number;
  /** Resolves once main's window has room for this priority: at once, or when it reopens. */
  whenOpen(priority: Priority): Promise<void>;
}

export function createRateWindowView(clock: Clock): RateWindowView {
  let state: RateWindow = { limit: null, remaining: null, resetAt: null };

  function current(): RateWindow {
    // The window reopened: main's next report tells the new remaining count.
    if (state.resetAt !== null && isPast(state.resetAt, clock.now())) state = { ...state, remaining: state.limit, resetAt: null };
    return state;
  }

  const available = (priority: Priority): number => roomFor(priority, current());

  return {
    update(report) {
      const { limit = state.limit, remaining = state.remaining, resetAt = state.resetAt } = report;
      // Spent with no known reset (main tells no more until an answer changes the window): a
      // window lasts at most a minute, so it is not taken as spent for good.
      state = { limit, remaining, resetAt: remaining !== null && remaining <= 0 && resetAt === null ? clock.now() + RATE_WINDOW_MS : resetAt };
    },
    window: () => ({ ...current() }),
    available,
    async whenOpen(priority) {
      while (available(priority) <= 0) {
        const until = state.resetAt ?? clock.now() + RATE_WINDOW_MS;
        await clock.sleep(Math.max(waitUntil(until, clock.now()), 1));
      }
    },
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
