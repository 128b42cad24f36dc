// End-to-end paths through edits, push, pull and the engine that cross several modules.
import { afterEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../../src-preload/contract/index.ts';
import { createSyncEngine } from '../../../src-renderer/sync/engine.ts';
import { createRow, deleteRow, updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { createLocalLockManager } from '../../../src-renderer/sync/locks.ts';
import { rowView } from '../../../src-renderer/sync/mirror/fields.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { push } from '../../../src-renderer/sync/push.ts';
import { FakeService } from './fake-service.ts';
import { freshDb, harness, manualClock, sequentialIds, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

let h: Harness | null = null;
afterEach(() => {
  h?.db.close();
  h = null;
});
const only = (name: CallName) => (n: CallName) => n === name;

describe('edits queued behind a create of unknown outcome', () => {
  it('wait for reconciliation, then go to the adopted row', async () => {
    h = harness();
    const id = await createRow(h.edits, 'domains', { host: 'go.example.com' });
    h.service.fail({ match: only('domains.create'), error: { kind: 'timeout', message: 'No answer' }, applied: true });
    await push(h.ctx);
    await updateRow(h.edits, 'domains', id, { custom_index_url: 'https://index.test/' });
    expect((await h.db.outbox.toArray()).map((o) => [o.kind, o.state])).toEqual([
      ['create', 'unknown'],
      ['update', 'pending'],
    ]);
    await push(h.ctx);
    expect(h.service.callsOf('domains.create')).toHaveLength(1);
    const serverId = (await h.db.domains.get(id))!.serverId!;
    expect(h.service.rows.domains.get(serverId)).toMatchObject({ host: 'go.example.com', custom_index_url: 'https://index.test/' });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a delete queued behind an unknown create deletes the adopted row', async () => {
    h = harness();
    const id = await createRow(h.edits, 'links', { location_url: 'https://dest.test/', url: 'gone-soon' });
    h.service.fail({ match: only('links.create'), error: { kind: 'server', message: 'Bad gateway', status: 502 }, applied: true });
    await push(h.ctx);
    await deleteRow(h.edits, 'links', id);
    await push(h.ctx);
    expect(h.service.rows.links.size).toBe(0);
    expect(await linkRows(h.db).count()).toBe(0);
    expect(h.service.callsOf('links.create')).toHaveLength(1);
  });
});

describe('write-only handler fields', () => {
  it('a webhook URL (not shown by the service) is remembered and not treated as a conflict', async () => {
    h = harness();
    const id = await createRow(h.edits, 'handlers', { name: 'Hook', type: 'webhook', webhook: 'https://hooks.test/a' });
    await push(h.ctx);
    await pullResource(h.ctx, 'handlers');
    const row = (await h.db.handlers.get(id))!;
    expect(row.writeOnly).toEqual({ webhook: 'https://hooks.test/a' });
    expect(rowView('handlers', row)).toMatchObject({ name: 'Hook', webhook: 'https://hooks.test/a' });
    await updateRow(h.edits, 'handlers', id, { webhook: 'https://hooks.test/b' });
    await push(h.ctx);
    expect(h.service.callsOf('handlers.update')[0]!.input.input).toEqual({ webhook: 'https://hooks.test/b' });
    expect((await h.db.handlers.get(id))!.writeOnly.webhook).toBe('https://hooks.test/b');
  });
});

describe('a listing that fails part-way changes nothing', () => {
  it('offline on a later page: the mirror keeps its rows and miss counts', async () => {
    h = harness();
    for (let i = 0; i < 2500; i++) h.service.seedLink();
    await pullResource(h.ctx, 'links');
    const before = await linkRows(h.db).count();
    h.service.fail({ match: (n, input) => n === 'links.list' && input.page === 3, error: { kind: 'offline', message: 'reset' } });
    [...h.service.rows.links.keys()].slice(0, 10).forEach((key) => h!.service.rows.links.delete(key));
    await expect(pullResource(h.ctx, 'links')).rejects.toMatchObject({ kind: 'offline' });
    expect(await linkRows(h.db).count()).toBe(before);
    expect((await linkRows(h.db).toArray()).filter((r) => r.missingCount > 0).length).toBe(0);
  });
});

describe('engine retries after backoff', () => {
  it('a 5xx on an update is retried when its backoff ends, without waiting for the interval', async () => {
    const service = new FakeService();
    const clock = manualClock();
    const db = freshDb();
    const domain = service.seedDomain({ host: 'a.example.com' });
    const engine = createSyncEngine({
      workspaceId: 'ws',
      api: service.api,
      db,
      clock,
      locks: createLocalLockManager(),
      random: () => 0,
      newId: sequentialIds(),
      intervalMs: 300_000,
    });
    await engine.start();
    await engine.idle();
    const row = (await db.domains.where('serverId').equals(domain.id).first())!;
    await updateRow({ db, clock, newId: sequentialIds() }, 'domains', row.clientId, { host: 'b.example.com' });
    service.fail({ match: only('domains.update'), error: { kind: 'server', message: 'Internal error', status: 500 } });
    await engine.syncNow();
    expect(service.rows.domains.get(domain.id)!.host).toBe('a.example.com');
    expect(engine.store.getState().pendingCount).toBe(1);
    await clock.advance(1_000); // random 0 → the 1 s floor of the first backoff
    await engine.idle();
    expect(service.rows.domains.get(domain.id)!.host).toBe('b.example.com');
    expect(engine.store.getState().pendingCount).toBe(0);
    engine.stop();
    db.close();
  });
});

describe('recreating a link deleted on the server', () => {
  it('sends everything the user saw: alias, destination, domain and remembered settings', async () => {
    h = harness();
    const domain = await createRow(h.edits, 'domains', { host: 'go.example.com' });
    const link = await createRow(h.edits, 'links', { location_url: 'https://dest.test/', url: 'keepme', domain_id: domain, clicks_limit: 9 });
    await push(h.ctx);
    await updateRow(h.edits, 'links', link, { location_url: 'https://changed.test/' });
    const serverId = (await linkRows(h.db).get(link))!.serverId!;
    h.service.rows.links.delete(serverId);
    await push(h.ctx);
    const conflict = (await h.db.outbox.toArray())[0]!;
    expect(conflict.conflict).toEqual({ type: 'deleted' });
    const { resolveConflict } = await import('../../../src-renderer/sync/resolutions.ts');
    await resolveConflict(h.edits, conflict.opId, { type: 'recreate' });
    await push(h.ctx);
    const row = (await linkRows(h.db).get(link))!;
    expect(row.serverId).not.toBe(serverId);
    const domainServerId = (await h.db.domains.get(domain))!.serverId;
    expect(h.service.callsOf('links.create').at(-1)!.input.input).toMatchObject({
      url: 'keepme',
      location_url: 'https://changed.test/',
      domain_id: domainServerId,
      clicks_limit: 9,
    });
    expect(h.service.rows.links.get(row.serverId!)).toMatchObject({ url: 'keepme', location_url: 'https://changed.test/' });
  });
});

describe('small resolutions', () => {
  it('an unknown create that never arrived and was deleted since costs nothing more', async () => {
    h = harness();
    const id = await createRow(h.edits, 'domains', { host: 'never.example.com' });
    h.service.fail({ match: only('domains.create'), error: { kind: 'timeout', message: 'No answer' } });
    await push(h.ctx);
    await deleteRow(h.edits, 'domains', id);
    await push(h.ctx);
    expect(h.service.callsOf('domains.create')).toHaveLength(1);
    expect(h.service.callsOf('domains.delete')).toHaveLength(0);
    expect(await h.db.domains.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('discarding a field conflict drops the change but keeps the row', async () => {
    h = harness();
    const domain = h.service.seedDomain({ host: 'a.example.com' });
    await pullResource(h.ctx, 'domains');
    const clientId = (await h.db.domains.toArray())[0]!.clientId;
    await updateRow(h.edits, 'domains', clientId, { host: 'mine.example.com' });
    h.service.rows.domains.get(domain.id)!.host = 'theirs.example.com';
    await push(h.ctx);
    const { resolveConflict } = await import('../../../src-renderer/sync/resolutions.ts');
    await resolveConflict(h.edits, (await h.db.outbox.toArray())[0]!.opId, { type: 'discard' });
    const row = (await h.db.domains.get(clientId))!;
    expect(rowView('domains', row).host).toBe('theirs.example.com');
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe("this client's own writes of unknown outcome are not mistaken for others' changes", () => {
  it('an update retried after a timeout that had in fact applied, then edited again, goes through', async () => {
    h = harness();
    const link = await createRow(h.edits, 'links', { location_url: 'https://dest.test/c0' });
    await push(h.ctx);
    await updateRow(h.edits, 'links', link, { location_url: 'https://dest.test/u0' });
    h.service.fail({ match: only('links.update'), error: { kind: 'timeout', message: 'No answer' }, applied: true });
    await push(h.ctx);
    await updateRow(h.edits, 'links', link, { location_url: 'https://dest.test/u1' });
    h.clock.set(h.clock.now() + 600_000);
    await push(h.ctx);
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.service.rows.links.get((await linkRows(h.db).get(link))!.serverId!)!.location_url).toBe('https://dest.test/u1');
  });

  it('an edit queued behind an update that was on the wire merges against that update', async () => {
    h = harness();
    const link = await createRow(h.edits, 'links', { location_url: 'https://dest.test/c0' });
    await push(h.ctx);
    await updateRow(h.edits, 'links', link, { location_url: 'https://dest.test/u0' });
    // the sender died after the service applied u0
    const serverId = (await linkRows(h.db).get(link))!.serverId!;
    await h.db.outbox.toCollection().modify({ state: 'sending' });
    h.service.rows.links.get(serverId)!.location_url = 'https://dest.test/u0';
    await updateRow(h.edits, 'links', link, { location_url: 'https://dest.test/u1' });
    await push(h.ctx);
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.service.rows.links.get(serverId)!.location_url).toBe('https://dest.test/u1');
  });

  it("a listing made while a create is on the wire does not add its row as someone else's", async () => {
    h = harness();
    const link = await createRow(h.edits, 'links', { location_url: 'https://dest.test/', url: 'inflight' });
    await h.db.outbox.toCollection().modify({ state: 'sending' });
    h.service.seedLink({ url: 'inflight', location_url: 'https://dest.test/' }); // it had arrived
    await pullResource(h.ctx, 'links');
    expect(await linkRows(h.db).count()).toBe(1);
    await push(h.ctx); // the sender is found dead: reconcile adopts
    expect(await linkRows(h.db).count()).toBe(1);
    expect((await linkRows(h.db).get(link))!.serverId).toBe([...h.service.rows.links.keys()][0]);
    expect(h.service.callsOf('links.create')).toHaveLength(0);
  });
});
