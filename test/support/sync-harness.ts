// The real stack for sync tests, in Node: the sandbox (optionally behind the fault proxy), the
// main-process services (real call router and service client), a ContractApi over the router
// built with the renderer's own createContractApi, and the engine's mirror in fake-indexeddb.
// Also: a fast clock, the server's truth read directly (not through the proxy) and the
// convergence check used by the integration, chaos, crash-point and economy tests.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Agent, type Dispatcher } from 'undici';
import type { MainServices } from '../../src-main/main-services.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src-main/sandbox/index.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import type { CallResult, Domain, EventName, EventPayload, Handler, Link, LinkdockBridge } from '../../src-preload/contract/index.ts';
import { createContractApi, type ContractApi } from '../../src-renderer/contract/contract-client.ts';
import { openWorkspaceSync, type OpenOptions, type WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../src-renderer/sync/locks.ts';
import { clientRefs, rowView, readView } from '../../src-renderer/sync/mirror/fields.ts';
import type { MirrorDb } from '../../src-renderer/sync/mirror/db.ts';
import type { MirrorRow, OutboxOp, ServerRow } from '../../src-renderer/sync/mirror/rows.ts';
import type { Clock, ResourceName } from '../../src-renderer/sync/types.ts';
import { startFaultProxy, type FaultKind, type FaultProxy } from './fault-proxy.ts';
import { testMainServices } from './main-services.ts';
import { withTempDir } from './temp-dir.ts';
import { rowStore } from '../../src-renderer/sync/mirror/link-rows.ts';

export const RESOURCES = ['links', 'domains', 'handlers'] as const satisfies readonly ResourceName[];

/** Main → renderer events, fanned out to the bridge's subscribers. */
export function createEventHub() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
      for (const listener of listeners.get(event) ?? []) listener(structuredClone(payload));
    },
    subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}

/**
 * A LinkdockBridge over main's router, as the preload exposes it: values are structured-cloned
 * both ways like IPC does, and the sender is trusted (it is the app's own window).
 */
export function routerBridge(services: Pick<MainServices, 'router'>, hub: ReturnType<typeof createEventHub>): LinkdockBridge {
  return {
    async invoke(name, input) {
      const result: CallResult = await services.router.handle(name, structuredClone(input), true);
      return structuredClone(result);
    },
    subscribe: (event, listener) => hub.subscribe(event, listener),
  };
}

export interface SyncStackOptions {
  /** Requests per minute for the sandbox (null: off). */
  rateLimit?: number | null;
  dataFile?: string;
  sandboxNow?: () => Date;
  /** Put the fault proxy between the client and the sandbox (fault rate 0 until set). */
  proxy?: { seed: number; kinds?: readonly FaultKind[]; latencyMs?: number; resetSeconds?: number };
  key?: string;
  /** Sees every request main sends (the economy check counts them on the wire). */
  interceptor?: Dispatcher.DispatcherComposeInterceptor;
}

export interface SyncStack {
  sandbox: RunningSandbox;
  proxy: FaultProxy | null;
  services: MainServices;
  hub: ReturnType<typeof createEventHub>;
  api: ContractApi;
  workspaceId: string;
  /** Reads the server's truth straight from the sandbox (never through the proxy). */
  direct: ServiceClient;
  key: string;
  close(): Promise<void>;
}

export async function startSyncStack(options: SyncStackOptions = {}): Promise<SyncStack> {
  const key = options.key ?? `sync-harness-key-${Math.random().toString(36).slice(2, 10)}`;
  const sandboxOptions: SandboxOptions = { keys: [key], rateLimit: options.rateLimit ?? null };
  if (options.dataFile) sandboxOptions.dataFile = options.dataFile;
  if (options.sandboxNow) sandboxOptions.now = options.sandboxNow;
  const sandbox = await startSandbox(sandboxOptions);
  const cleanups: (() => Promise<void>)[] = [() => sandbox.close()];
  try {
    const proxy = options.proxy
      ? await startFaultProxy({
          target: sandbox.url,
          seed: options.proxy.seed,
          faultRate: 0,
          ...(options.proxy.kinds ? { kinds: options.proxy.kinds } : {}),
          latencyMs: options.proxy.latencyMs ?? 5,
          resetSeconds: options.proxy.resetSeconds ?? 0.05,
        })
      : null;
    if (proxy) cleanups.unshift(() => proxy.close());
    const temp = await withTempDir();
    cleanups.push(temp.cleanup);
    const hub = createEventHub();
    // A fresh connection per request: the proxy kills connections on purpose, and reusing a
    // keep-alive socket it is closing sometimes leaves the next POST hanging until the client's
    // 20 s timeout (seen with undici 8; see the report). The engine copes, but slowly.
    const agent = new Agent({ pipelining: 0 });
    cleanups.push(() => agent.close());
    const dispatcher = options.interceptor ? agent.compose(options.interceptor) : agent;
    const services = await testMainServices(temp.dir, {
      emit: (event, payload) => hub.emit(event, payload),
      dispatcher,
    });
    const api = createContractApi(routerBridge(services, hub));
    const info = await api.call('workspaces.add', { name: 'Sync test', baseUrl: proxy?.url ?? sandbox.url, apiKey: key });
    const direct = new ServiceClient({ baseUrl: sandbox.url, apiKey: key });
    return {
      sandbox,
      proxy,
      services,
      hub,
      api,
      workspaceId: info.id,
      direct,
      key,
      async close() {
        for (const cleanup of cleanups) await cleanup().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    throw error;
  }
}

export interface FastClock extends Clock {
  /** Moves virtual time forward at once (due timers fire on their real schedule). */
  jump(ms: number): void;
}

/**
 * Virtual time running `speed` times faster than real time: the engine's 300 ms edit delay,
 * 1 s … 5 min backoff and 5 min interval take 0.3 ms … 300 ms. Virtual time starts at the real
 * time and only runs ahead of it, so rate-limit resets main reports (real epoch ms) are never
 * waited for twice.
 */
export function fastClock(speed = 1000): FastClock {
  const startReal = performance.now();
  const startVirtual = Date.now();
  let jumped = 0;
  const now = () => startVirtual + (performance.now() - startReal) * speed + jumped;
  return {
    now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms) / speed)),
    setTimeout: (fn, ms) => setTimeout(fn, Math.max(0, ms) / speed),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    jump(ms) {
      jumped += ms;
    },
  };
}

/** One app installation's IndexedDB: reopening the workspace over it is a restart. */
export function newIndexedDb() {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

export type SyncOpenOptions = Partial<Omit<OpenOptions, 'workspaceId' | 'api'>> & { api?: ContractApi };

/** Opens the engine as the app does at start (new lock manager: a restarted app holds no lock). */
export function openSync(
  stack: Pick<SyncStack, 'api' | 'workspaceId'>,
  idb: ReturnType<typeof newIndexedDb>,
  options: SyncOpenOptions = {},
): Promise<WorkspaceSync> {
  return openWorkspaceSync({
    workspaceId: stack.workspaceId,
    api: stack.api,
    dexie: idb,
    storage: null,
    locks: createLocalLockManager(),
    handleShortenRequests: false,
    ...options,
  });
}

export interface ServerTruth {
  links: Link[];
  domains: Domain[];
  handlers: Handler[];
}

/** Every row of every resource, straight from the sandbox. */
export async function serverTruth(direct: ServiceClient): Promise<ServerTruth> {
  const all = async <T>(list: (page: number) => Promise<{ data: T[]; meta: { total_pages: number } }>) => {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await list(page);
      rows.push(...answer.data);
      if (page >= answer.meta.total_pages) return rows;
    }
  };
  const query = (page: number) => ({ page, resultsPerPage: 1000 as const });
  return {
    links: (await all((p) => direct.resource('links').list(query(p)))).filter((link) => link.type === 'link'),
    domains: await all((p) => direct.resource('domains').list(query(p))),
    handlers: await all((p) => direct.resource('handlers').list(query(p))),
  };
}

/** Terminal states the user sees and acts on. */
export const VISIBLE_STATES = new Set(['failed', 'conflict', 'unknown']);

export interface Convergence {
  /** Human-readable differences between mirror and server; empty when converged. */
  differences: string[];
  /** Ops still pending or sending (nothing should be, after healing). */
  unsettled: OutboxOp[];
  /** Ops that ended in a visible state. */
  visible: OutboxOp[];
}

/**
 * Mirror equals server: every server row has exactly one mirror row showing the same readable
 * fields, and every mirror row is on the server, except rows whose ops stopped in a visible
 * state (their pending view differs from the server by design).
 */
export async function checkConvergence(db: MirrorDb, truth: ServerTruth): Promise<Convergence> {
  return convergenceOf(await mirrorSnapshot(db), truth);
}

/** What the checks read of a mirror: its outbox and its rows (the browser chaos run reads them in the page). */
export interface MirrorSnapshot {
  outbox: OutboxOp[];
  rows: Record<ResourceName, MirrorRow[]>;
}

export async function mirrorSnapshot(db: MirrorDb): Promise<MirrorSnapshot> {
  const outbox = await db.outbox.toArray();
  const rows = {} as Record<ResourceName, MirrorRow[]>;
  for (const resource of RESOURCES) rows[resource] = await rowStore(db, resource).toArray();
  return { outbox, rows };
}

/** checkConvergence over a mirror already read. */
export function convergenceOf(snapshot: MirrorSnapshot, truth: ServerTruth): Convergence {
  const ops = snapshot.outbox;
  const visible = ops.filter((op) => VISIBLE_STATES.has(op.state));
  const rowsWithVisible = blockedRows(ops);
  // Ops queued behind a visible op (same row, or a row they reference) wait for the user too.
  const unsettled = ops.filter((op) => !VISIBLE_STATES.has(op.state) && !rowsWithVisible.has(op.rowId));
  const differences: string[] = [];
  for (const resource of RESOURCES) {
    const serverRows = truth[resource] as ServerRow[];
    const mirrorRows = snapshot.rows[resource];
    const byServerId = new Map<number, MirrorRow[]>();
    for (const row of mirrorRows) {
      if (row.serverId === null) {
        if (!rowsWithVisible.has(row.clientId)) differences.push(`${resource}: mirror row ${row.clientId} has no server id and no visible op`);
        continue;
      }
      byServerId.set(row.serverId, [...(byServerId.get(row.serverId) ?? []), row]);
    }
    for (const server of serverRows) {
      const mirrored = byServerId.get(server.id) ?? [];
      byServerId.delete(server.id);
      if (mirrored.length !== 1) {
        differences.push(`${resource} ${server.id}: ${mirrored.length} mirror rows`);
        continue;
      }
      const row = mirrored[0]!;
      if (rowsWithVisible.has(row.clientId)) continue;
      const expected = readView(resource, server);
      const shown = rowView(resource, row);
      for (const [field, value] of Object.entries(expected)) {
        if (JSON.stringify(shown[field] ?? null) !== JSON.stringify(value ?? null)) {
          differences.push(`${resource} ${server.id}.${field}: mirror ${JSON.stringify(shown[field])} server ${JSON.stringify(value)}`);
        }
      }
      if (row.deletedLocally) differences.push(`${resource} ${server.id}: deleted locally but still on the server`);
    }
    for (const [serverId, rows] of byServerId) {
      for (const row of rows) if (!rowsWithVisible.has(row.clientId)) differences.push(`${resource} ${serverId}: in the mirror, not on the server`);
    }
  }
  return { differences, unsettled, visible };
}

/** Rows with a visible op, and rows whose ops reference one of those (transitively): their fate is the user's call. */
export function blockedRows(ops: readonly OutboxOp[]): Set<string> {
  // A bulk create's op stands for all its rows.
  const rowsOf = (op: OutboxOp) => op.rows ?? [op.rowId];
  const blocked = new Set(ops.filter((op) => VISIBLE_STATES.has(op.state)).flatMap(rowsOf));
  for (let changed = true; changed;) {
    changed = false;
    for (const op of ops) {
      if (blocked.has(op.rowId)) continue;
      if (clientRefs(op.resource, op.fields).some((ref) => blocked.has(ref.clientId))) {
        for (const rowId of rowsOf(op)) blocked.add(rowId);
        changed = true;
      }
    }
  }
  return blocked;
}
