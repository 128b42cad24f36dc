import { describe, expect, it } from 'vitest';
import { RequestBudget, type BudgetState } from '../../../src-main/service/budget.ts';
import { CallError } from '../../../src-preload/contract/errors.ts';
import { ManualClock } from './fake-service.ts';

const headers = (limit: number, remaining: number, reset?: number) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  ...(reset !== undefined ? { 'x-ratelimit-reset': String(reset) } : {}),
});

async function rejection(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CallError);
    return error as CallError;
  }
  throw new Error('expected a rejection');
}

describe('RequestBudget', () => {
  it('lets requests go while nothing is known, then follows the headers', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    expect(budget.state()).toEqual({ limit: null, remaining: null, resetAt: null });
    const slot = await budget.acquire();
    slot.settle({ status: 200, headers: headers(60, 59) });
    expect(budget.state()).toEqual({ limit: 60, remaining: 59, resetAt: null });
  });

  it('counts requests in flight: never reserves more than what is left', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    (await budget.acquire()).settle({ status: 200, headers: headers(60, 2) });
    const a = await budget.acquire();
    const b = await budget.acquire();
    const third = await rejection(budget.acquire());
    expect(third.kind).toBe('rate-limited');
    // an answerless slot (network failure) gives its reservation back
    a.settle();
    const c = await budget.acquire();
    b.settle({ status: 200, headers: headers(60, 1) });
    c.settle({ status: 200, headers: headers(60, 0) });
    expect(budget.state().remaining).toBe(0);
  });

  it('assumes the window ends 60 s (plus a 1 s margin) after its first request when remaining hits 0 without a reset', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const budget = new RequestBudget({ clock });
    (await budget.acquire()).settle({ status: 200, headers: headers(3, 2) });
    clock.advance(10_000);
    (await budget.acquire()).settle({ status: 200, headers: headers(3, 1) });
    (await budget.acquire()).settle({ status: 200, headers: headers(3, 0) });
    expect(budget.state().resetAt).toBe(start + 61_000);
    const error = await rejection(budget.acquire());
    expect(error.kind).toBe('rate-limited');
    expect(error.data.resetAt).toBe(start + 61_000);
    clock.advance(50_999);
    expect((await rejection(budget.acquire())).kind).toBe('rate-limited');
    clock.advance(1);
    // the window reopened: full again
    expect(budget.state()).toEqual({ limit: 3, remaining: 3, resetAt: null });
    await expect(budget.acquire()).resolves.toBeDefined();
  });

  it('takes the reset of a 429 as the truth and refuses until then', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    (await budget.acquire()).settle({ status: 429, headers: headers(60, 0, 42) });
    const error = await rejection(budget.acquire({ priority: 'background' }));
    expect(error.data.resetAt).toBe(clock.now() + 42_000);
    clock.advance(42_000);
    await expect(budget.acquire()).resolves.toBeDefined();
  });

  it('keeps a reserve for interactive requests', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock, backgroundReserve: 0.1 });
    (await budget.acquire()).settle({ status: 200, headers: headers(60, 6) });
    // 6 left, reserve is 6 (10% of 60): background must stop, interactive may go
    expect((await rejection(budget.acquire({ priority: 'background' }))).kind).toBe('rate-limited');
    const slot = await budget.acquire({ priority: 'interactive' });
    slot.settle({ status: 200, headers: headers(60, 5) });
    expect(budget.state().remaining).toBe(5);
  });

  it('waits for the window when asked, and the wait can be cancelled', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    (await budget.acquire()).settle({ status: 429, headers: headers(60, 0, 30) });
    let granted = false;
    const waiting = budget.acquire({ wait: true }).then((slot) => {
      granted = true;
      return slot;
    });
    await Promise.resolve();
    clock.advance(29_000);
    // Manual clock: only promise callbacks can be pending, and a timer runs after all of them, however busy the machine.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(granted).toBe(false);
    expect(clock.sleeping).toBe(1);
    clock.advance(1_000);
    await waiting;
    expect(granted).toBe(true);

    (await budget.acquire()).settle({ status: 429, headers: headers(60, 0, 30) });
    const controller = new AbortController();
    const cancelled = budget.acquire({ wait: true, signal: controller.signal });
    controller.abort();
    expect((await rejection(cancelled)).kind).toBe('cancelled');
    expect(clock.sleeping).toBe(0);
  });

  it('a waiting request gets the slot an in-flight request gives back', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    (await budget.acquire()).settle({ status: 200, headers: headers(60, 1) });
    const inFlight = await budget.acquire();
    const waiting = budget.acquire({ wait: true });
    inFlight.settle(); // connection failed: nothing was counted
    await expect(waiting).resolves.toBeDefined();
  });

  it('notices a new window when a later request reports more than was left', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    (await budget.acquire()).settle({ status: 200, headers: headers(60, 10) });
    clock.advance(20_000);
    (await budget.acquire()).settle({ status: 200, headers: headers(60, 59) });
    expect(budget.state().remaining).toBe(59);
    // answers arriving out of order do not raise what is left
    const older = await budget.acquire();
    const newer = await budget.acquire();
    newer.settle({ status: 200, headers: headers(60, 56) });
    older.settle({ status: 200, headers: headers(60, 57) });
    expect(budget.state().remaining).toBe(56);
  });

  it('tells listeners about changes, and a failing listener breaks nothing', async () => {
    const clock = new ManualClock();
    const seen: BudgetState[] = [];
    const budget = new RequestBudget({
      clock,
      onChange: () => {
        throw new Error('listener bug');
      },
    });
    const off = budget.onChange((state) => seen.push(state));
    (await budget.acquire()).settle({ status: 200, headers: headers(60, 59) });
    (await budget.acquire()).settle({ status: 200, headers: headers(60, 59) }); // unchanged: no event
    (await budget.acquire()).settle({ status: 429, headers: headers(60, 0, 5) });
    expect(seen).toEqual([
      { limit: 60, remaining: 59, resetAt: null },
      { limit: 60, remaining: 0, resetAt: clock.now() + 5_000 },
    ]);
    off();
    clock.advance(5_000);
    budget.state();
    expect(seen).toHaveLength(2);
  });

  it('a clock set back hours does not hold requests for hours: a window "ending" further away than any wait is over', async () => {
    const clock = new ManualClock();
    const budget = new RequestBudget({ clock });
    (await budget.acquire()).settle({ status: 429, headers: headers(60, 0, 30) });
    expect((await rejection(budget.acquire())).kind).toBe('rate-limited');
    // The machine's clock moves back three hours: the window's end now looks three hours away.
    clock.t -= 3 * 3_600_000;
    await expect(budget.acquire()).resolves.toBeDefined();
    expect(budget.state()).toMatchObject({ limit: 60, resetAt: null });
  });
});
