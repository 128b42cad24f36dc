// A window that goes away (reload, crash) while its write is on the wire: main still carries the
// request to the service. The restarted engine finds the op `sending` and settles it with a
// listing; that listing must not run before the old write settled, or it misses the row the write
// is about to make and the create is sent a second time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastClock, newIndexedDb, openSync, serverTruth, startSyncStack, type SyncStack } from '../support/sync-harness.ts';
import { rowStore } from '../../src-renderer/sync/mirror/link-rows.ts';
import { patient } from '../support/patience.ts';

const LATENCY_MS = 1_500;
let stack: SyncStack;
beforeAll(async () => {
  stack = await startSyncStack({ proxy: { seed: 11, kinds: ['latency'], latencyMs: LATENCY_MS } });
});
afterAll(() => stack.close());

async function untilSending(db: { outbox: { toArray(): Promise<{ state: string }[]> } }): Promise<void> {
  const sending = async () => (await db.outbox.toArray()).some((op) => op.state === 'sending');
  await vi.waitFor(async () => expect(await sending(), 'the op went out').toBe(true), { ...patient, interval: 5 });
}

describe('restart while a write is in flight', () => {
  for (const resource of ['handlers', 'links'] as const) {
    it(`${resource}: the restarted engine adopts the row the old write made, and sends nothing twice`, async () => {
      const idb = newIndexedDb();
      const options = { autoStart: false, clock: fastClock(), random: () => 0.5 };
      const first = await openSync(stack, idb, options);
      const name = `in-flight-${resource}`;
      const id =
        resource === 'handlers'
          ? await first.handlers.create({ name, type: 'email', email: 'flight@example.com' })
          : await first.links.create({ location_url: 'https://example.com/flight', url: name });
      const delayed = stack.proxy!.stats.latency;
      stack.proxy!.setFaultRate(1); // every request now waits LATENCY_MS at the proxy before it goes on
      void first.syncNow().catch(() => undefined);
      await untilSending(first.db);
      // The POST is on the wire: the proxy holds it for its latency.
      await vi.waitFor(() => expect(stack.proxy!.stats.latency).toBeGreaterThan(delayed), patient);
      first.close(); // the window goes away; main still carries the POST
      stack.proxy!.setFaultRate(0); // the new engine's requests are quick: without a fence it lists first

      const second = await openSync(stack, idb, options);
      try {
        await second.syncNow();
        await stack.proxy!.settled(); // the old write has landed, fence or not
        await second.syncNow();
        const truth = await serverTruth(stack.direct);
        const made = resource === 'handlers' ? truth.handlers.filter((h) => h.name === name) : truth.links.filter((l) => l.url === name);
        expect(made).toHaveLength(1);
        expect(await second.db.outbox.toArray()).toEqual([]);
        expect((await rowStore(second.db, resource).get(id))!.serverId).toBe(made[0]!.id);
      } finally {
        second.close();
      }
    });
  }
});
