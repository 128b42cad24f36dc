// @vitest-environment happy-dom
// The Links screen over a real mirror of 1,200 links: paging, sorting, filtering, copy, export.
// fake-indexeddb must be global before Dexie loads, or its live queries never fire.
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../../src-preload/contract/index.ts';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { forgetRememberedState } from '../../../../src-renderer/session/remembered-state.ts';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import { choose, domain, mirrorRow, openSession, recordingApi, renderWithApi, serverLink } from './links-harness.tsx';
import { MANY_WAITS } from '../../../support/patience.ts';

const N = 1200;
const clicksOf = (i: number) => (i * 7919) % 1000;

async function seeded(): Promise<WorkspaceSession> {
  const session = await openSession();
  const { db } = session.sync;
  await db.domains.bulkPut([mirrorRow(domain(5, 'go.brand.test'), { clientId: 'dom-5' })]);
  await db.links.bulkPut(
    Array.from({ length: N }, (_, k) => {
      const i = k + 1;
      const base: Link = serverLink(i, {
        clicks: clicksOf(i),
        datetime: new Date(Date.UTC(2023, 0, 1) + i * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
        domain_id: i % 2 === 0 ? 5 : 0,
        settings: { password: i % 10 === 0 ? 'pw' : null, sensitive_content: false },
        start_date: i % 8 === 0 ? '2026-01-01 00:00:00' : null,
      });
      return mirrorRow(base, { clientId: `c${i}`, writeOnly: i % 5 === 0 ? { is_enabled: false } : {} });
    }),
  );
  await db.outbox.add({
    opId: 'op-1',
    resource: 'links',
    rowId: 'c7',
    kind: 'update',
    fields: { location_url: 'https://dest.example/7' },
    base: {},
    state: 'pending',
    rev: 0,
    attempts: 0,
    notBefore: 0,
    error: null,
    conflict: null,
    createdAt: 0,
    sentAt: null,
  });
  return session;
}

const total = () => screen.getByRole('navigation', { name: 'links pages' }).querySelector('.pager-total')?.textContent;
const aliases = () =>
  within(screen.getByRole('table', { name: 'Links' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.short-url')?.textContent?.split('/').at(-1));

let session: WorkspaceSession;
beforeAll(async () => {
  session = await seeded();
});
afterEach(() => {
  cleanup();
  // One session serves every test here: each starts from the list's default search and sort.
  forgetRememberedState();
});

describe('links list', () => {
  it('pages 1,200 links at every page size with totals', MANY_WAITS, async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await waitFor(() => expect(total()).toBe('1–25 of 1,200 links'));
    expect(screen.getByText('Page 1 of 48')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(total()).toBe('26–50 of 1,200 links');
    for (const size of [10, 50, 100, 250, 500, 1000]) {
      await choose(user, 'Per page', String(size));
      expect(total()).toBe(`1–${size.toLocaleString()} of 1,200 links`);
      expect(screen.getByText(`Page 1 of ${Math.ceil(N / size)}`)).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(total()).toBe('1,001–1,200 of 1,200 links');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(total()).toBe('1–1,000 of 1,200 links');
  });

  it('sorts by created, clicks and alias', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await waitFor(() => expect(total()).toBe('1–25 of 1,200 links'));
    expect(aliases().slice(0, 2)).toEqual(['alias-1200', 'alias-1199']);
    await choose(user, 'Sort', 'Oldest first');
    expect(aliases().slice(0, 2)).toEqual(['alias-0001', 'alias-0002']);
    await choose(user, 'Sort', 'Most clicks');
    // clicks(i) = 7919 i mod 1000 is 999 only for i = 321 (and 0 only for i = 1000).
    expect(clicksOf(321)).toBe(999);
    expect(aliases()[0]).toBe('alias-0321');
    await choose(user, 'Sort', 'Fewest clicks');
    expect(aliases()[0]).toBe('alias-1000');
    await choose(user, 'Sort', 'Alias Z–A');
    expect(aliases()[0]).toBe('alias-1200');
    await choose(user, 'Sort', 'Alias A–Z');
    expect(aliases()[0]).toBe('alias-0001');
  });

  it('searches and filters: domain, enabled, scheduled, password, pending', MANY_WAITS, async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await waitFor(() => expect(total()).toBe('1–25 of 1,200 links'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alias-119');
    expect(total()).toBe('1–10 of 10 links');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dest.example/77');
    expect(total()).toBe('1–11 of 11 links');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await choose(user, 'Domain', 'go.brand.test');
    expect(total()).toBe('1–25 of 600 links');
    expect(document.querySelector('.short-url')?.textContent).toMatch(/^go\.brand\.test\/alias-/);
    await choose(user, 'Domain', 's.test');
    expect(total()).toBe('1–25 of 600 links');
    await choose(user, 'Domain', 'All domains');
    await choose(user, 'Enabled', 'Disabled');
    expect(total()).toBe('1–25 of 240 links');
    await choose(user, 'Enabled', 'Any');
    await choose(user, 'Scheduled', 'Scheduled');
    expect(total()).toBe('1–25 of 150 links');
    await choose(user, 'Scheduled', 'Any');
    await choose(user, 'Password', 'Password-protected');
    expect(total()).toBe('1–25 of 120 links');
    await choose(user, 'Password', 'Any');
    await choose(user, 'Sync', 'Pending sync');
    await waitFor(() => expect(total()).toBe('1–1 of 1 link'));
    expect(aliases()).toEqual(['alias-0007']);
    expect(screen.getByText('Pending sync', { selector: '.badge' })).toBeTruthy();
  });

  it('copies a short URL through main', async () => {
    const api = recordingApi();
    const { user } = renderWithApi(<LinksScreen session={session} />, api);
    await waitFor(() => expect(total()).toBe('1–25 of 1,200 links'));
    await user.click(screen.getByRole('button', { name: 'Copy short URL alias-1200' }));
    await user.click(screen.getByRole('button', { name: 'Copy short URL alias-1199' }));
    expect(api.calls.filter((c) => c.name === 'clipboard.writeText').map((c) => c.input)).toEqual([
      { text: 'https://go.brand.test/alias-1200' },
      { text: 'https://s.test/alias-1199' },
    ]);
  });

  it('exports the filtered, sorted list as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await waitFor(() => expect(total()).toBe('1–25 of 1,200 links'));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await choose(user, 'Password', 'Password-protected');
    await choose(user, 'Sort', 'Alias A–Z');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    // The CSV writer (papaparse) loads on first export.
    await waitFor(() => expect(blobs).toHaveLength(1));
    // A byte-order mark first: without it Excel reads UTF-8 as the system's legacy code page.
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<Record<string, string>>(await blobs[0]!.text(), { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(120);
    expect(parsed.data[0]).toEqual({
      short_url: 'https://go.brand.test/alias-0010',
      alias: 'alias-0010',
      destination: 'https://dest.example/10',
      domain: 'go.brand.test',
      clicks: String((10 * 7919) % 1000),
      created: '2023-01-01 10:00:00',
      enabled: 'false',
      scheduled: 'false',
      protected: 'true',
      expired: 'false',
      sync: 'synced',
    });
    expect(parsed.data.map((r) => r.alias)).toEqual([...parsed.data.map((r) => r.alias)].sort());
    vi.restoreAllMocks();
  });
});
