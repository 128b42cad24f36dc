// @vitest-environment happy-dom
// Acting on links from the list: multi-select (enable, disable, delete), pinning, Ctrl+C on the
// focused row, the detail's copy buttons, and the tray cache kept in step with the mirror.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrayCache } from '../../../../src-preload/contract/index.ts';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { PINNED_KEY } from '../../../../src-renderer/features/links/link-source.ts';
import { TrayCacheSync } from '../../../../src-renderer/features/links/TrayCacheUpdater.tsx';
import { showToast } from '../../../../src-renderer/ui/index.ts';
import { domain, mirrorRow, openSession, recordingApi, renderWithApi, serverLink } from './links-harness.tsx';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

/** Links as real deployments read them (reports shown), unless `documentOnly`. */
async function seeded(count = 30, documentOnly = false) {
  const session = await openSession();
  const real = documentOnly ? {} : { email_reports: [], is_enabled: true };
  await session.sync.db.domains.put(mirrorRow(domain(5, 'go.brand.test'), { clientId: 'dom-5' }));
  await session.sync.db.links.bulkPut(
    Array.from({ length: count }, (_, k) =>
      mirrorRow(
        serverLink(k + 1, {
          url: `l${String(k + 1).padStart(2, '0')}`,
          domain_id: k % 2 ? 5 : 0,
          datetime: `2026-01-01 10:${String(k).padStart(2, '0')}:00`,
          ...real,
        }),
        { clientId: `c${k + 1}` },
      ),
    ),
  );
  return session;
}

const opsOf = async (session: Awaited<ReturnType<typeof seeded>>) => (await session.sync.db.outbox.toArray()).map((op) => [op.rowId, op.kind, op.fields]);

describe('list actions', () => {
  it('selects a page and disables, enables or deletes (after confirming) every selected link', MANY_WAITS, async () => {
    const session = await seeded(30);
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await screen.findByRole('button', { name: 'Edit l30' });
    await user.click(screen.getByRole('checkbox', { name: 'Select l30' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select l29' }));
    const bar = screen.getByRole('region', { name: 'Selected links' });
    expect(bar.textContent).toContain('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Disable' }));
    await waitFor(async () =>
      expect((await opsOf(session)).sort()).toEqual([
        ['c29', 'update', { is_enabled: false }],
        ['c30', 'update', { is_enabled: false }],
      ]),
    );
    await waitFor(() => expect(screen.getAllByText('Disabled', { selector: '.badge' })).toHaveLength(2));
    // The toast says what happened, and Undo switches them back (a new edit on the pending one).
    const disabled = await screen.findByRole('alertdialog', { name: /Disabled 2 links/ });
    await user.click(within(disabled).getByRole('button', { name: 'Undo' }));
    await waitFor(async () =>
      expect((await opsOf(session)).sort()).toEqual([
        ['c29', 'update', { is_enabled: true }],
        ['c30', 'update', { is_enabled: true }],
      ]),
    );
    await waitFor(() => expect(screen.queryAllByText('Disabled', { selector: '.badge' })).toHaveLength(0));

    await user.click(screen.getByRole('checkbox', { name: 'Select page' }));
    expect(screen.getByRole('region', { name: 'Selected links' }).textContent).toContain('25 selected');
    await user.click(within(screen.getByRole('region', { name: 'Selected links' })).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete links?' });
    expect(confirm.textContent).toContain('Delete 25 selected links?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect((await session.sync.db.outbox.toArray()).filter((op) => op.kind === 'delete')).toHaveLength(25));
    // Deleted rows leave the list at once (their deletes are pending).
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'links pages' }).textContent).toContain('1–5 of 5 links'));
    // The deletes wait in the outbox while the toast offers Undo; Undo brings every link back.
    const deleted = await screen.findByRole('alertdialog', { name: /Deleted 25 links/ });
    expect((await session.sync.db.outbox.toArray()).filter((op) => op.kind === 'delete').every((op) => op.notBefore > Date.now())).toBe(true);
    await user.click(within(deleted).getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await session.sync.db.outbox.toArray()).filter((op) => op.kind === 'delete')).toHaveLength(0));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'links pages' }).textContent).toContain('1–25 of 30 links'));
    await screen.findByRole('alertdialog', { name: /Restored 25 links/ });
  });

  it('asks before bulk disabling links whose reports the service does not show, and says what it will send', async () => {
    const session = await seeded(3, true);
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select l03' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected links' })).getByRole('button', { name: 'Disable' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Replace e-mail reports?' });
    expect(ask.textContent).toContain('does not show which notification handlers get e-mail reports');
    expect(await opsOf(session)).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Disable and clear reports' }));
    await waitFor(async () => expect(await opsOf(session)).toEqual([['c3', 'update', { is_enabled: false, email_reports: [] }]]));
  });

  it('pins a link (kept in the mirror) and Ctrl+C copies the focused row’s short URL', async () => {
    const session = await seeded(3);
    const api = recordingApi();
    const { user } = renderWithApi(<LinksScreen session={session} />, api);
    await user.click(await screen.findByRole('button', { name: 'Pin l02' }));
    await waitFor(async () => expect((await session.sync.db.syncState.get(PINNED_KEY))?.value).toEqual(['c2']));
    expect(await screen.findByRole('button', { name: 'Unpin l02' })).toBeTruthy();

    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('dest.example/2'))!;
    // A toast on screen (an alert dialog, beside the page) does not switch the page's keys off.
    act(() => void showToast({ title: 'Something happened' }));
    await screen.findByRole('alertdialog', { name: 'Something happened' });
    act(() => row.focus());
    fireEvent.keyDown(row, { key: 'c', ctrlKey: true });
    await waitFor(() => expect(api.calls.filter((c) => c.name === 'clipboard.writeText').map((c) => c.input)).toEqual([{ text: 'https://go.brand.test/l02' }]));
    // Not while typing in a field.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    act(() => search.focus());
    fireEvent.keyDown(search, { key: 'c', ctrlKey: true });
    expect(api.calls.filter((c) => c.name === 'clipboard.writeText')).toHaveLength(1);
  });

  it('opens the detail on Enter with both copy buttons', async () => {
    const session = await seeded(2);
    const api = recordingApi();
    const { user } = renderWithApi(<LinksScreen session={session} />, api);
    await screen.findByRole('button', { name: 'Edit l01' });
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('dest.example/1'))!;
    act(() => row.focus());
    fireEvent.keyDown(row, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Link l01' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy short URL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy destination' }));
    expect(api.calls.filter((c) => c.name === 'clipboard.writeText').map((c) => c.input)).toEqual([
      { text: 'https://s.test/l01' },
      { text: 'https://dest.example/1' },
    ]);
  });
});

describe('tray cache', () => {
  it('sends the 10 newest and the pinned links with short URLs, the domains and the sync status, again when the mirror changes', async () => {
    const session = await seeded(14);
    await session.sync.db.syncState.put({ key: PINNED_KEY, value: ['c1', 'gone'] });
    const api = recordingApi();
    renderWithApi(<TrayCacheSync session={session} />, api);
    const caches = () => api.calls.filter((c) => c.name === 'tray.updateCache').map((c) => c.input as TrayCache);
    await waitFor(() => expect(caches()).toHaveLength(1));
    const first = caches()[0]!;
    expect(first.workspaceId).toBe(session.workspace.id);
    expect(first.recent).toHaveLength(10);
    // Newest first: link k was created k minutes after 10:00.
    expect(first.recent.map((l) => l.label)).toEqual(['l14', 'l13', 'l12', 'l11', 'l10', 'l09', 'l08', 'l07', 'l06', 'l05']);
    expect(first.recent[0]).toEqual({ id: 'c14', label: 'l14', shortUrl: 'https://go.brand.test/l14' });
    expect(first.pinned).toEqual([{ id: 'c1', label: 'l01', shortUrl: 'https://s.test/l01' }]);
    expect(first.status).toEqual({ online: false, pending: 0, problems: 0 });
    // The domains the Shorten window offers, by server id.
    expect(first.domains).toEqual([{ id: 5, host: 'go.brand.test', scheme: 'https://' }]);

    await session.sync.links.create({ location_url: 'https://new.example/', url: 'fresh' });
    await waitFor(() => expect(caches().at(-1)?.recent[0]?.label).toBe('fresh'));
    expect(caches().at(-1)?.recent[0]?.shortUrl).toBe('https://s.test/fresh');
  });
});
