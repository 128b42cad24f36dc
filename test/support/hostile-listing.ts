// A hostile service on 127.0.0.1 whose links list says what a test makes it say (a lying total,
// pages it does not have), and one sync of a workspace against it through the real stack: main's
// call router and service client, the renderer's engine over fake-indexeddb (issue #36 item 6).
// Shared by the test and the worker it runs the syncs that could take the whole heap in.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { createContractApi } from '../../src-renderer/contract/contract-client.ts';
import { linkRows } from '../../src-renderer/sync/mirror/link-rows.ts';
import { fullRawLink } from './real-service.ts';
import { createEventHub, fastClock, newIndexedDb, openSync, routerBridge } from './sync-harness.ts';
import { testMainServices } from './main-services.ts';
import { withTempDir } from './temp-dir.ts';

/** What the service answers for page `page` of its links: a list answer, or a status and body. */
export type LinksAnswer = (page: number) => { data: unknown[]; meta: Record<string, unknown> } | { status: number; body: unknown };

export interface HostileService {
  url: string;
  key: string;
  /** Every links page asked for, in order. */
  linkPages: number[];
  /** What the links list answers from now on. */
  answer: LinksAnswer;
  close(): Promise<void>;
}

/** `count` links as a release lists them, ids from `from` down. */
export const rawLinks = (count: number, from = 1_000_000) => Array.from({ length: count }, (_, i) => fullRawLink(from - i));

/** An honest list of `links`, `perPage` a page. */
export const honest =
  (links: readonly unknown[], perPage = 1000): LinksAnswer =>
  (page) => ({
    data: links.slice((page - 1) * perPage, page * perPage),
    meta: { page, results_per_page: perPage, total: links.length, total_pages: Math.ceil(links.length / perPage) },
  });

export async function startHostileService(answer: LinksAnswer): Promise<HostileService> {
  const key = 'hostile-listing-key';
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const empty = { data: [], meta: { page: 1, results_per_page: 1000, total: 0, total_pages: 0 } };
  const service: HostileService = {
    url: '',
    key,
    linkPages: [],
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/\/+$/, '');
    if (req.headers.authorization !== `Bearer ${key}`) return send(res, 401, { errors: [{ title: 'Please provide a valid API key.' }] });
    if (path === '/api/user') return send(res, 200, { data: { id: 1, name: 'Hostile', email: 'h@example.com', timezone: 'UTC' } });
    if (path === '/api/domains' || path === '/api/notification-handlers') return send(res, 200, empty);
    if (path === '/api/links') {
      const page = Number(url.searchParams.get('page') ?? 1);
      service.linkPages.push(page);
      const answered = service.answer(page);
      return 'status' in answered ? send(res, answered.status, answered.body) : send(res, 200, answered);
    }
    send(res, 404, { errors: [{ title: 'No such route.' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return service;
}

export interface SyncOutcome {
  /** Why the pull failed, as the workspace shows it (null: it did not fail). */
  pullError: string | null;
  pulled: boolean;
  /** Links in the mirror after each sync. */
  mirrored: number[];
}

/**
 * A new workspace for the service, synced once per `before` step (each may change what the service
 * answers first), in one app: main's services and one engine over one mirror.
 */
export async function syncWorkspace(url: string, key: string, steps = 1, before?: (step: number) => Promise<void>): Promise<SyncOutcome> {
  const temp = await withTempDir();
  const agent = new Agent();
  const hub = createEventHub();
  try {
    const services = await testMainServices(temp.dir, {
      emit: (event, payload) => hub.emit(event, payload),
      dispatcher: agent,
    });
    const api = createContractApi(routerBridge(services, hub));
    const workspaceId = (await api.call('workspaces.add', { name: 'Hostile', baseUrl: url, apiKey: key })).id;
    const ws = await openSync({ api, workspaceId }, newIndexedDb(), { autoStart: false, clock: fastClock(), random: () => 0 });
    try {
      const mirrored: number[] = [];
      let pulled = false;
      for (let step = 0; step < steps; step++) {
        await before?.(step);
        pulled = (await ws.syncNow()).pulled;
        mirrored.push(await linkRows(ws.db).count());
      }
      return { pullError: ws.store.getState().pullError, pulled, mirrored };
    } finally {
      ws.close();
    }
  } finally {
    await agent.close();
    await temp.cleanup();
  }
}
