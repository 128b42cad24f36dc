// Page texts written as a links listing brings them (page-staging.ts): the pull's transaction
// names them; a listing or transaction that fails, a crash, or another window's pull dropping
// them never loses a row or leaves texts behind. Columns built ahead are used only while their
// rows are still new to the mirror.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../src-preload/contract/index.ts';
import { createRow, deleteRow } from '../../../src-renderer/sync/local-edits.ts';
import { listAll } from '../../../src-renderer/sync/listing.ts';
import { isQuotaError, openMirrorDb } from '../../../src-renderer/sync/mirror/db.ts';
import { linkRows, pageDirectory, readPageRecords } from '../../../src-renderer/sync/mirror/link-rows.ts';
import { startPageStaging } from '../../../src-renderer/sync/page-staging.ts';
import { push } from '../../../src-renderer/sync/push.ts';
import { applyLinkListing, pullResource } from '../../../src-renderer/sync/pull.ts';
import { harness, readAllPages, type Harness } from './helpers.ts';
import { idsOf, isTextPage } from '../../../src-renderer/sync/listed-pages.ts';
import { linkListRow } from '../../../src-renderer/sync/mirror/link-list-row.ts';
import { watchLinkRows, type LinkRowChanges } from '../../../src-renderer/sync/mirror/row-feed.ts';
import { patient } from '../../support/patience.ts';

let h: Harness;
afterEach(() => h?.db.close());

const PAGE = 1000;

/** The server's links as the mirror should read them: id → base. */
const serverBases = () => new Map([...h.service.rows.links.values()].map((link) => [link.id, link]));
const mirrorBases = async () => new Map((await linkRows(h.db).toArray()).map((row) => [row.serverId, row.base as Link]));

/** Text ids the page records name, and the texts stored. */
async function texts() {
  const named = (await h.db.linkPages.toArray()).map((page) => page.textId).filter((id) => id !== undefined);
  const stored = (await h.db.pageTexts.toCollection().primaryKeys()) as string[];
  return { named: named.sort(), stored: stored.sort() };
}

const byClientId = (a: { clientId: string }, b: { clientId: string }) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0);

function seed(count: number) {
  for (let i = 0; i < count; i++) h.service.seedLink({ clicks: i % 5 });
}

describe('page texts written as the listing brings them', () => {
  it('a first pull stores each page naming a text and columns written ahead, and writes neither in its transaction', async () => {
    h = harness();
    seed(PAGE * 3 + 10);
    const put = vi.spyOn(h.db.linkPages, 'put');
    const bulkPut = vi.spyOn(h.db.linkPages, 'bulkPut');
    await pullResource(h.ctx, 'links');
    expect(put).not.toHaveBeenCalled();
    expect(bulkPut.mock.calls.flatMap(([pages]) => pages.map((page) => [page.id, page.text, page.clientIds, page.samples, typeof page.textId]))).toEqual([
      [1, undefined, undefined, undefined, 'string'],
      [2, undefined, undefined, undefined, 'string'],
      [3, undefined, undefined, undefined, 'string'],
      [4, undefined, undefined, undefined, 'string'],
    ]);
    const { named, stored } = await texts();
    expect(stored).toEqual(named);
    expect(named).toHaveLength(4);
    expect(await mirrorBases()).toEqual(serverBases());
  });

  it('a second pull with nothing changed writes no text; a change on one page writes that one and drops the one it replaces', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE * 2; i++) links.push(h.service.seedLink());
    await pullResource(h.ctx, 'links');
    const first = await texts();
    const staged = vi.spyOn(h.db.pageTexts, 'put');
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect(staged).not.toHaveBeenCalled();
    expect(await texts()).toEqual(first);

    // Newest first: the last seeded links are on page 1.
    links[0]!.clicks = 9;
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect(staged).toHaveBeenCalledTimes(1);
    const after = await texts();
    expect(after.stored).toEqual(after.named);
    expect(after.named).toHaveLength(2);
    expect(after.named.filter((id) => first.named.includes(id))).toHaveLength(1);
    expect(await mirrorBases()).toEqual(serverBases());
  });

  it('a listing that fails part way leaves no text behind and the mirror as it was', async () => {
    h = harness({ pageConcurrency: 1 });
    seed(PAGE * 2);
    await pullResource(h.ctx, 'links');
    const before = await linkRows(h.db).toArray();
    const kept = await texts();
    for (const link of h.service.rows.links.values()) link.clicks += 1;
    h.service.fail({ match: (name, input) => name === 'links.list' && input.page === 2, error: { kind: 'server', message: 'Bad gateway', status: 502 } });
    await h.clock.advance(60_000);
    await expect(pullResource(h.ctx, 'links')).rejects.toThrow('Bad gateway');
    expect(await texts()).toEqual(kept);
    expect(await linkRows(h.db).toArray()).toEqual(before);
  });

  it('a pull whose transaction fails leaves no text behind and the mirror as it was', async () => {
    h = harness();
    seed(PAGE + 3);
    const failing = vi.spyOn(h.db.otherLinks, 'bulkPut').mockRejectedValueOnce(new Error('disk gone'));
    await expect(pullResource(h.ctx, 'links')).rejects.toThrow('disk gone');
    failing.mockRestore();
    expect(await h.db.pageTexts.count()).toBe(0);
    expect(await h.db.linkPages.count()).toBe(0);
    await pullResource(h.ctx, 'links');
    expect(await mirrorBases()).toEqual(serverBases());
  });

  it('texts a crash left (written, never named) go with the next pull, which loses nothing', async () => {
    h = harness();
    seed(PAGE * 2 + 1);
    await pullResource(h.ctx, 'links');
    for (const link of h.service.rows.links.values()) link.clicks += 2;
    // The app dies after the listing wrote its texts, before its transaction.
    const staging = startPageStaging(h.ctx, await pageDirectory(h.db));
    await listAll(h.ctx, 'links', 'background', staging.onPage);
    expect((await staging.settled()).size).toBe(3);
    expect((await texts()).stored).toHaveLength(6);
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    const { named, stored } = await texts();
    expect(stored).toEqual(named);
    expect(named).toHaveLength(3);
    expect(await mirrorBases()).toEqual(serverBases());
  });

  it("stores a page with its text when another window's pull dropped the one written ahead", async () => {
    h = harness();
    seed(PAGE * 2);
    const staging = startPageStaging(h.ctx, await pageDirectory(h.db));
    const listing = await listAll(h.ctx, 'links', 'background', staging.onPage);
    const staged = await staging.settled();
    // Another window's pull names none of this listing's texts, so it drops them.
    await h.db.pageTexts.bulkDelete([...staged.values()].map((entry) => entry.id));
    await applyLinkListing(h.ctx, listing.pageRows, listing.pageHashes, listing.pageTexts, staged);
    const pages = await h.db.linkPages.toArray();
    expect(pages.map((page) => [typeof page.text, page.textId])).toEqual([
      ['string', undefined],
      ['string', undefined],
    ]);
    expect(await mirrorBases()).toEqual(serverBases());
    // A reload reads the same.
    const fresh = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    expect(await linkRows(fresh).toArray()).toEqual(await linkRows(h.db).toArray());
    fresh.close();
  });

  it('a delete on a page rewrites it holding its text and drops the text record', async () => {
    h = harness();
    seed(PAGE + 2);
    await pullResource(h.ctx, 'links');
    const victim = (await linkRows(h.db).toArray()).find((row) => row.serverId === 5)!;
    const pageBefore = (await readAllPages(h.db)).find((page) => page.clientIds.includes(victim.clientId))!;
    expect(pageBefore.textId).toBeDefined();
    await deleteRow(h.edits, 'links', victim.clientId);
    // The service confirms the delete: the row goes off its page.
    await push(h.ctx);
    expect(h.service.rows.links.has(5)).toBe(false);
    const pageAfter = (await h.db.linkPages.get(pageBefore.id))!;
    expect(pageAfter.textId).toBeUndefined();
    expect(typeof pageAfter.text).toBe('string');
    expect(await h.db.pageTexts.get(pageBefore.textId!)).toBeUndefined();
    // Every other row of the page reads as before.
    const read = await h.db.transaction('r', h.db.linkPages, h.db.pageTexts, () => readPageRecords(h.db, [pageBefore.id]));
    expect(read[0]!.clientIds).toEqual(pageBefore.clientIds.filter((id) => id !== victim.clientId));
    expect(await linkRows(h.db).get(victim.clientId)).toBeUndefined();
    expect(await mirrorBases()).toEqual(serverBases());
  });

  it('a full disk while writing a text ahead fails the pull as a full disk, leaving the mirror as it was', async () => {
    h = harness();
    seed(PAGE * 2);
    const full = vi.spyOn(h.db.pageTexts, 'put').mockRejectedValueOnce(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const failure = await pullResource(h.ctx, 'links').catch((error: unknown) => error);
    expect(isQuotaError(failure)).toBe(true);
    full.mockRestore();
    expect(await h.db.pageTexts.count()).toBe(0);
    expect(await h.db.linkPages.count()).toBe(0);
  });

  it('a text that could not be written ahead for another reason is stored with its page', async () => {
    h = harness();
    seed(PAGE * 2);
    vi.spyOn(h.db.pageTexts, 'put').mockRejectedValueOnce(new Error('write refused'));
    await pullResource(h.ctx, 'links');
    const pages = await h.db.linkPages.toArray();
    expect(pages.filter((page) => page.textId === undefined && typeof page.text === 'string')).toHaveLength(1);
    expect(pages.filter((page) => page.textId !== undefined && page.text === undefined)).toHaveLength(1);
    expect(await mirrorBases()).toEqual(serverBases());
  });

  it('a page naming a text that is gone is an error, never an empty page', async () => {
    h = harness();
    seed(10);
    await pullResource(h.ctx, 'links');
    await h.db.pageTexts.clear();
    await expect(linkRows(h.db).toArray()).rejects.toThrow('The text of link page 1 is missing');
  });
});

describe('page columns built as the listing brings them', () => {
  /** Server id → client id of every link row, failing on a server id held twice. */
  async function clientIdsByServer(db = h.db) {
    const byServer = new Map<number, string>();
    for (const row of await linkRows(db).toArray()) {
      if (row.serverId === null) continue;
      expect(byServer.has(row.serverId), `server id ${row.serverId} held twice`).toBe(false);
      byServer.set(row.serverId, row.clientId);
    }
    return byServer;
  }

  it('a first pull names columns written with each text; every row reads as a pull stores a new link, a reload too', async () => {
    h = harness();
    seed(PAGE * 2 + 3);
    await pullResource(h.ctx, 'links');
    const records = await h.db.pageTexts.toArray();
    expect(records.map((text) => text.columns?.clientIds.length)).toEqual(expect.arrayContaining([PAGE, PAGE, 3]));
    const rows = await linkRows(h.db).toArray();
    expect(rows).toHaveLength(PAGE * 2 + 3);
    for (const row of rows) {
      const link = h.service.rows.links.get(row.serverId!)!;
      expect(row).toEqual({
        clientId: row.clientId,
        serverId: link.id,
        base: link,
        baseIsProvisional: false,
        local: {},
        writeOnly: {},
        deletedLocally: false,
        missingCount: 0,
        updatedAt: h.clock.now(),
        samples: { at: [h.clock.now()], clicks: [link.clicks] },
      });
    }
    expect(new Set(rows.map((row) => row.clientId)).size).toBe(rows.length);
    const fresh = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    expect(await linkRows(fresh).toArray()).toEqual(rows);
    fresh.close();
  });

  it('leave the listing holding each such page as its ids and text; the list is told each row as the pull stored it', async () => {
    h = harness();
    seed(PAGE * 2 + 3);
    // The clock's yield a timer task, as in the app (the harness's resolves before any timer): the
    // last page's caller is told after its listing has read everything.
    const ctx = { ...h.ctx, clock: { ...h.ctx.clock, sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } };
    const staging = startPageStaging(ctx, await pageDirectory(h.db));
    const listing = await listAll(ctx, 'links', 'background', staging.onPage);
    await staging.discard();
    // (Page 1 came decoded, from a list call: kept so.)
    expect(listing.pageRows.map((page) => page !== undefined && isTextPage(page))).toEqual([false, true, true]);
    expect(listing.pageRows.map((page) => idsOf(page!).length)).toEqual([PAGE, PAGE, 3]);
    const heard: LinkRowChanges[] = [];
    const stop = watchLinkRows(h.db, (changes) => heard.push(changes));
    await pullResource(h.ctx, 'links');
    const rows = (await linkRows(h.db).toArray()).map(linkListRow).sort(byClientId);
    // Told once the pull's transaction has committed: the telling is awaited, not a time.
    await vi.waitFor(() => expect(heard.flatMap((changes) => changes.puts).sort(byClientId)).toEqual(rows), patient);
    stop();
  });

  it("are not used when another window's pull stored those rows meanwhile: each row keeps that pull's client id, once", async () => {
    h = harness();
    seed(PAGE + 5);
    const staging = startPageStaging(h.ctx, await pageDirectory(h.db));
    const listing = await listAll(h.ctx, 'links', 'background', staging.onPage);
    const staged = await staging.settled();
    expect([...staged.values()].every((entry) => entry.built !== undefined)).toBe(true);
    // Another window pulls the same links first; its pull drops these texts as unnamed, and this
    // listing's writes land after it (as a page's write may, when the other pull ends mid-listing).
    // Clicks moved since this listing, so its pages are not the ones that pull stored.
    const ours = await h.db.pageTexts.toArray();
    for (const link of h.service.rows.links.values()) link.clicks += 1;
    await pullResource(h.ctx, 'links');
    const theirs = await clientIdsByServer();
    await h.db.pageTexts.bulkPut(ours);
    await applyLinkListing(h.ctx, listing.pageRows, listing.pageHashes, listing.pageTexts, staged);
    expect(await clientIdsByServer()).toEqual(theirs);
    expect(await mirrorBases()).toEqual(new Map(listing.rows.map((link) => [link.id, link])));
    const { named, stored } = await texts();
    expect(stored).toEqual(named);
  });

  it.each(['unknown', 'sending'] as const)(
    'are not used for a page with a row a create left %s may own: that create keeps its row, and the link is one row',
    async (state) => {
      h = harness();
      seed(PAGE + 5);
      const clientId = await createRow(h.edits, 'links', { location_url: 'https://dest.test/mine', url: 'mine' });
      await h.db.outbox.toCollection().modify({ state, sentAt: h.clock.now() });
      // The create reached the service; its answer never came back.
      const made = h.service.seedLink({ url: 'mine', location_url: 'https://dest.test/mine' });
      await pullResource(h.ctx, 'links');
      const byServer = await clientIdsByServer();
      const mine = (await linkRows(h.db).get(clientId))!;
      if (state === 'unknown') {
        expect(mine.serverId).toBe(made.id);
        expect(byServer.get(made.id)).toBe(clientId);
        expect(byServer.size).toBe(PAGE + 6);
      } else {
        // Its sender may still hear back: the listed row waits, not added as a row of its own.
        expect(mine.serverId).toBeNull();
        expect(byServer.has(made.id)).toBe(false);
        expect(byServer.size).toBe(PAGE + 5);
      }
      const { named, stored } = await texts();
      expect(stored).toEqual(named);
    },
  );
});
