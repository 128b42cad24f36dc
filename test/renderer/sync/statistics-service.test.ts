// The statistics scheduler: the link on screen first and only what its view lacks; the background
// after the first full sync, pinned then most-clicked, within its share of the window; a service
// without statistics asked once; a spent window, the connection gone, a link gone on the service.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { PINNED_KEY } from '../../../src-renderer/sync/mirror/db.ts';
import { createStatusStore, type StatusStore } from '../../../src-renderer/sync/status-store.ts';
import { readLinkCache } from '../../../src-renderer/sync/statistics/cache.ts';
import { lastDays, todayIn } from '../../../src-renderer/sync/statistics/days.ts';
import { readMostClicked } from '../../../src-renderer/sync/statistics/most-clicked.ts';
import { BACKGROUND_PER_MINUTE, BREAKDOWN_TYPES, viewQueries } from '../../../src-renderer/sync/statistics/policy.ts';
import { createStatisticsService, type StatisticsService } from '../../../src-renderer/sync/statistics/service.ts';
import type { Link } from '../../../src-preload/contract/index.ts';
import { harness, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';
import { patient } from '../../support/patience.ts';

let h: Harness;
let sync: StatusStore;
let stats: StatisticsService;
afterEach(() => {
  stats?.stop();
  h?.db.close();
});

const MINUTE = 60_000;

async function setUp(clicks: number[]): Promise<Map<number, string>> {
  h = harness();
  const links = clicks.map((count) => h.service.seedLink({ clicks: count }));
  await pullResource(h.ctx, 'links');
  sync = createStatusStore('ws');
  stats = createStatisticsService({ workspaceId: 'ws', db: h.db, api: h.ctx.api, clock: h.clock, rateWindow: h.ctx.rateWindow, sync, timeZone: () => 'UTC' });
  const rows = await linkRows(h.db).toArray();
  return new Map(links.map((link) => [link.id, rows.find((row) => row.serverId === link.id)!.clientId]));
}

const calls = () => h.service.callsOf('statistics.get').map((c) => c.input);
const today = () => todayIn('UTC', h.clock.now());
const view = (clientId: string, force = false) => ({ clientId, queries: viewQueries(lastDays(30, today()), today()), force });

/** Lets the scheduler work through `ms` of time, its own timers included. */
async function runFor(ms: number, step = 5_000): Promise<void> {
  for (let spent = 0; spent < ms; spent += step) {
    await stats.idle();
    await h.clock.advance(step);
  }
  await stats.idle();
}

describe('the link on screen', () => {
  it('fetches what its view lacks, overview first, at interactive priority, and nothing again while the link had no click', async () => {
    const ids = await setUp([10]);
    const clientId = ids.get(1)!;
    const release = stats.show(view(clientId));
    await stats.idle();
    expect(calls().map((c) => c.type)).toEqual(['overview', ...BREAKDOWN_TYPES]);
    expect(calls().every((c) => c.priority === 'interactive' && c.linkId === 1)).toBe(true);
    expect(h.counter.snapshot().statistics).toBe(1 + BREAKDOWN_TYPES.length);
    const cache = await readLinkCache(h.db, clientId);
    expect(cache.daily?.spans).toHaveLength(1);
    expect(cache.ranges).toHaveLength(BREAKDOWN_TYPES.length);
    expect(stats.store.getState()).toMatchObject({ availability: 'available', onScreen: { clientId, busy: false, problem: null } });
    release();
    expect(stats.store.getState().onScreen).toBeNull();

    await h.clock.advance(30 * MINUTE);
    stats.show(view(clientId));
    await stats.idle();
    expect(calls()).toHaveLength(1 + BREAKDOWN_TYPES.length);

    // Clicked since (the next sync saw it): fetched again.
    (h.service.rows.links.get(1) as Link).clicks = 11;
    await pullResource(h.ctx, 'links');
    stats.show(view(clientId));
    await stats.idle();
    expect(calls()).toHaveLength(2 * (1 + BREAKDOWN_TYPES.length));
  });

  it('Refresh fetches again what is cached', async () => {
    const ids = await setUp([10]);
    stats.show(view(ids.get(1)!));
    await stats.idle();
    stats.show(view(ids.get(1)!, true));
    await stats.idle();
    expect(calls()).toHaveLength(2 * (1 + BREAKDOWN_TYPES.length));
  });

  it('waits for a spent window to reopen instead of asking into it', async () => {
    const ids = await setUp([10]);
    const resetAt = h.clock.now() + 30_000;
    h.service.emitRateLimit({ limit: 60, remaining: 0, resetAt });
    stats.show(view(ids.get(1)!));
    await stats.idle();
    expect(calls()).toHaveLength(0);
    expect(stats.store.getState().onScreen).toMatchObject({ busy: true, blockedUntil: resetAt });
    await runFor(35_000);
    expect(calls()).toHaveLength(1 + BREAKDOWN_TYPES.length);
    expect(stats.store.getState().onScreen).toMatchObject({ busy: false, blockedUntil: null });
  });

  it('offline: keeps what is cached, says so, and goes on once the service is back', async () => {
    const ids = await setUp([10]);
    h.service.offline = true;
    stats.show(view(ids.get(1)!));
    await stats.idle();
    expect(calls()).toHaveLength(1);
    expect(stats.store.getState().onScreen?.problem).toMatch(/cannot be reached/);
    sync.setState({ connection: 'offline' });
    await runFor(2 * MINUTE);
    expect(calls()).toHaveLength(1);
    h.service.offline = false;
    sync.setState({ connection: 'online' });
    await stats.idle();
    expect(calls()).toHaveLength(2 + BREAKDOWN_TYPES.length);
    expect(stats.store.getState().onScreen?.problem).toBeNull();
  });

  it('a link the service no longer has: says so and asks no more for it', async () => {
    const ids = await setUp([10]);
    h.service.rows.links.delete(1);
    stats.show(view(ids.get(1)!));
    await stats.idle();
    expect(calls()).toHaveLength(1);
    expect(stats.store.getState().onScreen?.problem).toMatch(/no longer has this link/);
  });
});

describe('a service without statistics', () => {
  it('is asked once: the answer is kept in the mirror and nothing more is asked within the hour, unless the user refreshes', async () => {
    const ids = await setUp([10, 5]);
    h.service.statistics = null;
    stats.show(view(ids.get(1)!));
    await stats.idle();
    expect(calls()).toHaveLength(1);
    expect(stats.store.getState().availability).toBe('not-available');
    stats.startBackground();
    sync.setState({ lastPullAt: h.clock.now() });
    await runFor(10 * MINUTE);
    expect(calls()).toHaveLength(1);

    // The next session knows without asking.
    stats.stop();
    stats = createStatisticsService({ workspaceId: 'ws', db: h.db, api: h.ctx.api, clock: h.clock, rateWindow: h.ctx.rateWindow, sync, timeZone: () => 'UTC' });
    // It reads the mirror's answer as it starts, without being asked.
    await vi.waitFor(() => expect(stats.store.getState().availability).toBe('not-available'), patient);
    stats.show(view(ids.get(2)!));
    await stats.idle();
    expect(calls()).toHaveLength(1);
    stats.show(view(ids.get(2)!, true));
    await stats.idle();
    expect(calls()).toHaveLength(2);
  });
});

describe('the background', () => {
  it('starts after the first full sync, pinned links first, then the most clicked, at most its share a minute', async () => {
    const ids = await setUp([5, 0, 900, 40]);
    expect((await readMostClicked(h.db)).map((l) => l.serverId)).toEqual([3, 4, 1]);
    await h.db.syncState.put({ key: PINNED_KEY, value: [ids.get(1)] });
    stats.startBackground();
    await runFor(MINUTE);
    expect(calls()).toHaveLength(0);

    sync.setState({ lastPullAt: h.clock.now() });
    await stats.idle();
    expect(calls()).toHaveLength(BACKGROUND_PER_MINUTE);
    expect(
      calls()
        .slice(0, 3)
        .map((c) => [c.linkId, c.type]),
    ).toEqual([
      [1, 'overview'],
      [3, 'overview'],
      [4, 'overview'],
    ]);
    expect(calls().every((c) => c.priority === 'background')).toBe(true);

    // Everything due (3 overviews, the pinned link's and the two top links' breakdowns), then nothing while no link is clicked.
    await runFor(30 * MINUTE);
    const due = 3 + 3 * BREAKDOWN_TYPES.length;
    expect(calls()).toHaveLength(due);
    expect(calls().some((c) => c.linkId === 2)).toBe(false);
    await runFor(60 * MINUTE, 30_000);
    expect(calls()).toHaveLength(due);
  });

  it('waits while a sync cycle runs, and while the window keeps no headroom for sync', async () => {
    await setUp([5]);
    stats.startBackground();
    sync.setState({ lastPullAt: h.clock.now(), syncing: true });
    await runFor(MINUTE);
    expect(calls()).toHaveLength(0);
    h.service.emitRateLimit({ limit: 60, remaining: 15, resetAt: h.clock.now() + 40_000 });
    sync.setState({ syncing: false });
    await stats.idle();
    expect(calls()).toHaveLength(0);
    await runFor(45_000);
    expect(calls().length).toBeGreaterThan(0);
  });

  it('lets the link on screen go first', async () => {
    const ids = await setUp([900, 5]);
    stats.startBackground();
    sync.setState({ lastPullAt: h.clock.now() });
    await stats.idle();
    const before = calls().length;
    stats.show(view(ids.get(2)!));
    await stats.idle();
    const next = calls().slice(before);
    expect(next.slice(0, 1 + BREAKDOWN_TYPES.length).every((c) => c.linkId === 2 && c.priority === 'interactive')).toBe(true);
  });
});
