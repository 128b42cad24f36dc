// Scheduling: sync on start, reconnect, window focus, on demand and on an interval; push soon after
// an edit; wake for retries when their backoff ends; probe reachability with backoff while
// offline. One cycle at a time per workspace across windows (the sender lock).
import type { ContractApi } from '../contract/contract-client.ts';
import type { RateLimitState, SyncProblem } from '../../src-preload/contract/index.ts';
import { BudgetExhaustedError, createRateWindowView, type RateWindowView } from './budget.ts';
import type { SyncContext } from './context.ts';
import { defaultLockManager, senderLockName } from './locks.ts';
import { isQuotaError, ROW_TABLES, type MirrorDb } from './mirror/db.ts';
import { createConnectionMonitor } from './connection-monitor.ts';
import { endWaits } from './local-edits.ts';
import { backoffDelay } from './outbox/backoff.ts';
import { describeError, listingStop } from './outbox/classify.ts';
import { pullResource } from './pull.ts';
import { push, type PushResult, type StopReason } from './push.ts';
import { countingApi, createRequestCounter, type RequestCounter, type RequestOutcome } from './request-counter.ts';
import { createStatusStore, refreshOutboxStatus, type StatusStore } from './status-store.ts';
import { oneAtATime } from './one-at-a-time.ts';
import { describeProblem } from './sync-problems.ts';
import { systemClock, systemRandom, type Clock, type LockManagerLike, type RandomSource, type ResourceName } from './types.ts';
import { newClientId } from './random-id.ts';

/**
 * Domains and handlers (a request each) before links: the links' index is then built knowing the
 * domains that name their short URLs, instead of reading 100,000 rows again when they land after.
 */
const PULL_ORDER: readonly ResourceName[] = [...ROW_TABLES.filter((table) => table !== 'links'), 'links'];

export interface EngineOptions {
  workspaceId: string;
  db: MirrorDb;
  api: ContractApi;
  clock?: Clock;
  random?: RandomSource;
  newId?: () => string;
  locks?: LockManagerLike;
  /** Full sync period (default 5 min). */
  intervalMs?: number;
  /** Focus triggers a pull at most this often (default 60 s). */
  focusMinGapMs?: number;
  /** Delay between an edit and its push, so quick successive edits coalesce (default 300 ms). */
  editDelayMs?: number;
  pageConcurrency?: number;
  rateWindow?: RateWindowView;
  /** How long "Online" stands without a request reaching the service before a check (default 30 s; 0: never). */
  heartbeatMs?: number;
  /**
   * Told once per new problem: an op that failed or needs a decision, or the key refused. The app
   * passes it on as a native notification (`notify.syncProblem`) when it sees fit.
   */
  onProblem?: (problem: SyncProblem) => void;
  /** What the engine decides, for main's log (`app.log`): cycles that did something, stops, connection changes. */
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** `resume`: a full cycle (like `interval`) to finish a pull a spent window cut short or a passing failure stopped. */
export type CycleReason = 'start' | 'interval' | 'focus' | 'reconnect' | 'demand' | 'edit' | 'retry' | 'resume';

export interface CycleResult {
  ran: boolean;
  push: PushResult | null;
  pulled: boolean;
  stoppedBy: StopReason | null;
}

export interface SyncEngine {
  readonly store: StatusStore;
  readonly ctx: SyncContext;
  readonly counter: RequestCounter;
  start(): Promise<void>;
  stop(): void;
  /** Push then pull now; resolves when done (waits for another window's cycle first). */
  syncNow(): Promise<CycleResult>;
  notifyEdit(): void;
  notifyFocus(): void;
  notifyOnline(): void;
  notifyOffline(): void;
  /** Resolves when no cycle is running (for tests, the chaos suite and orderly shutdown). */
  idle(): Promise<void>;
  /** After a new key was stored: clear the pause and sync. */
  resume(): Promise<CycleResult>;
  refreshStatus(): Promise<void>;
}

const PAUSED_KEY = 'paused';

export function createSyncEngine(options: EngineOptions): SyncEngine {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? systemRandom;
  const locks = options.locks ?? defaultLockManager();
  const intervalMs = options.intervalMs ?? 300_000;
  const focusMinGapMs = options.focusMinGapMs ?? 60_000;
  const editDelayMs = options.editDelayMs ?? 300;
  const store = createStatusStore(options.workspaceId);
  const counter = createRequestCounter();
  const log = options.log ?? (() => undefined);
  // Reachability changes are decisions too: what the user sees as Online/Offline, with the reason.
  store.subscribe((state, previous) => {
    if (state.connection === previous.connection) return;
    if (state.connection === 'offline') log('warn', `offline: ${state.lastError ?? 'the service does not answer'}`);
    else if (state.connection === 'online' && previous.connection === 'offline') log('info', 'online again');
  });
  const rateWindow = options.rateWindow ?? createRateWindowView(clock);

  const observe = (outcome: RequestOutcome) => {
    store.setState({ requests: counter.snapshot() });
    // A probe answers even when the service is unreachable; probe() reads its outcome itself.
    if (outcome.kind === 'probe') return;
    if (outcome.result === 'reached') connection.reached(outcome.sent);
    else connection.unreachable(outcome.error?.message ?? 'The service cannot be reached.', outcome.sent);
    if (outcome.error?.kind === 'rate-limited' && outcome.error.data.resetAt !== undefined) {
      store.setState({ blockedUntil: outcome.error.data.resetAt });
      rateWindow.update({ remaining: 0, resetAt: outcome.error.data.resetAt });
    }
  };
  // Requests are numbered as they leave, so the monitor can tell an old answer from a new one.
  const api = countingApi(options.api, counter, { sending: () => connection.sending(), outcome: observe });
  const ctx: SyncContext = {
    workspaceId: options.workspaceId,
    db: options.db,
    api,
    clock,
    random,
    newId: options.newId ?? newClientId,
    rateWindow,
    pageConcurrency: options.pageConcurrency ?? 4,
    freshListings: new Map(),
    partialListings: new Map(),
  };

  let stopped = true;
  let running: Promise<CycleResult> | null = null;
  let rerun: CycleReason | null = null;
  let lastFullSyncAt = Number.NEGATIVE_INFINITY;
  /** When the last full cycle started, successful or not: the interval counts from here. */
  let lastFullAttemptAt = clock.now();
  let wakeTimer: unknown = null;
  let editTimer: unknown = null;
  /** When an unfinished pull is tried again: as the spent window reopens, or with backoff after a passing failure. */
  let pullRetryAt: number | null = null;
  /** Passing pull failures in a row (a 5xx, a listing that kept changing): the backoff's attempt. */
  let pullAttempt = 0;
  let unsubscribe: (() => void) | null = null;

  function setTimer(current: unknown, fn: () => void, ms: number): unknown {
    if (current !== null) clock.clearTimeout(current);
    return clock.setTimeout(fn, Math.max(0, ms));
  }

  // Reachability: probes while offline, a heartbeat while online and quiet (connection-monitor.ts).
  const connection = createConnectionMonitor({
    workspaceId: options.workspaceId,
    api,
    store,
    clock,
    random,
    rateWindow,
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}),
    onReconnect: () => void cycle('reconnect'),
    onKeyRefused: (message) => pause(message),
  });

  async function pause(message: string): Promise<void> {
    log('warn', `paused, the service refused the key: ${message}`);
    const paused = { message, at: clock.now() };
    await options.db.syncState.put({ key: PAUSED_KEY, value: paused });
    store.setState({ paused, lastError: message });
    options.onProblem?.({
      kind: 'key-refused',
      workspaceId: options.workspaceId,
      title: 'The service refused the API key',
      body: `${message} Syncing is paused until a new key is entered.`.slice(0, 1000),
    });
  }

  const reported = new Set<string>();
  // One at a time (edits start refreshes without waiting for them): a read of the outbox begun
  // before an edit would otherwise land after one begun after it, and leave an old count shown.
  const refreshStatus = oneAtATime(async () => {
    await refreshOutboxStatus(options.db, store);
    store.setState({ requests: counter.snapshot() });
    const { failures, conflicts } = store.getState();
    for (const [kind, list] of [
      ['failed', failures],
      ['conflict', conflicts],
    ] as const) {
      for (const op of list) {
        const key = `${kind}:${op.opId}`;
        if (reported.has(key)) continue;
        reported.add(key);
        options.onProblem?.(describeProblem(options.workspaceId, kind, op));
      }
    }
  });

  /** Next wake-up: the interval, or sooner when an operation's backoff or the rate window ends. */
  async function scheduleWake(): Promise<void> {
    if (stopped || store.getState().paused) return;
    const now = clock.now();
    const nextFull = lastFullAttemptAt + intervalMs;
    let at = nextFull;
    // Only backoff ends matter: ops blocked by order or dependencies wake with what blocks them.
    const waiting = await options.db.outbox.where('state').equals('pending').toArray();
    for (const op of waiting) if (op.notBefore > now) at = Math.min(at, op.notBefore);
    // Ops held back by a spent rate-limit window go when it reopens.
    const blockedUntil = store.getState().blockedUntil;
    if (blockedUntil !== null && blockedUntil > now && waiting.length > 0) at = Math.min(at, blockedUntil);
    let reason: CycleReason = at < nextFull ? 'retry' : 'interval';
    // A pull that did not finish (the first one, say) is not left for the interval: it goes on
    // when the window reopens (100,000 links are more pages than one window allows) or, after a
    // passing failure, with backoff.
    if (pullRetryAt !== null && pullRetryAt <= at) {
      at = pullRetryAt;
      reason = 'resume';
    }
    // Never further than the interval: a time computed before the clock moved back is not waited out.
    wakeTimer = setTimer(wakeTimer, () => void cycle(reason), Math.min(at - now, intervalMs));
  }

  async function runCycle(reason: CycleReason): Promise<CycleResult> {
    const result: CycleResult = { ran: false, push: null, pulled: false, stoppedBy: null };
    const pausedEntry = await options.db.syncState.get(PAUSED_KEY);
    if (pausedEntry) {
      store.setState({ paused: pausedEntry.value as { message: string; at: number } });
      return result;
    }
    const blockedUntil = store.getState().blockedUntil;
    if (blockedUntil !== null && blockedUntil <= clock.now()) store.setState({ blockedUntil: null });
    const wait = reason === 'demand' || reason === 'edit';
    if (reason !== 'edit' && reason !== 'retry') lastFullAttemptAt = clock.now();
    await locks.request(senderLockName(options.workspaceId), { ifAvailable: !wait }, async (lock) => {
      if (!lock) return; // another window is syncing this workspace
      result.ran = true;
      store.setState({ syncing: true });
      try {
        result.push = await push(ctx);
        await refreshStatus();
        if (result.push.stoppedBy) {
          result.stoppedBy = result.push.stoppedBy;
          // The pull this cycle was for goes when the window reopens, after the push.
          if (result.push.stoppedBy === 'rate-limited' && reason !== 'edit' && reason !== 'retry') pullRetryAt = result.push.resetAt ?? clock.now() + 60_000;
          await handleStop(result.push.stoppedBy, result.push.stopError ?? '', result.push.resetAt);
          return;
        }
        if (reason === 'edit' || reason === 'retry') {
          // The user waits for the aliases the service picked for a bulk create: one listing of links brings them.
          if (result.push.bulkCreated > 0) {
            try {
              await pullResource(ctx, 'links', 'interactive');
            } catch (error) {
              await pullFailed(error, result);
            }
          }
          return;
        }
        let failed: { error: unknown } | null = null;
        for (const resource of PULL_ORDER) {
          if (result.push.pulled.includes(resource)) continue;
          try {
            await pullResource(ctx, resource, reason === 'demand' ? 'interactive' : 'background');
          } catch (error) {
            // A spent window, a lost connection or a full disk stops the cycle at once (the last is
            // the user's to hear of, before any other failure); a table failing otherwise (a read
            // the service cannot give, a deployment refusing domains) does not keep the others,
            // links above all, from syncing. The first such failure is retried with backoff.
            if (error instanceof BudgetExhaustedError || listingStop(error) || isQuotaError(error)) {
              await pullFailed(error, result);
              return;
            }
            failed ??= { error };
          }
        }
        if (failed) {
          await pullFailed(failed.error, result);
          return;
        }
        result.pulled = true;
        store.setState({ pullError: null });
        pullAttempt = 0;
        pullRetryAt = null;
        lastFullSyncAt = clock.now();
        // A listing may have settled creates of unknown outcome: send what became ready.
        const again = await push(ctx);
        if (again.stoppedBy) await handleStop(again.stoppedBy, again.stopError ?? '', again.resetAt);
      } finally {
        store.setState({ syncing: false });
        await refreshStatus();
      }
    });
    return result;
  }

  /** A pull that failed: a spent window or a lost connection stops the cycle; anything else is tried again with backoff. */
  async function pullFailed(error: unknown, result: CycleResult): Promise<void> {
    if (error instanceof BudgetExhaustedError) {
      result.stoppedBy = 'rate-limited';
      pullRetryAt = error.resetAt ?? clock.now() + 60_000;
      await handleStop('rate-limited', error.message, error.resetAt);
      return;
    }
    const stopped = listingStop(error);
    if (stopped) {
      result.stoppedBy = stopped.reason;
      // Offline and paused have their own way back (the probe, a new key).
      if (stopped.reason === 'rate-limited') pullRetryAt = stopped.resetAt ?? clock.now() + 60_000;
      await handleStop(stopped.reason, stopped.message, stopped.resetAt);
      return;
    }
    store.setState({ lastError: describeError(error).message, pullError: describeError(error).message });
    pullAttempt++;
    pullRetryAt = clock.now() + backoffDelay(pullAttempt, random);
    log('warn', `pull failed (${describeError(error).message}); trying again in ${Math.round((pullRetryAt - clock.now()) / 1000)} s`);
  }

  async function handleStop(reason: StopReason, message: string, resetAt: number | null): Promise<void> {
    // Offline and paused have their own way back (the probe, a new key), and it syncs in full: a
    // pull retry time left in the past would start the next cycle at once, and again (a busy loop).
    if (reason !== 'rate-limited') pullRetryAt = null;
    if (reason === 'paused') await pause(message || 'The service refused the API key. Enter a new key to continue.');
    else if (reason === 'offline') connection.unreachable(message);
    else {
      const until = resetAt ?? clock.now() + 60_000;
      log('info', `rate limit: waiting ${Math.round((until - clock.now()) / 1000)} s for the window to reopen`);
      store.setState({ blockedUntil: until, lastError: message });
    }
  }

  function cycle(reason: CycleReason): Promise<CycleResult> {
    if (running) {
      // One cycle at a time; a request made meanwhile runs once more afterwards.
      if (rerun === null || reason === 'demand' || (rerun === 'edit' && reason !== 'retry')) rerun = reason;
      return running;
    }
    running = (async () => {
      let result: CycleResult;
      const started = clock.now();
      try {
        result = await runCycle(reason);
        // A cycle that did something (sent, pulled, stopped) is a line; a quiet one is not.
        const sent = result.push?.completed ?? 0;
        if (result.ran && (sent > 0 || result.pulled || result.stoppedBy))
          log(
            'info',
            `sync (${reason}): ${sent} change${sent === 1 ? '' : 's'} confirmed${result.pulled ? ', pulled' : ''}${result.stoppedBy ? `, stopped: ${result.stoppedBy}` : ''} in ${clock.now() - started} ms`,
          );
      } catch (error) {
        store.setState({ lastError: describeError(error).message });
        log('error', `sync (${reason}) failed: ${describeError(error).message}`);
        result = { ran: false, push: null, pulled: false, stoppedBy: null };
      }
      // The next wake-up is part of the cycle, so `idle()` means "settled and scheduled".
      if (rerun === null) await scheduleWake().catch(() => undefined);
      return result;
    })().finally(() => {
      running = null;
      const next = rerun;
      rerun = null;
      if (next && !stopped) void cycle(next);
    });
    return running;
  }

  return {
    store,
    ctx,
    counter,
    async start() {
      stopped = false;
      connection.start();
      const offRate = options.api.on('rateLimit.changed', (state: RateLimitState) => {
        if (state.workspaceId !== options.workspaceId) return;
        rateWindow.update(state);
        store.setState({ rateLimit: { limit: state.limit, remaining: state.remaining, resetAt: state.resetAt } });
      });
      // The tray and the app menu ask for a sync through main.
      const offRequested = options.api.on('sync.requested', (request) => {
        if (request.workspaceId === options.workspaceId) void cycle('demand');
      });
      unsubscribe = () => {
        offRate();
        offRequested();
      };
      try {
        const state = await options.api.call('rateLimit.get', { workspaceId: options.workspaceId });
        rateWindow.update(state);
        store.setState({ rateLimit: { limit: state.limit, remaining: state.remaining, resetAt: state.resetAt } });
      } catch {
        // unknown window: main's reports of the first answers tell it
      }
      await refreshStatus();
      void cycle('start');
    },
    stop() {
      stopped = true;
      unsubscribe?.();
      connection.stop();
      for (const timer of [wakeTimer, editTimer]) if (timer !== null) clock.clearTimeout(timer);
      wakeTimer = editTimer = null;
    },
    async syncNow() {
      if (running) await running.catch(() => undefined);
      // Asked to sync now: deletes held for Undo and changes in backoff go too.
      await endWaits(options.db, clock.now());
      return cycle('demand');
    },
    notifyEdit() {
      // Fire and forget: the mirror may be closing (workspace switched, app quitting).
      void refreshStatus().catch(() => undefined);
      if (stopped) return;
      editTimer = setTimer(
        editTimer,
        () => {
          editTimer = null;
          void cycle('edit');
        },
        editDelayMs,
      );
    },
    notifyFocus() {
      if (!stopped && clock.now() - lastFullSyncAt >= focusMinGapMs) void cycle('focus');
    },
    notifyOnline() {
      if (!stopped) connection.systemOnline();
    },
    notifyOffline() {
      if (!stopped) connection.systemOffline();
    },
    async resume() {
      await options.db.syncState.delete(PAUSED_KEY);
      store.setState({ paused: null });
      return cycle('demand');
    },
    async idle() {
      while (running) await running.catch(() => undefined);
    },
    refreshStatus,
  };
}
