// Request economy of the sync engine against a rate-limited sandbox: N links seeded with bulk
// creates (rate limit off), the sandbox restarted on the same data with the limit on, then the
// engine left to itself, as in the app: its start pull, K queued link edits, then C queued link
// creates, each phase sent by the engine's own scheduling (edit cycles, wake-ups when the window
// reopens). Every request is counted on the wire, by kind and status. `npm run bench` calls this
// at 100,000 links / 200 edits / 200 creates / 60 per minute; the test suite at a small scale.
import type { Dispatcher } from 'undici';
import { startSandbox } from '../../src-main/sandbox/index.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import { newIndexedDb, openSync, serverTruth, startSyncStack } from './sync-harness.ts';
import { withTempDir } from './temp-dir.ts';
import { linkRows } from '../../src-renderer/sync/mirror/link-rows.ts';

export interface EconomyOptions {
  links: number;
  edits: number;
  /** Links created offline and pushed after the edits (default: none). */
  creates?: number;
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
  /** Requests of pushing the creates, by kind. */
  creates: Record<WireKind, number>;
  /** 429 answers seen (must be 0). */
  tooManyRequests: number;
  /** What the engine's own counter saw (contract calls that reached main). */
  engineCounts: Record<string, number>;
  /** ceil(N/1000) list requests for links; K writes + min(K reads, one fresh pull); C creates. */
  expected: { linkLists: number; writes: number; readsOrPull: number; creates: number };
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
      await client.resource('links').create({ is_bulk: true, location_urls: lines.join('\n') });
    }
  } finally {
    await sandbox.close();
  }
}

/**
 * The service's truth, read after the measured sync from the same data restarted without the
 * rate limit (the account's limit would otherwise charge the check): every edit and every create
 * there once, and as many links as the mirror holds.
 */
async function verify(dataFile: string, edits: number, creates: number, mirrored: number): Promise<boolean> {
  const sandbox = await startSandbox({ keys: [KEY], dataFile });
  try {
    const truth = await serverTruth(new ServiceClient({ baseUrl: sandbox.url, apiKey: KEY, timeoutMs: 120_000 }));
    const edited = truth.links.filter((link) => link.location_url.includes('/economy/edited/')).length;
    const created = truth.links.filter((link) => link.location_url.includes('/economy/created/')).length;
    return edited === edits && created === creates && truth.links.length === mirrored;
  } finally {
    await sandbox.close();
  }
}

/** Waits (polling) until `done`: the engine works on its own meanwhile. */
async function waitFor(done: () => Promise<boolean>, deadline: number, what: string): Promise<void> {
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const minus = (after: Record<WireKind, number>, before: Record<WireKind, number>) =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k as WireKind]])) as Record<WireKind, number>;

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
      // The engine as the app runs it, on the system clock (the sandbox's window is real time).
      // The interval is long so that no periodic full sync lands inside a measured phase.
      const ws = await openSync(stack, idb, { intervalMs: 24 * 60 * 60_000 });
      try {
        const started = performance.now();
        const deadline = Date.now() + 30 * 60_000;
        log("first full sync (the engine's start pull)");
        await waitFor(async () => ws.store.getState().lastPullAt !== null, deadline, 'the first sync');
        await ws.engine.idle();
        const pullLists = { ...wire.lists };
        const before = { ...wire.requests };
        log(`${options.edits} queued edits`);
        const rows = (await linkRows(ws.db).toArray()).slice(0, options.edits);
        for (const [i, row] of rows.entries()) await ws.links.update(row.clientId, { location_url: `https://dest.example/economy/edited/${i}` });
        const drained = async () => (await ws.db.outbox.count()) === 0 && !ws.store.getState().syncing;
        await waitFor(drained, deadline, 'the push of the edits');
        const pushed = minus(wire.requests, before);
        const beforeCreates = { ...wire.requests };
        const creates = options.creates ?? 0;
        if (creates > 0) {
          log(`${creates} queued creates`);
          for (let i = 0; i < creates; i++) await ws.links.create({ location_url: `https://dest.example/economy/created/${i}` });
          await waitFor(drained, deadline, 'the push of the creates');
        }
        await ws.engine.idle();
        const created = minus(wire.requests, beforeCreates);
        const seconds = (performance.now() - started) / 1000;
        log(`pull: ${JSON.stringify(pullLists)}; push: ${JSON.stringify(pushed)}; creates: ${JSON.stringify(created)}; 429: ${wire.tooManyRequests}`);
        const linkPages = Math.ceil(options.links / 1000);
        mirrored = await linkRows(ws.db).count();
        const failures = ws.store.getState().failures.length + ws.store.getState().conflicts.length;
        if (failures > 0) throw new Error(`${failures} ops failed or conflicted: ${JSON.stringify(ws.store.getState().failures.slice(0, 3))}`);
        measured = {
          links: options.links,
          edits: options.edits,
          rateLimit: options.rateLimit,
          requests: { ...wire.requests },
          lists: pullLists,
          push: pushed,
          creates: created,
          tooManyRequests: wire.tooManyRequests,
          engineCounts: ws.engine.counter.snapshot(),
          expected: { linkLists: linkPages, writes: options.edits, readsOrPull: Math.min(options.edits, linkPages), creates },
          seconds: Math.round(seconds * 10) / 10,
        };
      } finally {
        ws.close();
      }
    } finally {
      await stack.close();
    }
    return { ...measured, complete: await verify(dataFile, options.edits, options.creates ?? 0, mirrored) };
  } finally {
    await temp.cleanup();
  }
}
