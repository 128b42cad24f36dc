import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { flushClickJournal, JOURNAL_CHUNK, JOURNAL_PREFIX, journalClickSamples } from '../../../src-renderer/sync/mirror/click-journal.ts';
import { clickSamplesOf } from '../../../src-renderer/sync/mirror/click-samples.ts';
import type { ClickSample } from '../../../src-renderer/sync/mirror/rows.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { harness, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

let h: Harness;
afterEach(() => h?.db.close());

const journalCount = () => h.db.syncState.where('key').startsWith(JOURNAL_PREFIX).count();
const clientIdOf = async (serverId: number) => (await linkRows(h.db).withServerId(serverId))[0]!.clientId;

const samplesOf = async (serverId: number) => (await clickSamplesOf(h.db, await clientIdOf(serverId))).map((s) => s.clicks);

// Journals are what older builds left; pulls now keep samples on the rows (click-samples.test.ts).
describe('click journal of older builds', () => {
  it('journals in chunks and writes out only samples of links that still exist', async () => {
    h = harness();
    const [a, b] = [h.service.seedLink({ clicks: 1 }), h.service.seedLink({ clicks: 2 })];
    await pullResource(h.ctx, 'links');
    const [idA, idB] = [await clientIdOf(a.id), await clientIdOf(b.id)];
    const at = h.clock.now() + 1000;
    const samples: ClickSample[] = [
      { clientId: idA, serverId: a.id, at, clicks: 5 },
      ...Array.from({ length: JOURNAL_CHUNK }, (_, i) => ({ clientId: `no-such-row-${i}`, serverId: 1000 + i, at, clicks: i })),
      { clientId: idB, serverId: b.id, at, clicks: 6 },
    ];
    await h.db.transaction('rw', h.db.syncState, () => journalClickSamples(h.db, 'p1', at, samples));
    expect(await journalCount()).toBe(2);
    await linkRows(h.db).delete(idB);

    expect(await flushClickJournal(h.db)).toBe(1);
    expect(await clickSamplesOf(h.db, idA)).toMatchObject([{ clicks: 1 }, { clicks: 5, at }]);
    expect(await h.db.clickSamples.where('serverId').equals(b.id).count()).toBe(0);
    expect(await h.db.clickSamples.where('serverId').aboveOrEqual(1000).count()).toBe(0);
    expect(await journalCount()).toBe(0);
    expect(await flushClickJournal(h.db)).toBe(0);
  });

  it('a journal a crash left is written out by the next pull, never for a row that pull removed', async () => {
    h = harness();
    const kept = h.service.seedLink({ clicks: 1 });
    const dropped = h.service.seedLink({ clicks: 2 });
    await pullResource(h.ctx, 'links');
    const [idKept, idDropped] = [await clientIdOf(kept.id), await clientIdOf(dropped.id)];
    h.service.rows.links.delete(dropped.id);
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links'); // first miss: the row stays
    expect(await linkRows(h.db).get(idDropped)).toBeDefined();
    // The crash: a pull's transaction committed its journal, the write-out never ran.
    const crashedAt = h.clock.now() + 500;
    await h.db.transaction('rw', h.db.syncState, () =>
      journalClickSamples(h.db, 'crashed', crashedAt, [
        { clientId: idKept, serverId: kept.id, at: crashedAt, clicks: 7 },
        { clientId: idDropped, serverId: dropped.id, at: crashedAt, clicks: 8 },
      ]),
    );
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links'); // second miss: the row and all its samples go
    expect(await journalCount()).toBe(0);
    expect(await linkRows(h.db).get(idDropped)).toBeUndefined();
    expect(await h.db.clickSamples.where('serverId').equals(dropped.id).count()).toBe(0);
    expect(await samplesOf(kept.id)).toEqual([1, 7]);
  });

  it('a journal a crash left is written out even when the next listing fails (offline)', async () => {
    h = harness();
    const link = h.service.seedLink({ clicks: 1 });
    await pullResource(h.ctx, 'links');
    const clientId = await clientIdOf(link.id);
    const at = h.clock.now() + 500;
    await h.db.transaction('rw', h.db.syncState, () => journalClickSamples(h.db, 'crashed', at, [{ clientId, serverId: link.id, at, clicks: 4 }]));
    h.service.offline = true;
    await expect(pullResource(h.ctx, 'links')).rejects.toMatchObject({ data: { kind: 'offline' } });
    expect(await journalCount()).toBe(0);
    expect(await samplesOf(link.id)).toEqual([1, 4]);
  });

  it('deletes again the samples of a link deleted while they were being written out', async () => {
    h = harness();
    const [a, b] = [h.service.seedLink(), h.service.seedLink()];
    await pullResource(h.ctx, 'links');
    const [idA, idB] = [await clientIdOf(a.id), await clientIdOf(b.id)];
    const at = h.clock.now() + 1000;
    await h.db.transaction('rw', h.db.syncState, () =>
      journalClickSamples(h.db, 'p2', at, [
        { clientId: idA, serverId: a.id, at, clicks: 3 },
        { clientId: idB, serverId: b.id, at, clicks: 4 },
      ]),
    );
    // The link is deleted (push confirmed it) just after its samples were written out: its own
    // transaction, queued before the flush's final read of the link keys.
    const bulkPut = h.db.clickSamples.bulkPut.bind(h.db.clickSamples);
    h.db.clickSamples.bulkPut = (async (...args: Parameters<typeof bulkPut>) => {
      const result = await bulkPut(...args);
      void Dexie.ignoreTransaction(() => linkRows(h.db).delete(idB));
      return result;
    }) as typeof bulkPut;
    await flushClickJournal(h.db);
    expect(await linkRows(h.db).get(idB)).toBeUndefined();
    expect(await h.db.clickSamples.where('serverId').equals(b.id).count()).toBe(0);
    expect(await clickSamplesOf(h.db, idA)).toMatchObject([{ clicks: 0 }, { clicks: 3 }]);
  });
});
