import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../../src-preload/contract/index.ts';
import { createRow, updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { ListingUnstableError, listAll } from '../../../src-renderer/sync/listing.ts';
import { linkRows, type LinkPageKeys } from '../../../src-renderer/sync/mirror/link-rows.ts';
import { PAGE_SIZE } from '../../../src-renderer/sync/listing.ts';
import { clickSamplesOf } from '../../../src-renderer/sync/mirror/click-samples.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { harness, type Harness } from './helpers.ts';

let h: Harness;
afterEach(() => h?.db.close());

describe('listing', () => {
  it('reads N rows with ceil(N/1000) list requests at 1,000 per page', async () => {
    h = harness();
    for (let i = 0; i < 2500; i++) h.service.seedLink();
    const listing = await listAll(h.ctx, 'links');
    expect(listing.rows).toHaveLength(2500);
    expect(h.counter.snapshot().list).toBe(3);
    expect(h.service.callsOf('links.list').map((c) => c.input.resultsPerPage)).toEqual([1000, 1000, 1000]);
  });

  it('an empty resource costs one request', async () => {
    h = harness();
    await pullResource(h.ctx, 'domains');
    expect(h.counter.snapshot()).toMatchObject({ list: 1 });
  });

  it('has main read the pages after the first, as many at once as configured', async () => {
    h = harness({ pageConcurrency: 3 });
    for (let i = 0; i < 5200; i++) h.service.seedLink();
    const listing = await listAll(h.ctx, 'links');
    expect(listing.rows).toHaveLength(5200);
    // Page 1 tells how many there are; main reads the rest (src-main/service/listing-streams.ts).
    expect(h.service.callsOf('listing.start').map((c) => c.input)).toEqual([
      { workspaceId: 'ws', priority: 'background', resource: 'links', pages: [2, 3, 4, 5, 6], resultsPerPage: 1000, concurrency: 3 },
    ]);
    expect(h.service.callsOf('links.list').map((c) => c.input.page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(h.counter.snapshot().list).toBe(6);
  });

  it('reads the missing pages again when main lost the listing (it restarted), and gives up after a few', async () => {
    h = harness({ pageConcurrency: 2 });
    for (let i = 0; i < 3500; i++) h.service.seedLink();
    let lost = 0;
    h.service.beforeCall = (name) => {
      if (name === 'listing.next' && lost++ === 1) throw new CallError({ kind: 'not-found', message: 'That listing is over (or main restarted): list again.' });
    };
    const listing = await listAll(h.ctx, 'links');
    expect(listing.rows).toHaveLength(3500);
    // Pages 2 and 3 came before main lost it; page 4 was read by a second listing.
    expect(h.service.callsOf('listing.start').map((c) => c.input.pages)).toEqual([[2, 3, 4], [4]]);
    expect(h.service.callsOf('links.list').map((c) => c.input.page)).toEqual([1, 2, 3, 4]);

    h.service.beforeCall = (name) => {
      if (name === 'listing.next') throw new CallError({ kind: 'not-found', message: 'That listing is over (or main restarted): list again.' });
    };
    await expect(listAll(h.ctx, 'links')).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('restarts when total changes mid-listing, and dedupes rows that shifted pages', async () => {
    h = harness();
    for (let i = 0; i < 1500; i++) h.service.seedLink();
    let injected = false;
    h.service.beforeCall = (name, input) => {
      if (name === 'links.list' && input.page === 2 && !injected) {
        injected = true;
        h.service.seedLink({ url: 'added-mid-listing' });
      }
    };
    const listing = await listAll(h.ctx, 'links');
    expect(listing.restarts).toBe(1);
    expect(listing.rows).toHaveLength(1501);
    expect(new Set(listing.rows.map((r) => r.id)).size).toBe(1501);
    expect(h.counter.snapshot().list).toBe(4);
  });

  it('gives up (to retry later) when the listing never holds still', async () => {
    h = harness();
    for (let i = 0; i < 1200; i++) h.service.seedLink();
    h.service.beforeCall = (name, input) => {
      if (name === 'links.list' && input.page === 2) h.service.seedLink();
    };
    await expect(listAll(h.ctx, 'links')).rejects.toBeInstanceOf(ListingUnstableError);
  });

  it('dedupes by id when a row appears on two pages', async () => {
    h = harness();
    for (let i = 0; i < 1001; i++) h.service.seedLink();
    const first = [...h.service.rows.links.values()][0]!;
    const inner = h.service.api.call;
    h.service.api.call = (async (name: string, input: { page?: number }) => {
      const result = (await inner(name as never, input as never)) as { data: unknown[] };
      if (name === 'links.list' && input.page === 2) result.data.push(structuredClone(first));
      return result;
    }) as typeof inner;
    const listing = await listAll({ ...h.ctx, api: h.service.api }, 'links');
    expect(listing.rows).toHaveLength(1001);
  });
});

describe('applying a listing to the mirror', () => {
  it('adds rows, then removes one only after two complete listings without it', async () => {
    h = harness();
    const a = h.service.seedDomain({ host: 'a.example.com' });
    h.service.seedDomain({ host: 'b.example.com' });
    await pullResource(h.ctx, 'domains');
    expect(await h.db.domains.count()).toBe(2);
    h.service.rows.domains.delete(a.id);
    const first = await pullResource(h.ctx, 'domains');
    expect(first.removed).toBe(0);
    expect((await h.db.domains.where('serverId').equals(a.id).first())?.missingCount).toBe(1);
    const second = await pullResource(h.ctx, 'domains');
    expect(second.removed).toBe(1);
    expect(await h.db.domains.where('serverId').equals(a.id).count()).toBe(0);
  });

  it('a row that reappears after one miss is kept and its miss count reset', async () => {
    h = harness();
    const a = h.service.seedDomain();
    await pullResource(h.ctx, 'domains');
    h.service.rows.domains.delete(a.id);
    await pullResource(h.ctx, 'domains');
    h.service.rows.domains.set(a.id, a);
    await pullResource(h.ctx, 'domains');
    await pullResource(h.ctx, 'domains');
    expect((await h.db.domains.where('serverId').equals(a.id).first())?.missingCount).toBe(0);
  });

  it('a missing row with a pending operation is never removed', async () => {
    h = harness();
    const a = h.service.seedDomain({ host: 'a.example.com' });
    await pullResource(h.ctx, 'domains');
    const row = (await h.db.domains.where('serverId').equals(a.id).first())!;
    await updateRow(h.edits, 'domains', row.clientId, { host: 'z.example.com' });
    h.service.rows.domains.delete(a.id);
    for (let i = 0; i < 3; i++) await pullResource(h.ctx, 'domains');
    expect((await h.db.domains.get(row.clientId))?.missingCount).toBe(3);
  });

  it('rows created locally (no server id) are untouched by listings', async () => {
    h = harness();
    const id = await createRow(h.edits, 'domains', { host: 'new.example.com' });
    for (let i = 0; i < 3; i++) await pullResource(h.ctx, 'domains');
    expect(await h.db.domains.get(id)).toMatchObject({ serverId: null, local: { host: 'new.example.com' } });
  });

  it('a pull keeps local pending changes apart from the new base', async () => {
    h = harness();
    const a = h.service.seedDomain({ host: 'a.example.com' });
    await pullResource(h.ctx, 'domains');
    const row = (await h.db.domains.where('serverId').equals(a.id).first())!;
    await updateRow(h.edits, 'domains', row.clientId, { host: 'mine.example.com' });
    a.custom_index_url = 'https://theirs.example.com/';
    await pullResource(h.ctx, 'domains');
    const after = (await h.db.domains.get(row.clientId))!;
    expect(after.base?.custom_index_url).toBe('https://theirs.example.com/');
    expect(after.local).toEqual({ host: 'mine.example.com' });
  });

  it('stores a listing of several pages in one transaction: a failure on any page stores none of it', async () => {
    h = harness();
    const count = PAGE_SIZE * 2 + 5;
    for (let i = 0; i < count; i++) h.service.seedLink();
    // The pages' keys are written, then the disk fails.
    const bulkPut = h.db.linkPageKeys.bulkPut.bind(h.db.linkPageKeys);
    const failing = (keys: readonly LinkPageKeys[]) =>
      bulkPut(keys).then(() => {
        throw new Error('disk full');
      });
    const spy = vi.spyOn(h.db.linkPageKeys, 'bulkPut').mockImplementation(failing as typeof bulkPut);
    await expect(pullResource(h.ctx, 'links')).rejects.toThrow('disk full');
    expect(await linkRows(h.db).count()).toBe(0);
    expect(await h.db.linkPages.count()).toBe(0);
    spy.mockRestore();
    await pullResource(h.ctx, 'links');
    expect(await linkRows(h.db).count()).toBe(count);
    expect(await h.db.linkPages.count()).toBe(3);
  });

  it('stores none of a listing when a batch of page records fails while the next batch is built', async () => {
    h = harness();
    // Eleven pages: their records go a few pages at a time, each batch written while the next is looked over.
    const count = PAGE_SIZE * 11;
    for (let i = 0; i < count; i++) h.service.seedLink();
    const bulkPut = h.db.linkPageKeys.bulkPut.bind(h.db.linkPageKeys);
    let batches = 0;
    const secondFails = (keys: readonly LinkPageKeys[]) =>
      ++batches === 2
        ? bulkPut(keys).then(() => {
            throw new Error('disk full');
          })
        : bulkPut(keys);
    const spy = vi.spyOn(h.db.linkPageKeys, 'bulkPut').mockImplementation(secondFails as typeof bulkPut);
    await expect(pullResource(h.ctx, 'links')).rejects.toThrow('disk full');
    expect(batches).toBeGreaterThanOrEqual(2);
    expect(await linkRows(h.db).count()).toBe(0);
    expect(await h.db.linkPages.count()).toBe(0);
    expect(await h.db.linkPageKeys.count()).toBe(0);
    expect(await h.db.pageTexts.count()).toBe(0);
    spy.mockRestore();
    await pullResource(h.ctx, 'links');
    expect(await linkRows(h.db).count()).toBe(count);
    expect(await h.db.linkPages.count()).toBe(11);
  });

  it('records click samples so click history is browsable offline', async () => {
    h = harness();
    const link = h.service.seedLink({ clicks: 3 });
    await pullResource(h.ctx, 'links');
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links'); // unchanged count: no new sample needed
    await h.clock.advance(60_000);
    link.clicks = 10;
    await pullResource(h.ctx, 'links');
    const clientId = (await linkRows(h.db).withServerId(link.id))[0]!.clientId;
    const samples = await clickSamplesOf(h.db, clientId);
    expect(samples.map((s) => s.clicks)).toEqual([3, 10]);
    expect(samples.every((s) => s.clientId === clientId)).toBe(true);
    expect(samples[1]!.at - samples[0]!.at).toBe(120_000);
  });

  it('keeps links whose type is not "link" apart, out of the links table', async () => {
    h = harness();
    h.service.seedLink({ url: 'normal' });
    const bio = h.service.seedLink({ type: 'biolink', url: 'bio' });
    await pullResource(h.ctx, 'links');
    expect((await linkRows(h.db).toArray()).map((r) => r.base?.url)).toEqual(['normal']);
    expect(await h.db.otherLinks.toArray()).toMatchObject([{ id: bio.id, row: { type: 'biolink' } }]);
    h.service.rows.links.delete(bio.id);
    await pullResource(h.ctx, 'links');
    expect(await h.db.otherLinks.count()).toBe(0);
  });

  it('keeps a row of another type when the page it is on is listed as stored but read back for a row edited here', async () => {
    h = harness();
    // Pages of 1,000: page 2 holds the other product's row among links.
    for (let i = 0; i < PAGE_SIZE + 10; i++) h.service.seedLink({ email_reports: [] });
    const bio = h.service.seedLink({ type: 'biolink', url: 'bio' });
    await pullResource(h.ctx, 'links');
    expect((await h.db.otherLinks.toArray()).map((other) => other.id)).toEqual([bio.id]);
    // A link on the same page gets a record of its own (an edit waiting to go): the next listing,
    // unchanged on the service, has the pull read that page back.
    const onPage = [...h.service.rows.links.values()].find((link) => link.type === 'link' && link.id < bio.id && link.id > bio.id - 10)!;
    const edited = (await linkRows(h.db).withServerId(onPage.id))[0]!;
    await updateRow(h.edits, 'links', edited.clientId, { location_url: 'https://mine.example/' });
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect((await h.db.otherLinks.toArray()).map((other) => other.id)).toEqual([bio.id]);
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect((await h.db.otherLinks.toArray()).map((other) => other.id)).toEqual([bio.id]);
  });

  it('records the time of the last complete pull', async () => {
    h = harness();
    await pullResource(h.ctx, 'handlers');
    expect((await h.db.syncState.get('lastPull:handlers'))?.value).toBe(h.clock.now());
  });
});
