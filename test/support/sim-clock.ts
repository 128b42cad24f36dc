// Virtual time for the deterministic chaos suite: nothing moves until the scheduler fires the next
// timer, so a seed replays the same timeline whatever the machine's load. Timers run on monotonic
// time; now() is the machine's wall clock, monotonic time plus an offset the 'clock' fault moves
// back and forward (as NTP or a user does), while the service keeps its own steady clock.

export type TimerOwner = 'renderer' | 'main' | 'harness';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
  owner: TimerOwner;
}

export interface SimClock {
  /** The client machine's wall clock (epoch ms). */
  now(): number;
  /** Monotonic virtual ms since the run started. */
  mono(): number;
  /** The service's clock: steady, unaffected by the client's jumps. */
  serverNow(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The same clock, with timers marked as another owner's (main's request timeouts). */
  as(owner: TimerOwner): SimClock;
  /** Monotonic time of the earliest timer, or null. */
  nextDue(): number | null;
  /** Moves to the earliest timer and runs it; returns its owner, or null when none is set. */
  fireNext(): TimerOwner | null;
  /** Moves monotonic time forward to `mono` (callers fire due timers first). */
  advanceTo(mono: number): void;
  /** The machine's clock jumps by `ms` (negative: back); timers are not affected. */
  jumpWall(ms: number): void;
  pendingTimers(): number;
}

/** A fixed start, so times written to the mirror and the trace are the same in every run. */
export const SIM_EPOCH = Date.UTC(2030, 0, 1);

export function simClock(start = SIM_EPOCH): SimClock {
  let mono = 0;
  let wallOffset = 0;
  let nextId = 1;
  const timers = new Map<number, Timer>();

  const earliest = (): Timer | null => {
    let best: Timer | null = null;
    for (const timer of timers.values()) if (!best || timer.at < best.at || (timer.at === best.at && timer.id < best.id)) best = timer;
    return best;
  };

  const make = (owner: TimerOwner): SimClock => {
    const clock: SimClock = {
      now: () => start + mono + wallOffset,
      mono: () => mono,
      serverNow: () => start + mono,
      sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          if (signal?.aborted) {
            reject(signal.reason);
            return;
          }
          const onAbort = () => {
            clock.clearTimeout(handle);
            reject(signal?.reason);
          };
          const handle = clock.setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          }, ms);
          signal?.addEventListener('abort', onAbort, { once: true });
        }),
      setTimeout(fn, ms) {
        const id = nextId++;
        timers.set(id, { id, at: mono + Math.max(0, Number.isFinite(ms) ? ms : 0), fn, owner });
        return id;
      },
      clearTimeout(handle) {
        timers.delete(handle as number);
      },
      as: (other) => make(other),
      nextDue: () => earliest()?.at ?? null,
      fireNext() {
        const timer = earliest();
        if (!timer) return null;
        timers.delete(timer.id);
        mono = Math.max(mono, timer.at);
        timer.fn();
        return timer.owner;
      },
      advanceTo(value) {
        mono = Math.max(mono, value);
      },
      jumpWall(ms) {
        wallOffset += ms;
      },
      pendingTimers: () => timers.size,
    };
    return clock;
  };
  return make('renderer');
}
