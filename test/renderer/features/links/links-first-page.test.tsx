// @vitest-environment happy-dom
// A reload of a large mirror paints the stored first page (newest first, with the whole list's
// total) before the index is read, and the live index then takes over; the rows' sparklines come
// from one click-history read per page.
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_KEY, firstPageOf, readFirstPage, SNAPSHOT_KEY, writeSnapshot } from '../../../../src-renderer/features/links/index-snapshot.ts';
import { indexRows } from '../../../../src-renderer/features/links/link-index.ts';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOW = Date.UTC(2026, 5, 1);
const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
/** Link i was created i minutes after 2024-01-01; every 10th is deleted here (its delete pending). */
const rows = (count: number) =>
  Array.from({ length: count }, (_, k) => mirrorRow(serverLink(k + 1, { datetime: at(k + 1) }), { clientId: `c${k + 1}`, deletedLocally: (k + 1) % 10 === 0 }));
const total = () => screen.getByRole('navigation', { name: 'links pages' }).querySelector('.pager-total')?.textContent;

describe('first page of the default list', () => {
  it('keeps the newest rows and counts the whole list, hiding deletes unless stuck', () => {
    const index = indexRows(rows(3000), [], NOW);
    const first = firstPageOf(index, new Map(), 5);
    expect(first.total).toBe(2700);
    expect(first.index.entries.map((e) => e.clientId)).toEqual(['c2999', 'c2998', 'c2997', 'c2996', 'c2995']);
    // A delete the service refused stays listed, so it counts and shows.
    const stuck = firstPageOf(index, new Map([['c3000', 'failed']]), 2);
    expect(stuck.total).toBe(2701);
    expect(stuck.index.entries.map((e) => e.clientId)).toEqual(['c3000', 'c2999']);
  });

  it('is stored beside the index copy, and both are dropped when the mirror becomes small', async () => {
    const { sync } = await openSession();
    await writeSnapshot(sync.db, indexRows(rows(2500), [], NOW), new Map());
    const stored = await readFirstPage(sync.db);
    expect(stored?.total).toBe(2250);
    expect(stored?.index.entries).toHaveLength(100);
    expect(stored?.index.entries[0]?.alias).toBe('alias-2499');
    expect(await sync.db.syncState.get(SNAPSHOT_KEY)).toBeDefined();

    await writeSnapshot(sync.db, indexRows(rows(10), [], NOW), new Map());
    expect(await sync.db.syncState.get(SNAPSHOT_KEY)).toBeUndefined();
    expect(await sync.db.syncState.get(FIRST_PAGE_KEY)).toBeUndefined();
    expect(await readFirstPage(sync.db)).toBeNull();
  });

  it('paints the stored first page at once, then the live index replaces it', async () => {
    const session = await openSession();
    const { db } = session.sync;
    // The stored page says 2,700 links; the mirror now holds 30 (say, rows went away since).
    await db.links.bulkPut(rows(30));
    const stale = firstPageOf(indexRows(rows(3000), [], NOW), new Map());
    await db.syncState.put({
      key: FIRST_PAGE_KEY,
      value: { total: stale.total, rows: (await import('../../../../src-renderer/features/links/index-snapshot.ts')).toColumns(stale.index) },
    });

    // The live index starts by reading the domains: hold that read until the stored page is on
    // screen, so a busy machine cannot let the live index land before the first paint (the
    // deferred render would then skip the stored page, and the test would see only the live one).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const toArray = db.domains.toArray.bind(db.domains);
    vi.spyOn(db.domains, 'toArray').mockImplementation(() => held.then(() => toArray()) as ReturnType<typeof toArray>);

    renderWithApi(<LinksScreen session={session} />);
    await waitFor(() => expect(total()).toBe('1–25 of 2,700 links'));
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('alias-2999');
    release();
    // No stored index copy: the rows are read and the live index takes over.
    await waitFor(() => expect(total()).toBe('1–25 of 27 links'));
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('alias-0029');
  });
});

describe('row sparklines', () => {
  it('draws each row’s click history', async () => {
    const session = await openSession();
    const { db } = session.sync;
    await db.links.bulkPut(rows(3));
    await db.clickSamples.bulkPut([1, 2, 3].flatMap((n) => [{ clientId: 'c2', serverId: 2, at: n * 1000, clicks: n * 5 }]));
    await db.clickSamples.bulkPut([
      { clientId: 'c3', serverId: 3, at: 1000, clicks: 1 },
      { clientId: 'c3', serverId: 3, at: 2000, clicks: 4 },
    ]);
    renderWithApi(<LinksScreen session={session} />);
    expect(await screen.findByRole('img', { name: 'Click history: 3 samples' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Click history: 2 samples' })).toBeTruthy();
    // A row with a single sample (or none) has no line to draw.
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });
});
