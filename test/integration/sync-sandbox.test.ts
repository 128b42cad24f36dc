// The sync engine against the real sandbox through main's real call router and service client.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { checkConvergence, fastClock, newIndexedDb, openSync, serverTruth, startSyncStack, type SyncStack } from '../support/sync-harness.ts';
import { linkRows } from '../../src-renderer/sync/mirror/link-rows.ts';
import { patient } from '../support/patience.ts';

let stack: SyncStack;
beforeAll(async () => {
  // Faults are off unless a test turns them on; the only kind drawn is a lost answer.
  stack = await startSyncStack({ proxy: { seed: 7, kinds: ['drop-response'] } });
});
afterAll(() => stack.close());

const open: WorkspaceSync[] = [];
async function engine(idb = newIndexedDb()) {
  const ws = await openSync(stack, idb, { autoStart: false, clock: fastClock(), random: () => 0 });
  open.push(ws);
  return ws;
}
afterAll(() => {
  for (const ws of open) ws.close();
});

async function converged(ws: WorkspaceSync) {
  const result = await checkConvergence(ws.db, await serverTruth(stack.direct));
  expect(result.differences).toEqual([]);
  expect(result.unsettled).toEqual([]);
  return result;
}

describe('sync engine against the sandbox', () => {
  it('creates a domain, a handler and a link that references both by client id, offline first', async () => {
    const ws = await engine();
    const domain = await ws.domains.create({ host: 'go.sync-one.example' });
    const handler = await ws.handlers.create({ name: 'Reports one', type: 'email', email: 'one@example.com' });
    const link = await ws.links.create({ location_url: 'https://example.com/one', url: 'one', domain_id: domain, email_reports: [handler] });
    const result = await ws.syncNow();
    expect(result.stoppedBy).toBeNull();
    expect(result.push?.completed).toBe(3);

    const truth = await serverTruth(stack.direct);
    const serverDomain = truth.domains.find((d) => d.host === 'go.sync-one.example')!;
    const serverLink = truth.links.find((l) => l.url === 'one')!;
    expect(serverLink).toMatchObject({ location_url: 'https://example.com/one', domain_id: serverDomain.id });
    expect((await linkRows(ws.db).get(link))!.serverId).toBe(serverLink.id);
    expect((await ws.db.domains.get(domain))!.serverId).toBe(serverDomain.id);
    expect((await ws.db.handlers.get(handler))!.serverId).toBe(truth.handlers.find((h) => h.name === 'Reports one')!.id);
    await ws.syncNow();
    await converged(ws);
  });

  it('pushes updates and deletes of all three resources, and a second engine sees the result', async () => {
    const ws = await engine();
    await ws.syncNow();
    const linkRow = (await linkRows(ws.db).toArray()).find((r) => r.base?.url === 'one')!;
    const domainRow = (await ws.db.domains.toArray()).find((r) => r.base?.host === 'go.sync-one.example')!;
    const handlerRow = (await ws.db.handlers.toArray()).find((r) => r.base?.name === 'Reports one')!;
    await ws.links.update(linkRow.clientId, { location_url: 'https://example.com/one-changed', sensitive_content: true });
    await ws.domains.update(domainRow.clientId, { custom_index_url: 'https://example.com/index' });
    await ws.handlers.update(handlerRow.clientId, { email: 'two@example.com' });
    await ws.syncNow();
    const truth = await serverTruth(stack.direct);
    expect(truth.links.find((l) => l.id === linkRow.serverId)).toMatchObject({
      location_url: 'https://example.com/one-changed',
      settings: { sensitive_content: true },
    });
    expect(truth.domains.find((d) => d.id === domainRow.serverId)?.custom_index_url).toBe('https://example.com/index');
    expect(truth.handlers.find((h) => h.id === handlerRow.serverId)?.settings.email).toBe('two@example.com');
    await converged(ws);

    const other = await engine();
    await other.syncNow();
    await converged(other);

    await ws.links.delete(linkRow.clientId);
    await ws.handlers.delete(handlerRow.clientId);
    await ws.syncNow();
    const after = await serverTruth(stack.direct);
    expect(after.links.some((l) => l.id === linkRow.serverId)).toBe(false);
    expect(after.handlers.some((h) => h.id === handlerRow.serverId)).toBe(false);
    await converged(ws);
    // The other engine drops the rows after two listings without them.
    await other.syncNow();
    await other.syncNow();
    await converged(other);
  });

  it('merges a remote change with a local one on different fields, and stops on a real conflict', async () => {
    const ws = await engine();
    const id = await ws.links.create({ location_url: 'https://example.com/merge', url: 'merge-me' });
    await ws.syncNow();
    const serverId = (await linkRows(ws.db).get(id))!.serverId!;
    await ws.syncNow(); // real base from a listing

    await stack.direct.resource('links').update(serverId, { sensitive_content: true, email_reports: [] });
    await ws.links.update(id, { location_url: 'https://example.com/merge-local' });
    await ws.syncNow();
    let server = (await serverTruth(stack.direct)).links.find((l) => l.id === serverId)!;
    expect(server).toMatchObject({ location_url: 'https://example.com/merge-local', settings: { sensitive_content: true } });
    await converged(ws);

    await stack.direct.resource('links').update(serverId, { location_url: 'https://example.com/theirs', email_reports: [] });
    await ws.links.update(id, { location_url: 'https://example.com/mine' });
    await ws.syncNow();
    const conflicts = ws.store.getState().conflicts;
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.conflict).toMatchObject({
      type: 'fields',
      fields: [{ field: 'location_url', mine: 'https://example.com/mine', theirs: 'https://example.com/theirs' }],
    });
    await ws.resolveConflict(conflicts[0]!.opId, { type: 'fields', choices: { location_url: 'mine' } });
    await ws.syncNow();
    server = (await serverTruth(stack.direct)).links.find((l) => l.id === serverId)!;
    expect(server.location_url).toBe('https://example.com/mine');
    await converged(ws);
  });

  it('a create whose answer is lost is adopted from the listing, never sent twice', async () => {
    const ws = await engine();
    await ws.syncNow();
    const id = await ws.domains.create({ host: 'lost-answer.example' });
    stack.proxy!.setFaultRate(1);
    const first = await ws.syncNow();
    stack.proxy!.setFaultRate(0);
    expect(first.push?.completed).toBe(0);
    const op = (await ws.db.outbox.toArray())[0]!;
    expect(op).toMatchObject({ kind: 'create', state: 'unknown' });
    await ws.syncNow();
    await ws.syncNow();
    const truth = await serverTruth(stack.direct);
    expect(truth.domains.filter((d) => d.host === 'lost-answer.example')).toHaveLength(1);
    expect((await ws.db.domains.get(id))!.serverId).toBe(truth.domains.find((d) => d.host === 'lost-answer.example')!.id);
    await converged(ws);
  });

  // Three waits for the engine's own work: room for each to be slow on a busy machine.
  it('on its own clock: edits made offline wait, go out once the service is reachable again, once', { timeout: 60_000 }, async () => {
    const ws = await openSync(stack, newIndexedDb(), { clock: fastClock(), random: () => 0 });
    open.push(ws);
    await ws.engine.idle();
    stack.proxy!.setOffline(true);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await ws.links.create({ location_url: `https://example.com/offline/${i}`, url: `offline-${i}` }));
    await waitFor(() => ws.store.getState().connection === 'offline');
    // The count follows the edits (each starts a refresh of it, not waited for): all five wait.
    await waitFor(() => ws.store.getState().pendingCount === 5);
    stack.proxy!.setOffline(false);
    ws.notifyOnline();
    await waitFor(async () => (await ws.db.outbox.count()) === 0);
    await ws.engine.idle();
    const truth = await serverTruth(stack.direct);
    for (let i = 0; i < 5; i++) expect(truth.links.filter((l) => l.url === `offline-${i}`)).toHaveLength(1);
    expect(ws.store.getState()).toMatchObject({ connection: 'online', pendingCount: 0, failures: [] });
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  await vi.waitFor(async () => expect(await condition()).toBe(true), { ...patient, interval: 10 });
}
