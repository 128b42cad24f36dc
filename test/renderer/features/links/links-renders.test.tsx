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
import type * as HistoriesModule from '../../../../src-renderer/features/links/use-click-histories.ts';
import { patient } from '../../../support/patience.ts';
import { mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';

/**
 * What the links table was handed each time its parent rendered it: the rows, and the click
 * histories the parent read in the same render (the columns' cells close over them). A render of
 * the table's own state (its width, the virtualizer) keeps the same props object and is not one.
 */
interface Handed {
  props: object;
  rows: unknown;
  histories: unknown;
  empty: unknown;
  selectedKey: unknown;
}
const seen = vi.hoisted(() => ({ handed: [] as Handed[], histories: undefined as unknown }));
vi.mock('../../../../src-renderer/ui/list/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ListModule>();
  return {
    ...actual,
    VirtualTable: (props: Parameters<typeof actual.VirtualTable>[0]) => {
      if (seen.handed.at(-1)?.props !== props) {
        seen.handed.push({ props, rows: props.rows, histories: seen.histories, empty: props.empty, selectedKey: props.selectedKey });
      }
      return actual.VirtualTable(props);
    },
  };
});
vi.mock('../../../../src-renderer/features/links/use-click-histories.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof HistoriesModule>();
  return {
    useClickHistories: (...args: Parameters<typeof actual.useClickHistories>) => (seen.histories = actual.useClickHistories(...args)),
  };
});

/** Whether the table was handed exactly what it had the time before: a render that showed nothing new. */
const repeats = (a: Handed, b: Handed): boolean => a.rows === b.rows && a.histories === b.histories && a.empty === b.empty && a.selectedKey === b.selectedKey;

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
    expect(await screen.findByText(/Not synced yet/, {}, patient)).toBeTruthy();
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
    expect(await screen.findByText(/can’t reach the service/, {}, patient)).toBeTruthy();
    expect(commits).toBeGreaterThan(settled);
  });

  it('renders the table for a new index without first rendering it again with the old one', async () => {
    const session = await openSession();
    const { db } = session.sync;
    await db.links.bulkPut(Array.from({ length: 30 }, (_, i) => mirrorRow(serverLink(i + 1, { url: `alias-${i + 1}` }), { clientId: `c${i + 1}` })));
    renderWithApi(<LinksScreen session={session} />);
    expect(await screen.findByText('alias-30', {}, patient)).toBeTruthy();
    const before = seen.handed.length;
    // Another window renames a link: the table renders with the new index. Whatever else reaches
    // it meanwhile (the sparklines' read of the changed row, a first read still landing on a busy
    // machine) brings something new; the old index alone, handed again, was the bug (~20 ms of the
    // task at 100,000 links), whenever it comes.
    const row = (await linkRows(db).get('c30')) as MirrorRow<Link>;
    await db.links.put({ ...row, base: { ...row.base!, url: 'renamed' } });
    expect(await screen.findByText('renamed', {}, patient)).toBeTruthy();
    const handed = seen.handed.slice(before - 1);
    expect(handed.length).toBeGreaterThan(1);
    const again = handed.slice(1).filter((h, i) => repeats(h, handed[i]!));
    expect(again).toHaveLength(0);
  });
});
