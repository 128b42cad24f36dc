// "Online" is true within seconds: a quiet app notices the service went away (heartbeat), notices
// it is back within 30 s however long the outage (probe backoff capped), follows the system's
// offline/online events at once, and never spends a request the rate window cannot spare.
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractApi } from '../../../src-renderer/contract/contract-client.ts';
import type { WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import { FakeService } from './fake-service.ts';
import { openEngineOverFake, settle, type ManualClock } from './helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function setup(service = new FakeService(), api?: ContractApi): Promise<{ ws: WorkspaceSync; service: FakeService; clock: ManualClock }> {
  const { ws, clock } = await openEngineOverFake(service, api ? { api } : {});
  cleanups.push(() => ws.close());
  return { ws, service, clock };
}

/** Advances virtual time a second at a time until `condition` holds; returns the ms it took. */
async function msUntil(clock: ManualClock, condition: () => boolean, limitMs: number): Promise<number> {
  for (let ms = 0; ms <= limitMs; ms += 1_000) {
    await settle();
    if (condition()) return ms;
    await clock.advance(1_000);
  }
  return Number.POSITIVE_INFINITY;
}

describe('connection monitor', () => {
  it('notices within 30 s that the service went away while nothing was being sent', async () => {
    const { ws, service, clock } = await setup();
    expect(ws.store.getState().connection).toBe('online');
    service.offline = true;
    const took = await msUntil(clock, () => ws.store.getState().connection === 'offline', 120_000);
    expect(took).toBeLessThanOrEqual(31_000);
    expect(ws.store.getState().lastError).toBe('unreachable');
  });

  it('notices within 30 s that the service is back after a 6-minute outage', async () => {
    const { ws, service, clock } = await setup();
    service.offline = true;
    await msUntil(clock, () => ws.store.getState().connection === 'offline', 60_000);
    await clock.advance(6 * 60_000);
    await settle();
    service.offline = false;
    const backAt = clock.now();
    const took = await msUntil(clock, () => ws.store.getState().connection === 'online', 120_000);
    expect(took).toBeLessThanOrEqual(31_000);
    // Back online, it syncs: the reconnect cycle lists again.
    await ws.engine.idle();
    expect(ws.store.getState().lastPullAt).toBeGreaterThanOrEqual(backAt);
  });

  it('follows the system: offline at once, and asks the service the moment the network is back', async () => {
    const { ws, service } = await setup();
    ws.notifyOffline();
    expect(ws.store.getState().connection).toBe('offline');
    expect(ws.store.getState().lastError).toBe('This computer is offline.');
    const before = service.callsOf('workspaces.testConnection').length;
    ws.notifyOnline();
    await settle();
    expect(service.callsOf('workspaces.testConnection').length).toBe(before + 1);
    expect(ws.store.getState().connection).toBe('online');
  });

  it('costs at most one request per 30 quiet seconds, and none while the rate window has no room for background work', async () => {
    const { ws, service, clock } = await setup();
    const checks = () => service.callsOf('workspaces.testConnection').length;
    const start = checks();
    await clock.advance(120_000);
    await settle();
    expect(checks() - start).toBeGreaterThanOrEqual(3);
    expect(checks() - start).toBeLessThanOrEqual(4);
    service.emitRateLimit({ workspaceId: 'ws', limit: 60, remaining: 3, resetAt: clock.now() + 4 * 60_000 });
    const spent = checks();
    await clock.advance(120_000);
    await settle();
    expect(checks()).toBe(spent);
    expect(ws.store.getState().connection).toBe('online');
  });

  describe('an answer to a request sent before the service was known gone', () => {
    /** The service's answer to the next domain listing, held until the test lets it go. */
    function slowNextListing(service: FakeService): { api: ContractApi; hold: () => void; release: () => void } {
      let armed = false;
      let waiting: (() => void) | null = null;
      const api: ContractApi = {
        async call(name, input) {
          const held = name === 'domains.list' && armed;
          if (held) armed = false;
          const answer = await service.api.call(name, input);
          if (held) await new Promise<void>((resolve) => (waiting = resolve));
          return answer;
        },
        on: (event, listener) => service.api.on(event, listener),
      };
      return { api, hold: () => (armed = true), release: () => waiting?.() };
    }
    const listDomains = (ws: WorkspaceSync) =>
      ws.engine.ctx.api.call('domains.list', { workspaceId: 'ws', priority: 'interactive', page: 1, resultsPerPage: 10 });

    it('does not say Online when a later request found the service gone', async () => {
      const service = new FakeService();
      const { api, hold, release } = slowNextListing(service);
      const { ws, clock } = await setup(service, api);
      hold();
      const slow = listDomains(ws);
      await settle();
      service.offline = true;
      await expect(ws.engine.ctx.api.call('links.list', { workspaceId: 'ws', priority: 'interactive', page: 1, resultsPerPage: 10 })).rejects.toThrow();
      expect(ws.store.getState().connection).toBe('offline');
      release();
      await slow;
      await settle();
      expect(ws.store.getState().connection).toBe('offline');
      // The probe still finds the service once it is back.
      service.offline = false;
      expect(await msUntil(clock, () => ws.store.getState().connection === 'online', 60_000)).toBeLessThanOrEqual(31_000);
    });

    it('does not say Online after the system said this computer is offline', async () => {
      const service = new FakeService();
      const { api, hold, release } = slowNextListing(service);
      const { ws } = await setup(service, api);
      hold();
      const slow = listDomains(ws);
      await settle();
      ws.notifyOffline();
      release();
      await slow;
      await settle();
      expect(ws.store.getState().connection).toBe('offline');
    });

    it('a request sent after the failure that reaches the service says Online', async () => {
      const service = new FakeService();
      const { ws } = await setup(service);
      service.offline = true;
      await expect(listDomains(ws)).rejects.toThrow();
      expect(ws.store.getState().connection).toBe('offline');
      service.offline = false;
      await listDomains(ws);
      expect(ws.store.getState().connection).toBe('online');
    });
  });
});
