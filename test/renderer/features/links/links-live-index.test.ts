// @vitest-environment happy-dom
// The live index re-reads only the key range a write touched, and follows every kind of change.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../../src-preload/contract/index.ts';
import { partitionBounds, watchLinkIndex } from '../../../../src-renderer/features/links/live-index.ts';
import type { LinkIndex } from '../../../../src-renderer/features/links/link-index.ts';
import type { MirrorDb, MirrorRow } from '../../../../src-renderer/sync/index.ts';
import { domain, mirrorRow, openSession, serverLink } from './links-harness.tsx';

/** Watches the live index; an error it reports fails the test. */
const watchIndex = (db: MirrorDb, onIndex: (index: LinkIndex) => void) =>
  watchLinkIndex(db, onIndex, (error) => {
    throw error;
  });

const id = (i: number) => `k${String(i).padStart(5, '0')}`;

describe('live link index', () => {
  it('cuts the key space into ranges of about 1,000 rows', () => {
    const keys = Array.from({ length: 2500 }, (_, i) => id(i));
    expect(partitionBounds(keys)).toEqual([id(1000), id(2000)]);
    expect(partitionBounds([])).toEqual([]);
  });

  it('follows updates, creates, deletes and domain changes, reading only the touched range again', async () => {
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
    await vi.waitFor(() => expect(latest?.entries.length).toBe(5000), { timeout: 5000 });
    expect(emissions).toBe(1);

    // One write: only its range is read again (spy on the reads the watch makes).
    const reads = vi.spyOn(db.links, 'where');
    const row = (await db.links.get(id(10))) as MirrorRow<Link>;
    await db.links.put({ ...row, base: { ...row.base!, clicks: 42 } });
    await vi.waitFor(() => expect(entry(id(10))?.clicks).toBe(42));
    expect(reads.mock.calls.length).toBe(1);
    reads.mockRestore();

    await db.links.put(mirrorRow(serverLink(9001, { url: 'fresh' }), { clientId: 'zzz-new' }));
    await vi.waitFor(() => expect(entry('zzz-new')?.alias).toBe('fresh'));
    await db.links.delete(id(2500));
    await vi.waitFor(() => expect(entry(id(2500))).toBeUndefined());
    expect(latest!.entries).toHaveLength(5000);

    // Domain 7 arrives: the link on it gets the domain's key.
    expect(entry(id(4999))?.domainKey).toBe('server:7');
    await db.domains.put(mirrorRow(domain(7, 'go.brand.test'), { clientId: 'dom-7' }));
    await vi.waitFor(() => expect(entry(id(4999))?.domainKey).toBe('dom-7'));
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
    await vi.waitFor(() => expect(latest?.entries.length).toBe(0));
    await db.links.bulkPut([mirrorRow(serverLink(1), { clientId: 'a1' }), mirrorRow(serverLink(2), { clientId: 'b2' })]);
    await vi.waitFor(() => expect(latest?.entries.length).toBe(2));
    watch.stop();
  });

  it('a first pull of many rows is shown from the rows read at once, then watched in ranges', async () => {
    const session = await openSession();
    const { db } = session.sync;
    const emitted: number[] = [];
    let latest: LinkIndex | null = null;
    const watch = watchIndex(db, (index) => {
      latest = index;
      emitted.push(index.entries.length);
    });
    await vi.waitFor(() => expect(latest?.entries.length).toBe(0));
    await db.links.bulkPut(Array.from({ length: 5000 }, (_, i) => mirrorRow(serverLink(i + 1), { clientId: id(i) })));
    await vi.waitFor(() => expect(emitted.filter((n) => n === 5000).length).toBe(2));
    // Shown once from the range that overflowed, once more when the new ranges were read.
    expect(emitted).toEqual([0, 5000, 5000]);
    // Watched in ranges now: a write reads one range again.
    const reads = vi.spyOn(db.links, 'where');
    const row = (await db.links.get(id(10))) as MirrorRow<Link>;
    await db.links.put({ ...row, base: { ...row.base!, clicks: 7 } });
    await vi.waitFor(() => expect(latest?.byClientId.get(id(10))?.clicks).toBe(7));
    expect(reads.mock.calls.length).toBe(1);
    reads.mockRestore();
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
    await vi.waitFor(() => expect(latest).not.toBeNull());
    // Links and a domain in one commit: a range changes (its emission waits) and the domains restart the watch.
    await db.transaction('rw', db.links, db.domains, async () => {
      await db.links.put(mirrorRow(serverLink(1, { domain_id: 3 }), { clientId: 'a1' }));
      await db.domains.put(mirrorRow(domain(3, 'go.brand.test'), { clientId: 'dom-3' }));
    });
    await vi.waitFor(() => expect(latest?.byClientId.get('a1')?.domainKey).toBe('dom-3'));
    await db.links.put(mirrorRow(serverLink(2), { clientId: 'b2' }));
    await vi.waitFor(() => expect(latest?.entries.length).toBe(2));
    watch.stop();
  });
});
