// Test scaffolding: a manual clock, a fresh fake-indexeddb mirror per test, and a sync context
// wired to the in-memory service (which stands in for main, its rate-limit counting included).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { ContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { createRateWindowView } from '../../../src-renderer/sync/budget.ts';
import type { SyncContext } from '../../../src-renderer/sync/context.ts';
import type { EditContext } from '../../../src-renderer/sync/local-edits.ts';
import { openMirrorDb, type MirrorDb } from '../../../src-renderer/sync/mirror/db.ts';
import { readPageRecords, rowScope, type LinkPage } from '../../../src-renderer/sync/mirror/link-rows.ts';
import { countingApi, createRequestCounter, type RequestCounter } from '../../../src-renderer/sync/request-counter.ts';
import type { Clock } from '../../../src-renderer/sync/types.ts';
import { FakeService } from './fake-service.ts';
import { openWorkspaceSync, type WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../../src-renderer/sync/locks.ts';

export interface ManualClock extends Clock {
  advance(ms: number): Promise<void>;
  set(now: number): void;
  pendingTimers(): number;
}

/** Time moves only when a test says so; sleep() jumps the clock (budget waits end at once). */
export function manualClock(start = 1_700_000_000_000): ManualClock {
  let now = start;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: ManualClock = {
    now: () => now,
    async sleep(ms) {
      now += ms;
    },
    setTimeout(fn, ms) {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, fn });
      return handle;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].fn();
        await settle();
      }
      now = end;
    },
    set(value) {
      now = value;
    },
    pendingTimers: () => timers.size,
  };
  return clock;
}

/** Lets queued promise jobs and fake-indexeddb's callbacks run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

let dbCounter = 0;
export function freshDb(workspaceId = `ws${++dbCounter}`): MirrorDb {
  return openMirrorDb(workspaceId, { indexedDB: new IDBFactory(), IDBKeyRange });
}

let idCounter = 0;
export const sequentialIds = () => () => `00000000-0000-4000-8000-${String(++idCounter).padStart(12, '0')}`;

export interface Harness {
  service: FakeService;
  db: MirrorDb;
  clock: ManualClock;
  ctx: SyncContext;
  edits: EditContext;
  counter: RequestCounter;
}

export function harness(options: { random?: () => number; pageConcurrency?: number; db?: MirrorDb } = {}): Harness {
  const service = new FakeService();
  const db = options.db ?? freshDb();
  const clock = manualClock();
  const counter = createRequestCounter();
  const newId = sequentialIds();
  // Main knows no window until a test reports one (service.emitRateLimit); the view follows main's reports.
  service.now = clock.now;
  service.rateLimit = { workspaceId: 'ws', limit: null, remaining: null, resetAt: null };
  const rateWindow = createRateWindowView(clock);
  service.api.on('rateLimit.changed', (state) => rateWindow.update(state));
  const ctx: SyncContext = {
    workspaceId: 'ws',
    db,
    api: countingApi(service.api, counter),
    clock,
    random: options.random ?? (() => 0.5),
    newId,
    rateWindow,
    pageConcurrency: options.pageConcurrency ?? 4,
  };
  const edits: EditContext = { db, clock, newId };
  return { service, db, clock, ctx, edits, counter };
}

/** A workspace's sync engine over the fake service on a manual clock, started and settled; close it after. */
export async function openEngineOverFake(
  service: FakeService,
  options: { heartbeatMs?: number; api?: ContractApi } = {},
): Promise<{ ws: WorkspaceSync; clock: ManualClock }> {
  const clock = manualClock();
  const ws = await openWorkspaceSync({
    workspaceId: 'ws',
    api: service.api,
    db: freshDb('ws'),
    clock,
    random: () => 0.5,
    newId: sequentialIds(),
    locks: createLocalLockManager(),
    intervalMs: 300_000,
    ...options,
    storage: { persist: async () => true },
  });
  await ws.engine.idle();
  return { ws, clock };
}

/** Every stored link page as readers see it: columns and text in, wherever each is stored. */
export async function readAllPages(db: MirrorDb): Promise<LinkPage[]> {
  return db.transaction('r', rowScope(db, 'links'), async () => {
    const ids = (await db.linkPages.toCollection().primaryKeys()) as number[];
    return (await readPageRecords(db, ids)) as LinkPage[];
  });
}
