// The request budget of one workspace (one API key). Real deployments allow 60 requests per minute
// in a fixed window and say so in `X-RateLimit-Limit` / `X-RateLimit-Remaining`; only a 429 carries
// `X-RateLimit-Reset` (seconds until the window reopens). The budget reserves a slot before each
// request (so concurrent requests count), keeps a reserve for interactive work, and never lets a
// request go into a window it knows is exhausted. It is the only counter of the window: the
// renderer reads what it reports (rateLimit.get / rateLimit.changed) and counts nothing itself.
import type { Priority } from '../../src-preload/contract/call-envelope.ts';
import { BACKGROUND_RESERVE_SHARE, isPast, RATE_WINDOW_MS, roomFor, waitUntil, type RateWindow } from '../../src-preload/contract/rate-window.ts';
import { serviceError } from './errors.ts';

export type { Priority };

export interface Clock {
  now(): number;
  /** Resolves after `ms`, rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * The window as the contract names it. `remaining` is what the service last said is left (before
 * requests still in flight); `resetAt` comes from a 429's reset header, or is estimated once the
 * window is used up.
 */
export type BudgetState = RateWindow;

export interface BudgetOptions {
  clock?: Clock;
  /** Share of the limit kept for interactive requests (default 0.1). */
  backgroundReserve?: number;
  /** Length of the service's fixed window when it does not say (real deployments: one minute). */
  windowMs?: number;
  onChange?: (state: BudgetState) => void;
}

export interface AcquireOptions {
  priority?: Priority;
  /** Wait (cancellable by `signal`) for room instead of failing with `rate-limited`. */
  wait?: boolean;
  signal?: AbortSignal;
}

/** A reserved request; settle it exactly once with what came back (or nothing, if no answer). */
export interface BudgetSlot {
  settle(answer?: { status: number; headers: Record<string, string | string[] | undefined> }): void;
}

type Pending = { seq: number; sentAt: number };

const ESTIMATE_MARGIN_MS = 1_000;

function header(headers: Record<string, string | string[] | undefined>, name: string): number | undefined {
  const raw = headers[name] ?? headers[name.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

export class RequestBudget {
  readonly #clock: Clock;
  readonly #reserveShare: number;
  readonly #windowMs: number;
  readonly #listeners = new Set<(state: BudgetState) => void>();
  readonly #wakers = new Set<() => void>();

  #limit: number | null = null;
  #remaining: number | null = null;
  /** Sequence number of the request whose answer set #remaining; later requests are not in it yet. */
  #remainingSeq = 0;
  #resetAt: number | null = null;
  /** Send time of the first request seen in the current window (for the estimated reset). */
  #windowStart: number | null = null;
  #seq = 0;
  readonly #inFlight = new Map<number, Pending>();

  constructor(options: BudgetOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#reserveShare = options.backgroundReserve ?? BACKGROUND_RESERVE_SHARE;
    this.#windowMs = options.windowMs ?? RATE_WINDOW_MS;
    if (options.onChange) this.#listeners.add(options.onChange);
  }

  state(): BudgetState {
    this.#rollWindow();
    return { limit: this.#limit, remaining: this.#remaining, resetAt: this.#knownOrEstimatedReset() };
  }

  /** Subscribes to state changes; returns the unsubscribe function. */
  onChange(listener: (state: BudgetState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reserves a slot, waiting or throwing `rate-limited` when the known window has no room. */
  async acquire(options: AcquireOptions = {}): Promise<BudgetSlot> {
    const priority = options.priority ?? 'interactive';
    for (;;) {
      if (options.signal?.aborted) throw serviceError('cancelled', 'The request was cancelled.');
      this.#rollWindow();
      if (this.#hasRoom(priority)) return this.#reserve();
      const resetAt = this.#knownOrEstimatedReset() ?? this.#clock.now() + this.#windowMs;
      if (!options.wait) {
        throw serviceError('rate-limited', `The service's request limit for this minute is used up; requests resume at ${new Date(resetAt).toISOString()}.`, {
          resetAt,
        });
      }
      await this.#waitForRoom(resetAt, options.signal);
    }
  }

  #hasRoom(priority: Priority): boolean {
    if (this.#remaining === null) return true; // nothing known yet: the first answers will tell
    let unseen = 0;
    for (const pending of this.#inFlight.values()) if (pending.seq > this.#remainingSeq) unseen += 1;
    return roomFor(priority, { limit: this.#limit, remaining: this.#remaining - unseen }, this.#reserveShare) > 0;
  }

  #reserve(): BudgetSlot {
    const seq = ++this.#seq;
    const sentAt = this.#clock.now();
    this.#windowStart ??= sentAt;
    this.#inFlight.set(seq, { seq, sentAt });
    let settled = false;
    return {
      settle: (answer) => {
        if (settled) return;
        settled = true;
        this.#inFlight.delete(seq);
        if (answer) this.#learn(seq, sentAt, answer.status, answer.headers);
        this.#wake();
      },
    };
  }

  #learn(seq: number, sentAt: number, status: number, headers: Record<string, string | string[] | undefined>): void {
    const before = this.#snapshot();
    const limit = header(headers, 'x-ratelimit-limit');
    const remaining = header(headers, 'x-ratelimit-remaining');
    const resetSeconds = header(headers, 'x-ratelimit-reset');
    if (limit !== undefined) this.#limit = Math.floor(limit);
    if (remaining !== undefined && seq > this.#remainingSeq) {
      const value = Math.floor(remaining);
      // A later request reporting more than we knew means a new window began before it was sent.
      if (this.#remaining !== null && value > this.#remaining) {
        this.#windowStart = sentAt;
        this.#resetAt = null;
      }
      this.#remaining = value;
      this.#remainingSeq = seq;
    }
    if (status === 429) {
      this.#remaining = 0;
      this.#remainingSeq = Math.max(this.#remainingSeq, seq);
      const now = this.#clock.now();
      this.#resetAt = resetSeconds !== undefined ? now + Math.ceil(resetSeconds * 1000) : Math.max(this.#estimatedReset() ?? 0, now + 1000);
    } else if (this.#remaining === 0 && this.#resetAt === null) {
      this.#resetAt = this.#estimatedReset();
    }
    this.#emitIfChanged(before);
  }

  /**
   * Real deployments send no reset unless 429: the window ends one window after its first request.
   * The service starts counting when that request arrives, a little after we sent it, so the
   * estimate keeps a margin: a request sent right at the bare estimate can still meet a 429.
   */
  #estimatedReset(): number | null {
    return this.#windowStart === null ? null : this.#windowStart + this.#windowMs + ESTIMATE_MARGIN_MS;
  }

  #knownOrEstimatedReset(): number | null {
    if (this.#resetAt !== null) return this.#resetAt;
    if (this.#remaining !== null && !this.#hasRoom('interactive')) return this.#estimatedReset();
    return null;
  }

  /** Once the window's end has passed, a new window is full again. */
  #rollWindow(): void {
    const end = this.#resetAt ?? this.#estimatedReset();
    // A window "ending" hours from now began before the clock moved back: it is over.
    if (end === null || !isPast(end, this.#clock.now())) return;
    const before = this.#snapshot();
    this.#remaining = this.#limit;
    this.#remainingSeq = this.#seq; // answers to requests sent before now describe the old window
    this.#resetAt = null;
    this.#windowStart = null;
    this.#emitIfChanged(before);
  }

  async #waitForRoom(resetAt: number, signal?: AbortSignal): Promise<void> {
    const local = new AbortController();
    const onAbort = () => local.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const woken = new Promise<void>((resolve) => {
      const wake = () => {
        this.#wakers.delete(wake);
        resolve();
      };
      this.#wakers.add(wake);
      local.signal.addEventListener('abort', wake, { once: true });
    });
    try {
      await Promise.race([this.#clock.sleep(waitUntil(resetAt, this.#clock.now()), local.signal), woken]);
    } catch {
      // the sleep was aborted: either cancelled (checked below) or woken by a settled slot
    } finally {
      signal?.removeEventListener('abort', onAbort);
      local.abort();
    }
    if (signal?.aborted) throw serviceError('cancelled', 'The request was cancelled while waiting for the rate limit.');
  }

  #wake(): void {
    for (const wake of [...this.#wakers]) wake();
  }

  #snapshot(): string {
    return JSON.stringify([this.#limit, this.#remaining, this.#resetAt]);
  }

  #emitIfChanged(before: string): void {
    if (this.#snapshot() === before) return;
    const state = { limit: this.#limit, remaining: this.#remaining, resetAt: this.#knownOrEstimatedReset() };
    for (const listener of this.#listeners) {
      try {
        listener(state);
      } catch {
        // a listener's failure must not break the request that taught us the state
      }
    }
  }
}
