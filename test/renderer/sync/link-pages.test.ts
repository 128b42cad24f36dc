// Links stored a listed page to a record (mirror/link-rows.ts): what a pull reads and writes, how
// rows with a record of their own shadow their page copy, and the upgrade from schema 3.
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../src-preload/contract/index.ts';
import { deleteRow, updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { mirrorDbName, openMirrorDb, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3 } from '../../../src-renderer/sync/mirror/db.ts';
import {
  linkRows,
  linkRowSlices,
  pageDirectory,
  readPageDirectory,
  readPageRecords,
  storedPageHashes,
  type PageDirectory,
} from '../../../src-renderer/sync/mirror/link-rows.ts';
import { clickSamplesOf } from '../../../src-renderer/sync/mirror/click-samples.ts';
import { watchLinkRows, type LinkRowChanges } from '../../../src-renderer/sync/mirror/row-feed.ts';
import { push } from '../../../src-renderer/sync/push.ts';
import { applyLinkListing, pullResource } from '../../../src-renderer/sync/pull.ts';
import { listAll, ListingUnstableError } from '../../../src-renderer/sync/listing.ts';
import { MOST_CLICKED_KEY } from '../../../src-renderer/sync/statistics/most-clicked.ts';
import { harness, readAllPages, settle, type Harness } from './helpers.ts';

let h: Harness;
afterEach(() => h?.db.close());

const PAGE = 1000;
const rowOf = async (serverId: number) => (await linkRows(h.db).withServerId(serverId))[0]!;

/** Page records a pull reads and writes. */
function spyOnPages() {
  const reads = vi.spyOn(h.db.linkPages, 'bulkGet');
  const puts = vi.spyOn(h.db.linkPages, 'put');
  const ownPuts = vi.spyOn(h.db.links, 'bulkPut');
  return {
    pagesRead: () => reads.mock.calls.reduce((sum, [keys]) => sum + keys.length, 0),
    pagesWritten: () => puts.mock.calls.map(([page]) => page.id),
    ownWritten: () => ownPuts.mock.calls.reduce((sum, [rows]) => sum + rows.length, 0),
    restore: () => [reads, puts, ownPuts].forEach((spy) => spy.mockRestore()),
  };
}

describe('pages main finds listed as stored come as their ids only', () => {
  it('a row of such a page edited here takes the listed base under its edit: the page is read back from its stored text', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE * 2 + 5; i++) links.push(h.service.seedLink({ clicks: i % 5, email_reports: [] }));
    await pullResource(h.ctx, 'links');
    const target = links[PAGE + 7]!;
    const { clientId } = await rowOf(target.id);
    await updateRow(h.edits, 'links', clientId, { location_url: 'https://mine.example/' });
    await h.clock.advance(60_000);
    h.service.unchangedPages = 0;
    const result = await pullResource(h.ctx, 'links');
    expect(h.service.unchangedPages).toBe(2);
    expect(result).toMatchObject({ listed: PAGE * 2 + 5, added: 0, removed: 0 });
    expect(await linkRows(h.db).get(clientId)).toMatchObject({
      base: h.service.rows.links.get(target.id),
      local: { location_url: 'https://mine.example/' },
      missingCount: 0,
    });
    const rows = await linkRows(h.db).toArray();
    expect(rows).toHaveLength(PAGE * 2 + 5);
    for (const row of rows) {
      expect(row.missingCount).toBe(0);
      expect(row.base).toEqual(h.service.rows.links.get(row.serverId!));
    }
  });

  it('a page stored anew while the listing was read (another window pulled) fails the pull without losing anything; the next pull applies', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE * 2 + 5; i++) links.push(h.service.seedLink({ clicks: 1 }));
    await pullResource(h.ctx, 'links');
    const listing = await listAll(h.ctx, 'links', 'interactive', undefined, storedPageHashes(await pageDirectory(h.db)));
    expect(listing.unchanged.filter(Boolean)).toHaveLength(2);
    // Meanwhile another pull stores page 2 anew: a link on it was clicked.
    const clicked = links[PAGE + 3]!;
    clicked.clicks = 77;
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    await expect(applyLinkListing(h.ctx, listing.pageRows, listing.pageHashes, listing.pageTexts, undefined, listing.unchanged)).rejects.toBeInstanceOf(
      ListingUnstableError,
    );
    expect((await rowOf(clicked.id)).base?.clicks).toBe(77);
    expect(await linkRows(h.db).count()).toBe(PAGE * 2 + 5);
    await h.clock.advance(60_000);
    await expect(pullResource(h.ctx, 'links')).resolves.toMatchObject({ listed: PAGE * 2 + 5, removed: 0 });
    expect((await rowOf(clicked.id)).base?.clicks).toBe(77);
  });

  it('keeps the rows of other types on them, and their links in the click ranking', async () => {
    h = harness();
    for (let i = 0; i < PAGE * 2; i++) h.service.seedLink({ clicks: i % 7, ...(i === PAGE + 3 ? { type: 'biolink' } : {}) });
    await pullResource(h.ctx, 'links');
    const others = await h.db.otherLinks.toArray();
    expect(others).toHaveLength(1);
    const ranked = (await h.db.syncState.get(MOST_CLICKED_KEY))?.value;
    await h.clock.advance(60_000);
    h.service.unchangedPages = 0;
    await pullResource(h.ctx, 'links');
    expect(h.service.unchangedPages).toBe(1);
    expect((await h.db.otherLinks.toArray()).map(({ id, row }) => ({ id, row }))).toEqual(others.map(({ id, row }) => ({ id, row })));
    expect((await h.db.syncState.get(MOST_CLICKED_KEY))?.value).toEqual(ranked);
  });
});

describe('links stored a page to a record', () => {
  it('a first pull stores each listed page as one record and no link record', async () => {
    h = harness();
    for (let i = 0; i < PAGE * 2 + 5; i++) h.service.seedLink({ clicks: i % 3 });
    await pullResource(h.ctx, 'links');
    expect(await h.db.linkPages.count()).toBe(3);
    expect(await h.db.links.count()).toBe(0);
    const rows = await linkRows(h.db).toArray();
    expect(rows).toHaveLength(PAGE * 2 + 5);
    expect(new Set(rows.map((row) => row.clientId)).size).toBe(PAGE * 2 + 5);
    // Every row reads as a synced copy with its first click sample.
    const one = rows.find((row) => row.serverId === 7)!;
    expect(one).toMatchObject({ serverId: 7, local: {}, writeOnly: {}, deletedLocally: false, missingCount: 0, baseIsProvisional: false });
    expect(one.samples?.clicks).toEqual([(one.base as Link).clicks]);
  });

  it('stores each page as one JSON text of its rows, which reads back as the listed rows', async () => {
    h = harness();
    for (let i = 0; i < PAGE + 5; i++) h.service.seedLink({ clicks: i % 4 });
    await pullResource(h.ctx, 'links');
    // Each page names its text, written as the listing brought it.
    const records = await h.db.linkPages.toArray();
    expect(records.map((page) => [page.rows, page.text, typeof page.textId])).toEqual([
      [undefined, undefined, 'string'],
      [undefined, undefined, 'string'],
    ]);
    const pages = await h.db.transaction('r', h.db.linkPages, h.db.pageTexts, () => readPageRecords(h.db, [1, 2]));
    const stored = pages.flatMap((page) => JSON.parse(page!.text!) as Link[]);
    const listed = [...h.service.rows.links.values()];
    expect(new Map(stored.map((row) => [row.id, row]))).toEqual(new Map(listed.map((row) => [row.id, row])));
    expect((await linkRows(h.db).toArray()).map((row) => row.base)).toEqual(stored);
  });

  it("keeps every field a real deployment's read carries through the page text, and an edit sends only its field", async () => {
    h = harness();
    const link = h.service.seedLink({
      email_reports: [3, 4],
      pixels_ids: [7],
      is_enabled: false,
      project_id: 12,
      user_id: 5,
      last_datetime: '2026-11-20 10:00:00',
      settings: {
        password: null,
        sensitive_content: false,
        utm: { source: 'news', medium: null, campaign: 'été 🚀' },
        cloaking_is_enabled: true,
        cloaking_title: 'Titre « spécial »\n"quoted"',
        targeting_type: 'country_code',
        targeting_country_code: [{ key: 'FR', value: 'https://fr.example/' }],
        is_se_visible: true,
        unknown_feature: { nested: [1, { deep: 'kept' }], empty: '' },
      },
      qr_code: { foreground: '#000000' },
    } as Partial<Link>);
    await pullResource(h.ctx, 'links');
    const other = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    const row = (await linkRows(other).withServerId(link.id))[0]!;
    other.close();
    expect(row.base).toEqual(h.service.rows.links.get(link.id));
    await updateRow(h.edits, 'links', row.clientId, { location_url: 'https://mine.example/' });
    await push(h.ctx);
    const updates = h.service.callsOf('links.update').map((call) => (call.input as { input: Record<string, unknown> }).input);
    // The change, and only what real releases reset when it is left out (link-carry.ts), at the values
    // just read (the targeting marked as read: main's check only, never sent on).
    expect(updates).toHaveLength(1);
    expect(updates[0]!.location_url).toBe('https://mine.example/');
    expect(updates[0]!.targeting_as_read).toBe(true);
    for (const key of Object.keys(updates[0]!))
      expect(['location_url', 'email_reports', 'pixels_ids', 'project_id', 'targeting_type', 'targeting', 'targeting_as_read']).toContain(key);
    expect(h.service.rows.links.get(link.id)).toEqual({ ...row.base, location_url: 'https://mine.example/' });
  });

  it('an edit goes through when the targeting rules set elsewhere are ones the editor would not take, and keeps them', async () => {
    h = harness();
    // Set in the service's web UI: an app-store deep link and a rule with nothing to match. The
    // editor refuses both for what a user types here; the service stores them as they are.
    const rules = [
      { key: 'Android', value: 'market://details?id=com.example.app' },
      { key: '', value: 'https://fallback.example/' },
    ];
    const link = h.service.seedLink({
      email_reports: [],
      is_enabled: true,
      settings: { password: null, sensitive_content: false, targeting_type: 'os_name', targeting_os_name: rules },
    } as Partial<Link>);
    await pullResource(h.ctx, 'links');
    const row = await rowOf(link.id);
    await updateRow(h.edits, 'links', row.clientId, { is_enabled: false });
    await push(h.ctx);
    expect((await h.db.outbox.toArray()).map((op) => op.error?.message)).toEqual([]);
    const stored = h.service.rows.links.get(link.id)!;
    expect(stored.is_enabled).toBe(false);
    // Sent back as read (releases drop rules an update leaves out), marked so for main's check.
    const [update] = h.service.callsOf('links.update').map((call) => (call.input as { input: Record<string, unknown> }).input);
    expect(update).toMatchObject({ is_enabled: false, targeting_type: 'os_name', targeting: { os_name: rules }, targeting_as_read: true });
    // The user's own rules still meet the editor's: a rule typed here with such a destination is refused.
    await expect(updateRow(h.edits, 'links', row.clientId, { targeting_type: 'os_name', targeting: { os_name: rules } })).rejects.toThrow(
      /Destination must be a full http/,
    );
  });

  it('reads pages an older build stored as objects, and stores one as text once it changes', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE * 2; i++) links.push(h.service.seedLink({ clicks: 1 }));
    await pullResource(h.ctx, 'links');
    const before = await linkRows(h.db).toArray();
    // As the build before the text kept them: the rows as objects, no text.
    const read = await h.db.transaction('r', h.db.linkPages, h.db.pageTexts, () => readPageRecords(h.db, [1, 2]));
    await h.db.transaction('rw', h.db.linkPages, h.db.linkPageKeys, h.db.pageTexts, async () => {
      for (const page of read) {
        const { text, ends: _ends, textId: _textId, ...rest } = page!;
        await h.db.linkPages.put({ ...rest, rows: JSON.parse(text!) as Link[] });
        await h.db.linkPageKeys.update(page!.id, { textId: undefined });
      }
      await h.db.pageTexts.clear();
    });
    const fresh = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    expect(await linkRows(fresh).toArray()).toEqual(before);
    fresh.close();
    links[PAGE + 3]!.clicks = 50;
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    const pages = await h.db.linkPages.toArray();
    // The changed page is stored as text (written ahead, and named); the other stays as it was.
    expect(pages.map((page) => [page.id, page.rows === undefined, typeof page.textId])).toEqual([
      [1, false, 'undefined'],
      [2, true, 'string'],
    ]);
    expect(await h.db.pageTexts.count()).toBe(1);
    expect(((await rowOf(links[PAGE + 3]!.id)).base as Link).clicks).toBe(50);
    expect((await linkRows(h.db).toArray()).filter((row) => row.serverId !== links[PAGE + 3]!.id)).toEqual(
      before.filter((row) => row.serverId !== links[PAGE + 3]!.id),
    );
  });

  it('reads rows from more pages at once than it keeps decoded', async () => {
    h = harness();
    for (let i = 0; i < PAGE * 6; i++) h.service.seedLink();
    await pullResource(h.ctx, 'links');
    const other = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    const everyPage = (await other.linkPageKeys.where('id').above(0).toArray()).map((keys) => keys.clientIds[7]!);
    expect(everyPage).toHaveLength(6);
    const rows = await linkRows(other).bulkGet(everyPage);
    expect(rows.map((row) => row?.clientId)).toEqual(everyPage);
    other.close();
  });

  it("reads a paged row's click samples without decoding its page", async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE + 5; i++) links.push(h.service.seedLink({ clicks: 1 }));
    await pullResource(h.ctx, 'links');
    links[3]!.clicks = 9;
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    const row = await rowOf(links[3]!.id);
    const other = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    const parse = vi.spyOn(JSON, 'parse');
    const samples = await clickSamplesOf(other, row.clientId);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    other.close();
    expect(samples.map((sample) => [sample.serverId, sample.clicks])).toEqual([
      [links[3]!.id, 1],
      [links[3]!.id, 9],
    ]);
  });

  it('hands out every row in slices, decoding a page only when its slice is taken', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE + 5; i++) links.push(h.service.seedLink({ email_reports: [] }));
    await pullResource(h.ctx, 'links');
    await updateRow(h.edits, 'links', (await rowOf(links[2]!.id)).clientId, { location_url: 'https://mine.example/' });
    const other = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    const parse = vi.spyOn(JSON, 'parse');
    const slices = await linkRowSlices(other);
    expect(parse).not.toHaveBeenCalled();
    const [own, ...pages] = slices.map((slice) => slice());
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
    expect(own!.map((row) => row.serverId)).toEqual([links[2]!.id]);
    expect(pages.map((rows) => rows.length)).toEqual([PAGE - 1, 5]); // the edited row's page copy is shadowed
    expect([own!, ...pages].flat()).toEqual(await linkRows(other).toArray());
    other.close();
  });

  it('reads one row of a page by parsing that row alone', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE + 5; i++) links.push(h.service.seedLink());
    await pullResource(h.ctx, 'links');
    const { clientId } = await rowOf(links[500]!.id);
    const other = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    const parse = vi.spyOn(JSON, 'parse');
    const row = await linkRows(other).get(clientId);
    const parsed = parse.mock.calls.map(([text]) => String(text).length);
    parse.mockRestore();
    other.close();
    expect(row?.base).toEqual(h.service.rows.links.get(links[500]!.id));
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toBeLessThan(2000);
  });

  it('a second pull with nothing changed reads no page and writes nothing', async () => {
    h = harness();
    for (let i = 0; i < PAGE * 2 + 5; i++) h.service.seedLink({ clicks: i });
    await pullResource(h.ctx, 'links');
    const before = await linkRows(h.db).toArray();
    await h.clock.advance(60_000);
    const spy = spyOnPages();
    const result = await pullResource(h.ctx, 'links');
    // Pages 2 and 3 came as their ids only (main found them as stored); page 1 is a list call.
    expect(h.service.unchangedPages).toBe(2);
    expect(spy.pagesRead()).toBe(0);
    expect(spy.pagesWritten()).toEqual([]);
    expect(spy.ownWritten()).toBe(0);
    spy.restore();
    expect(result).toMatchObject({ listed: PAGE * 2 + 5, added: 0, removed: 0 });
    expect(await linkRows(h.db).toArray()).toEqual(before);
  });

  it('a change on one page reads and writes that page only, with a new click sample', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE * 3; i++) links.push(h.service.seedLink({ clicks: 1 }));
    await pullResource(h.ctx, 'links');
    const changed = links[PAGE + 10]!;
    const clientId = (await rowOf(changed.id)).clientId;
    changed.clicks = 99;
    await h.clock.advance(60_000);
    const spy = spyOnPages();
    await pullResource(h.ctx, 'links');
    expect(spy.pagesRead()).toBe(1);
    expect(spy.pagesWritten()).toHaveLength(1);
    spy.restore();
    const row = await rowOf(changed.id);
    expect(row.clientId).toBe(clientId);
    expect(row.base?.clicks).toBe(99);
    expect(row.samples?.clicks).toEqual([1, 99]);
  });

  it('an edit gives the row a record of its own over its page copy; once the service has it, the record goes', async () => {
    h = harness();
    const link = h.service.seedLink({ url: 'alias', location_url: 'https://a.example/', email_reports: [] });
    await pullResource(h.ctx, 'links');
    const { clientId } = await rowOf(link.id);
    await updateRow(h.edits, 'links', clientId, { location_url: 'https://mine.example/' });
    expect(await h.db.links.get(clientId)).toMatchObject({ local: { location_url: 'https://mine.example/' } });
    link.clicks = 5;
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    // The pull takes the new base under the pending edit.
    expect(await linkRows(h.db).get(clientId)).toMatchObject({ base: { clicks: 5 }, local: { location_url: 'https://mine.example/' } });
    await push(h.ctx);
    expect(h.service.rows.links.get(link.id)?.location_url).toBe('https://mine.example/');
    await pullResource(h.ctx, 'links');
    expect(await h.db.links.get(clientId)).toBeUndefined();
    expect(await linkRows(h.db).get(clientId)).toMatchObject({ local: {}, base: { location_url: 'https://mine.example/', clicks: 5 } });
    expect(await linkRows(h.db).count()).toBe(1);
  });

  it('a row whose record of its own says another base still takes the listed one (a reverted remote change)', async () => {
    h = harness();
    const link = h.service.seedLink({ url: 'first' });
    await pullResource(h.ctx, 'links');
    const row = await rowOf(link.id);
    // Another write sets the row's base (as a push does once the service confirmed a change)…
    await linkRows(h.db).put({ ...row, base: { ...row.base!, url: 'second' } });
    // …and the service is back to what the last pull saw (someone else reverted it): the page is unchanged.
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect((await rowOf(link.id)).base?.url).toBe('first');
    expect(await h.db.links.count()).toBe(0);
  });

  it('a row gone from the service moves off its page, counts its miss, and goes after the second listing without it', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE + 3; i++) links.push(h.service.seedLink());
    await pullResource(h.ctx, 'links');
    const gone = links[PAGE + 1]!;
    const { clientId } = await rowOf(gone.id);
    h.service.rows.links.delete(gone.id);
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect(await h.db.links.get(clientId)).toMatchObject({ serverId: gone.id, missingCount: 1 });
    expect((await readAllPages(h.db)).some((page) => page.clientIds.includes(clientId))).toBe(false);
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect(await linkRows(h.db).get(clientId)).toBeUndefined();
    expect(await linkRows(h.db).count()).toBe(PAGE + 2);
  });

  it('a delete takes the row off its page, and the next pull compares that page row by row', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < 5; i++) links.push(h.service.seedLink());
    await pullResource(h.ctx, 'links');
    const { clientId } = await rowOf(links[2]!.id);
    await deleteRow(h.edits, 'links', clientId);
    await push(h.ctx);
    expect(h.service.rows.links.has(links[2]!.id)).toBe(false);
    expect(await linkRows(h.db).get(clientId)).toBeUndefined();
    expect((await h.db.linkPageKeys.get(1))?.hash).toBe('');
    // Someone makes the same link again under that id's place: it comes back as a new row, once.
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect(await linkRows(h.db).count()).toBe(4);
    expect((await h.db.linkPageKeys.get(1))?.hash).not.toBe('');
  });

  it('a row listed on two pages (the list moved while it was read) is stored once', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < 6; i++) links.push(h.service.seedLink());
    await pullResource(h.ctx, 'links');
    const pages = [links.slice(0, 3), links.slice(2, 6)];
    await applyLinkListing(h.ctx, pages);
    const rows = await linkRows(h.db).toArray();
    expect(rows.map((row) => row.serverId).sort((a, b) => a! - b!)).toEqual(links.map((link) => link.id));
    expect((await h.db.linkPageKeys.get(2))?.hash).toBe('');
  });

  it('the list index hears of the rows a pull changed, as they now are, and nothing of rows only moved onto pages', async () => {
    h = harness();
    const link = h.service.seedLink({ url: 'a', email_reports: [] });
    const other = h.service.seedLink({ url: 'b' });
    await pullResource(h.ctx, 'links');
    const { clientId } = await rowOf(link.id);
    await updateRow(h.edits, 'links', clientId, { location_url: 'https://mine.example/' });
    await push(h.ctx);
    const heard: LinkRowChanges[] = [];
    const stop = watchLinkRows(h.db, (changes) => heard.push(changes));
    other.clicks = 3;
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    await settle();
    stop();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.fromPull).toBe(true);
    expect(heard[0]!.deletes).toEqual([]);
    const told = new Map(heard[0]!.puts.map((row) => [row.serverId, row]));
    expect(told.get(other.id)).toMatchObject({ clicks: 3 });
    // The edited row, pushed, left its record for its page: it reads the same, so nothing to tell.
    expect(told.has(link.id)).toBe(false);
    expect(await h.db.links.get(clientId)).toBeUndefined();
    expect(await linkRows(h.db).get(clientId)).toMatchObject({ local: {}, base: { location_url: 'https://mine.example/' } });
  });

  it('another window reads rows a pull of this one moved onto pages', async () => {
    h = harness();
    const link = h.service.seedLink({ url: 'first' });
    const other = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    try {
      expect(await linkRows(other).count()).toBe(0);
      await pullResource(h.ctx, 'links');
      const { clientId } = await rowOf(link.id);
      expect(await linkRows(other).get(clientId)).toMatchObject({ serverId: link.id });
      h.service.seedLink({ url: 'second' });
      await pullResource(h.ctx, 'links');
      expect(await linkRows(other).count()).toBe(2);
    } finally {
      other.close();
    }
  });
});

describe('the upgrade from schema 3', () => {
  it('keeps every row, operation and sample, and the next pull moves only rows without local state onto pages', async () => {
    const indexedDB = new IDBFactory();
    const v3 = new Dexie(mirrorDbName('up4'), { indexedDB, IDBKeyRange });
    v3.version(1).stores(SCHEMA_V1);
    v3.version(2).stores(SCHEMA_V2);
    v3.version(3).stores(SCHEMA_V3);
    const base = (id: number, extra: Partial<Link> = {}) =>
      ({
        id,
        type: 'link',
        url: `l${id}`,
        location_url: `https://x.example/${id}`,
        domain_id: 0,
        clicks: id,
        datetime: '2026-01-01 00:00:00',
        settings: { password: null, sensitive_content: false },
        ...extra,
      }) as unknown as Link;
    const row = (clientId: string, id: number | null, extra: object = {}) => ({
      clientId,
      serverId: id,
      base: id === null ? null : base(id),
      baseIsProvisional: false,
      local: {},
      writeOnly: {},
      deletedLocally: false,
      missingCount: 0,
      updatedAt: 5,
      samples: id === null ? undefined : { at: [100], clicks: [id] },
      ...extra,
    });
    const rows = [
      row('clean-1', 1),
      row('clean-2', 2),
      row('pending', 3, { local: { location_url: 'https://mine.example/' } }),
      row('failed', 4, { local: { url: 'taken' } }),
      row('conflict', 5, { local: { location_url: 'https://c.example/' } }),
      row('write-only', 6, { writeOnly: { password: 'secret' } }),
      row('created-here', null, { local: { url: 'new', location_url: 'https://new.example/' } }),
    ];
    await v3.table('links').bulkAdd(rows);
    const op = (opId: string, rowId: string, kind: string, state: string, fields: object, extra: object = {}) => ({
      opId,
      resource: 'links',
      rowId,
      kind,
      fields,
      base: {},
      state,
      rev: 0,
      attempts: 1,
      notBefore: 0,
      error: state === 'failed' ? { kind: 'rejected', message: 'That alias is taken.' } : null,
      conflict: null,
      createdAt: 1,
      sentAt: null,
      ...extra,
    });
    await v3.table('outbox').bulkAdd([
      op('o-pending', 'pending', 'update', 'pending', { location_url: 'https://mine.example/' }),
      op('o-failed', 'failed', 'update', 'failed', { url: 'taken' }),
      op(
        'o-conflict',
        'conflict',
        'update',
        'conflict',
        { location_url: 'https://c.example/' },
        {
          conflict: {
            type: 'fields',
            fields: [{ field: 'location_url', base: 'https://x.example/5', mine: 'https://c.example/', theirs: 'https://t.example/' }],
          },
        },
      ),
      op('o-create', 'created-here', 'create', 'pending', { url: 'new', location_url: 'https://new.example/' }),
    ]);
    await v3.table('clickSamples').add({ clientId: 'clean-1', serverId: 1, at: 50, clicks: 0 });
    v3.close();

    h = harness({ db: openMirrorDb('up4', { indexedDB, IDBKeyRange }) });
    await h.db.open();
    expect(h.db.verno).toBe(5);
    const opsBefore = await h.db.outbox.toArray();
    expect(opsBefore).toHaveLength(4);
    const read = new Map((await linkRows(h.db).toArray()).map((r) => [r.clientId, r]));
    for (const r of rows) expect(read.get(r.clientId)).toEqual(r);

    // The service has what the mirror last saw (and nothing of the local create yet).
    for (let id = 1; id <= 6; id++) h.service.rows.links.set(id, { ...base(id), email_reports: [] } as Link);
    await pullResource(h.ctx, 'links');
    expect(await h.db.outbox.toArray()).toEqual(opsBefore);
    const own = (await h.db.links.toArray()).map((r) => r.clientId).sort();
    expect(own).toEqual(['conflict', 'created-here', 'failed', 'pending', 'write-only']);
    expect((await readAllPages(h.db)).flatMap((page) => page.clientIds).sort()).toEqual(['clean-1', 'clean-2', 'conflict', 'failed', 'pending', 'write-only']);
    expect(await linkRows(h.db).get('pending')).toMatchObject({ local: { location_url: 'https://mine.example/' }, base: { id: 3 } });
    expect(await linkRows(h.db).get('write-only')).toMatchObject({ writeOnly: { password: 'secret' } });
    // Samples kept: the row's own, and the records an older build wrote.
    expect((await linkRows(h.db).get('clean-1'))?.samples).toEqual({ at: [100], clicks: [1] });
    expect(await h.db.clickSamples.count()).toBe(1);
  });
});

describe('the page directory a pull leaves', () => {
  it('is the one the stored keys give, whatever rows moved between pages, went or came', async () => {
    h = harness();
    let state = 19;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < PAGE * 2 + 500; i++) h.service.seedLink();
    const sameDirectory = async (step: string) => {
      // The pull's own directory: read without going through the stored keys again.
      const rebuilt = vi.spyOn(h.db.linkPageKeys, 'where');
      const afterPull = await h.db.transaction('r', h.db.linkPageKeys, () => pageDirectory(h.db));
      expect(rebuilt, step).not.toHaveBeenCalled();
      rebuilt.mockRestore();
      const stored = await readPageDirectory(h.db);
      const lookups = (dir: PageDirectory) => ({
        version: dir.version,
        pages: [...dir.keys.keys()],
        pageOf: [...dir.pageOf],
        clientOf: [...dir.clientOf],
        maxServerId: dir.maxServerId,
      });
      expect(lookups(afterPull), step).toEqual(lookups(stored));
      expect([...afterPull.keys.values()], step).toEqual([...stored.keys.values()]);
    };
    for (let round = 0; round < 12; round++) {
      const ids = [...h.service.rows.links.keys()];
      // Rows go (the rest move up a page), come (newest first: onto page 1), or change.
      for (const id of ids) if (next() < 0.08) h.service.rows.links.delete(id);
      const added = Math.floor(next() * 700);
      for (let i = 0; i < added; i++) h.service.seedLink();
      for (const link of h.service.rows.links.values()) if (next() < 0.01) link.clicks += 1;
      await h.clock.advance(60_000);
      await pullResource(h.ctx, 'links');
      await sameDirectory(`round ${round}`);
    }
  });
});
