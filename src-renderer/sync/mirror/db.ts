// The mirror: one Dexie database per workspace. Each schema version is kept with its upgrade so
// a mirror written by an older build opens without losing rows or pending operations.
import { Dexie, type Table } from 'dexie';
import type { ClickSample, LinkPageKeys, MirrorRow, OtherLinkRow, OutboxOp, PageTextRecord, StoredLinkPage, SyncStateEntry } from './rows.ts';
import type { BreakdownRecord, DailyStatisticsRecord } from '../statistics/records.ts';
import type { Domain, Handler, Link } from '../../../src-preload/contract/index.ts';
import type { ResourceName } from '../types.ts';
import { linkRowFeed } from './row-feed.ts';

export type MirrorDb = Dexie & {
  /** Links with a record of their own; the rest are on `linkPages`. Read through link-rows.ts, never alone. */
  links: Table<MirrorRow<Link>, string>;
  /** Links as the last listing's pages, 1,000 to a record (link-rows.ts). */
  linkPages: Table<StoredLinkPage, number>;
  /** Each page's ids and hash, and record 0: the pages' version. */
  linkPageKeys: Table<LinkPageKeys, number>;
  /** Page texts written as a listing brought them; a page names the one it holds (link-rows.ts). */
  pageTexts: Table<PageTextRecord, string>;
  domains: Table<MirrorRow<Domain>, string>;
  handlers: Table<MirrorRow<Handler>, string>;
  outbox: Table<OutboxOp, number>;
  otherLinks: Table<OtherLinkRow, number>;
  clickSamples: Table<ClickSample, [string, number]>;
  syncState: Table<SyncStateEntry, string>;
  /** A link's clicks and visitors per day (statistics overviews), one record per link. */
  statisticsDays: Table<DailyStatisticsRecord, string>;
  /** A link's other statistics types, one record per link, type and day range. */
  statisticsRanges: Table<BreakdownRecord, [string, string, string, string]>;
};

/** Dexie's constructor options: tests pass fake-indexeddb's IDBFactory and IDBKeyRange here. */
export type DexieDependencies = { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange };

export function mirrorDbName(workspaceId: string): string {
  return `linkdock-mirror-${workspaceId}`;
}

const ROW_STORE = 'clientId, serverId';

/** Version 1: the first layout. Kept so that older mirrors upgrade through version 2. */
export const SCHEMA_V1 = {
  links: ROW_STORE,
  domains: ROW_STORE,
  handlers: ROW_STORE,
  outbox: '++seq, &opId, rowId, state',
  clickSamples: '[clientId+at], serverId',
  syncState: 'key',
};

/**
 * Version 2: non-link rows kept apart, the outbox indexed by resource and state, and rows given
 * the fields version 1 lacked (provisional base flag, write-only memory, miss counter).
 */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  outbox: '++seq, &opId, rowId, state, [resource+state]',
  otherLinks: 'id',
};

/**
 * Version 3: statistics (per link, per type, per day range) for browsing clicks offline. Only new
 * tables: every existing row and operation stays as it is.
 */
export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  statisticsDays: 'clientId',
  statisticsRanges: '[clientId+type+startDate+endDate], clientId, type',
};

/**
 * Version 4: links stored by listed page (link-rows.ts). Only new tables: every row of version 3
 * stays in `links`, which holds rows with a record of their own, and the next pull moves the rest
 * onto pages.
 */
export const SCHEMA_V4 = {
  ...SCHEMA_V3,
  linkPages: 'id',
  linkPageKeys: 'id',
};

/**
 * Version 5: a listed page's text may be a record of its own, written while the rest of the
 * listing is still coming (link-rows.ts `stagePageText`). Only a new table.
 */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  pageTexts: 'id',
};

export function openMirrorDb(workspaceId: string, deps: DexieDependencies = {}): MirrorDb {
  // No live-query cache: Dexie's default ('cloned') deep-clones every cached result for each
  // subscriber, about 0.9 s of main-thread work per read of 100,000 links; without it a live query
  // simply reads again after a commit.
  const db = new Dexie(mirrorDbName(workspaceId), { cache: 'disabled', ...deps }) as MirrorDb;
  db.version(1).stores(SCHEMA_V1);
  db.version(2)
    .stores(SCHEMA_V2)
    .upgrade(async (tx) => {
      for (const table of ['links', 'domains', 'handlers'] as const) {
        await tx
          .table(table)
          .toCollection()
          .modify((row: Partial<MirrorRow>) => {
            row.baseIsProvisional ??= false;
            row.writeOnly ??= {};
            row.missingCount ??= 0;
            row.deletedLocally ??= false;
            row.local ??= {};
          });
      }
      await tx
        .table('outbox')
        .toCollection()
        .modify((op: Partial<OutboxOp>) => {
          op.rev ??= 0;
          op.base ??= {};
          op.conflict ??= null;
        });
    });
  db.version(3).stores(SCHEMA_V3);
  db.version(4).stores(SCHEMA_V4);
  db.version(5).stores(SCHEMA_V5);
  db.use(linkRowFeed(db));
  return db;
}

export const ROW_TABLES = ['links', 'domains', 'handlers'] as const satisfies readonly ResourceName[];

/** Where the mirror keeps when a resource was last listed in full; absent until its first listing. */
export const lastPullKey = (resource: ResourceName): string => `lastPull:${resource}`;

/** Where the mirror keeps the client ids of the links pinned to the tray (the Links screen sets them). */
export const PINNED_KEY = 'pinned';

/** True for the browser's "storage is full" failure, however Dexie wraps it. */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'QuotaExceeded') return true;
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Asks the browser to keep the mirror under storage pressure; a refusal is not an error. */
export async function requestPersistence(storage: { persist(): Promise<boolean> } | undefined): Promise<boolean> {
  try {
    return storage ? await storage.persist() : false;
  } catch {
    return false;
  }
}
