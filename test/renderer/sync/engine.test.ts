import { afterEach, describe, expect, it } from 'vitest';
import type { SyncProblem } from '../../../src-preload/contract/index.ts';
import { createSyncEngine, type SyncEngine } from '../../../src-renderer/sync/engine.ts';
import { openWorkspaceSync, type WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../../src-renderer/sync/locks.ts';
import type { MirrorDb } from '../../../src-renderer/sync/mirror/db.ts';
import { SYNC_QUOTA_MESSAGE } from '../../../src-renderer/sync/outbox/classify.ts';
import { msUntilWindowReopens } from '../../../src-renderer/sync/status-store.ts';
import type { LockManagerLike } from '../../../src-renderer/sync/types.ts';
import { FakeService } from './fake-service.ts';
import { freshDb, manualClock, sequentialIds, type ManualClock } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';
import { PATIENCE_MS } from '../../support/patience.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** Polls `condition` once a loop turn, for as long as the suite's patience (a busy machine turns slowly). */
async function waitFor(condition: () => boolean | Promise<boolean>, label = 'condition'): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface Setup {
  service: FakeService;
  clock: ManualClock;
  db: MirrorDb;
  ws: WorkspaceSync;
}

async function setup(
  options: {
    locks?: LockManagerLike;
    db?: MirrorDb;
    service?: FakeService;
    clock?: ManualClock;
    persist?: () => Promise<boolean>;
    onProblem?: (p: SyncProblem) => void;
  } = {},
): Promise<Setup> {
  const service = options.service ?? new FakeService();
  const clock = options.clock ?? manualClock();
  const db = options.db ?? freshDb('ws');
  const ws = await openWorkspaceSync({
    workspaceId: 'ws',
    api: service.api,
    db,
    clock,
    random: () => 0.5,
    newId: sequentialIds(),
    locks: options.locks ?? createLocalLockManager(),
    intervalMs: 300_000,
    focusMinGapMs: 60_000,
    editDelayMs: 300,
    storage: { persist: options.persist ?? (async () => true) },
    onProblem: options.onProblem,
  });
  cleanups.push(() => ws.close());
  return { service, clock, db, ws };
}

const idle = (ws: WorkspaceSync) => ws.engine.idle();

/** Writes to `table` fail as a full disk does while `full` is set (`once`: it clears itself on the first). */
function fullDiskFor(db: MirrorDb, table: string, options: { once?: boolean } = {}): { full: boolean } {
  const disk = { full: false };
  db.use({
    stack: 'dbcore',
    name: 'full-disk',
    create: (down) => ({
      ...down,
      table(name) {
        const inner = down.table(name);
        return {
          ...inner,
          mutate: (request) => {
            if (!disk.full || name !== table) return inner.mutate(request);
            if (options.once) disk.full = false;
            return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
          },
        };
      },
    }),
  });
  return disk;
}

/** A domain created while the service is unreachable: its first attempt failed, and the status says offline. */
async function offlineWithACreate(): Promise<Setup> {
  const set = await setup();
  await idle(set.ws);
  set.service.offline = true;
  await set.ws.domains.create({ host: 'go.example.com' });
  await set.clock.advance(300);
  await waitFor(() => set.ws.store.getState().connection === 'offline', 'offline');
  await idle(set.ws);
  return set;
}

describe('scheduling and status', () => {
  it('syncs on start: push, then a full pull; status shows online, last pull time and requests', async () => {
    const service = new FakeService();
    service.seedLink();
    service.seedDomain();
    const { ws, clock, db } = await setup({ service });
    expect(ws.persisted).toBe(true);
    await waitFor(async () => (await linkRows(db).count()) === 1, 'pulled link');
    await idle(ws);
    const status = ws.store.getState();
    expect(status).toMatchObject({ connection: 'online', pendingCount: 0, lastPullAt: clock.now(), paused: null });
    expect(status.requests).toMatchObject({ list: 3 });
    expect(await db.domains.count()).toBe(1);
  });

  it('an edit is pushed shortly after it is made, and the pending count follows', async () => {
    const { ws, clock, service } = await setup();
    await idle(ws);
    const id = await ws.domains.create({ host: 'go.example.com' });
    await waitFor(() => ws.store.getState().pendingCount === 1, 'pending 1');
    await clock.advance(300);
    await waitFor(() => ws.store.getState().pendingCount === 0, 'pending 0');
    expect(service.callsOf('domains.create')).toHaveLength(1);
    expect((await ws.db.domains.get(id))!.serverId).not.toBeNull();
  });

  it('pulls again on the interval, and on focus only after the minimum gap', async () => {
    const { ws, clock, service } = await setup();
    await idle(ws);
    const lists = () => service.callsOf('links.list').length;
    expect(lists()).toBe(1);
    ws.notifyFocus();
    await idle(ws);
    expect(lists()).toBe(1); // just synced
    await clock.advance(60_000);
    ws.notifyFocus();
    await waitFor(() => lists() === 2, 'focus pull');
    await idle(ws);
    await clock.advance(300_000);
    await waitFor(() => lists() === 3, 'interval pull');
  });

  it('syncs when main relays a sync request (tray, app menu) for this workspace', async () => {
    const { ws, service } = await setup();
    await ws.engine.idle();
    const lists = () => service.callsOf('domains.list').length;
    service.emit('sync.requested', { workspaceId: 'other' });
    await ws.engine.idle();
    expect(lists()).toBe(1);
    service.emit('sync.requested', { workspaceId: 'ws' });
    await ws.engine.idle();
    expect(lists()).toBe(2);
  });

  it('tells main which calls the user waits on: outbox work is interactive, periodic listings background', async () => {
    const { ws, service, clock } = await setup();
    await ws.engine.idle();
    expect(service.callsOf('links.list')[0]!.input.priority).toBe('background');
    await ws.domains.create({ host: 'go.example.com' });
    await clock.advance(300);
    await ws.engine.idle();
    expect(service.callsOf('domains.create')[0]!.input.priority).toBe('interactive');
    await ws.syncNow();
    expect(service.callsOf('links.list').at(-1)!.input.priority).toBe('interactive');
  });

  it('failures and conflicts are listed in the store, and each new problem is reported once', async () => {
    const service = new FakeService();
    service.seedDomain({ host: 'taken.example.com' });
    const problems: SyncProblem[] = [];
    const { ws, clock } = await setup({ service, onProblem: (p) => problems.push(p) });
    await idle(ws);
    await ws.domains.create({ host: 'taken.example.com' });
    await clock.advance(300);
    await waitFor(() => ws.store.getState().failures.length === 1, 'failure');
    expect(ws.store.getState().failures[0]).toMatchObject({ kind: 'create', resource: 'domains', error: { message: 'The host is already added.' } });
    await ws.syncNow();
    expect(problems).toEqual([{ kind: 'failed', workspaceId: 'ws', title: 'The service refused creating a domain', body: 'The host is already added.' }]);
    const other = service.seedDomain({ host: 'b.example.com' });
    await ws.syncNow();
    const row = (await ws.db.domains.where('serverId').equals(other.id).first())!;
    await ws.domains.update(row.clientId, { host: 'mine.example.com' });
    service.rows.domains.get(other.id)!.host = 'theirs.example.com';
    await ws.syncNow();
    expect(ws.store.getState().conflicts).toHaveLength(1);
    expect(problems.map((p) => p.kind)).toEqual(['failed', 'conflict']);
    expect(problems[1]!.body).toContain('choose which values to keep');
  });

  it('a refused key pauses the workspace until a new key; resume continues', async () => {
    const problems: SyncProblem[] = [];
    const { ws, service, clock } = await setup({ onProblem: (p) => problems.push(p) });
    await idle(ws);
    service.keyValid = false;
    await ws.domains.create({ host: 'go.example.com' });
    await clock.advance(300);
    await waitFor(() => ws.store.getState().paused !== null, 'paused');
    expect(ws.store.getState().paused?.message).toBe('Invalid API key');
    expect(problems).toMatchObject([{ kind: 'key-refused', workspaceId: 'ws' }]);
    // Lines for main's log (app.log) are not requests to the service.
    const sent = () => service.calls.filter((c) => c.name !== 'app.log').length;
    const before = sent();
    await ws.syncNow();
    await clock.advance(600_000);
    expect(sent()).toBe(before); // nothing is sent while paused
    service.keyValid = true;
    await ws.resume();
    await idle(ws);
    expect(ws.store.getState()).toMatchObject({ paused: null, pendingCount: 0 });
    expect(service.rows.domains.size).toBe(1);
  });

  it('offline: status follows request outcomes, a probe with backoff finds the way back and syncs', async () => {
    const { ws, service, clock } = await offlineWithACreate();
    const probes = () => service.callsOf('workspaces.testConnection').length;
    await clock.advance(1_500); // first probe (1 s … 2 s)
    await waitFor(() => probes() === 1, 'probe 1');
    expect(ws.store.getState().connection).toBe('offline');
    service.offline = false;
    await clock.advance(4_000); // second probe (backoff grows)
    await waitFor(() => ws.store.getState().connection === 'online', 'online');
    await waitFor(() => service.rows.domains.size === 1, 'sent after reconnect');
    expect(probes()).toBe(2);
  });

  it('Sync now sends the changes a failed attempt left waiting out their backoff', async () => {
    const { ws, service, clock, db } = await offlineWithACreate();
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.notBefore).toBeGreaterThan(clock.now());
    service.offline = false;
    // The user asked: the change goes now, not when its backoff ends.
    await ws.syncNow();
    expect([...service.rows.domains.values()].map((d) => d.host)).toEqual(['go.example.com']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('Sync now does not send into a window the service said is spent', async () => {
    const { ws, service, clock } = await setup();
    await idle(ws);
    const resetAt = clock.now() + 30_000;
    service.fail({ match: (name) => name === 'domains.create', error: { kind: 'rate-limited', message: 'Slow down', resetAt } });
    await ws.domains.create({ host: 'go.example.com' });
    await clock.advance(300);
    await idle(ws);
    expect(service.callsOf('domains.create')).toHaveLength(1);
    // Main reports the window its 429 spent.
    service.emitRateLimit({ remaining: 0, resetAt });
    await ws.syncNow();
    expect(service.callsOf('domains.create')).toHaveLength(1);
    await clock.advance(30_000);
    await idle(ws);
    expect([...service.rows.domains.values()].map((d) => d.host)).toEqual(['go.example.com']);
  });

  it('offline from the start: no busy loop — probes back off and the interval paces full syncs', async () => {
    const service = new FakeService();
    service.offline = true;
    const { ws, clock } = await setup({ service });
    await ws.engine.idle();
    expect(ws.store.getState().connection).toBe('offline');
    await clock.advance(600_000);
    await ws.engine.idle();
    const lists = service.callsOf('links.list').length + service.callsOf('domains.list').length;
    const probes = service.callsOf('workspaces.testConnection').length;
    expect(lists).toBeLessThanOrEqual(3); // start + two interval cycles, each stopping at the first refusal
    // 1 s, 2 s, 4 s … then every 30 s at most: about 20 in 10 minutes, never a busy loop.
    expect(probes).toBeGreaterThan(10);
    expect(probes).toBeLessThan(40);
  });

  it('a table that fails to list (not offline, not rate-limited) keeps no other from syncing', async () => {
    const service = new FakeService();
    service.seedLink({ url: 'first' });
    service.seedHandler();
    // Domains are listed first: this deployment refuses them.
    service.fail({ match: (name) => name === 'domains.list', error: { kind: 'server', message: 'Bad gateway', status: 502 }, times: 1 });
    const { ws, db } = await setup({ service });
    await idle(ws);
    expect((await linkRows(db).toArray()).map((row) => row.base?.url)).toEqual(['first']);
    expect(await db.handlers.count()).toBe(1);
    // The failure is said, and the pull is tried again.
    expect(ws.store.getState().lastError).toBe('Bad gateway');
    expect(service.callsOf('links.list')).toHaveLength(1);
  });

  it('offline while a failed pull waits to be tried again: no busy loop either', async () => {
    const { ws, clock, service } = await setup();
    await idle(ws);
    // A passing failure of the pull: it is tried again with backoff (the engine's 'resume' wake)…
    service.fail({ match: (name) => name === 'domains.list', error: { kind: 'server', message: 'Bad gateway', status: 502 } });
    await ws.domains.create({ host: 'go.example.com' });
    await ws.syncNow();
    // …but the connection goes first. Each resume stopped at the first refusal and left its
    // (past) retry time in place, so the next one started at once: dozens of listings a second.
    // A create whose answer never came: the push lists domains first to settle it.
    service.fail({ match: (name) => name === 'domains.create', error: { kind: 'timeout', message: 'No answer', maybeApplied: true } });
    await ws.domains.create({ host: 'two.example.com' });
    await clock.advance(300);
    await idle(ws);
    expect((await ws.db.outbox.toArray()).map((op) => op.state)).toEqual(['unknown']);
    service.offline = true;
    let lists = 0;
    service.beforeCall = (name) => {
      // Stops a spinning engine, so the test ends either way.
      if (name.endsWith('.list') && ++lists > 20) ws.engine.stop();
    };
    for (let second = 0; second < 30; second++) await clock.advance(1_000);
    await idle(ws);
    expect(lists).toBeLessThanOrEqual(4);
  });

  it('exposes the rate-limit window and the time until it reopens', async () => {
    const { ws, service, clock } = await setup();
    await idle(ws);
    service.emitRateLimit({ workspaceId: 'ws', limit: 60, remaining: 0, resetAt: clock.now() + 42_000 });
    expect(ws.store.getState().rateLimit).toEqual({ limit: 60, remaining: 0, resetAt: clock.now() + 42_000 });
    expect(msUntilWindowReopens(ws.store.getState(), clock.now())).toBe(42_000);
    expect(msUntilWindowReopens(ws.store.getState(), clock.now() + 50_000)).toBe(0);
    service.emitRateLimit({ workspaceId: 'other', remaining: 0, resetAt: 1 });
    expect(ws.store.getState().rateLimit.resetAt).toBe(clock.now() + 42_000);
  });

  it('a quota error from an edit reaches the caller and changes nothing', async () => {
    const { ws } = await setup();
    await idle(ws);
    const failing = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    ws.db.outbox.hook('creating', failing);
    await expect(ws.links.create({ location_url: 'https://x.test/' })).rejects.toMatchObject({ name: 'EditError', kind: 'quota' });
    expect(await linkRows(ws.db).count()).toBe(0);
    expect(ws.store.getState().pendingCount).toBe(0);
  });

  it('a full disk while syncing tells the user in words, and the edits stay queued', async () => {
    const { ws, service } = await setup();
    await idle(ws);
    await ws.domains.create({ host: 'kept.example.com' });
    // The push confirms the create, then storing that confirmation finds the disk full.
    ws.db.domains.hook('updating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await ws.syncNow().catch(() => undefined);
    await idle(ws);
    expect(ws.store.getState().lastError).toBe(SYNC_QUOTA_MESSAGE);
    expect(await ws.db.outbox.count()).toBe(1);
    expect(service.rows.domains.size).toBe(1);
  });

  it('a full disk while the push lists to settle a create of unknown outcome is told, not passed over', async () => {
    const db = freshDb('ws');
    // Once: the pull after the push would report it all the same.
    const disk = fullDiskFor(db, 'syncState', { once: true });
    const { ws, service } = await setup({ db });
    await idle(ws);
    await ws.links.create({ location_url: 'https://dest.test/', url: 'promo' });
    service.fail({ match: (name) => name === 'links.create', error: { kind: 'server', message: 'Unavailable', status: 503 }, times: 2 });
    await ws.syncNow();
    expect((await ws.db.outbox.toArray())[0]).toMatchObject({ state: 'unknown' });
    // The push's listing that settles it cannot be stored (its lastPull record): the user hears why.
    disk.full = true;
    await ws.syncNow().catch(() => undefined);
    expect(ws.store.getState().lastError).toBe(SYNC_QUOTA_MESSAGE);
    expect((await ws.db.outbox.toArray())[0]).toMatchObject({ state: 'unknown' });
  });
  it('a full disk found after another table failed to list is what the user hears', async () => {
    const db = freshDb('ws');
    const disk = fullDiskFor(db, 'syncState');
    const service = new FakeService();
    service.seedLink();
    const { ws } = await setup({ service, db });
    await idle(ws);
    // Domains (listed first) fail for a passing reason; the next table's pull finds the disk full.
    service.fail({ match: (name) => name === 'domains.list', error: { kind: 'server', message: 'Bad gateway', status: 502 } });
    disk.full = true;
    await ws.syncNow().catch(() => undefined);
    expect(ws.store.getState().lastError).toBe(SYNC_QUOTA_MESSAGE);
    disk.full = false;
  });
});

describe('one sender across windows', () => {
  it('two windows on one workspace never sync at the same time; each op is sent once', async () => {
    const locks = createLocalLockManager();
    let holders = 0;
    let maxHolders = 0;
    const counting: LockManagerLike = {
      request: (name, options, callback) =>
        locks.request(name, options, async (lock) => {
          if (!lock) return callback(lock);
          holders++;
          maxHolders = Math.max(maxHolders, holders);
          try {
            return await callback(lock);
          } finally {
            holders--;
          }
        }),
    };
    const service = new FakeService();
    const clock = manualClock();
    const db = freshDb('shared');
    const a = await setup({ locks: counting, service, clock, db });
    // the second window opens the same mirror database by name through the same factory
    const b = await setup({ locks: counting, service, clock, db });
    await idle(a.ws);
    await idle(b.ws);
    for (let i = 0; i < 5; i++) await a.ws.domains.create({ host: `h${i}.example.com` });
    await Promise.all([a.ws.syncNow(), b.ws.syncNow(), a.ws.syncNow(), b.ws.syncNow()]);
    expect(maxHolders).toBe(1);
    expect(service.callsOf('domains.create')).toHaveLength(5);
    expect(service.rows.domains.size).toBe(5);
  });

  it('a background cycle skips when another window holds the lock', async () => {
    const locks = createLocalLockManager();
    const service = new FakeService();
    const engine: SyncEngine = createSyncEngine({ workspaceId: 'ws', api: service.api, db: freshDb(), clock: manualClock(), locks, random: () => 0.5 });
    let release!: () => void;
    const held = locks.request('linkdock-sync:ws', {}, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    await engine.start();
    // The start cycle has run to its end: it found the lock taken and sent nothing.
    await engine.idle();
    expect(service.calls.filter((c) => c.name !== 'rateLimit.get')).toHaveLength(0);
    release();
    await held;
    const result = await engine.syncNow();
    expect(result.ran).toBe(true);
    engine.stop();
    engine.ctx.db.close();
  });
});
