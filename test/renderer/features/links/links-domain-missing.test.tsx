// @vitest-environment happy-dom
// Links on a domain not in the workspace's Domains list (real deployments' global domains, or a
// domain deleted here): the Short URL cell says so, with the reason as its description, instead of
// a dead Copy; the link detail says the same. Links on listed domains keep their URL and Copy.
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { forgetRememberedState } from '../../../../src-renderer/session/remembered-state.ts';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import { domain, mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';

let session: WorkspaceSession;
beforeAll(async () => {
  session = await openSession();
  const { db } = session.sync;
  await db.domains.bulkPut([
    mirrorRow(domain(5, 'go.brand.test'), { clientId: 'dom-5' }),
    // Deleted here, the delete not yet sent: its links stay until the service deletes them with it.
    mirrorRow(domain(6, 'old.brand.test'), { clientId: 'dom-6', deletedLocally: true }),
  ]);
  await db.links.bulkPut([
    mirrorRow(serverLink(1, { url: 'on-main' }), { clientId: 'l1' }),
    mirrorRow(serverLink(2, { url: 'on-listed', domain_id: 5 }), { clientId: 'l2' }),
    // Domain 77 is in no GET /api/domains: a global domain.
    mirrorRow(serverLink(3, { url: 'on-global', domain_id: 77 }), { clientId: 'l3' }),
    mirrorRow(serverLink(4, { url: 'on-deleted', domain_id: 6 }), { clientId: 'l4' }),
  ]);
});
afterEach(() => {
  cleanup();
  forgetRememberedState();
});

const table = () => screen.getByRole('table', { name: 'Links' });
const rowOf = (alias: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(alias)) as HTMLElement;

describe('links on a domain not in the list', () => {
  it('show "domain not in your list" with the reason instead of a Copy; listed and main-domain links keep theirs', async () => {
    renderWithApi(<LinksScreen session={session} />);
    await waitFor(() => expect(rowOf('on-global')).toBeTruthy());

    const global = rowOf('on-global');
    const badge = within(global).getByText('domain not in your list');
    expect(badge.getAttribute('title')).toMatch(
      /offers to all accounts, which is not in this workspace's Domains list, so Linkdock cannot build its short URL/,
    );
    const open = within(global).getByRole('button', { name: 'on-global, domain not in your list' });
    expect(open.getAttribute('aria-description')).toBe(badge.getAttribute('title'));
    expect(within(global).queryByRole('button', { name: /^Copy/ })).toBeNull();

    // A domain deleted here says that instead (the earlier "bare alias, greyed Copy, no reason" defect).
    // (The deleted domains are their own query: it may answer a moment after the rows show.)
    await waitFor(() => expect(within(rowOf('on-deleted')).queryByText('domain deleted')).toBeTruthy());
    const deleted = rowOf('on-deleted');
    expect(within(deleted).getByText('domain deleted').getAttribute('title')).toMatch(/deleted in this workspace/);
    expect(within(deleted).queryByRole('button', { name: /^Copy/ })).toBeNull();

    expect((within(rowOf('on-listed')).getByRole('button', { name: 'Copy short URL on-listed' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(rowOf('on-listed')).getByRole('button', { name: 'go.brand.test/on-listed' })).toBeTruthy();
    expect((within(rowOf('on-main')).getByRole('button', { name: 'Copy short URL on-main' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the link detail says the same, with no Copy and no QR code', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await waitFor(() => expect(rowOf('on-global')).toBeTruthy());
    await user.click(within(rowOf('on-global')).getByRole('button', { name: 'on-global, domain not in your list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link on-global' });
    expect(within(dialog).getByText('domain not in your list')).toBeTruthy();
    expect(within(dialog).getByText(/offers to all accounts.*cannot build its short URL/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Copy short URL' })).toBeNull();
    expect(within(dialog).getByText('No QR code without a short URL.')).toBeTruthy();
  });
});
