// A delete the user may undo waits in the outbox: nothing reaches the service before its hold
// ends, Undo (discard) brings the row back with its other pending edits untouched, and "Sync now"
// lets it go at once.
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import { FakeService } from './fake-service.ts';
import { openEngineOverFake, settle, type ManualClock } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function setup(): Promise<{ ws: WorkspaceSync; service: FakeService; clock: ManualClock; clientId: string; serverId: number }> {
  const service = new FakeService();
  const link = service.seedLink({ url: 'keep-me' });
  const { ws, clock } = await openEngineOverFake(service, { heartbeatMs: 0 });
  cleanups.push(() => ws.close());
  const row = (await linkRows(ws.db).toArray()).find((r) => r.serverId === link.id)!;
  return { ws, service, clock, clientId: row.clientId, serverId: link.id };
}

describe('held deletes', () => {
  it('reach the service only once the hold is over', async () => {
    const { ws, service, clock, clientId, serverId } = await setup();
    const opId = await ws.links.delete(clientId, { holdMs: 10_000 });
    expect(opId).not.toBeNull();
    await clock.advance(9_000);
    await settle();
    await ws.engine.idle();
    expect(service.rows.links.has(serverId)).toBe(true);
    await clock.advance(2_000);
    await settle();
    await ws.engine.idle();
    expect(service.rows.links.has(serverId)).toBe(false);
    expect(await ws.db.outbox.count()).toBe(0);
  });

  it('undone within the hold, leave the row and its pending edit as they were', async () => {
    const { ws, service, clock, clientId, serverId } = await setup();
    service.offline = true;
    await ws.links.update(clientId, { location_url: 'https://kept.example/', email_reports: [] });
    const opId = (await ws.links.delete(clientId, { holdMs: 10_000 }))!;
    expect((await linkRows(ws.db).get(clientId))!.deletedLocally).toBe(true);
    await ws.discard(opId);
    const row = (await linkRows(ws.db).get(clientId))!;
    expect(row.deletedLocally).toBe(false);
    expect(row.local).toEqual({ location_url: 'https://kept.example/', email_reports: [] });
    service.offline = false;
    await clock.advance(20_000);
    await settle();
    await ws.syncNow();
    expect(service.rows.links.get(serverId)?.location_url).toBe('https://kept.example/');
  });

  it('go at once on Sync now', async () => {
    const { ws, service, clientId, serverId } = await setup();
    await ws.links.delete(clientId, { holdMs: 60_000 });
    await ws.syncNow();
    expect(service.rows.links.has(serverId)).toBe(false);
  });

  it('of a link the service has not created yet drop it: nothing to hold', async () => {
    const { ws, service } = await setup();
    service.offline = true;
    const id = await ws.links.create({ location_url: 'https://new.example/' });
    expect(await ws.links.delete(id, { holdMs: 10_000 })).toBeNull();
    expect(await linkRows(ws.db).get(id)).toBeUndefined();
    expect(await ws.db.outbox.count()).toBe(0);
  });
});
