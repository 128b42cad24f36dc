// Requests spent on statistics by a large workspace, on simulated time: the real statistics
// scheduler over a fake-indexeddb mirror filled by the real links pull, main's budget as the
// in-memory service keeps it, and a window of 60 requests a minute shared with sync, modelled as
// the engine spends it (a full listing every 5 minutes, ceil(N/1000) + 2 list requests, during
// which a sync cycle runs; the most-clicked links are clicked again between syncs). A user opens
// one link's analytics half way through the first hour. Every statistics request is counted by
// priority and minute, and every refusal for the rate limit.
import { CallError, type CallName, type Link } from '../../src-preload/contract/index.ts';
import { pullResource } from '../../src-renderer/sync/pull.ts';
import { PINNED_KEY } from '../../src-renderer/sync/mirror/db.ts';
import { createStatusStore } from '../../src-renderer/sync/status-store.ts';
import { readLinkCache } from '../../src-renderer/sync/statistics/cache.ts';
import { lastDays, todayIn } from '../../src-renderer/sync/statistics/days.ts';
import { MOST_CLICKED_KEY, rankMostClicked, readMostClicked } from '../../src-renderer/sync/statistics/most-clicked.ts';
import { BREAKDOWN_TYPES, viewQueries } from '../../src-renderer/sync/statistics/policy.ts';
import { createStatisticsService } from '../../src-renderer/sync/statistics/service.ts';
import { harness } from '../renderer/sync/helpers.ts';
import { linkRows, rowScope } from '../../src-renderer/sync/mirror/link-rows.ts';

export interface StatisticsEconomyOptions {
  links: number;
  /** Links pinned to the tray (refreshed first). */
  pinned: number;
  /** Simulated hours (the first is the figure; later ones show the steady state). */
  hours: number;
  log?: (message: string) => void;
}

export interface StatisticsEconomyResult {
  links: number;
  /** Statistics requests per simulated hour, by priority. */
  perHour: { background: number; interactive: number }[];
  /** Most statistics requests in one minute (background, interactive). */
  peakPerMinute: { background: number; interactive: number };
  /** Most requests in one minute, statistics and the modelled sync together. */
  peakWindow: number;
  /** Statistics requests main refused for the rate limit. */
  refusals: number;
  /** Modelled sync list requests per hour. */
  syncPerHour: number;
  /** After the first hour: links with a year of days cached, links with every breakdown of the default 30 days. */
  cachedAfterFirstHour: { overviews: number; breakdowns: number };
  /** The link opened at minute 30: simulated seconds until its view was complete, and its requests. */
  onScreen: { seconds: number; requests: number };
}

const MINUTE = 60_000;
const STEP = 5_000;
const SYNC_EVERY_MINUTES = 5;
const RESERVE = 6;

/** A few links with many clicks, many with a few, most with none (as link shorteners see). */
const clicksOf = (i: number, links: number) => (i < links * 0.3 ? Math.floor(3000 / (i + 1) ** 0.8) : 0);

export async function measureStatisticsEconomy(options: StatisticsEconomyOptions): Promise<StatisticsEconomyResult> {
  const log = options.log ?? (() => undefined);
  const h = harness();
  try {
    for (let i = 0; i < options.links; i++) h.service.seedLink({ clicks: clicksOf(i, options.links) });
    log(`pulling ${options.links} links into the mirror (the real pull, fake-indexeddb)`);
    await pullResource(h.ctx, 'links', 'interactive');
    const rows = await linkRows(h.db).toArray();
    const byServerId = new Map(rows.map((row) => [row.serverId!, row.clientId]));
    // Pinned: links from the middle of the ranking (the top ones are refreshed anyway).
    const pins = Array.from({ length: options.pinned }, (_, k) => byServerId.get(20 + k * 7)!);
    await h.db.syncState.put({ key: PINNED_KEY, value: pins });

    const start = Date.parse('2026-01-15T08:00:00Z');
    h.clock.set(start);
    const sync = createStatusStore('ws');
    sync.setState({ connection: 'online' });
    const stats = createStatisticsService({
      workspaceId: 'ws',
      db: h.db,
      api: h.ctx.api,
      clock: h.clock,
      rateWindow: h.ctx.rateWindow,
      sync,
      timeZone: () => 'UTC',
    });

    // Every call main answers or refuses, by minute.
    const minutes = options.hours * 60;
    const calls = Array.from({ length: minutes + 1 }, () => ({ background: 0, interactive: 0, sync: 0 }));
    const minuteOf = () => Math.floor((h.clock.now() - start) / MINUTE);
    let refusals = 0;
    const inner = h.service.api.call;
    h.service.api.call = (async (name: CallName, input: Record<string, unknown>) => {
      try {
        const value = await inner(name as never, input as never);
        if (name === 'statistics.get') calls[minuteOf()]![input.priority === 'background' ? 'background' : 'interactive']++;
        return value;
      } catch (error) {
        if (error instanceof CallError && error.kind === 'rate-limited') refusals++;
        throw error;
      }
    }) as typeof inner;

    // The window each minute, less what sync spends of it; sync's cycles (statistics wait them out).
    const pages = Math.ceil(options.links / 1000) + 2;
    let syncLeft = 0;
    for (let m = 0; m < minutes; m++) {
      h.clock.setTimeout(() => {
        if (m % SYNC_EVERY_MINUTES === 0) syncLeft = pages;
        const spent = Math.min(syncLeft, 60 - RESERVE);
        syncLeft -= spent;
        calls[m]!.sync = spent;
        h.service.emitRateLimit({ limit: 60, remaining: 60 - spent, resetAt: start + (m + 1) * MINUTE });
        sync.setState({ syncing: spent > 0 });
        if (spent > 0)
          h.clock.setTimeout(() => sync.setState({ syncing: syncLeft > 0, lastPullAt: syncLeft > 0 ? sync.getState().lastPullAt : h.clock.now() }), 10_000);
        // Between syncs the most-clicked links are clicked again; the next pull sees it.
        if (m % SYNC_EVERY_MINUTES === 1) void clickAgain(h.db, 20);
      }, m * MINUTE);
    }

    stats.startBackground();
    let onScreen = { seconds: NaN, requests: 0 };
    const opened = byServerId.get(Math.min(options.links, 80))!;
    let openedAt: number | null = null;
    let interactiveBefore = 0;
    const interactive = () => calls.reduce((sum, c) => sum + c.interactive, 0);
    const cachedNow = async () => {
      const cachedLinks = (await h.db.statisticsDays.toCollection().primaryKeys()) as string[];
      const whole = await Promise.all(cachedLinks.map((clientId) => complete(h.db, clientId, todayIn('UTC', h.clock.now()))));
      return { overviews: cachedLinks.length, breakdowns: whole.filter(Boolean).length };
    };
    let cachedAfterFirstHour = { overviews: 0, breakdowns: 0 };
    for (let at = 0; at < minutes * MINUTE; at += STEP) {
      if (at === 60 * MINUTE) cachedAfterFirstHour = await cachedNow();
      if (at === 30 * MINUTE) {
        const today = todayIn('UTC', h.clock.now());
        interactiveBefore = interactive();
        stats.show({ clientId: opened, queries: viewQueries(lastDays(30, today), today) });
        openedAt = h.clock.now();
      }
      await stats.idle();
      if (openedAt !== null && Number.isNaN(onScreen.seconds) && (await complete(h.db, opened, todayIn('UTC', h.clock.now())))) {
        // Measured to the step (5 s of simulated time).
        onScreen = { seconds: (h.clock.now() - openedAt) / 1000, requests: interactive() - interactiveBefore };
      }
      await h.clock.advance(STEP);
      if (at % (10 * MINUTE) === 0) log(`minute ${at / MINUTE}: ${calls.reduce((sum, c) => sum + c.background + c.interactive, 0)} statistics requests so far`);
    }
    await stats.idle();
    stats.stop();
    if (options.hours === 1) cachedAfterFirstHour = await cachedNow();

    const hour = (n: number) => calls.slice(n * 60, (n + 1) * 60);
    return {
      links: options.links,
      perHour: Array.from({ length: options.hours }, (_, n) => ({
        background: hour(n).reduce((sum, c) => sum + c.background, 0),
        interactive: hour(n).reduce((sum, c) => sum + c.interactive, 0),
      })),
      peakPerMinute: { background: Math.max(...calls.map((c) => c.background)), interactive: Math.max(...calls.map((c) => c.interactive)) },
      peakWindow: Math.max(...calls.map((c) => c.background + c.interactive + c.sync)),
      refusals,
      syncPerHour: hour(0).reduce((sum, c) => sum + c.sync, 0),
      cachedAfterFirstHour,
      onScreen,
    };
  } finally {
    h.db.close();
  }
}

/** The most-clicked links get new clicks, as the next pull would record them (rows and ranking). */
async function clickAgain(db: ReturnType<typeof harness>['db'], count: number): Promise<void> {
  const ranked = await readMostClicked(db);
  const changed = ranked.slice(0, count).map((link) => ({ ...link, clicks: link.clicks + 3 }));
  await db.transaction('rw', [...rowScope(db, 'links'), db.syncState], async () => {
    for (const link of changed) {
      const row = await linkRows(db).get(link.clientId);
      if (row?.base) await linkRows(db).put({ ...row, base: { ...(row.base as Link), clicks: link.clicks } });
    }
    await db.syncState.put({ key: MOST_CLICKED_KEY, value: rankMostClicked([...changed, ...ranked.slice(count)]) });
  });
}

async function complete(db: ReturnType<typeof harness>['db'], clientId: string, today: string): Promise<boolean> {
  const cache = await readLinkCache(db, clientId);
  const view = lastDays(30, today);
  return (
    (cache.daily?.spans.length ?? 0) > 0 &&
    BREAKDOWN_TYPES.every((type) => cache.ranges.some((r) => r.type === type && r.startDate === view.startDate && r.endDate === view.endDate))
  );
}
