// Bulk create through the service's bulk mode, end to end over the sandbox: one outbox operation
// and one request per 1,000 links, queued offline like any edit, and an answer lost on the way
// reconciled by listing (destination and creation time), never creating a link twice.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../src-preload/contract/index.ts';
import type { WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { WireCounter } from '../support/request-economy.ts';
import { checkConvergence, fastClock, newIndexedDb, openSync, serverTruth, startSyncStack, type SyncStack } from '../support/sync-harness.ts';
import { linkRows } from '../../src-renderer/sync/mirror/link-rows.ts';
import { patient } from '../support/patience.ts';

let stack: SyncStack;
const wire = new WireCounter();
// The sandbox keeps the engine's (fast) time: a lost bulk create is found by when it was made.
const clock = fastClock();
beforeAll(async () => {
  stack = await startSyncStack({ proxy: { seed: 11, kinds: ['drop-response'] }, sandboxNow: () => new Date(clock.now()), interceptor: wire.interceptor() });
});
afterAll(() => stack.close());

const open: WorkspaceSync[] = [];
async function engine(engineClock = clock) {
  const ws = await openSync(stack, newIndexedDb(), { autoStart: false, clock: engineClock, random: () => 0 });
  open.push(ws);
  await ws.syncNow();
  return ws;
}
afterAll(() => {
  for (const ws of open) ws.close();
});

async function converged(ws: WorkspaceSync) {
  const result = await checkConvergence(ws.db, await serverTruth(stack.direct));
  expect(result.differences.slice(0, 5)).toEqual([]);
  expect(result.unsettled).toEqual([]);
}

const destinations = (tag: string, count: number) => Array.from({ length: count }, (_, i) => `https://example.com/${tag}/${i}`);
const onServer = async (tag: string): Promise<Link[]> => (await serverTruth(stack.direct)).links.filter((l) => l.location_url.includes(`/${tag}/`));

describe('bulk create over the sandbox', () => {
  it('1,000 links with shared settings: one op, one request, every row mapped to its link in order', async () => {
    const ws = await engine();
    const handler = await ws.handlers.create({ type: 'email', name: 'Reports', email: 'reports@example.com' });
    await ws.syncNow();
    const urls = destinations('thousand', 1000);
    const { rowIds, opIds } = await ws.createBulkLinks(urls, { utm_source: 'mail', utm_campaign: 'spring', email_reports: [handler] });
    expect(opIds).toHaveLength(1);
    expect(await ws.db.outbox.count()).toBe(1);
    expect(await linkRows(ws.db).count()).toBe(1000);
    const pending = (await linkRows(ws.db).get(rowIds[7]!))!;
    expect(pending).toMatchObject({ serverId: null, bulkOp: opIds[0], local: { location_url: urls[7], utm_source: 'mail' } });
    expect(pending.local.url).toBeUndefined();

    const before = { ...wire.requests };
    const result = await ws.syncNow();
    expect(result.push?.completed).toBe(1);
    // One create request for the 1,000 links; the cycle then lists to learn their aliases.
    expect(wire.requests.create - before.create).toBe(1);
    expect(wire.requests.get - before.get).toBe(0);
    const server = await onServer('thousand');
    expect(server).toHaveLength(1000);
    expect(await ws.db.outbox.count()).toBe(0);
    const byId = new Map(server.map((l) => [l.id, l]));
    for (const [i, rowId] of rowIds.entries()) {
      const row = (await linkRows(ws.db).get(rowId))!;
      expect(row.bulkOp).toBeUndefined();
      const link = byId.get(row.serverId!)!;
      expect(link.location_url).toBe(urls[i]);
      // After the cycle's listing the row shows the alias the service chose.
      expect((row.base as Link).url).toBe(link.url);
    }
    expect(server.every((l) => l.url.length > 0)).toBe(true);
    await converged(ws);
  });

  it('1,001 links: two operations, two requests', async () => {
    const ws = await engine();
    const { opIds } = await ws.createBulkLinks(destinations('split', 1001));
    expect(opIds).toHaveLength(2);
    const ops = await ws.db.outbox.toArray();
    expect(ops.map((op) => op.rows!.length)).toEqual([1000, 1]);
    const before = wire.requests.create;
    await ws.syncNow();
    expect(wire.requests.create - before).toBe(2);
    expect(await onServer('split')).toHaveLength(1001);
    await converged(ws);
  });

  it('offline: queued as one operation with provisional rows, sent once the service is reachable', async () => {
    const ws = await engine();
    stack.proxy!.setOffline(true);
    const urls = destinations('offline-bulk', 30);
    const { rowIds } = await ws.createBulkLinks(urls, { utm_medium: 'print' });
    expect(await ws.db.outbox.toArray()).toMatchObject([{ kind: 'create', state: 'pending', rows: rowIds }]);
    // A row deleted before sending leaves the batch.
    await ws.links.delete(rowIds[3]!);
    expect((await ws.db.outbox.toArray())[0]!.rows).toEqual(rowIds.filter((_, i) => i !== 3));
    expect(await linkRows(ws.db).get(rowIds[3]!)).toBeUndefined();
    // Editing a row waiting for its alias is refused with words.
    await expect(ws.links.update(rowIds[4]!, { utm_source: 'x' })).rejects.toMatchObject({ kind: 'rejected' });
    const offline = await ws.syncNow();
    expect(offline.push?.completed ?? 0).toBe(0);
    // Refused at the door, or lost on the way: either way the op waits, nothing is made yet.
    expect(['pending', 'unknown']).toContain((await ws.db.outbox.toArray())[0]!.state);
    expect(await onServer('offline-bulk')).toHaveLength(0);
    stack.proxy!.setOffline(false);
    await ws.syncNow();
    const server = await onServer('offline-bulk');
    expect(server.map((l) => l.location_url).sort()).toEqual(urls.filter((_, i) => i !== 3).sort());
    expect(server.every((l) => l.utm_medium === undefined || l.utm_medium === 'print')).toBe(true);
    await converged(ws);
  });

  it('an answer lost on the way: reconciled by listing, no link made twice, none lost', async () => {
    const ws = await engine();
    // Another device made a link to one of the same destinations long before: it is not taken for the batch's.
    const urls = destinations('lost-bulk', 40);
    await stack.direct.resource('links').create({ location_url: urls[5]!, url: 'made-elsewhere' });
    await ws.syncNow();
    const { rowIds } = await ws.createBulkLinks(urls);
    stack.proxy!.setFaultRate(1);
    const first = await ws.syncNow();
    stack.proxy!.setFaultRate(0);
    expect(first.push?.completed ?? 0).toBe(0);
    expect(await ws.db.outbox.toArray()).toMatchObject([{ state: 'unknown', rows: rowIds }]);
    await ws.syncNow();
    await ws.syncNow();
    const server = await onServer('lost-bulk');
    // 40 from the batch (made once) and the other device's.
    expect(server).toHaveLength(41);
    expect(await ws.db.outbox.count()).toBe(0);
    const mapped = await Promise.all(rowIds.map(async (id) => (await linkRows(ws.db).get(id))!.serverId));
    expect(new Set(mapped).size).toBe(40);
    const elsewhere = server.find((l) => l.url === 'made-elsewhere')!;
    expect(mapped).not.toContain(elsewhere.id);
    await converged(ws);
  });
  it('the app died mid-send: a batch the service made in part is adopted line by line, the rest sent once', async () => {
    const ws = await engine();
    const urls = destinations('died-bulk', 10);
    const { rowIds } = await ws.createBulkLinks(urls, { utm_source: 'died' });
    // As if the request had left and the window closed: the op was 'sending', and the service
    // (here: another request standing in for it) made the first six links only.
    const op = (await ws.db.outbox.toArray())[0]!;
    await ws.db.outbox.put({ ...op, state: 'sending', sentAt: clock.now() });
    await stack.direct.resource('links').create({ is_bulk: true, location_urls: urls.slice(0, 6).join('\n'), utm_source: 'died' });
    const before = wire.requests.create;
    await ws.syncNow();
    expect(wire.requests.create - before).toBe(1);
    const server = await onServer('died-bulk');
    expect(server.map((l) => l.location_url).sort()).toEqual([...urls].sort());
    const mapped = await Promise.all(rowIds.map(async (id) => (await linkRows(ws.db).get(id))!.serverId));
    expect(new Set(mapped).size).toBe(10);
    expect(mapped.map((id) => server.find((l) => l.id === id)!.location_url)).toEqual(urls);
    await converged(ws);
  });

  it('a batch of unknown outcome that never reached the service is sent again, once', async () => {
    const ws = await engine();
    const urls = destinations('never-bulk', 5);
    await ws.createBulkLinks(urls);
    const op = (await ws.db.outbox.toArray())[0]!;
    await ws.db.outbox.put({ ...op, state: 'unknown', sentAt: clock.now(), error: { kind: 'timeout', message: 'no answer' } });
    await ws.syncNow();
    expect(await onServer('never-bulk')).toHaveLength(5);
    await ws.syncNow();
    expect(await onServer('never-bulk')).toHaveLength(5);
    await converged(ws);
  });
  it("this computer's clock a day ahead of the service's: a lost answer is still found (by the service's numbering), not sent twice", async () => {
    const skewed = fastClock();
    skewed.jump(24 * 60 * 60_000);
    const ws = await engine(skewed);
    const urls = destinations('skewed-bulk', 3);
    const { rowIds } = await ws.createBulkLinks(urls);
    stack.proxy!.setFaultRate(1);
    await ws.syncNow();
    stack.proxy!.setFaultRate(0);
    expect(await ws.db.outbox.toArray()).toMatchObject([{ state: 'unknown' }]);
    await ws.syncNow();
    expect(await onServer('skewed-bulk')).toHaveLength(3);
    expect(await ws.db.outbox.count()).toBe(0);
    expect((await linkRows(ws.db).bulkGet(rowIds)).every((row) => row!.serverId !== null)).toBe(true);
    await converged(ws);
  });
  it('made from the dialog (an edit cycle, no sync asked for): the aliases show without waiting for the next full sync', async () => {
    const ws = await openSync(stack, newIndexedDb(), { clock, random: () => 0, intervalMs: 24 * 60 * 60_000 });
    open.push(ws);
    await ws.engine.idle();
    const { rowIds } = await ws.createBulkLinks(destinations('edit-cycle', 3));
    const aliased = async () => (await linkRows(ws.db).bulkGet(rowIds)).every((row) => row?.base && !row.baseIsProvisional && (row.base as Link).url !== '');
    await vi.waitFor(async () => expect(await aliased()).toBe(true), { ...patient, interval: 20 });
    await ws.engine.idle();
    await converged(ws);
  });
});
