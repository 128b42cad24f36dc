// @vitest-environment happy-dom
// The links screen renders again for what it shows, not for every change of the sync status: the
// status changes with each request (its counts), and a screen that took all of it rendered again
// for each page of a 100-page listing.
import 'fake-indexeddb/auto';
import { Profiler } from 'react';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../../../src-preload/contract/index.ts';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { linkRows } from '../../../../src-renderer/sync/mirror/link-rows.ts';
import type { MirrorRow } from '../../../../src-renderer/sync/index.ts';
import type * as ListModule from '../../../../src-renderer/ui/list/index.ts';
import { mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';

/** Renders of the links table, counted. */
const table = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../../../../src-renderer/ui/list/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ListModule>();
  return {
    ...actual,
    VirtualTable: (props: Parameters<typeof actual.VirtualTable>[0]) => {
      table.renders++;
      return actual.VirtualTable(props);
    },
  };
});

afterEach(() => cleanup());

describe('the links screen', () => {
  it('does not render again when only request counts, the rate-limit window or the last error change', async () => {
    const session = await openSession();
    let commits = 0;
    renderWithApi(
      <Profiler id="links" onRender={() => commits++}>
        <LinksScreen session={session} />
      </Profiler>,
    );
    expect(await screen.findByText(/Not synced yet/, {}, { timeout: 5000 })).toBeTruthy();
    // Whatever the screen still had to settle (its first reads) is done.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const settled = commits;
    const { store } = session.sync;
    for (let i = 1; i <= 5; i++) {
      act(() => {
        store.setState({ requests: { ...store.getState().requests, list: i } });
        store.setState({ rateLimit: { limit: 60, remaining: 60 - i, resetAt: null } });
        store.setState({ lastError: `error ${i}` });
      });
    }
    expect(commits).toBe(settled);
    // What it shows does: the connection names why nothing is listed yet.
    act(() => store.setState({ connection: 'offline' }));
    expect(await screen.findByText(/can’t reach the service/, {}, { timeout: 5000 })).toBeTruthy();
    expect(commits).toBeGreaterThan(settled);
  });

  it('renders the table for a new index without first rendering it again with the old one', async () => {
    const session = await openSession();
    const { db } = session.sync;
    await db.links.bulkPut(Array.from({ length: 30 }, (_, i) => mirrorRow(serverLink(i + 1, { url: `alias-${i + 1}` }), { clientId: `c${i + 1}` })));
    renderWithApi(<LinksScreen session={session} />);
    expect(await screen.findByText('alias-30', {}, { timeout: 5000 })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    table.renders = 0;
    // Another window renames a link: one new index, one render of the table that shows it.
    const row = (await linkRows(db).get('c30')) as MirrorRow<Link>;
    await db.links.put({ ...row, base: { ...row.base!, url: 'renamed' } });
    expect(await screen.findByText('renamed', {}, { timeout: 5000 })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    // One render for the new index, one for the sparklines' read of the changed row (the two may
    // land in one); none of the whole table again with the old index first (that made three).
    expect(table.renders).toBeLessThanOrEqual(2);
  });
});
