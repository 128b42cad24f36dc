import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../src-preload/contract/index.ts';
import { updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { openMirrorDb } from '../../../src-renderer/sync/mirror/db.ts';
import { otherLinkWrites } from '../../../src-renderer/sync/mirror/row-feed.ts';
import { IDBKeyRange } from 'fake-indexeddb';
import { harness, type Harness } from './helpers.ts';

let h: Harness;
afterEach(() => h?.db.close());

const PAGE = 1000;
const rowOf = async (serverId: number) => (await h.db.links.where('serverId').equals(serverId).first())!;

/** Link rows a pull reads from the mirror (whole-table reads and reads by key). */
function countRowReads() {
  let rows = 0;
  const bulkGet = h.db.links.bulkGet.bind(h.db.links);
  const spies = [
    vi.spyOn(h.db.links, 'bulkGet').mockImplementation((keys) => {
      rows += keys.length;
      return bulkGet(keys);
    }),
  ];
  const scans = [vi.spyOn(h.db.links, 'orderBy'), vi.spyOn(h.db.links, 'toArray'), vi.spyOn(h.db.links, 'each')];
  return {
    rows: () => rows,
    scans: () => scans.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    restore: () => [...spies, ...scans].forEach((spy) => spy.mockRestore()),
  };
}

describe('a second pull against the last pull’s digest', () => {
  it('with nothing changed reads no row back and writes nothing', async () => {
    h = harness();
    for (let i = 0; i < PAGE * 2 + 5; i++) h.service.seedLink({ clicks: i });
    await pullResource(h.ctx, 'links');
    const before = await h.db.links.toArray();
    await h.clock.advance(60_000);
    const reads = countRowReads();
    const put = vi.spyOn(h.db.links, 'bulkPut');
    const result = await pullResource(h.ctx, 'links');
    expect(reads.scans()).toBe(0);
    expect(reads.rows()).toBe(0);
    expect(put.mock.calls.every(([rows]) => rows.length === 0)).toBe(true);
    reads.restore();
    expect(result).toMatchObject({ listed: PAGE * 2 + 5, added: 0, removed: 0 });
    expect(await h.db.links.toArray()).toEqual(before);
  });

  it('reads only the rows of a page that changed, and applies the change', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE * 3; i++) links.push(h.service.seedLink({ clicks: 1 }));
    await pullResource(h.ctx, 'links');
    const changed = links[PAGE + 10]!;
    changed.clicks = 99;
    await h.clock.advance(60_000);
    const reads = countRowReads();
    await pullResource(h.ctx, 'links');
    expect(reads.scans()).toBe(0);
    expect(reads.rows()).toBe(PAGE);
    reads.restore();
    const row = await rowOf(changed.id);
    expect(row.base?.clicks).toBe(99);
    expect(row.samples?.clicks).toEqual([1, 99]);
  });

  it('is not trusted once anything else wrote links: a reverted remote change still reaches the mirror', async () => {
    h = harness();
    const link = h.service.seedLink({ url: 'first' });
    await pullResource(h.ctx, 'links');
    const row = await rowOf(link.id);
    // Another write sets the row's base (as a push does once the service confirmed a change)…
    await h.db.links.put({ ...row, base: { ...row.base!, url: 'second' } });
    // …and the service is back to what the last pull saw (someone else reverted it).
    await h.clock.advance(60_000);
    const reads = countRowReads();
    await pullResource(h.ctx, 'links');
    expect(reads.scans()).toBeGreaterThan(0);
    reads.restore();
    expect((await rowOf(link.id)).base?.url).toBe('first');
  });

  it('is not trusted after an edit, and keeps the edit on top of the new base', async () => {
    h = harness();
    const link = h.service.seedLink({ url: 'alias', location_url: 'https://a.example/', email_reports: [] });
    await pullResource(h.ctx, 'links');
    await updateRow(h.edits, 'links', (await rowOf(link.id)).clientId, { location_url: 'https://mine.example/' });
    link.clicks = 5;
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    const row = await rowOf(link.id);
    expect(row.base?.clicks).toBe(5);
    expect(row.local).toEqual({ location_url: 'https://mine.example/' });
  });

  it('still counts misses: a row gone from the service goes after two listings without it', async () => {
    h = harness();
    const links: Link[] = [];
    for (let i = 0; i < PAGE + 3; i++) links.push(h.service.seedLink());
    await pullResource(h.ctx, 'links');
    const gone = links[PAGE + 1]!;
    h.service.rows.links.delete(gone.id);
    await h.clock.advance(60_000);
    await pullResource(h.ctx, 'links');
    expect((await rowOf(gone.id)).missingCount).toBe(1);
    await h.clock.advance(60_000);
    const reads = countRowReads();
    await pullResource(h.ctx, 'links');
    // Both pages as the last pull left them: only the missed row is read, to be counted again.
    expect(reads.scans()).toBe(0);
    expect(reads.rows()).toBe(1);
    reads.restore();
    expect(await h.db.links.where('serverId').equals(gone.id).count()).toBe(0);
    expect(await h.db.links.count()).toBe(PAGE + 2);
  });

  it('is not trusted once another window wrote links', async () => {
    h = harness();
    const link = h.service.seedLink({ url: 'first' });
    await pullResource(h.ctx, 'links');
    const other = openMirrorDb(h.db.name.replace(/^linkdock-mirror-/, ''), { indexedDB: h.db._options.indexedDB as IDBFactory, IDBKeyRange });
    const row = await rowOf(link.id);
    const writes = otherLinkWrites(h.db);
    await other.links.put({ ...row, base: { ...row.base!, url: 'second' } });
    await vi.waitFor(() => expect(otherLinkWrites(h.db)).toBe(writes + 1));
    const reads = countRowReads();
    await pullResource(h.ctx, 'links');
    expect(reads.scans()).toBeGreaterThan(0);
    reads.restore();
    expect((await rowOf(link.id)).base?.url).toBe('first');
    other.close();
  });
});
