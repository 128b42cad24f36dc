// The statistics scheduler of one workspace: one queue, one request at a time in the background
// and a few at once for the screen. The link on screen goes first (interactive priority, only what
// its view lacks or what may have changed); background refreshes (policy.ts) go only after the
// first full sync, never while a sync cycle runs, at most BACKGROUND_PER_MINUTE a minute, and only
// while main's window keeps SYNC_HEADROOM background requests for sync. Main's budget is still the
// only counter: a refusal just waits for the window to reopen.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Link, StatisticsQuery } from '../../../src-preload/contract/index.ts';
import type { ContractApi } from '../../contract/contract-client.ts';
import type { RateWindowView } from '../budget.ts';
import type { MirrorDb } from '../mirror/db.ts';
import { linkRows } from '../mirror/link-rows.ts';
import { RATE_WINDOW_MS } from '../../../src-preload/contract/index.ts';
import type { StatusStore, SyncStatus } from '../status-store.ts';
import type { Clock } from '../types.ts';
import { dropOrphanStatistics, readLinkCache, storeStatistics, type LinkStatisticsCache, type StatisticsLink } from './cache.ts';
import { planFromMirror } from './candidates.ts';
import { todayIn } from './days.ts';
import { describeFailure, type FailureEffect } from './failures.ts';
import { BACKGROUND_PER_MINUTE, coveringSpan, currentForScreen, queryKey, SYNC_HEADROOM, type BackgroundTask, type Fetched } from './policy.ts';

const AVAILABILITY_KEY = 'statistics:availability';
/** After a service said it has no statistics, ask again after this long (main remembers as long). */
export const NOT_AVAILABLE_RECHECK_MS = 60 * 60_000;
/** A background plan is made again after this long (clicks move with every pull). */
const REPLAN_MS = 5 * 60_000;
/** Requests at once for the screen (its view needs about a dozen). */
const ON_SCREEN_PARALLEL = 3;

export type Availability = 'unknown' | 'available' | 'not-available';

export interface OnScreenStatus {
  clientId: string;
  /** Requests for the view are on their way or still to go. */
  busy: boolean;
  /** Why something for the view could not be fetched, in words (null: nothing wrong). */
  problem: string | null;
  /** The rate-limit window is spent; fetching goes on when it reopens. */
  blockedUntil: number | null;
}

export interface StatisticsStatus {
  availability: Availability;
  /** When the service last said it has no statistics. */
  notAvailableAt: number | null;
  onScreen: OnScreenStatus | null;
  /** Statistics requests made since the workspace opened, by priority. */
  spent: { interactive: number; background: number };
}

/** What a view on screen needs; `force` fetches again what is cached (Refresh). */
export interface ScreenRequest {
  clientId: string;
  queries: readonly StatisticsQuery[];
  force?: boolean;
}

export interface StatisticsService {
  readonly store: StoreApi<StatisticsStatus>;
  /** The link on screen and what its view needs; returns the release for when the view goes. */
  show(request: ScreenRequest): () => void;
  /** Starts the background refresh (the session does, once sync has started). */
  startBackground(): void;
  /** The workspace left the screen: it keeps syncing, but its budget goes to sync, not statistics. */
  stopBackground(): void;
  stop(): void;
  /** Resolves once nothing is running (tests, bench). */
  idle(): Promise<void>;
}

export interface StatisticsOptions {
  workspaceId: string;
  db: MirrorDb;
  /** The engine's counting contract: statistics count as requests and tell the connection state. */
  api: ContractApi;
  clock: Clock;
  rateWindow: RateWindowView;
  /** The engine's status: connection, sync cycles, first full sync, pause. */
  sync: StatusStore;
  /** The account's time zone (statistics days are its days). */
  timeZone: () => string;
}

type Task = { link: StatisticsLink; query: StatisticsQuery; key: string };
type Next = 'again' | 'idle' | { at: number };

export function createStatisticsService(options: StatisticsOptions): StatisticsService {
  const { db, clock, rateWindow } = options;
  const store = createStore<StatisticsStatus>()(() => ({
    availability: 'unknown',
    notAvailableAt: null,
    onScreen: null,
    spent: { interactive: 0, background: 0 },
  }));
  let view: (ScreenRequest & { done: Set<string> }) | null = null;
  let background = false;
  let stopped = false;
  const inFlight = new Set<string>();
  /**
   * When each query was last answered, as a count of answers stored: a plan or a screen read made
   * from the mirror before an answer was stored does not ask for it again (the background and the
   * screen each decide from their own read, and one may store while the other reads).
   */
  let answers = 0;
  const answeredAt = new Map<string, number>();
  const answeredSince = (key: string, mark: number) => (answeredAt.get(key) ?? 0) > mark;
  /** Query keys not to try before a time (failed lately), and links the service no longer has. */
  const skipUntil = new Map<string, number>();
  const goneLinks = new Set<string>();
  /** Background requests of the last minute (their start times). */
  let recent: number[] = [];
  let plan: { tasks: BackgroundTask[]; madeAt: number; today: string; pullAt: number | null; answers: number } | null = null;
  /** Nothing goes before this (offline: a while; a spent window: until it reopens). */
  let holdUntil = 0;
  /** No background request goes before this (main refused one: its share of the window is spent). */
  let holdBackground = 0;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let again = false;

  const setOnScreen = (patch: Partial<OnScreenStatus>) => {
    const current = store.getState().onScreen;
    if (current && view && current.clientId === view.clientId) store.setState({ onScreen: { ...current, ...patch } });
  };
  const skipped = (key: string, now: number) => (skipUntil.get(key) ?? 0) > now;

  async function setAvailability(state: Availability): Promise<void> {
    const at = state === 'not-available' ? clock.now() : null;
    if (store.getState().availability === state && state !== 'not-available') return;
    store.setState({ availability: state, notAvailableAt: at });
    if (state === 'not-available') await db.syncState.put({ key: AVAILABILITY_KEY, value: { state, at } });
    else await db.syncState.delete(AVAILABILITY_KEY);
  }
  const notAvailableNow = (now: number) =>
    store.getState().availability === 'not-available' && now - (store.getState().notAvailableAt ?? 0) < NOT_AVAILABLE_RECHECK_MS;

  function cachedFor(cache: LinkStatisticsCache, query: StatisticsQuery): Fetched | null {
    if (query.type === 'overview') return coveringSpan(cache.daily?.spans ?? [], query);
    return cache.ranges.find((r) => r.type === query.type && r.startDate === query.startDate && r.endDate === query.endDate) ?? null;
  }

  /** The screen's next requests: what its view lacks or what may have changed, a few at once. */
  async function screenTasks(limit: number, now: number): Promise<Task[]> {
    const current = view;
    if (!current) return [];
    const row = await linkRows(db).get(current.clientId);
    if (!row || row.serverId === null) {
      setOnScreen({
        busy: false,
        problem: row ? 'This link is not on the service yet: its statistics come once it is synced.' : 'This link is no longer in the workspace.',
      });
      return [];
    }
    if (goneLinks.has(current.clientId)) return [];
    const link: StatisticsLink = { clientId: row.clientId, serverId: row.serverId, clicks: (row.base as Link | null)?.clicks ?? null };
    const mark = answers;
    const cache = await readLinkCache(db, current.clientId);
    const out: Task[] = [];
    for (const query of current.queries) {
      const key = queryKey(current.clientId, query);
      if (current.done.has(key) || inFlight.has(key) || skipped(key, now)) continue;
      if (!current.force && answeredSince(key, mark)) continue; // stored after the read above: read again next round
      if (!current.force && currentForScreen(cachedFor(cache, query), link.clicks, now)) {
        current.done.add(key);
        continue;
      }
      out.push({ link, query, key });
      // The overview goes alone: its answer draws the chart and tells whether the service has
      // statistics at all, is reachable, and still has the link, before the rest is asked.
      if (query.type === 'overview' || out.length >= limit) break;
    }
    return out;
  }

  async function backgroundTask(now: number): Promise<Task | null> {
    const today = todayIn(options.timeZone(), now);
    const pullAt = options.sync.getState().lastPullAt;
    if (!plan || plan.today !== today || plan.pullAt !== pullAt || now - plan.madeAt >= REPLAN_MS) {
      if (plan?.pullAt !== pullAt) {
        goneLinks.clear();
        await dropOrphanStatistics(db);
      }
      const skip = new Set([...skipUntil].filter(([, until]) => until > now).map(([key]) => key));
      const mark = answers;
      plan = { tasks: await planFromMirror(db, today, now, skip), madeAt: now, today, pullAt, answers: mark };
    }
    while (plan.tasks.length > 0) {
      const { link, query } = plan.tasks.shift()!;
      const key = queryKey(link.clientId, query);
      if (!inFlight.has(key) && !skipped(key, now) && !goneLinks.has(link.clientId) && !answeredSince(key, plan.answers)) return { link, query, key };
    }
    return null;
  }

  async function run(task: Task, priority: 'interactive' | 'background'): Promise<void> {
    inFlight.add(task.key);
    const spent = store.getState().spent;
    store.setState({ spent: { ...spent, [priority]: spent[priority] + 1 } });
    if (priority === 'background') recent.push(clock.now());
    try {
      const { linkId, ...query } = { linkId: task.link.serverId, ...task.query };
      const answer = await options.api.call('statistics.get', { workspaceId: options.workspaceId, priority, linkId, ...query });
      await storeStatistics(db, task.link, answer, clock.now());
      answeredAt.set(task.key, ++answers);
      await setAvailability('available');
      if (view?.clientId === task.link.clientId) {
        view.done.add(task.key);
        setOnScreen({ problem: null });
      }
    } catch (error) {
      await settle(task, priority, describeFailure(error));
    } finally {
      inFlight.delete(task.key);
    }
  }

  async function settle(task: Task, priority: 'interactive' | 'background', effect: FailureEffect): Promise<void> {
    const now = clock.now();
    const onScreen = view?.clientId === task.link.clientId;
    switch (effect.type) {
      case 'not-available':
        plan = null;
        // The service answered a forced refresh too: nothing more to ask for the hour.
        if (view) view.force = false;
        await setAvailability('not-available');
        return;
      case 'offline':
        holdUntil = Math.max(holdUntil, now + 30_000);
        break;
      case 'rate-limited':
        // The queue waits for the window to reopen (the engine's view of it follows main's report).
        if (priority === 'background') holdBackground = Math.max(holdBackground, effect.resetAt);
        else holdUntil = Math.max(holdUntil, effect.resetAt);
        if (onScreen) setOnScreen({ blockedUntil: effect.resetAt });
        return;
      case 'link-gone':
        goneLinks.add(task.link.clientId);
        break;
      case 'skip':
        skipUntil.set(task.key, now + effect.forMs);
        break;
    }
    if (onScreen) setOnScreen({ problem: effect.message });
  }

  async function step(): Promise<Next> {
    const now = clock.now();
    const sync: SyncStatus = options.sync.getState();
    if (stopped || sync.paused) return 'idle';
    // Known offline: the engine's probe finds the service again, and its status wakes this queue.
    if (sync.connection === 'offline') {
      if (view) setOnScreen({ busy: false });
      return 'idle';
    }
    if (now < holdUntil) return { at: holdUntil };
    const forced = view?.force === true;
    if (notAvailableNow(now) && !forced) {
      if (view) setOnScreen({ busy: false });
      return 'idle';
    }
    const room = rateWindow.available('interactive');
    const tasks = await screenTasks(Math.max(1, Math.min(ON_SCREEN_PARALLEL, room)), now);
    if (tasks.length > 0) {
      if (room <= 0) {
        const at = rateWindow.window().resetAt ?? now + RATE_WINDOW_MS;
        setOnScreen({ busy: true, blockedUntil: at });
        return { at };
      }
      setOnScreen({ busy: true, blockedUntil: null });
      await Promise.all(tasks.map((task) => run(task, 'interactive')));
      return 'again';
    }
    if (view) setOnScreen({ busy: false, blockedUntil: null });
    if (!background || notAvailableNow(now) || sync.lastPullAt === null || sync.syncing) return 'idle';
    if (now < holdBackground) return { at: holdBackground };
    recent = recent.filter((at) => at > now - RATE_WINDOW_MS);
    if (recent.length >= BACKGROUND_PER_MINUTE) return { at: recent[0]! + RATE_WINDOW_MS };
    if (rateWindow.available('background') <= SYNC_HEADROOM) return { at: rateWindow.window().resetAt ?? now + RATE_WINDOW_MS };
    const task = await backgroundTask(now);
    if (!task) return { at: now + REPLAN_MS };
    await run(task, 'background');
    return 'again';
  }

  function wakeAt(at: number): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(
      () => {
        timer = null;
        wake();
      },
      Math.max(0, at - clock.now()),
    );
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      for (;;) {
        again = false;
        let next: Next;
        try {
          next = await step();
        } catch (error) {
          // The mirror closing (workspace switched) or a bug: try again later, never in a loop.
          next = { at: clock.now() + 60_000 };
          if (view) setOnScreen({ busy: false, problem: error instanceof Error ? error.message : String(error) });
        }
        if (next === 'again' && !stopped) continue;
        if (typeof next === 'object' && !stopped) wakeAt(next.at);
        if (!again || stopped) break;
      }
    })().finally(() => {
      running = null;
    });
  }

  // The engine's status wakes the queue: back online, a sync cycle ended, the first full sync, a new key.
  const watched = (s: SyncStatus) => `${s.connection}|${s.syncing}|${s.lastPullAt}|${s.paused !== null}`;
  let last = watched(options.sync.getState());
  const unsubscribe = options.sync.subscribe((state) => {
    const now = watched(state);
    if (now === last) return;
    last = now;
    if (state.connection === 'online') holdUntil = 0;
    wake();
  });

  // What the service said before (kept in the mirror): not asked again within the hour.
  void db.syncState
    .get(AVAILABILITY_KEY)
    .then((entry) => {
      const value = entry?.value as { state?: string; at?: number } | undefined;
      if (value?.state === 'not-available' && typeof value.at === 'number' && store.getState().availability === 'unknown')
        store.setState({ availability: 'not-available', notAvailableAt: value.at });
    })
    .catch(() => undefined);

  return {
    store,
    show(request) {
      const current = { ...request, done: new Set<string>() };
      view = current;
      store.setState({ onScreen: { clientId: request.clientId, busy: true, problem: null, blockedUntil: null } });
      // A forced refresh tries again what failed lately and a link the service did not have.
      if (request.force) {
        for (const query of request.queries) skipUntil.delete(queryKey(request.clientId, query));
        goneLinks.delete(request.clientId);
      }
      wake();
      return () => {
        if (view !== current) return;
        view = null;
        store.setState({ onScreen: null });
      };
    },
    startBackground() {
      background = true;
      wake();
    },
    stopBackground() {
      background = false;
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
    async idle() {
      while (running) await running;
    },
  };
}
