// The sync status screens subscribe to: a zustand vanilla store (React binds it with useStore).
import { createStore, type StoreApi } from 'zustand/vanilla';
import { lastPullKey, ROW_TABLES, type MirrorDb } from './mirror/db.ts';
import type { ConflictInfo, OpError, OutboxOp } from './mirror/rows.ts';
import { emptyCounts, type RequestCounts } from './request-counter.ts';
import type { OpKind, ResourceName } from './types.ts';

export type Connection = 'unknown' | 'online' | 'offline';

export interface OpSummary {
  opId: string;
  resource: ResourceName;
  rowId: string;
  kind: OpKind;
  error: OpError | null;
  conflict: ConflictInfo | null;
}

export interface SyncStatus {
  workspaceId: string;
  connection: Connection;
  /** Set when the key was refused: nothing is sent until a new key is stored and sync resumes. */
  paused: { message: string; at: number } | null;
  syncing: boolean;
  /** Operations still to go out (pending or sending). */
  pendingCount: number;
  /** Creates whose outcome is being reconciled. */
  unknownCount: number;
  failures: OpSummary[];
  conflicts: OpSummary[];
  lastPullAt: number | null;
  /**
   * False until the outbox and the last listings were first read from the mirror: until then the
   * counts and lastPullAt are not known (0 and null would read as "no pending changes" and "never").
   */
  counted: boolean;
  rateLimit: { limit: number | null; remaining: number | null; resetAt: number | null };
  /** Set when a request was refused for the rate limit; cleared when the window reopens. */
  blockedUntil: number | null;
  lastError: string | null;
  /**
   * Why the last pull failed, when it was not a stop (offline, a spent window, a refused key: those
   * say so themselves): a listing that does not add up, say. Cleared by the next pull that completes.
   */
  pullError: string | null;
  requests: RequestCounts;
}

export type StatusStore = StoreApi<SyncStatus>;

export function createStatusStore(workspaceId: string): StatusStore {
  return createStore<SyncStatus>()(() => ({
    workspaceId,
    connection: 'unknown',
    paused: null,
    syncing: false,
    pendingCount: 0,
    unknownCount: 0,
    failures: [],
    conflicts: [],
    lastPullAt: null,
    counted: false,
    rateLimit: { limit: null, remaining: null, resetAt: null },
    blockedUntil: null,
    lastError: null,
    pullError: null,
    requests: emptyCounts(),
  }));
}

/** Milliseconds until the rate-limit window reopens (0 when requests may go out now). */
export function msUntilWindowReopens(status: Pick<SyncStatus, 'rateLimit' | 'blockedUntil'>, now: number): number {
  const { remaining, resetAt } = status.rateLimit;
  const until = Math.max(status.blockedUntil ?? 0, remaining === 0 && resetAt !== null ? resetAt : 0);
  return Math.max(0, until - now);
}

const summary = (op: OutboxOp): OpSummary => ({ opId: op.opId, resource: op.resource, rowId: op.rowId, kind: op.kind, error: op.error, conflict: op.conflict });

/** Recounts the outbox into the store. */
export async function refreshOutboxStatus(db: MirrorDb, store: StatusStore): Promise<void> {
  const ops = (await db.outbox.toArray()).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const lastPulls = await db.syncState.bulkGet(ROW_TABLES.map(lastPullKey));
  // The workspace counts as synced once every resource was listed; its age is the oldest listing's.
  const lastPullAt = lastPulls.every((entry) => entry !== undefined)
    ? lastPulls.reduce((oldest, entry) => Math.min(oldest, entry!.value as number), Infinity)
    : null;
  store.setState({
    pendingCount: ops.filter((op) => op.state === 'pending' || op.state === 'sending').length,
    unknownCount: ops.filter((op) => op.state === 'unknown').length,
    failures: ops.filter((op) => op.state === 'failed').map(summary),
    conflicts: ops.filter((op) => op.state === 'conflict').map(summary),
    lastPullAt,
    counted: true,
  });
}
