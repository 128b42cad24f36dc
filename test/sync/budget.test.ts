import { afterEach, describe, expect, it } from 'vitest';
import { BudgetExhaustedError, createRequestBudget } from '../../src-renderer/sync/budget.ts';
import { createSyncEngine } from '../../src-renderer/sync/engine.ts';
import { createRow } from '../../src-renderer/sync/local-edits.ts';
import { createLocalLockManager } from '../../src-renderer/sync/locks.ts';
import { listAll } from '../../src-renderer/sync/listing.ts';
import { push } from '../../src-renderer/sync/push.ts';
import { FakeService } from './fake-service.ts';
import { freshDb, harness, manualClock, sequentialIds, type Harness } from './helpers.ts';

let h: Harness | null = null;
afterEach(() => {
  h?.db.close();
  h = null;
});

describe('request budget', () => {
  it('is unlimited until the service reports a window', () => {
    const budget = createRequestBudget(manualClock());
    expect(budget.available('background')).toBe(Number.POSITIVE_INFINITY);
    expect(budget.tryTake('background')).toBe(true);
  });

  it('background work leaves a reserve for the user; nothing goes into a spent window', () => {
    const clock = manualClock();
    const budget = createRequestBudget(clock, { reserve: 5 });
    budget.update({ limit: 60, remaining: 7, resetAt: clock.now() + 30_000 });
    expect(budget.available('background')).toBe(2);
    expect(budget.tryTake('background')).toBe(true);
    expect(budget.tryTake('background')).toBe(true);
    expect(budget.tryTake('background')).toBe(false);
    expect(budget.available('user')).toBe(5);
    for (let i = 0; i < 5; i++) expect(budget.tryTake('user')).toBe(true);
    expect(budget.tryTake('user')).toBe(false);
    clock.set(clock.now() + 30_000);
    expect(budget.available('user')).toBe(60);
  });

  it('take() waits for the window to reopen', async () => {
    const clock = manualClock();
    const budget = createRequestBudget(clock);
    const resetAt = clock.now() + 42_000;
    budget.update({ limit: 60, remaining: 0, resetAt });
    await budget.take('user');
    expect(clock.now()).toBeGreaterThanOrEqual(resetAt);
    expect(budget.window().remaining).toBe(59);
  });

  it('a background listing gives way when the window is spent; a user listing waits for it', async () => {
    h = harness();
    h.service.seedDomain();
    h.ctx.budget.update({ limit: 60, remaining: 3, resetAt: h.clock.now() + 20_000 });
    await expect(listAll(h.ctx, 'domains', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(h.service.callsOf('domains.list')).toHaveLength(0);
    const listing = await listAll(h.ctx, 'domains', 'user');
    expect(listing.rows).toHaveLength(1);
  });

  it('a push stops at a spent window instead of provoking a 429', async () => {
    h = harness();
    await createRow(h.edits, 'domains', { host: 'a.example.com' });
    const resetAt = h.clock.now() + 10_000;
    h.ctx.budget.update({ limit: 60, remaining: 0, resetAt });
    expect(await push(h.ctx)).toMatchObject({ stoppedBy: 'rate-limited', resetAt, completed: 0 });
    expect(h.service.calls).toHaveLength(0);
    h.clock.set(resetAt);
    expect(await push(h.ctx)).toMatchObject({ stoppedBy: null, completed: 1 });
  });

  it('the engine sends held-back work when the window reopens', async () => {
    const service = new FakeService();
    const clock = manualClock();
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
