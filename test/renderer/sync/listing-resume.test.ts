// Background listings longer than one rate-limit window: 100,000 links are 100 pages, more than a
// window of 60 requests. The pages read before the window ran out are kept, and the listing goes
// on from them when it reopens, instead of starting over each window and never finishing.
import { afterEach, describe, expect, it } from 'vitest';
import { CallError } from '../../../src-preload/contract/index.ts';
import { BudgetExhaustedError } from '../../../src-renderer/sync/budget.ts';
import { createSyncEngine } from '../../../src-renderer/sync/engine.ts';
import { invalidatePartialListing, listAll, PARTIAL_LISTING_MAX_AGE_MS } from '../../../src-renderer/sync/listing.ts';
import { createLocalLockManager } from '../../../src-renderer/sync/locks.ts';
import { FakeService } from './fake-service.ts';
import { freshDb, harness, manualClock, sequentialIds, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { idsOf, isTextPage, rowsOf } from '../../../src-renderer/sync/listed-pages.ts';

const PAGES = 12;
let h: Harness | null = null;
afterEach(() => {
  h?.db.close();
  h = null;
});

/** A window of 8 requests as main reports it: background work may use 7 (one, a tenth rounded up, stays in reserve for the user). */
function spentAfterSeven(): Harness {
  const harnessed = harness();
  for (let i = 0; i < PAGES * 1000; i++) harnessed.service.seedLink();
  harnessed.ctx.partialListings = new Map();
  harnessed.service.emitRateLimit({ limit: 8, remaining: 8, resetAt: harnessed.clock.now() + 60_000 });
  return harnessed;
}

describe('a background listing cut short by the rate limit', () => {
  it('goes on from the pages it read when the window reopens: every page read once', async () => {
    h = spentAfterSeven();
    await expect(listAll(h.ctx, 'links', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(h.service.callsOf('links.list')).toHaveLength(7);
    h.clock.set(h.clock.now() + 60_000);
    const listing = await listAll(h.ctx, 'links', 'background');
    expect(listing.resumed).toBe(true);
    expect(listing.rows).toHaveLength(PAGES * 1000);
    const pagesRead = h.service.callsOf('links.list').map((call) => call.input.page as number);
    expect(pagesRead.toSorted((a, b) => a - b)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(h.ctx.partialListings!.size).toBe(0);
  });

  it('starts over when the total changed between windows', async () => {
    h = spentAfterSeven();
    await expect(listAll(h.ctx, 'links', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    const added = h.service.seedLink({ url: 'added-between-windows' });
    h.clock.set(h.clock.now() + 60_000);
    h.service.emitRateLimit({ limit: 100, remaining: 100, resetAt: h.clock.now() + 60_000 });
    const listing = await listAll(h.ctx, 'links', 'background');
    expect(listing.restarts).toBe(1);
    expect(listing.rows.some((row) => row.id === added.id)).toBe(true);
    expect(listing.rows).toHaveLength(PAGES * 1000 + 1);
  });

  it('starts over when the pages read are too old to make one listing with the rest', async () => {
    h = spentAfterSeven();
    await expect(listAll(h.ctx, 'links', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    h.clock.set(h.clock.now() + PARTIAL_LISTING_MAX_AGE_MS + 1);
    h.service.emitRateLimit({ limit: 100, remaining: 100, resetAt: h.clock.now() + 60_000 });
    const listing = await listAll(h.ctx, 'links', 'background');
    expect(listing.resumed).toBe(false);
    expect(h.service.callsOf('links.list')).toHaveLength(7 + PAGES);
  });

  it("reads again the page of a row the push changed between windows, so the old values don't come back", async () => {
    h = spentAfterSeven();
    await expect(listAll(h.ctx, 'links', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    const readPages = h.service
      .callsOf('links.list')
      .map((call) => call.input.page as number)
      .filter((page) => page > 1);
    // A row on a page already read, changed on the service by this client's push.
    const partial = h.ctx.partialListings!.get('links')!;
    const row = rowsOf(partial.results[readPages[0]! - 1]!)[10]!;
    h.service.rows.links.set(row.id, { ...h.service.rows.links.get(row.id)!, location_url: 'https://example.com/changed' });
    invalidatePartialListing(h.ctx, 'links', row.id);
    h.clock.set(h.clock.now() + 60_000);
    const listing = await listAll(h.ctx, 'links', 'background');
    expect(listing.rows.find((r) => r.id === row.id)).toMatchObject({ location_url: 'https://example.com/changed' });
    expect(h.service.callsOf('links.list').filter((call) => call.input.page === readPages[0])).toHaveLength(2);
  });

  it('a first pull keeps the pages it took (ids and text) and goes on from them; a row the push changed between windows is read again', async () => {
    h = spentAfterSeven();
    await expect(pullResource(h.ctx, 'links', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    const partial = h.ctx.partialListings!.get('links')!;
    const read = partial.results.flatMap((page, i) => (page === undefined ? [] : [i]));
    expect(read).toHaveLength(7);
    // (Page 1 came decoded, from a list call: kept so.)
    expect(read.map((i) => isTextPage(partial.results[i]!))).toEqual(read.map((i) => i > 0));
    // A row on a page taken before the window closed, changed on the service by this client's push.
    const page = read.find((i) => i > 0)!;
    const id = idsOf(partial.results[page]!)[10]!;
    h.service.rows.links.set(id, { ...h.service.rows.links.get(id)!, location_url: 'https://example.com/changed' });
    invalidatePartialListing(h.ctx, 'links', id);
    h.clock.set(h.clock.now() + 60_000);
    await pullResource(h.ctx, 'links', 'background');
    expect(h.ctx.partialListings!.size).toBe(0);
    expect(h.service.callsOf('links.list').filter((call) => call.input.page === page + 1)).toHaveLength(2);
    const rows = await linkRows(h.db).toArray();
    expect(new Map(rows.map((row) => [row.serverId, row.base]))).toEqual(new Map([...h.service.rows.links.values()].map((link) => [link.id, link])));
    expect(new Set(rows.map((row) => row.clientId)).size).toBe(PAGES * 1000);
    // The texts the first attempt wrote ahead went with it: its pages were stored with their own text, none left behind.
    const named = (await h.db.linkPages.toArray()).flatMap((stored) => (stored.textId === undefined ? [] : [stored.textId]));
    expect(((await h.db.pageTexts.toCollection().primaryKeys()) as string[]).sort()).toEqual(named.sort());
  });

  it('keeps the pages main found as stored, and reads again one of them whose row the push changed between windows', async () => {
    h = harness();
    for (let i = 0; i < PAGES * 1000; i++) h.service.seedLink();
    h.ctx.partialListings = new Map();
    await pullResource(h.ctx, 'links');
    h.service.emitRateLimit({ limit: 8, remaining: 8, resetAt: h.clock.now() + 60_000 });
    h.service.unchangedPages = 0;
    await expect(pullResource(h.ctx, 'links', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    // Seven requests: page 1, and six pages that came as their ids only.
    expect(h.service.unchangedPages).toBe(6);
    const partial = h.ctx.partialListings!.get('links')!;
    const index = partial.unchanged.findIndex((page) => page !== undefined);
    const id = partial.unchanged[index]!.ids[10]!;
    h.service.rows.links.set(id, { ...h.service.rows.links.get(id)!, location_url: 'https://example.com/changed' });
    invalidatePartialListing(h.ctx, 'links', id);
    expect(h.ctx.partialListings!.get('links')!.unchanged[index]).toBeUndefined();
    h.clock.set(h.clock.now() + 60_000);
    h.service.emitRateLimit({ limit: 100, remaining: 100, resetAt: h.clock.now() + 60_000 });
    await pullResource(h.ctx, 'links', 'background');
    expect((await linkRows(h.db).withServerId(id))[0]!.base).toMatchObject({ location_url: 'https://example.com/changed' });
    expect(await linkRows(h.db).count()).toBe(PAGES * 1000);
  });

  it('a create or delete pushed between windows starts the listing over', async () => {
    h = spentAfterSeven();
    await expect(listAll(h.ctx, 'links', 'background')).rejects.toBeInstanceOf(BudgetExhaustedError);
    invalidatePartialListing(h.ctx, 'links', null);
    expect(h.ctx.partialListings!.has('links')).toBe(false);
  });

  it('the engine wakes when the window reopens and finishes the pull by itself', async () => {
    const service = new FakeService();
    for (let i = 0; i < PAGES * 1000; i++) service.seedLink();
    const clock = manualClock();
    const db = freshDb();
    service.now = clock.now;
    service.rateLimit = { workspaceId: 'ws', limit: 12, remaining: 12, resetAt: clock.now() + 60_000 };
    const engine = createSyncEngine({
      workspaceId: 'ws',
      api: service.api,
      db,
      clock,
      locks: createLocalLockManager(),
      random: () => 0.5,
      newId: sequentialIds(),
    });
    try {
      await engine.start();
      await engine.idle();
      expect(await linkRows(db).count()).toBe(0); // the start pull was cut short after 7 pages
      expect(engine.store.getState().blockedUntil).toBe(clock.now() + 60_000);
      await clock.advance(60_000);
      await engine.idle();
      expect(await linkRows(db).count()).toBe(PAGES * 1000);
      // Every page read once: the second window went on from the first.
      expect(service.callsOf('links.list')).toHaveLength(PAGES);
    } finally {
      engine.stop();
      db.close();
    }
  });
});

describe('a pull that failed for a passing reason', () => {
  it('is tried again with backoff, not left for the next interval', async () => {
    const service = new FakeService();
    for (let i = 0; i < 3; i++) service.seedLink();
    service.fail({ match: (name) => name === 'links.list', error: { kind: 'server', message: 'Bad gateway', status: 502 } });
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
      intervalMs: 300_000,
    });
    try {
      await engine.start();
      await engine.idle();
      expect(await linkRows(db).count()).toBe(0);
      expect(engine.store.getState().lastError).toMatch(/Bad gateway/);
      await clock.advance(2_000); // attempt 1: within 1–2 s
      await engine.idle();
      expect(await linkRows(db).count()).toBe(3);
      expect(service.callsOf('links.list')).toHaveLength(2);
    } finally {
      engine.stop();
      db.close();
    }
  });
});

describe('a background listing refused by main for the window', () => {
  it("keeps its pages and goes on when the window reopens, like one stopped by main's last report", async () => {
    h = harness();
    for (let i = 0; i < 4000; i++) h.service.seedLink();
    h.ctx.partialListings = new Map();
    h.ctx.pageConcurrency = 1;
    const resetAt = h.clock.now() + 30_000;
    let served = 0;
    // Main's budget knows the window is spent after two pages (its report has not reached the renderer yet).
    h.service.beforeCall = (name) => {
      if (name === 'links.list' && ++served > 2) {
        served = -Infinity;
        throw new CallError({ kind: 'rate-limited', message: 'The limit for this minute is used up.', resetAt });
      }
    };
    const error = await listAll(h.ctx, 'links', 'background').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    expect((error as BudgetExhaustedError).resetAt).toBe(resetAt);
    expect(h.ctx.rateWindow.available('background')).toBe(0);
    h.clock.set(resetAt);
    const listing = await listAll(h.ctx, 'links', 'background');
    expect(listing.resumed).toBe(true);
    expect(listing.rows).toHaveLength(4000);
    expect(h.service.callsOf('links.list').map((call) => call.input.page)).toEqual([1, 2, 3, 3, 4]);
  });
});

describe('a start pull refused for the window before any page was read', () => {
  it('is tried again when the window reopens, not at the next interval', async () => {
    const service = new FakeService();
    for (let i = 0; i < 3; i++) service.seedLink();
    const clock = manualClock();
    const resetAt = clock.now() + 40_000;
    let refused = false;
    service.beforeCall = (name) => {
      if (name === 'links.list' && !refused) {
        refused = true;
        throw new CallError({ kind: 'rate-limited', message: 'The limit for this minute is used up.', resetAt });
      }
    };
    const db = freshDb();
    const engine = createSyncEngine({
      workspaceId: 'ws',
      api: service.api,
      db,
      clock,
      locks: createLocalLockManager(),
      random: () => 0.5,
      newId: sequentialIds(),
      intervalMs: 24 * 3_600_000,
    });
    try {
      await engine.start();
      await engine.idle();
      expect(await linkRows(db).count()).toBe(0);
      await clock.advance(40_000);
      await engine.idle();
      expect(await linkRows(db).count()).toBe(3);
      expect(engine.store.getState().lastPullAt).not.toBeNull();
    } finally {
      engine.stop();
      db.close();
    }
  });
});
