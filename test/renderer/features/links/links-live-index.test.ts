// @vitest-environment happy-dom
// The live index follows every kind of change from what was written, never reading rows back.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../../src-preload/contract/index.ts';
import { APPLY_ROWS, watchLinkIndex } from '../../../../src-renderer/features/links/live-index.ts';
import { openMirrorDb } from '../../../../src-renderer/sync/mirror/db.ts';
import { MAX_TOLD_KEYS } from '../../../../src-renderer/sync/mirror/row-feed.ts';
import { buildIndex, sortPositions, type LinkIndex } from '../../../../src-renderer/features/links/link-index.ts';
import type { MirrorDb, MirrorRow } from '../../../../src-renderer/sync/index.ts';
import { domain, mirrorRow, openSession, serverLink } from './links-harness.tsx';
import { linkRows } from '../../../../src-renderer/sync/mirror/link-rows.ts';
import { openWorkspaceSync } from '../../../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../../../src-renderer/sync/locks.ts';
import { FakeService } from '../../sync/fake-service.ts';
import { freshDb, manualClock, sequentialIds } from '../../sync/helpers.ts';
import { patient } from '../../../support/patience.ts';

/** Watches the live index; an error it reports fails the test. */
const watchIndex = (db: MirrorDb, onIndex: (index: LinkIndex) => void) =>
  watchLinkIndex(db, onIndex, (error) => {
    throw error;
  });

const id = (i: number) => `k${String(i).padStart(5, '0')}`;

/** Every way the watch could read link rows back, counted. */
function spyOnReads(db: MirrorDb) {
  const spies = (['where', 'orderBy', 'get', 'bulkGet', 'toArray', 'toCollection', 'each'] as const).map((method) => vi.spyOn(db.links, method));
  return { count: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0), restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

describe('live link index', () => {
  it('follows updates, creates, deletes and domain changes from what was written, reading no row back', async () => {
    const session = await openSession();
    const { db } = session.sync;
    await db.links.bulkPut(
      Array.from({ length: 5000 }, (_, i) => mirrorRow(serverLink(i + 1, { url: `a${i}`, domain_id: i === 4999 ? 7 : 0 }), { clientId: id(i) })),
    );
    let latest: LinkIndex | null = null;
    let emissions = 0;
    const watch = watchIndex(db, (index) => {
      latest = index;
      emissions++;
    });
    const entry = (key: string) => latest?.byClientId.get(key);
    await vi.waitFor(() => expect(latest?.entries.length).toBe(5000), patient);
    expect(emissions).toBe(1);

    const row = (await linkRows(db).get(id(10))) as MirrorRow<Link>;
    const reads = spyOnReads(db);
    await db.links.put({ ...row, base: { ...row.base!, clicks: 42 } });
    await vi.waitFor(() => expect(entry(id(10))?.clicks).toBe(42), patient);
    await db.links.put(mirrorRow(serverLink(9001, { url: 'fresh' }), { clientId: 'zzz-new' }));
    await vi.waitFor(() => expect(entry('zzz-new')?.alias).toBe('fresh'), patient);
    await db.links.delete(id(2500));
    await vi.waitFor(() => expect(entry(id(2500))).toBeUndefined(), patient);
    expect(latest!.entries).toHaveLength(5000);
    expect(reads.count()).toBe(0);
    reads.restore();

    // Domain 7 arrives: the link on it gets the domain's key.
    expect(entry(id(4999))?.domainKey).toBe('server:7');
    await db.domains.put(mirrorRow(domain(7, 'go.brand.test'), { clientId: 'dom-7' }));
    await vi.waitFor(() => expect(entry(id(4999))?.domainKey).toBe('dom-7'), patient);
    watch.stop();
  });

  it('tells nothing of a transaction that did not commit', async () => {
    const session = await openSession();
    const { db } = session.sync;
    let latest: LinkIndex | null = null;
    const watch = watchIndex(db, (index) => {
      latest = index;
    });
    await vi.waitFor(() => expect(latest?.entries.length).toBe(0), patient);
    await expect(
      db.transaction('rw', db.links, async () => {
        await db.links.put(mirrorRow(serverLink(1), { clientId: 'a1' }));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.links.put(mirrorRow(serverLink(2), { clientId: 'b2' }));
    await vi.waitFor(() => expect(latest?.entries.map((e) => e.clientId)).toEqual(['b2']), patient);
    watch.stop();
  });

  it('reads only the rows another window wrote', async () => {
    const factory = new IDBFactory();
    const here = openMirrorDb('two-windows', { indexedDB: factory, IDBKeyRange });
    const there = openMirrorDb('two-windows', { indexedDB: factory, IDBKeyRange });
    await here.links.bulkPut(Array.from({ length: 50 }, (_, i) => mirrorRow(serverLink(i + 1), { clientId: id(i) })));
    let latest: LinkIndex | null = null;
    const watch = watchIndex(here, (index) => {
      latest = index;
    });
    await vi.waitFor(() => expect(latest?.entries.length).toBe(50), patient);
    const getMany = vi.spyOn(here.links, 'bulkGet');
    const row = (await there.links.get(id(3))) as MirrorRow<Link>;
    await there.links.put({ ...row, base: { ...row.base!, url: 'renamed' } });
    await there.links.delete(id(4));
    await vi.waitFor(() => expect(latest?.byClientId.get(id(3))?.alias).toBe('renamed'), patient);
    await vi.waitFor(() => expect(latest?.byClientId.get(id(4))).toBeUndefined(), patient);
    expect(getMany.mock.calls.map((call) => call[0])).toEqual([[id(3)], [id(4)]]);
    watch.stop();
    here.close();
    there.close();
  });

  it('reads everything again, a page at a time, after another window changed more rows than it tells by key', async () => {
    const factory = new IDBFactory();
    const here = openMirrorDb('two-windows-many', { indexedDB: factory, IDBKeyRange });
    const there = openMirrorDb('two-windows-many', { indexedDB: factory, IDBKeyRange });
    let latest: LinkIndex | null = null;
    const watch = watchIndex(here, (index) => {
      latest = index;
    });
    await vi.waitFor(() => expect(latest?.entries.length).toBe(0), patient);
    const getMany = vi.spyOn(here.links, 'bulkGet');
    const many = MAX_TOLD_KEYS + 1;
    await there.links.bulkPut(Array.from({ length: many }, (_, i) => mirrorRow(serverLink(i + 1), { clientId: id(i) })));
    await vi.waitFor(() => expect(latest?.entries.length).toBe(many), patient);
    expect(getMany).not.toHaveBeenCalled();
    watch.stop();
    here.close();
    there.close();
  });
});

describe('live link index and a kept copy', () => {
  it('holds the entries of the index its listener keeps (the stored copy), not a second set', async () => {
    const session = await openSession();
    const { db } = session.sync;
    await db.links.bulkPut(Array.from({ length: 3000 }, (_, i) => mirrorRow(serverLink(i + 1, { url: `a${i}` }), { clientId: id(i) })));
    const { fromColumns, toColumns } = await import('../../../../src-renderer/features/links/index-snapshot.ts');
    let kept: LinkIndex | null = null;
    let latest: LinkIndex | null = null;
    const watch = watchLinkIndex(
      db,
      (index) => {
        latest = index;
        if (kept) return;
        // What link-source does when the stored copy was right: keeps the copy.
        kept = fromColumns(structuredClone(toColumns(index)));
        return kept!;
      },
      (error) => {
        throw error;
      },
    );
    await vi.waitFor(() => expect(kept).not.toBeNull(), patient);
    const row = (await db.links.get(id(10))) as MirrorRow<Link>;
    await db.links.put({ ...row, base: { ...row.base!, clicks: 42 } });
    await vi.waitFor(() => expect(latest?.byClientId.get(id(10))?.clicks).toBe(42), patient);
    // Every other entry of the next index is the kept copy's own object.
    const copy = kept as unknown as LinkIndex;
    const next = latest as unknown as LinkIndex;
    expect(next.entries.filter((e, i) => e !== copy.entries[i])).toEqual([next.byClientId.get(id(10))]);
    watch.stop();
  });
});

describe('live link index from an empty mirror', () => {
  it('sees the first rows arrive', async () => {
    const session = await openSession();
    const { db } = session.sync;
    let latest: LinkIndex | null = null;
    const watch = watchIndex(db, (index) => {
      latest = index;
    });
    await vi.waitFor(() => expect(latest?.entries.length).toBe(0), patient);
    await db.links.bulkPut([mirrorRow(serverLink(1), { clientId: 'a1' }), mirrorRow(serverLink(2), { clientId: 'b2' })]);
    await vi.waitFor(() => expect(latest?.entries.length).toBe(2), patient);
    watch.stop();
  });

  it('a first pull of many rows is shown from the rows written, once, without reading them back', async () => {
    const session = await openSession();
    const { db } = session.sync;
    const emitted: number[] = [];
    let latest: LinkIndex | null = null;
    const watch = watchIndex(db, (index) => {
      latest = index;
      emitted.push(index.entries.length);
    });
    await vi.waitFor(() => expect(latest?.entries.length).toBe(0), patient);
    const reads = spyOnReads(db);
    await db.links.bulkPut(Array.from({ length: APPLY_ROWS * 2 + 10 }, (_, i) => mirrorRow(serverLink(i + 1), { clientId: id(i) })));
    await vi.waitFor(() => expect(latest?.entries.length).toBe(APPLY_ROWS * 2 + 10), patient);
    expect(emitted).toEqual([0, APPLY_ROWS * 2 + 10]);
    expect(reads.count()).toBe(0);
    reads.restore();
    watch.stop();
  });
});

describe('live link index sorts before it hands over', () => {
  it('hands over each index sorted as the last one was, so the render that shows it sorts nothing', async () => {
    const session = await openSession();
    const { db } = session.sync;
    await db.links.bulkPut(Array.from({ length: 50 }, (_, i) => mirrorRow(serverLink(i + 1, { url: `z${(i * 7) % 50}` }), { clientId: id(i) })));
    const handed: { index: LinkIndex; orders: string[] }[] = [];
    const watch = watchIndex(db, (index) => void handed.push({ index, orders: [...index.orders.keys()] }));
    await vi.waitFor(() => expect(handed).toHaveLength(1), patient);
    // Nothing sorted yet: the list's default order (newest first).
    expect(handed[0]!.orders).toEqual(['created', 'created:desc']);
    // The screen sorts by alias, then a link arrives.
    sortPositions(handed[0]!.index, 'alias', 'asc');
    await db.links.put(mirrorRow(serverLink(51, { url: 'a-new' }), { clientId: 'new' }));
    await vi.waitFor(() => expect(handed).toHaveLength(2), patient);
    const next = handed[1]!;
    expect(next.orders).toEqual(['created', 'created:desc', 'alias']);
    // The order it carries is the one a fresh sort gives.
    const fresh = buildIndex([...next.index.entries], next.index.domains);
    expect([...next.index.orders.get('alias')!]).toEqual([...sortPositions(fresh, 'alias', 'asc')]);
    expect(next.index.entries[next.index.orders.get('alias')![0]!]?.alias).toBe('a-new');
    watch.stop();
  });
});

describe('live link index restarts', () => {
  it('keeps emitting after a domain change lands while ranges wait to be put together', async () => {
    const session = await openSession();
    const { db } = session.sync;
    let latest: LinkIndex | null = null;
    const watch = watchIndex(db, (index) => {
      latest = index;
    });
    await vi.waitFor(() => expect(latest).not.toBeNull(), patient);
    // Links and a domain in one commit: a range changes (its emission waits) and the domains restart the watch.
    await db.transaction('rw', db.links, db.domains, async () => {
      await db.links.put(mirrorRow(serverLink(1, { domain_id: 3 }), { clientId: 'a1' }));
      await db.domains.put(mirrorRow(domain(3, 'go.brand.test'), { clientId: 'dom-3' }));
    });
    await vi.waitFor(() => expect(latest?.byClientId.get('a1')?.domainKey).toBe('dom-3'), patient);
    await db.links.put(mirrorRow(serverLink(2), { clientId: 'b2' }));
    await vi.waitFor(() => expect(latest?.entries.length).toBe(2), patient);
    watch.stop();
  });
});

describe('live link index over a first sync', () => {
  it('reads no link row back: domains and handlers are listed before links, so no domain lands after them', async () => {
    const service = new FakeService();
    const brand = service.seedDomain();
    for (let i = 0; i < 3; i++) service.seedLink({ domain_id: brand.id });
    service.seedHandler();
    const db = freshDb();
    // Every read of all link rows goes through the pages' table (link-rows.ts linkRowSlices).
    const readsAll = vi.spyOn(db.linkPages, 'toArray');
    let latest: LinkIndex | null = null;
    const watch = watchIndex(db, (index) => {
      latest = index;
    });
    await vi.waitFor(() => expect(latest).not.toBeNull(), patient);
    const sync = await openWorkspaceSync({
      workspaceId: 'first-sync',
      api: service.api,
      db,
      clock: manualClock(),
      newId: sequentialIds(),
      locks: createLocalLockManager(),
      storage: null,
    });
    await sync.engine.idle();
    await vi.waitFor(() => expect(latest?.entries.map((entry) => entry.domainKey)).toEqual(Array(3).fill(expect.not.stringMatching(/^server:/))), patient);
    expect(service.calls.map((call) => call.name).filter((name) => name.endsWith('.list'))).toEqual(['domains.list', 'handlers.list', 'links.list']);
    // Every read of all rows found no page of links (when the watch began, and when the domains
    // landed): a domain landing after the links would have read every row again.
    const read = await Promise.all(readsAll.mock.results.map((result) => result.value as Promise<unknown[]>));
    expect(read.length).toBeGreaterThan(0);
    expect(read.map((pages) => pages.length)).toEqual(read.map(() => 0));
    watch.stop();
    sync.close();
  });
});
