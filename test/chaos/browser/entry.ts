// Test-only page for the browser chaos run (browser-chaos.ts): the renderer's own sync layer over
// Chromium's real IndexedDB, the contract over the preview's loopback WebSocket (the token in the
// address's fragment, as main.tsx reads it), and a small API on window the test drives with
// page.evaluate. Built at test time (build-entry.ts); never part of the app's bundle.
import { createContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { createWebSocketBridge } from '../../../src-renderer/contract/websocket-bridge.ts';
import type { BulkCreated } from '../../../src-renderer/sync/bulk.ts';
import { EditError } from '../../../src-renderer/sync/edit-errors.ts';
import { openWorkspaceSync, type LinkBatchSettings, type WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import type { MirrorRow, OutboxOp } from '../../../src-renderer/sync/mirror/rows.ts';
import type { Clock, ResourceName } from '../../../src-renderer/sync/types.ts';
import { linkRows, rowStore } from '../../../src-renderer/sync/mirror/link-rows.ts';

/** An outcome that crosses page.evaluate: the engine's refusal travels as data, not as a thrown Error. */
export type Outcome<T> =
  { ok: true; value: T } | { ok: false; editError: { kind: string; message: string; issues: { path: string; message: string }[] } | null; message: string };

export interface ChaosPage {
  /** `clockOffsetMs`: how far the machine's clock has jumped so far in this run (it outlives a reload). */
  open(workspaceId: string, clockOffsetMs: number): Promise<void>;
  /** The machine's clock jumps (timers are not affected), as the Node runs' jumpWall. */
  jumpClock(ms: number): void;
  edit(resource: ResourceName, method: 'create' | 'update' | 'delete', args: unknown[]): Promise<Outcome<unknown>>;
  bulk(urls: string[], settings: Record<string, unknown>): Promise<Outcome<BulkCreated>>;
  serverIdOf(resource: ResourceName, clientId: string): Promise<number | null | undefined>;
  syncNow(): Promise<void>;
  idle(): Promise<void>;
  notifyOnline(): void;
  /** Back online, one cycle on demand, then settled (the healed run's step). */
  cycle(): Promise<void>;
  snapshot(): Promise<{ outbox: OutboxOp[]; rows: Record<ResourceName, MirrorRow[]> }>;
}

declare global {
  interface Window {
    chaos?: ChaosPage;
  }
}

const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
const api = createContractApi(createWebSocketBridge(`ws://${location.host}/contract?token=${encodeURIComponent(token)}`));
let ws: WorkspaceSync | null = null;
// Real timers; only the wall clock the engine reads can jump (a 'clock' action, or healing letting an hour pass).
let clockOffset = 0;
const clock: Clock = {
  now: () => Date.now() + clockOffset,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};
const sync = (): WorkspaceSync => {
  if (!ws) throw new Error('chaos page: open a workspace first');
  return ws;
};

async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const editError = error instanceof EditError ? { kind: error.kind, message: error.message, issues: error.issues } : null;
    return { ok: false, editError, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

window.chaos = {
  async open(workspaceId, clockOffsetMs) {
    clockOffset = clockOffsetMs;
    // As the app opens it: real IndexedDB, Web Locks, navigator.storage; its log lines go to main.
    ws = await openWorkspaceSync({ workspaceId, api, clock, handleShortenRequests: false });
  },
  jumpClock(ms) {
    clockOffset += ms;
  },
  edit: (resource, method, args) => outcome(() => (sync()[resource][method] as (...a: unknown[]) => Promise<unknown>)(...args)),
  bulk: (urls, settings) => outcome(() => sync().createBulkLinks(urls, settings as LinkBatchSettings)),
  serverIdOf: async (resource, clientId) => (await rowStore(sync().db, resource).get(clientId))?.serverId,
  syncNow: async () => void (await sync().syncNow()),
  idle: () => sync().engine.idle(),
  notifyOnline: () => sync().notifyOnline(),
  async cycle() {
    sync().notifyOnline();
    await sync().syncNow();
    await sync().engine.idle();
  },
  async snapshot() {
    const db = sync().db;
    const outbox = await db.outbox.toArray();
    const rows = { links: await linkRows(db).toArray(), domains: await db.domains.toArray(), handlers: await db.handlers.toArray() } as Record<
      ResourceName,
      MirrorRow[]
    >;
    return { outbox, rows };
  },
};
