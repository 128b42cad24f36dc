import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_PREFIX } from '../../../src-renderer/sync/mirror/click-journal.ts';
import { clickSamplesOf, clickSamplesOfMany, ROW_SAMPLES_MAX } from '../../../src-renderer/sync/mirror/click-samples.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { harness, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

let h: Harness;
afterEach(() => h?.db.close());

const clientIdOf = async (serverId: number) => (await linkRows(h.db).withServerId(serverId))[0]!.clientId;

describe('click samples on the rows', () => {
  it('a first pull stores every link with its first sample in the same write: no sample records, nothing left to write out', async () => {
    h = harness();
    const count = 2500;
    for (let i = 0; i < count; i++) h.service.seedLink({ clicks: i });
    await pullResource(h.ctx, 'links');
    expect(await h.db.clickSamples.count()).toBe(0);
    expect(await h.db.syncState.where('key').startsWith(JOURNAL_PREFIX).count()).toBe(0);
    const rows = await linkRows(h.db).toArray();
    expect(rows.every((row) => row.samples?.at.length === 1 && row.samples.clicks[0] === row.base?.clicks)).toBe(true);
    const last = h.service.rows.links.get(count)!;
    expect(await clickSamplesOf(h.db, await clientIdOf(last.id))).toEqual([
      { clientId: await clientIdOf(last.id), serverId: last.id, at: h.clock.now(), clicks: last.clicks },
    ]);
  });

  it('a sample is taken only when the count changed, and its row is rewritten with it', async () => {
    h = harness();
    const link = h.service.seedLink({ clicks: 3 });
    const still = h.service.seedLink({ clicks: 1 });
    await pullResource(h.ctx, 'links');
    const stillRow = (await linkRows(h.db).get(await clientIdOf(still.id)))!;
    await h.clock.advance(60_000);
    link.clicks = 4;
    await pullResource(h.ctx, 'links');
    expect((await clickSamplesOf(h.db, await clientIdOf(link.id))).map((s) => s.clicks)).toEqual([3, 4]);
    // Unchanged: not rewritten at all.
    expect(await linkRows(h.db).get(stillRow.clientId)).toEqual(stillRow);
  });

  it('a row keeps its recent samples; older ones move to sample records in the same pull, none lost', async () => {
    h = harness();
    const link = h.service.seedLink({ clicks: 0 });
    const pulls = ROW_SAMPLES_MAX + 5;
    for (let i = 0; i < pulls; i++) {
      link.clicks = i + 1;
      await pullResource(h.ctx, 'links');
      await h.clock.advance(60_000);
    }
    const clientId = await clientIdOf(link.id);
    const row = (await linkRows(h.db).get(clientId))!;
    expect(row.samples!.at.length).toBeLessThanOrEqual(ROW_SAMPLES_MAX);
    expect(await h.db.clickSamples.count()).toBeGreaterThan(0);
    const all = await clickSamplesOf(h.db, clientId);
    expect(all.map((s) => s.clicks)).toEqual(Array.from({ length: pulls }, (_, i) => i + 1));
    expect((await clickSamplesOf(h.db, clientId, 3)).map((s) => s.clicks)).toEqual([pulls - 2, pulls - 1, pulls]);
    expect((await clickSamplesOfMany(h.db, [clientId, 'no-such-row'], 2)).get('no-such-row')).toEqual([]);
  });

  it('samples an older build stored as records read together with the row’s own, and go with the row', async () => {
    h = harness();
    const link = h.service.seedLink({ clicks: 5 });
    await pullResource(h.ctx, 'links');
    const clientId = await clientIdOf(link.id);
    await h.db.clickSamples.bulkPut([{ clientId, serverId: link.id, at: h.clock.now() - 120_000, clicks: 2 }]);
    expect((await clickSamplesOf(h.db, clientId)).map((s) => s.clicks)).toEqual([2, 5]);
    h.service.rows.links.delete(link.id);
    for (let i = 0; i < 2; i++) {
      await h.clock.advance(60_000);
      await pullResource(h.ctx, 'links');
    }
    expect(await linkRows(h.db).get(clientId)).toBeUndefined();
    expect(await h.db.clickSamples.count()).toBe(0);
    expect(await clickSamplesOf(h.db, clientId)).toEqual([]);
  });
});
