import { afterEach, describe, expect, it } from 'vitest';
import { RequestBudget } from '../../../src-main/service/budget.ts';
import { CallError, type Priority } from '../../../src-preload/contract/index.ts';
import { BudgetExhaustedError, createRateWindowView } from '../../../src-renderer/sync/budget.ts';
import { createSyncEngine } from '../../../src-renderer/sync/engine.ts';
import { createRow } from '../../../src-renderer/sync/local-edits.ts';
import { createLocalLockManager } from '../../../src-renderer/sync/locks.ts';
import { listAll } from '../../../src-renderer/sync/listing.ts';
import { push } from '../../../src-renderer/sync/push.ts';
import { ManualClock } from '../../main/service/fake-service.ts';
import { FakeService } from './fake-service.ts';
import { freshDb, harness, manualClock, sequentialIds, type Harness } from './helpers.ts';

let h: Harness | null = null;
afterEach(() => {
  h?.db.close();
  h = null;
});

describe("the view of main's rate-limit window", () => {
  it('is unlimited until main reports a window', () => {
    const view = createRateWindowView(manualClock());
    expect(view.available('background')).toBe(Number.POSITIVE_INFINITY);
    expect(view.available('interactive')).toBe(Number.POSITIVE_INFINITY);
  });

  it("leaves background work out of main's reserve; nothing has room in a spent window; it counts nothing itself", () => {
    const clock = manualClock();
    const view = createRateWindowView(clock);
    view.update({ limit: 60, remaining: 7, resetAt: clock.now() + 30_000 });
    // Main keeps a tenth of the limit (6 of 60) for interactive requests.
    expect(view.available('background')).toBe(1);
    expect(view.available('interactive')).toBe(7);
    // Only main's reports move it: asking does not spend anything.
    expect(view.available('interactive')).toBe(7);
    view.update({ remaining: 0 });
    expect(view.available('interactive')).toBe(0);
    clock.set(clock.now() + 30_000);
    expect(view.available('interactive')).toBe(60);
    expect(view.window()).toEqual({ limit: 60, remaining: 60, resetAt: null });
  });

  it("has room for exactly what main's budget lets through: one rule, one counter", async () => {
    const windows = [
      [60, 60],
      [60, 7],
      [60, 6],
      [12, 12],
      [8, 1],
      [1, 1],
    ] as const;
    for (const [limit, remaining] of windows) {
      for (const priority of ['interactive', 'background'] satisfies Priority[]) {
        const main = new RequestBudget({ clock: new ManualClock() });
        (await main.acquire()).settle({ status: 200, headers: { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) } });
        let granted = 0;
        for (;;) {
          const slot = await main.acquire({ priority }).catch((error: unknown) => {
            if (error instanceof CallError && error.kind === 'rate-limited') return null;
            throw error;
          });
          if (!slot) break;
          granted++;
        }
        const view = createRateWindowView(manualClock());
        view.update(main.state());
        expect(view.available(priority), `${priority} of ${remaining}/${limit}`).toBe(granted);
      }
    }
  });

  it('whenOpen() waits for the window to reopen, and counts nothing', async () => {
    const clock = manualClock();
    const view = createRateWindowView(clock);
    const resetAt = clock.now() + 42_000;
    view.update({ limit: 60, remaining: 0, resetAt });
    await view.whenOpen('interactive');
    expect(clock.now()).toBeGreaterThanOrEqual(resetAt);
    expect(view.window().remaining).toBe(60);
  });

  it('a background listing gives way when the window is spent; an interactive listing waits for it', async () => {
    h = harness();
    h.service.seedDomain();
    h.service.emitRateLimit({ limit: 60, remaining: 3, resetAt: h.clock.now() + 20_000 });
    await expect(listAll(h.ctx, 'domains', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(h.service.callsOf('domains.list')).toHaveLength(0);
    const listing = await listAll(h.ctx, 'domains', 'interactive');
    expect(listing.rows).toHaveLength(1);
  });

  it('a push stops at a spent window instead of provoking a 429', async () => {
    h = harness();
    await createRow(h.edits, 'domains', { host: 'a.example.com' });
    const resetAt = h.clock.now() + 10_000;
    h.service.emitRateLimit({ limit: 60, remaining: 0, resetAt });
    expect(await push(h.ctx)).toMatchObject({ stoppedBy: 'rate-limited', resetAt, completed: 0 });
    expect(h.service.calls).toHaveLength(0);
    h.clock.set(resetAt);
    expect(await push(h.ctx)).toMatchObject({ stoppedBy: null, completed: 1 });
  });

  it('the engine sends held-back work when the window reopens', async () => {
    const service = new FakeService();
    const clock = manualClock();
    service.now = clock.now;
    const db = freshDb();
    const engine = createSyncEngine({
      workspaceId: 'ws',
      api: service.api,
      db,
      clock,
      locks: createLocalLockManager(),
      random: () => 0.5,
      newId: sequentialIds(),
    });
    await engine.start();
    await engine.idle();
    await createRow({ db, clock, newId: sequentialIds() }, 'domains', { host: 'a.example.com' });
    service.emitRateLimit({ workspaceId: 'ws', limit: 60, remaining: 0, resetAt: clock.now() + 30_000 });
    await engine.syncNow();
    expect(engine.store.getState().blockedUntil).toBe(clock.now() + 30_000);
    expect(service.callsOf('domains.create')).toHaveLength(0);
    await clock.advance(30_000);
    await engine.idle();
    expect(service.callsOf('domains.create')).toHaveLength(1);
    engine.stop();
    db.close();
  });
});
