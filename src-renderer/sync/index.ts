// The sync engine's public face for the UI: open a workspace's mirror, edit rows (each edit is
// saved with its outbox operation at once, online or not), resolve what stopped, sync on demand,
// and follow the status.
import { cryptoRandomBytes, type RandomBytes } from './alias.ts';
import { createBulkLinks, type BulkCreated } from './bulk.ts';
import { createSyncEngine, type CycleResult, type EngineOptions, type SyncEngine } from './engine.ts';
import { createRow, deleteRow, updateRow, type EditContext } from './local-edits.ts';
import { openMirrorDb, requestPersistence, type DexieDependencies, type MirrorDb } from './mirror/db.ts';
import type { Fields } from './mirror/rows.ts';
import { discardOp, resolveConflict, retryOp, type Resolution } from './resolutions.ts';
import { handleShortenRequests } from './shorten-requests.ts';
import { createStatisticsService, type StatisticsService } from './statistics/index.ts';
import { accountTimeZone } from './account.ts';
import type {
  DomainCreateInput,
  DomainUpdateInput,
  HandlerCreateInput,
  HandlerUpdateInput,
  LinkCreateInput,
  LinkUpdateInput,
  ShortenRequest,
} from '../../src-preload/contract/index.ts';
import type { StatusStore, SyncStatus } from './status-store.ts';
import { systemClock, type PersistentStorage, type Ref, type ResourceName } from './types.ts';
import { newClientId } from './random-id.ts';

export { EditError } from './edit-errors.ts';
export { acceptShortenRequest } from './shorten-requests.ts';
export { rowView, readView, linkRowListView } from './mirror/fields.ts';
export { reportsKnown } from './local-edits.ts';
export { accountTimeZone, refreshAccount, storedAccount } from './account.ts';
export { msUntilWindowReopens } from './status-store.ts';
export { lastPullKey, PINNED_KEY } from './mirror/db.ts';
export { countLinksOnDomain } from './domain-links.ts';
export { linkNote, setLinkNote, LINK_NOTE_LIMITS, type LinkNote } from './link-notes.ts';
export * from './statistics/index.ts';
export { createWorkspaceSyncs, BACKGROUND_START_MS } from './workspace-syncs.ts';
export type { SyncStatus, OpSummary, Connection } from './status-store.ts';
export type { MirrorRow, OutboxOp, ConflictInfo, FieldConflict, ClickSample, Fields } from './mirror/rows.ts';
export { clickSamplesOf, clickSamplesOfMany } from './mirror/click-samples.ts';
export { watchLinkRows, type LinkRowChanges } from './mirror/row-feed.ts';
export { linkListRow, type LinkListRow } from './mirror/link-list-row.ts';
export { linkRows, linkRowSlices, rowStore } from './mirror/link-rows.ts';
export type { Resolution, FieldChoice } from './resolutions.ts';
export type { MirrorDb } from './mirror/db.ts';
export type { Ref, ResourceName } from './types.ts';

/** A link's domain and report handlers may name rows by client id (created offline) or server id. */
type WithRefs<T> = Omit<T, 'domain_id' | 'email_reports'> & { domain_id?: Ref; email_reports?: Ref[] };
export type LinkCreate = WithRefs<LinkCreateInput>;
export type LinkPatch = WithRefs<LinkUpdateInput>;
/** What the links of one bulk create share: every create setting but the destination and the alias. */
export type LinkBatchSettings = Omit<LinkCreate, 'url' | 'location_url' | 'location_urls' | 'is_bulk' | 'type'>;
export type { BulkCreated } from './bulk.ts';
export { chunkDestinations } from './bulk.ts';
export { BULK_ROW_EDIT_MESSAGE } from './local-edits.ts';

export interface ResourceEdits<Create, Patch> {
  /** Returns the new row's client id. */
  create(input: Create): Promise<string>;
  update(clientId: string, patch: Patch): Promise<void>;
  /** `holdMs`: the delete waits that long, undoable with `discard(opId)` meanwhile; returns that op id (null: nothing held). */
  delete(clientId: string, options?: { holdMs?: number }): Promise<string | null>;
}

export interface WorkspaceSync {
  readonly db: MirrorDb;
  readonly engine: SyncEngine;
  readonly store: StatusStore;
  /** Whether the browser agreed to keep the mirror under storage pressure. */
  readonly persisted: boolean;
  readonly links: ResourceEdits<LinkCreate, LinkPatch>;
  readonly domains: ResourceEdits<DomainCreateInput, DomainUpdateInput>;
  readonly handlers: ResourceEdits<HandlerCreateInput, HandlerUpdateInput>;
  /**
   * Links for many destinations with shared settings, in the service's bulk mode: one outbox
   * operation (and one request) per 1,000 links, aliases from the service.
   */
  createBulkLinks(destinations: readonly string[], settings?: LinkBatchSettings): Promise<BulkCreated>;
  /** Per-link statistics: the link on screen first, pinned and most-clicked links in the background. */
  readonly statistics: StatisticsService;
  resolveConflict(opId: string, resolution: Resolution): Promise<void>;
  retry(opId: string): Promise<void>;
  discard(opId: string): Promise<void>;
  syncNow(): Promise<CycleResult>;
  resume(): Promise<CycleResult>;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  notifyFocus(): void;
  notifyOnline(): void;
  notifyOffline(): void;
  close(): void;
}

export interface OpenOptions extends Omit<EngineOptions, 'db'> {
  db?: MirrorDb;
  dexie?: DexieDependencies;
  storage?: PersistentStorage | null;
  randomBytes?: RandomBytes;
  /** Start syncing at once (default true). */
  autoStart?: boolean;
  /** Queue "shorten from clipboard" requests for this workspace (default true). */
  handleShortenRequests?: boolean;
  /** Told when a shorten request could not be queued (it stays with main). */
  onShortenError?: (request: ShortenRequest, error: unknown) => void;
}

export async function openWorkspaceSync(options: OpenOptions): Promise<WorkspaceSync> {
  const db = options.db ?? openMirrorDb(options.workspaceId, options.dexie);
  await db.open();
  const storage =
    options.storage === undefined ? (globalThis as { navigator?: { storage?: PersistentStorage } }).navigator?.storage : (options.storage ?? undefined);
  const persisted = await requestPersistence(storage);
  const newId = options.newId ?? newClientId;
  // The engine's decisions go to main's log unless the caller said where (tests, the chaos suite).
  const log =
    options.log ??
    ((level: 'info' | 'warn' | 'error', message: string) =>
      void options.api.call('app.log', { level, message: message.slice(0, 4000), workspaceId: options.workspaceId }).catch(() => undefined));
  const engine = createSyncEngine({ ...options, db, newId, log });
  const edits: EditContext = {
    db,
    clock: options.clock ?? systemClock,
    newId,
    randomBytes: options.randomBytes ?? cryptoRandomBytes,
    onChange: () => engine.notifyEdit(),
  };
  const resourceEdits = <Create extends object, Patch extends object>(resource: ResourceName): ResourceEdits<Create, Patch> => ({
    create: (input) => createRow(edits, resource, input as Fields),
    update: (clientId, patch) => updateRow(edits, resource, clientId, patch as Fields),
    delete: (clientId, options) => deleteRow(edits, resource, clientId, options),
  });
  const statistics = createStatisticsService({
    workspaceId: options.workspaceId,
    db,
    api: engine.ctx.api,
    clock: edits.clock,
    rateWindow: engine.ctx.rateWindow,
    sync: engine.store,
    timeZone: () => accountTimeZone(db),
  });
  const stopShorten =
    options.handleShortenRequests === false ? () => undefined : handleShortenRequests(options.api, options.workspaceId, edits, options.onShortenError);
  if (options.autoStart !== false) await engine.start();
  return {
    db,
    engine,
    store: engine.store,
    persisted,
    links: resourceEdits<LinkCreate, LinkPatch>('links'),
    domains: resourceEdits<DomainCreateInput, DomainUpdateInput>('domains'),
    handlers: resourceEdits<HandlerCreateInput, HandlerUpdateInput>('handlers'),
    createBulkLinks: (destinations, settings) => createBulkLinks(edits, destinations, (settings ?? {}) as Fields),
    statistics,
    resolveConflict: (opId, resolution) => resolveConflict(edits, opId, resolution),
    retry: (opId) => retryOp(edits, opId),
    discard: (opId) => discardOp(edits, opId),
    syncNow: () => engine.syncNow(),
    resume: () => engine.resume(),
    subscribe: (listener) => engine.store.subscribe(listener),
    notifyFocus: () => engine.notifyFocus(),
    notifyOnline: () => engine.notifyOnline(),
    notifyOffline: () => engine.notifyOffline(),
    close() {
      stopShorten();
      statistics.stop();
      engine.stop();
      db.close();
    },
  };
}

/** Minimal event target (a window): focus syncs, `online` probes at once. */
export interface WindowEvents {
  addEventListener(type: 'focus' | 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'focus' | 'online' | 'offline', listener: () => void): void;
}

/** Wires a window's focus and online events to a workspace's engine; returns the unbinding. */
export function bindWindowEvents(sync: Pick<WorkspaceSync, 'notifyFocus' | 'notifyOnline' | 'notifyOffline'>, target: WindowEvents): () => void {
  const onFocus = () => sync.notifyFocus();
  const onOnline = () => sync.notifyOnline();
  const onOffline = () => sync.notifyOffline();
  target.addEventListener('focus', onFocus);
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  return () => {
    target.removeEventListener('focus', onFocus);
    target.removeEventListener('online', onOnline);
    target.removeEventListener('offline', onOffline);
  };
}
