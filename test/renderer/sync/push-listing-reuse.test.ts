// A listing made for a backlog of updates stands in for reading each row, but only until the op's
// own write went out: a write applied with its answer lost changes the row after the listing.
// Issue #15's lost edit: a domain's is_enabled set back to false by the user was dropped because
// the retry merged against the listing, which still showed the value from before the first write.
import { afterEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../../src-preload/contract/index.ts';
import { updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { push } from '../../../src-renderer/sync/push.ts';
import { harness, type Harness } from './helpers.ts';

let h: Harness;
afterEach(() => h?.db.close());

/** Two domains in the mirror; the first starts disabled. */
async function twoDomains() {
  h = harness();
  h.ctx.freshListings = new Map();
  const first = h.service.seedDomain({ host: 'a.example.com', is_enabled: false });
  h.service.seedDomain({ host: 'b.example.com' });
  await pullResource(h.ctx, 'domains');
  const rows = await h.db.domains.toArray();
  return { first, a: rows.find((r) => r.serverId === first.id)!, b: rows.find((r) => r.serverId !== first.id)! };
}

const updateOf = (id: number) => (name: CallName, input: Record<string, unknown>) => name === 'domains.update' && input.id === id;

describe('a listing reused for a backlog of updates', () => {
  it('is not trusted by a retry whose first write may have been applied: the value set back reaches the service', async () => {
    const { first, a, b } = await twoDomains();
    await updateRow(h.edits, 'domains', a.clientId, { is_enabled: true });
    await updateRow(h.edits, 'domains', b.clientId, { custom_index_url: 'https://b.test/' });
    // Two updates on a one-page resource: one listing instead of two reads. The first write is
    // applied, its answer lost (502 after the service committed it).
    h.service.fail({ match: updateOf(first.id), error: { kind: 'server', message: 'Bad gateway', status: 502 }, applied: true });
    await push(h.ctx);
    expect(h.counter.snapshot()).toMatchObject({ list: 2, get: 0, update: 2 });
    expect(h.service.rows.domains.get(first.id)!.is_enabled).toBe(true);
    // The user turns it off again before the retry (the op coalesces: base false, value false).
    await updateRow(h.edits, 'domains', a.clientId, { is_enabled: false });
    h.clock.set(h.clock.now() + 10_000); // past the backoff, well within the listing's 10 minutes
    await push(h.ctx);
    // The retry reads the row (the listing showed false: "nothing to send"); the service has the user's value.
    expect(h.counter.snapshot()).toMatchObject({ get: 1, update: 3 });
    expect(h.service.rows.domains.get(first.id)!.is_enabled).toBe(false);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('still stands for the backlog ops that have not been written yet', async () => {
    const { a, b } = await twoDomains();
    await updateRow(h.edits, 'domains', a.clientId, { custom_index_url: 'https://a.test/' });
    await updateRow(h.edits, 'domains', b.clientId, { custom_index_url: 'https://b.test/' });
    // The window allows the listing and one write; the other goes on the same listing next window.
    h.service.emitRateLimit({ limit: 60, remaining: 2, resetAt: h.clock.now() + 60_000 });
    h.counter.reset();
    expect(await push(h.ctx)).toMatchObject({ stoppedBy: 'rate-limited' });
    h.clock.set(h.clock.now() + 60_000);
    await push(h.ctx);
    expect(h.counter.snapshot()).toMatchObject({ list: 1, get: 0, update: 2 });
  });
});
