// Request economy of the sync engine against a rate-limited sandbox: N links seeded with bulk
// creates (rate limit off), the sandbox restarted on the same data with the limit on, then a
// first full sync plus K queued link edits. Every request is counted on the wire, by kind and
// status. `npm run bench` calls this at 100,000 links / 200 edits / 60 per minute; the test
// suite at a small scale.
import type { Dispatcher } from 'undici';
import { startSandbox } from '../../src-main/sandbox/index.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import type { WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { push } from '../../src-renderer/sync/push.ts';
import { newIndexedDb, openSync, serverTruth, startSyncStack } from './sync-harness.ts';
import { withTempDir } from './temp-dir.ts';

export interface EconomyOptions {
  links: number;
  edits: number;
  /** Requests per minute (the sandbox's --rate-limit). */
  rateLimit: number;
  log?: (message: string) => void;
}

export type WireKind = 'list' | 'get' | 'create' | 'update' | 'delete' | 'probe' | 'other';

export interface EconomyResult {
  links: number;
  edits: number;
  rateLimit: number;
  /** Requests that reached the sandbox, by kind (the pull and the push). */
  requests: Record<WireKind, number>;
  /** List requests per resource of the first full sync. */
  lists: { links: number; domains: number; handlers: number };
  /** Requests of pushing the edits, by kind. */
  push: Record<WireKind, number>;
  /** 429 answers seen (must be 0). */
  tooManyRequests: number;
  /** What the engine's own counter saw (contract calls that reached main). */
  engineCounts: Record<string, number>;
  /** ceil(N/1000) list requests for links; K writes + min(K reads, one fresh pull). */
  expected: { linkLists: number; writes: number; readsOrPull: number };
  /** Wall-clock seconds of the sync (seeding excluded). */
  seconds: number;
  /** Every edit reached the service and the mirror holds every link. */
  complete: boolean;
}

/** Counts requests on their way to the service: kind from method and path, and 429 answers. */
export class WireCounter {
  readonly requests: Record<WireKind, number> = { list: 0, get: 0, create: 0, update: 0, delete: 0, probe: 0, other: 0 };
  readonly lists = { links: 0, domains: 0, handlers: 0 };
  tooManyRequests = 0;

  interceptor(): Dispatcher.DispatcherComposeInterceptor {
    return (dispatch) => (options, handler) => {
      this.#count(options.method, options.path);
      // The handler as is, except that the start of each answer is looked at first.
      const tapped = new Proxy(handler, {
        get: (target, property) => {
          const value: unknown = Reflect.get(target, property);
          if (property === 'onResponseStart' && typeof value === 'function') {
            return (...args: unknown[]) => {
              if (args[1] === 429) this.tooManyRequests++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return dispatch(options, tapped);
    };
  }

  #count(method: string, path: string): void {
    const match = /\/api\/(links|domains|notification-handlers)(\/\d+)?\/?(\?|$)/.exec(path);
    if (!match) {
      this.requests[/\/api\/domains/.test(path) ? 'probe' : 'other']++;
      return;
    }
    const resource = match[1] === 'notification-handlers' ? 'handlers' : (match[1] as 'links' | 'domains');
    const one = match[2] !== undefined;
    if (method === 'GET' && !one && /results_per_page=1000/.test(path)) {
      this.requests.list++;
      this.lists[resource]++;
    } else if (method === 'GET' && !one) this.requests.probe++;
    else if (method === 'GET') this.requests.get++;
    else if (method === 'DELETE') this.requests.delete++;
    else if (one) this.requests.update++;
    else this.requests.create++;
  }
}

const KEY = 'economy-key-0001';

/** Seeds `links` links in bulk (1,000 per request) into a sandbox data file without a rate limit. */
async function seed(dataFile: string, links: number): Promise<void> {
  const sandbox = await startSandbox({ keys: [KEY], dataFile });
  try {
    const client = new ServiceClient({ baseUrl: sandbox.url, apiKey: KEY, timeoutMs: 120_000 });
    for (let start = 0; start < links; start += 1000) {
      const lines = Array.from({ length: Math.min(1000, links - start) }, (_, i) => `https://dest.example/economy/${start + i}`);
      await client.createLink({ is_bulk: true, location_urls: lines.join('\n') });
    }
  } finally {
    await sandbox.close();
  }
}

/**
 * The service's truth, read after the measured sync from the same data restarted without the
 * rate limit (the account's limit would otherwise charge the check): every edit there, and as
 * many links as the mirror holds.
 */
async function verify(dataFile: string, edits: number, mirrored: number): Promise<boolean> {
  const sandbox = await startSandbox({ keys: [KEY], dataFile });
  try {
    const truth = await serverTruth(new ServiceClient({ baseUrl: sandbox.url, apiKey: KEY, timeoutMs: 120_000 }));
    const edited = truth.links.filter((link) => link.location_url.includes('/economy/edited/')).length;
    return edited === edits && truth.links.length === mirrored;
  } finally {
    await sandbox.close();
  }
}

/** Syncs now until `done`; a cycle held back by the rate-limit window waits for it to reopen. */
async function syncUntil(ws: WorkspaceSync, done: () => Promise<boolean>, deadline: number, what: string): Promise<void> {
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not finish in time`);
    const result = await ws.syncNow();
    if (result.stoppedBy === 'rate-limited') {
      const until = ws.store.getState().blockedUntil ?? Date.now() + 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(50, until - Date.now())));
    }
  }
}

export async function measureRequestEconomy(options: EconomyOptions): Promise<EconomyResult> {
  const log = options.log ?? (() => undefined);
  const temp = await withTempDir();
  try {
    const dataFile = `${temp.dir}/economy.sqlite`;
    log(`seeding ${options.links} links (bulk, no rate limit)`);
    await seed(dataFile, options.links);
    const wire = new WireCounter();
    const stack = await startSyncStack({ dataFile, rateLimit: options.rateLimit, key: KEY, interceptor: wire.interceptor() });
    let measured: Omit<EconomyResult, 'complete'>;
    let mirrored: number;
    try {
      const idb = newIndexedDb();
      // Syncs the user asks for (sync now), on the system clock: the sandbox's window is real
      // time. The engine follows main's rate-limit reports as start() would wire them, without
      // start()'s background cycle (see the report: a background listing longer than one window
      // starts over each window).
      const ws = await openSync(stack, idb, { autoStart: false });
      const off = stack.api.on('rateLimit.changed', (state) => ws.engine.ctx.budget.update(state));
      try {
        ws.engine.ctx.budget.update(await stack.api.call('rateLimit.get', { workspaceId: stack.workspaceId }));
        const started = performance.now();
        const deadline = Date.now() + 30 * 60_000;
        log('first full sync');
        await syncUntil(ws, async () => ws.store.getState().lastPullAt !== null, deadline, 'the first sync');
        const pullLists = { ...wire.lists };
        const before = { ...wire.requests };
        log(`${options.edits} queued edits`);
        const rows = await ws.db.links.limit(options.edits).toArray();
        for (const [i, row] of rows.entries()) await ws.links.update(row.clientId, { location_url: `https://dest.example/economy/edited/${i}` });
        // What the engine's edit cycle runs: the push alone.
        while ((await ws.db.outbox.count()) > 0) {
          if (Date.now() > deadline) throw new Error('the push did not finish in time');
          const result = await push(ws.engine.ctx);
          if (result.stoppedBy === 'rate-limited') await new Promise((resolve) => setTimeout(resolve, Math.max(50, (result.resetAt ?? Date.now() + 1000) - Date.now())));
          else if (result.stoppedBy) throw new Error(`the push stopped: ${result.stoppedBy} ${result.stopError ?? ''}`);
          else if (result.completed === 0) {
            // What is left waits for its backoff to end, as the engine's wake-up timer would.
            const next = Math.min(...(await ws.db.outbox.toArray()).map((op) => op.notBefore));
            await new Promise((resolve) => setTimeout(resolve, Math.min(60_000, Math.max(50, next - Date.now()))));
          }
        }
        const seconds = (performance.now() - started) / 1000;
        const pushed = Object.fromEntries(Object.entries(wire.requests).map(([k, v]) => [k, v - before[k as WireKind]])) as Record<WireKind, number>;
        log(`pull: ${JSON.stringify(pullLists)}; push: ${JSON.stringify(pushed)}; 429: ${wire.tooManyRequests}`);
        const linkPages = Math.ceil(options.links / 1000);
        mirrored = await ws.db.links.count();
        measured = {
          links: options.links,
          edits: options.edits,
          rateLimit: options.rateLimit,
          requests: { ...wire.requests },
          lists: pullLists,
          push: pushed,
          tooManyRequests: wire.tooManyRequests,
          engineCounts: ws.engine.counter.snapshot(),
          expected: { linkLists: linkPages, writes: options.edits, readsOrPull: Math.min(options.edits, linkPages) },
          seconds: Math.round(seconds * 10) / 10,
        };
      } finally {
        off();
        ws.close();
      }
    } finally {
      await stack.close();
    }
    return { ...measured, complete: await verify(dataFile, options.edits, mirrored) };
  } finally {
    await temp.cleanup();
  }
}
